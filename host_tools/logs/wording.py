"""How the log tools word a match for people: signed points, "A 8, B 5",
plurals, the teams and who dealt; each game's module (games/) words its own
deals with these.
"""

from host_tools.common import plural
from host_tools.logs.matchlog import TEAMS
from host_tools.logs.seats import seat_numbers


def signed(number):
    return "%+d" % number


def pair(values):
    """{"A": 8, "B": 5} as "A 8, B 5"."""
    return ", ".join("%s %s" % (team, values[team]) for team in TEAMS)


def gains(match_gain, unit):
    """What each team scored toward the match, e.g. "A +2 coches"."""
    won = [team for team in TEAMS if match_gain[team]]
    return ", ".join("%s +%s" % (team, plural(match_gain[team], unit)) for team in won)


def team_lines(log):
    if not log.names:
        return []
    lines = []
    for team in TEAMS:
        seats = log.team_seats(team)
        lines.append(
            "Team %s: %s (%s)"
            % (
                team,
                " & ".join(map(log.seat_name, seats)),
                seat_numbers(seats),
            )
        )
    return lines


def dealt_by(log, seat):
    return "dealt by %s" % log.seat_name(seat)


def undo_note(log):
    if not log.undone:
        return []
    return ["(%s taken back by undo, not shown)" % plural(log.undone, "event")]
