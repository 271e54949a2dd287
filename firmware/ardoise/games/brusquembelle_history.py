"""Brusquembelle: the history of the match, loaded while shown.

One line per finished deal: its number and where the pool went, the latest
deals in view; Prev/Next scroll, OK goes back.
"""

from ardoise.games.brusquembelle import game_of, pool_went
from ardoise.ui import Message


def show(app):
    game = game_of(app)
    # Refold the events in force into a fresh game, noting each deal's end.
    replay = type(game)(
        {
            "ev": "match",
            "game": game.name,
            "players": game.players,
            "ante": game.ante,
            "pairs": game.pairs,
        }
    )
    lines = []
    for code in app.journal.match.in_force:
        pool = replay.pool
        deals = replay.deals
        replay.apply(code)
        if replay.deals != deals:
            lines.append("#%d %s" % (replay.deals, pool_went(app, replay, pool - replay.pool)))
    message = Message(app.t("history"), "\n".join(lines) or app.t("no_deal_yet"))
    message.first = max(0, len(message.lines) - (app.rows - 1))
    app.push(message)
