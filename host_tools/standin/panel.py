"""An SSD1306 panel on the stand-in I2C bus: what the glass shows, from the bytes sent.

    import machine
    import panel

    machine.I2C = panel.PanelI2C    # before the firmware builds its bus
    panel.listener = send           # send(bus) after each write that changes the picture

The simulator and the virtual board use it in place of the recording bus of
machine.py: a program that runs for hours must not keep every write, and
what a person looks at is the panel's memory, not the driver's frame. It
decodes the driver's own writes (ardoise/ssd1306.py: page addressing, a
0x00 command write or a 0x40 data write per transaction) into the panel's
memory, laid out as the frame is (MONO_VLSB: byte page * 128 + x holds
pixels (x, 8 * page) to (x, 8 * page + 7)), and follows display on/off,
the contrast and the multiplex ratio (the panel's height). Other settings
are skipped with their parameters. `frame()` gives the picture as one
message for the PC:

    b"F", on (0 or 1), pages (4 or 8), contrast (0 to 255), then
    pages * 128 bytes of memory
"""

import machine

_ENODEV = 19
_COLUMNS = 128
_COMMANDS = 0x00
_DATA = 0x40
_DISPLAY_OFF = 0xAE
_DISPLAY_ON = 0xAF
_MULTIPLEX = 0xA8
_CONTRAST = 0x81
# Called with the bus after every write that changed the memory, the
# contrast, or turned the display on or off; None: nobody looks.
listener = None
# Parameter bytes after each SSD1306 command that takes any (datasheet).
_PARAMETERS = {
    0x20: 1,
    0x21: 2,
    0x22: 2,
    0x26: 6,
    0x27: 6,
    0x29: 5,
    0x2A: 5,
    0x81: 1,
    0x8D: 1,
    0xA3: 2,
    0xA8: 1,
    0xD3: 1,
    0xD5: 1,
    0xD9: 1,
    0xDA: 1,
    0xDB: 1,
}


class PanelI2C(machine.I2C):
    """The stand-in bus with a 128x64 (or, once told so, 128x32) panel at 0x3C."""

    def __init__(self, bus_id=0, **options):
        super().__init__(bus_id, **options)
        self.memory = bytearray(_COLUMNS * 8)
        self.pages = 8
        self.on = False
        self.contrast = 0x7F  # the panel's value at reset
        self.page = 0
        self.column = 0

    def writeto(self, address, buffer, stop=True):
        return self._receive(address, bytes(buffer))

    def writevto(self, address, buffers, stop=True):
        joined = bytearray()
        for buffer in buffers:
            joined.extend(buffer)
        return self._receive(address, bytes(joined))

    def frame(self):
        """The picture as a message: b"F", on, pages, contrast, then the panel's memory."""
        head = bytes((self.on, self.pages, self.contrast))
        return b"F" + head + self.memory[: self.pages * _COLUMNS]

    def _receive(self, address, data):
        if address not in self.devices:
            raise OSError(_ENODEV)
        if data[0] == _DATA:
            self._write_memory(data, 1)
            changed = True
        elif data[0] == _COMMANDS:
            was = (self.on, self.pages, self.contrast)
            self._run_commands(data, 1)
            changed = (self.on, self.pages, self.contrast) != was
        else:
            raise ValueError("control byte 0x%02X: not what ardoise/ssd1306.py sends" % data[0])
        if changed and listener is not None:
            listener(self)
        return len(data)

    def _write_memory(self, data, start):
        base = self.page * _COLUMNS
        for index in range(start, len(data)):
            # Page addressing: the column pointer wraps within the page.
            self.memory[base + self.column] = data[index]
            self.column = (self.column + 1) % _COLUMNS

    def _run_commands(self, data, index):
        while index < len(data):
            command = data[index]
            count = _PARAMETERS.get(command, 0)
            if command == _DISPLAY_OFF or command == _DISPLAY_ON:
                self.on = command == _DISPLAY_ON
            elif command == _MULTIPLEX:
                self.pages = (data[index + 1] + 1) // 8
            elif command == _CONTRAST:
                self.contrast = data[index + 1]
            elif 0xB0 <= command <= 0xB7:
                self.page = command & 0x07
            elif command <= 0x0F:
                self.column = (self.column & 0xF0) | command
            elif command <= 0x1F:
                self.column = (self.column & 0x0F) | (command & 0x0F) << 4
            index += 1 + count
