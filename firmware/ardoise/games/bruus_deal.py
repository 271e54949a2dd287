"""Bruus: the questions, loaded while one is asked.

A deal's actions: a double or triple trick, or daring and striking entered
by what it scored (the table decides what happened, ruling 26), then the
team. A new match: the rule set, then who deals first among its seats.
"""

from ardoise.games.bruus import game_of
from ardoise.inputs import Choice
from scoring.bruus import COUNTERSTRIKE, KIND_POINTS, KINDS, RULES, TWO
from scoring.events import TEAMS


def deal_menu(app):
    """What a trick gave besides a single trick (Prev/Next on the slate)."""
    counts = app.words("bruus_tricks")
    kinds = app.words("bruus_kinds")
    events = [{"ev": "trick", "count": 2}, {"ev": "trick", "count": 3}]
    options = [counts[1], counts[2]]
    for index in range(len(KINDS)):
        if index == COUNTERSTRIKE and game_of(app).rules == TWO:
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


def ask_rules(app):
    """A new match: Schwesing, Treia or two players (the current match's first)."""
    names = app.words("bruus_rules")
    current = app.journal.match
    chosen = current.game.rules if current is not None and current.game.name == "bruus" else 0

    def pick(app, rules):
        def header(dealer):
            return {"ev": "match", "game": "bruus", "rules": RULES[rules], "dealer": dealer}

        seats = 2 if rules == TWO else 4
        app.load("screens").confirm_new_match(app, names[rules], header, seats)

    app.push(Choice(app.t("set_rules"), names, pick, chosen))
