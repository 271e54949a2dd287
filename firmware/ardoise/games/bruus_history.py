"""Bruus's history: a row per deal, and a deal in detail (ardoise/history.py).

Loaded while the history is open. A deal's details are read again from
the rules core's events when it is opened: its dealer, each dare and
strike with what it scored, the tricks, a Bock left or taken, then what
the deal gave: points, or the game.
"""

from ardoise.games.bruus import describe, shown


def history(app):
    """The deals of the match, a row each (issue 33): its number and
    tricks, a Bock left or taken, then each dare and strike (`Coup A +2`) a
    line each, the game it won (`A gagne le jeu`), then each team's number
    before and after it (points, or Treia's matches: `A 1▶9 B 3▶3`)."""
    show = app.load("history").show  # before the rows: in one piece
    rows = []  # type: list[str]
    before = [0, 0, 0, 0, 0]  # the slate's numbers, games, the Bock: as the deal began
    words = []  # type: list[str]

    def each(game, code):
        if code is not None:
            event = game.decode(code)
            if event["ev"] == "deal":
                before[0], before[1] = shown(game, 0), shown(game, 1)
                before[2], before[3] = game.games
                before[4] = game.bock
                del words[:]
            elif event["ev"] == "dare":
                words.append(describe(app, event))
            return
        head = "%d %d:%d" % (game.deals, game.last_tricks[0], game.last_tricks[1])
        if game.bock != before[4]:
            head += " " + app.t("bruus_bock") % (game.bock or before[4])
        lines = [head] + words
        for side in (0, 1):
            won = game.games[side] - before[2 + side]
            if won:
                key = "bruus_double" if won > 1 else "bruus_game_won"
                lines.append(app.text.winners(key, side))
        numbers = []
        for side in (0, 1):
            numbers.append("%s %d▶%d" % (app.team(side), before[side], shown(game, side)))
        both = " ".join(numbers)  # on one line if it fits, else a team a line
        rows.append("\n".join(lines + ([both] if len(both) <= 16 else numbers)))

    app.match.deal(0, each)
    show(app, app.t("history"), rows, None, app.load("games.bruus_history"))


def details(app, number):
    """The lines of deal `number`, as ardoise/history.py shows them."""
    lines = []  # type: list[str]
    before = [0, 0, 0, 0, 0]  # points A, B, games A, B, Bock: as the deal began

    def each(game, code):
        if code is not None:
            event = game.decode(code)
            if event["ev"] == "deal":
                before[0], before[1] = game.points
                before[2], before[3] = game.games
                before[4] = game.bock
                lines.append(app.t("dealer") % app.seat(game.dealer))
            elif event["ev"] == "dare":
                lines.append(describe(app, event))
            return
        lines.append("%s %d:%d" % (app.t("hist_tricks"), game.last_tricks[0], game.last_tricks[1]))
        if game.bock > before[4]:
            lines.append(app.t("bruus_bock") % game.bock)  # a 4-4: a Bock for the next deal
        elif before[4] and not game.bock:
            lines.append(app.t("bruus_bock") % before[4])  # taken by this deal's winner
        for side in (0, 1):
            won = game.games[side] - before[2 + side]
            if won:  # the points start again at 0
                key = "bruus_double" if won > 1 else "bruus_game_won"
                lines.append(app.text.winners(key, side))
                return
        for side in (0, 1):
            if game.points[side] != before[side]:
                lines.append("%s %+d" % (app.team(side), game.points[side] - before[side]))

    app.match.deal(number, each)
    return lines
