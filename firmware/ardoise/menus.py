"""The menus every game shares: the main menu, undo, a new match; what the boot found.

Loaded when one is opened (`app.load("menus")`) and kept while the next
trips away from the slate use them (ardoise.Modules). The settings' own
menu is here too (settings.py, which reads and writes their file, is
loaded when it is opened). A new match lists the
games of the rules core (scoring.GAMES), named by the "games" text; each
game's own questions are `new_match(app)` of its module in ardoise/games/.
"""

from ardoise.base import (
    CENTER,
    EXTRA,
    MENU,
    OK,
    ROW,
    WIDTH,
    Later,
    Screen,
    draw_text,
    title_bar,
    wrap,
)
from ardoise.journal import exists
from ardoise.widgets import Choice, Confirm, Number, draw_lines
from scoring import GAMES, Refused


class NoMatch(Screen):
    """No match on the slate yet (or one whose game has no screens): OK begins one."""

    def key(self, app, key):
        if key == OK:
            ask_new_match(app)
        elif key == MENU or key == EXTRA:
            app.push(SettingsMenu(app))

    def draw(self, app, fb):
        title_bar(fb, "Ardoise")
        game = app.match.game
        text = app.t("no_match") if game is None else app.t("no_screens") % game.name
        draw_lines(fb, wrap(text), ROW, app.rows - 2)
        draw_text(fb, app.t("ok_new_match"), WIDTH // 2, (app.rows - 1) * ROW, align=CENTER)


def main_menu(app, title="menu", index=0):
    """The menu (held Next on the slate): history, undo, new match, settings;
    titled with the text `title`, the cursor on `index` (a Bruus session
    over: what is possible then, a new match first)."""

    def pick(app, index):
        if index == 0:
            # From the slate, once this menu has closed: its modules go
            # before the history's come (ardoise.Modules), and held OK on
            # the history goes back to the slate.
            app.pop()
            app.push(Later(app.screens.history))
        elif index == 1:
            ask_undo(app)
        elif index == 2:
            ask_new_match(app)
        else:
            app.push(SettingsMenu(app))

    def rows(app):  # again at each draw: a change of language shows at once
        return app.t(title), list(map(app.t, ("history", "undo", "new_match", "settings")))

    heading, options = rows(app)
    app.push(Choice(heading, options, pick, index, rows))


def ask_undo(app):
    """Say what an undo would take back, and take it back on OK."""
    last = app.match.last_event()
    if last is None:
        app.refuse(Refused("nothing_to_undo"))
        return
    text = app.screens.describe(app, last)

    def lines(app):
        return [app.t("undo_what"), text]

    def yes(app):
        app.undo()

    app.push(Confirm(app.t("undo"), lines, yes))


def ask_new_match(app):
    """A new match: the game (the current match's first), then that game's own
    questions, asked by `new_match(app)` of its module in ardoise/games/."""
    names = []
    for line in GAMES:
        names.append(line.split()[0])
    current = app.match.game
    index = names.index(current.name) if current is not None else 0

    def pick(app, index):
        app.load("games." + names[index]).new_match(app)

    app.push(Choice(app.t("new_match"), app.words("games"), pick, index))
    if app.net is not None:
        app.net.offer(app)  # the session's seating first, if any; back: the games


def confirm_new_match(app, rules, header, seats=4):
    """The last questions of every new match, whose event `header(dealer)`
    gives: each seat's player from the roster, on a board that has one,
    unless the event names them already (an evening's seating does:
    roster.py); then who deals first among the `seats`, by name once they
    are seated (none to choose with 0: the event names none); then the
    confirmation: the rules line `rules` as chosen, the dealer, and that
    the match on the slate goes to the archive. OK on it begins the match."""
    event = header(0)
    try:  # players are asked for only on a board with a roster, unless named already
        named = "names" not in event and (
            exists(app.root + "/roster.txt") or exists(app.root + "/roster.tmp")
        )
    except OSError:
        named = False
    # (Nested functions named as those the screens have already: each new
    # name is interned for good, docs/architecture.md.)

    def show(app, event):  # the players seated: who deals first
        names = event.get("names")
        if not seats:
            pick(app, None)
            return
        options = []
        for seat in range(seats):
            name = names[seat] if names else "-"
            if name == "-":  # no player named: the seat, and its team
                name = "%s (%s)" % (app.seat(seat, False), app.team(seat % 2, named=False))
            options.append(name)
        app.push(Choice(app.t("first_dealer"), options, pick))

    def pick(app, dealer):  # the confirmation
        shown = [rules]
        if dealer is not None:
            event["dealer"] = dealer
            names = event.get("names")
            name = names[dealer] if names else "-"
            shown.append(app.t("dealer") % (name if name != "-" else app.seat(dealer, False)))
        if app.match.game is not None:
            shown.append(app.t("archived"))

        def lines(app):
            return shown

        def yes(app):
            # The screens that led here and their modules go first:
            # archiving the match on the slate is the largest job there is.
            del app.stack[1:]
            app.sweep()
            app.new_match(event)

        app.push(Confirm(app.t("new_match"), lines, yes))

    if named:
        app.load("roster").ask_players(app, event, seats, show)
    else:
        show(app, event)


def note(app, problem):
    """Say what the boot found on flash: a Repair, a StorageError, or a text's key."""
    key = getattr(problem, "key", problem)
    if key == "full":  # a write that the full flash cut short
        app.alert(app.t("storage_full"), app.t("not_saved"))
        return
    if key == "damaged":
        # The reason is the rules' English text: the line number is what
        # a player can act on (the damaged journal is in the archive).
        text = app.t("damaged") % problem.line
    elif key == "storage_full":
        text = app.t("flash_full")
    elif key == "storage_error":
        text = app.t("flash_error") % problem.errno
    else:  # "torn", "settings_damaged"
        text = app.t(key)
    app.alert(text)


class SettingsMenu(Choice):
    """Each row shows a setting and its value; OK steps to the next value
    (a target opens a number), stored at once. The rows: what the next
    match of a game will be (its rule set, its target), the panel, then how
    the slate plays (each game's options, the seats' names, the roster);
    the games' in the order they declare them (ardoise/games/__init__.py)."""

    def __init__(self, app):
        keys = []  # type: list[str]
        options = []  # type: list[str]
        for _, key, _ in app.load("settings").games():
            (keys if key == "rules" or key == "target" else options).append(key)
        keys += ("lang", "contrast", "sleep", "off")
        keys += options
        # "names": the roster (a key that is a name MicroPython has already).
        keys += ("seats", "names")
        self.keys = keys
        title, options = self.rows(app)
        Choice.__init__(self, title, options, self.change, 0, self.rows)

    def rows(self, app):
        """Drawn afresh each time: a change shows at once, in its language."""
        options = []
        for key in self.keys:
            options.append(app.t("set_" + key) + " " + self.value_text(app, key))
        return app.t("settings"), options

    @staticmethod
    def value_text(app, key):
        value = app.settings.get(key)
        if key == "names":
            return ""  # a list of its own
        settings = app.load("settings")  # the file's code: while this menu is open
        if key == "target":  # "-" for a rule set without one ("target:R")
            return "-" if app.settings.get("rules") == settings.game(key)[1] else str(value)
        if key == "sleep" or key == "off":
            if not value:
                return app.t("never")
            return "%d s" % value if value < 60 else "%d min" % (value // 60)
        choices = settings.choices(key)
        if choices[0] is False:  # a game's option
            return app.t("yes") if value else app.t("no")
        # The value's place among its choices.
        index = choices.index(value)
        if key == "contrast":
            return "%d/%d" % (index + 1, len(choices))
        if key == "lang":
            return ("Français", "Deutsch", "English")[index]  # made by `make texts`
        return app.words(settings.game(key)[1] if key == "rules" else "seat_styles")[index]

    def change(self, app, index):
        key = self.keys[index]
        if key == "names":
            app.load("roster").edit(app)
            return
        settings = app.load("settings")
        if key == "target":
            rules = settings.game(key)[1]  # a rule set without one ("target:R")
            if app.settings.get("rules") == rules:
                app.alert(app.t("target_" + rules))
                return
            app.push(Number(app.t("set_target"), app.settings.get("target"), 1, 99, self.target))
            return
        # A new rule set brings its usual target, in the same write.
        app.change(key, settings.cycle(app.settings, key))

    def target(self, app, value):
        app.change("target", value)
        app.pop()
