"""The settings menu: each row a setting and its value, changed in place.

Loaded from the main menu when opened, with settings.py, and dropped when
the slate is back.
"""

from ardoise.inputs import Choice, Number
from ardoise.settings import CONTRASTS, LANGUAGES, RULES, TARGETS, cycle


class SettingsMenu(Choice):
    """Each row shows a setting and its value; OK steps to the next value
    (the coche target opens a number), stored at once."""

    KEYS = ("rules", "target", "lang", "contrast", "sleep", "off", "tricks", "seats")

    def __init__(self, app):
        title, options = self.rows(app)
        Choice.__init__(self, title, options, self.change, 0, self.rows)

    def rows(self, app):
        """Drawn afresh each time: a change shows at once, in its language."""
        options = [app.t("set_" + key) + " " + self.value_text(app, key) for key in self.KEYS]
        return app.t("settings"), options

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
        if key == "sleep" or key == "off":
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
        value = cycle(app.settings, key)
        if app.change(key, value) and key == "rules":
            app.change("target", TARGETS[value])  # each rule set has its usual target

    def target(self, app, value):
        app.change("target", value)
        app.pop()
