"""The screens every game shares: the menu, undo, a new match, settings.

Loaded when one is opened (`app.load("screens")`) and dropped when the slate
is back: RAM holds them only while they are used.
"""

from ardoise.buttons import EXTRA, MENU, OK
from ardoise.font import CENTER, draw_text
from ardoise.inputs import Choice, Confirm, Number
from ardoise.settings import CONTRASTS, LANGUAGES, RULES, TARGETS
from ardoise.ui import ROW, WIDTH, Screen, title_bar, wrap
from scoring import Refused

# New matches are Le Brouc until the Bruus and Brusquembelle screens come:
# then a setting chooses among the modules of ardoise/games/.
NEW_GAME = "brouc"


class NoMatch(Screen):
    """No match on the slate yet (or one whose game has no screens): OK begins one."""

    def key(self, app, key):
        if key == OK:
            ask_new_match(app)
        elif key == MENU or key == EXTRA:
            app.push(SettingsMenu(app))

    def draw(self, app, fb):
        title_bar(fb, "Ardoise")
        match = app.journal.match
        text = app.t("no_match") if match is None else app.t("no_screens") % match.game.name
        lines = wrap(text)
        for index in range(min(len(lines), app.rows - 2)):
            draw_text(fb, lines[index], 0, ROW * (index + 1))
        draw_text(fb, app.t("ok_new_match"), WIDTH // 2, (app.rows - 1) * ROW, align=CENTER)


def main_menu(app):
    """The menu (held Next on the slate): history, undo, new match, settings."""

    def pick(app, index):
        if index == 0:
            app.game.history(app)
        elif index == 1:
            ask_undo(app)
        elif index == 2:
            ask_new_match(app)
        else:
            app.push(SettingsMenu(app))

    options = [app.t("history"), app.t("undo"), app.t("new_match"), app.t("settings")]
    app.push(Choice(app.t("menu"), options, pick))


def ask_undo(app):
    """Say what an undo would take back, and take it back on OK."""
    last = app.journal.match.last_event()
    if last is None:
        app.refuse(Refused("nothing_to_undo"))
        return
    text = app.game.describe(app, last)

    def lines(app):
        return [app.t("undo_what"), text]

    app.push(Confirm(app.t("undo"), lines, lambda app: app.undo()))


def ask_new_match(app):
    """Confirm a new match with the settings' rules; Prev/Next choose the first dealer."""
    game = app.load("games." + NEW_GAME)
    dealer = [0]

    def lines(app):
        shown = [game.rules_line(app)]
        shown.append(app.t("first_dealer") % app.seat(dealer[0], named=False))
        if app.journal.match is not None:
            shown.append(app.t("archived"))
        return shown

    def adjust(app, step):
        dealer[0] = (dealer[0] + step) % 4

    def yes(app):
        app.new_match(game.header(app.settings, dealer[0]))

    app.push(Confirm(app.t("new_match"), lines, yes, adjust))


class SettingsMenu(Choice):
    """Each row shows a setting and its value; OK steps to the next value
    (the coche target opens a number), stored at once."""

    KEYS = ("rules", "target", "lang", "contrast", "sleep", "tricks", "seats")

    def __init__(self, app):
        Choice.__init__(self, app.t("settings"), [], self.change)
        self.refresh(app)

    def refresh(self, app):
        self.title = app.t("settings")
        self.options = [app.t("set_" + key) + " " + self.value_text(app, key) for key in self.KEYS]

    @staticmethod
    def value_text(app, key):
        value = app.settings.get(key)
        if key == "rules":
            return app.words("rules_names")[RULES.index(value)]
        if key == "target":
            return "-" if app.settings.get("rules") == "31" else str(value)
        if key == "lang":
            return ("Français", "Deutsch", "English")[LANGUAGES.index(value)]
        if key == "contrast":
            return "%d/%d" % (CONTRASTS.index(value) + 1, len(CONTRASTS))
        if key == "sleep":
            if not value:
                return app.t("never")
            return "%d s" % value if value < 60 else "%d min" % (value // 60)
        if key == "tricks":
            return app.t("yes") if value else app.t("no")
        return app.words("seat_styles")[0 if value == "numbers" else 1]

    def change(self, app, index):
        key = self.KEYS[index]
        if key == "target":
            if app.settings.get("rules") == "31":
                app.alert(app.t("target_31"))
                return
            app.push(Number(app.t("set_target"), app.settings.get("target"), 1, 99, self.target))
            return
        value = app.settings.cycle(key)
        if app.change(key, value) and key == "rules":
            app.change("target", TARGETS[value])  # each rule set has its usual target
        self.refresh(app)

    def target(self, app, value):
        app.change("target", value)
        app.pop()
        self.refresh(app)

    def draw(self, app, fb):
        self.refresh(app)  # the language may have changed under the list
        Choice.draw(self, app, fb)
