"""Le Brouc: a new match, a deal's actions and the history, loaded while one is open.

The trump that opens a deal, then the deal's menu: tricks, marriages, cape
announcements and a cape are here; the card points of an end of deal or a
dehors call (brouc_points.py) are a module of their own, loaded when
picked. What an action would do is asked of the rules themselves
(`app.match`): a cape announcement is offered only when the rules would
take it, a marriage shows what the rules count it. The history's deals
are those the rules core lists (`app.match.deals`).
"""

from ardoise.base import Message, fit, suit_symbol
from ardoise.games.brouc import BROU1802, THIRTY_ONE, describe, snapshot, unit
from ardoise.widgets import Choice
from scoring.brouc import RULES
from scoring.events import SUITS, TEAMS, Refused

# -- a new match -------------------------------------------------------------


def header(settings, dealer):
    """The match event for a new match with the stored settings."""
    rules = settings.get("rules")
    event = {"ev": "match", "game": "brouc", "rules": rules, "dealer": dealer}
    if rules != "31":
        event["target"] = settings.get("target")
    return event


def new_match(app):
    """A new match with the rules and target from the settings."""
    menus = app.load("menus")
    menus.confirm_new_match(app, rules_line(app), lambda dealer: header(app.settings, dealer))


def rules_line(app):
    """The rule set and target a new match would have, for its confirmation."""
    rules = app.settings.get("rules")
    name = app.words("rules_names")[RULES.index(rules)]
    if rules == "31":
        return name
    target = app.settings.get("target")
    return "%s, %d %s" % (name, target, unit(app, rules == "brou1802", target))


# -- a deal --------------------------------------------------------------------


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
    game = app.match.game
    title = app.t("trump_title") % app.seat(game.dealer)

    def pick(app, index):
        app.act({"ev": "deal", "trump": SUITS[index]})

    app.push(Choice(title, suit_options(app, game), pick))


def ask_team(app, title, then):
    """Which team: `then(app, side)`."""
    app.push(Choice(title, [app.team(0), app.team(1)], then))


def deal_menu(app):
    """What can happen during a deal; cape announcements only when allowed."""
    game = app.match.game
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
                app.match.trial(event, lambda game: None)
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

    ask_team(app, app.t("do_" + ("vole" if app.match.game.rules == BROU1802 else "cape")), then)


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


# -- the history ---------------------------------------------------------------


def history(app):
    """The deals of the match, one row each: number, trump, the slate after
    it, then `✓A` for the team whose game it won (its final slate, before
    it is wiped), or `+2A` for the coches (parties) the deal gave without a
    game (a cape, a failed announcement); a game's last deal inverted."""
    rows = []  # type: list[str]
    inverted = []  # type: list[int]
    parties = app.match.game.rules == BROU1802

    def write(before, game):
        tally = game.parties if parties else game.coches
        won = before[4:6] if parties else before[2:4]
        if game.games != before[6]:
            inverted.append(len(rows))
            shown = before  # a won game's final slate, before it is wiped
            note = " ✓" + app.team(0 if tally[0] > won[0] or game.winner == 0 else 1)
        else:
            shown = game.slate
            note = ""
            for side in (0, 1):
                if tally[side] != won[side]:
                    note = " +%d%s" % (tally[side] - won[side], app.team(side))
                    break
        text = "%2d%s%4d%4d" % (game.deals, suit_symbol(SUITS[before[9]]), shown[0], shown[1])
        rows.append(text + note)

    app.match.deals(snapshot, write)
    head = " # %4s%4s" % (fit(app.team(0), 24), fit(app.team(1), 24))
    Message.history(app, app.t("history"), rows, head, inverted)
