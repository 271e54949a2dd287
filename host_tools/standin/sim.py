"""The simulator's board: the firmware's own boot() on the PC, keys in, pictures out.

    micropython sim.py BOARD_FILE HEIGHT SCREEN_FD realtime|scripted

host_tools/sim/simulator.py runs this with firmware/,
third_party/micropython-lib/ (umqtt) and this folder on MICROPYPATH, in the
folder that stands for the board's flash (the slate's data/ goes there, as
beside main.py on a board). It does what firmware/main.py does,
boot(board.describe()), with the board file BOARD_FILE (its panel made
128xHEIGHT) and with the PC's hardware in place of the board's:

- the buttons are pressed by key events read from stdin, one byte each:

      p n o x   a short press (80 ms) of Prev, Next, OK, Extra
      P N O X   the same held for 800 ms: past the long press (600 ms)
      w         100 ms without a key

  one after the other with 80 ms between presses, as the tests' harness
  presses them (host_tools/standin/harness.py); in `realtime`, 40 ms
  each, so that a burst typed faster than any hand catches up quickly.
  Every event is one press, however fast they come: each waits in line,
  and a press is let go only once the keypad has seen the button down
  (its debounce passed), the next one starts only once it has seen every
  button up, so that a slow poll on a busy PC loses none;
- the display is an SSD1306 panel on the stand-in bus (panel.py): each
  picture it shows goes to the file descriptor SCREEN_FD;
- time is the PC's clock (`realtime`: a person at the keys) or moves only
  as the app polls (`scripted`: the keys come all at once and the same
  keys always give the same pictures).

Exit status 0 at the end of stdin (in `scripted`, once the keys sent before
it are played), 3 when the firmware resets the board (machine.reset(): the
PC starts it again, as a board restarts).
"""

import select
import sys
import time

import machine
import panel

import ardoise.boot
from ardoise.hardware import _ROLES as ROLES
from ardoise.hardware import Hardware

PRESS_MS = 80
HOLD_MS = 800
GAP_MS = 80
REALTIME_MS = 40  # a realtime tap's press and gap: over the keypad's 20 ms debounce
WAIT_MS = 100
RESET = 3
EVENTS = {"p": "prev", "n": "next", "o": "ok", "x": "extra"}


def reset():
    """machine.reset(): the PC starts the board again."""
    sys.exit(RESET)


class ScriptedClock:
    """Millisecond ticks that move only when the app waits between polls."""

    def __init__(self):
        self.now = 0

    def ticks(self):
        return self.now


class SimHardware(Hardware):
    """The board's hardware built by ardoise.hardware, its waits spent on the PC's keys."""

    realtime = True
    screen = None  # the file the panel's pictures go to

    def __init__(self, description):
        self.bus = None
        self.picture_changed = False
        panel.listener = self.panel_changed  # before the display's first writes
        self.scripted_clock = None if self.realtime else ScriptedClock()
        clock = None if self.realtime else self.scripted_clock.ticks
        super().__init__(description, clock=clock)
        # Per role: its pin, the level a press puts on it, its place in the keypad.
        self.pins = {}
        roles = [role for role in ROLES if role in description["buttons"]]
        for role in roles:
            number, _, level = description["buttons"][role]
            self.pins[role] = (machine.Pin(number), 0 if level == "low" else 1, roles.index(role))
        self.tap_ms = REALTIME_MS if self.realtime else PRESS_MS
        self.gap_ms = REALTIME_MS if self.realtime else GAP_MS
        self.queue = []
        self.pressed = None  # the pin held now
        self.pressed_index = 0  # its place in the keypad
        self.release_at = 0
        self.next_at = 0  # no press starts before this tick
        self.keys_ended = False
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)

    def panel_changed(self, bus):
        self.bus = bus
        self.picture_changed = True

    def nap(self, ms, screen_off):
        """Between two polls: read keys, let `ms` pass, play the keys due, send the picture."""
        if self.realtime:
            self.read_keys(ms)
        else:
            if not self.queue and self.pressed is None and not self.keys_ended:
                self.read_keys(-1)
            self.scripted_clock.now = time.ticks_add(self.scripted_clock.now, ms)
        self.play(self.clock())
        if self.picture_changed:
            self.picture_changed = False
            self.screen.write(self.bus.frame())
        if self.keys_ended and not self.queue and self.pressed is None:
            if self.realtime or time.ticks_diff(self.clock(), self.next_at) >= 0:
                sys.exit(0)

    def read_keys(self, timeout):
        """Key events waiting on stdin, after waiting up to `timeout` ms for one (-1: for ever)."""
        while self.poller.poll(timeout):
            event = sys.stdin.read(1)
            if not event:
                self.keys_ended = True
                return
            self.queue.append(event)
            timeout = 0

    def play(self, now):
        """Let go of the press under way and start the next one, when each is due.

        The times are minimums: a press lasts until the keypad has it down,
        and the next waits until the keypad has every button up, whatever
        the PC did between two polls (in `scripted` both come long before).
        """
        keypad = self.keypad
        if (
            self.pressed is not None
            and time.ticks_diff(now, self.release_at) >= 0
            and keypad.down[self.pressed_index]
        ):
            self.pressed.drive(None)
            self.pressed = None
            self.next_at = time.ticks_add(now, self.gap_ms)
        while (
            self.pressed is None
            and self.queue
            and time.ticks_diff(now, self.next_at) >= 0
            and not keypad.any_pressed()
        ):
            event = self.queue.pop(0)
            wiring = self.pins.get(EVENTS.get(event.lower()))
            if event == "w":
                self.next_at = time.ticks_add(now, WAIT_MS)
            elif wiring is not None:
                self.pressed, level, self.pressed_index = wiring
                self.pressed.drive(level)
                held = HOLD_MS if event.isupper() else self.tap_ms
                self.release_at = time.ticks_add(now, held)


def load_board(path):
    """The description from a board file, as `import board; board.describe()` gives it."""
    namespace = {}
    with open(path) as source:
        exec(source.read(), namespace)
    return namespace["describe"]()


def main(board_file, height, screen_fd, mode):
    description = load_board(board_file)
    description["oled"]["height"] = height
    machine.I2C = panel.PanelI2C
    machine.reset = reset
    SimHardware.realtime = mode == "realtime"
    SimHardware.screen = open("/dev/fd/%d" % screen_fd, "wb")
    # boot() builds the board's hardware from ardoise.hardware; here it
    # builds the PC's, and everything else is the firmware's own.
    ardoise.boot.Hardware = SimHardware
    ardoise.boot.boot(description)


main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
