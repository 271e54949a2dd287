"""The slate: display, keypad, journal and settings tied together.

    app = App(display, keypad, "/data", clock=time.ticks_ms)
    app.start()             # settings, journal folded, first screen
    app.run(hardware.nap)   # forever: poll, act, redraw, sleep

`step()` is one turn of the loop; tests call it themselves with a clock they
move. A game's screens are modules in ardoise/games/ named after the match
event's "game": `ardoise.games.brouc` (the slate, always loaded) gives Slate,
history, new_match, snapshot, outcome, describe and shown_value; the
screens of its actions and its history are modules of their own, loaded when
opened (`app.load`). Every module imported while the slate is away is
dropped again when it is back (`home`), so that RAM holds little more than
the slate. The rest of the app knows no game.

Every confirmed action goes through `act`: the journal checks it with the
rules and flushes its line, and only then does the screen say it is done.
"""

import gc
import sys
from time import ticks_diff

from micropython import const

from ardoise.buttons import NONE, WAKE
from ardoise.font import CENTER, draw_text, fit
from ardoise.journal import Journal, StorageError
from ardoise.ui import ROW, Message
from scoring import Refused

POLL_MS = const(5)  # well under the buttons' 20 ms debounce
# Screen dimmed or off: a press only has to wake it, but the debounce must
# see it down at two polls 20 ms apart, so a tap of 2 x this wakes it
# whenever it comes (at 50 ms, half the 80 ms taps were missed on a Pico).
SLEEP_POLL_MS = const(20)
_DIM = const(1)  # App.asleep: the panel dimmed...
_DARK = const(2)  # ...or off
_SHIFT_MS = const(60000)  # the dimmed drawing moves by a pixel each minute
TOAST_MS = const(2500)
_GC_EVERY = const(4096)  # bytes allocated between two collections


def forget(name):
    """Drop the module `name` from sys.modules and from its package, so that
    nothing refers to it and its RAM can go."""
    sys.modules.pop(name, None)
    cut = name.rfind(".")
    package = sys.modules.get(name[:cut])
    if cut > 0 and package is not None and hasattr(package, name[cut + 1 :]):
        delattr(package, name[cut + 1 :])


def lookup(table, key):
    """The text of `key` in a language table: "key=text" lines in one
    string, or a dict (the core's English reasons)."""
    if type(table) is dict:
        return table.get(key)
    start = table.find("\n" + key + "=")
    if start < 0:
        return None
    start += len(key) + 2
    return table[start : table.find("\n", start)]


class App:
    """The device's state around the journal: screens, language, sleep."""

    def __init__(self, display, keypad, root, *, clock, journal=None):
        self.display = display
        self.keypad = keypad
        self.clock = clock
        self.root = root
        self.journal = journal or Journal(root)
        self.settings = None  # a dict once `start` has read them (see settings.py)
        self.rows = display.height // ROW
        self.compact = display.height < 64
        self.stack = []
        self.text = ""
        self.language = None
        self.game = None  # the slate module of the current match's game
        self.resident = None  # the modules loaded at boot, before any screen
        self.asleep = 0  # or _DIM, _DARK: the next press only wakes
        self.shift = 0  # of the dimmed drawing, against burn-in (see `step`)
        self.dirty = True
        self.toast_text = None
        self.toast_at = 0

    # -- the loop ---------------------------------------------------------

    def start(self):
        """Boot: settings, the journal folded (repairs reported), the slate.

        Nothing on flash stops the boot: a flash that fails, damaged files,
        a folder that cannot be made are said on the screen.
        """
        # Collect after every few KiB allocated, not only when the heap is
        # full: garbage is then freed before it spreads over the heap, and
        # what lives on (a loaded screen, the match) lands low, leaving the
        # top free in one piece for the next large allocation.
        gc.threshold(_GC_EVERY)
        self.settings, said = self.load("settings").load(self.root, self.journal.opener)
        forget("ardoise.settings")  # needed again only to store a change
        self.apply_settings()
        self.resident = list(sys.modules)
        try:
            repair = self.journal.load()  # makes the folder too
        except StorageError as error:
            repair = error
        self.home()
        for problem in (said, repair):
            if problem is not None:
                self.note(problem)

    def note(self, problem):
        """Say what the boot found on flash: a Repair, a StorageError, or a text's key."""
        key = getattr(problem, "key", problem)
        if key == "full":  # a write that the full flash cut short
            self.alert(self.t("storage_full"), self.t("not_saved"))
            return
        if key == "damaged":
            # The reason is the rules' English text: the line number is what
            # a player can act on (the damaged journal is in the archive).
            text = self.t("damaged") % problem.line
        elif key == "storage_full":
            text = self.t("flash_full")
        elif key == "storage_error":
            text = self.t("flash_error") % problem.errno
        else:  # "torn", "settings_damaged"
            text = self.t(key)
        self.alert(text)

    def run(self, nap):
        """Poll, act and redraw forever; `nap(ms, screen_off)` waits between polls."""
        while True:
            self.step()
            nap(SLEEP_POLL_MS if self.asleep else POLL_MS, self.asleep)

    def step(self):
        """One poll of the buttons; redraws if anything changed."""
        key = self.keypad.poll()
        display = self.display
        if key == WAKE:
            if self.asleep == _DARK:
                display.power_on()
            display.contrast(self.settings.get("contrast"))
            self.asleep = self.shift = 0
            self.dirty = True
        elif key != NONE:
            self.stack[-1].key(self, key)
            self.dirty = True
        if self.toast_text is not None and ticks_diff(self.clock(), self.toast_at) >= TOAST_MS:
            self.toast_text = None
            self.dirty = True
        if self.asleep != _DARK:
            # Idle: dim the panel after the "sleep" delay, the drawing moved
            # by a pixel each minute against burn-in; off after the "off"
            # delay, or at the "sleep" delay when no match is open. A match
            # stays in sight meanwhile.
            idle = self.keypad.idle_ms
            dim = self.settings.get("sleep") * 1000
            off = self.settings.get("off") * 1000
            dimmed = dim and idle >= dim
            if (off and idle >= off) or (dimmed and self.journal.match is None):
                self.asleep = _DARK
                self.keypad.sleep()
                display.power_off()
            elif dimmed:
                if not self.asleep:
                    self.asleep = _DIM
                    self.keypad.sleep()
                    display.contrast(0)
                shift = (idle - dim) // _SHIFT_MS % 4
                if shift != self.shift:
                    self.shift = shift
                    self.dirty = True
        if self.dirty and self.asleep != _DARK:
            self.redraw()

    def redraw(self):
        display = self.display
        display.fill(0)
        self.stack[-1].draw(self, display)
        if self.toast_text is not None and len(self.stack) == 1:
            # Over the slate's status row, inverted, until it times out.
            y = display.height - ROW
            display.fill_rect(0, y, display.width, ROW, 1)
            draw_text(display, fit(self.toast_text, display.width), 64, y, color=0, align=CENTER)
        shift = self.shift
        if shift:
            # A pixel right, then right and down, then down: against burn-in.
            across = (shift + 1) >> 1 & 1
            down = shift >> 1
            display.scroll(across, down)
            display.fill_rect(0, 0, across, display.height, 0)
            display.fill_rect(0, 0, display.width, down, 0)
        display.show()
        self.dirty = False

    # -- screens ----------------------------------------------------------

    def push(self, screen):
        self.stack.append(screen)
        self.keypad.set_repeat(*screen.repeat)

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            if len(self.stack) == 1:
                # Back on the slate: drop what its screens loaded, as `home` does.
                self.home()
                return
        self.keypad.set_repeat(*self.stack[-1].repeat)

    def load(self, name):
        """The module ardoise.<name>, imported if need be (and dropped at `home`)."""
        name = "ardoise." + name
        if name not in sys.modules:
            gc.collect()  # so that the module lands in what garbage leaves free
            __import__(name)
        return sys.modules[name]

    def home(self):
        """Back to the slate of the current match (or the screen asking for one)."""
        self.stack = []
        match = self.journal.match
        slate = "ardoise.games." + match.game.name if match is not None else ""
        if self.resident is not None:
            # The app's own screens only, the slate's module kept: the rules
            # core's classes live on in the match, and importing them again
            # would load a copy.
            for name in list(sys.modules):
                if name.startswith("ardoise.") and name not in self.resident:
                    if not slate.startswith(name):
                        forget(name)
        self.game = None
        if match is not None:
            try:
                self.game = self.load("games." + match.game.name)
            except ImportError:
                pass  # a game with no screens yet: offer a new match
        if self.game is None:
            self.stack = [self.load("screens").NoMatch()]
        else:
            self.stack = [self.game.Slate()]
        self.keypad.set_repeat()

    def alert(self, text, title=None):
        """Show `text` until the player closes it."""
        self.push(Message(title or self.t("note"), text))

    def toast(self, text):
        """A short note over the slate's last row that goes by itself."""
        self.toast_text = text
        self.toast_at = self.clock()

    # -- actions ----------------------------------------------------------

    def act(self, event):
        """Append one confirmed event: True once its line is on flash.

        A refusal or a flash error is shown and the match stays exactly as it
        was; on success the app goes back to the slate and says what changed.
        """
        before = self.game.snapshot(self.journal.match.game)
        try:
            self.journal.append(event)
        except Refused as refusal:
            self.refuse(refusal)
            return False
        except StorageError as error:
            self.alert(self.storage_text(error), self.t("not_saved"))
            return False
        self.home()
        self.toast(self.game.outcome(self, before, event))
        return True

    def undo(self):
        """Take back the last event in force (appends an undo event)."""
        undone = self.journal.match.last_event()
        try:
            self.journal.undo()
        except Refused as refusal:
            self.refuse(refusal)
            return
        except StorageError as error:
            self.alert(self.storage_text(error), self.t("not_saved"))
            return
        self.home()
        self.toast(self.t("undone") % self.game.describe(self, undone))

    def trial(self, event, read):
        """`read(game)` as it would be after `event`, which is then taken back.

        Raises Refused, with nothing changed, if the rules refuse the event:
        the screens ask the rules themselves what an action would do.
        """
        match = self.journal.match
        match.apply(event)
        try:
            return read(match.game)
        finally:
            match.undo()

    def new_match(self, header):
        """Archive the current match and begin another."""
        try:
            self.journal.new_match(header)
        except StorageError as error:
            self.alert(self.storage_text(error), self.t("not_saved"))
            return
        self.home()
        self.toast(self.t("match_started"))

    # -- settings and words -------------------------------------------------

    def apply_settings(self):
        """Take the stored language and contrast into use."""
        language = self.settings.get("lang")
        if language != self.language:
            if self.language is not None:
                forget("ardoise.lang." + self.language)  # give its texts back
            name = "ardoise.lang." + language
            __import__(name)
            self.text = sys.modules[name].TEXT
            self.language = language
        self.display.contrast(self.settings.get("contrast"))
        self.dirty = True

    def change(self, key, value):
        """Store one setting and use it at once; False (and a message) if flash refuses."""
        try:
            self.load("settings").store(self.root, self.settings, key, value, self.journal.opener)
        except OSError as error:
            self.alert(self.storage_text(StorageError(error)), self.t("not_saved"))
            return False
        self.apply_settings()
        return True

    def t(self, key):
        """The text `key` in the player's language."""
        return lookup(self.text, key)

    def words(self, key):
        """The list `key` ("a|b|c") in the player's language."""
        return lookup(self.text, key).split("|")

    def team(self, side):
        """A team's name on screen, from 0/1 or "A"/"B"."""
        if type(side) is str:
            side = 0 if side == "A" else 1
        if self.settings.get("seats") == "compass":
            return self.words("compass_teams")[side]
        return "AB"[side]

    def seat(self, seat, named=True):
        """A seat's name on screen, seats 0..3 in playing order: the player's
        name if the match event gives names (and `named`), else as the
        settings say."""
        match = self.journal.match
        if named and match is not None and match.names:
            return match.names[seat]
        if self.settings.get("seats") == "compass":
            return self.t("compass_seats")[seat]
        return str(seat + 1)

    def refuse(self, refusal):
        """Say why the rules refused an input; the slate is unchanged."""
        values = refusal.values
        if self.game is not None:
            values = tuple(self.game.shown_value(self, value) for value in values)
        # English is the core's own text; the others are loaded only while
        # one is read into the message: a refusal is rare.
        if self.language == "en":
            name = "scoring.reasons"
        else:
            name = "ardoise.lang.%s_reasons" % self.language
        kept = name in sys.modules
        gc.collect()
        __import__(name)
        template = lookup(sys.modules[name].REASONS, refusal.key)
        if not kept:
            forget(name)
        self.alert(template % values if template else refusal.key, self.t("refused"))

    def storage_text(self, error):
        if error.key == "storage_full":
            return self.t("storage_full")
        return self.t("storage_error") % error.errno
