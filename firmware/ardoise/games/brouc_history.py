"""Le Brouc's history: a row per deal, and a deal in detail (ardoise/history.py).

Loaded while the history is open. A deal's details are read again from
the rules core's events when it is opened: its dealer and trump, the
marriages (declared, or lying in a trick) and what each counted, an
announcement, a dehors with its count and verdict, a cape, the tricks
recorded, each team's card points and what they rounded to, then what the
deal gave: the slates' gains, coches (parties) or the game.
"""

from micropython import const

from ardoise.base import fit, suit_symbol
from ardoise.games.brouc import BROU1802, THIRTY_ONE, describe, snapshot, unit
from scoring.brouc import SUITS, round_card_points

_TRICKS = const(8)


def history(app):
    """The deals of the match, one row each: number, trump, the slate after
    it, then `✓A` for the team whose game it won (its final slate, before
    it is wiped), or `+2A` for the coches (parties) the deal gave without a
    game (a cape, a failed announcement)."""
    show = app.load("history").show  # before the rows: in one piece
    rows = []  # type: list[str]
    parties = app.match.game.rules == BROU1802

    def write(before, game):
        tally = game.parties if parties else game.coches
        won = before[2:4]
        if game.games != before[4]:
            shown = before  # a won game's final slate, before it is wiped
            note = " ✓" + app.team(0 if tally[0] > won[0] or game.winner == 0 else 1)
        else:
            shown = game.slate
            note = ""
            for side in (0, 1):
                if tally[side] != won[side]:
                    note = " +%d%s" % (tally[side] - won[side], app.team(side))
                    break
        text = "%2d%s%4d%4d" % (game.deals, suit_symbol(SUITS[before[7]]), shown[0], shown[1])
        rows.append(text + note)

    app.match.deals(snapshot, write)
    head = " # %4s%4s" % (fit(app.team(0), 24), fit(app.team(1), 24))
    show(app, app.t("history"), rows, head, app.load("games.brouc_history"))


def details(app, number):
    """The lines of deal `number`, as ardoise/history.py shows them."""
    lines = []  # type: list[str]
    parties = app.match.game.rules == BROU1802
    # Before each event: slate A, B, tally A, B, games; then tricks A, B.
    before = [0, 0, 0, 0, 0, 0, 0]

    def each(game, code):
        tally = game.parties if parties else game.coches
        if code is None:
            _outcome(app, game, before, tally, parties, lines)
            return
        before[0], before[1] = game.slate
        before[2], before[3] = tally
        before[4] = game.games
        event = game.decode(code)
        name = event["ev"]
        if name == "deal":
            trump = suit_symbol(event["trump"])
            lines.append(app.t("dealer") % app.seat(game.dealer) + "  " + trump)
        elif name == "trick":
            before[5 if event["team"] == "A" else 6] += 1
        elif name == "declare" or name == "table":
            extended = event["kind"] == "KQJ"
            value = game.marriage(SUITS.index(event["suit"]), extended, name == "table")
            kind = app.words("kinds")[1 if extended else 0]
            where = app.words("hist_where")[1 if name == "table" else 0]
            team = app.team(event["team"])
            lines.append("%s %s%s %d %s" % (team, suit_symbol(event["suit"]), kind, value, where))
        elif name == "announce":
            lines.append(app.t("do_announce") + " " + describe(app, event))
        elif name == "out":
            side = 0 if event["team"] == "A" else 1
            count, need = game.count(side)
            count += event["points"]
            lines.append(describe(app, event))
            lines.append("%s %d/%d" % (app.t("count"), count, need))
            lines.append(app.t("right" if count >= need else "wrong"))
        elif "cape" in event:
            lines.append(describe(app, event))
        else:
            parts = []
            for side in (0, 1):
                points = event["AB"[side]]
                parts.append("%s %d▶%d" % (app.team(side), points, round_card_points(points)))
            # On one row when both fit ("A 75▶80  B 45▶50"), else one each.
            lines.append((" " if len(parts[0] + parts[1]) < 16 else "\n").join(parts))

    app.match.deal(number, each)
    return lines


def _outcome(app, game, before, tally, parties, lines):
    """What the deal gave: the tricks, a cape won with them, the slates'
    gains, coches (parties) or the game."""
    tricks = before[5:7]
    if tricks[0] or tricks[1]:
        lines.append("%s %d:%d" % (app.t("hist_tricks"), tricks[0], tricks[1]))
        for side in (0, 1):
            if tricks[side] == _TRICKS:
                lines.append(app.t("ev_cape") % app.team(side))
    for side in (0, 1):
        gained = tally[side] - before[2 + side]
        if game.games != before[4] and gained:
            lines.append(app.t("game_won") % (app.team(side), gained, unit(app, parties, gained)))
        elif gained:
            lines.append(app.t("gained") % (app.team(side), gained, unit(app, parties, gained)))
    gains = (app.team(0), game.slate[0] - before[0], app.team(1), game.slate[1] - before[1])
    if (gains[1] or gains[3]) and (game.games == before[4] or game.rules == THIRTY_ONE):
        # What the slates gained, unless a game won wiped them (a "31" game
        # won ends the match and keeps its final slate).
        lines.append("%s %+d  %s %+d" % gains)
