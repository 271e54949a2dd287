"""The rules core fits the board: .mpy files replay a 30-deal match in a 25 KiB heap,
and a refusal needs little more heap than the fold of its log.

24 KiB until the core checked each line's JSON itself (issue 10: MicroPython's
json reads lines that CPython's refuses) and read files in bounded pieces:
some 1.3 KiB of code for the check, 0.5 KiB for the reader; the replay needs
about 24.75 KiB since.
"""

import importlib
import json
import pathlib

import pytest

from host_tools.bench import refusals
from host_tools.common import ROOT, compile_file, compile_tree, run_micropython
from host_tools.logs.replay import replay
from scoring import LogError, fold_lines, reasons
from scoring.match import Refused, line
from tests.support.proof import FULL

TIER = "slow micropython"

MATCH = ROOT / "tests" / "fixtures" / "brouc-etivaz-30-deals.jsonl"


def test_core_replays_a_30_deal_match_from_mpy_in_25k(tmp_path):
    compile_tree(ROOT / "firmware" / "scoring", tmp_path / "scoring")
    compile_file(ROOT / "host_tools" / "bench" / "mp_replay.py", tmp_path / "mp_replay.mpy")
    result = run_micropython(["-m", "mp_replay", MATCH], heap="25k", path=[tmp_path], timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout) == replay(MATCH)
    assert not list(pathlib.Path(tmp_path).rglob("*.py")), "only .mpy files were loaded"


# The heap a fold leaves in use, the log handed in by its path.
IN_USE = """
import gc, sys
from scoring import fold_lines
with open(sys.argv[1], "rb") as log:
    match = fold_lines(log)
gc.collect()
print(gc.mem_alloc())
"""


def test_a_heap_limited_run_needs_the_same_heap_from_any_folder(tmp_path):
    """Issue 31 item 18: the German Brusquembelle correction fitted 120 KiB from
    one folder, not from one deeper (pytest-xdist's popen-gw0/...). Every path a
    run holds costs heap; run_micropython hands the same short names to a
    heap-limited run from any folder, so the same run leaves the same heap in use."""
    in_use = []
    for depth in (1, 120):
        folder = tmp_path / ("d" * depth)
        compile_tree(ROOT / "firmware" / "scoring", folder / "scoring")
        log = folder / "match.jsonl"
        log.write_bytes(MATCH.read_bytes())
        result = run_micropython(["-c", IN_USE, log], heap="64k", path=[folder], timeout=120)
        assert result.returncode == 0, result.stdout + result.stderr
        in_use.append(int(result.stdout))
    assert in_use[0] == in_use[1], in_use


def test_a_heap_limited_run_takes_its_paths_as_paths():
    with pytest.raises(TypeError, match="pathlib.Path"):
        run_micropython(["-m", "mp_replay", str(MATCH)], heap="25k")


def test_fixture_is_a_30_deal_match():
    deals = [line for line in MATCH.read_text().splitlines() if '"ev":"deal"' in line]
    assert len(deals) >= 30


# The keys whose refusal needed the most beyond the fold: deal_open (11 KiB
# before the texts were small strings loaded after a collection, 3 until
# only the part holding its key was), unknown_event and points_sum (4
# then), first_match and pairs_four (1 since); a match won; every key under
# make proof.
FEW = ["deal_open", "no_counterstrike", "match_again", "rank_all_played", "match_won"]
FEW += ["first_match", "unknown_event", "points_sum", "pairs_four"]


def test_a_refusal_needs_little_more_heap_than_its_fold(tmp_path):
    """The table of host_tools/bench/refusals.py: for each refusal key, the heap
    the fold of its log needs and the heap its refusal needs (bisected), at
    most BOUND_KIB apart (issue 20's target, TARGET_KIB)."""
    rows = refusals.measure(tmp_path, None if FULL else FEW)
    assert len(rows) == (len(refusals.cases()) if FULL else len(FEW))
    table = "\n".join("%-20s %4d lines  fold %2d KiB  refusal %2d KiB" % row for row in rows)
    print("\n" + table)
    over = [row for row in rows if row[3] - row[2] > refusals.BOUND_KIB]
    assert not over, table


def test_every_refusal_key_has_a_log_refused_with_it():
    keys = [key for key, _, _ in refusals.cases()]
    assert keys == reasons.KEYS.decode().split()
    for key, folded, refused in refusals.cases():
        if folded:
            fold_lines(folded)
        with pytest.raises(LogError) as caught:
            fold_lines(refused)
        assert caught.value.line == len(refused), key
        # The core's own text for that key, its values filled in.
        head = english(key).split("%")[0]
        assert caught.value.reason.startswith(head), (key, caught.value.reason)


def english(key):
    """The English text of refusal `key`, from the part that holds it."""
    part = importlib.import_module("scoring.reasons_%d" % (len(key) % 5))
    return line(part.TEXT, part.KEYS, key)


def test_each_reason_is_in_the_part_its_key_names():
    """str() of a Refused reads its text from scoring/reasons_<len(key) % 5>.py
    alone: each part holds the keys of its length, each with its text."""
    keys = reasons.KEYS.decode().split()
    held = []
    for number in range(5):
        part = importlib.import_module("scoring.reasons_%d" % number)
        assert part.TEXT.count("\n") == part.KEYS.count(b"\n") - 1, number
        for key in part.KEYS.decode().split():
            assert len(key) % 5 == number, key
            held.append(key)
    assert sorted(held) == sorted(keys)
    assert str(Refused("match_won", "B")) == "the match is won by team B: only undo is accepted"
