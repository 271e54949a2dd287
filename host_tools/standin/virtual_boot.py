"""The virtual board's start: MicroPython's unix port made to behave like a board.

    micropython -i virtual_boot.py FLASH SCREEN_FD power-on|soft-reset

host_tools/board/virtual.py runs this on a pseudo-terminal, with this
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
- at power-on runs main.py, as a board does; after a soft reset goes
  straight to the REPL, as a board does in raw REPL.

Ctrl-C from the terminal interrupts main.py (KeyboardInterrupt), which
leaves the REPL, as on the board.
"""

import hashlib
import os
import sys
import time

import machine
import panel
import vfs

HARD_RESET = 3


def hard_reset():
    """machine.reset(): the bridge sees the status and powers the board on again."""
    sys.exit(HARD_RESET)


def start(flash, screen_fd, mode):
    # Opened before the remount below hides the PC's files.
    screen = open("/dev/fd/%d" % screen_fd, "wb")
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


start(sys.argv[1], int(sys.argv[2]), sys.argv[3])
