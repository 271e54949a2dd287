"""ESP32 DevKit (ESP32-WROOM-32, 30 or 38 pins), MicroPython's esp32 port.

Deployed to the board as /board.py; firmware/main.py reads `describe()`.

    OLED SSD1306 (I2C, 0x3C)   DevKit
    ------------------------   -----------------
    VCC                        3V3
    GND                        GND
    SDA                        GPIO21
    SCL                        GPIO22

    button (to GND)            DevKit
    ------------------------   -----------------
    Prev                       GPIO32
    Next                       GPIO33
    OK                         GPIO25
    Extra (optional)           GPIO26
    other leg of each          GND

GPIO21/22 are the usual I2C pair of ESP32 boards. Left alone on purpose:
the strapping pins 0, 2, 5, 12 and 15 (a button held at reset would change
the boot mode), 6-11 (the module's flash) and 34-39 (inputs without
internal pull-ups).
"""


def describe():
    return {
        "name": "ESP32 DevKit (WROOM-32)",
        "i2c": {"id": 0, "sda": 21, "scl": 22, "freq": 400_000},
        "oled": {"address": 0x3C, "width": 128, "height": 64},
        # role: the GPIO of a button to GND, held high by the internal pull-up;
        # wired otherwise, (GPIO, pull: "up" / "down" / None for an external
        # resistor, level when pressed: "low" / "high")
        "buttons": {"prev": 32, "next": 33, "ok": 25, "extra": 26},
        # The console is a USB-serial chip on UART0: it survives light sleep.
        "light_sleep": True,
    }
