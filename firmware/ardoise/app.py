"""The slate: display, keypad, journal and settings tied together.

    app = App(display, keypad, "/data", clock=time.ticks_ms)
    app.start()             # settings, journal folded, first screen
    app.run(hardware.nap)   # forever: poll, act, redraw, sleep

`step()` is one turn of the loop; tests call it themselves with a clock they
move. App is the loop and the stack of screens, with the actions that
change the match; around it, the screens see

- `app.match`, a View of the match: its rules' state, the players' names,
  the event an undo would take back and what an event would do. They never
  reach the journal: a change goes through `act`, `undo` or `new_match`;
- the texts (`app.t`, `app.words`, `app.team`, `app.seat`: ardoise/lang/);
- `app.screens`, the screens' module of the match's game:
  `ardoise.games.<game>` for the match event's "game", which gives Slate,
  history, new_match, snapshot, outcome, describe and shown_value (see
  ardoise/games/__init__.py);
- `app.load(name)`, the RAM policy's (ardoise/__init__.py, `Modules`): a
  screen's modules are kept when the slate is back (`home`) only while the
  next trips away from it use them, so that RAM holds little more than the
  slate and what the last trip used.

The app knows no game, nor do the settings: each game declares its own
(ardoise/games/__init__.py), which settings.py and their menu read. Every
confirmed action goes through `act`: the journal checks it with the rules
and flushes its line, and only then does the screen say it is done.
"""

import gc
from time import ticks_diff

from micropython import const

from ardoise import Modules, forget, games, load  # noqa: F401 (games: see App.start)
from ardoise.base import CENTER, ROW, Message, draw_text, fit, row_width, wrap
from ardoise.buttons import NONE, WAKE
from ardoise.journal import Journal, StorageError
from ardoise.lang import Texts
from scoring import Refused, match

# The rules core collects before the largest allocations of a fold, a game's
# rules and a refusal's text, only when handed the means (scoring/match.py's
# `collect`): its tests on CPython never pay.
match.collect = gc.collect  # type: ignore[assignment]  # the core's None: no policy
del match  # a match here is the journal's (View)

POLL_MS = const(5)  # well under the buttons' 20 ms debounce
# A second without a press, or the screen dimmed or off: polled at a quarter
# of the rate, as a poll is most of an idle board's work (some 30,000
# instructions on a Pico). The debounce must see a press down at two polls
# 20 ms apart, so a tap of 2 x this counts whenever it comes (at 50 ms,
# half the 80 ms taps were missed on a Pico); from the first poll that sees
# a button move, the polls come fast again.
SLEEP_POLL_MS = const(20)
_QUIET_MS = const(1000)
_DIM = const(1)  # App.asleep: the panel dimmed...
_DARK = const(2)  # ...or off
_SHIFT_MS = const(60000)  # the dimmed drawing moves by a pixel each minute
_NEVER = const(1 << 29)  # an idle time the keypad never reaches (it stops at 2**28)
TOAST_MS = const(2500)
_GC_EVERY = const(4096)  # bytes allocated between two collections, at least


class View:
    """The match on the slate as the screens see it, to read only.

    `game` is the rules' state (scoring's Game: its slate, deals, dealer...)
    or None without a match, `names` the players' names or None. App.home,
    which every change of the match ends in, brings them up to date.
    """

    def __init__(self, journal):
        self._journal = journal
        self.game = self.names = None

    def update(self):
        match = self._journal.match
        self.game = match and match.game
        self.names = match and match.names

    def last_event(self):
        """The event an undo would take back, or None."""
        return self._journal.match.last_event()

    def trial(self, event, read):
        """`read(game)` as it would be after `event`, which is then taken back.

        Raises Refused, with nothing changed, if the rules refuse the event:
        the screens ask the rules themselves what an action would do.
        """
        match = self._journal.match
        match.apply(event)
        try:
            return read(match.game)
        finally:
            match.undo()

    def deals(self, read, write):
        """`write(before, game)` for every finished deal, `before` what
        `read(game)` gave just before its last event (scoring's Match.deals).
        However `write` ends, the match is as it was afterwards."""
        match = self._journal.match
        try:
            match.deals(read, write)
        except BaseException:
            match.deals()  # fold the match's own game to the end again
            raise

    def deal(self, number, each):
        """`each(game, code)` just before each event of finished deal
        `number` (1 the first; 0: every deal, in turn) and `each(game,
        None)` just after its last: deals read on demand, their events and
        all (the match's game folded again from its events; a deal still
        open has no None). However `each` ends, the match is as it was
        afterwards."""
        match = self._journal.match
        game = match.game
        try:
            game.reset()
            for code in match.in_force:
                deals = game.deals
                if number and deals != number - 1:
                    game.apply(code)
                    continue
                each(game, code)
                game.apply(code)
                if game.deals != deals:
                    each(game, None)
        except BaseException:
            match.deals()  # fold the match's own game to the end again
            raise


class App:
    """The loop, the stack of screens and the actions around the journal."""

    def __init__(self, display, keypad, root, *, clock, journal=None):
        # At an evening (root/evening.json), the network's code, loaded
        # before the RAM policy notes what stays; never on another board.
        try:
            open(root + "/evening.json").close()
            net = load("net")
        except OSError:
            net = None
        self.display = display
        self.keypad = keypad
        self.clock = clock
        self.root = root
        self.journal = journal or Journal(root)
        self.match = View(self.journal)
        # The texts, which the screens ask through these four.
        text = self.text = Texts(self.match)
        self.t = text.t
        self.words = text.words
        self.team = text.team
        self.seat = text.seat
        self.settings = None  # a dict once `start` has read them (see settings.py)
        self.rows = display.height // ROW
        self.compact = display.height < 64
        self.stack = []
        self.screens = None  # the screens' module of the current match's game
        # The RAM policy's (ardoise.Modules): what stays is the app and what
        # it imports, loaded by now. Not the settings' file code, nor a
        # language's module (the app holds a copy of its texts).
        self.modules = Modules()
        self.load = self.modules.load  # a screen's modules, as the policy has it
        self.asleep = 0  # or _DIM, _DARK: the next press only wakes
        self.awake_ms = 0  # the idle time at which to dim or blank (apply_settings)
        self.shift = 0  # of the dimmed drawing, against burn-in (see `step`)
        self.dirty = True
        self.toast_text = None  # and its lines, the one shown (toast)
        self.toast_lines = ()
        self.toast_line = self.toast_at = 0
        self.net = net and net.Evening(self)  # ardoise.net's, at an evening

    # -- the loop ---------------------------------------------------------

    def start(self):
        """Boot: settings, the journal folded (repairs reported), the slate.

        Nothing on flash stops the boot: a flash that fails, damaged files,
        a folder that cannot be made are said on the screen.
        """
        # Collect after every few KiB allocated, not only when the heap is
        # full: garbage is then freed before it spreads over the heap, and
        # what lives on (a loaded screen, the match) lands low, leaving the
        # top free in one piece for the next large allocation. An eighth of
        # what is free, though, on a roomy heap: each collection costs some
        # 4 ms on a Pico (one a redraw at 4 KiB, as every call of a function
        # with many locals takes its frame from the heap).
        gc.threshold(max(_GC_EVERY, gc.mem_free() >> 3))
        # The games' settings (ardoise/games/__init__.py) stay, loaded with
        # the app: imported by settings.py, they would stay above the hole
        # its code leaves, and split the heap.
        self.settings, said = load("settings").load(self.root, self.journal.opener)
        forget("ardoise.settings")  # needed again only to store a change
        self.apply_settings()
        try:
            repair = self.journal.load()  # makes the folder too
        except StorageError as error:
            repair = error
        self.home()
        for problem in (said, repair):
            if problem is not None:
                self.load("menus").note(self, problem)

    def run(self, nap):
        """Poll, act and redraw forever; `nap(ms, screen_off)` waits between polls."""
        while True:
            self.step()
            if self.net is not None:
                self.net.step()
            keypad = self.keypad
            quiet = self.asleep or (keypad.settled and keypad.idle_ms >= _QUIET_MS)
            if quiet:
                self.journal.keep(self.asleep)  # the match's state beside it, now and then
            nap(SLEEP_POLL_MS if quiet else POLL_MS, self.asleep)

    def step(self):
        """One poll of the buttons; redraws if anything changed."""
        key = self.keypad.poll()
        if key == NONE and not (self.asleep or self.dirty) and self.toast_text is None:
            if self.keypad.idle_ms < self.awake_ms:
                return  # awake and nothing due: most polls end here
        display = self.display
        if key == WAKE:
            if self.asleep == _DARK:
                display.poweron()
            display.contrast(self.settings.get("contrast"))
            self.asleep = self.shift = 0
            self.dirty = True
        elif key != NONE:
            self.stack[-1].key(self, key)
            self.dirty = True
        if self.toast_text is not None:
            self.turn_toast()
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
                display.poweroff()
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
        journal = self.journal
        if journal.size != journal.body:
            journal.tidy()  # the action's line out of the tail, once it is shown

    def turn_toast(self):
        # A note of two lines shows each for TOAST_MS (base.row_width).
        shown = ticks_diff(self.clock(), self.toast_at) // TOAST_MS
        if shown >= len(self.toast_lines):
            self.toast_text = None
            self.dirty = True
        elif shown != self.toast_line:
            self.toast_line = shown
            self.dirty = True

    def redraw(self):
        display = self.display
        display.fill(0)
        self.stack[-1].draw(self, display)
        if self.toast_text is not None and len(self.stack) == 1:
            # Over the slate's status row, inverted, until it times out.
            y = display.height - ROW
            width = row_width(self)
            display.fill_rect(0, y, display.width, ROW, 1)
            text = fit(self.toast_lines[self.toast_line], width)
            draw_text(display, text, width // 2, y, color=0, align=CENTER)
        if self.net is not None and len(self.stack) == 1:
            # Its sign, sent or not yet: in the last cell of the slate's last
            # row, or of the title bar of the screen without a match.
            self.net.draw(display, display.height - ROW if self.screens else 0)
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

    def sweep(self):
        """Drop every module the screens loaded (before a large job)."""
        self.modules.drop(0)

    def home(self):
        """Back to the slate of the current match (or the screen asking for one)."""
        self.stack = []
        self.match.update()
        game = self.match.game
        name = game.name if game is not None else ""
        self.modules.back("ardoise.games." + name, "scoring." + name)
        self.screens = None
        if game is not None:
            try:
                self.screens = load("games." + name)
            except ImportError:
                pass  # a game with no screens yet: offer a new match
        if self.screens is None:
            self.stack = [self.load("menus").NoMatch()]
        else:
            self.stack = [self.screens.Slate()]
        self.keypad.set_repeat()

    def alert(self, text, title=None):
        """Show `text` until the player closes it."""
        self.push(Message(title or self.t("note"), text))

    def toast(self, text):
        """A short note over the slate's last row that goes by itself: a
        line at a time if it is longer than the row."""
        self.toast_text = text
        self.toast_lines = wrap(text, row_width(self) // 8)
        self.toast_line = 0
        self.toast_at = self.clock()

    # -- actions ----------------------------------------------------------

    def act(self, event):
        """Append one confirmed event: True once its line is on flash.

        A refusal or a flash error is shown and the match stays exactly as it
        was; on success the app goes back to the slate and says what changed.
        """
        before = self.screens.snapshot(self.match.game)
        done = self.write(self.journal.append, event)
        if done:
            self.toast(self.screens.outcome(self, before, event))
        return done

    def undo(self):
        """Take back the last event in force (appends an undo event)."""
        undone = self.match.last_event()
        if self.write(self.journal.append, {"ev": "undo"}):
            self.toast(self.t("undone") % self.screens.describe(self, undone))

    def new_match(self, header):
        """Archive the current match and begin another."""
        if self.write(self.journal.new_match, header):
            self.toast(self.t("match_started"))

    def write(self, change, value):
        """`change(value)`, a change of the journal: True once it is on flash,
        back on the slate. A refusal or a flash error is shown instead, and
        the match stays exactly as it was."""
        try:
            change(value)
        except Refused as refusal:
            self.refuse(refusal)
            return False
        except StorageError as error:
            self.not_saved(error)
            return False
        self.home()
        return True

    # -- settings ------------------------------------------------------------

    def apply_settings(self):
        """Take the stored language, seat names and contrast into use."""
        settings = self.settings
        self.text.apply_settings(settings)
        self.display.contrast(settings.get("contrast"))
        sleep, off = settings.get("sleep") * 1000, settings.get("off") * 1000
        self.awake_ms = min(sleep or _NEVER, off or _NEVER)
        self.dirty = True

    def change(self, key, value):
        """Store one setting and use it at once; False (and a message) if flash refuses."""
        try:
            self.load("settings").store(self.root, self.settings, key, value, self.journal.opener)
        except OSError as error:
            self.not_saved(StorageError(error))
            return False
        self.apply_settings()
        return True

    def refuse(self, refusal):
        """Say why the rules refused an input; the slate is unchanged."""
        values = refusal.values
        if self.screens is not None:
            shown = []
            for value in values:
                shown.append(self.screens.shown_value(self, value))
            values = tuple(shown)
        self.alert(self.text.reason(refusal, values), self.t("refused"))

    def not_saved(self, error):
        """Say that flash refused a change (a StorageError): nothing changed."""
        if error.key == "storage_full":
            text = self.t("storage_full")
        else:
            text = self.t("storage_error") % error.errno
        self.alert(text, self.t("not_saved"))
