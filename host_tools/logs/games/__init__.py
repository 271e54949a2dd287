"""Each game as the log tools report it: one module per game, beside the
rules core's declaration of the game (scoring.match.GAMES).

`host_tools/logs/games/<game>.py` gives, for a log of its game (a
matchlog.MatchLog):

- TITLE: its name for people ("Le Brouc");
- read(log): its deals, read back from the rules core's states;
- summary(log) and rows(log): the `slate` command's text and CSV rows;
- draw(log): the slate chalked (pillow, through chalk.py);
- kind(log) and seat_scores(log): the ranking of the `tournament` a match
  counts toward, with its unit, and what each seat is credited with;
- COLUMNS, seat_counts(log) and result(log, seat, scores, unit): the
  tournament's statistics of each player; partners(log, seat) and
  opponents(log, seat) where seats do not play in two teams.

A game the rules know and no module here reports yet (a new one) is reported
from the rules core's state alone: `of` gives this module, whose summary and
rows say that state, and which neither draws nor ranks it.
"""

import importlib
import json

from host_tools.logs.matchlog import TEAMS

TITLE = None
draw = None  # no drawing
kind = None  # no ranking


def of(game):
    """The module that reports `game` (a name of scoring.GAMES), or this one."""
    try:
        return importlib.import_module("host_tools.logs.games." + game)
    except ModuleNotFoundError as error:
        if error.name != "host_tools.logs.games." + game:
            raise
        return importlib.import_module(__name__)


def title(log):
    """The game's name for people."""
    return of(log.game).TITLE or log.game


def summary(log):
    """The rules' state after the last event in force, as replay prints it."""
    from host_tools.logs.slate import undo_note

    lines = ["%s: %d events in force; the state after the last:" % (log.game, len(log.steps))]
    lines += ["  %s: %s" % (key, json.dumps(value)) for key, value in sorted(log.final.items())]
    return lines + undo_note(log)


def rows(log):
    """One row per event in force: its number, the event and the state after it."""
    rows: list[list[object]] = [["step", "event", "state"]]
    for number, step in enumerate(log.steps, 1):
        rows.append([number, json.dumps(step.event), json.dumps(step.after, sort_keys=True)])
    return rows


# -- for the games' modules ------------------------------------------------------


def team_counts(log, columns):
    """A statistic of each column at 0 for each team."""
    return {team: {key: 0 for key, _ in columns} for team in TEAMS}


def seat_of_team(log, teams):
    """Each seat's statistics: its team's (team A the even seats, B the odd)."""
    return [dict(teams[TEAMS[seat % 2]]) for seat in range(log.seats)]


def team_result(log, seat, scores, unit):
    """How the match went for a seat's team: "5-1 coches"."""
    return "%d-%d %s" % (scores[seat], scores[(seat + 1) % log.seats], unit)


def partners(log, seat):
    return [other for other in range(seat % 2, log.seats, 2) if other != seat]


def opponents(log, seat):
    return list(range(1 - seat % 2, log.seats, 2))
