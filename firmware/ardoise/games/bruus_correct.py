"""Bruus: a past deal put right (ardoise/correct.py), its editor.

What a table gets wrong in a Bruus deal is who took a trick (a press of
Prev for Next), a single trick entered for a double or triple one, and a
dare or strike given to the wrong team or entered as another kind. So
each trick and each dare of the deal is a row, in the order entered; OK
on one asks again what it was (as the deal's actions ask: the trick's
count or the dare's kind, then the team), starting from what was entered.
The deal keeps its events, one for one: none is added or taken away. A
deal that would then end before its last event, or not end at all (five
tricks reached earlier or never), is refused by ardoise/correct.py, as is a
later deal that no longer fits. Loaded only while a correction is made.
"""

from ardoise.correct import compare_teams, t
from ardoise.games.bruus import describe, shown
from ardoise.widgets import Choice
from scoring.bruus import COUNTERSTRIKE, KINDS, TEAMS, TREIA, TWO


def edit(app, number, codes, done):
    """A row per trick and dare of the deal, then "New totals": `done(app, codes)`."""
    game = app.match.game

    def rows(app):
        options = []
        for index in range(1, len(codes)):  # the deal's first event opens it
            options.append(describe(app, game.decode(codes[index])))
        options.append(t(app, "totals"))
        return t(app, "title") % number, options

    def pick(app, index):
        if index + 1 < len(codes):
            _ask(app, game, codes, index + 1)
        else:
            done(app, codes)

    title, options = rows(app)
    app.push(Choice(title, options, pick, 0, rows))


def _ask(app, game, codes, at):
    """Event `at` again: a trick's count or a dare's kind, then its team."""
    event = game.decode(codes[at])
    values = []  # type: list[int | str]  # what the event's `key` may be
    if event["ev"] == "trick":
        what = app.words("bruus_tricks")
        values += [1, 2, 3]
        key = "count"
    else:
        words = app.words("bruus_kinds")
        what = []
        for index in range(len(KINDS)):
            if index != COUNTERSTRIKE or game.rules != TWO:  # ruling 28
                what.append(words[index])
                values.append(KINDS[index])
        key = "kind"

    def chosen(app, index):
        event[key] = values[index]

        def team(app, side):
            event["team"] = TEAMS[side]
            codes[at] = game.encode(event)
            app.pop()
            app.pop()

        teams = [app.team(0, 16), app.team(1, 16)]
        app.push(Choice(what[index], teams, team, TEAMS.index(event["team"])))

    # Titled with what was entered: what is being put right.
    app.push(Choice(describe(app, event), what, chosen, values.index(event[key])))


def totals(game):
    """What the preview compares: each team's points (Treia: the matches
    still to give back), games won, and a session's points since the match
    began (0 without a session)."""
    won = game.won if game.session else (0, 0)
    return (shown(game, 0), shown(game, 1), game.games[0], game.games[1], won[0], won[1])


def compare(app, old, new, gains=False):
    """The preview's lines: each team's points (Treia: the matches still to
    give back) and games, before ▶ after, each named, and a session's
    points when they change; with `gains`, what a deal gave, only what
    changed (correct.later)."""
    games = app.words("bruus_games")
    number = t(app, "sticks" if app.match.game.rules == TREIA else "points")

    def named(figure, count):
        return games[0 if count == 1 else 1] if figure else number

    won = gains and (old[2] or old[3] or new[2] or new[3])  # a game: the points start again
    lines = compare_teams(app, old, new, named, gains, won)
    form = "%s Σ %+d▶%+d" if gains else "%s Σ %d▶%d"
    for side in (0, 1):  # ruling 29
        if old[4 + side] != new[4 + side]:
            lines.append(form % (app.team(side), old[4 + side], new[4 + side]))
    return lines
