"""Proof 4: random button gestures never crash the screens, and the slate is the journal.

Hypothesis (stateful, on CPython) presses the buttons of the unchanged
firmware, compiled to .mpy and running under MicroPython's unix port:
short taps with contact bounce, long presses, presses held for repeats,
mashing shorter than the debounce, two buttons at once, waits long enough
for the screen to go off, power cycles between gestures, on 128x64 and
128x32 panels with three or four buttons, from an empty flash or a match
played card by card and cut short, under random settings. One MicroPython
process runs every step (tests/support/
screen_fuzz.py, which answers one JSON verdict per gesture) and checks
inside it, after every gesture, that

- the firmware raised nothing;
- the journal on flash folds, with the rules core, to the very match the
  app holds (state and events in force);
- every refusal found the match, the journal and the screens as they were
  before the key that caused it;
- whenever the slate is on screen and settled, it is pixel for pixel what a
  fresh boot on the same flash shows.

This side adds what the protocol of the buttons promises (a clean tap is
exactly its key, a press shorter than the debounce is nothing, the first
press on a dark screen only wakes it), that CPython's rules core folds the
board's journal to the same state, and that a journal only grows or goes
whole to the archive.

    .venv/bin/python -m pytest --hypothesis-profile=proof -s tests/test_proof_screens.py

runs about twenty times as many gestures. A failure prints the commands that
replay it by hand (see screen_fuzz.py).
"""

import collections
import functools
import hashlib
import io
import json
import os
import pathlib
import select
import subprocess
import time
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    rule,
    run_state_machine_as_test,
)

from host_tools.common import MICROPYTHON, ROOT, STANDIN, compile_file, compile_tree
from scoring import fold_lines
from tests.proof.brouc_table import RULES, play_match
from tests.support.proof import FULL

TIER = "slow micropython"

EXAMPLES = 200 if FULL else 20
STEPS_PER_EXAMPLE = 100 if FULL else 50
# A gesture takes well under a second of MicroPython time; a minute means a hang.
ANSWER_TIMEOUT_S = 60

MASKS = {"prev": 1, "next": 2, "ok": 4, "extra": 8}
HELD_KEYS = {"prev": "undo", "next": "menu", "ok": "back", "extra": None}
# Each gesture ends with every button released this long: enough for the
# release to settle (debounce 20 ms, a poll every 5 ms) while the screen is on.
MIN_GAP_MS = 30
# A tap that a dark screen, polled every 50 ms, cannot miss.
SURE_WAKE_MS = 120
# A tap that a quiet slate (a second without a press: a poll every 20 ms
# until one sees a button move) cannot miss: down at two polls 20 ms apart.
SURE_QUIET_TAP_MS = 45


def pulses(mask, pairs):
    """(mask, ms), (0, ms) segments for (down, up) pairs."""
    return [segment for down, up in pairs for segment in ((mask, down), (0, up))]


class Seen(NamedTuple):
    """Around a gesture: the screen before it, and whether the screen was off."""

    asleep: bool  # before the gesture
    screen: str  # the top screen before the gesture
    repeats: bool  # and whether its held Prev and Next repeat
    buttons: int  # 3 or 4 wired
    slept: bool  # off at any poll of the gesture
    quiet: bool  # polled slowly as it began


class Tap(NamedTuple):
    """A short press whose contacts bounce as they close and as they open."""

    button: str
    hold: int
    closing: list  # (closed, open) ms pulses before the press settles
    opening: list  # (open, closed) ms pulses before the release settles
    gap: int

    def segments(self):
        mask = MASKS[self.button]
        opening = [part for up, down in self.opening for part in ((0, up), (mask, down))]
        return pulses(mask, self.closing) + [(mask, self.hold)] + opening + [(0, self.gap)]

    def check(self, keys, seen):
        """Exactly its key; on a dark screen, only the wake."""
        wired = self.button != "extra" or seen.buttons == 4
        if seen.asleep and self.hold >= SURE_WAKE_MS:
            assert keys == (["wake"] if wired else []), keys
        elif not seen.slept and (self.hold >= SURE_QUIET_TAP_MS or not seen.quiet):
            assert keys == ([self.button] if wired else []), keys


class LongPress(NamedTuple):
    """Held past the long press (600 ms); where the screen says so (a number:
    jumps to the next five; a name spelt letter by letter), Prev's and Next's
    held events repeat while held."""

    button: str
    hold: int
    gap: int

    def segments(self):
        return [(MASKS[self.button], self.hold), (0, self.gap)]

    def check(self, keys, seen):
        if seen.slept or (self.button == "extra" and seen.buttons == 3):
            return
        if seen.repeats and self.button in ("prev", "next"):
            assert keys and set(keys) == {HELD_KEYS[self.button]}, keys
        else:
            held = HELD_KEYS[self.button]
            assert keys == ([held] if held else []), keys


class Mash(NamedTuple):
    """Pulses shorter than the debounce (20 ms), with gaps every poll sees: nothing."""

    button: str
    pulses: list  # (down, up) ms
    gap: int

    def segments(self):
        return pulses(MASKS[self.button], self.pulses) + [(0, self.gap)]

    def check(self, keys, seen):
        if not seen.slept:
            assert keys == [], keys


class Chord(NamedTuple):
    """Two buttons down at once, let go in either order: no promise but no harm."""

    first: str
    second: str
    alone: int  # ms before the second goes down
    together: int
    first_up: bool  # the first button let go first
    last: int  # ms before the other one goes up
    gap: int

    def segments(self):
        first, second = MASKS[self.first], MASKS[self.second]
        remaining = second if self.first_up else first
        both = first | second
        return [(first, self.alone), (both, self.together), (remaining, self.last), (0, self.gap)]

    def check(self, keys, seen):
        pass


# OK drives the game forward (deals, picks, confirmations): pressed most.
BUTTON = st.sampled_from(("ok", "ok", "ok", "next", "prev", "extra"))
GAP = st.integers(MIN_GAP_MS, 400)
BOUNCES = st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4)), max_size=4)
# Short enough, bounces included, never to reach a repeat (500 ms) or a long press.
TAP = st.builds(Tap, BUTTON, st.integers(25, 400), BOUNCES, BOUNCES, GAP)
LONG_PRESS = st.builds(
    LongPress, BUTTON, st.one_of(st.integers(650, 1400), st.integers(1500, 4000)), GAP
)
MASH = st.builds(
    Mash,
    BUTTON,
    st.lists(st.tuples(st.integers(1, 19), st.integers(5, 40)), min_size=1, max_size=8),
    GAP,
)
CHORD = st.builds(
    Chord,
    BUTTON,
    BUTTON,
    st.integers(0, 300),
    st.integers(0, 1200),
    st.booleans(),
    st.integers(0, 300),
    GAP,
)
# Taps most: they are how a player goes anywhere.
GESTURES = st.lists(st.one_of(TAP, TAP, TAP, TAP, LONG_PRESS, MASH, CHORD), min_size=1, max_size=8)
WAIT_MS = st.one_of(st.integers(0, 3000), st.integers(14_000, 35_000))

SETTINGS = st.fixed_dictionaries(
    {
        "rules": st.sampled_from(RULES),
        "lang": st.sampled_from(("fr", "de", "en")),
        "sleep": st.sampled_from((15, 30, 0)),
        "tricks": st.booleans(),
        "seats": st.sampled_from(("numbers", "compass")),
    }
)
NAMES = ["Anne", "Marc", "Zoé", "Luc"]


@functools.cache
def played(seed, rules):
    return play_match(seed, rules).lines


@st.composite
def match_so_far(draw):
    """The journal of a match played card by card (tests/proof/brouc_table.py), cut short."""
    lines = played(draw(st.integers(0, 20)), draw(st.sampled_from(RULES)))
    lines = lines[: draw(st.one_of(st.just(len(lines)), st.integers(1, len(lines))))]
    if draw(st.booleans()):
        header = json.loads(lines[0])
        header["names"] = NAMES
        lines = [json.dumps(header, ensure_ascii=False)] + lines[1:]
    return lines


MATCH_SO_FAR = match_so_far()


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """The firmware, the host pieces and the checker as .mpy files, as a board loads them."""
    folder = tmp_path_factory.mktemp("mpy")
    compile_tree(ROOT / "firmware", folder / "firmware")
    host = folder / "host"
    compile_file(ROOT / "boards" / "host.py", host / "host.mpy")
    for name in ("machine", "harness"):
        compile_file(STANDIN / (name + ".py"), host / (name + ".mpy"))
    compile_file(ROOT / "tests" / "support" / "screen_fuzz.py", host / "screen_fuzz.mpy")
    return [folder / "firmware", host]


class Board:
    """One screen_fuzz.py process, started again if it dies; keeps each example's commands."""

    def __init__(self, path, base):
        self.path = path
        self.base = base
        base.mkdir()
        self.process = None
        self.buffer = b""
        self.commands = []
        # Every command sent, its folder aside: two runs walked alike if they
        # print the same digest (a walk depends on its seed only:
        # tests/support/seeded_walks.py).
        self.walk = hashlib.sha256()

    def start(self):
        self.errors = open(self.base / "stderr.txt", "wb")
        environment = dict(os.environ, MICROPYPATH=os.pathsep.join(map(str, self.path)))
        self.process = subprocess.Popen(
            [str(MICROPYTHON), "-X", "heapsize=8m", "-m", "screen_fuzz", str(self.base)],
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            bufsize=0,
        )
        self.buffer = b""

    def close(self):
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait(timeout=ANSWER_TIMEOUT_S)
            self.errors.close()
            self.process = None

    def send(self, command):
        """The verdict on one command, as a dict."""
        if command.startswith("boot"):
            self.commands = []
        self.commands.append(command)
        self.walk.update(command.replace(str(self.base), "FOLDER").encode() + b"\n")
        if self.process is None:
            self.start()
        self.process.stdin.write(command.encode() + b"\n")
        line = self.read_line()
        if line is None:
            self.process.kill()
            self.process.wait()
            self.errors.close()
            self.process = None
            stderr = (self.base / "stderr.txt").read_text(errors="replace")[-3000:]
            raise AssertionError("MicroPython died or hung\n%s%s" % (stderr, self.replay()))
        return json.loads(line)

    def read_line(self):
        """The next line of the process, or None if it ended or said nothing in time."""
        deadline = time.monotonic() + ANSWER_TIMEOUT_S
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def replay(self):
        """How to play this example's commands again by hand."""
        path = self.base / ("replay-%d.commands" % len(list(self.base.glob("replay-*"))))
        path.write_text("\n".join(self.commands) + "\n")
        return (
            "\nreplay (%d commands in %s):\n  mkdir -p /tmp/fuzz && MICROPYPATH=firmware:"
            "boards:host_tools/standin:tests/support .venv/bin/micropython -m screen_fuzz"
            " /tmp/fuzz < %s" % (len(self.commands), path, path)
        )


def archived(folder):
    archive = folder / "archive"
    return sorted(path.name for path in archive.iterdir()) if archive.is_dir() else []


def folded_state(data):
    """The state CPython's rules core folds from journal bytes, in JSON terms."""
    state = fold_lines(io.BytesIO(data)).state()
    return json.loads(json.dumps(state))


class ScreenFuzz(RuleBasedStateMachine):
    """A player at the slate's buttons; every gesture's verdict is checked at once."""

    def __init__(self, board, tally):
        super().__init__()
        self.board = board
        self.tally = tally
        self.buttons = 4
        self.sleep_s = 0  # the settings' delay before the screen sleeps (0: never)
        self.asleep = False
        self.screen = None
        self.repeats = False
        self.folder = None
        self.journal = b""
        self.expected = None  # CPython's fold of the journal
        self.archive = []

    @initialize(
        height=st.sampled_from((64, 32)),
        buttons=st.sampled_from((4, 3)),
        match=st.one_of(st.none(), MATCH_SO_FAR),
        setting=SETTINGS,
    )
    def boot(self, height, buttons, match, setting):
        """A fresh board: no match yet, or one played so far; the settings stored."""
        self.buttons = buttons
        self.sleep_s = setting["sleep"]
        seed = self.board.base / ("seed-%d" % self.tally["boots"])
        seed.mkdir()
        (seed / "settings.json").write_text(json.dumps(setting))
        if match is not None:
            (seed / "match.jsonl").write_text("".join(line + "\n" for line in match))
        self.tally["boots"] += 1
        self.tally["boots with %d buttons, 128x%d" % (buttons, height)] += 1
        verdict = self.board.send("boot %d %d %s" % (height, buttons, seed))
        self.take(verdict, baseline=True)

    # -- gestures ------------------------------------------------------------

    @rule(gestures=GESTURES)
    def press(self, gestures):
        """A few gestures in a row (the way through a menu), each checked at once."""
        for gesture in gestures:
            asleep, screen, repeats = self.asleep, self.screen, self.repeats
            verdict = self.step(gesture.segments())
            seen = Seen(asleep, screen, repeats, self.buttons, verdict["slept"], verdict["quiet"])
            gesture.check(verdict["keys"], seen)

    @rule(option=st.integers(0, 6))
    def choose(self, option):
        """Next to an option further down a list, then OK: the way to what OK alone
        never picks (a marriage, the settings, a team B)."""
        for button in ["next"] * option + ["ok"]:
            self.press([Tap(button, 80, [], [], 80)])

    @rule(ms=WAIT_MS)
    def wait(self, ms):
        """Nothing pressed; long waits let the screen go off."""
        self.step([(0, ms)])

    @rule()
    def settle(self):
        """The slate on screen, once settled, is what a fresh boot shows."""
        verdict = self.board.send("settle")
        self.take(verdict)
        self.tally["slate frames compared with a fresh boot"] += verdict["frame_checked"]

    @rule()
    def reboot(self):
        """Power off and on between two gestures: the boot folds the journal, says nothing."""
        self.take(self.board.send("reboot"))

    def teardown(self):
        if self.folder is not None:
            if self.sleep_s:
                # Every walk that can sees the screen sleep and a tap only wake
                # it: the random rules may not.
                self.wait(self.sleep_s * 1000 + 1000)
                self.press([Tap("ok", SURE_WAKE_MS, [], [], MIN_GAP_MS)])
            self.settle()

    # -- checks ----------------------------------------------------------------

    def step(self, segments):
        command = "step " + " ".join("%d:%d" % segment for segment in segments)
        verdict = self.board.send(command)
        self.take(verdict)
        return verdict

    def take(self, verdict, baseline=False):
        """Fail on anything the board reported; check the flash from CPython; count."""
        if verdict["crash"]:
            raise AssertionError("the firmware raised:\n%s%s" % (verdict["crash"], self.replay()))
        assert not verdict["problems"], "\n".join(verdict["problems"]) + self.replay()
        self.folder = pathlib.Path(verdict["folder"])
        journal_path = self.folder / "match.jsonl"
        journal = journal_path.read_bytes() if journal_path.exists() else b""
        if baseline or journal != self.journal:
            self.expected = folded_state(journal) if journal else None
        assert verdict["state"] == self.expected, (
            "CPython folds the journal otherwise" + self.replay()
        )
        archive = archived(self.folder)
        added = [name for name in archive if name not in self.archive]
        if baseline:
            pass  # what the boot found: the gestures start from here
        elif added:
            # A new match: the journal went whole to the archive, never lost.
            assert len(added) == 1 and added[0].endswith(".jsonl"), added
            assert (self.folder / "archive" / added[0]).read_bytes() == self.journal
            assert json.loads(journal.split(b"\n", 1)[0])["ev"] == "match", journal
            self.tally["new matches"] += 1
        else:
            assert journal.startswith(self.journal), "a confirmed line changed" + self.replay()
            for line in journal[len(self.journal) :].splitlines():
                self.tally["appended " + json.loads(line)["ev"]] += 1
        self.journal, self.archive = journal, archive
        self.asleep, self.screen = verdict["asleep"], verdict["screen"]
        self.repeats = verdict["repeats"]
        self.tally["gestures"] += 1
        self.tally["refusals"] += len(verdict["refused"])
        self.tally.update("refused " + key for key in verdict["refused"])
        self.tally.update("key " + key for key in verdict["keys"])

    def replay(self):
        return self.board.replay()


PROOF_SETTINGS = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS_PER_EXAMPLE,
    deadline=None,
    derandomize=True,  # the same gestures every run
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="no MicroPython in .venv")
def test_random_gestures_never_crash_and_the_slate_is_the_journal(build, tmp_path):
    board = Board(build, tmp_path / "flash")
    tally = collections.Counter()
    try:
        run_state_machine_as_test(lambda: ScreenFuzz(board, tally), settings=PROOF_SETTINGS)
    finally:
        board.close()
    print("\nproof screens: " + ", ".join("%s %s" % item for item in sorted(tally.items())))
    print("proof screens: walk %s" % board.walk.hexdigest()[:16])
    # The walk must reach what it proves things about, or it proves nothing.
    assert tally["gestures"] >= EXAMPLES * 10
    assert tally["refusals"] > 0 and tally["key wake"] > 0
    assert tally["slate frames compared with a fresh boot"] >= EXAMPLES
    assert tally["new matches"] > 0
    assert all(tally["appended " + event] for event in ("deal", "end", "undo"))
    assert all(tally["key " + key] for key in ("prev", "next", "ok", "extra", "undo", "menu"))
