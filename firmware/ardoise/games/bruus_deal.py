"""Bruus: the questions and the history, loaded while one is open.

A deal's actions: a double or triple trick, or daring and striking entered
by what it scored (the table decides what happened, ruling 26), then the
team. A new match: the rule set, then who deals first among its seats.
"""

from ardoise.base import Message, fit
from ardoise.games.bruus import shown, snapshot
from ardoise.widgets import Choice
from scoring.bruus import COUNTERSTRIKE, KIND_POINTS, KINDS, RULES, SEATS, TWO
from scoring.events import TEAMS


def deal_menu(app):
    """What a trick gave besides a single trick (Prev/Next on the slate)."""
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

        app.push(Choice(options[index], [app.team(0), app.team(1)], team))

    app.push(Choice(app.t("deal_menu"), options, pick))


def new_match(app):
    """A new match: Schwesing, Treia or two players (the current match's first)."""
    names = app.words("bruus_rules")
    current = app.match.game
    chosen = current.rules if current is not None and current.name == "bruus" else 0

    def pick(app, rules):
        def header(dealer):
            return {"ev": "match", "game": "bruus", "rules": RULES[rules], "dealer": dealer}

        app.load("menus").confirm_new_match(app, names[rules], header, SEATS[rules])

    app.push(Choice(app.t("set_rules"), names, pick, chosen))


def history(app):
    """Each finished deal: its number, its tricks and what the slate showed
    after it (points, or Treia's matches), or `✓A` for the team whose game it
    won (`✓A×2`: Treia's double game). Opens on the last rows."""
    rows = []

    def write(before, game):
        text = "%2d %d:%d" % (game.deals, game.last_tricks[0], game.last_tricks[1])
        for side in (0, 1):
            won = game.games[side] - before[2 + side]
            if won:
                text += "  ✓" + app.team(side) + ("×2" if won > 1 else "")
                break
        else:
            text += "%4d%4d" % (shown(game, 0), shown(game, 1))
        rows.append(text)

    app.match.deals(snapshot, write)
    # The columns' heads in the title bar, as wide as the screen so that
    # they stand over the rows.
    teams = (fit(app.team(0), 24), fit(app.team(1), 24))
    Message.history(app, " #    %4s%4s  " % teams, rows)
