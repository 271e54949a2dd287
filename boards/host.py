"""The PC: MicroPython's unix port with host_tools/sim/standin/machine.py as `machine`.

No wiring: the stand-in's pins are driven by a script (host_tools/sim/standin/
harness.py presses keys by name) and its I2C bus records the display's bytes.
The numbers below are only the stand-in pins' names.
"""


def describe():
    return {
        "name": "host (MicroPython unix port, stand-in machine)",
        "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400_000},
        "oled": {"address": 0x3C, "width": 128, "height": 64},
        # role: (pin, pull: "up" / "down" / None, level when pressed)
        "buttons": {
            "prev": (10, "up", "low"),
            "next": (11, "up", "low"),
            "ok": (12, "up", "low"),
            "extra": (13, "up", "low"),
        },
        "light_sleep": True,
    }
