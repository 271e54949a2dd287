"""ESP32-S3 dev boards (ESP32-S3-DevKitC-1 and alike), MicroPython's esp32 port.

Deployed to the board as /board.py; firmware/main.py reads `describe()`.

    OLED SSD1306 (I2C, 0x3C)   ESP32-S3
    ------------------------   -----------------
    VCC                        3V3
    GND                        GND
    SDA                        GPIO8
    SCL                        GPIO9

    button (to GND)            ESP32-S3
    ------------------------   -----------------
    Prev                       GPIO4
    Next                       GPIO5
    OK                         GPIO6
    Extra (optional)           GPIO7
    other leg of each          GND

GPIO8/9 are the port's default I2C0 pins on the S3. Left alone: strapping
pins 0, 3, 45 and 46, USB 19/20, and 26-37 (flash and octal PSRAM).
"""


def describe():
    return {
        "name": "ESP32-S3 dev board",
        "i2c": {"id": 0, "sda": 8, "scl": 9, "freq": 400_000},
        "oled": {"address": 0x3C, "width": 128, "height": 64},
        # role: the GPIO of a button to GND, held high by the internal pull-up;
        # wired otherwise, (GPIO, pull: "up" / "down" / None for an external
        # resistor, level when pressed: "low" / "high")
        "buttons": {"prev": 4, "next": 5, "ok": 6, "extra": 7},
        # Boards with the console on native USB lose it in light sleep.
        "light_sleep": False,
    }
