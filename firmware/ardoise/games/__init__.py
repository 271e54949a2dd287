"""One module per game: its slate and the screens of its actions.

ardoise/app.py imports `ardoise.games.<name>` for a match whose event says
`"game": name`; a module gives Slate, History, header, rules_line, snapshot,
outcome, describe and shown_value (see brouc.py).
"""
