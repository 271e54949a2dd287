"""The roster edited on the slate (settings menu, "Players"): OK on a name
removes it, on "+" adds one, letter by letter over the font's letters.

Loaded only while the roster is open (the RAM policy: ardoise/__init__.py).
"""

from ardoise.base import (
    CENTER,
    MENU,
    NEXT,
    OK,
    PREV,
    ROW,
    UNDO,
    WIDTH,
    Screen,
    draw_text,
    title_bar,
)
from ardoise.seats import roster_names
from ardoise.widgets import Choice, Confirm

# The letters of a name, in groups (held Prev/Next jump a group): the
# wheel's first two places are ✓ (done) and ◀ (rub out the last letter).
_GROUPS = (
    "✓◀",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "abcdefghijklmnopqrstuvwxyz",
    "ÀÂÄÆÇÈÉÊËÎÏÔÖÙÛÜ",
    "àâäæçèéêëîïôöùûüÿß",
    " -'.",
)


def show(app):
    """The roster: OK on a name asks to remove it, on "+" adds one."""
    names = roster_names(app)

    def pick(app, index):
        if index == len(names):
            if len(names) >= app.load("roster").MOST:
                app.alert(app.t("roster_full"))
            else:
                app.push(_Name(names))
            return
        name = names[index]

        def remove(app):
            _save(app, [other for other in names if other != name])

        app.push(Confirm(app.t("roster"), lambda app: [app.t("remove_name") % name], remove))

    app.push(Choice(app.t("roster"), names + [app.t("add_name")], pick, len(names)))


def _save(app, names):
    """Store the roster and show it again; said if the flash refuses."""
    try:
        app.load("roster").save(app.root, names)
    except OSError as error:
        from ardoise.journal import StorageError

        app.alert(app.storage_text(StorageError(error)), app.t("not_saved"))
        return
    while len(app.stack) > 2 and not isinstance(app.stack[-1], Choice):
        app.pop()
    app.pop()  # the roster as it was
    show(app)


class _Name(Screen):
    """A new name, letter by letter: Prev/Next turn the wheel (held: a group
    at a time), OK takes its letter, ✓ adds the name, ◀ rubs out a letter."""

    repeat = (PREV, NEXT)  # held, they come as UNDO and MENU, again and again

    def __init__(self, names):
        self.names = names
        self.text = ""
        self.group = 1
        self.index = 0

    def letter(self):
        group = _GROUPS[self.group]
        return group[self.index : self.index + 1]  # a slice: not interned

    def key(self, app, key):
        if key == PREV or key == NEXT:
            self.index += 1 if key == NEXT else -1
            if self.index < 0:
                self.group = (self.group - 1) % len(_GROUPS)
                self.index = len(_GROUPS[self.group]) - 1
            elif self.index >= len(_GROUPS[self.group]):
                self.group = (self.group + 1) % len(_GROUPS)
                self.index = 0
        elif key == UNDO or key == MENU:
            self.group = (self.group + (1 if key == MENU else -1)) % len(_GROUPS)
            self.index = 0
        elif key == OK:
            letter = self.letter()
            if letter == "✓":
                self.done(app)
            elif letter == "◀":
                self.text = self.text[:-1]
            elif len(self.text) < app.load("roster").LONGEST:
                self.text += letter
                if self.group == 1 and len(self.text) == 1:
                    self.group = 2  # after a capital, small letters from "a"
                    self.index = 0
        else:
            Screen.key(self, app, key)

    def done(self, app):
        name = self.text.strip()
        if not name:
            app.pop()
        elif name in self.names:
            app.alert(app.t("name_taken") % name)
        else:
            _save(app, self.names + [name])

    def draw(self, app, fb):
        title_bar(fb, app.t("add_name"))
        letter = self.letter()
        x = draw_text(fb, self.text, 0, ROW)
        fb.fill_rect(x, ROW, 8, ROW, 1)
        draw_text(fb, letter, x, ROW, color=0)
        # The wheel around the letter: what Prev and Next lead to.
        group = _GROUPS[self.group]
        start = max(0, min(self.index - 7, len(group) - 15))
        draw_text(fb, group[start : start + 15], 4, ROW * (app.rows - 2))
        fb.rect(4 + 8 * (self.index - start) - 1, ROW * (app.rows - 2) - 1, 10, ROW + 2, 1)
        draw_text(fb, app.t("name_keys"), WIDTH // 2, ROW * (app.rows - 1), align=CENTER)
