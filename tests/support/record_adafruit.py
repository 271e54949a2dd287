"""Record what Adafruit's SSD1306 driver sends on the I2C bus, for
tests/test_ssd1306_against_adafruit.py (tests/fixtures/adafruit-ssd1306.json).

    .venv/bin/pip install -e '.[adafruit]'   # Adafruit's driver and Blinka
    .venv/bin/python -m tests.support.record_adafruit

Its writes for a 128x64 and a 128x32 panel: the constructor's (which ends
with a first show()), and a show()'s commands before the frame's data. The
data is one write, the control byte 0x40 then the frame buffer: checked
here for two different frames, so that the test can build Adafruit's show()
of any frame from the record without the driver and its heavy dependencies
(Blinka, pyftdi, pyusb, sysv_ipc, binho) in .venv.
"""

import json
import pathlib
from importlib import metadata

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "adafruit-ssd1306.json"
ADDRESS = 0x3C


class RecordingBus:
    """What adafruit_bus_device needs of a busio.I2C, recording writes."""

    def __init__(self):
        self.writes = []

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [ADDRESS]

    def writeto(self, address, buffer, *, start=0, end=None):
        self.writes.append((address, bytes(buffer[start:end])))

    def take(self):
        writes, self.writes = self.writes, []
        return writes


def record(height):
    import adafruit_ssd1306

    bus = RecordingBus()
    display = adafruit_ssd1306.SSD1306_I2C(128, height, bus)
    init = bus.take()
    shows = []
    for frame in (bytes(height * 16), bytes(range(256)) * (height // 16)):
        display.buffer[1:] = frame
        display.show()
        *commands, data = bus.take()
        assert data == (ADDRESS, b"\x40" + frame), "the data is not one write of the frame"
        shows.append(commands)
    assert shows[0] == shows[1], "show()'s commands depend on the frame"
    return {
        "init": [[address, payload.hex()] for address, payload in init],
        "show": [[address, payload.hex()] for address, payload in shows[0]],
    }


def main():
    version = metadata.version("adafruit-circuitpython-ssd1306")
    fixture = {"driver": "adafruit-circuitpython-ssd1306 " + version}
    fixture.update({str(height): record(height) for height in (64, 32)})
    FIXTURE.write_text(json.dumps(fixture, indent=1) + "\n")
    print("wrote %s (%s)" % (FIXTURE, fixture["driver"]))


if __name__ == "__main__":
    main()
