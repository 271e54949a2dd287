"""Le Brouc: the screens of a deal's actions, loaded while one is open.

Trump, the deal's actions, marriages, the end of a deal, dehors, cape
announcements and tricks. What an action would do is asked of the rules
themselves (`app.trial`): a cape announcement is offered only when the rules
would take it, and a dehors call's verdict is shown before it is confirmed.
"""

from ardoise.font import fit, suit_symbol
from ardoise.games.brouc import (
    BROU1802,
    CARD_POINTS,
    THIRTY_ONE,
    describe,
    game_of,
    snapshot,
    unit,
)
from ardoise.inputs import Choice, Confirm, Number
from scoring.brouc import round_card_points
from scoring.events import SUITS, TEAMS, Refused


def marriage_value(game, suit_index, extended, in_trick):
    """Rule 3 (and 20 for brou1802): what a marriage counts."""
    value = 30 if extended else 20
    if suit_index == game.trump:
        value *= 2
    if in_trick and game.rules == BROU1802:
        value *= 2
    return value


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
    items = [("end", ask_end), ("marriage", ask_marriage)]
    if app.settings.get("tricks"):
        items.append(("trick", ask_trick))
    if game.rules != BROU1802:
        items.append(("dehors", ask_dehors))
    if calls:
        items.append(("announce", lambda app: ask_announce(app, calls)))
    if not recorded:
        items.append(("vole" if game.rules == BROU1802 else "cape", ask_cape))

    def pick(app, index):
        items[index][1](app)

    app.push(Choice(app.t("deal_menu"), [app.t("do_" + name) for name, _ in items], pick))


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


def ask_end(app):
    """The end of the deal: one team's card points; the other's are 120 minus them."""

    def counted(app, side):
        def detail(app, value):
            points = (value, CARD_POINTS - value) if side == 0 else (CARD_POINTS - value, value)
            # Each team's points and, after ▶, what they round to (rule 2).
            return [
                "%s%4d▶%3d"
                % (fit(app.team(team), 24), points[team], round_card_points(points[team]))
                for team in (0, 1)
            ]

        def done(app, value):
            a = value if side == 0 else CARD_POINTS - value
            app.act({"ev": "end", "A": a, "B": CARD_POINTS - a})

        title = app.t("card_points") % app.team(side)
        app.push(Number(title, CARD_POINTS // 2, 0, CARD_POINTS, done, detail))

    ask_team(app, app.t("counted_by"), counted)


def ask_marriage(app):
    """A marriage: in hand (declared) or in a trick; team, suit, K-Q or K-Q-J."""
    game = game_of(app)
    chosen = {}

    def place(app, index):
        chosen["ev"] = ("declare", "table")[index]
        ask_team(app, app.t("marriage_team"), team)

    def team(app, side):
        chosen["team"] = TEAMS[side]
        app.push(Choice(app.t("marriage_suit"), suit_options(app, game), suit))

    def suit(app, index):
        chosen["suit"] = SUITS[index]
        in_trick = chosen["ev"] == "table"
        options = []
        for extended in (0, 1):
            value = marriage_value(game, index, extended, in_trick)
            # In a trick: plus for the trick's winners, minus for the others.
            worth = "+%d/-%d" % (value, value) if in_trick else "+%d" % value
            options.append("%-6s%s" % (app.words("kinds")[extended], worth))
        app.push(Choice(app.t("marriage_kind"), options, kind))

    def kind(app, extended):
        chosen["kind"] = ("KQ", "KQJ")[extended]
        app.act(chosen)

    app.push(Choice(app.t("do_marriage"), [app.t("in_hand"), app.t("in_trick")], place))


def ask_dehors(app):
    """Dehors: the callers' card points so far, the count, then the verdict."""
    game = game_of(app)

    def called(app, side):
        other = 1 - side
        threshold = 310 if game.rules == THIRTY_ONE else 301  # rules 7 and 17
        # Rule 7: slate x 10 + card points + bottom + marriages in tricks, won and lost.
        base = game.slate[side] * 10 + game.bottom[side] + game.table[side] - game.table[other]

        def detail(app, value):
            total = base + value
            mark = " ✓" if total >= threshold else ""
            return [app.t("count"), "%d/%d%s" % (total, threshold, mark)]

        def done(app, value):
            event = {"ev": "out", "team": TEAMS[side], "points": value}
            try:
                gained = app.trial(event, lambda game: snapshot(game))
            except Refused as refusal:
                app.refuse(refusal)  # say why; nothing changed
                return
            verdict(app, event, side, gained)

        title = app.t("dehors_points") % app.team(side)
        app.push(Number(title, 0, 0, CARD_POINTS, done, detail))

    ask_team(app, app.t("do_dehors"), called)


def verdict(app, event, side, after):
    """Show what the call does (right or wrong, who scores what) before it is confirmed."""
    game = game_of(app)
    right = after[8] == side if game.rules == THIRTY_ONE else after[2 + side] > game.coches[side]
    winners = side if right else 1 - side
    lines = [app.t("right") if right else app.t("wrong")]
    if game.rules == THIRTY_ONE:
        lines.append(app.t("match_won") % app.team(winners))
    else:
        gained = after[2 + winners] - game.coches[winners]
        lines.append(app.t("game_won") % (app.team(winners), gained, unit(app, False, gained)))
    app.push(Confirm(app.t("do_dehors"), lambda app: lines, lambda app: app.act(event)))


# -- history ------------------------------------------------------------------
