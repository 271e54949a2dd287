"""A model of the SSD1306 controller, fed the I2C writes a driver makes.

It decodes the control bytes (0x00 commands, 0x40 data, and the Co=1 forms
0x80/0xC0 that frame one byte each), runs the addressing commands against the
128x64 GDDRAM with the datasheet's pointer wrap-around, and records every
other setting (contrast, remap, COM scan, multiplex...) in `settings`.

It models the RAM, not the glass: `image()` reads GDDRAM as rows of pixels in
RAM order. How RAM reaches the glass depends on segment remap, COM scan
direction, COM pin configuration and the module's wiring, so instead of
re-deriving that, tests compare `settings` between drivers: two drivers that
leave the same RAM and the same settings show the same picture.
"""

import random

COLUMNS = 128
PAGES = 8

HORIZONTAL, VERTICAL, PAGE = 0, 1, 2

# Parameter bytes that follow each command with parameters. 0xAD is not an
# SSD1306 command (it selects IREF on the SSD1315), but Adafruit sends it.
_PARAMETER_COUNTS = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column window
    0x22: 2,  # page window
    0x26: 6,  # horizontal scroll setup, right
    0x27: 6,  # left
    0x29: 5,  # vertical and horizontal scroll setup, right
    0x2A: 5,  # left
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA3: 2,  # vertical scroll area
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # IREF select (SSD1315)
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide ratio
    0xD9: 1,  # pre-charge period
    0xDA: 1,  # COM pins configuration
    0xDB: 1,  # VCOMH deselect level
}
# Single-byte commands recorded as a setting, keyed by their group.
_SWITCHES = {
    0x2E: ("scroll", False),
    0x2F: ("scroll", True),
    0xA0: ("segment_remap", False),
    0xA1: ("segment_remap", True),
    0xA4: ("entire_display_on", False),
    0xA5: ("entire_display_on", True),
    0xA6: ("inverted", False),
    0xA7: ("inverted", True),
    0xAE: ("display_on", False),
    0xAF: ("display_on", True),
    0xE3: ("nop", True),
}


class ProtocolError(ValueError):
    """A write the controller would not understand."""


class Panel:
    """One SSD1306 at `address`, its RAM filled with seeded noise at power-up
    (or with `ram_fill`), so a driver that forgets to clear it is caught."""

    def __init__(self, *, address=0x3C, ram_fill=None, seed=1306):
        self.address = address
        if ram_fill is None:
            noise = random.Random(seed)
            self.ram = bytearray(noise.randrange(256) for _ in range(COLUMNS * PAGES))
        else:
            self.ram = bytearray([ram_fill]) * (COLUMNS * PAGES)
        # Reset values from the datasheet.
        self.mode = PAGE
        self.column_window = (0, COLUMNS - 1)
        self.page_window = (0, PAGES - 1)
        self.column = 0
        self.page = 0
        self.page_mode_column = 0
        self.settings = {
            "display_on": False,
            "inverted": False,
            "entire_display_on": False,
            "segment_remap": False,
            "com_scan_reversed": False,
            "start_line": 0,
            "scroll": False,
            "0x81": (0x7F,),  # contrast
            "0x8D": (0x10,),  # charge pump off
            "0xA8": (63,),  # multiplex ratio
            "0xD3": (0,),  # display offset
            "0xDA": (0x12,),  # COM pins: alternate
        }
        self.data_bytes = 0
        self._pending = []  # a command waiting for its parameters

    def feed(self, writes):
        """Apply I2C writes: (address, bytes) pairs, one per transaction."""
        for address, payload in writes:
            if address != self.address:
                raise ProtocolError("write to 0x%02X, panel is at 0x%02X" % (address, self.address))
            self._transaction(bytes(payload))

    def image(self, *, height=64, width=COLUMNS):
        """Rows of 0/1 read from GDDRAM: row y, column x is RAM bit y of column x."""
        return [
            [(self.ram[(y // 8) * COLUMNS + x] >> (y % 8)) & 1 for x in range(width)]
            for y in range(height)
        ]

    def pages_of(self, height):
        """The RAM of the first height // 8 pages, as bytes in framebuffer order."""
        return bytes(self.ram[: height // 8 * COLUMNS])

    def _transaction(self, payload):
        index = 0
        while index < len(payload):
            control = payload[index]
            if control & 0x3F:
                raise ProtocolError("control byte 0x%02X has low bits set" % control)
            continuation = control & 0x80
            is_data = control & 0x40
            index += 1
            chunk = payload[index : index + 1] if continuation else payload[index:]
            index += len(chunk)
            for byte in chunk:
                if is_data:
                    self._write_data(byte)
                else:
                    self._command_byte(byte)

    def _command_byte(self, byte):
        pending = self._pending
        pending.append(byte)
        if len(pending) - 1 < _PARAMETER_COUNTS.get(pending[0], 0):
            return
        self._pending = []
        self._run(pending[0], pending[1:])

    def _run(self, command, parameters):
        if command in _SWITCHES:
            name, value = _SWITCHES[command]
            self.settings[name] = value
        elif command <= 0x1F:
            self._page_mode_only(command)
            if command <= 0x0F:
                column = (self.page_mode_column & 0xF0) | command
            else:
                column = (self.page_mode_column & 0x0F) | (command & 0x0F) << 4
            self.page_mode_column = self.column = column
        elif command == 0x20:
            if parameters[0] & 0x03 == 0x03:
                raise ProtocolError("addressing mode 3 is invalid")
            self.mode = parameters[0] & 0x03
        elif command == 0x21:
            first, last = parameters[0] & 0x7F, parameters[1] & 0x7F
            self.column_window = (first, last)
            self.column = first
        elif command == 0x22:
            first, last = parameters[0] & 0x07, parameters[1] & 0x07
            self.page_window = (first, last)
            self.page = first
        elif 0x40 <= command <= 0x7F:
            self.settings["start_line"] = command & 0x3F
        elif 0xB0 <= command <= 0xB7:
            self._page_mode_only(command)
            self.page = command & 0x07
        elif command in (0xC0, 0xC8):
            self.settings["com_scan_reversed"] = command == 0xC8
        elif command in _PARAMETER_COUNTS:
            self.settings["0x%02X" % command] = tuple(parameters)
        else:
            raise ProtocolError("unknown command 0x%02X" % command)

    def _page_mode_only(self, command):
        if self.mode != PAGE:
            raise ProtocolError("0x%02X is a page addressing mode command" % command)

    def _write_data(self, byte):
        if self.column == COLUMNS:
            # Page mode past column 127: the datasheet's "reset to column
            # start address" is ambiguous there, so a driver must not rely on it.
            raise ProtocolError("page mode write past column 127")
        self.ram[self.page * COLUMNS + self.column] = byte
        self.data_bytes += 1
        first_column, last_column = self.column_window
        first_page, last_page = self.page_window
        if self.mode == PAGE:
            self.column += 1
        elif self.mode == HORIZONTAL:
            if self.column == last_column:
                self.column = first_column
                self.page = first_page if self.page == last_page else self.page + 1
            else:
                self.column += 1
        else:
            if self.page == last_page:
                self.page = first_page
                self.column = first_column if self.column == last_column else self.column + 1
            else:
                self.page += 1
