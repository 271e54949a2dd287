"""Le Brouc's history: a row per deal, and a deal in detail (ardoise/history.py).

Loaded while the history is open. A deal's details are read again from
the rules core's events when it is opened: its dealer and trump, the
marriages (declared, or lying in a trick) and what each counted, an
announcement, a dehors with its count and verdict, a cape, the tricks
recorded, each team's card points and what they rounded to, then what the
deal gave: the slates' gains, coches (parties) or the game.
"""

from micropython import const

from ardoise.base import suit_symbol, wrap
from ardoise.games.brouc import BROU1802, THIRTY_ONE, describe, unit
from scoring.brouc import CALLS, SUITS, round_card_points

_TRICKS = const(8)


def history(app):
    """The deals of the match, a row each (issue 33): what the deal did,
    then what it gave and the slates after it.

    First its number and trump, its card points (`75/45`), the marriages
    (team and suit: `A♠ B♦`), an announcement (`dédoublé A`), a dehors
    (`Dehors A 50`), a cape (`Cape B`); then the coches (parties) it gave
    (`B +2 coches`, `Jeu A: +1 coche`), then each team's slate before and
    after it (`A 7▶14 B 8▶16`: a won game wipes them, `A 27▶0`)."""
    show = app.load("history").show  # before the rows: in one piece
    rows = []  # type: list[str]
    parties = app.match.game.rules == BROU1802
    before = [0, 0, 0, 0, 0, 0, 0]  # as the deal began: slates, tally, games; its tricks
    words = []  # type: list[str]

    def each(game, code):
        tally = game.parties if parties else game.coches
        if code is None:
            lines = wrap(" ".join(words))
            for side in (0, 1):
                gained = tally[side] - before[2 + side]
                if gained:
                    key = "game_won" if game.games != before[4] else "gained"
                    text = app.t(key) % (app.team(side), gained, unit(app, parties, gained))
                    if len(text) > 16:  # the unit goes first ("Jeu A: +2")
                        text = (app.t(key) % (app.team(side), gained, "")).strip()
                    lines += wrap(text)
            slates = []
            for side in (0, 1):
                slates.append("%s %d▶%d" % (app.team(side), before[side], game.slate[side]))
            both = " ".join(slates)  # on one line if it fits, else a team a line
            rows.append("\n".join(lines + ([both] if len(both) <= 16 else slates)))
            return
        event = game.decode(code)
        name = event["ev"]
        if name == "deal":
            before[0], before[1] = game.slate
            before[2], before[3] = tally
            before[4] = game.games
            before[5] = before[6] = 0
            del words[:]
            words.append("%d%s" % (game.deals + 1, suit_symbol(event["trump"])))
        elif name == "trick":
            before[5 if event["team"] == "A" else 6] += 1
            if before[5] == _TRICKS or before[6] == _TRICKS:
                words.append(app.t("ev_cape") % app.team(event["team"]))
        elif name == "declare" or name == "table":
            words.append(app.team(event["team"]) + suit_symbol(event["suit"]))
        elif name == "announce":  # as the slate's status row says it
            call = app.words("calls_short")[CALLS.index(event["call"])]
            words.append(call + " " + app.team(event["team"]))
        elif name == "end" and "cape" not in event:
            words.insert(1, "%d/%d" % (event["A"], event["B"]))
        else:  # a dehors, a cape
            words.append(describe(app, event))

    app.match.deal(0, each)
    show(app, app.t("history"), rows, None, app.load("games.brouc_history"))


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
