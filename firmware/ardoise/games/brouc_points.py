"""Le Brouc: card points, loaded when the deal's menu picks the end of the
deal or a dehors call.

The end of a deal: which team counted, then its points (the other team's
are 120 minus them). Dehors: the callers, their card points so far, then
the verdict the rules give, shown before it is confirmed.
"""

from ardoise.font import fit
from ardoise.games.brouc import CARD_POINTS, THIRTY_ONE, game_of, snapshot, unit
from ardoise.games.brouc_deal import ask_team
from ardoise.inputs import Confirm, Number
from scoring.brouc import round_card_points
from scoring.events import TEAMS, Refused


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
