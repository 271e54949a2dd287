"""The replay command exactly as docs/match-log.md defines it.

Each tests/logs/NAME.jsonl has a NAME.expected beside it, written by hand from
the rulings: a JSON object (keys that must appear in the printed state with
these values) or the one `line N: reason` line expected on stderr.
"""

import json
import subprocess
import sys

import pytest

from host_tools.common import ROOT

TIER = "quick"

LOGS = sorted((ROOT / "tests" / "logs").glob("*.jsonl"))


def replay(log, python=sys.executable):
    return subprocess.run(
        [python, "-m", "host_tools.replay", str(log)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("log", LOGS, ids=[log.stem for log in LOGS])
def test_replay_gives_the_expected_answer(log):
    expected = log.with_suffix(".expected").read_text(encoding="utf-8").strip()
    result = replay(log)
    if expected.startswith("line "):
        assert result.returncode == 1
        assert result.stdout == ""
        assert result.stderr.strip() == expected
    else:
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""
        lines = result.stdout.splitlines()
        assert len(lines) == 1, "one JSON object on one line"
        state = json.loads(lines[0])
        wanted = json.loads(expected)
        assert {key: state.get(key) for key in wanted} == wanted


def test_every_spec_key_is_printed():
    state = json.loads(replay(LOGS[0]).stdout)
    for key in ("slate", "bottom", "coches", "parties", "dealer", "deal_open", "games", "winner"):
        assert key in state


def test_runs_with_a_plain_python3_outside_the_venv():
    plain = getattr(sys, "_base_executable", sys.executable)
    result = replay(ROOT / "tests/logs/brouc-seed-75-45.jsonl", python=plain)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["slate"] == {"A": 8, "B": 5}


def test_missing_file_is_a_clear_error(tmp_path):
    result = replay(tmp_path / "absent.jsonl")
    assert result.returncode == 1 and result.stdout == ""
    assert "cannot read" in result.stderr and "Traceback" not in result.stderr


def test_empty_file(tmp_path):
    log = tmp_path / "empty.jsonl"
    log.write_text("")
    result = replay(log)
    assert result.returncode == 1 and result.stderr.strip() == "line 1: the log has no match event"
