"""Le Brouc: a deal's actions, loaded when one is opened (and kept while used).

The trump that opens a deal, then the deal's menu: tricks, marriages, cape
announcements and a cape; the card points of an end of deal (the 120 split
between the teams, on one screen) or of a dehors call (the callers', with
what they count: the rules' count, then the verdict the rules give, shown
before it is confirmed). What an action would do is asked of the rules
themselves (`app.match`): a cape announcement is offered only when the
rules would take it, a marriage shows what the rules count it.
"""

from ardoise.base import CENTER, LEFT, RIGHT, ROW, WIDTH, draw_text, suit_symbol, title_bar
from ardoise.games.brouc import BROU1802, THIRTY_ONE, describe, snapshot, unit
from ardoise.widgets import Choice, Confirm, Number
from scoring.brouc import CARD_POINTS, SUITS, TEAMS, Refused, round_card_points

# -- a deal --------------------------------------------------------------------


def suit_options(app, game):
    options = []
    for index in range(4):
        name = suit_symbol(SUITS[index]) + " " + app.words("suits")[index]
        if index == game.trump:
            name += " " + app.t("trump_mark")
        options.append(name)
    return options


def ask_trump(app, index=0):
    """A new deal: the dealer's turned-up last card gives the trump. The
    cursor on the suit `index` (-1: the last): Prev or Next on the slate
    opens the list as its first step."""
    game = app.match.game
    dealer = app.seat(game.dealer)
    for title in app.words("trump_title"):  # the longest form that fits
        if "%" in title:
            title %= dealer
        if len(title) <= 16:
            break

    def pick(app, index):
        app.act({"ev": "deal", "trump": SUITS[index]})

    app.push(Choice(title, suit_options(app, game), pick, index % 4))


def ask_team(app, title, then):
    """Which team: `then(app, side)`."""
    app.push(Choice(title, [app.team(0, 16), app.team(1, 16)], then))


def deal_menu(app, end=False):  # noqa: C901  (one menu's items in order, as the player sees them)
    """What can happen during a deal; cape announcements only when allowed.
    With `end` (held OK on the slate), its first item, the end of the deal,
    is opened at once: held OK there goes back to the list."""
    game = app.match.game
    recorded = game.tricks[0] + game.tricks[1]
    # The (team, call) announcements the rules would accept now (none in "31").
    calls = []
    names = ("partie-vole",) if game.rules == BROU1802 else ("cape-dehors", "cape-dedouble")
    for side in (0, 1):
        for call in names:
            event = {"ev": "announce", "team": TEAMS[side], "call": call}
            try:
                app.match.trial(event, snapshot)  # accepted or not: what it reads is no matter
            except Refused:
                continue  # not allowed now
            calls.append(event)
    items = ["end", "marriage"]
    if app.settings.get("tricks"):
        items.append("trick")
    if game.rules != BROU1802:
        items.append("dehors")
    if calls:
        items.append("announce")
    if not recorded:
        items.append("vole" if game.rules == BROU1802 else "cape")

    def pick(app, index):
        item = items[index]
        if item == "end":  # A's and B's card points, 60 each to begin with

            def done(app, value):
                app.act({"ev": "end", "A": CARD_POINTS - value, "B": value})

            app.push(Split(app.t("do_end"), CARD_POINTS // 2, 0, CARD_POINTS, done))
        elif item == "marriage":
            ask_marriage(app)
        elif item == "dehors":
            ask_dehors(app)
        elif item == "announce":
            options = []
            for call in calls:
                options.append(describe(app, call))

            def announce(app, index):
                app.act(calls[index])

            app.push(Choice(app.t("do_announce"), options, announce))
        else:  # a trick, or a cape (la vole in brou1802): the team
            event = {"ev": "trick"} if item == "trick" else {"ev": "end"}

            def team(app, side):
                event["team" if item == "trick" else "cape"] = TEAMS[side]
                app.act(event)

            ask_team(app, app.t("do_" + item), team)

    options = []
    for item in items:
        options.append(app.t("do_" + item))
    app.push(Choice(app.t("deal_menu"), options, pick))
    if end:
        pick(app, 0)


def ask_marriage(app, side=None):
    """A marriage of team `side` (asked if None: Prev or Next on the slate
    gives it), its suit, then its cards and where they are in one list, each
    with what the rules count it: declared (in hand, to the bottom of the
    slate) or lying in a trick (plus for the trick's winners, minus for the
    others)."""
    game = app.match.game
    chosen = {}

    def team(app, side):
        chosen["team"] = TEAMS[side]
        title = app.t("do_marriage") + " " + app.team(side)

        def suit(app, index):
            chosen["suit"] = SUITS[index]
            options = []
            for table in (0, 1):
                for extended in (0, 1):
                    value = game.marriage(index, extended, table)
                    cards = app.words("kinds")[extended]
                    if table:
                        options.append("%-6s±%d %s" % (cards, value, app.t("do_trick")))
                    else:
                        options.append("%-6s+%d" % (cards, value))
            app.push(Choice(title + " " + suit_symbol(SUITS[index]), options, kind))

        app.push(Choice(title, suit_options(app, game), suit))

    def kind(app, index):
        chosen["ev"] = "table" if index > 1 else "declare"
        chosen["kind"] = "KQJ" if index & 1 else "KQ"
        app.act(chosen)

    if side is None:
        ask_team(app, app.t("marriage_team"), team)
    else:
        team(app, side)


# -- card points ---------------------------------------------------------------


class Split(Number):
    """The end of a deal: A's card points on the left, B's on the right, each
    with what it rounds to (rule 2). Prev gives the left team a point and
    Next the right one, as they give tricks on the slate; held, they jump to
    the next five, where the rounding changes. Its value is B's points."""

    def draw(self, app, fb):
        title_bar(fb, self.title)
        compact = app.compact
        for side in (0, 1):
            points = self.value if side else CARD_POINTS - self.value
            rounded = "▶%d" % round_card_points(points)
            if compact:
                # The points at the edges, big; the team beside, the rounding below.
                edge = WIDTH if side else 0
                align = RIGHT if side else LEFT
                draw_text(fb, str(points), edge, ROW, scale=2, align=align)
                inner = WIDTH // 2 + (4 if side else -4)
                draw_text(fb, app.team(side), inner, ROW + 4, align=LEFT if side else RIGHT)
                draw_text(fb, rounded, edge, 3 * ROW, align=align)
                continue
            middle = WIDTH // 4 + side * WIDTH // 2
            draw_text(fb, app.team(side), middle, ROW + 2, align=CENTER)
            draw_text(fb, str(points), middle, 2 * ROW + 4, scale=2, align=CENTER)
            draw_text(fb, rounded, middle, 4 * ROW + 6, align=CENTER)
        fb.vline(WIDTH // 2 - 1, ROW + 2, 2 * ROW - 4 if compact else 5 * ROW, 1)
        if compact:
            draw_text(fb, "OK", WIDTH // 2, 3 * ROW, align=CENTER)
            return
        draw_text(fb, "◀", 0, 2 * ROW + 8)
        draw_text(fb, "▶", WIDTH, 2 * ROW + 8, align=RIGHT)
        draw_text(fb, "OK ✓", WIDTH, 7 * ROW, align=RIGHT)


def ask_dehors(app):
    """Dehors: the callers' card points so far, the count, then the verdict."""
    game = app.match.game

    def called(app, side):
        base, need = game.count(side)  # rule 7: all but the card points

        def detail(app, value):
            total = base + value
            mark = " ✓" if total >= need else ""
            return [app.t("count"), "%d/%d%s" % (total, need, mark)]

        def done(app, value):
            event = {"ev": "out", "team": TEAMS[side], "points": value}
            try:
                gained = app.match.trial(event, snapshot)
            except Refused as refusal:
                app.refuse(refusal)  # say why; nothing changed
                return
            verdict(app, event, side, gained)

        title = app.t("card_points") % app.team(side)
        # From the fewest points that make the call right: callers mostly
        # call as soon as they count enough (from 0 if no points would do).
        start = need - base
        if not 0 <= start <= CARD_POINTS:
            start = 0
        app.push(Number(title, start, 0, CARD_POINTS, done, detail))

    ask_team(app, app.t("do_dehors"), called)


def verdict(app, event, side, after):
    """Show what the call does (right or wrong, who scores what) before it is confirmed."""
    game = app.match.game
    right = after[6] == side if game.rules == THIRTY_ONE else after[2 + side] > game.coches[side]
    winners = side if right else 1 - side
    lines = [app.t("right") if right else app.t("wrong")]
    if game.rules == THIRTY_ONE:
        lines.append(app.text.winners("match_won", winners))
    else:
        gained = after[2 + winners] - game.coches[winners]
        lines.append(app.t("game_won") % (app.team(winners), gained, unit(app, False, gained)))
    app.push(Confirm(app.t("do_dehors"), lambda app: lines, lambda app: app.act(event)))
