"""Bruus: the history of the match, one row per deal, loaded while shown."""

from ardoise.buttons import OK
from ardoise.font import fit
from ardoise.games.bruus import game_of, shown
from ardoise.ui import Message
from scoring.bruus import RULES


class History(Message):
    """Rows to scroll with Prev/Next; OK goes back to the slate."""

    def key(self, app, key):
        if key == OK:
            app.home()
        else:
            Message.key(self, app, key)


def show(app):
    """Each finished deal: its number, its tricks and what the slate showed
    after it (points, or Treia's matches), or `✓A` for the team whose game it
    won (`✓A×2`: Treia's double game). Opens on the last rows."""
    game = game_of(app)
    # Refold the events in force into a fresh game, noting each closed deal.
    replay = type(game)(
        {"ev": "match", "game": "bruus", "rules": RULES[game.rules], "dealer": game.first_dealer}
    )
    rows = []
    for code in app.journal.match.in_force:
        deals = replay.deals
        games = (replay.games[0], replay.games[1])
        replay.apply(code)
        if replay.deals == deals:
            continue  # the deal goes on
        row = "%2d %d:%d" % (replay.deals, replay.last_tricks[0], replay.last_tricks[1])
        for side in (0, 1):
            won = replay.games[side] - games[side]
            if won:
                row += "  ✓" + app.team(side) + ("×2" if won > 1 else "")
                break
        else:
            row += "%4d%4d" % (shown(replay, 0), shown(replay, 1))
        rows.append(row)
    # The columns' heads in the title bar, as wide as the screen so that
    # they stand over the rows.
    teams = (fit(app.team(0), 24), fit(app.team(1), 24))
    screen = History(" #    %4s%4s  " % teams, app.t("no_deal_yet"))
    if rows:
        screen.lines = rows
        screen.first = max(0, len(rows) - (app.rows - 1))
    app.push(screen)
