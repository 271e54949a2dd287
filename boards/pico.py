"""Raspberry Pi Pico, Pico W, Pico 2 and Pico 2 W (RP2040, RP2350), MicroPython's rp2 port.

Deployed to the board as /board.py; firmware/main.py reads `describe()`.

The four share one pinout, so this one file wires them all (Pico pin
numbers are GPn; physical pins in brackets):

    OLED SSD1306 (I2C, 0x3C)   Pico
    ------------------------   -----------------
    VCC                        3V3(OUT) [36]
    GND                        GND [38]
    SDA                        GP4 / I2C0 SDA [6]
    SCL                        GP5 / I2C0 SCL [7]

    button (to GND)            Pico
    ------------------------   -----------------
    Prev                       GP10 [14]
    Next                       GP11 [15]
    OK                         GP12 [16]
    Extra (optional)           GP13 [17]
    other leg of each          GND [18]

GP4/GP5 are the rp2 port's I2C0 pair. The buttons use the internal pull-ups
and read 0 when pressed; on a Pico 2 they must: RP2350 erratum E9 makes an
input with the internal pull-down stick high, the pull-up is unaffected.
GP23, GP24, GP25 and GP29 are kept free: the Pico W and Pico 2 W use them for
their radio. A 128x32 module wires the same; set "height": 32.
"""


def describe():
    return {
        "name": "Raspberry Pi Pico, Pico W, Pico 2, Pico 2 W",
        "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400_000},
        "oled": {"address": 0x3C, "width": 128, "height": 64},
        # role: the GPIO of a button to GND, held high by the internal pull-up;
        # wired otherwise, (GPIO, pull: "up" / "down" / None for an external
        # resistor, level when pressed: "low" / "high")
        "buttons": {"prev": 10, "next": 11, "ok": 12, "extra": 13},
        # Only while the screen is off: a USB serial console drops meanwhile.
        "light_sleep": True,
    }
