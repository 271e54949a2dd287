"""Le Brouc: a past deal put right (ardoise/correct.py), its editor.

The deal's trump and, for a deal ended by its card points, their split
between the teams (B's card points, A's and the rounding under them: a
Number, not the deal's own Split screen, whose module would not fit in
RAM beside the correction's at the end of a long match) can be changed;
its other events stay as they were. Loaded only while a correction is
made.
"""

from micropython import const

from ardoise.base import suit_symbol
from ardoise.correct import compare_teams, t
from ardoise.games.brouc import BROU1802, unit
from ardoise.widgets import Choice, Number
from scoring.brouc import CARD_POINTS, SUITS, round_card_points

_DEAL = const(1)  # scoring.brouc's codes: the kind in the low 4 bits
_END = const(7)


def _find(codes, kind):
    for index in range(len(codes)):
        if codes[index] & 15 == kind:
            return index
    return -1


def edit(app, number, codes, done):
    """The deal's corrections, a row each, then "New totals": `done(app, codes)`."""
    trump = _find(codes, _DEAL)
    end = _find(codes, _END)

    def rows(app):
        suit = SUITS[codes[trump] >> 5 & 3]
        options = [t(app, "trump") + " " + suit_symbol(suit)]
        if end >= 0:
            a = codes[end] >> 8
            options.append("%s %d / %s %d" % (app.team(0), a, app.team(1), CARD_POINTS - a))
        options.append(t(app, "totals"))
        return t(app, "title") % number, options

    def pick(app, index):
        if index == 0:
            _ask_trump(app, codes, trump)
        elif index == 1 and end >= 0:

            def split(app, value):
                codes[end] = _END | (CARD_POINTS - value) << 8
                app.pop()

            b = CARD_POINTS - (codes[end] >> 8)
            app.push(Number(app.t("do_end"), b, 0, CARD_POINTS, split, _split))
        else:
            done(app, codes)

    title, options = rows(app)
    app.push(Choice(title, options, pick, 0, rows))


def _split(app, value):
    """Under the number (B's card points): each team's, and what it rounds to."""
    lines = []
    for side in (0, 1):
        points = value if side else CARD_POINTS - value
        lines.append("%s %d▶%d" % (app.team(side), points, round_card_points(points)))
    return lines


def _ask_trump(app, codes, at):
    options = []
    for index in range(4):
        options.append(suit_symbol(SUITS[index]) + " " + app.words("suits")[index])

    def pick(app, index):
        codes[at] = codes[at] & ~(3 << 5) | index << 5
        app.pop()

    app.push(Choice(t(app, "trump"), options, pick, codes[at] >> 5 & 3))


def totals(game):
    """What the preview compares: slates, coches (parties), games, winner."""
    tally = game.parties if game.rules == BROU1802 else game.coches
    return (game.slate[0], game.slate[1], tally[0], tally[1], game.rules, game.winner)


def compare(app, old, new):
    """The preview's lines: each team's slate and tally, before ▶ after, and the winner."""
    parties = new[4] == BROU1802

    def named(count):
        return unit(app, parties, count)

    lines = compare_teams(app, old, new, named)
    if not app.compact and new[5] >= 0:
        lines.append(app.text.winners("match_won", new[5]))
    return lines
