"""Bruus: a deal's actions, loaded while they are open.

A double or triple trick, or daring and striking entered by what it scored
(the table decides what happened, ruling 26), then the team.
"""

from ardoise.widgets import Choice
from scoring.bruus import COUNTERSTRIKE, KIND_POINTS, KINDS, TEAMS, TWO


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
