"""From power-on to the slate, and what a crash does.

firmware/main.py calls `boot(board.describe())`. A crash never loops: the
error goes to the console, to `<root>/crash.txt` and on the screen, and the
board waits for a button press before it restarts.
"""

import sys

from ardoise.base import RIGHT, ROW, WIDTH, draw_text, title_bar, wrap
from ardoise.buttons import NONE
from ardoise.hardware import Hardware

# The journal, its archive and the settings: a folder beside main.py (the
# working folder at boot, the root of the board's flash).
ROOT = "data"
_POLL_MS = 10
_CALM_MS = 200


def boot(description, root=ROOT):
    """Build the board's hardware and run the slate on it until power-off."""
    try:
        hardware = Hardware(description)
    except Exception as error:
        # No display to show it on (unplugged, wrong address): the console has it.
        print("Ardoise: the hardware of %r did not start" % description.get("name"))
        sys.print_exception(error)
        return
    try:
        # Imported here: an app that fails to load is a crash to show too.
        from ardoise.app import App

        app = App(hardware.display, hardware.keypad, root, clock=hardware.clock)
        app.start()
        app.run(hardware.nap)
    except Exception as error:
        crash(hardware, error, root)


def crash(hardware, error, root):
    """Report `error`, wait for a fresh press of any button, restart."""
    sys.print_exception(error)
    try:
        with open(root + "/crash.txt", "w") as file:
            sys.print_exception(error, file)
    except OSError:
        pass  # flash full or absent: the screen and the console still say it
    display = hardware.display
    try:
        display.fill(0)
        title_bar(display, "Ardoise: error")
        lines = wrap("%s: %s" % (type(error).__name__, error))
        for index in range(min(len(lines), display.height // ROW - 2)):
            draw_text(display, lines[index], 0, ROW * (index + 1))
        draw_text(display, "OK = reset", WIDTH, display.height - ROW, align=RIGHT)
        display.show()
        display.poweron()  # after: a panel off since boot would show noise first
    except OSError:
        pass  # the display itself failed: the console has the error
    # Only a fresh press restarts: first every button up for a moment (one
    # held through the crash, or still bouncing, does not count)...
    keypad = hardware.keypad
    while keypad.any_pressed() or keypad.idle_ms < _CALM_MS:
        keypad.poll()
        hardware.nap(_POLL_MS, False)
    keypad.sleep()
    # ...then a press, which the sleeping keypad reports as WAKE.
    while keypad.poll() == NONE:
        hardware.nap(_POLL_MS, False)
    hardware.reset()
