"""Le Brouc: card points, loaded when the deal's menu picks the end of the
deal or a dehors call.

The end of a deal: the 120 card points split between the teams, on one
screen. Dehors: the callers, their card points so far and what they count
(the rules' count), then the verdict the rules give, shown before it is
confirmed.
"""

from ardoise.base import CENTER, LEFT, RIGHT, ROW, WIDTH, draw_text, title_bar
from ardoise.games.brouc import THIRTY_ONE, snapshot, unit
from ardoise.games.brouc_deal import ask_team
from ardoise.widgets import Confirm, Number
from scoring.brouc import CARD_POINTS, round_card_points
from scoring.events import TEAMS, Refused


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


def ask_end(app):
    """The end of the deal: A's and B's card points, 60 each to begin with."""

    def done(app, value):
        app.act({"ev": "end", "A": CARD_POINTS - value, "B": value})

    app.push(Split(app.t("do_end"), CARD_POINTS // 2, 0, CARD_POINTS, done))


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

        title = app.t("dehors_points") % app.team(side)
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
    right = after[8] == side if game.rules == THIRTY_ONE else after[2 + side] > game.coches[side]
    winners = side if right else 1 - side
    lines = [app.t("right") if right else app.t("wrong")]
    if game.rules == THIRTY_ONE:
        lines.append(app.t("match_won") % app.team(winners))
    else:
        gained = after[2 + winners] - game.coches[winners]
        lines.append(app.t("game_won") % (app.team(winners), gained, unit(app, False, gained)))
    app.push(Confirm(app.t("do_dehors"), lambda app: lines, lambda app: app.act(event)))
