"""The replay command on the example logs of Bruus and Brusquembelle.

tests/test_replay_cli.py checks every tests/logs/NAME.jsonl against its
NAME.expected (written by hand from rulings 25-33). Here: what that generic
check does not cover for these two games: every key that
docs/match-log.md names for the game is printed, the units of
Brusquembelle add up to nothing, and the example logs cover each rules
variant and each kind of event (including undo), accepted or refused.
"""

import json
import subprocess
import sys

import pytest

from host_tools.common import ROOT

TIER = "quick"

LOGS = ROOT / "tests" / "logs"
NAMES = sorted(
    path.stem
    for pattern in ("bruus-*.jsonl", "brusquembelle-*.jsonl")
    for path in LOGS.glob(pattern)
)

SPEC_KEYS = {
    "bruus": (
        "points",
        "tricks",
        "games",
        "bock",
        "deal_open",
        "dealer",
        "session_points",
        "session_left",
    ),
    "brusquembelle": ("balance", "pool", "deal_open", "dealer"),
}


def replay(name):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.replay", str(LOGS / (name + ".jsonl"))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def expected(name):
    return (LOGS / (name + ".expected")).read_text(encoding="utf-8").strip()


def events(name):
    lines = (LOGS / (name + ".jsonl")).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("name", NAMES)
def test_replay_matches_the_expected_file(name):
    result = replay(name)
    wanted = expected(name)
    if wanted.startswith("line "):
        assert (result.returncode, result.stdout) == (1, "")
        assert result.stderr.strip() == wanted
        return
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    game = name.split("-")[0]
    assert state["game"] == game
    for key in SPEC_KEYS[game]:
        assert key in state, key
    for key, value in json.loads(wanted).items():
        assert state[key] == value, (key, state[key], value)
    if game == "brusquembelle":
        assert sum(state["balance"]) + state["pool"] == 0
    else:
        for key in ("points", "tricks", "games"):
            assert sorted(state[key]) == ["A", "B"]


def test_the_example_logs_cover_every_variant_and_event():
    rules = set()
    kinds = set()
    for name in NAMES:
        header = events(name)[0]
        if header["game"] == "bruus":
            rules.add(header.get("rules", "schwesing"))
        else:
            rules.add("pairs" if header.get("pairs") else "players-%d" % header["players"])
        for event in events(name)[1:]:
            kinds.add(event["ev"])
    assert {"schwesing", "treia", "two", "pairs", "players-5"} <= rules
    assert {"deal", "trick", "dare", "card", "end", "undo"} <= kinds
    refused = [name for name in NAMES if expected(name).startswith("line ")]
    assert {name.split("-")[0] for name in refused} == {"bruus", "brusquembelle"}
