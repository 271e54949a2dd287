"""Replay reads any file in bounded memory, and the board judges every log as the PC does.

A line over scoring.LINE_LIMIT bytes is refused as `line N: too long`
before more of it is read, by replay and by the board alike: /dev/zero and a
line of gigabytes are answered at once, in a process whose memory is capped
far below them. And every example log of tests/logs/ gets the same answer,
line and reason, from the rules core under MicroPython (as the board folds
its journal at boot) as from replay.
"""

import json
import pathlib
import resource
import subprocess
import sys

import pytest

import host_tools  # noqa: F401  (puts the rules core on the path)
from host_tools.common import compile_tree, run_micropython
from scoring import LINE_LIMIT, LogError, fold_lines

TIER = "micropython"

ROOT = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
LOGS = sorted((ROOT / "tests" / "logs").glob("*.jsonl"))
HEADER = b'{"ev":"match","game":"brouc"}\n'
MEMORY_CAP = 256 << 20  # far below what reading the files below whole would take


def capped():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def replay(path):
    """`python -m host_tools.replay path` in a process whose memory is capped."""
    return subprocess.run(
        [sys.executable, "-m", "host_tools.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=capped,
    )


def expect_refused(path, answer):
    result = replay(path)
    assert (result.returncode, result.stdout) == (1, ""), result.stderr[-500:]
    assert result.stderr.splitlines() == [answer], result.stderr[-500:]


def test_dev_zero_is_too_long_at_once():
    expect_refused("/dev/zero", "line 1: too long")


def test_a_line_of_gigabytes_is_too_long_at_once(tmp_path):
    sparse = tmp_path / "sparse.jsonl"  # NUL bytes that take no disk
    with open(sparse, "wb") as file:
        file.truncate(8 << 30)
    expect_refused(sparse, "line 1: too long")
    huge = tmp_path / "huge.jsonl"
    with open(huge, "wb") as file:
        file.write(HEADER + b'{"ev":"deal","trump":"')
        for _ in range(MEMORY_CAP >> 20):
            file.write(b"H" * (1 << 20))
        file.write(b'"}\n')
    expect_refused(huge, "line 2: too long")


def run_tool(*arguments):
    """An `ardoise` command in a process whose memory is capped."""
    return subprocess.run(
        [sys.executable, "-m", "host_tools", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=capped,
    )


def test_slate_and_tournament_read_as_replay_does(tmp_path):
    result = run_tool("slate", "/dev/zero")
    assert (result.returncode, result.stdout) == (1, ""), result.stderr[-500:]
    assert result.stderr.splitlines() == ["line 1: too long"], result.stderr[-500:]
    huge = tmp_path / "huge.jsonl"
    with open(huge, "wb") as file:
        file.truncate(8 << 30)  # NUL bytes that take no disk
    result = run_tool("tournament", str(tmp_path))
    assert (result.returncode, result.stdout) == (1, ""), result.stderr[-500:]
    assert result.stderr.splitlines() == ["%s: line 1: too long" % huge], result.stderr[-500:]


def test_the_limit_is_the_same_for_the_file_and_the_rules(tmp_path):
    """A line of LINE_LIMIT bytes folds; one byte more is too long, newline or not."""
    exact = b'{"ev":"deal","trump":"H"}'.ljust(LINE_LIMIT)
    path = tmp_path / "exact.jsonl"
    for ending in (b"\n", b""):
        path.write_bytes(HEADER + exact + ending)
        result = replay(path)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["deal_open"] is True
        path.write_bytes(HEADER + exact + b" " + ending)
        expect_refused(path, "line 2: too long")


def host_answer(path):
    try:
        with open(path, "rb") as log:
            fold_lines(log)
    except LogError as error:
        return str(error)
    return "state"


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="no MicroPython in .venv")
def test_micropython_gives_every_example_log_the_answer_replay_gives(tmp_path):
    # The logs that once split the two: JSON that only MicroPython's json
    # reads, and lines around the limit.
    extra = {
        "lenient-bracket": HEADER + b'{"ev":"deal","trump":"H"]\n',
        "lenient-colon": HEADER + b'{"ev" "deal","trump":"H"}\n',
        "lenient-commas": HEADER + b'{"ev":"deal",,"trump":"H",}\n',
        "leading-zero": HEADER + b'{"ev":"match","game":"brouc","dealer":01}\n',
        "control-character": HEADER + b'{"ev":"deal","trump":"H\x01"}\n',
        "overlong-utf8": HEADER + b'{"ev":"deal","trump":"\xc1\x88"}\n',
        "form-feed": HEADER + b'{"ev":"deal","trump":"H"}\x0c\n',
        "no-break-space": HEADER + b'{"ev":"deal","trump":"H"}\xc2\xa0\n',
        "exact": HEADER + b'{"ev":"deal","trump":"H"}'.ljust(LINE_LIMIT) + b"\n",
        "over": HEADER + b'{"ev":"deal","trump":"H"}'.ljust(LINE_LIMIT + 1) + b"\n",
        "unknown-keys": HEADER + b'{"zz":1,"ev":"deal","trump":"H","mm":2,"aa":3}\n',
    }
    paths = {path.name: path for path in LOGS}
    for name, data in extra.items():
        paths[name] = tmp_path / name
        paths[name].write_bytes(data)
    folder = tmp_path / "logs"
    folder.mkdir()
    for name, path in paths.items():
        (folder / name).write_bytes(path.read_bytes())
    result = run_micropython(
        [ROOT / "tests/proof/mp_fold.py", folder], heap="1m", path=[ROOT / "firmware"], timeout=120
    )
    assert result.returncode == 0, result.stderr
    board = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    host = {name: host_answer(path) for name, path in paths.items()}
    assert board == host


FOLD = """
import sys
from scoring import LogError, fold_lines
try:
    with open(sys.argv[1], "rb") as log:
        fold_lines(log)
except LogError as error:
    print(error)
"""


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="no MicroPython in .venv")
def test_micropython_reads_dev_zero_in_a_small_heap(tmp_path):
    # From .mpy, as a board loads the core: compiling match.py's source at
    # run time would take more of the 64 KiB than reading the file does.
    compile_tree(ROOT / "firmware" / "scoring", tmp_path / "scoring")
    result = run_micropython(
        ["-c", FOLD, pathlib.Path("/dev/zero")], heap="64k", path=[tmp_path], timeout=30
    )
    assert (result.returncode, result.stdout) == (0, "line 1: too long\n"), result.stderr
