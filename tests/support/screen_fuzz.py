"""The unchanged firmware under button gestures, checked step by step (MicroPython).

    MICROPYPATH=firmware:boards:host_tools/standin:tests/support \\
        micropython -m screen_fuzz FOLDER < COMMANDS

tests/test_proof_screens.py keeps one such process and writes commands to
it; a failing example's commands, saved to a file, replay it by hand. One
command a line, one JSON answer a line:

    boot HEIGHT BUTTONS [SEED]
                          a fresh device on a new folder under FOLDER: a
                          128xHEIGHT panel, 3 or 4 buttons; the files of the
                          folder SEED (a journal, settings) on its flash
    step MASK:MS ...      buttons down for MS ms each in turn, MASK a bit per
                          button (1 prev, 2 next, 4 ok, 8 extra; 0: none)
    settle                all released and the note on the slate gone; if the
                          slate is on screen, it must be pixel for pixel what
                          a fresh boot on the same flash shows
    reboot                all released, then power off and on: the device
                          boots again on its flash, straight to the slate

Time runs as on the board: a turn of App.run's own loop (a poll), then the
nap it asks for (longer once quiet or asleep); the pins change between polls, so a
pulse shorter than a nap may go unseen, as on the board. After every command
the journal on flash must fold, with the rules core, to the very match the
app holds; every refusal must find the match, the journal and the screens as
they were before the key that caused it. The answer lists what broke
("problems"), the traceback if the firmware raised ("crash"), and what a
test checks on its side (the keys seen, the state, the screen).
"""

import io
import json
import os
import sys

from harness import Device

from ardoise.app import POLL_MS, SLEEP_POLL_MS, TOAST_MS
from ardoise.buttons import NONE
from scoring import LogError, fold_lines

ROLES = ("prev", "next", "ok", "extra")
KEY_NAMES = (None, "prev", "next", "ok", "extra", "undo", "menu", "back", "wake")
# Long enough for any release to settle (debounce 20 ms) while polled fast.
SETTLE_MS = 30


class _Napped(Exception):
    """Raised by the nap handed to App.run: one turn of its loop is done."""


def _nap(ms, screen_off):
    raise _Napped(ms)


def read_bytes(path):
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError:
        return None


class Fuzzed:
    """One device on its own folder, driven gesture by gesture and checked."""

    def __init__(self, folder, height, buttons, seed=None):
        os.mkdir(folder)
        if seed is not None:
            for name in os.listdir(seed):
                with open(folder + "/" + name, "wb") as file:
                    file.write(read_bytes(seed + "/" + name))
        self.folder = folder
        self.height = height
        self.extra = buttons == 4
        self.keys = []
        self.refusals = []
        self.problems = []
        self.folded_bytes = None  # the journal last folded, and its (state, codes)
        self.folded = None
        self.boot()

    def boot(self):
        """Power on: the device on the folder's flash, watched."""
        self.device = Device(self.folder, height=self.height, extra=self.extra)
        self.app = self.device.app
        self.nap_ms = self.until_poll = POLL_MS
        self.down = 0  # the mask of buttons driven now
        self.before_key = None
        self.slept = False
        self.watch()

    def watch(self):
        """Note every key the app gets, and check every refusal against the state before it."""
        keypad = self.app.keypad
        poll = keypad.poll
        refuse = self.app.refuse

        def watched_poll():
            key = poll()
            if key != NONE:
                self.keys.append(KEY_NAMES[key])
                self.before_key = self.snapshot()
            return key

        def watched_refuse(refusal):
            self.refusals.append(refusal.key)
            now = self.snapshot()
            for index, what in enumerate(("match", "state", "events in force", "journal size")):
                if now[index] != self.before_key[index]:
                    self.problem("refused (%s) yet the %s changed" % (refusal.key, what))
            if now[4] != self.before_key[4]:
                self.problem("refused (%s) yet the screens changed" % refusal.key)
            refuse(refusal)

        keypad.poll = watched_poll
        self.app.refuse = watched_refuse

    def snapshot(self):
        """The match object, its state and codes, the journal's size, the screen stack."""
        journal = self.app.journal
        match = journal.match
        if match is None:
            return (None, None, None, journal.size, list(self.app.stack))
        return (match, match.state(), list(match.in_force), journal.size, list(self.app.stack))

    def problem(self, text):
        self.problems.append(text)

    # -- time and buttons --------------------------------------------------

    def elapse(self, ms):
        """Let `ms` pass as the board's main loop does: a poll, then a nap."""
        app = self.app
        i2c = self.device.hardware.i2c
        while ms > 0:
            wait = min(ms, self.until_poll)
            self.device.clock.advance(wait)
            ms -= wait
            self.until_poll -= wait
            if self.until_poll == 0:
                self.slept = self.slept or app.asleep
                try:
                    app.run(_nap)  # one turn of the board's loop: a poll, then its nap
                except _Napped as napped:
                    self.nap_ms = self.until_poll = napped.args[0]
                if i2c.writes:
                    i2c.clear()  # the bus would otherwise keep every frame

    def drive(self, mask):
        device = self.device
        for index in range(len(ROLES)):
            role = ROLES[index]
            if role not in device.pins:
                continue  # no fourth button on this board
            bit = 1 << index
            if (mask ^ self.down) & bit:
                device.pins[role].drive(device.pressed[role] if mask & bit else None)
        self.down = mask

    def step(self, segments):
        for mask, ms in segments:
            self.drive(mask)
            self.elapse(ms)

    def release(self):
        self.drive(0)
        self.elapse(SETTLE_MS if self.nap_ms == POLL_MS else 2 * SLEEP_POLL_MS + SETTLE_MS)

    def settle(self):
        """Everything released, the note gone; on the slate, compare with a fresh boot."""
        app = self.app
        self.release()
        if len(app.stack) == 1 and app.toast_text is not None and not app.asleep:
            self.elapse(TOAST_MS)
        if len(app.stack) != 1 or app.asleep:
            return False
        fresh = Device(self.folder, height=self.height, extra=self.extra)
        if len(fresh.app.stack) != 1:
            self.problem("a fresh boot on this flash opens %s" % type(fresh.screen()).__name__)
        shown, booted = self.device.pbm(), fresh.pbm()
        if shown != booted:
            for name, image in (("shown", shown), ("booted", booted)):
                with open("%s/slate-%s.pbm" % (self.folder, name), "wb") as file:
                    file.write(image)
            self.problem(
                "the slate on screen is not what a fresh boot shows (%s/slate-*.pbm)" % self.folder
            )
        return True

    # -- checks after every command ----------------------------------------

    def check_journal(self):
        """The journal on flash folds to the match the app holds, events in force and all."""
        journal = self.app.journal
        data = read_bytes(journal.path)
        if data is None:
            if journal.match is not None:
                self.problem("a match in memory but no journal on flash")
            return
        if len(data) != journal.size:
            self.problem("journal: %d bytes on flash, %d confirmed" % (len(data), journal.size))
        if data != self.folded_bytes:  # most gestures write nothing: fold only what is new
            try:
                folded = fold_lines(data.split(b"\n"))
            except LogError as error:
                self.problem("the journal on flash does not fold: %s" % error)
                return
            self.folded_bytes = data
            self.folded = (folded.state(), list(folded.in_force))
        match = journal.match
        if match is None:
            self.problem("a journal on flash but no match in memory")
        elif self.folded[0] != match.state():
            self.problem("flash folds to %r, the app holds %r" % (self.folded[0], match.state()))
        elif self.folded[1] != list(match.in_force):
            self.problem("flash and the app differ in the events in force")

    def answer(self, command, words):
        """Run one command; the verdict as a dict."""
        self.keys = []
        self.refusals = []
        self.problems = []
        self.slept = self.app.asleep
        quiet = self.nap_ms != POLL_MS  # polled slowly as the command begins
        crash = None
        checked = False
        try:
            if command == "step":
                self.step([[int(part) for part in word.split(":")] for word in words])
            elif command == "settle":
                checked = self.settle()
            elif command == "reboot":
                self.release()
                self.boot()
                if len(self.app.stack) != 1:
                    self.problem("the boot opens %s" % type(self.app.stack[-1]).__name__)
            else:
                raise ValueError("unknown command " + command)
            self.check_journal()
        except Exception as error:  # the firmware never raises: report where it did
            text = io.StringIO()
            sys.print_exception(error, text)
            crash = text.getvalue()
        match = self.app.journal.match
        return {
            "folder": self.folder,
            "keys": self.keys,
            "slept": self.slept,
            "quiet": quiet,
            "asleep": self.app.asleep,
            "screen": type(self.app.stack[-1]).__name__ if self.app.stack else None,
            # Held Prev and Next repeat there (a number, a name spelt letter by letter)
            "repeats": bool(self.app.stack[-1].repeat) if self.app.stack else False,
            "depth": len(self.app.stack),
            "refused": self.refusals,
            "state": match.state() if match is not None else None,
            "frame_checked": checked,
            "problems": self.problems,
            "crash": crash,
        }


def serve(base):
    """Answer commands from stdin until it ends."""
    boots = 0
    fuzzed = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "boot":
            boots += 1
            fuzzed = None
            try:
                folder = "%s/%04d" % (base, boots)
                seed = words[3] if len(words) > 3 else None
                fuzzed = Fuzzed(folder, int(words[1]), int(words[2]), seed)
                verdict = fuzzed.answer("step", [])
            except Exception as error:
                text = io.StringIO()
                sys.print_exception(error, text)
                verdict = {"crash": text.getvalue(), "problems": []}
        else:
            verdict = fuzzed.answer(words[0], words[1:])
        print(json.dumps(verdict))


serve(sys.argv[-1])
