"""One module per game: its slate and the screens of its actions.

ardoise/app.py imports `ardoise.games.<name>` for a match whose event says
`"game": name`; a module gives Slate, history, new_match, snapshot, outcome,
describe and shown_value (see brouc.py). A new match lists the games of
ardoise/screens.py's GAMES.
"""
