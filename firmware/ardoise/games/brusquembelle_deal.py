"""Brusquembelle: a deal's actions, loaded while they are open.

An Ace or a Ten played: which card and whether it won its trick (each with
what it pays its player), then who played it. The end of the deal: the card
points of every player but the last, who has the rest of 120; with pairs,
pair A's points, pair B having the rest.
"""

from ardoise.games.brusquembelle import card_word, player
from ardoise.widgets import Choice, Number
from scoring.brusquembelle import CARD_POINTS, RANK_PAYMENT, RANKS


def deal_menu(app):
    """Ace won, Ace lost, Ten won, Ten lost (what each pays), the end of the deal."""
    game = app.match.game
    options = []
    for card in range(4):
        units = RANK_PAYMENT[card // 2] * (game.players - 1)  # rule 32
        options.append("%s %+d" % (card_word(app, card), -units if card % 2 else units))
    options.append(app.t("do_end"))

    def pick(app, index):
        if index == 4:
            ask_points(app, [])
        else:
            ask_player(app, index)

    app.push(Choice(app.t("deal_menu"), options, pick))


def ask_player(app, card):
    """Who played the Ace or Ten `card` (see card_word)."""

    def then(app, seat):
        app.act({"ev": "card", "player": seat, "rank": RANKS[card // 2], "won": card % 2 == 0})

    names = [player(app, seat) for seat in range(app.match.game.players)]
    app.push(Choice(app.t("bq_who") % card_word(app, card), names, then))


def side_name(app, game, side):
    return app.team(side) if game.pairs else player(app, side)


def ask_points(app, points):
    """The card points of the next side after `points` (those entered so far)."""
    game = app.match.game
    sides = 2 if game.pairs else game.players
    side = len(points)
    left = CARD_POINTS
    for value in points:
        left -= value
    last = side == sides - 2  # the next side is the last one: it has the rest

    def detail(app, value):
        if last:
            return ["%s: %d" % (side_name(app, game, sides - 1), left - value)]
        return [app.t("bq_left") % (left - value)]

    def done(app, value):
        entered = points + [value]
        if not last:
            ask_points(app, entered)
            return
        # Points past 120 leave the last side none: the rules then say the
        # total is wrong, with the points as entered.
        entered.append(max(0, left - value))
        if game.pairs:
            entered += [0, 0]  # each pair's points on its first seat: rule 30 adds partners'
        app.act({"ev": "end", "points": entered})

    # Starting from an even share of what is left: the fewest presses on average.
    start = max(0, left) // (sides - side)
    title = app.t("card_points") % side_name(app, game, side)
    app.push(Number(title, start, 0, CARD_POINTS, done, detail))
