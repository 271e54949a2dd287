"""Each game as the log tools report it: one module per game, beside the
rules core's declaration of the game (scoring.match.GAMES).

`host_tools/logs/games/<game>.py` gives a `Report`, a subclass of this
module's, that answers for a log of its game (a matchlog.MatchLog):

- TITLE: its name for people ("Le Brouc");
- summary(log) and rows(log): the `slate` command's text and CSV rows;
- draw(log) where DRAWS: the slate chalked (pillow, through chalk.py);
- where RANKS, kind(log) and seat_scores(log): the ranking of the
  `tournament` a match counts toward, with its unit, and what each seat is
  credited with; COLUMNS, seat_counts(log) and result(log, seat, scores,
  unit): the tournament's statistics of each player; partners(log, seat)
  and opponents(log, seat) where seats do not play in two teams;
  progress(log): where a match stands, if the list of logs should say it.

A game the rules know and no module here reports yet (a new one) is reported
by this module's `Report` from the rules core's state alone: its summary and
rows say that state, and it neither draws nor ranks.
"""

import importlib
import json

from host_tools.logs.matchlog import TEAMS
from host_tools.logs.wording import plural, undo_note


class Report:
    """A game reported from the rules core's state alone; each game's module
    subclasses it with what it says of its own logs."""

    TITLE = ""
    DRAWS = False  # draw(log) gives the slate chalked
    RANKS = False  # kind, seat_scores, COLUMNS, seat_counts and result rank it
    COLUMNS: list = []

    def summary(self, log):
        """The rules' state after the last event in force, as replay prints it."""
        lines = [
            "%s: %s in force; the state after the last:"
            % (log.game, plural(len(log.steps), "event"))
        ]
        lines += ["  %s: %s" % (key, json.dumps(value)) for key, value in sorted(log.final.items())]
        return lines + undo_note(log)

    def rows(self, log):
        """One row per event in force: its number, the event and the state after it."""
        rows: list[list[object]] = [["step", "event", "state"]]
        for number, step in enumerate(log.steps, 1):
            rows.append([number, json.dumps(step.event), json.dumps(step.after, sort_keys=True)])
        return rows

    def result(self, log, seat, scores, unit):
        return team_result(log, seat, scores, unit)

    def progress(self, log):
        """Where the match stands, for the tournament's list of logs (a Bruus
        session's deals), or None."""
        return None

    def partners(self, log, seat):
        """The seats of the same team (team A the even seats, B the odd)."""
        return [other for other in range(seat % 2, log.seats, 2) if other != seat]

    def opponents(self, log, seat):
        return list(range(1 - seat % 2, log.seats, 2))


def of(game):
    """The Report of `game` (a name of scoring.GAMES): its module's, or this one's."""
    try:
        module = importlib.import_module("host_tools.logs.games." + game)
    except ModuleNotFoundError as error:
        if error.name != "host_tools.logs.games." + game:
            raise
        return Report()
    return module.Report()


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
