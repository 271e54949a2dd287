"""Le Brouc: the screens of a deal's actions, loaded while one is open.

The trump that opens a deal, then the deal's menu: tricks, marriages, cape
announcements and a cape are here; the card points of an end of deal or a
dehors call (brouc_points.py) are a module of their own, loaded when
picked. What an action would do is asked
of the rules themselves (`app.trial`): a cape announcement is offered only
when the rules would take it.
"""

from ardoise.font import suit_symbol
from ardoise.games.brouc import BROU1802, THIRTY_ONE, describe, game_of
from ardoise.inputs import Choice
from scoring.events import SUITS, TEAMS, Refused


def suit_options(app, game):
    options = []
    for index in range(4):
        name = suit_symbol(SUITS[index]) + " " + app.words("suits")[index]
        if index == game.trump:
            name += " " + app.t("trump_mark")
        options.append(name)
    return options


def ask_trump(app):
    """A new deal: the dealer's turned-up last card gives the trump."""
    game = game_of(app)
    title = app.t("trump_title") % app.seat(game.dealer)

    def pick(app, index):
        app.act({"ev": "deal", "trump": SUITS[index]})

    app.push(Choice(title, suit_options(app, game), pick))


def ask_team(app, title, then):
    """Which team: `then(app, side)`."""
    app.push(Choice(title, [app.team(0), app.team(1)], then))


def deal_menu(app):
    """What can happen during a deal; cape announcements only when allowed."""
    game = game_of(app)
    recorded = game.tricks[0] + game.tricks[1]
    calls = allowed_calls(app, game)
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
        if item == "end":
            app.load("games.brouc_points").ask_end(app)
        elif item == "marriage":
            ask_marriage(app)
        elif item == "trick":
            ask_trick(app)
        elif item == "dehors":
            app.load("games.brouc_points").ask_dehors(app)
        elif item == "announce":
            ask_announce(app, calls)
        else:
            ask_cape(app)

    app.push(Choice(app.t("deal_menu"), [app.t("do_" + item) for item in items], pick))


def allowed_calls(app, game):
    """The (team, call) announcements the rules would accept now."""
    if game.rules == THIRTY_ONE:
        return []
    calls = ("partie-vole",) if game.rules == BROU1802 else ("cape-dehors", "cape-dedouble")
    allowed = []
    for side in (0, 1):
        for call in calls:
            event = {"ev": "announce", "team": TEAMS[side], "call": call}
            try:
                app.trial(event, lambda game: None)
            except Refused:
                continue  # not allowed now
            allowed.append(event)
    return allowed


def ask_announce(app, calls):
    options = []
    for event in calls:
        options.append(describe(app, event))
    app.push(Choice(app.t("do_announce"), options, lambda app, index: app.act(calls[index])))


def ask_trick(app):
    ask_team(
        app, app.t("do_trick"), lambda app, side: app.act({"ev": "trick", "team": TEAMS[side]})
    )


def ask_cape(app):
    def then(app, side):
        app.act({"ev": "end", "cape": TEAMS[side]})

    ask_team(app, app.t("do_" + ("vole" if game_of(app).rules == BROU1802 else "cape")), then)


def marriage_value(game, suit_index, extended, in_trick):
    """Rule 3 (and 20 for brou1802): what a marriage counts."""
    value = 30 if extended else 20
    if suit_index == game.trump:
        value *= 2
    if in_trick and game.rules == BROU1802:
        value *= 2
    return value


def ask_marriage(app, side=None):
    """A marriage of team `side` (asked if None: Prev or Next on the slate
    gives it), its suit, then its cards and where they are in one list, each
    with what it counts: declared (in hand, to the bottom of the slate) or
    lying in a trick (plus for the trick's winners, minus for the others)."""
    game = game_of(app)
    chosen = {}

    def team(app, side):
        chosen["team"] = TEAMS[side]
        title = app.t("do_marriage") + " " + app.team(side)

        def suit(app, index):
            chosen["suit"] = SUITS[index]
            options = []
            for in_trick in (0, 1):
                for extended in (0, 1):
                    value = marriage_value(game, index, extended, in_trick)
                    cards = app.words("kinds")[extended]
                    if in_trick:
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
