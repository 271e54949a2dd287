"""Le Brouc: the history of the match, one row per deal, loaded while shown."""

from array import array

from micropython import const

from ardoise.buttons import NEXT, OK, PREV
from ardoise.font import draw_text, fit, suit_symbol
from ardoise.games.brouc import BROU1802, game_of
from ardoise.ui import ROW, WIDTH, Screen, scroll_marks, title_bar
from scoring.brouc import RULES
from scoring.events import SUITS

# A history row: deal number, trump, slate A, slate B, then the team (0 none,
# 1 A, 2 B) that won a game with this deal and the team and number of
# coches (parties) the deal gave without a game: a cape, a failed announcement.
_STRIDE = const(7)


class History(Screen):
    """The deals of the match, one row each; a game's last deal inverted."""

    def __init__(self, app):
        game = game_of(app)
        self.table = array("h")
        # Refold the events in force into a fresh slate, noting each closed deal.
        replay = type(game)(match_header(game))
        tally = replay.parties if game.rules == BROU1802 else replay.coches
        for code in app.journal.match.in_force:
            trump = replay.trump
            slate = (replay.slate[0], replay.slate[1])
            won = (tally[0], tally[1])
            games = replay.games
            replay.apply(code)
            if replay.deals == self.count():
                continue  # the deal goes on
            winner = gainer = 0
            if replay.games != games:
                winner = 1 if tally[0] > won[0] or replay.winner == 0 else 2
                shown = slate  # a won game's final slate, before it is wiped
            else:
                shown = replay.slate
                if tally[0] != won[0]:
                    gainer = 1
                elif tally[1] != won[1]:
                    gainer = 2
            gain = tally[gainer - 1] - won[gainer - 1] if gainer else 0
            row = (replay.deals, trump, shown[0], shown[1], winner, gainer, gain)
            self.table.extend(array("h", row))
        self.first = max(0, self.count() - (app.rows - 2))

    def count(self):
        return len(self.table) // _STRIDE

    def key(self, app, key):
        rows = app.rows - 2
        if key == NEXT:
            self.first = min(self.first + 1, max(0, self.count() - rows))
        elif key == PREV:
            self.first = max(0, self.first - 1)
        elif key == OK:
            app.home()
        else:
            Screen.key(self, app, key)

    def draw(self, app, fb):
        title_bar(fb, app.t("history"))
        draw_text(fb, " # %4s%4s" % (fit(app.team(0), 24), fit(app.team(1), 24)), 0, ROW)
        rows = app.rows - 2
        if not self.count():
            draw_text(fb, app.t("no_deal_yet"), 0, 2 * ROW)
        for line in range(rows):
            index = self.first + line
            if index >= self.count():
                break
            row = self.table[index * _STRIDE : (index + 1) * _STRIDE]
            text = "%2d%s%4d%4d" % (row[0], suit_symbol(SUITS[row[1]]), row[2], row[3])
            if row[4]:
                text += " ✓" + app.team(row[4] - 1)
            elif row[5]:
                text += " +%d%s" % (row[6], app.team(row[5] - 1))
            y = (line + 2) * ROW
            if row[4]:
                fb.fill_rect(0, y, WIDTH, ROW, 1)
            draw_text(fb, fit(text, WIDTH), 0, y, color=0 if row[4] else 1)
        scroll_marks(fb, 2 * ROW, rows, self.first, self.count())


def match_header(game):
    """The match event a Game was made from."""
    return {
        "ev": "match",
        "game": "brouc",
        "rules": RULES[game.rules],
        "dealer": game.first_dealer,
        "target": game.target,
    }
