"""ESP32-C3 dev boards (ESP32-C3-DevKitM-1, C3 SuperMini...), MicroPython's esp32 port.

Deployed to the board as /board.py; firmware/main.py reads `describe()`.

    OLED SSD1306 (I2C, 0x3C)   ESP32-C3
    ------------------------   -----------------
    VCC                        3V3
    GND                        GND
    SDA                        GPIO6
    SCL                        GPIO7

    button (to GND)            ESP32-C3
    ------------------------   -----------------
    Prev                       GPIO3
    Next                       GPIO4
    OK                         GPIO5
    Extra (optional)           GPIO10
    other leg of each          GND

The port's own default I2C pins on the C3 are GPIO8/9, which are strapping
pins (and GPIO8 drives the LED on many boards), so SDA/SCL are on GPIO6/7,
as on the Seeed XIAO ESP32C3. Left alone: strapping pins 2, 8 and 9, flash
pins 12-17, USB 18/19 and UART0 20/21.
"""


def describe():
    return {
        "name": "ESP32-C3 dev board",
        "i2c": {"id": 0, "sda": 6, "scl": 7, "freq": 400_000},
        "oled": {"address": 0x3C, "width": 128, "height": 64},
        # role: the GPIO of a button to GND, held high by the internal pull-up;
        # wired otherwise, (GPIO, pull: "up" / "down" / None for an external
        # resistor, level when pressed: "low" / "high")
        "buttons": {"prev": 3, "next": 4, "ok": 5, "extra": 10},
        # The C3's console is its built-in USB, which light sleep cuts off.
        "light_sleep": False,
    }
