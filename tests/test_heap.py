"""The rules core fits the board: .mpy files replay a 30-deal match in a 25 KiB heap.

24 KiB until the core checked each line's JSON itself (issue 10: MicroPython's
json reads lines that CPython's refuses) and read files in bounded pieces:
some 1.3 KiB of code for the check, 0.5 KiB for the reader; the replay needs
about 24.75 KiB since.
"""

import json
import pathlib

from host_tools.common import ROOT, compile_file, compile_tree, run_micropython
from host_tools.logs.replay import replay

MATCH = ROOT / "tests" / "fixtures" / "brouc-etivaz-30-deals.jsonl"


def test_core_replays_a_30_deal_match_from_mpy_in_25k(tmp_path):
    compile_tree(ROOT / "firmware" / "scoring", tmp_path / "scoring")
    compile_file(ROOT / "host_tools" / "bench" / "mp_replay.py", tmp_path / "mp_replay.mpy")
    result = run_micropython(
        ["-m", "mp_replay", str(MATCH)], heap="25k", path=[tmp_path], timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout) == replay(MATCH)
    assert not list(pathlib.Path(tmp_path).rglob("*.py")), "only .mpy files were loaded"


def test_fixture_is_a_30_deal_match():
    deals = [line for line in MATCH.read_text().splitlines() if '"ev":"deal"' in line]
    assert len(deals) >= 30
