"""How the host tools name a seat for people: the one place that decides.

The log counts seats from 0 (docs/match-log.md); people count them
from 1, as the slate does ("Donneur 1"). Every text the host tools write for
a person (the slate summary, its CSV and drawing, the tournament report and
its pages) names a seat through seat_name, so that no "seat 0" is ever read.

The firmware has its own (App.seat: the settings' compass points, the
screen's language, one character when room is short); this one is the
laptop's, in English and long enough to be read alone, and kept out of the
rules core so that the board carries none of it.
"""

# A seat the slate left without a name when it named the others: a dash
# (the slate writes "-", firmware/ardoise/roster.py; "–" and "—" read the same).
ANONYMOUS = ("-", "\u2013", "\u2014")


def seat_name(names, seat, where=None):
    """Seat `seat` (0-based, as the log has it) as a person reads it.

    The player's name when the match names its players; else "seat N",
    counted from 1, after `where` the match was played when it is known
    ("Ardoise 3, seat 2": a board and a seat stand for a player in the
    evening's ranking until the organiser gives names).
    """
    if names and names[seat] not in ANONYMOUS:
        return names[seat]
    text = "seat %d" % (seat + 1)
    return "%s, %s" % (where, text) if where else text


def seat_numbers(seats):
    """Several seats as words: "seat 2", "seats 1 and 3"."""
    numbers = [str(seat + 1) for seat in seats]
    if len(numbers) == 1:
        return "seat " + numbers[0]
    return "seats %s and %s" % (", ".join(numbers[:-1]), numbers[-1])
