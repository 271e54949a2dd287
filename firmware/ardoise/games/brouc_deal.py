"""Le Brouc: a deal's actions, loaded when one is opened (and kept while used).

The trump that opens a deal, then the deal's menu: tricks, marriages, cape
announcements and a cape; the card points of an end of deal (the 120 split
between the teams, on one screen) or of a dehors call (the callers', with
what they count: the rules' count, then the verdict the rules give, shown
before it is confirmed). What an action would do is asked of the rules
themselves (`app.match`): a cape announcement is offered only when the
rules would take it, a marriage shows what the rules count it.
"""

from ardoise.base import (
    CENTER,
    LEFT,
    MENU,
    NEXT,
    PREV,
    RIGHT,
    ROW,
    UNDO,
    WIDTH,
    draw_text,
    suit_symbol,
    title_bar,
)
from ardoise.games.brouc import BROU1802, THIRTY_ONE, describe, outcome, snapshot
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
    room = 16 if app.rows > 4 else 14  # the four suits scroll: marks at the title's ends
    for title in app.words("trump_title"):  # the longest form that fits
        if "%" in title:
            title %= dealer
        if len(title) <= room:
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
                event = {"ev": "end", "A": CARD_POINTS - value, "B": value}
                confirm(app, app.t("do_end"), event, [])

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

            def team(app, side):
                if item == "trick":
                    app.act({"ev": "trick", "team": TEAMS[side]})
                else:  # what the cape gives, then OK
                    confirm(app, app.t("do_" + item), {"ev": "end", "cape": TEAMS[side]}, [])

            ask_team(app, app.t("do_" + item), team)

    options = []
    for item in items:
        options.append(app.t("do_" + item))
    app.push(Choice(app.t("deal_menu"), options, pick))
    if end:
        pick(app, 0)


def ask_marriage(app, side=None):
    """A marriage of team `side` (asked if None: Prev or Next on the slate
    gives it): one list of them all, a suit after the other (held Prev and
    Next jump a suit), each with what the rules count it: its cards,
    declared (in hand, to the bottom of the slate) or lying in a trick (plus
    for the trick's winners, minus for the others): `♥R-D   +20` first (the
    most frequent: a simple marriage declared), `♠R-D-V ±60 pli` last."""
    game = app.match.game
    where = app.words("hist_where")[1]  # in a trick

    def team(app, side):
        options = []
        for index in range(4):
            for table in (0, 1):
                for extended in (0, 1):
                    value = game.marriage(index, extended, table)
                    text = "%s%-5s %s%d" % (
                        suit_symbol(SUITS[index]),
                        app.words("kinds")[extended],
                        "±" if table else "+",
                        value,
                    )
                    options.append(text + " " + where if table else text)

        def kind(app, index):
            table = index & 2
            event = {"ev": "table" if table else "declare", "team": TEAMS[side]}
            event["suit"] = SUITS[index >> 2]
            event["kind"] = "KQJ" if index & 1 else "KQ"
            app.act(event)

        app.push(Marriages(app.t("do_marriage") + " " + app.team(side), options, kind))

    if side is None:
        ask_team(app, app.t("marriage_team"), team)
    else:
        team(app, side)


class Marriages(Choice):
    """The list of a team's marriages, four a suit: held Prev and Next go
    to the previous or next suit's first, again and again while held."""

    repeat = (PREV, NEXT)  # their held events (UNDO, MENU) repeat

    def key(self, app, key):
        if key == UNDO:
            self.index = (self.index - 1) // 4 * 4 % 16
        elif key == MENU:
            self.index = (self.index // 4 + 1) * 4 % 16
        else:
            Choice.key(self, app, key)


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
                # The points at the edges, big; under them the team and the
                # rounding (a team's names leave the points no room beside).
                edge = WIDTH if side else 0
                align = RIGHT if side else LEFT
                draw_text(fb, str(points), edge, ROW, scale=2, align=align)
                draw_text(fb, app.team(side) + " " + rounded, edge, 3 * ROW, align=align)
                continue
            middle = WIDTH // 4 + side * WIDTH // 2
            draw_text(fb, app.team(side), middle, ROW + 2, align=CENTER)
            draw_text(fb, str(points), middle, 2 * ROW + 4, scale=2, align=CENTER)
            draw_text(fb, rounded, middle, 4 * ROW + 6, align=CENTER)
        fb.vline(WIDTH // 2 - 1, ROW + 2, 2 * ROW - 4 if compact else 5 * ROW, 1)
        if compact:
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
    confirm(app, app.t("do_dehors"), event, [app.t("right") if right else app.t("wrong")])


def confirm(app, title, event, lines):
    """What `event` gives (an end of deal, a cape, a dehors), asked of the
    rules before anything is written, under `lines`: OK writes it, held OK
    goes back (issue 33: no press records a deal unseen)."""
    before = snapshot(app.match.game)
    try:
        after = app.match.trial(event, snapshot)
    except Refused as refusal:
        app.refuse(refusal)  # say why; nothing changed
        return
    lines.append(outcome(app, before, event, after))
    app.push(Confirm(title, lambda app: lines, lambda app: app.act(event)))
