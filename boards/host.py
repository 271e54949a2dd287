"""The PC: MicroPython's unix port with host_tools/standin/machine.py as `machine`.

No wiring: the stand-in's pins are driven by a script (host_tools/standin/
harness.py presses keys by name) and its I2C bus records the display's bytes.
The numbers below are only the stand-in pins' names.
"""


def describe():
    return {
        "name": "host (MicroPython unix port, stand-in machine)",
        "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400_000},
        "oled": {"address": 0x3C, "width": 128, "height": 64},
        # role: the pin of a button to GND, held high by the internal pull-up;
        # wired otherwise, (pin, pull: "up" / "down" / None for an external
        # resistor, level when pressed: "low" / "high")
        "buttons": {"prev": 10, "next": 11, "ok": 12, "extra": 13},
        "light_sleep": True,
    }
