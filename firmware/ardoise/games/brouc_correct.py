"""Le Brouc: a past deal put right (ardoise/correct.py), its editor.

The deal's trump (its marriages under it, with what they count before and
after) and, for a deal ended by its card points, their split
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
_DECLARE = const(3)
_TABLE = const(4)
_END = const(7)


def _find(codes, kind):
    for index in range(len(codes)):
        if codes[index] & 15 == kind:
            return index
    return -1


def edit(app, number, codes, done):
    """The deal's corrections, a row each, then "New totals": `done(app, codes)`.

    Under the trump, each marriage of the deal and what it counts, before
    ▶ after once the trump is corrected (`A ♠R-D-V 60▶30`): OK on one
    opens the trump, what changes it."""
    trump = _find(codes, _DEAL)
    end = _find(codes, _END)
    game = app.match.game

    def rows(app):
        suit = codes[trump] >> 5 & 3
        options = [t(app, "trump") + " " + suit_symbol(SUITS[suit])]
        for index in range(len(codes)):
            kind = codes[index] & 15
            if kind == _DECLARE or kind == _TABLE:
                code = codes[index]
                before = _counts(game, code, codes_trump[0])
                after = _counts(game, code, suit)
                text = "%s %s%s %d" % (
                    app.team(code >> 4 & 1),
                    suit_symbol(SUITS[code >> 5 & 3]),
                    app.words("kinds")[code >> 7 & 1],
                    before,
                )
                options.append(text + "▶%d" % after if after != before else text)
        if end >= 0:
            a = codes[end] >> 8
            options.append("%s %d / %s %d" % (app.team(0), a, app.team(1), CARD_POINTS - a))
        options.append(t(app, "totals"))
        return t(app, "title") % number, options

    codes_trump = [codes[trump] >> 5 & 3]  # the trump as the deal was entered
    marriages = len(rows(app)[1]) - 2 - (end >= 0)

    def pick(app, index):
        if index <= marriages:  # the trump, or a marriage: what the trump changes
            _ask_trump(app, codes, trump)
        elif index == marriages + 1 and end >= 0:

            def split(app, value):
                codes[end] = _END | (CARD_POINTS - value) << 8
                app.pop()

            b = CARD_POINTS - (codes[end] >> 8)
            app.push(Number(app.t("do_end"), b, 0, CARD_POINTS, split, _split))
        else:
            done(app, codes)

    title, options = rows(app)
    app.push(Choice(title, options, pick, 0, rows))


def _counts(game, code, trump):
    """What the marriage of `code` counts with `trump`: the rules' own answer
    (Game.marriage, rule 3), the match's own trump put back after."""
    kept = game.trump
    game.trump = trump
    try:
        return game.marriage(code >> 5 & 3, code >> 7 & 1, code & 15 == _TABLE)
    finally:
        game.trump = kept


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
    return (game.slate[0], game.slate[1], tally[0], tally[1], game.games, game.winner)


def compare(app, old, new, gains=False):
    """The preview's lines: each team's slate and tally, before ▶ after, each
    named (`A 13▶10 ardoise`, `A 1▶2 coches`), and the winner; with `gains`,
    what a deal gave, only what changed (correct.later)."""
    parties = app.match.game.rules == BROU1802

    def named(figure, count):
        return unit(app, parties, count) if figure else t(app, "slate")

    lines = compare_teams(app, old, new, named, gains, gains and (old[4] or new[4]))
    if not gains and new[5] >= 0:
        # The question's lines wrap: the whole sentence, on up to three rows.
        lines.append(app.text.winners("match_won", new[5], 48))
    return lines
