"""Proof 5: no file makes the host tools print a traceback.

`ardoise slate` (the summary, --csv, --png) and `ardoise tournament`
(host_tools/logs/) read match logs from players' boards and laptops.
Their contract: exit 0, or exit 1 with the reason on stderr and nothing on
stdout. The rules core is the oracle for which is which: a log that
scoring.fold_lines folds must be summarised, written as CSV and drawn (exit
0); a log it refuses must be refused with the core's own `line N: reason`
(prefixed with the file's name in the tournament).

Valid logs (every game, played card by card, with and without player
names) are mutated as in tests/test_proof_fuzz.py, or replaced by random
text; the tools run in-process under hypothesis, then a bounded number of
times as real commands.

    .venv/bin/python -m pytest --hypothesis-profile=proof tests/test_proof_tools.py

runs about ten times as many.
"""

import contextlib
import csv
import io
import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_tools.common import ROOT
from host_tools.logs import slate, tournament
from scoring import LogError, Match, Refused, fold_lines
from tests.proof import mutations
from tests.proof.brouc_table import RULES, play_match
from tests.support.proof import FULL

TIER = "slow"

SUMMARIES = 5_000 if FULL else 500
TEXTS = 2_000 if FULL else 200
DRAWINGS = 200 if FULL else 15  # pillow takes a few tenths of a second a drawing
RANKINGS = 2_000 if FULL else 200
COMMAND_RUNS = 100 if FULL else 10

LOGS = ROOT / "tests" / "logs"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Names as a board or a host tool writes them: accents, one repeated now and then.
PLAYERS = ("Anne", "Björn", "Zoé", "Luc", "Ève", "Marc-André", "O'Neil", "Anne")


def named(data, rng):
    """The log with one of PLAYERS a seat in its match event (the tournament needs names)."""
    lines = data.split(b"\n")
    try:
        header = json.loads(lines[0])
        seats = Match(header).game.seats
    except (ValueError, RecursionError, Refused):
        return data  # no match event to name anyone in
    header["names"] = rng.sample(PLAYERS, seats)
    return b"\n".join([json.dumps(header, ensure_ascii=False).encode()] + lines[1:])


def corpus():
    """Every hand-written log of tests/logs (three games, refused ones too) and played matches."""
    logs = [path.read_bytes() for path in sorted(LOGS.rglob("*.jsonl"))]
    for seed, rules in enumerate(RULES):
        # Cut short: the tools copy the match at every event, and drawings grow with it.
        lines = play_match(seed, rules).lines[:120]
        logs.append("\n".join(lines).encode() + b"\n")
    rng = random.Random(0)
    return logs + [named(data, rng) for data in logs]


def refused(data):
    """The core's LogError for a log, or None if it folds."""
    try:
        fold_lines(io.BytesIO(data).readlines())
    except LogError as error:
        return error
    return None


def refusal(data):
    """The core's `line N: reason` for a log, or None if it folds."""
    error = refused(data)
    return None if error is None else str(error)


CORPUS = corpus()
VALID = [data for data in CORPUS if refused(data) is None]


def mutated(rng):
    """A corpus log with one to four mutations, its players renamed now and then.

    The core refuses most of them.
    """
    data = mutations.mutated(rng, CORPUS)
    return named(data, rng) if rng.random() < 0.2 else data


def accepted(rng):
    """A mutated log cut just before the first line the core refuses: odd, yet valid."""
    data = mutated(rng)
    error = refused(data)
    if error is not None:
        data = b"".join(io.BytesIO(data).readlines()[: error.line - 1])
    if refused(data) is None:
        return data
    # Nothing left but a refused match event: a valid log cut short instead.
    lines = io.BytesIO(rng.choice(VALID)).readlines()
    return b"".join(lines[: rng.randrange(1, len(lines) + 1)])


def a_log(rng, valid):
    return accepted(rng) if valid else mutated(rng)


# -- the contract ---------------------------------------------------------------


def run(main, *arguments):
    """(exit code, stdout, stderr) of a tool's main(); anything it raises fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(argument) for argument in arguments])
    return code, out.getvalue(), err.getvalue()


def check_slate(folder, data, drawing=False):
    """The slate tool on `data`: the summary and the CSV (or the drawing), as the core says."""
    log, table, picture = folder / "log.jsonl", folder / "deals.csv", folder / "slate.png"
    log.write_bytes(data)
    for path in (table, picture):
        path.unlink(missing_ok=True)
    output = ("--png", picture) if drawing else ("--csv", table)
    code, out, err = run(slate.main, log, *output)
    refused = refusal(data)
    if refused is not None:
        assert (code, out, err) == (1, "", refused + "\n")
        return
    assert code == 0 and err == "" and out.strip(), (code, err)
    if drawing:
        assert picture.read_bytes().startswith(PNG_SIGNATURE)
    else:
        with open(table, newline="", encoding="utf-8") as rows:
            assert list(csv.reader(rows))


def check_tournament(folder, logs):
    """The tournament tool on the logs in turn: ranked, or stopped at the first refused one."""
    paths = []
    for number, data in enumerate(logs):
        path = folder / ("session-%d.jsonl" % number)
        path.write_bytes(data)
        paths.append(path)
    ranking = folder / "ranking.csv"
    ranking.unlink(missing_ok=True)
    code, out, err = run(tournament.main, *paths, "--csv", ranking)
    for path, data in zip(paths, logs, strict=True):
        refused = refusal(data)
        if refused is not None:
            assert (code, out, err) == (1, "", "%s: %s\n" % (path, refused))
            return
    if code == 1:
        # Nobody named, or a player in two seats: one line saying so.
        assert out == "" and len(err.splitlines()) == 1, err
        return
    assert code == 0 and out.strip(), (code, err)
    with open(ranking, newline="", encoding="utf-8") as rows:
        assert next(csv.reader(rows)) == ["kind", "unit", "rank", "name", "total", "matches"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """One folder for every example (hypothesis takes no function-scoped tmp_path)."""
    return tmp_path_factory.mktemp("tools")


def test_the_corpus_is_read_by_both_tools(folder):
    """Every valid corpus log is summarised and ranked; the refused ones name their line."""
    assert len(VALID) > len(CORPUS) // 2
    for data in CORPUS:
        check_slate(folder, data)
    check_tournament(folder, VALID)


PROOF = settings(
    deadline=None,
    derandomize=True,  # the same examples every run
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@settings(PROOF, max_examples=SUMMARIES)
@given(rng=st.randoms(), valid=st.booleans())
def test_slate_summarises_logs_or_names_the_line(folder, rng, valid):
    check_slate(folder, a_log(rng, valid))


@settings(PROOF, max_examples=TEXTS)
@given(lines=st.lists(st.from_regex(r"[^\n]*", fullmatch=True), max_size=6))
def test_slate_reads_random_text_after_a_match_event(folder, lines):
    data = ('{"ev":"match","game":"brouc"}\n' + "\n".join(lines)).encode("utf-8", "surrogatepass")
    check_slate(folder, data)


@settings(PROOF, max_examples=DRAWINGS)
@given(rng=st.randoms())
def test_slate_draws_odd_valid_logs(folder, rng):
    check_slate(folder, accepted(rng), drawing=True)


@settings(PROOF, max_examples=RANKINGS)
@given(rng=st.randoms(), valid=st.lists(st.booleans(), min_size=1, max_size=3))
def test_tournament_ranks_logs_or_names_the_file(folder, rng, valid):
    logs = [
        named(a_log(rng, each), rng) if rng.random() < 0.8 else a_log(rng, each) for each in valid
    ]
    check_tournament(folder, logs)


# -- as commands -------------------------------------------------------------------


def command(name, *arguments):
    """`ardoise NAME ARGUMENTS...`, through `python -m host_tools`."""
    return subprocess.run(
        [sys.executable, "-m", "host_tools", name, *map(str, arguments)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_commands_on_mutated_logs_answer_as_in_process(tmp_path):
    """A bounded number of real runs: the same exit, output and message, never a traceback."""
    rng = random.Random(2025)
    for run_number in range(COMMAND_RUNS):
        logs = [a_log(rng, valid) for valid in (True, False)]
        paths = []
        for number, data in enumerate(logs):
            paths.append(tmp_path / ("%d-%d.jsonl" % (run_number, number)))
            paths[-1].write_bytes(data)
        for name, main, arguments in (
            ("slate", slate.main, (paths[0], "--csv", tmp_path / "deals.csv")),
            ("tournament", tournament.main, paths),
        ):
            result = command(name, *arguments)
            context = "ardoise %s %s" % (name, " ".join(map(str, arguments)))
            assert "Traceback" not in result.stderr, context + "\n" + result.stderr
            expected = run(main, *arguments)
            assert (result.returncode, result.stdout, result.stderr) == expected, context


# -- files that are no match log at all ------------------------------------------------

HEADER = b'{"ev":"match","game":"brouc","names":["Anne","Luc","Zo\xc3\xa9","Marc"]}\n'


def test_unreadable_inputs_and_outputs_are_one_line_on_stderr(tmp_path):
    log = tmp_path / "match.jsonl"
    # A deal: the tournament skips a match yet to begin.
    log.write_bytes(HEADER + b'{"ev":"deal","trump":"H"}\n')
    empty = tmp_path / "empty"
    empty.mkdir()
    missing = tmp_path / "missing" / "out"
    cases = [
        (slate.main, [tmp_path / "absent.jsonl"], "cannot read"),
        (slate.main, [empty], "cannot read"),
        (slate.main, [log, "--csv", missing], "cannot write"),
        (slate.main, [log, "--png", missing], "cannot write"),
        (slate.main, [log, "--csv", empty], "cannot write"),
        (tournament.main, [tmp_path / "absent.jsonl"], "cannot read"),
        (tournament.main, [empty], "no match logs"),
        (tournament.main, [log, "--csv", missing], "cannot write"),
    ]
    for main, arguments, reason in cases:
        code, out, err = run(main, *arguments)
        assert code == 1 and out == "" and reason in err, (arguments, err)
        assert len(err.splitlines()) == 1, err


NAMED_INPUTS = {
    "empty": b"",
    "NUL bytes": b"\x00" * 64,
    "a BOM before a valid log": b"\xef\xbb\xbf" + HEADER,
    "no newline at the end": HEADER.rstrip(),
    "only the match event": HEADER,
    "a player in two seats": b'{"ev":"match","game":"brouc","names":["Anne","Luc","Anne","Marc"]}',
    "names for two seats": b'{"ev":"match","game":"brouc","names":["Anne","Luc"]}',
    "a name too long": HEADER.replace(b"Anne", b"A" * 17),
    "a deal in progress": HEADER + b'{"ev":"deal","trump":"H"}\n',
    "a huge target": b'{"ev":"match","game":"brouc","target":' + b"9" * 4000 + b"}",
    "deep nesting": HEADER + b"[" * 100_000 + b"\n",
    "a long line": HEADER + b'{"ev":"deal","trump":"' + b"H" * 1_000_000 + b'"}',
}


@pytest.mark.parametrize("data", NAMED_INPUTS.values(), ids=NAMED_INPUTS.keys())
def test_named_inputs(tmp_path, data):
    check_slate(tmp_path, data)
    check_slate(tmp_path, data, drawing=True)
    check_tournament(tmp_path, [data])


# Found by this proof (fixed since): host_tools/logs/matchlog.py parsed the lines again
# as bytes after the core had decoded and stripped them as text, so whitespace
# that only Unicode counts made a line blank or JSON to the core and not to the
# tools, which died with a JSONDecodeError traceback. Since issue 10 the core
# takes only JSON's own blanks around a line (CPython's str.strip took these,
# MicroPython's did not), so each of these logs is refused, by every tool alike.
UNICODE_WHITESPACE = {
    "a blank line of \\x1c": HEADER + b"\x1c\n",
    "a no-break space after the match event": HEADER.rstrip() + "\u00a0\n".encode(),
    "a line separator before an event": HEADER + "\u2028".encode() + b'{"ev":"deal","trump":"H"}',
}


@pytest.mark.parametrize("tool", ["slate", "slate --png", "tournament"])
@pytest.mark.parametrize("data", UNICODE_WHITESPACE.values(), ids=UNICODE_WHITESPACE.keys())
def test_unicode_whitespace_around_a_line(tmp_path, tool, data):
    assert refusal(data) is not None  # not JSON's blanks: the board refuses them too
    if tool == "tournament":
        check_tournament(tmp_path, [data])
    else:
        check_slate(tmp_path, data, drawing=tool == "slate --png")


# Found by this proof (fixed since): a Bruus deal just begun, with nothing after
# its deal event, had no score yet, and slate died with a TypeError traceback.
BRUUS_DEALS_JUST_BEGUN = {
    "the first deal": b'{"ev":"match","game":"bruus"}\n{"ev":"deal"}\n',
    "a trick undone": (
        b'{"ev":"match","game":"bruus"}\n{"ev":"deal"}\n{"ev":"trick","team":"A","count":1}\n'
        b'{"ev":"undo"}\n'
    ),
}


@pytest.mark.parametrize("drawing", [False, True], ids=["summary and csv", "png"])
@pytest.mark.parametrize("data", BRUUS_DEALS_JUST_BEGUN.values(), ids=BRUUS_DEALS_JUST_BEGUN.keys())
def test_a_bruus_deal_just_begun(tmp_path, drawing, data):
    assert refusal(data) is None  # the core reads these logs
    check_slate(tmp_path, data, drawing)
