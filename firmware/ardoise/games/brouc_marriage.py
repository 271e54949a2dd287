"""Le Brouc: a marriage, in hand or in a trick, loaded when the deal's menu picks it.

Where (declared from the hand or shown in a trick), which team, which suit,
then K-Q or K-Q-J with what each would count.
"""

from ardoise.games.brouc import BROU1802, game_of
from ardoise.games.brouc_deal import ask_team, suit_options
from ardoise.inputs import Choice
from scoring.events import SUITS, TEAMS


def marriage_value(game, suit_index, extended, in_trick):
    """Rule 3 (and 20 for brou1802): what a marriage counts."""
    value = 30 if extended else 20
    if suit_index == game.trump:
        value *= 2
    if in_trick and game.rules == BROU1802:
        value *= 2
    return value


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
