"""SSD1306 OLED driver over I2C that sends only what changed.

The frame is one MONO_VLSB FrameBuffer, whose bytes are laid out like the
panel's own memory: byte `page * width + x` holds pixels (x, 8 * page) to
(x, 8 * page + 7), lowest bit on top. show() compares every 8-pixel page with
a copy of the last frame sent and writes only the changed columns of the
changed pages, as spans that skip any unchanged stretch longer than what
placing one more span costs: a whole frame is about 1 KiB (some 24 ms at
400 kHz), a new score digit a few dozen bytes.

    from ardoise.ssd1306 import SSD1306

    display = SSD1306(i2c, height=32)
    display.text("Nord 12", 0, 0)
    display.show()
"""

import framebuf
from micropython import const

# Control byte opening each I2C write (Co bit clear: the rest are all alike).
_COMMANDS = const(0x00)
_DATA = const(0x40)

_SET_CONTRAST = const(0x81)
_NORMAL_DISPLAY = const(0xA6)  # | 1 for inverse video
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
# Page addressing mode: the start column in two nibbles, and 0xB0 | page.
_PAGE_START = const(0xB0)
_COLUMN_HIGH = const(0x10)

# Control byte, column low nibble, column high nibble, page.
_POSITION_SIZE = const(4)
_WIDTH = const(128)
# Unchanged columns between two changes of a page are sent along when there
# are at most this many: a span of its own costs as much on the bus, with its
# column write, its data control byte and the address byte opening each of
# those two writes.
_MOST_SENT_UNCHANGED = const(6)
_SKIPPED = bytes(_MOST_SENT_UNCHANGED + 1)  # unchanged columns worth a span of their own
# The most spans a page can need (a change every _MOST_SENT_UNCHANGED + 2
# columns), two bytes each: where a column starts, where it ends.
_MOST_SPANS = const(_WIDTH // (_MOST_SENT_UNCHANGED + 2) + 1)


def _diff(frame, sent, start, spans):
    """The spans of the page at `start` (its 128 bytes) that differ between
    `frame` and `sent`, written to `spans` as column pairs [first, end) in
    order, and `sent` made the same as `frame` there; how many spans.

    The bytecode version, for a port without a native emitter (MicroPython's
    WebAssembly port) and for CPython: the changed columns are the bytes
    that are not 0 in the two pages XORed (as two big ints: in C, not a
    column at a time), and the stretches to skip, runs of at least
    _MOST_SENT_UNCHANGED + 1 zeros, are found by find().
    """
    end = start + _WIDTH
    page = frame[start:end]
    if page == sent[start:end]:
        return 0
    before = int.from_bytes(sent[start:end], "little")
    changes = (int.from_bytes(page, "little") ^ before).to_bytes(_WIDTH, "little")
    sent[start:end] = page
    first = _WIDTH - len(changes.lstrip(b"\0"))
    end = len(changes.rstrip(b"\0"))
    count = 0
    unchanged = changes.find(_SKIPPED, first, end)
    while unchanged >= 0:  # a stretch after a change, ended by one
        spans[count] = first
        spans[count + 1] = unchanged
        count += 2
        first = end - len(changes[unchanged:end].lstrip(b"\0"))
        unchanged = changes.find(_SKIPPED, first, end)
    spans[count] = first
    spans[count + 1] = end
    return count // 2 + 1


_bytecode_diff = _diff  # which the native one must agree with (tests/device/test_ssd1306.py)

# The same as the function above, a column at a time in machine code where
# the port has a native emitter (rp2, esp32, the unix port): a show() is
# then mostly the I2C bus. Its source, with _WIDTH and
# _MOST_SENT_UNCHANGED + 1 written out (tests/device/test_ssd1306.py
# compares its spans with the bytecode's): the Ardoise image freezes it as
# the module ardoise_native, compiled for the board by the firmware build
# (host_tools/board/firmware.py), so its machine code stays in flash;
# elsewhere it is compiled here, at import, into RAM (0.5 KiB), as the .mpy
# files of a deploy are the same for every board and hold no machine code.
# A port without a native emitter refuses the decorator (SyntaxError), and
# CPython has no viper: the bytecode stays.
_NATIVE_DIFF = """
@micropython.viper
def _diff(frame: ptr8, sent: ptr8, start: int, spans: ptr8) -> int:
    count = 0
    last = 0
    x = start
    end = start + 128
    while x < end:
        if frame[x] != sent[x]:
            sent[x] = frame[x]
            if count == 0:
                spans[0] = x - start
                count = 1
            elif x - last > 7:
                spans[count] = last + 1 - start
                spans[count + 1] = x - start
                count += 2
            last = x
        x += 1
    if count:
        spans[count] = last + 1 - start
        count += 1
    return count >> 1
"""
try:
    from ardoise_native import _diff  # type: ignore  # the image's, frozen: in flash
except ImportError:
    try:
        exec(_NATIVE_DIFF)
    except Exception:  # SyntaxError: no native emitter; CPython: no viper
        pass
del _NATIVE_DIFF


def _init_sequence(height, external_vcc):
    """The configuration commands, display left off, as one I2C write."""
    return bytes(
        (
            _COMMANDS,
            _DISPLAY_OFF,
            0x2E,  # stop any scroll a warm restart left running: it garbles RAM writes
            0xD5, 0x80,  # clock divide ratio and oscillator: reset value
            0xA8, height - 1,  # multiplex ratio: one COM line per pixel row
            0xD3, 0x00,  # no vertical offset
            0x40,  # display start line 0
            0x8D, 0x10 if external_vcc else 0x14,  # charge pump off/on
            0x20, 0x02,  # page addressing: 3 command bytes place each page write
            0xA1,  # column 127 drives SEG0 and
            0xC8,  # COM scans upwards: together, frame (0, 0) is top left on modules
            0xDA, 0x12 if height == 64 else 0x02,  # COM pins: alternate (64) or sequential (32)
            _SET_CONTRAST, 0x7F,  # mid-range: readable indoors, slower burn-in of a still score
            0xD9, 0x22 if external_vcc else 0xF1,  # pre-charge periods
            0xDB, 0x30,  # VCOMH deselect level: 0.83 x VCC
            0xA4,  # pixels follow RAM (not all on)
            _NORMAL_DISPLAY,
        )
    )  # fmt: skip


class SSD1306(framebuf.FrameBuffer):
    """A monochrome FrameBuffer mirrored onto an SSD1306 panel over I2C.

    Draw with the FrameBuffer methods (fill, pixel, text, rect, blit...), then
    call show(). The constructor configures the panel and blanks the frame;
    the first show() sends it whole and turns the panel on.

    :param i2c: a ready bus with the machine.I2C methods writeto() and writevto()
    :param int width: panel width in pixels: 128
    :param int height: panel height in pixels: 64 or 32
    :param int address: 7-bit I2C address: 0x3C, or 0x3D on modules with SA0 high
    :param bool external_vcc: True when the board supplies the panel's high
        voltage instead of the built-in charge pump

    ``buffer`` is the frame (``width * height // 8`` bytes); ``bytes_sent``
    counts every byte handed to the bus, control bytes included, the address
    byte of each transaction not.
    """

    def __init__(self, i2c, *, width=128, height=64, address=0x3C, external_vcc=False):
        if width != 128 or height not in (32, 64):
            raise ValueError("SSD1306 panels here are 128x64 or 128x32")
        self.width = width
        self.height = height
        self.pages = height // 8
        self.bytes_sent = 0
        self._i2c = i2c
        self._address = address
        self._external_vcc = external_vcc
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._sent = bytearray(len(self.buffer))
        self._frame = memoryview(self.buffer)  # a span is a slice of it, not a copy
        self._spans = bytearray(2 * _MOST_SPANS)  # _diff's, made once
        self._position = bytearray(_POSITION_SIZE)
        self._position[0] = _COMMANDS
        self._data = [b"\x40", None]  # type: list  # _DATA, then the span
        self._command = bytearray(2)
        self._command[0] = _COMMANDS
        # A command and its value, or a span's column alone (two commands).
        self._command_and_value = bytearray(3)
        self._command_and_value[0] = _COMMANDS
        self._panel_unknown = True
        self.init_display()

    def init_display(self):
        """Configure the panel from scratch, the frame blank: the next show()
        sends the whole frame, then turns the panel on (until then its
        memory is noise, and a blank frame sent first would only cost a
        Pico some 25 ms of its boot).

        The constructor calls it; call it again if the panel lost its supply.
        """
        self._write(_init_sequence(self.height, self._external_vcc))
        self.fill(0)
        self.invalidate()
        self._dark_until_shown = True

    def invalidate(self):
        """Make the next show() send the whole frame.

        For when the panel's memory is in doubt (show() does it by itself
        when a write fails). poweroff() keeps the panel's memory.
        """
        self._panel_unknown = True

    def show(self):
        """Send the frame: the changed columns of each page since the last
        show(), or everything after invalidate().

        Allocates no buffer that lives on: a memoryview per span sent.
        """
        full = self._panel_unknown
        frame = self.buffer
        sent = self._sent
        spans = self._spans
        self._position[3] = 0  # no page set yet by this show()
        try:
            if full:
                sent[:] = frame
            for page in range(self.pages):
                if full:
                    self._send_span(page, 0, _WIDTH)
                    continue
                for span in range(0, 2 * _diff(frame, sent, page * _WIDTH, spans), 2):
                    self._send_span(page, spans[span], spans[span + 1])
        except OSError:
            # A write may have half-happened: what the panel holds is unknown.
            self._panel_unknown = True
            raise
        self._panel_unknown = False
        if self._dark_until_shown:
            self.poweron()

    def contrast(self, value):
        """Set the brightness from 0 (dim, still lit) to 255."""
        if not 0 <= value <= 255:
            raise ValueError("contrast is 0 to 255")
        command = self._command_and_value
        command[1] = _SET_CONTRAST
        command[2] = value
        self._write(command)

    def invert(self, inverted):
        """Show lit pixels dark and dark ones lit (True), or normally (False)."""
        self._write_command(_NORMAL_DISPLAY | (1 if inverted else 0))

    def poweroff(self):
        """Turn the display off (sleep mode); the panel keeps its memory."""
        self._write_command(_DISPLAY_OFF)

    def poweron(self):
        """Turn the display back on, showing what was last sent."""
        self._write_command(_DISPLAY_ON)
        self._dark_until_shown = False

    def _send_span(self, page, first, end):
        """Columns first to end - 1 of `page`, placed by a page command only
        if this show() has not set that page already."""
        placement = self._position
        if placement[3] == _PAGE_START | page:
            placement = self._command_and_value
        else:
            placement[3] = _PAGE_START | page
        placement[1] = first & 0x0F
        placement[2] = _COLUMN_HIGH | (first >> 4)
        # _write's work written out: up to dozens of spans a show().
        i2c = self._i2c
        address = self._address
        i2c.writeto(address, placement)
        self.bytes_sent += len(placement)
        data = self._data
        start = page * _WIDTH
        data[1] = self._frame[start + first : start + end]
        i2c.writevto(address, data)
        self.bytes_sent += 1 + end - first

    def _write_command(self, command):
        self._command[1] = command
        self._write(self._command)

    def _write(self, buffer):
        self._i2c.writeto(self._address, buffer)
        self.bytes_sent += len(buffer)
