"""Brusquembelle's history: a row per deal, and a deal in detail
(ardoise/history.py).

Loaded while the history is open. A deal's details are read again from
the rules core's events when it is opened: its dealer, each Ace and Ten
entered (won or lost), every player's card points, then who took the pool.
"""

from ardoise.base import wrap
from ardoise.games.brusquembelle import describe, player, pool_went, snapshot


def history(app):
    """One row per finished deal, in two lines (issue 33): its number and
    where the pool went, then each player's balance after it (each pair's,
    with pairs), in seat order."""
    show = app.load("history").show  # before the rows: in one piece
    lines = []

    def write(before, game):
        balance = game.balance
        if game.pairs:
            balance = [balance[0] + balance[2], balance[1] + balance[3]]
        after = []
        for value in balance:
            after.append("%+d" % value if value else "0")
        taken = pool_went(app, game, before[0] - game.pool)
        row = wrap("%d %s" % (game.deals, taken)) + wrap(" ".join(after))
        lines.append("\n".join(row))

    app.match.deals(snapshot, write)
    module = app.load("games.brusquembelle_history")
    show(app, app.t("history"), lines, None, module)


def details(app, number):
    """The lines of deal `number`, as ardoise/history.py shows them."""
    lines = []  # type: list[str]
    pool = [0]  # before each event

    def each(game, code):
        if code is None:
            lines.append(pool_went(app, game, pool[0] - game.pool))
            return
        pool[0] = game.pool
        event = game.decode(code)
        if event["ev"] == "deal":
            lines.append(app.t("bq_deal") % player(app, game.dealer))
        elif event["ev"] == "card":
            lines.append(describe(app, event))
        else:
            for seat, points in enumerate(event["points"]):
                lines.append("%s %d" % (app.t("card_points") % player(app, seat), points))

    app.match.deal(number, each)
    return lines
