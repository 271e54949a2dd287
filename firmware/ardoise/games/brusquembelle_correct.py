"""Brusquembelle: a past deal put right (ardoise/correct.py), its editor.

What a table gets wrong in a Brusquembelle deal is who played an Ace or a
Ten, whether it won its trick, an Ace entered for a Ten, and the card
points counted at the end (and with them who took the pool). So each Ace
and Ten of the deal is a row, in the order entered, and OK on one asks
again which card it was and who played it (as the deal's actions ask),
starting from what was entered; the last row, the end, asks every side's
card points again from those entered, the last side having the rest of
120. The deal keeps its events, one for one: none is added or taken away.
Who took the pool follows from the card points; a later deal that no
longer fits (a fifth Ace, say) is refused by ardoise/correct.py. Loaded
only while a correction is made.
"""

from ardoise.correct import t
from ardoise.games.brusquembelle import (
    ask_player,
    card_word,
    describe,
    points_entry,
    points_title,
    side_name,
)
from ardoise.widgets import Choice, Number
from scoring.brusquembelle import RANKS


def edit(app, number, codes, done):
    """A row per Ace and Ten of the deal, its end, then "New totals": `done(app, codes)`."""
    game = app.match.game

    def rows(app):
        options = []
        for index in range(1, len(codes)):  # the deal's first event opens it
            event = game.decode(codes[index])
            if event["ev"] == "end":
                event["points"] = _sides(game, event["points"])
            options.append(describe(app, event))
        options.append(t(app, "totals"))
        return t(app, "title") % number, options

    def pick(app, index):
        at = index + 1
        if at == len(codes):
            done(app, codes)
        elif game.decode(codes[at])["ev"] == "card":
            _ask_card(app, game, codes, at)
        else:
            points = _sides(game, game.decode(codes[at])["points"])
            _ask_points(app, game, codes, at, points, [])

    title, options = rows(app)
    app.push(Choice(title, options, pick, 0, rows))


def _sides(game, points):
    """An end's card points by side: each pair's (the slate enters them on
    its first seat, a log may split them between partners), or each player's."""
    if game.pairs:
        return [points[0] + points[2], points[1] + points[3]]
    return points


def _ask_card(app, game, codes, at):
    """Card event `at` again: which card (Ace or Ten, won or lost), then who played it."""
    event = game.decode(codes[at])
    cards = []
    for card in range(4):
        cards.append(card_word(app, card))
    card = 2 * RANKS.index(event["rank"]) + (0 if event["won"] else 1)

    def chosen(app, card):
        def then(app, changed):
            codes[at] = game.encode(changed)
            app.pop()
            app.pop()

        ask_player(app, card, then, event["player"])

    title = describe(app, event)  # titled with what was entered
    if len(title) > (16 if app.rows > 4 else 14):  # the four scroll: marks at the title's ends
        title = cards[card]
    app.push(Choice(title, cards, chosen, card))


def _ask_points(app, game, codes, at, old, points):
    """The card points of the next side after `points` (those entered so
    far), from `old`, those of the deal as it was; the last side has the rest."""
    side = len(points)
    left, last, detail = points_entry(game, points, len(old))

    def done(app, value):
        entered = points + [value]
        app.pop()
        if not last:
            _ask_points(app, game, codes, at, old, entered)
            return
        entered.append(left - value)
        if game.pairs:
            entered += [0, 0]  # each pair's points on its first seat, as a deal enters them
        codes[at] = game.encode({"ev": "end", "points": entered})

    title = points_title(app, game, side)
    app.push(Number(title, min(old[side], left), 0, left, done, detail))


def totals(game):
    """What the preview compares: each side's balance (a pair's, with pairs), then the pool."""
    balance = game.balance
    if game.pairs:
        return (balance[0] + balance[2], balance[1] + balance[3], game.pool)
    return tuple(balance) + (game.pool,)


def compare(app, old, new, gains=False):
    """The preview's lines: each side's balance, then the pool, before ▶
    after; every one when they all fit under "New totals" (six rows of
    128x64), else only those that change; with `gains`, what a deal gave,
    only what changed (correct.later)."""
    game = app.match.game
    every = not gains and (old == new or len(new) <= 5)
    lines = [] if gains else [t(app, "totals")]
    form = "%s: %+d▶%+d" if gains else "%s: %d▶%d"
    for index in range(len(new)):
        if every or old[index] != new[index]:
            last = index == len(new) - 1
            name = app.t("bq_pool") if last else side_name(app, game, index)
            lines.append(form % (name, old[index], new[index]))
    return lines
