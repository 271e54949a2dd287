"""Bruus on the slate: matchsticks, tricks and Bocks of its three rule sets.

Each team's points of the game in progress, as a number and as matchsticks
(chalk strokes); in Treia the matches it still has to give back, counted
down from 10. Then the games won and, while a deal is open, its tricks as
boxes toward the five that take it. The status row names the dealer, a Bock
waiting and, inverted while a deal is open, the tricks. A tournament
session (ruling 29) adds each team's points since the match began (Σ) and
the deal's number (7/16) to the status row, which says the session's end
once its last deal is played: then the rules take nothing but undo, and
the slate's keys show their refusal.

On the slate: OK begins a deal or, during one, opens its actions (a double
or triple trick, daring and striking by what they scored); Prev and Next
give a single trick to the left or right team. Held Prev: undo; held Next
(or the fourth button): the menu.

This module stays loaded while the match is on the slate, with the deal's
actions, a new match's rule set and the history (few enough to need no
module of their own: the widgets they show are loaded while they are open).
"""

from micropython import const

from ardoise.base import (
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
    status_row,
    strokes,
    text_width,
    wrap,
)
from scoring.bruus import COUNTERSTRIKE, KIND_POINTS, KINDS, RULES, SEATS, TEAMS, TO_WIN, TREIA, TWO

_HALF = const(64)  # WIDTH // 2: the line between the teams
_BOX = const(9)  # pixels from one trick box to the next (7 wide, 2 apart)


def shown(game, side):
    """A team's number on the slate: its points, or in Treia the matches it
    still has to give back (ruling 27)."""
    return game.target - game.points[side] if game.rules == TREIA else game.points[side]


def snapshot(game):
    """What `outcome` compares: points, games won, deals."""
    return (game.points[0], game.points[1], game.games[0], game.games[1], game.deals)


def outcome(app, before, event):
    """The short note the slate shows once `event` is on flash."""
    game = app.match.game
    for side in (0, 1):
        won = game.games[side] - before[2 + side]
        if won > 1:
            return app.text.winners("bruus_double", side)  # Treia's double game
        if won:
            return app.text.winners("bruus_game_won", side)
    if game.deals != before[4]:
        # Five tricks (or Treia's 4-4) ended the deal: who scored, or the Bock.
        text = "%d:%d " % game.last_tricks
        for side in (0, 1):
            gained = game.points[side] - before[side]
            if gained:
                return text + "%s +%d" % (app.team(side), gained)
        return text + app.t("bruus_bock") % game.bock
    text = describe(app, event)
    if event["ev"] == "trick":
        tricks = "%d:%d" % (game.tricks[0], game.tricks[1])
        gap = "  " if len(text) + 2 + len(tricks) <= 16 else " "  # one row if it can
        text += gap + tricks
    return text


def describe(app, event):
    """One event in a few words: what undo would take back."""
    name = event["ev"]
    if name == "deal":
        return app.t("deal_menu")
    team = app.team(event["team"])
    # The longest form in a row of 16 (a team's names leave less room).
    if name == "trick":
        count = event.get("count", 1)
        text = "%s %s" % (app.words("bruus_tricks")[count - 1], team)
        if len(text) > 16:  # "Stich ×3 R&É"
            text = "%s ×%d %s" % (app.words("bruus_tricks")[0], count, team)
        return text
    kind = KINDS.index(event["kind"])
    for words in ("bruus_kinds", "bruus_kinds_short"):
        text = "%s %s" % (app.words(words)[kind], team)
        points = " +%d" % KIND_POINTS[kind]
        if len(text + points) <= 16:
            return text + points
        if len(text) <= 16:
            break
    return text


def deal_menu(app):
    """What a trick gave besides a single trick (Prev/Next on the slate): a
    double or triple trick, or daring and striking entered by what it scored
    (the table decides what happened, ruling 26), then the team."""
    widgets = app.load("widgets")  # while the menu is open
    counts = app.words("bruus_tricks")
    kinds = app.words("bruus_kinds")
    events = [{"ev": "trick", "count": 2}, {"ev": "trick", "count": 3}]
    options = [counts[1], counts[2]]
    for index in range(len(KINDS)):
        if index == COUNTERSTRIKE and app.match.game.rules == TWO:
            continue  # ruling 28: two players cannot play one
        events.append({"ev": "dare", "kind": KINDS[index]})
        options.append("%s +%d" % (kinds[index], KIND_POINTS[index]))

    def pick(app, index):
        event = events[index]

        def team(app, side):
            event["team"] = TEAMS[side]
            app.act(event)

        app.push(widgets.Choice(options[index], [app.team(0, 16), app.team(1, 16)], team))

    app.push(widgets.Choice(app.t("deal_menu"), options, pick))


# -- a new match and the history --------------------------------------------


def new_match(app):
    """A new match: Schwesing, Treia or two players, then whether it is a
    tournament session and of how many deals (16 by default, Schwesing's),
    then who deals first among its seats. The current match's answers come
    first: the next session is played as the last one was."""
    names = app.words("bruus_rules")
    widgets = app.load("widgets")
    current = app.match.game
    chosen = session = 0
    if current is not None and current.name == "bruus":
        chosen = current.rules
        session = current.session

    def pick(app, rules):
        def confirm(app, deals):
            def header(dealer):
                event = {"ev": "match", "game": "bruus", "rules": RULES[rules], "dealer": dealer}
                if deals:
                    event["session"] = deals
                return event

            line = names[rules]
            if deals:
                line += ", " + app.t("bruus_session") % deals
            app.load("menus").confirm_new_match(app, line, header, SEATS[rules])

        def ask(app, yes):
            if not yes:
                confirm(app, 0)
                return

            def detail(app, deals):  # beside the number on a 128x32 panel: 11 columns
                return wrap(app.t("bruus_session") % deals, 11)

            question = app.t("bruus_session_q")
            app.push(widgets.Number(question, session or 16, 1, 99, confirm, detail))

        yes_no = [app.t("no"), app.t("yes")]
        app.push(widgets.Choice(app.t("bruus_session_q"), yes_no, ask, min(session, 1)))

    app.push(widgets.Choice(app.t("set_rules"), names, pick, chosen))


def history(app):
    """The deals of the match and each in detail (bruus_history.py)."""
    app.load("games.bruus_history").history(app)


# -- the slate ----------------------------------------------------------------


class Slate(SlateScreen):
    """The slate of the match in progress."""

    def key(self, app, key):
        game = app.match.game
        if (
            game.session
            and game.deals == game.session
            and (key == OK or key == PREV or key == NEXT)
        ):
            # The session is over (ruling 29: only undo): no refusal, the
            # menu under its name, on what comes next (a new match).
            app.load("menus").main_menu(app, "bruus_session_end", 2)
        elif key == PREV or key == NEXT:
            # Between deals the rules refuse it, and the player reads why.
            app.act({"ev": "trick", "team": "A" if key == PREV else "B"})
        else:
            SlateScreen.key(self, app, key)

    def draw(self, app, fb):  # noqa: PLR0912, PLR0915  (the slate drawn in one pass; a function more is a name more)
        game = app.match.game
        compact = app.compact
        fb.vline(_HALF - 1, 0, 3 * ROW if compact else 45, 1)
        if not compact:
            fb.hline(0, 45, WIDTH, 1)  # the deal in progress below this line
        for side in (0, 1):
            dealer = game.dealer % 2 == side
            count = shown(game, side)
            number = str(count)
            # Names as they fit: beside the number on 128x32, 8 columns else.
            columns = (_HALF - 5 - text_width(number, scale=2)) // 8 if compact else 8
            label = app.team(side, columns - dealer)
            if dealer and len(label) < columns:  # where the names leave room
                label = "•" + label  # the dealer's team
            if compact:
                # Matchsticks along the top, from the edge; under them the
                # number, then the label and games won toward the middle.
                edge = 0 if side == 0 else WIDTH
                align = LEFT if side == 0 else RIGHT
                strokes(fb, count, edge, 0, side == 1, _HALF - 2)
                draw_text(fb, number, edge, ROW, scale=2, align=align)
                room = text_width(number, scale=2) + 3
                inner = room if side == 0 else WIDTH - room
                draw_text(fb, fit(label, _HALF - 2 - room), inner, ROW, align=align)
                # A session shows its points in place of the games won.
                games = "Σ%d" % game.won[side] if game.session else "✓%d" % game.games[side]
                draw_text(fb, games, inner, 2 * ROW, align=align)
                continue
            middle = _HALF // 2 + side * _HALF
            draw_text(fb, label, middle, 0, align=CENTER)
            draw_text(fb, number, middle, 10, scale=2, align=CENTER)
            width = min(STROKE * count, _HALF - 4)
            strokes(fb, count, middle - width // 2, 28, False, _HALF - 4)
            games = game.games[side]
            if game.session:  # games won, and the points of the session
                text = "✓%d Σ%d" % (games, game.won[side])
            else:
                text = "%d %s" % (games, app.words("bruus_games")[0 if games == 1 else 1])
                if text_width(text) > _HALF - 2:  # "10 Partien": the sign, as on 128x32
                    text = "✓%d" % games
            draw_text(fb, text, middle, 36, align=CENTER)
            if game.deal_open:
                # Five boxes: the fifth trick takes the deal.
                left = middle - (TO_WIN * _BOX - 2) // 2
                for index in range(TO_WIN):
                    if index < game.tricks[side]:
                        fb.fill_rect(left + index * _BOX, 48, 7, 7, 1)
                    else:
                        fb.rect(left + index * _BOX, 48, 7, 7, 1)
        # The status row: the dealer, a Bock waiting, a deal's tricks; in a
        # session, its deal first (7/16), and once it is over that alone; in
        # the longest form that fits (a long name leaves "Donneur" out).
        dealer = app.seat(game.dealer)
        text = app.t("dealer") % dealer
        bock = app.t("bruus_bock") % game.bock if game.bock else ""
        session = game.session
        if game.deal_open:
            # The tricks, and the Bock this deal's winner takes, else the
            # dealer (for whom a session's count leaves no room).
            tricks = "%d:%d" % (game.tricks[0], game.tricks[1])
            if bock or session:
                forms = [(tricks + " " + bock).strip()]
            else:
                forms = [tricks + " " + text, tricks + " " + dealer, tricks]
        elif bock:
            forms = [bock + " " + text, bock + " " + dealer, bock]
        else:
            forms = [text, dealer] if session else [text + " · OK", text, dealer]  # OK deals
        if session:
            if game.deals == session:
                forms = [app.t("bruus_session_end")]  # then only undo (ruling 29)
            else:  # the deal in progress, or the last one played
                count = "%d/%d " % (game.deals + game.deal_open, session)
                forms = [count + form for form in forms]
        status_row(app, fb, forms, game.deal_open)


def shown_value(app, value):
    """A value of a refusal as the screen names it: a team."""
    if value == "A" or value == "B":
        return app.team(value)
    return value
