"""One module per game: its slate, and the screens of its actions; and here
the settings each game has.

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

A game's settings (chosen in the settings' menu for its next matches, read
by its module as `app.settings.get(key)`) are its line in SETTINGS below,
not in its module: the boot reads every game's settings, and loading each
game's screens for them would cost a board their names for good (a qstr
each, never freed). A game with none has no line.
"""

# Each game's settings, a line a game (one string: the least RAM): its name,
# then each setting by its key in settings.json (one file for all: no two
# games may share a key), whose row in the settings' menu is the text
# "set_" + key; the menu lists them in this order, rule sets and targets
# before the panel's settings, options after them (menus.SettingsMenu).
#   rules:L    the rule set: one of the game's in scoring.match.GAMES, the
#              first by default, named on screen by the list text L;
#   target     the target, 1 to 99: by default that of the rule set, which
#              a new rule set brings back (one write: settings.store);
#              "target:R": none under the rule set R, whose row shows "-"
#              and says the text "target_R";
#   any other  an option, no (false) by default, or yes.
SETTINGS = ("brouc rules:rules_names target:31 tricks",)
