"""make test's first line names what will skip here and why, and under
ARDOISE_NO_SKIP=1 (CI) a skip fails the run (tests/support/skips.py)."""

import os
import subprocess
import sys

from host_tools.common import ROOT
from tests.support import skips

TIER = "quick"
TIER_OF = {
    "test_a_skip_is_said": "slow",
    "test_under_no_skip": "slow",
}

SKIPPING = """
import pytest

def test_needs_what_is_missing():
    pytest.skip("no frobnicator here")

def test_runs():
    pass

@pytest.mark.xfail(reason="known", strict=True)
def test_known_to_fail():
    assert False
"""


def run(tmp_path, **environment):
    (tmp_path / "test_sample.py").write_text(SKIPPING)
    env = {key: value for key, value in os.environ.items() if key != skips.NO_SKIP}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.support.skips", "-p", "no:cacheprovider"]
        + ["-rs", "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path)],
        cwd=ROOT,
        env=dict(env, **environment),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_skip_is_said_and_passes_by_default(tmp_path):
    result = run(tmp_path)
    assert result.returncode == 0, result.stdout
    assert "no frobnicator here" in result.stdout and "1 skipped" in result.stdout


def test_under_no_skip_a_skip_fails_the_run_but_an_expected_failure_does_not(tmp_path):
    result = run(tmp_path, ARDOISE_NO_SKIP="1")
    assert result.returncode == 1, result.stdout
    assert "1 failed, 1 passed, 1 xfailed" in result.stdout
    assert "skipped under ARDOISE_NO_SKIP=1" in result.stdout
    assert "no frobnicator here" in result.stdout


def test_the_first_line_names_each_missing_part_and_why(monkeypatch):
    monkeypatch.delenv(skips.NO_SKIP, raising=False)  # CI sets it for the whole run
    assert skips.line([]) == "make test: every part runs here"
    line = skips.line([("the browser tests", "no Chromium"), ("the emulated Pico", "no ROM")])
    assert line == (
        "make test: will skip the browser tests (no Chromium); the emulated Pico (no ROM)"
    )
    assert "\n" not in line
    monkeypatch.setenv("PATH", "")  # no node, no Chromium, no tmux
    named = dict(skips.missing())
    assert named["the browser tests"].startswith("no Chromium")
    assert named["the page's board in node"].startswith("no Node")
    monkeypatch.setenv(skips.NO_SKIP, "1")
    assert skips.line([]).endswith("(ARDOISE_NO_SKIP=1: any skip fails)")
