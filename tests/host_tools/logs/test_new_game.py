"""A fourth game is its rules module and its line in scoring.match.GAMES: the log
tools read and report its logs before anyone writes its reports.

The game here is a counter (one point a "point" event, a deal of three); the
rules core folds its log, `ardoise slate` says its state (no drawing, which
it says), the tournament skips it and says why.
"""

import json
import sys
import types

import pytest

import scoring
from host_tools.logs import games, slate, tournament
from scoring import match as match_module
from scoring.match import Refused, check_keys, choice

TIER = "quick"

TEAMS = ("A", "B")


class Game:
    name = "counter"
    seats = 2

    def __init__(self, header):
        check_keys(header, ("game",))
        self.reset()

    def reset(self):
        self.points = [0, 0]
        self.deals = 0

    def encode(self, event):
        if event["ev"] != "point":
            raise Refused("unknown_event", event["ev"])
        check_keys(event, ("team",))
        return choice(event, "team", TEAMS)

    def apply(self, code):
        self.points[code] += 1
        if sum(self.points) % 3 == 0:
            self.deals += 1

    def decode(self, code):
        return {"ev": "point", "team": TEAMS[code]}

    def state(self):
        return {"game": self.name, "points": list(self.points), "deals": self.deals}


@pytest.fixture
def counter(monkeypatch):
    """The game "counter": its rules module and its one line in GAMES."""
    module = types.ModuleType("scoring.counter")
    module.Game = Game  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "scoring.counter", module)
    monkeypatch.setattr(scoring, "counter", module, raising=False)  # as an import would
    monkeypatch.setattr(match_module, "GAMES", match_module.GAMES + ("counter",))


def write_log(path):
    events = [{"ev": "match", "game": "counter"}] + [
        {"ev": "point", "team": team} for team in "ABAAB"
    ]
    path.write_text("".join(json.dumps(event) + "\n" for event in events))
    return path


def test_the_rules_core_folds_a_new_games_log(counter, tmp_path):
    with open(write_log(tmp_path / "counter.jsonl"), "rb") as log:
        match = match_module.fold_lines(log)
    assert match.state() == {"game": "counter", "points": [3, 2], "deals": 1}
    deals = []
    match.deals(lambda game: list(game.points), lambda before, game: deals.append(before))
    assert deals == [[1, 1]] and match.state()["points"] == [3, 2]  # A B, then A ends it


def test_slate_says_a_new_games_state_and_that_it_cannot_draw_it(counter, tmp_path, capsys):
    log = write_log(tmp_path / "counter.jsonl")
    assert type(games.of("counter")) is games.Report
    assert slate.main([str(log), "--csv", str(tmp_path / "deals.csv")]) == 0
    out = capsys.readouterr().out
    assert "counter: 5 events in force" in out and "  points: [3, 2]" in out
    assert (tmp_path / "deals.csv").read_text().startswith("step,event,state")
    assert slate.main([str(log), "--png", str(tmp_path / "slate.png")]) == 1
    assert "no drawing of a counter slate yet" in capsys.readouterr().err
    assert not (tmp_path / "slate.png").exists()


def test_the_tournament_skips_a_new_game_and_says_why(counter, tmp_path, capsys):
    log = write_log(tmp_path / "counter.jsonl")
    assert tournament.main([str(log)]) == 1  # nothing else to rank
    assert "no ranking of counter yet" in capsys.readouterr().err
