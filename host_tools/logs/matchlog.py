"""A match log read back step by step, for the slate summary, its drawing and the tournament.

Nothing here computes a rule. The log is folded by the rules core
(`scoring.fold_lines`, which names a bad line); the events still in force
are read back from the folded match, so an undone event is simply gone; and
those events are folded again one at a time, keeping the state before and
after each. A deal's outcome is whatever the core did to the slate between
the two.

Streamed: the file is read once, line by line, and the steps are folded
again at each walk through them, so a log of any length costs the memory of
its match, not of its lines (a valid 58 MB log once took 1.68 GB).
"""

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


class Steps:
    """The events in force, each a Step, folded again from the match event
    at each walk: only the walk's own step is in memory."""

    def __init__(self, header, match):
        self._header = header
        self._match = match

    def __len__(self):
        return len(self._match.in_force)

    def __iter__(self):
        refold = Match(self._header)
        decode = self._match.game.decode
        for code in self._match.in_force:
            event = decode(code)
            before = refold.state()
            refold.apply(event)
            yield Step(event, before, refold.state())


@dataclass
class MatchLog:
    """A folded match log: its header, player names and every step in force."""

    path: str
    header: dict
    names: tuple | None
    seats: int
    steps: Steps | list[Step]  # walked again at each use (a list: evening/fold.py's)
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
    first = b""  # the match event's line
    events = 0  # the lines that are not blank

    def counted(lines):
        nonlocal first, events
        for line in lines:
            if line.strip(b" \t\n\r"):
                first = first or line
                events += 1
            yield line

    with open(path, "rb") if data is None else io.BytesIO(data) as log:
        match = fold_lines(counted(read_lines(log)))  # the core checks every line
    header = json.loads(first)  # a JSON object: the core took it as the match event
    # Every line after the match event either adds an event in force or is
    # an undo that takes one back: so many events, so many in force, so many undos.
    undone = (events - 1 - len(match.in_force)) // 2
    steps = Steps(header, match)
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
