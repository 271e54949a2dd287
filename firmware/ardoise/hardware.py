"""The one module that imports `machine`: a board description made real.

A board file (boards/<name>.py, copied to the device as board.py) only
describes the wiring; `Hardware(board.describe())` builds the I2C bus, the
display, the buttons and the clock from it. Everything else in the firmware
takes these objects as they are handed in and never names a pin. The
Wi-Fi (`network`) is ardoise/wifi.py's, loaded only at an evening.
"""

import time

import machine

from ardoise.buttons import Keypad
from ardoise.ssd1306 import SSD1306

_PULLS = {"up": machine.Pin.PULL_UP, "down": machine.Pin.PULL_DOWN, None: None}
_ROLES = ("prev", "next", "ok", "extra")


class Hardware:
    """The board's display, keypad and clock.

    `clock` returns millisecond ticks (time.ticks_ms unless a test hands in
    its own); the keypad reads the buttons against it.
    """

    def __init__(self, description, *, clock=None):
        bus = description["i2c"]
        self.i2c = machine.I2C(
            bus["id"], sda=machine.Pin(bus["sda"]), scl=machine.Pin(bus["scl"]), freq=bus["freq"]
        )
        oled = description["oled"]
        self.display = SSD1306(
            self.i2c,
            width=oled.get("width", 128),
            height=oled["height"],
            address=oled["address"],
        )
        self.clock = clock or time.ticks_ms
        pins = []
        pressed = []
        for role in _ROLES:
            wiring = description["buttons"].get(role)
            if wiring is not None:  # the fourth button is optional
                if type(wiring) is int:  # the usual wiring: to GND, on the internal pull-up
                    # completed in place: the host's stand-ins read it back
                    description["buttons"][role] = wiring = (wiring, "up", "low")
                number, pull, level = wiring
                pins.append(machine.Pin(number, machine.Pin.IN, _PULLS[pull]))
                pressed.append(0 if level == "low" else 1)
        self.keypad = Keypad(self.clock, pins, pressed)
        # Not every port has light sleep, and some lose their USB console in it.
        self.light_sleep = bool(description.get("light_sleep")) and hasattr(machine, "lightsleep")

    def nap(self, ms, screen_off):
        """Wait `ms` between polls: light sleep while the screen is off, if allowed."""
        if screen_off and self.light_sleep:
            machine.lightsleep(ms)
        else:
            time.sleep_ms(ms)

    def reset(self):
        """Restart the board, as the reset button does."""
        machine.reset()
