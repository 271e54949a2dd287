"""The Ardoise app on the PC: MicroPython's unix port, keys by name, time by hand.

    from harness import Device

    device = Device("/tmp/slate")     # boots: settings, journal, first screen
    device.press("ok")                # a short press of OK
    device.press("next", times=3)
    device.hold("prev")               # held: undo
    device.hold("next", 2000)         # held on a number: jumps to the fives
    device.pbm()                      # the screen as a PBM image (bytes)
    device.journal()                  # the match log on "flash" (text)

Everything from the buttons to the screen is the firmware's own: the app is
built by ardoise.hardware from boards/host.py, with this folder's machine.py
as `machine`; press() drives its pins and its I2C bus takes the display's
bytes. Time is a counter: each step moves it on by the app's poll interval
and runs one App.step().

A whole session can also be a key script, played by `play` or from the
command line:

    micropython -m harness SCRIPT OUT HEIGHT BUTTONS [frames]

on the folder OUT/flash (made if not there: a test may put files in it
first), with a 128xHEIGHT panel and 3 or 4 buttons; with `frames`, each
`frame NAME` of the script writes OUT/NAME.pbm. At the end
OUT/stats.json holds the I2C figures (see Device). A script has one
command a line ("#" starts a comment):

    press KEY [TIMES]   short presses of prev, next, ok or extra
    hold KEY [MS]       a press held MS ms (800: past the long press)
    wait MS             let time pass
    pick LABEL          Prev/Next to the list's option LABEL (the shorter
                        way round), then OK
    cursor LABEL        the same without the OK
    choose N            Prev/Next to the list's option N (0 the first, the
                        shorter way round), then OK: in any language
    number N            Prev/Next to N on a number screen, as a player
                        would: held to jump to the next five, tapped for one
    tricks TEAMS        on the slate, Prev for each A and Next for each B
    spell NAME          on a new name's screen, each letter of NAME then ✓,
                        as a player would: the group that holds it, down
                        to it (▲ first for the other case); _ is a space
    frame NAME          the screen as NAME.pbm
    expect WHAT         stop unless: asleep, awake, slate (no other screen
                        open) or refused (a refusal on screen)
    measure NAME        count the presses from here...
    measured NAME       ...to here, as NAME in the stats (`make bench`)

Labels are compared with runs of spaces made one. The module search path
must hold firmware/, boards/ and this folder (as sources or as compiled
.mpy): the tests set it up.
"""

import json
import os
import sys
from time import ticks_add

import framebuf
import host
import machine

from ardoise.app import POLL_MS, App
from ardoise.hardware import Hardware


class Clock:
    """Millisecond ticks that move only when told; they wrap 5 s into a run."""

    def __init__(self):
        self.now = ticks_add(0, -5000)

    def ticks(self):
        return self.now

    def advance(self, ms):
        self.now = ticks_add(self.now, ms)


class Device:
    """The host board running the app, on a fresh or kept folder `root`.

    `height` 32 makes it a 128x32 panel; `extra=False` leaves the fourth
    button unwired; `journal` replaces the app's Journal (say one whose
    files fill up).

    For each press (its release and redraws included) the display's I2C
    bytes are summed in `press_bytes` (the most in `worst_press_bytes`) over
    `presses`; `press_frames` counts the frames sent meanwhile, each of
    which a driver that sends the whole frame would send in full. The bus
    keeps no record of its writes here: a match of them would fill the heap.
    `shown()` is called after each frame is sent (host_tools/bench/mp_bench_device.py
    times presses with it; the heap `make bench` measures holds only this
    module).
    """

    def __init__(self, root, *, height=64, extra=True, journal=None):
        machine.release_all()
        description = host.describe()
        description["oled"]["height"] = height
        buttons = description["buttons"]
        if not extra:
            del buttons["extra"]
        self.root = root
        self.clock = Clock()
        self.hardware = Hardware(description, clock=self.clock.ticks)
        self.display = self.hardware.display
        self.app = App(
            self.display, self.hardware.keypad, root, clock=self.clock.ticks, journal=journal
        )
        self.pins = {}
        self.pressed = {}
        for role in buttons:
            number, _, level = buttons[role]
            self.pins[role] = machine.Pin(number)
            self.pressed[role] = 0 if level == "low" else 1
        self.presses = 0
        self.measures = {}  # presses by name (less those before it while measuring)
        self.press_bytes = 0
        self.worst_press_bytes = 0
        self.press_frames = 0
        self.shows = 0
        send = self.display.show

        def show():  # counted (the name is the driver's: no new qstr)
            self.shows += 1
            send()
            self.shown()

        self.display.show = show
        self.app.start()
        self.run(POLL_MS)

    def shown(self):
        """A frame has just been sent."""

    def run(self, ms):
        """Let `ms` milliseconds pass, one app step per poll interval."""
        i2c = self.hardware.i2c
        app = self.app
        for _ in range(ms // POLL_MS):
            self.clock.advance(POLL_MS)
            app.step()
            if app.net is not None:  # as App.run does
                app.net.step()
            if i2c.writes:
                i2c.clear()

    wait = run

    def press(self, key, ms=80, *, times=1, gap=80):
        """Press `key` ("prev", "next", "ok", "extra") for `ms`, then let go for `gap`."""
        for _ in range(times):
            before = self.display.bytes_sent
            shows = self.shows
            self.pins[key].drive(self.pressed[key])
            self.run(ms)
            self.pins[key].drive(None)
            self.run(gap)
            sent = self.display.bytes_sent - before
            self.presses += 1
            self.press_frames += self.shows - shows
            self.press_bytes += sent
            self.worst_press_bytes = max(self.worst_press_bytes, sent)

    def hold(self, key, ms=800):
        """Hold `key` past the long press (600 ms)."""
        self.press(key, ms)

    def screen(self):
        """The top screen object (for a test's own questions)."""
        return self.app.stack[-1]

    def pbm(self):
        """The frame as a binary PBM (P4) image: what the panel shows."""
        width, height = self.display.width, self.display.height
        rows = bytearray(width // 8 * height)
        image = framebuf.FrameBuffer(rows, width, height, framebuf.MONO_HLSB)
        image.blit(self.display, 0, 0)
        return b"P4\n%d %d\n" % (width, height) + rows

    def journal(self):
        """The current match's journal as text ("" when there is none)."""
        try:
            with open(self.root + "/match.jsonl") as file:
                return file.read()
        except OSError:
            return ""

    # -- key scripts -------------------------------------------------------

    def play(self, path, frames=None):
        """Run the key script at `path`; frames go to the folder `frames`, if given."""
        with open(path) as script:
            number = 0
            for line in script:
                number += 1
                words = line.split("#")[0].split()
                if words:
                    try:
                        self.command(words[0], words[1:], frames)
                    except Exception as error:
                        message = "%s:%d: %s: %r" % (path, number, line.strip(), error)
                        raise ScriptError(message) from error

    def command(self, name, args, frames):
        if name == "press":
            self.press(args[0], times=int(args[1]) if len(args) > 1 else 1)
        elif name == "hold":
            self.hold(args[0], int(args[1]) if len(args) > 1 else 800)
        elif name == "wait":
            self.wait(int(args[0]))
        elif name == "pick" or name == "cursor" or name == "choose":
            self.cursor(int(args[0]) if name == "choose" else " ".join(args))
            if name != "cursor":
                self.press("ok")
        elif name == "number":
            self.number(int(args[0]))
        elif name == "tricks":
            for team in args[0]:
                self.press("prev" if team == "A" else "next")
        elif name == "spell":
            self.spell(" ".join(args).replace("_", " "))
        elif name == "frame":
            if frames is not None:
                with open("%s/%s.pbm" % (frames, args[0]), "wb") as file:
                    file.write(self.pbm())
        elif name == "expect":
            self.expect(args[0])
        elif name == "measure":
            self.measures[args[0]] = -self.presses
        elif name == "measured":
            self.measures[args[0]] += self.presses
        else:
            raise ValueError("unknown command")

    def cursor(self, label):
        """Move the cursor of the list on screen to the option `label` (or
        the option of that index)."""
        screen = self.screen()
        if not is_a(screen, "Choice"):
            raise ValueError("no list on screen")
        options = [" ".join(option.split()) for option in screen.options]
        target = label if type(label) is int else options.index(label)
        if not 0 <= target < len(options):
            raise ValueError("no option %d" % target)
        ahead = (target - screen.index) % len(options)  # the list wraps round
        key = "next" if ahead <= len(options) - ahead else "prev"
        while screen.index != target:
            self.press(key)

    def number(self, value):
        """Set the number on screen to `value` in the fewest presses: a hold
        (one jump, to the next five) where it gets closer than a tap would."""
        screen = self.screen()
        if not is_a(screen, "Number"):
            raise ValueError("no number on screen")
        while screen.value != value:
            here = screen.value
            up = value > here
            five = (here // 5 + 1) * 5 if up else (here - 1) // 5 * 5
            if abs(five - value) < abs(here - value) - 1:
                self.hold("next" if up else "prev", 700)
            else:
                self.press("next" if up else "prev")

    def spell(self, name):
        """Type `name` on a new name's screen (ardoise/roster.py's _Name),
        then ✓: for each letter Prev, OK or Next to the group that holds it
        until it is taken (▲ first, for a letter of the other case)."""
        screen = self.screen()
        for letter in name + "✓":
            while True:
                groups = screen.groups()
                wanted = letter if letter in "".join(groups) else "▲"
                index = 0
                while wanted not in groups[index]:
                    index += 1
                self.press(("prev", "ok", "next")[index])
                if groups[index] == letter:
                    break

    def expect(self, what):
        app = self.app
        if what == "asleep":
            ok = app.asleep
        elif what == "awake":
            ok = not app.asleep
        elif what == "slate":
            ok = len(app.stack) == 1
        elif what == "refused":
            ok = is_a(self.screen(), "Message") and self.screen().title == app.t("refused")
        else:
            raise ValueError("unknown expectation")
        if not ok:
            raise AssertionError("expected " + what)

    def stats(self):
        return {
            "presses": self.presses,
            "measures": self.measures,
            "press_bytes": self.press_bytes,
            "worst_press_bytes": self.worst_press_bytes,
            "press_frames": self.press_frames,
        }


def is_a(screen, name):
    """True if `screen` is a `name` ("Choice", "Number", "Message") or a kind of one.

    By name, not isinstance(): the app drops the modules of the screens it
    no longer shows, and imports them afresh the next time.
    """
    cls = type(screen)
    while cls is not object:
        if cls.__name__ == name:
            return True
        cls = cls.__bases__[0]
    return False


class ScriptError(Exception):
    """A key script line that could not be played, with where and why."""


def main(script, out, height, buttons, frames):
    flash = out + "/flash"
    try:
        os.mkdir(flash)
    except OSError:
        pass  # put there by the test, with files to start from (a roster)
    device = Device(flash, height=height, extra=buttons == 4)
    device.play(script, out if frames else None)
    with open(out + "/stats.json", "w") as file:
        json.dump(device.stats(), file)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), "frames" in sys.argv[5:])
