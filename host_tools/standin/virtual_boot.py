"""The virtual board's start: MicroPython's unix port made to behave like a board.

    micropython -i virtual_boot.py FLASH SCREEN_FD KEYS_FD power-on|soft-reset

host_tools/virtual/board.py runs this on a pseudo-terminal, with this
folder on MICROPYPATH, and `-i` leaves the unix port's REPL (raw REPL and
raw-paste included, which mpremote speaks) on that terminal afterwards. It:

- mounts the folder FLASH as "/", the board's filesystem: what mpremote
  copies lands there, and main.py, board.py and the firmware are imported
  from it, as on the board;
- fits the stand-in `machine` for a board that runs in real time: the
  display's bus is an SSD1306 panel (panel.py) whose pictures go to the
  open file descriptor SCREEN_FD; lightsleep() sleeps; reset() ends the
  program with status HARD_RESET, which the bridge answers with a power-on;
  unique_id() is one per FLASH folder, as a board has its own;
- presses the board's buttons (those its board.py names) from the key
  events read on the open file descriptor KEYS_FD, one byte each, as the
  simulator's (host_tools/standin/sim.py): p n o x a short press of Prev,
  Next, OK, Extra, P N O X the same held; in real time, one after the
  other, while the keypad reads its pins (`Keys`);
- at power-on runs main.py, as a board does; after a soft reset goes
  straight to the REPL, as a board does in raw REPL.

Ctrl-C from the terminal interrupts main.py (KeyboardInterrupt), which
leaves the REPL, as on the board.
"""

import hashlib
import os
import select
import sys
import time

import machine
import panel
import vfs

HARD_RESET = 3
PRESS_MS = 80  # a tap
HOLD_MS = 800  # past the long press (600 ms)
GAP_MS = 80
LOOK_MS = 5  # the key pipe is looked at this often, at most
SEEN_MS = 40  # a change stands until the keypad read it over this long (its debounce: 20)
ROLES = {"p": "prev", "n": "next", "o": "ok", "x": "extra"}


class Keys:
    """The PC's key events pressed on the board's buttons, in real time.

    The keypad reads its pins at each poll; each read lets go of the press
    under way or starts the next one when it is due. A change of a pin (a
    press, a release) stands until the keypad has read it over more than its
    debounce (SEEN_MS), however slow the PC is to poll: no press is lost,
    and the presses keep their order."""

    def __init__(self, descriptor):
        self.file = open("/dev/fd/%d" % descriptor, "rb")
        self.poller = select.poll()
        self.poller.register(self.file, select.POLLIN)
        self.pins = None  # event letter: (Pin, the level a press puts on it)
        self.queue = []
        self.pressed = None
        self.changed = None  # the pin last pressed or let go, until the keypad saw it
        self.reads = 0  # its reads since
        self.first_read = 0
        self.release_at = self.next_at = self.looked = time.ticks_ms()

    def wiring(self):
        """The buttons of the board.py on the flash (main.py's own)."""
        import board

        self.pins = {}
        buttons = board.describe()["buttons"]
        for letter, role in ROLES.items():
            button = buttons.get(role)
            if type(button) is int:  # to GND, on the pull-up (ardoise/hardware.py)
                button = (button, "up", "low")
            if button:
                self.pins[letter] = (machine.Pin(button[0]), 0 if button[2] == "low" else 1)

    def change(self, pin, level):
        pin.drive(level)
        self.changed = pin.pin_id
        self.reads = 0

    def seen(self, pin_id, now):
        """Whether the keypad has read the last change for long enough."""
        if self.changed is None:
            return True
        if pin_id == self.changed:
            self.reads += 1
            if self.reads == 1:
                self.first_read = now
        if self.reads >= 2 and time.ticks_diff(now, self.first_read) >= SEEN_MS:
            self.changed = None
        return self.changed is None

    def play(self, pin_id):
        now = time.ticks_ms()
        if time.ticks_diff(now, self.looked) >= LOOK_MS:
            self.looked = now
            while self.poller.poll(0):
                event = self.file.read(1)
                if not event:  # the bridge is gone
                    self.poller.unregister(self.file)
                    break
                self.queue.append(chr(event[0]))
        if not self.seen(pin_id, now):
            return
        if self.pressed is not None and time.ticks_diff(now, self.release_at) >= 0:
            self.change(self.pressed, None)
            self.pressed = None
            self.next_at = time.ticks_add(now, GAP_MS)
        elif self.pressed is None and self.queue and time.ticks_diff(now, self.next_at) >= 0:
            if self.pins is None:
                self.wiring()
            event = self.queue.pop(0)
            wiring = self.pins.get(event.lower())
            if wiring is not None:
                self.pressed = wiring[0]
                self.change(wiring[0], wiring[1])
                self.release_at = time.ticks_add(now, HOLD_MS if event.isupper() else PRESS_MS)


def read_pins_with(keys):
    """Every read of a pin first plays the keys due (the keypad reads them at each poll)."""
    read = machine.Pin.value

    def value(pin, level=None):
        if level is None:
            keys.play(pin.pin_id)
        return read(pin, level)

    machine.Pin.value = value


def hard_reset():
    """machine.reset(): the bridge sees the status and powers the board on again."""
    sys.exit(HARD_RESET)


def start(flash, screen_fd, keys_fd, mode):
    # Opened before the remount below hides the PC's files.
    screen = open("/dev/fd/%d" % screen_fd, "wb")
    read_pins_with(Keys(keys_fd))
    panel.listener = lambda bus: screen.write(bus.frame())
    machine.I2C = panel.PanelI2C
    machine.lightsleep = time.sleep_ms  # the stand-in's returns at once: the loop would spin
    machine.reset = hard_reset
    # A board's own serial number (board ids derive from it): one per flash folder.
    machine.unique_id = lambda: hashlib.sha256(flash.encode()).digest()[:8]
    vfs.umount("/")
    vfs.mount(vfs.VfsPosix(flash), "/")
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]  # a board's search path
    if mode == "power-on":
        run_main()


def run_main():
    """main.py, if the board has one: an error or Ctrl-C ends it for the REPL."""
    try:
        source = open("main.py").read()
    except OSError:
        return
    try:
        exec(source, {"__name__": "__main__"})
    except Exception as error:  # a board prints any error and goes on to the REPL
        sys.print_exception(error)
    except KeyboardInterrupt as interrupt:
        sys.print_exception(interrupt)


start(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
