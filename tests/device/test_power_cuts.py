"""Power cuts at every step of every journal write, on a simulated flash.

`Flash` stands in for the board's filesystem: it is the Journal's opener
and, for the journal module only, its `os` (stat, rename, remove, mkdir,
listdir, sync). Every call, and every byte of a write, is one step, and the
power can go before any step. A scripted match (every kind of event, an
undo, new matches that archive the old ones) is played once without a cut,
then once for every step with the power cut there; each time the board
"reboots" (a new Journal on what the flash holds, load()) and must show the
state after the last confirmed action or after the action in flight, never
anything else, load the same again, and play on to the same final flash.

An action is played as the slate plays it: its line to the journal's tail,
then (once the screen shows it) `tidy`, which moves it to the journal's
file; and at a few quiet moments of the script ("keep") the match's state
is written beside the journal, which the boots that follow fold from.

Two flashes are modelled: one that keeps every byte written before the cut,
one that loses what a file took since its last flush (a write cache). A
rename onto an existing file is done as FAT does it on MicroPython: remove,
then rename, with a step between.

Errors, the other way a step fails: every call on the flash (open, write,
flush, close, sync, rename, remove, mkdir, stat, listdir, read) is one
operation, and `fail_at` makes one of them raise OSError (a write keeps half
of its bytes first; a rename onto a file may fail after FAT removed that
file). `prove_flash_errors` fails each operation of each action in turn:
the journal (and the settings) must then hold what a fresh boot on that
flash finds, either the state before the action (and say it was not saved)
or the state after it, and the next actions must leave the flash exactly as
without the error.

The settings are cut at every step of each change too (`prove_settings_cuts`:
a boot reads the settings before or after it). The roster, which needs
MicroPython's framebuf, is proved on the whole app by test_flash_errors.py.

Plain functions and asserts: tests/mp_runner.py runs them under MicroPython
and tests/test_proof_power.py under CPython (also at full size).
"""

import json

import ardoise.journal as journal_module
from ardoise import journal_rewrite, settings
from ardoise.journal import Journal, StorageError, encode
from scoring import Refused, fold_lines
from scoring.match import declared

ENOENT = 2
EIO = 5
EEXIST = 17
ENOSPC = 28
FOLDER_MODE = 0x4000
FILE_MODE = 0x8000
ROOT = "/flash"
JOURNAL = ROOT + "/match.jsonl"
STATE = ROOT + "/match.state"
TAIL = ROOT + "/match.tail"

NAMES = ["Ana", "Bea", "Cid", "Dan"]
FIRST = {"ev": "match", "game": "brouc", "names": NAMES, "target": 5}
SECOND = {"ev": "match", "game": "brouc", "dealer": 2}
THIRD = {"ev": "match", "game": "brusquembelle", "players": 3}


def trick(team):
    return ("append", {"ev": "trick", "team": team})


# Every kind of Brouc event, an undo across a finished deal, a won match,
# and two new matches (each archives the one before).
SCRIPT = (
    [("new_match", FIRST), ("append", {"ev": "deal", "trump": "H"}), trick("A")]
    + [("append", {"ev": "declare", "team": "A", "suit": "S", "kind": "KQ"}), trick("B")]
    + [("append", {"ev": "table", "team": "B", "suit": "C", "kind": "KQJ"})]
    + [trick(team) for team in "AABABA"]
    + [("keep",), ("append", {"ev": "end", "A": 75, "B": 45}), ("undo",)]
    + [("append", {"ev": "end", "A": 64}), ("keep",)]
    + [("append", {"ev": "deal", "trump": "D"}), ("append", {"ev": "end", "cape": "A"})]
    + [("append", {"ev": "deal", "trump": "C"}), ("append", {"ev": "end", "A": 120})]
    + [("append", {"ev": "deal", "trump": "S"}), ("append", {"ev": "end", "A": 100})]
    + [("append", {"ev": "deal", "trump": "H"})]
    + [("append", {"ev": "announce", "team": "A", "call": "cape-dedouble"})]
    + [("append", {"ev": "end", "cape": "A"})]
    + [("keep",), ("new_match", SECOND), ("append", {"ev": "deal", "trump": "S"})]
    + [("append", {"ev": "out", "team": "B", "points": 0})]
    + [("new_match", THIRD), ("append", {"ev": "deal"})]
    + [("append", {"ev": "card", "player": 1, "rank": "A", "won": True})]
    + [("append", {"ev": "end", "points": [30, 60, 30]})]
)


# A past deal put right (journal_rewrite.py): three deals, then the first's
# trump and card points changed, which takes back and enters again the two
# after it, in one write; then the match goes on.
CORRECTION = (
    [("new_match", SECOND), ("append", {"ev": "deal", "trump": "H"})]
    + [("append", {"ev": "declare", "team": "A", "suit": "S", "kind": "KQ"})]
    + [("append", {"ev": "end", "A": 75})]
    + [("append", {"ev": "deal", "trump": "D"}), ("append", {"ev": "end", "A": 50})]
    + [("append", {"ev": "deal", "trump": "C"}), ("append", {"ev": "end", "cape": "B"})]
    + [("keep",)]
    + [
        (
            "rewrite",
            7,
            [
                {"ev": "deal", "trump": "S"},
                {"ev": "declare", "team": "A", "suit": "S", "kind": "KQ"},
                {"ev": "end", "A": 45, "B": 75},
                {"ev": "deal", "trump": "D"},
                {"ev": "end", "A": 50, "B": 70},
                {"ev": "deal", "trump": "C"},
                {"ev": "end", "cape": "B"},
            ],
        )
    ]
    + [("append", {"ev": "deal", "trump": "H"}), ("append", {"ev": "end", "A": 60})]
)

# The same write for a Bruus deal (games/bruus_correct.py): a deal, then
# its strike given to the other team, the next deal (open) entered again.
BRUUS = {"ev": "match", "game": "bruus", "dealer": 0}
BRUUS_CORRECTION = (
    [("new_match", BRUUS), ("append", {"ev": "deal"})]
    + [("append", {"ev": "dare", "team": "B", "kind": "strike"})]
    + [("append", {"ev": "trick", "team": "A", "count": 3})]
    + [("append", {"ev": "trick", "team": "A", "count": 2}), ("append", {"ev": "deal"})]
    + [
        (
            "rewrite",
            5,
            [
                {"ev": "deal"},
                {"ev": "dare", "team": "A", "kind": "strike"},
                {"ev": "trick", "team": "A", "count": 3},
                {"ev": "trick", "team": "A", "count": 2},
                {"ev": "deal"},
            ],
        )
    ]
)


class PowerCut(Exception):
    """The power went off: nothing more reaches the flash until a reboot."""


def parent(path):
    return path[: path.rfind("/")]


class Flash:
    """An in-memory filesystem whose power can be cut before any step.

    `cut_at`: the step before which the power goes (None: never).
    `keep_unflushed`: whether a cut leaves the bytes written since a file's
    last flush (a write-through flash) or loses them (a write cache).
    `room`: bytes all files may hold (None: no limit); a write that does not
    fit stores what fits, then raises OSError(ENOSPC), or with `short_writes`
    returns the short count as FAT does.
    """

    def __init__(self, cut_at=None, keep_unflushed=True, room=None, short_writes=False):
        self.files = {}
        self.folders = {""}
        self.steps = 0
        self.cut_at = cut_at
        self.keep_unflushed = keep_unflushed
        self.room = room
        self.short_writes = short_writes
        self.powered = True
        self.writers = []  # files open for writing
        self.operations = 0  # calls on the flash so far
        self.fail_at = None  # the operation that raises an error (None: none)
        self.log = None  # a list that notes each operation's name, if given

    def operation(self, name, error=ENOSPC):
        """One call on the flash: raises OSError(`error`) if it is the one to fail."""
        index = self.operations
        self.operations += 1
        if self.log is not None:
            self.log.append(name)
        if index == self.fail_at:
            raise OSError(error)

    def copy(self):
        """Another flash holding the same files and folders (no cut, no error)."""
        other = Flash()
        other.files = dict((path, bytearray(data)) for path, data in self.files.items())
        other.folders = set(self.folders)
        return other

    def step(self):
        if not self.powered or self.steps == self.cut_at:
            self.powered = False
            raise PowerCut()
        self.steps += 1

    def reboot(self, cut_at=None):
        """Power back on (until step `cut_at` of the new boot): open files are gone."""
        for file in self.writers:
            if not self.keep_unflushed and file.path in self.files:
                self.files[file.path] = self.files[file.path][: file.flushed]
        self.writers = []
        self.powered = True
        self.steps = 0
        self.cut_at = cut_at

    def contents(self):
        """Everything on the flash, to compare two flashes."""
        files = sorted((path, bytes(data)) for path, data in self.files.items())
        return files, sorted(self.folders)

    def free(self):
        if self.room is None:
            return 1 << 30
        return self.room - sum(len(data) for data in self.files.values())

    # -- the opener ---------------------------------------------------------

    def open(self, path, mode):
        self.operation("open", EIO if "r" in mode else ENOSPC)
        self.step()
        if "r" in mode:
            if path not in self.files:
                raise OSError(ENOENT)
            return FlashFile(self, path, 0)
        if parent(path) not in self.folders:
            raise OSError(ENOENT)
        if "w" in mode or path not in self.files:
            self.files[path] = bytearray()
        file = FlashFile(self, path, len(self.files[path]))
        self.writers.append(file)
        return file

    # -- the os functions the journal calls -----------------------------------

    def stat(self, path):
        self.operation("stat", EIO)
        self.step()
        if path in self.folders:
            return (FOLDER_MODE, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if path in self.files:
            return (FILE_MODE, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)
        raise OSError(ENOENT)

    def remove(self, path):
        self.operation("remove")
        self.step()
        if path not in self.files:
            raise OSError(ENOENT)
        del self.files[path]

    def rename(self, old, new):
        self.operation("rename")
        self.step()
        if old not in self.files:
            raise OSError(ENOENT)
        if new in self.files:
            del self.files[new]
            # FAT on MicroPython: the old target is removed first, and the
            # rename itself may still fail.
            self.operation("rename")
            self.step()
        self.files[new] = self.files.pop(old)

    def mkdir(self, path):
        self.operation("mkdir")
        self.step()
        if path in self.folders or path in self.files:
            raise OSError(EEXIST)
        if parent(path) not in self.folders:
            raise OSError(ENOENT)
        self.folders.add(path)

    def listdir(self, path):
        self.operation("listdir", EIO)
        self.step()
        if path not in self.folders:
            raise OSError(ENOENT)
        inside = [name for name in list(self.files) + list(self.folders) if parent(name) == path]
        return [name[len(path) + 1 :] for name in inside]

    def ilistdir(self, path):
        return [(name, 0, 0) for name in self.listdir(path)]

    def sync(self):
        self.operation("sync")
        self.step()


class FlashFile:
    """An open file of a Flash; `flushed` is what a cut leaves of it without the cache."""

    def __init__(self, flash, path, flushed):
        self.flash = flash
        self.path = path
        self.flushed = flushed
        self.position = 0

    def data(self):
        return self.flash.files[self.path]

    def write(self, data):
        flash = self.flash
        data = bytes(data)
        try:
            flash.operation("write")
        except OSError:
            self.data().extend(data[: len(data) // 2])  # what a failing write may leave
            raise
        flash.step()
        fits = min(len(data), flash.free())
        # Each byte after the first is one more step: a cut keeps a prefix.
        more = max(fits - 1, 0)
        if flash.cut_at is not None and flash.cut_at - flash.steps < more:
            kept = 1 + flash.cut_at - flash.steps
            self.data().extend(data[:kept])
            flash.steps = flash.cut_at
            flash.step()  # the power goes
        self.data().extend(data[:fits])
        flash.steps += more
        if fits < len(data):
            if flash.short_writes:
                return fits
            raise OSError(ENOSPC)
        return len(data)

    def flush(self):
        self.flash.operation("flush")
        self.flash.step()
        self.flushed = len(self.data())

    def close(self):
        self.flash.operation("close", ENOSPC if self in self.flash.writers else EIO)
        self.flash.step()
        if self in self.flash.writers:
            self.flushed = len(self.data())
            self.flash.writers.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def _take(self, count):
        self.flash.operation("read", EIO)
        self.flash.step()
        data = self.data()
        end = len(data) if count < 0 else min(len(data), self.position + count)
        piece = bytes(data[self.position : end])
        self.position = end
        return piece

    def read(self, count=-1):
        return self._take(count)

    def readline(self, limit=-1):
        self.flash.operation("read", EIO)
        self.flash.step()
        data = self.data()
        end = len(data) if limit < 0 else min(len(data), self.position + limit)
        newline = data.find(b"\n", self.position, end)
        if newline >= 0:
            end = newline + 1
        piece = bytes(data[self.position : end])
        self.position = end
        return piece

    def readinto(self, buffer):
        piece = self._take(len(buffer))
        buffer[: len(piece)] = piece
        return len(piece)

    def seek(self, offset, whence=0):
        self.flash.operation("seek", EIO)
        self.flash.step()
        self.position = offset + (len(self.data()) if whence == 2 else 0)
        return self.position


# -- running the journal on a Flash ---------------------------------------------


def on_flash(flash, action):
    """Run `action()` with the journal module's os calls going to `flash`."""
    saved = (journal_module.os, journal_module._ilistdir, journal_module._SYNC)
    journal_module.os = flash
    journal_module._ilistdir = flash.ilistdir
    journal_module._SYNC = flash.sync
    try:
        return action()
    finally:
        journal_module.os, journal_module._ilistdir, journal_module._SYNC = saved


def perform(journal, action):
    """`action` as the slate does it: then, the screen drawn, the tail tidied."""
    kind = action[0]
    if kind == "new_match":
        journal.new_match(action[1])
    elif kind == "undo":
        journal.undo()
    elif kind == "rewrite":
        journal_rewrite.rewrite(journal, action[1], action[2])
    elif kind == "keep":
        journal.keep(True)
    else:
        journal.append(action[1])
    journal.tidy()


def shown(journal):
    """What the slate shows and can undo: the state and the events in force (None: no match)."""
    if journal.match is None:
        return None
    return (journal.match.state(), list(journal.match.in_force))


def boot(flash):
    """A board starting on this flash: (journal, repair)."""
    journal = Journal(ROOT, opener=flash.open)
    return journal, journal.load()


def expected_journals(script):
    """What the flash must hold after each action, from the script alone (not the journal).

    Returns, for each action, (journal bytes, archived matches' bytes oldest first).
    """
    archived, lines, after = [], [], []
    for action in script:
        if action[0] == "new_match":
            if lines:
                archived.append(b"".join(lines))
            lines = [encode(action[1])]
        elif action[0] == "rewrite":
            lines += [encode({"ev": "undo"})] * action[1]
            lines += [encode(event) for event in action[2]]
        elif action[0] == "keep":
            pass  # the state beside the journal, which changes nothing of it
        else:
            lines.append(encode(action[1] if action[0] == "append" else {"ev": "undo"}))
        after.append((b"".join(lines), list(archived)))
    return after


def folded(data):
    """What the rules core alone shows for journal bytes."""
    match = fold_lines(data.split(b"\n"))
    return (match.state(), list(match.in_force))


class Reference:
    """The script played without a cut: what the slate shows before and after each action.

    Checked as it plays against expected_journals() and the rules core, so
    that a bug of the journal cannot hide in the reference.
    """

    def __init__(self, script):
        self.script = script
        flash = Flash()

        def play():
            journal, repair = boot(flash)
            assert repair is None
            self.shown = [shown(journal)]
            self.starts = []  # the step at which each action begins
            expected = expected_journals(script)
            for index, action in enumerate(script):
                self.starts.append(flash.steps)
                perform(journal, action)
                self.shown.append(shown(journal))
                assert on_the_flash(flash) == expected[index], action
                assert self.shown[-1] == folded(expected[index][0]), action

        on_flash(flash, play)
        self.steps = flash.steps
        self.flash = flash

    def in_flight(self, cut):
        """The index of the action that a cut before step `cut` interrupts."""
        index = 0
        while index + 1 < len(self.starts) and self.starts[index + 1] <= cut:
            index += 1
        return index


class Tally:
    """What a proof tried and found."""

    def __init__(self):
        self.counts = {}

    def add(self, name, count=1):
        self.counts[name] = self.counts.get(name, 0) + count


def play_on(journal, script, start=0):
    for action in script[start:]:
        perform(journal, action)


def play_until_the_cut(flash, script):
    """Boot on `flash` and play `script` until its power goes."""
    try:
        journal, repair = boot(flash)
        play_on(journal, script)
    except PowerCut:
        return
    raise AssertionError("the power never went")


def resume_at(reference, index, state):
    """Where the script goes on after a boot showing `state` when action
    `index` was in flight: after it if it was done, else with it again. A
    state cut short (its file, or the state.tmp it left) is kept again at
    the next quiet moment, as the app does."""
    done = state == reference.shown[index + 1] and reference.script[index] != ("keep",)
    return index + 1 if done else index


def check_boot(flash, reference, index, tally):
    """Boot after a cut in action `index`; check what it shows, then play on to the end."""
    journal, repair = boot(flash)
    state = shown(journal)
    before, after = reference.shown[index], reference.shown[index + 1]
    assert state == before or state == after, (index, state)
    assert repair is None or repair.key == "torn", (index, str(repair))
    tally.add("boots showing the action" if state == after else "boots without the action")
    if repair is not None:
        tally.add("torn lines dropped")
    # No crash loop: a second boot finds the same slate and writes nothing.
    files = flash.contents()
    again, repair = boot(flash)
    assert repair is None and shown(again) == state and flash.contents() == files
    play_on(again, reference.script, resume_at(reference, index, state))
    assert shown(again) == reference.shown[-1]
    assert flash.contents() == reference.flash.contents()


def cut_trial(reference, cut, keep_unflushed, tally, boot_cut=None):
    """Cut the power before step `cut` of the script, reboot (cut again at `boot_cut`), play on."""
    flash = Flash(cut_at=cut, keep_unflushed=keep_unflushed)

    def run():
        play_until_the_cut(flash, reference.script)
        index = reference.in_flight(cut)
        if boot_cut is not None:
            flash.reboot(boot_cut)
            try:
                boot(flash)
            except PowerCut:
                pass
        flash.reboot()
        check_boot(flash, reference, index, tally)

    on_flash(flash, run)
    tally.add("cut points" if boot_cut is None else "cut points in the boot after a cut")


def boot_steps(reference, cut, keep_unflushed):
    """How many steps the boot after a cut before step `cut` takes."""
    flash = Flash(cut_at=cut, keep_unflushed=keep_unflushed)

    def run():
        play_until_the_cut(flash, reference.script)
        flash.reboot()
        boot(flash)
        return flash.steps

    return on_flash(flash, run)


def prove_power_cuts(script=SCRIPT, boot_cut_every=0):
    """Every cut point of `script` on both flashes; returns the Tally's counts.

    With `boot_cut_every` N > 0, for every Nth cut the boot that follows is
    cut too, at each of its steps (a repair interrupted by the next loss).
    """
    reference = Reference(script)
    tally = Tally()
    tally.add("script actions", len(script))
    tally.add("steps in the script", reference.steps)
    for keep_unflushed in (True, False):
        for cut in range(reference.steps):
            cut_trial(reference, cut, keep_unflushed, tally)
            if boot_cut_every and cut % boot_cut_every == 0:
                for boot_cut in range(boot_steps(reference, cut, keep_unflushed)):
                    cut_trial(reference, cut, keep_unflushed, tally, boot_cut)
    return tally.counts


# -- errors: one failed operation in an action -------------------------------------

# Settings changed one after the other: the first writes the file, the
# others replace it.
SETTINGS_SCRIPT = (
    ("lang", "de"),
    ("contrast", 32),
    ("rules", "brou1802"),  # and its target, 12, in the same write
    ("tricks", True),
    ("lang", "en"),
)


def settings_after(values, key, value):
    """The settings after a change: a rule set brings its usual target."""
    after = dict(values)
    after[key] = value
    if key == "rules":
        rules, targets = declared("brouc")
        after["target"] = targets[rules.index(value)]
    return after


def prove_flash_errors(script=SCRIPT, every=1, boot_every=0):
    """An error at each operation, in turn, of every `every`th action of `script` and of
    every settings change of SETTINGS_SCRIPT, one trial each; returns the Tally's counts.

    With `boot_every` N > 0, also at each operation of the boot after every
    Nth cut point of the script (its repairs), on both flashes.
    """
    reference = Reference(script)
    expected = expected_journals(script)
    tally = Tally()
    flash = Flash()

    def play():
        journal, repair = boot(flash)
        for index in range(len(script)):
            if index % every == 0:
                snapshot = flash.copy()
                for failing in range(operations_of(snapshot, script[index])):
                    error_trial(snapshot, reference, expected, index, failing, tally)
            perform(journal, script[index])

    on_flash(flash, play)
    tally.add("actions with errors", len(range(0, len(script), every)))
    tally.add("settings changes", len(SETTINGS_SCRIPT))
    flash = Flash()
    flash.folders.add(ROOT)
    for index in range(len(SETTINGS_SCRIPT)):
        snapshot = flash.copy()
        count = on_flash(snapshot.copy(), lambda index=index: settings_operations(index))
        for failing in range(count):
            settings_error_trial(snapshot, index, failing, tally)
        on_flash(flash, lambda index=index: store_setting(flash, index))
    if boot_every:
        for keep_unflushed in (True, False):
            for cut in range(0, reference.steps, boot_every):
                snapshot = after_a_cut(reference, cut, keep_unflushed)
                count = on_flash(snapshot.copy(), lambda: boot_operations())
                for failing in range(count):
                    boot_error_trial(snapshot, reference, reference.in_flight(cut), failing, tally)
    return tally.counts


def after_a_cut(reference, cut, keep_unflushed):
    """The flash as a cut before step `cut` of the script leaves it, powered again."""
    flash = Flash(cut_at=cut, keep_unflushed=keep_unflushed)
    on_flash(flash, lambda: play_until_the_cut(flash, reference.script))
    flash.reboot()
    return flash.copy()


def boot_operations():
    flash = journal_module.os
    boot(flash)
    return flash.operations


def boot_error_trial(snapshot, reference, index, failing, tally):
    """The boot on `snapshot` (cut in action `index`) with its operation `failing` raising."""
    flash = snapshot.copy()
    log = []

    def run():
        flash.fail_at = failing
        flash.log = log
        journal = Journal(ROOT, opener=flash.open)
        try:
            journal.load()
            failed = False
        except StorageError:
            failed = True
        flash.fail_at = flash.log = None
        where = (index, failing, log[failing:])
        other = flash.copy()
        if failed:
            # Said on the screen, with no match: the flash must hold what the cut left.
            on_flash(other, lambda: check_boot(other, reference, index, Tally()))
            tally.add("boot errors said as such")
            return
        fresh, repair = on_flash(other, lambda: boot(other))
        state = shown(journal)
        assert state == shown(fresh), (where, state, shown(fresh))
        assert state in (reference.shown[index], reference.shown[index + 1]), where
        play_on(journal, reference.script, resume_at(reference, index, state))
        assert flash.contents() == reference.flash.contents(), where
        tally.add("boot errors that the boot got over")

    on_flash(flash, run)
    tally.add("error points in the boot after a cut")


def operations_of(snapshot, action):
    """How many operations `action` takes on the flash `snapshot` (left as it is)."""
    flash = snapshot.copy()

    def run():
        journal, repair = boot(flash)
        start = flash.operations
        perform(journal, action)
        return flash.operations - start

    return on_flash(flash, run)


def error_trial(snapshot, reference, expected, index, failing, tally):
    """Action `index` on `snapshot` with its operation `failing` raising an error."""
    flash = snapshot.copy()
    action = reference.script[index]
    log = []

    def run():
        journal, repair = boot(flash)
        flash.fail_at = flash.operations + failing
        flash.log = log
        try:
            perform(journal, action)
            saved = True
        except StorageError:
            saved = False
        flash.fail_at = flash.log = None
        where = (index, action[0], failing, log[failing:])
        state = shown(journal)
        assert state == reference.shown[index + 1 if saved else index], where
        # What a boot on this flash finds (on a copy: this one plays on).
        other = flash.copy()
        fresh, repair = on_flash(other, lambda: boot(other))
        assert repair is None and shown(fresh) == state, (where, str(repair), shown(fresh))
        # The action again if it was not saved, and the next: nothing lost, nothing left over.
        if not saved:
            perform(journal, action)
        assert on_the_flash(flash) == expected[index], where
        if index + 1 < len(reference.script):
            perform(journal, reference.script[index + 1])
            assert on_the_flash(flash) == expected[index + 1], where
        tally.add(
            "errors after which the action was saved" if saved else "errors refusing the action"
        )

    on_flash(flash, run)
    tally.add("error points")


def settings_values(flash):
    values, aside = settings.load(ROOT, flash.open)
    assert not aside
    return values


def store_setting(flash, index):
    key, value = SETTINGS_SCRIPT[index]
    values = settings_values(flash)
    settings.store(ROOT, values, key, value, flash.open)
    return values


def settings_operations(index):
    flash = journal_module.os
    start = flash.operations
    store_setting(flash, index)
    return flash.operations - start


def settings_error_trial(snapshot, index, failing, tally):
    """Settings change `index` on `snapshot` with its operation `failing` raising an error."""
    flash = snapshot.copy()
    key, value = SETTINGS_SCRIPT[index]

    def run():
        values = settings_values(flash)
        before = dict(values)
        after = settings_after(values, key, value)
        flash.fail_at = flash.operations + failing
        try:
            settings.store(ROOT, values, key, value, flash.open)
            saved = True
        except OSError:
            saved = False
        flash.fail_at = None
        where = (index, key, failing)
        assert values == (after if saved else before), where
        other = flash.copy()
        assert on_flash(other, lambda: settings_values(other)) == values, where
        if not saved:
            settings.store(ROOT, values, key, value, flash.open)
        assert sorted(flash.files) == [ROOT + "/settings.json"], (where, sorted(flash.files))
        assert settings_values(flash) == after, where
        tally.add(
            "errors after which the action was saved" if saved else "errors refusing the action"
        )

    on_flash(flash, run)
    tally.add("error points")
    tally.add("settings error points")


def prove_settings_cuts():
    """A power cut at every step of each change of SETTINGS_SCRIPT, on both
    flashes: the settings a boot reads are those before or after the change."""
    tally = Tally()
    flash = Flash()
    flash.folders.add(ROOT)
    for index in range(len(SETTINGS_SCRIPT)):
        key, value = SETTINGS_SCRIPT[index]
        trial = flash.copy()
        before = on_flash(trial, lambda trial=trial: settings_values(trial))
        after = settings_after(before, key, value)
        start = trial.steps
        on_flash(trial, lambda trial=trial, index=index: store_setting(trial, index))
        for keep_unflushed in (True, False):
            for cut in range(trial.steps - start):
                settings_cut_trial(flash, index, keep_unflushed, cut, (before, after))
                tally.add("settings cut points")
        on_flash(flash, lambda index=index: store_setting(flash, index))
    return tally.counts


def settings_cut_trial(flash, index, keep_unflushed, cut, either):
    trial = flash.copy()
    trial.keep_unflushed = keep_unflushed
    trial.cut_at = trial.steps + cut
    try:
        on_flash(trial, lambda: store_setting(trial, index))
    except PowerCut:
        pass
    else:
        raise AssertionError("the power never went")
    trial.reboot()
    found = on_flash(trial, lambda: settings_values(trial))
    assert found in either, (index, keep_unflushed, cut, found)


def test_every_power_cut_in_a_settings_change_leaves_the_old_or_the_new():
    counts = prove_settings_cuts()
    assert counts["settings cut points"] > 2 * 100 * len(SETTINGS_SCRIPT)


def test_an_error_at_any_step_leaves_what_a_boot_finds():
    # Every third action here, and the boot after one cut in 100
    # (tests/test_proof_power.py tries more).
    counts = prove_flash_errors(every=3, boot_every=100)
    assert (
        counts["errors refusing the action"] and counts["errors after which the action was saved"]
    )
    assert counts["boot errors said as such"] and counts["boot errors that the boot got over"]


def on_the_flash(flash):
    """(journal bytes, archived journals' bytes in archive order); nothing
    else may be there but the state kept beside the journal and its tail
    (empty, or with lines an error kept there: they follow the journal's,
    which it says it continues)."""
    archive = ROOT + "/archive/"
    names = sorted(path for path in flash.files if path.startswith(archive))
    others = [path for path in (STATE, TAIL) if path in flash.files]
    assert sorted(flash.files) == sorted(names + [JOURNAL] + others), sorted(flash.files)
    journal = bytes(flash.files[JOURNAL])
    if flash.files.get(TAIL):  # emptied once tidied, never removed
        # Its lines go on from the journal's first `start` bytes, of which
        # an error in moving them left none, some or all beyond those.
        first, _, lines = bytes(flash.files[TAIL]).partition(b"\n")
        start = int(first)
        assert start <= len(journal) and lines.startswith(journal[start:])
        journal = journal[:start] + lines
    return journal, [bytes(flash.files[name]) for name in names]


def test_the_script_plays_without_a_cut():
    reference = Reference(SCRIPT)
    state, in_force = reference.shown[-1]
    assert state["game"] == "brusquembelle" and len(in_force) == 3
    first_match_won = reference.shown[SCRIPT.index(("new_match", SECOND))][0]
    assert first_match_won["winner"] == "A" and first_match_won["names"] == NAMES
    files = dict(reference.flash.contents()[0])
    archives = [ROOT + "/archive/0001.jsonl", ROOT + "/archive/0002.jsonl"]
    assert sorted(files) == archives + [JOURNAL, TAIL] and files[TAIL] == b""


def test_every_power_cut_keeps_every_confirmed_action():
    counts = prove_power_cuts()
    assert counts["cut points"] == 2 * counts["steps in the script"]
    assert counts["boots showing the action"] and counts["boots without the action"]
    assert counts["torn lines dropped"]


def test_every_power_cut_in_a_correction_leaves_the_old_slate_or_the_new():
    reference = Reference(CORRECTION)
    index = [action[0] for action in CORRECTION].index("rewrite")
    before, after = reference.shown[index], reference.shown[index + 1]
    assert before[0]["slate"] != after[0]["slate"] and len(before[1]) == len(after[1])
    counts = prove_power_cuts(CORRECTION)
    assert counts["cut points"] == 2 * counts["steps in the script"]
    assert counts["boots showing the action"] and counts["boots without the action"]


def test_every_power_cut_in_a_bruus_correction_leaves_the_old_slate_or_the_new():
    reference = Reference(BRUUS_CORRECTION)
    before, after = reference.shown[-2], reference.shown[-1]
    assert before[0]["points"] == {"A": 2, "B": 2} and after[0]["points"] == {"A": 4, "B": 0}
    counts = prove_power_cuts(BRUUS_CORRECTION)
    assert counts["cut points"] == 2 * counts["steps in the script"]
    assert counts["boots showing the action"] and counts["boots without the action"]


def test_an_error_at_any_step_of_a_correction_leaves_what_a_boot_finds():
    counts = prove_flash_errors(CORRECTION)
    assert counts["errors refusing the action"]
    assert counts["errors after which the action was saved"]


def test_a_correction_the_rules_refuse_writes_nothing():
    flash = Flash()

    def run():
        journal, _ = boot(flash)
        index = [action[0] for action in CORRECTION].index("rewrite")
        for action in CORRECTION[:index]:
            perform(journal, action)
        files = flash.contents()
        state = shown(journal)
        # The first deal left open: the second's deal event no longer fits.
        events = [{"ev": "deal", "trump": "H"}] + CORRECTION[index][2][3:]
        for undos in (7, 99):
            try:
                journal_rewrite.rewrite(journal, undos, events)
            except Refused:
                pass
            else:
                raise AssertionError("refused")
            assert shown(journal) == state and flash.contents() == files
        perform(journal, CORRECTION[index])
        assert shown(journal) == folded(on_the_flash(flash)[0])

    on_flash(flash, run)


# -- a full flash -----------------------------------------------------------------


def test_a_full_flash_refuses_each_action_and_loses_nothing():
    reference = Reference(SCRIPT)
    # The very first match on an empty flash too (first_match_after_a_full_flash
    # adds the room coming back before anything else).
    for index in range(len(SCRIPT)):
        for short_writes in (False, True):
            for room_left in (0, 1, 9):
                full_flash_trial(reference, index, short_writes, room_left)


def full_flash_trial(reference, index, short_writes, room_left):
    """Action `index` meets a flash with only `room_left` bytes free; then room comes back."""
    flash = Flash(short_writes=short_writes)

    def run():
        journal, repair = boot(flash)
        play_on(journal, reference.script[:index])
        flash.room = room_left + sum(len(data) for data in flash.files.values())
        if reference.script[index] == ("keep",):
            # No room for the state: nothing said, nothing kept, nothing lost.
            files = flash.contents()
            perform(journal, reference.script[index])
            assert flash.contents() == files and shown(journal) == reference.shown[index]
            assert shown(boot(flash)[0]) == reference.shown[index]
            return
        try:
            perform(journal, reference.script[index])
        except StorageError as error:
            assert error.key == "storage_full", error.key
            assert str(error) == "storage full: the action was not saved"
        else:
            raise AssertionError("action %d saved on a full flash" % index)
        assert shown(journal) == reference.shown[index]
        rebooted, repair = boot(flash)  # a power loss now shows the same slate
        assert shown(rebooted) == reference.shown[index]
        flash.room = None
        play_on(journal, reference.script, index)
        assert flash.contents() == reference.flash.contents()

    on_flash(flash, run)


def first_match_after_a_full_flash():
    """A full flash refuses the first match ever; once there is room it must be accepted
    (the failed new_match left the journal to settle, with no file on flash yet)."""
    flash = Flash(room=0)

    def run():
        journal, repair = boot(flash)
        try:
            journal.new_match(FIRST)
        except StorageError as error:
            assert error.key == "storage_full", error.key
        flash.room = None
        journal.new_match(FIRST)
        assert shown(boot(flash)[0]) == shown(journal)

    on_flash(flash, run)


def long_names_survive_a_reboot():
    """A match named with four 16-character names is accepted, so it must load again
    (its line is the longest kind the journal writes). Four names of their own:
    a name sits at one seat only."""
    names = ["\u00e9" * 15 + last for last in "\u00e9\u00e8\u00ea\u00eb"]
    header = {"ev": "match", "game": "brouc", "names": names}
    flash = Flash()

    def run():
        journal, repair = boot(flash)
        journal.new_match(header)
        journal.append({"ev": "deal", "trump": "H"})
        rebooted, repair = boot(flash)
        assert repair is None, str(repair)
        assert shown(rebooted) == shown(journal)

    on_flash(flash, run)


# -- damage and empty journals ----------------------------------------------------


def journal_after(count):
    """The journal's bytes after the first `count` actions of the script."""
    return expected_journals(SCRIPT[:count])[-1][0]


def expected_after_damage(lines, damaged):
    """What the slate must show when line `damaged` (1-based) is bad: the lines before it."""
    return folded(b"\n".join(lines[: damaged - 1])) if damaged > 1 else None


def test_a_corrupt_byte_anywhere_keeps_the_lines_before_it():
    intact = journal_after(SCRIPT.index(("new_match", SECOND)))  # the first match, won
    lines = intact.split(b"\n")[:-1]
    for offset in range(len(intact)):
        # Never valid UTF-8 where it lands: a lone lead byte, or a lone continuation byte.
        corrupt_byte_trial(intact, lines, offset, b"\xff" if offset % 2 else b"\x80")


def corrupt_byte_trial(intact, lines, offset, bad):
    """A byte of the journal spoiled; the boot keeps the lines before the spoiled one."""
    damaged = intact[:offset] + bad + intact[offset + 1 :]
    line = intact.count(b"\n", 0, offset) + 1
    # A spoiled newline joins two lines; only the last line, without its
    # newline, is dropped as torn; a complete bad line is damage, kept.
    last = damaged.find(b"\n", offset) == -1
    flash = Flash()
    flash.folders.add(ROOT)
    flash.files[JOURNAL] = bytearray(damaged)

    def run():
        journal, repair = boot(flash)
        assert repair.key == ("torn" if last else "damaged"), (offset, str(repair))
        if not last:
            assert repair.line == line and "not valid UTF-8" in str(repair), str(repair)
            archived = dict(flash.contents()[0])[ROOT + "/archive/0001.damaged"]
            assert archived == damaged
        assert shown(journal) == expected_after_damage(lines, line), offset
        files = flash.contents()
        again, repair = boot(flash)
        assert repair is None and shown(again) == shown(journal) and flash.contents() == files
        # The slate is usable: the lost action is entered again and saved.
        if again.match is None:
            again.new_match(FIRST)
        else:
            again.append(json.loads(lines[line - 1]))
        assert shown(boot(flash)[0]) == shown(again)

    on_flash(flash, run)


def a_nul_for_a_newline_is_reported():
    """A NUL byte where the third line's newline was: line 3 is damaged, lines 1-2 kept
    (MicroPython's json.loads would stop at the NUL and read half the line)."""
    intact = journal_after(5)
    newline = intact.find(b"\n", intact.find(b"\n", intact.find(b"\n") + 1) + 1)
    flash = Flash()
    flash.folders.add(ROOT)
    flash.files[JOURNAL] = bytearray(intact[:newline] + b"\x00" + intact[newline + 1 :])

    def run():
        journal, repair = boot(flash)
        assert repair is not None and (repair.key, repair.line) == ("damaged", 3), str(repair)
        assert shown(journal) == folded(journal_after(2))

    on_flash(flash, run)


def test_a_missing_or_empty_journal_is_a_blank_slate():
    for files in ({}, {JOURNAL: bytearray()}, {JOURNAL: bytearray(b"\n\n")}):
        blank_slate_trial(files)


def blank_slate_trial(files):
    flash = Flash()
    flash.folders.add(ROOT)
    flash.files.update(files)

    def run():
        journal, repair = boot(flash)
        assert repair is None and journal.match is None
        journal.new_match(FIRST)
        assert shown(boot(flash)[0]) == shown(journal)

    on_flash(flash, run)
