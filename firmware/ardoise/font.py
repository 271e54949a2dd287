"""Text for the 8x8 character grid: framebuf's ASCII font plus accents and suits.

framebuf's built-in font covers ASCII only. This module adds, in the same
style and metrics, the letters French and German screens need, typographic
punctuation, menu arrows and the four card suits, and draws every string on
one monospaced grid of 8x8 cells: a 128x64 screen holds 8 lines of 16.

    from ardoise.font import CENTER, RIGHT, draw_text, suit_symbol

    draw_text(display, "Atout " + suit_symbol("H"), 0, 0)
    draw_text(display, "Écart", 64, 16, align=CENTER)
    draw_text(display, "152", 128, 24, scale=2, align=RIGHT)

Like framebuf's letters, accented ones stand on row 6, leaving row 7 to
descenders and the cedilla: an accented capital squeezes its letter into
rows 2-6 under the accent, and O and U widen to seven columns to stay apart
from o and u.
"""

from array import array

import framebuf
from micropython import const

LEFT = const(0)
CENTER = const(1)
RIGHT = const(2)

_CELL = const(8)  # every character, built-in or not, is an 8x8 cell
_FIRST_ASCII = const(32)
_LAST_ASCII = const(126)  # framebuf draws 127 and above as a checkerboard

# Every character beyond ASCII the font has a glyph for, in code point order.
# Glyph i is _GLYPHS[8 * i : 8 * i + 8]: eight column bytes left to right,
# bit 0 the top row (MONO_VLSB, as the SSD1306 pages). Constants stay in flash
# when the module is frozen; loaded from an .mpy they cost their size in RAM.
CHARACTERS = "«°±·»ÀÂÄÆÇÈÉÊËÎÏÔÖ×ÙÛÜßàâäæçèéêëîïôöùûüÿŒœŸΣ–‘’“”„•…▲▶▼◀♠♣♥♦✓"
_GLYPHS = (
    b"\x00\x10\x38\x6c\x10\x38\x6c\x00"  # « opening guillemet
    b"\x00\x00\x06\x09\x09\x06\x00\x00"  # ° degree
    b"\x00\x44\x44\x5f\x5f\x44\x44\x00"  # ± plus-minus
    b"\x00\x00\x00\x18\x18\x00\x00\x00"  # · middle dot
    b"\x00\x6c\x38\x10\x6c\x38\x10\x00"  # » closing guillemet
    b"\x00\x78\x7d\x15\x16\x7c\x78\x00"  # À
    b"\x00\x78\x7e\x15\x15\x7e\x78\x00"  # Â
    b"\x00\x79\x7d\x14\x14\x7d\x79\x00"  # Ä
    b"\x00\x7e\x7f\x09\x7f\x7f\x49\x41"  # Æ
    b"\x00\x3e\x7f\xc1\xc1\x63\x22\x00"  # Ç
    b"\x00\x7c\x7d\x55\x56\x44\x44\x00"  # È
    b"\x00\x7c\x7c\x56\x55\x45\x44\x00"  # É
    b"\x00\x7c\x7e\x55\x55\x46\x44\x00"  # Ê
    b"\x00\x7d\x7d\x54\x54\x45\x45\x00"  # Ë
    b"\x00\x00\x46\x7d\x7d\x46\x00\x00"  # Î
    b"\x00\x01\x45\x7c\x7c\x45\x01\x00"  # Ï
    b"\x00\x38\x7c\x46\x45\x46\x7c\x38"  # Ô
    b"\x00\x39\x7d\x44\x44\x44\x7d\x39"  # Ö
    b"\x00\x44\x28\x10\x28\x44\x00\x00"  # × times
    b"\x00\x3c\x7d\x41\x42\x40\x7c\x3c"  # Ù
    b"\x00\x3c\x7c\x42\x41\x42\x7c\x3c"  # Û
    b"\x00\x3d\x7d\x40\x40\x40\x7d\x3d"  # Ü
    b"\x00\x7e\x7f\x01\x49\x7f\x36\x00"  # ß
    b"\x00\x20\x75\x55\x56\x7c\x78\x00"  # à
    b"\x00\x20\x76\x55\x55\x7e\x78\x00"  # â
    b"\x00\x21\x75\x54\x54\x7d\x79\x00"  # ä
    b"\x00\x20\x54\x54\x38\x54\x54\x58"  # æ
    b"\x00\x38\x7c\xc4\xc4\x6c\x28\x00"  # ç
    b"\x00\x38\x7d\x55\x56\x5c\x58\x00"  # è
    b"\x00\x38\x7c\x56\x55\x5d\x58\x00"  # é
    b"\x00\x38\x7e\x55\x55\x5e\x58\x00"  # ê
    b"\x00\x39\x7d\x54\x54\x5d\x59\x00"  # ë
    b"\x00\x00\x02\x7d\x7d\x02\x00\x00"  # î
    b"\x00\x01\x01\x7c\x7c\x01\x01\x00"  # ï
    b"\x00\x38\x7e\x45\x45\x7e\x38\x00"  # ô
    b"\x00\x39\x7d\x44\x44\x7d\x39\x00"  # ö
    b"\x00\x3c\x7d\x41\x42\x7c\x3c\x00"  # ù
    b"\x00\x3c\x7e\x41\x41\x7e\x3c\x00"  # û
    b"\x00\x3d\x7d\x40\x40\x7d\x3d\x00"  # ü
    b"\x00\x9d\xbd\xa0\xa0\xfd\x7d\x00"  # ÿ
    b"\x00\x3e\x7f\x41\x7f\x7f\x49\x41"  # Œ
    b"\x00\x38\x44\x44\x38\x54\x54\x58"  # œ
    b"\x00\x0d\x1d\x70\x70\x1d\x0d\x00"  # Ÿ
    b"\x00\x63\x77\x5d\x49\x41\x63\x00"  # Σ sum (a Bruus session's points)
    b"\x08\x08\x08\x08\x08\x08\x08\x08"  # – en dash
    b"\x00\x00\x00\x06\x07\x01\x00\x00"  # ‘ opening single quote
    b"\x00\x00\x04\x07\x03\x00\x00\x00"  # ’ apostrophe
    b"\x00\x06\x07\x01\x06\x07\x01\x00"  # “ opening double quote
    b"\x00\x04\x07\x03\x04\x07\x03\x00"  # ” closing double quote
    b"\x00\x80\xe0\x60\x80\xe0\x60\x00"  # „ German opening quote
    b"\x00\x00\x18\x3c\x3c\x18\x00\x00"  # • bullet
    b"\x60\x60\x00\x60\x60\x00\x60\x60"  # … ellipsis
    b"\x00\x10\x18\x1c\x1c\x18\x10\x00"  # ▲ up
    b"\x00\x00\x7e\x3c\x18\x00\x00\x00"  # ▶ right
    b"\x00\x04\x0c\x1c\x1c\x0c\x04\x00"  # ▼ down
    b"\x00\x00\x00\x18\x3c\x7e\x00\x00"  # ◀ left
    b"\x00\x18\x1c\x4e\x7f\x4e\x1c\x18"  # ♠ spades
    b"\x00\x1c\x1c\x4b\x7f\x4b\x1c\x1c"  # ♣ clubs
    b"\x00\x0e\x1f\x3f\x7e\x3f\x1f\x0e"  # ♥ hearts
    b"\x00\x08\x1c\x3e\x7f\x3e\x1c\x08"  # ♦ diamonds
    b"\x00\x18\x30\x30\x18\x0c\x06\x02"  # ✓ check mark
)
# A hollow box for any other character: visibly missing, never an error.
_PLACEHOLDER = b"\x00\x7e\x42\x42\x42\x42\x7e\x00"
_SPACES = (0xA0, 0x2009, 0x202F)  # no-break, thin and narrow no-break space: blank cells

SUITS = "HDCS"
"""The rules core's suit letters (scoring.match.SUITS), in the order of SUIT_SYMBOLS."""
SUIT_SYMBOLS = "♥♦♣♠"
"""Hearts, diamonds, clubs, spades: the glyphs of SUITS."""

# The one cell non-ASCII glyphs are copied into before fb.blit(): nothing is
# allocated per character.
_cell_bytes = bytearray(_CELL)
_cell = framebuf.FrameBuffer(_cell_bytes, _CELL, _CELL, framebuf.MONO_VLSB)
# Scale 2 (the scores) in one blit of a 16x16 cell: two pages of 16 columns.
_double_bytes = bytearray(4 * _CELL)
_double = framebuf.FrameBuffer(_double_bytes, 2 * _CELL, 2 * _CELL, framebuf.MONO_VLSB)
_DOUBLED = b"\x00\x03\x0c\x0f\x30\x33\x3c\x3f\xc0\xc3\xcc\xcf\xf0\xf3\xfc\xff"  # 4 bits to 8

# Text is read as UTF-8 bytes and code points, never one character at a time
# as a string: MicroPython interns every one-character string that indexing
# or iterating a str makes, and an interned string is never freed.


def _length(lead):
    """Bytes in the UTF-8 character that starts with the byte `lead`."""
    return 1 if lead < 0x80 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4


def _code_at(data, position):
    """The code point of the UTF-8 character at byte `position` of `data`."""
    lead = data[position]
    length = _length(lead)
    if length == 1:
        return lead
    code = lead & (0x7F >> length)
    for offset in range(1, length):
        code = (code << 6) | (data[position + offset] & 0x3F)
    return code


def _code_points(text):
    codes = array("H")
    data = text.encode()
    position = 0
    while position < len(data):
        codes.append(_code_at(data, position))
        position += _length(data[position])
    return codes


_CODES = _code_points(CHARACTERS)  # glyph i is the character _CODES[i]


def _glyph_index(code):
    # A binary search: CHARACTERS is in code point order.
    low = 0
    high = len(_CODES)
    while low < high:
        middle = (low + high) >> 1
        if _CODES[middle] < code:
            low = middle + 1
        else:
            high = middle
    return low if low < len(_CODES) and _CODES[low] == code else -1


def has_glyph(char):
    """True if `char` draws as itself, not as the placeholder box."""
    code = ord(char)
    return _FIRST_ASCII <= code <= _LAST_ASCII or _glyph_index(code) >= 0 or code in _SPACES


def suit_symbol(suit):
    """The glyph of a suit letter: "H" gives "♥". ValueError for another letter."""
    index = SUITS.index(suit)
    return SUIT_SYMBOLS[index : index + 1]  # a slice: not interned (see _length)


def text_width(text, *, scale=1):
    """Width in pixels of `text` drawn at `scale`: 8 * scale per character."""
    return len(text) * _CELL * scale


def fit(text, width, *, scale=1):
    """`text`, cut and ended with "…" if it is wider than `width` pixels."""
    room = width // (_CELL * scale)
    if len(text) <= room:
        return text
    if room < 1:
        return ""
    return text[: room - 1] + "\u2026"


def draw_text(fb, text, x, y, *, color=1, scale=1, align=LEFT):
    """Draw `text` on a monochrome FrameBuffer; returns the x just after it.

    ASCII goes through fb.text(), so it is pixel for pixel framebuf's own
    font; other characters come from this module's glyphs, unknown ones as a
    hollow box. Pixels off the buffer are clipped.

    :param fb: a framebuf.FrameBuffer (or subclass, such as the display)
    :param str text: one line; a control character draws as the box
    :param int x: left edge, centre or right edge (exclusive), as `align` says
    :param int y: top row
    :param int color: 1 draws lit pixels, 0 dark ones (text on a filled bar)
    :param int scale: each font pixel becomes a scale x scale block: 2 for
        the slate's scores (16x16 digits)
    :param int align: LEFT, CENTER or RIGHT
    """
    if align == CENTER:
        x -= text_width(text, scale=scale) // 2
    elif align == RIGHT:
        x -= text_width(text, scale=scale)
    step = _CELL * scale
    data = text.encode()
    if scale == 1 and len(data) == len(text) and (not data or 31 < min(data) and max(data) < 127):
        fb.text(text, x, y, color)  # printable ASCII alone: one call, no loop here
        return x + step * len(data)
    position = index = 0  # byte and character offsets of the next character
    while position < len(data):
        code = _code_at(data, position)
        if scale == 1 and _FIRST_ASCII <= code <= _LAST_ASCII:
            # The whole run of ASCII in one fb.text()
            end = position + 1
            while end < len(data) and _FIRST_ASCII <= data[end] <= _LAST_ASCII:
                end += 1
            fb.text(text[index : index + end - position], x, y, color)
            x += step * (end - position)
            index += end - position
            position = end
            continue
        if code not in _SPACES:
            _load(text, index, code)
            if scale == 1:
                _blit(fb, x, y, color)
            elif scale == 2:
                _draw_double(fb, x, y, color)
            else:
                _draw_scaled(fb, x, y, scale, color)
        x += step
        index += 1
        position += _length(data[position])
    return x


def _load(text, index, code):
    """Put the glyph of the character `code`, at `index` in `text`, into the cell."""
    if _FIRST_ASCII <= code <= _LAST_ASCII:
        _cell.fill(0)
        _cell.text(text[index : index + 1], 0, 0, 1)
        return
    found = _glyph_index(code)
    glyphs = _PLACEHOLDER if found < 0 else _GLYPHS
    start = 0 if found < 0 else found * _CELL
    _cell_bytes[:] = glyphs[start : start + _CELL]


def _blit(fb, x, y, color):
    """Copy the cell's set pixels to fb in `color`; the others stay as they are."""
    if color:
        fb.blit(_cell, x, y, 0)
        return
    # blit() writes the source values themselves: invert so the glyph is 0
    # and make 1, the background, the transparent key.
    for column in range(_CELL):
        _cell_bytes[column] ^= 0xFF
    fb.blit(_cell, x, y, 1)


def _draw_double(fb, x, y, color):
    """Draw the cell at scale 2: each column's pixels doubled into the 16x16
    cell, a nibble at a time, then one blit (as _blit does, for either color)."""
    cell = _cell_bytes
    double = _double_bytes
    flip = 0 if color else 0xFF
    for at in range(0, 2 * _CELL, 2):
        bits = cell[at >> 1]
        double[at] = double[at + 1] = _DOUBLED[bits & 15] ^ flip
        double[at + 16] = double[at + 17] = _DOUBLED[bits >> 4] ^ flip
    fb.blit(_double, x, y, 0 if color else 1)


def _draw_scaled(fb, x, y, scale, color):
    """Draw the cell with each pixel a scale x scale block, one rectangle per
    vertical run of pixels."""
    for column in range(_CELL):
        bits = _cell_bytes[column]
        row = 0
        while bits:
            if bits & 1:
                top = row
                while bits & 1:
                    bits >>= 1
                    row += 1
                fb.fill_rect(x + column * scale, y + top * scale, scale, (row - top) * scale, color)
            else:
                bits >>= 1
                row += 1
