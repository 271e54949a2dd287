"""Draw test scenes with ardoise.ssd1306 under MicroPython; print what went on the bus.

    micropython tests/support/ssd1306_scenes.py HEIGHT [full]

For each scene, on a fresh recording I2C bus: the constructor's writes, then
for every frame the frame buffer and the writes its show() made. With `full`,
every show() is preceded by invalidate(), i.e. a whole-frame redraw. Output
lines (hex payloads):

    SCENE name
    W address payload              the constructor's writes
    READY
    W address payload              writes of the frame's show()
    FRAME framebuffer bytes_sent   bytes_sent is the driver's own count so far

tests/test_ssd1306_against_adafruit.py replays them through a panel model.
"""

import sys
from binascii import hexlify


def folder_of(path):
    cut = path.rfind("/")
    return path[:cut] if cut > 0 else "."


ROOT = folder_of(folder_of(folder_of(__file__)))
sys.path.insert(0, ROOT + "/host_tools/standin")
sys.path.insert(0, ROOT + "/firmware")

import machine  # noqa: E402  (the stand-in, found through the path above)

from ardoise.ssd1306 import SSD1306  # noqa: E402


def blank(display):
    display.fill(0)
    yield


def full(display):
    display.fill(1)
    yield


def text(display):
    for row in range(display.pages):
        display.text("Ligne %d: Brouc!" % row, 0, row * 8)
    yield


def score(display):
    """A score board: each step changes one or two digits."""
    display.text("Nord", 8, 0)
    display.text("Sud", 88, 0)
    display.hline(0, 10, 128, 1)
    for north, south in ((0, 0), (0, 0), (1, 0), (1, 7), (12, 7), (12, 31), (19, 31)):
        display.fill_rect(0, 16, 128, 8, 0)
        display.text("%d" % north, 16, 16)
        display.text("%d" % south, 96, 16)
        yield


def cursor(display):
    """An inverted menu bar moving down: two whole pages change per step."""
    for row in range(display.pages):
        display.text("Choix %d" % row, 4, row * 8)
    for row in range(display.pages):
        display.fill_rect(0, row * 8, 128, 8, 1)
        display.text("Choix %d" % row, 4, row * 8, 0)
        yield
        display.fill_rect(0, row * 8, 128, 8, 0)
        display.text("Choix %d" % row, 4, row * 8)


def edges(display):
    """Changes at the first and last columns and across page boundaries."""
    display.pixel(0, 0, 1)
    yield
    display.pixel(127, display.height - 1, 1)
    yield
    display.rect(61, 5, 7, 7, 1)  # spans pages 0 and 1
    yield
    display.pixel(0, 0, 0)
    display.pixel(127, 0, 1)
    yield


def noise(display):
    """Pseudo-random bytes, twice: nearly every column of every page changes."""
    state = 12345
    for _ in range(2):
        for index in range(len(display.buffer)):
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            display.buffer[index] = state >> 16 & 0xFF
        yield


SCENES = (blank, full, text, score, cursor, edges, noise)


def dump_writes(i2c):
    for address, payload in i2c.writes:
        print("W %02x %s" % (address, hexlify(payload).decode()))
    i2c.clear()


def main(height, redraw_all):
    for scene in SCENES:
        print("SCENE " + scene.__name__)
        i2c = machine.I2C(0)
        display = SSD1306(i2c, height=height)
        dump_writes(i2c)
        print("READY")
        for _ in scene(display):
            if redraw_all:
                display.invalidate()
            display.show()
            dump_writes(i2c)
            print("FRAME %s %d" % (hexlify(display.buffer).decode(), display.bytes_sent))


main(int(sys.argv[1]), sys.argv[2:] == ["full"])
