"""A match log read back step by step, for the slate summary, its drawing and the tournament.

Nothing here computes a rule. The log is folded by the rules core
(`scoring.fold_lines`, which names a bad line); the events still in force
are read back from the folded match, so an undone event is simply gone; and
those events are folded again one at a time, keeping the state before and
after each. A deal's outcome is whatever the core did to the slate between
the two.
"""

import copy
import io
import json
from dataclasses import dataclass

import host_tools  # noqa: F401  (puts the rules core on the path)
from host_tools.logs.seats import seat_name
from scoring import Match, fold_lines, read_lines

TEAMS = ("A", "B")
SUIT_NAMES = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}


@dataclass
class Step:
    """One event in force, with the match's state just before and just after it."""

    event: dict
    before: dict
    after: dict
    match_before: Match  # a copy, for asking "what would this event score"


@dataclass
class MatchLog:
    """A folded match log: its header, player names and every step in force."""

    path: str
    header: dict
    names: tuple | None
    seats: int
    steps: list
    undone: int  # undo events in the log
    final: dict  # the state after the last event, as replay prints it
    data: bytes | None = None  # the log's bytes, when the reader kept them (evening/fold.py)

    @property
    def game(self):
        return self.header["game"]

    @property
    def rules(self):
        """The rules variant the core settled on (None for Brusquembelle, which has none)."""
        return self.final.get("rules")

    def seat_name(self, seat):
        """The player's name, or "seat N" counted from 1 (host_tools/logs/seats.py)."""
        return seat_name(self.names, seat)

    def team_seats(self, team):
        """Team A holds the even seats, B the odd ones (seats 0 and 1 with two players)."""
        return list(range(TEAMS.index(team), self.seats, 2))

    def team_label(self, team):
        """The team's letter, with its players when the log names them: "A (Anne & Claude)"."""
        if not self.names:
            return team
        return "%s (%s)" % (team, " & ".join(map(self.seat_name, self.team_seats(team))))


def read_match_log(path, data=None):
    """Fold the log at `path` (its bytes `data` when already read) and read it back
    step by step.

    Raises scoring.LogError (line and reason, as replay prints them) or OSError.
    """
    with open(path, "rb") if data is None else io.BytesIO(data) as log:
        lines = list(read_lines(log))  # bounded, as replay and the board read
    match = fold_lines(lines)  # the core checks every line first
    # Every line the core read as non-blank is a JSON object now.
    events = [json.loads(line) for line in lines if line.strip(b" \t\n\r")]
    header = events[0]
    in_force = [match.game.decode(code) for code in match.in_force]
    refold = Match(header)
    steps = []
    for event in in_force:
        before = refold.state()
        match_before = copy.deepcopy(refold)
        refold.apply(event)
        steps.append(Step(event, before, refold.state(), match_before))
    undone = sum(1 for event in events if event.get("ev") == "undo")
    return MatchLog(str(path), header, match.names, match.game.seats, steps, undone, match.state())


def opponent(team):
    return "B" if team == "A" else "A"


def per_team(before, after, key):
    """How much each team's `key` grew from `before` to `after`."""
    return {team: after[key][team] - before[key][team] for team in TEAMS}


def closes_deal(step):
    return step.before["deal_open"] and not step.after["deal_open"]


def events(log):
    """Each event in force as the games' readers go through them:
    (its "ev", the event, the state before it, the state after it, its Step)."""
    for step in log.steps:
        yield step.event["ev"], step.event, step.before, step.after, step


# -- Bruus ------------------------------------------------------------------
