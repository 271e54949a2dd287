"""One module per game: its slate, and the screens of its actions.

ardoise/app.py imports `ardoise.games.<name>` for a match whose event says
`"game": name` (one of scoring.GAMES) and holds it as `app.screens`. It
gives:

- Slate: the slate screen (base.SlateScreen), always loaded with the match;
- deal_menu(app): a deal's actions, which OK on the slate opens during a
  deal (base.SlateScreen; Le Brouc's Slate handles OK itself);
- new_match(app): the game's questions for a new match, ending in
  menus.confirm_new_match;
- history(app): the deals of the match so far (the rules core lists them:
  `app.match.deals`);
- snapshot(game), outcome(app, before, event): what the slate says once an
  event is on flash; describe(app, event): an event in a few words (what
  undo takes back); shown_value(app, value): a refused value as the screen
  names it.

The widgets these show are loaded while they are shown. Many deal actions
go in a module of their own (Le Brouc's: brouc_deal.py), loaded when opened
and dropped when the slate is back (the RAM policy: ardoise/__init__.py).
See brouc.py.
"""
