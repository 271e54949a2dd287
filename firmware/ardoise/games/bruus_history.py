"""Bruus's history: a row per deal, and a deal in detail (ardoise/history.py).

Loaded while the history is open. A deal's details are read again from
the rules core's events when it is opened: its dealer, each dare and
strike with what it scored, the tricks, a Bock left or taken, then what
the deal gave: points, or the game.
"""

from ardoise.base import fit
from ardoise.games.bruus import describe, shown, snapshot


def history(app):
    """Each finished deal: its number, its tricks and what the slate showed
    after it (points, or Treia's matches), or `✓A` for the team whose game it
    won (`✓A×2`: Treia's double game). Opens on the last rows."""
    show = app.load("history").show  # before the rows: in one piece
    rows = []

    def write(before, game):
        text = "%2d %d:%d" % (game.deals, game.last_tricks[0], game.last_tricks[1])
        for side in (0, 1):
            won = game.games[side] - before[2 + side]
            if won:
                text += "  ✓" + app.team(side) + ("×2" if won > 1 else "")
                break
        else:
            text += "%4d%4d" % (shown(game, 0), shown(game, 1))
        rows.append(text)

    app.match.deals(snapshot, write)
    # The columns' heads in the title bar, as wide as the screen so that
    # they stand over the rows.
    teams = (fit(app.team(0), 24), fit(app.team(1), 24))
    module = app.load("games.bruus_history")
    show(app, " #    %4s%4s  " % teams, rows, None, module)


def details(app, number):
    """The lines of deal `number`, as ardoise/history.py shows them."""
    lines = []  # type: list[str]
    before = [0, 0, 0, 0, 0]  # points A, B, games A, B, Bock: as the deal began

    def each(game, code):
        if code is not None:
            event = game.decode(code)
            if event["ev"] == "deal":
                before[0], before[1] = game.points
                before[2], before[3] = game.games
                before[4] = game.bock
                lines.append(app.t("dealer") % app.seat(game.dealer))
            elif event["ev"] == "dare":
                lines.append(describe(app, event))
            return
        lines.append("%s %d:%d" % (app.t("hist_tricks"), game.last_tricks[0], game.last_tricks[1]))
        if game.bock > before[4]:
            lines.append(app.t("bruus_bock") % game.bock)  # a 4-4: a Bock for the next deal
        elif before[4] and not game.bock:
            lines.append(app.t("bruus_bock") % before[4])  # taken by this deal's winner
        for side in (0, 1):
            won = game.games[side] - before[2 + side]
            if won:  # the points start again at 0
                key = "bruus_double" if won > 1 else "bruus_game_won"
                lines.append(app.text.winners(key, side))
                return
        for side in (0, 1):
            if game.points[side] != before[side]:
                lines.append("%s %+d" % (app.team(side), game.points[side] - before[side]))

    app.match.deal(number, each)
    return lines
