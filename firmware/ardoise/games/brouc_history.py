"""Le Brouc's history: a row per deal, and a deal in detail (ardoise/history.py).

Loaded while the history is open. A deal's details are read again from
the rules core's events when it is opened: its dealer and trump, the
marriages (declared, or lying in a trick) and what each counted, an
announcement, a dehors with its count and verdict, a cape, the tricks
recorded, each team's card points and what they rounded to, then what the
deal gave: the slates' gains, coches (parties) or the game.
"""

from micropython import const

from ardoise.base import SCROLLED, suit_symbol, wrap
from ardoise.games.brouc import BROU1802, THIRTY_ONE, describe, unit
from ardoise.history import columns
from scoring.brouc import CALLS, SUITS, round_card_points

_TRICKS = const(8)
_NO_ONE = const(-1)  # the rules core's "nobody"


def history(app):
    """The deals of the match, a row each in two lines: what the deal did,
    then what it gave and the slates after it (issue 33).

    The first line: its number and trump, then its card points (`75/45`),
    the marriages (team and suit: `A♠ B♦`), an announcement, a dehors and
    its verdict (`Dehors A ✓`, `Dehors A ×`), a cape (`Cape B`); the second: what the
    slates gained (`+7 +8`), or the coches (parties) it gave (`B +2`), or
    `✓A +1` for the team whose game it won (with the final slates, before
    they are wiped), then the slates under the columns' heads."""
    show = app.load("history").show  # before the rows: in one piece
    rows = []  # type: list[str]
    parties = app.match.game.rules == BROU1802
    # As the deal began: slates, tally, games; the slates before each
    # event; the tricks; then the words of the first line.
    began = [0, 0, 0, 0, 0, 0, 0, 0, 0]
    words = []  # type: list[str]

    def each(game, code):
        tally = game.parties if parties else game.coches
        if code is None:
            lines = wrap(" ".join(words), SCROLLED)
            lines.append(_gave(app, game, began, tally))
            rows.append("\n".join(lines))
            return
        event = game.decode(code)
        name = event["ev"]
        if name == "deal":
            began[0], began[1] = game.slate
            began[2], began[3] = tally
            began[4] = game.games
            began[7] = began[8] = 0
            del words[:]
            words.append("%d%s" % (game.deals + 1, suit_symbol(event["trump"])))
        began[5], began[6] = game.slate  # a won game's final slates
        if name == "trick":
            began[7 if event["team"] == "A" else 8] += 1
            if began[7] == _TRICKS or began[8] == _TRICKS:
                words.append(app.t("ev_cape") % app.team(event["team"]))
        elif name == "declare" or name == "table":
            words.append(app.team(event["team"]) + suit_symbol(event["suit"]))
        elif name == "announce":  # as the slate's status row says it
            call = app.words("calls_short")[CALLS.index(event["call"])]
            words.append(call + " " + app.team(event["team"]))
        elif name == "out":
            count, need = game.count(0 if event["team"] == "A" else 1)
            right = count + event["points"] >= need
            mark = "✓" if right else "×"
            words.append("%s %s %s" % (app.t("do_dehors"), app.team(event["team"]), mark))
        elif "cape" in event:
            words.append(describe(app, event))
        elif name == "end":
            words.insert(1, "%d/%d" % (event["A"], event["B"]))

    app.match.deal(0, each)
    head = columns("", app.team(0), app.team(1))
    show(app, app.t("history"), rows, head, app.load("games.brouc_history"))


def _gave(app, game, began, tally):
    """A row's second line: what the deal gave, then the slates after it."""
    slates = game.slate
    gave = "%+d %+d" % (slates[0] - began[0], slates[1] - began[1])
    for side in (0, 1):
        gained = tally[side] - began[2 + side]
        if game.games != began[4] or game.winner != _NO_ONE:
            if gained or game.winner == side:
                gave = "✓%s %+d" % (app.team(side), gained)
                slates = began[5:7]  # the game's final slates, before they are wiped
                break
        elif gained:
            gave = "%s %+d" % (app.team(side), gained)
    return columns(gave, slates[0], slates[1])


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
