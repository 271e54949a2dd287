"""The slate's screen on the PC: a panel's picture, drawn as text or as a PNG.

host_tools/standin/panel.py sends the picture of the simulated panel as a
message (b"F", on, pages, contrast, then the panel's memory, MONO_VLSB); `read_frames`
reads them off a pipe. A Frame is drawn with Unicode half blocks for a
terminal (two pixel rows per character line; braille dots, 2x4 pixels a
character, for small terminals), saved as a PNG with crisp enlarged pixels,
or compared with the reference frames of the tests (PBM).
"""

import io
import os

WIDTH = 128
# Panel colours for pictures: an OLED's lit pixels on its dark glass, in a bezel.
LIT = (225, 240, 255)
DIM = (96, 104, 112)  # lit at contrast 0: the slate dimmed while nobody presses
DARK = (10, 12, 18)
BEZEL = (48, 50, 56)
HALF_BLOCKS = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
# The bit of each dot of a braille character (U+2800 + bits), by (column, row).
BRAILLE_DOTS = {
    (0, 0): 0,
    (0, 1): 1,
    (0, 2): 2,
    (1, 0): 3,
    (1, 1): 4,
    (1, 2): 5,
    (0, 3): 6,
    (1, 3): 7,
}


class Frame:
    """A 128-pixel-wide picture, `height` 64 or 32; `on` False for a dark
    panel; `contrast` the panel's, 0 to 255 (`dimmed` at 0). Frames are equal
    when the same pixels are lit, however bright."""

    def __init__(self, memory, height, on=True, contrast=0x7F):
        if len(memory) != WIDTH * height // 8:
            raise ValueError("%d bytes is not a 128x%d picture" % (len(memory), height))
        self.memory = bytes(memory)
        self.height = height
        self.on = bool(on)
        self.contrast = contrast

    @property
    def dimmed(self):
        return self.on and self.contrast == 0

    def __eq__(self, other):
        if not isinstance(other, Frame):
            return NotImplemented
        return (self.memory, self.height, self.on) == (other.memory, other.height, other.on)

    def __repr__(self):
        state = "dimmed" if self.dimmed else "on" if self.on else "off"
        return "Frame(128x%d, %s)" % (self.height, state)

    def pixel(self, x, y):
        """1 if the pixel at column x, row y is lit on the glass."""
        if not self.on:
            return 0
        return self.memory[(y // 8) * WIDTH + x] >> (y % 8) & 1

    def rows(self):
        """The picture as rows of 0/1, top row first."""
        return [[self.pixel(x, y) for x in range(WIDTH)] for y in range(self.height)]

    def lit(self):
        """How many pixels are lit."""
        return sum(map(sum, self.rows()))

    def text(self):
        """The picture as lines of half blocks: ▀ ▄ █, two pixel rows a line."""
        rows = self.rows()
        return [
            "".join(
                HALF_BLOCKS[top, bottom] for top, bottom in zip(rows[y], rows[y + 1], strict=True)
            )
            for y in range(0, self.height, 2)
        ]

    def braille(self):
        """The picture at half the size, for small terminals: 2x4 pixels a braille character."""
        rows = self.rows()
        return [
            "".join(
                chr(
                    0x2800
                    + sum(rows[y + dy][x + dx] << bit for (dx, dy), bit in BRAILLE_DOTS.items())
                )
                for x in range(0, WIDTH, 2)
            )
            for y in range(0, self.height, 4)
        ]

    def pbm(self):
        """The picture as a binary PBM (P4), the format of tests/reference/."""
        packed = bytearray()
        for row in self.rows():
            for start in range(0, WIDTH, 8):
                byte = 0
                for bit in row[start : start + 8]:
                    byte = byte << 1 | bit
                packed.append(byte)
        return b"P4\n%d %d\n" % (WIDTH, self.height) + bytes(packed)

    def png(self, scale=4, border=3):
        """The picture as PNG bytes: each pixel a `scale` square, in a bezel
        `border` panel pixels wide; lit pixels grey when dimmed."""
        from PIL import Image  # only pictures need pillow

        margin = border * scale
        lit = DIM if self.dimmed else LIT
        image = Image.new("RGB", (WIDTH, self.height), DARK)
        image.putdata([lit if bit else DARK for row in self.rows() for bit in row])
        image = image.resize((WIDTH * scale, self.height * scale), Image.Resampling.NEAREST)
        framed = Image.new("RGB", (image.width + 2 * margin, image.height + 2 * margin), BEZEL)
        framed.paste(image, (margin, margin))
        out = io.BytesIO()
        framed.save(out, format="PNG")
        return out.getvalue()

    @classmethod
    def from_pbm(cls, data):
        """A Frame from a binary PBM of 128x64 or 128x32 pixels."""
        magic, size, packed = data.split(b"\n", 2)
        width, height = (int(number) for number in size.split())
        if magic != b"P4" or width != WIDTH or len(packed) != WIDTH // 8 * height:
            raise ValueError("not a 128-pixel-wide binary PBM")
        memory = bytearray(WIDTH * height // 8)
        for y in range(height):
            for x in range(WIDTH):
                if packed[y * WIDTH // 8 + x // 8] >> (7 - x % 8) & 1:
                    memory[(y // 8) * WIDTH + x] |= 1 << (y % 8)
        return cls(memory, height)

    @classmethod
    def from_png(cls, data, scale=4, border=3):
        """The Frame a PNG made by png() shows: the centre of each enlarged
        pixel (dimmed if its lit pixels are)."""
        from PIL import Image

        image = Image.open(io.BytesIO(data)).convert("RGB")
        margin = border * scale
        height = (image.height - 2 * margin) // scale
        memory = bytearray(WIDTH * height // 8)
        dimmed = False
        for y in range(height):
            for x in range(WIDTH):
                centre = (margin + x * scale + scale // 2, margin + y * scale + scale // 2)
                colour = image.getpixel(centre)
                if colour == LIT or colour == DIM:
                    memory[(y // 8) * WIDTH + x] |= 1 << (y % 8)
                    dimmed = colour == DIM
        return cls(memory, height, contrast=0 if dimmed else 0x7F)


class FrameReader:
    """Frames out of the byte stream host_tools/standin/panel.py sends, however it is cut."""

    def __init__(self):
        self.pending = b""

    def feed(self, data):
        """The frames completed by `data`, oldest first."""
        self.pending += data
        frames = []
        pending = self.pending
        while len(pending) >= 4 and len(pending) >= 4 + pending[2] * WIDTH:
            if pending[:1] != b"F":
                raise ValueError("the panel's messages are out of step")
            end = 4 + pending[2] * WIDTH
            frames.append(Frame(pending[4:end], pending[2] * 8, pending[1], pending[3]))
            pending = self.pending = pending[end:]
        return frames


def read_frames(fd):
    """Frames sent on the file descriptor `fd`, as they come, until the sender closes it."""
    reader = FrameReader()
    while chunk := os.read(fd, 65536):
        yield from reader.feed(chunk)
