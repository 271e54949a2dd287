"""Le Brouc on the slate: the screens of its three rule sets.

The slate shows what the chalk would: each team's score in tens (points in
brou1802), its coches as strokes (parties in brou1802), the marriages waiting
at the bottom; then the trump, the dealer, the tricks if recorded and an
inverted status row while a deal is open.

On the slate: OK begins a deal (trump) or, during one, opens the deal's
actions; between deals Prev and Next open the trump list too, each as its
first step; during a deal Prev and Next are for the left or right team: a
trick with trick recording on, else a marriage, and held OK goes straight to
the deal's end (its points). Held Prev: undo; held Next (or the fourth
button): the menu.

This module stays loaded while the match is on the slate, with a new
match's confirmation and the history (the rules core lists the deals:
`app.match.deals`); the screens of a deal's actions (brouc_deal.py) are
loaded when opened and dropped when the slate is back.
"""

from micropython import const

from ardoise.base import (
    BACK,
    CENTER,
    LEFT,
    NEXT,
    OK,
    PREV,
    RIGHT,
    ROW,
    STROKE,
    WIDTH,
    SlateScreen,
    draw_text,
    fit,
    row_width,
    status_row,
    strokes,
    suit_symbol,
    text_width,
)
from scoring.brouc import CALLS, RULES, SUITS

# The rule sets as the rules core numbers them (RULES: scoring.match.GAMES).
_ETIVAZ = const(0)
THIRTY_ONE = const(1)
BROU1802 = const(2)
_NO_ONE = const(-1)  # the rules core's "nobody" for winner, announcer and trump
_HALF = const(64)  # WIDTH // 2: the line between the teams


def unit(app, parties, count):
    """ "coche(s)" or "partie(s)", singular or plural as `count` asks."""
    return app.words("parties" if parties else "coches")[0 if count == 1 else 1]


def snapshot(game):
    """What `outcome` compares: slates, the tally of coches (parties in
    brou1802), games, deals, winner; and the trump, for the history."""
    tally = game.parties if game.rules == BROU1802 else game.coches
    return (
        game.slate[0],
        game.slate[1],
        tally[0],
        tally[1],
        game.games,
        game.deals,
        game.winner,
        game.trump,
    )


def outcome(app, before, event, after=None):
    """The short note the slate shows once `event` is on flash: what it
    gave, from the snapshots before it and `after` it (by default the
    match's own state; a deal's end, a cape and a dehors show it before
    they are confirmed, asking the rules: brouc_deal.py)."""
    game = app.match.game
    after = after or snapshot(game)
    if after[6] != _NO_ONE and before[6] == _NO_ONE:
        return app.text.winners("match_won", after[6])
    parties = game.rules == BROU1802
    for side in (0, 1):
        gained = after[2 + side] - before[2 + side]
        if gained:
            template = app.t("game_won") if after[4] != before[4] else app.t("gained")
            return template % (app.team(side), gained, unit(app, parties, gained))
    if after[5] != before[5]:
        return "%s %+d  %s %+d" % (
            app.team(0),
            after[0] - before[0],
            app.team(1),
            after[1] - before[1],
        )
    if event["ev"] == "trick":
        return "%s  %d:%d" % (describe(app, event), game.tricks[0], game.tricks[1])
    return describe(app, event)


def describe(app, event):
    """One event in a few words: what undo would take back."""
    name = event["ev"]
    if name == "deal":
        return app.t("ev_deal") % suit_symbol(event["trump"])
    if name == "end":
        if "cape" in event:
            return app.t("ev_cape") % app.team(event["cape"])
        return app.t("ev_end") % (event["A"], event["B"])
    team = app.team(event["team"])
    if name == "trick":
        return app.t("ev_trick") % team
    if name == "declare" or name == "table":
        kind = app.words("kinds")[0 if event["kind"] == "KQ" else 1]
        return app.t("ev_" + name) % (team, suit_symbol(event["suit"]), kind)
    if name == "announce":
        return "%s %s" % (team, app.words("calls")[CALLS.index(event["call"])])
    return app.t("ev_out") % (team, event["points"])


# -- a new match -------------------------------------------------------------


def new_match(app):
    """A new match with the rules and target from the settings: the rule
    set and target it would have, for its confirmation."""
    rules = app.settings.get("rules")
    target = app.settings.get("target")
    line = app.words("rules_names")[RULES.index(rules)]
    if rules != "31":
        line = "%s, %d %s" % (line, target, unit(app, rules == "brou1802", target))

    def header(dealer):
        event = {"ev": "match", "game": "brouc", "rules": rules, "dealer": dealer}
        if rules != "31":
            event["target"] = target
        return event

    app.load("menus").confirm_new_match(app, line, header)


# -- the history ---------------------------------------------------------------


def history(app):
    """The deals of the match and each in detail (brouc_history.py)."""
    app.load("games.brouc_history").history(app)


# -- the slate ----------------------------------------------------------------


class Slate(SlateScreen):
    """The chalk slate of the match in progress."""

    def key(self, app, key):
        game = app.match.game
        # Won, or ended by a championship round's time limit (ardoise/net.py).
        won = game.winner != _NO_ONE or app.net is not None and app.net.over() >= 0
        if key == OK:
            if won:
                app.load("menus").ask_new_match(app)
            elif game.deal_open:
                app.load("games.brouc_deal").deal_menu(app)
            else:
                app.load("games.brouc_deal").ask_trump(app)
        elif (key == PREV or key == NEXT) and game.deal_open:
            if app.settings.get("tricks"):
                app.act({"ev": "trick", "team": "A" if key == PREV else "B"})
            else:  # a marriage: what a deal without tricks records most
                app.load("games.brouc_deal").ask_marriage(app, 0 if key == PREV else 1)
        elif (key == PREV or key == NEXT) and not won:
            # Between deals: the trump list, this press its first step
            # (it wraps round: Prev is on ♠, Next on ♦); OK still picks.
            app.load("games.brouc_deal").ask_trump(app, -1 if key == PREV else 1)
        elif key == BACK and game.deal_open:  # held OK: the deal's end at once
            app.load("games.brouc_deal").deal_menu(app, True)
        else:
            SlateScreen.key(self, app, key)

    def draw(self, app, fb):
        game = app.match.game
        if app.compact:
            self.draw_compact(app, fb, game)
        else:
            self.draw_full(app, fb, game)
        # The status row: who won, or who deals, or the deal in progress, in
        # the longest form that fits (a long name leaves "Donneur" out).
        width = row_width(app) // 8
        if game.winner != _NO_ONE:
            status_row(app, fb, app.text.winners("match_won", game.winner, width), True)
            return
        dealer = app.seat(game.dealer)
        text = app.t("dealer") % dealer
        if not game.deal_open:
            status_row(app, fb, (text + " · OK", text, dealer))  # OK deals
            return
        head = suit_symbol(SUITS[game.trump]) + " "
        if game.announcer != _NO_ONE:
            call = app.words("calls_short")[game.call]
            text = dealer = "%s %s" % (call, app.team(game.announcer))
        tricks = ""
        if app.settings.get("tricks") or game.tricks[0] or game.tricks[1]:
            tricks = " %d:%d" % (game.tricks[0], game.tricks[1])
        status_row(app, fb, (head + text + tricks, head + dealer + tricks, head + tricks), True)

    @staticmethod
    def tally(app, game, side):
        """Coches as strokes, parties as a number, nothing in "31"."""
        if game.rules == BROU1802:
            return "%d%s" % (game.parties[side], app.t("parties_short"))
        return None

    def draw_full(self, app, fb, game):
        fb.vline(_HALF - 1, 0, 5 * ROW + 4, 1)
        fb.hline(0, 5 * ROW + 4, WIDTH, 1)  # the bottom of the slate below this line
        for side in (0, 1):
            middle = _HALF // 2 + side * _HALF
            dealer = game.dealer % 2 == side
            label = app.team(side, 8 - dealer)  # "Rösli & Paul" if it fits
            if dealer:
                label = "•" + label  # the dealer's team
            draw_text(fb, label, middle, 0, align=CENTER)
            score = str(game.slate[side])
            scale = 2 if len(score) <= 3 else 1
            draw_text(fb, score, middle, ROW + 4, scale=scale, align=CENTER)
            tally = self.tally(app, game, side)
            if tally is not None:
                draw_text(fb, tally, middle, 3 * ROW + 4, align=CENTER)
            elif game.rules == _ETIVAZ:
                count = game.coches[side]
                width = min(STROKE * count, _HALF - 4)
                strokes(fb, count, middle - width // 2, 3 * ROW + 4, False, _HALF - 4)
            if game.bottom[side]:
                draw_text(fb, "+%d" % game.bottom[side], middle, 6 * ROW - 2, align=CENTER)

    def draw_compact(self, app, fb, game):
        fb.vline(_HALF - 1, 0, 3 * ROW, 1)
        for side in (0, 1):
            edge = 0 if side == 0 else WIDTH
            align = LEFT if side == 0 else RIGHT
            score = str(game.slate[side])
            scale = 2 if len(score) <= 2 else 1
            draw_text(fb, score, edge, 0, scale=scale, align=align)
            # Coches or parties just past the score, toward the middle line.
            room = text_width(score, scale=scale) + 3
            inner = room if side == 0 else WIDTH - room
            tally = self.tally(app, game, side)
            if tally is not None:
                draw_text(fb, tally, inner, 4, align=align)
            elif game.rules == _ETIVAZ:
                strokes(fb, game.coches[side], inner, 4, side == 1, _HALF - 2 - room)
            dealer = game.dealer % 2 == side
            bottom = "+%d" % game.bottom[side] if game.bottom[side] else ""
            label = app.team(side, 7 - dealer - len(bottom) - bool(bottom))  # "R&P" if it fits
            # The dealer's team marked, and a space before the bottom, where
            # the names leave room (7 columns).
            for text in ("•" * dealer + label, label):
                for gap in (" ", ""):
                    if len(text + gap + bottom) <= 7:
                        break
                if len(text + gap + bottom) <= 7:
                    break
            draw_text(fb, fit((text + gap + bottom).strip(), _HALF - 2), edge, 2 * ROW, align=align)


def shown_value(app, value):
    """A value of a refusal as the screen names it: teams, suits, marriages."""
    if value == "A" or value == "B":
        return app.team(value)
    if value == "KQ" or value == "KQJ":
        return app.words("kinds")[0 if value == "KQ" else 1]
    if type(value) is str and len(value) == 1 and value in SUITS:
        return suit_symbol(value)
    return value
