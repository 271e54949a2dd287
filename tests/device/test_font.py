"""ardoise.font: the glyphs beyond ASCII and how draw_text() places them.

Runs under MicroPython only (framebuf): tests/mp_runner.py, or pytest through
tests/test_micropython.py. tests/test_font_sheet.py renders every glyph into
build/font_sheet.png for the eye.
"""

import gc

import framebuf

from ardoise import font
from scoring.match import SUITS

# Each accented letter and its base; the accent takes rows 0-1, over the plain
# small letter, over a squeezed capital.
LOWER_ACCENTED = "àa âa äa èe ée êe ëe îi ïi ôo öo ùu ûu üu ÿy".split()
UPPER_ACCENTED = "ÀA ÂA ÄA ÈE ÉE ÊE ËE ÎI ÏI ÔO ÖO ÙU ÛU ÜU ŸY".split()
REQUIRED = (
    "".join(pair[0] for pair in LOWER_ACCENTED + UPPER_ACCENTED)
    + "çÇœŒæÆß"
    + "«»°’‘“”„…–·×•"  # typographic punctuation
    + "▲▼◀▶✓"  # menu marks
    + "♥♦♣♠"
)
# The hollow box for characters the font lacks, as 8 column bytes.
BOX = b"\x00\x7e\x42\x42\x42\x42\x7e\x00"


def new_buffer(width, height):
    data = bytearray((height + 7) // 8 * width)
    return data, framebuf.FrameBuffer(data, width, height, framebuf.MONO_VLSB)


def cell_of(char):
    """The 8 column bytes draw_text() puts in an empty 8x8 cell for `char`."""
    data, fb = new_buffer(8, 8)
    font.draw_text(fb, char, 0, 0)
    return bytes(data)


def builtin_cell(char):
    data, fb = new_buffer(8, 8)
    fb.text(char, 0, 0, 1)
    return bytes(data)


def rows(cell, first, last):
    """Bits of rows first..last (inclusive) of every column of a cell."""
    mask = (0xFF >> (7 - last + first)) << first
    return bytes(column & mask for column in cell)


def lit(fb, width, height):
    """Coordinates of every lit pixel of a framebuffer."""
    return [(x, y) for y in range(height) for x in range(width) if fb.pixel(x, y)]


def test_every_required_character_has_its_own_glyph():
    for char in REQUIRED:
        assert font.has_glyph(char), char
        cell = cell_of(char)
        assert cell != BOX and any(cell), char


def test_ascii_is_framebuf_own_font_pixel_for_pixel():
    line = "".join(chr(code) for code in range(32, 127))
    for color in (1, 0):
        ours, ours_fb = new_buffer(8 * len(line), 8)
        theirs, theirs_fb = new_buffer(8 * len(line), 8)
        ours_fb.fill(1 - color)
        theirs_fb.fill(1 - color)
        font.draw_text(ours_fb, line, 0, 0, color=color)
        theirs_fb.text(line, 0, 0, color)
        assert ours == theirs


def test_lower_case_accents_sit_in_rows_0_1_over_the_plain_letter():
    for char, base in LOWER_ACCENTED:
        cell = cell_of(char)
        assert cell != builtin_cell(base), char
        assert rows(cell, 2, 7) == rows(builtin_cell(base), 2, 7), char
        assert any(rows(cell, 0, 1)), char


def test_upper_case_accents_sit_in_rows_0_1_and_letters_stand_on_row_6():
    for char, base in UPPER_ACCENTED:
        cell = cell_of(char)
        assert cell != builtin_cell(base), char
        assert any(rows(cell, 0, 1)), char
        assert any(rows(cell, 6, 6)), char  # the baseline of framebuf's capitals
        assert not any(rows(cell, 7, 7)), char


def test_accented_capitals_differ_from_their_small_letters():
    for index in range(len(UPPER_ACCENTED)):
        upper, lower = UPPER_ACCENTED[index][0], LOWER_ACCENTED[index][0]
        assert cell_of(upper) != cell_of(lower), upper


def test_cedillas_hang_in_row_7_under_the_plain_letter():
    for char, base in (("ç", "c"), ("Ç", "C")):
        cell = cell_of(char)
        assert rows(cell, 0, 6) == rows(builtin_cell(base), 0, 6)
        assert any(rows(cell, 7, 7))


def test_no_two_glyphs_are_alike_nor_like_an_ascii_one():
    cells = [cell_of(char) for char in font.CHARACTERS]
    cells += [builtin_cell(chr(code)) for code in range(33, 127)]
    cells.append(BOX)
    assert len(set(cells)) == len(cells)


def test_unknown_characters_draw_the_box():
    for char in ("\u4e00", "\x01", "\x7f", "\n", "ñ", "€"):
        assert not font.has_glyph(char), char
        assert cell_of(char) == BOX, char


def test_no_break_and_thin_spaces_are_blank_cells():
    for char in ("\u00a0", "\u2009", "\u202f"):
        assert font.has_glyph(char)
        assert cell_of(char) == bytes(8)
    data, fb = new_buffer(24, 8)
    assert font.draw_text(fb, "1\u202f:", 0, 0) == 24
    assert data[8:16] == bytes(8)


def test_suit_letters_map_to_the_suit_glyphs():
    assert font.suit_symbol("H") == "♥"
    assert font.suit_symbol("D") == "♦"
    assert font.suit_symbol("C") == "♣"
    assert font.suit_symbol("S") == "♠"
    assert tuple(font.SUITS) == SUITS  # the rules core's letters, all of them
    for suit in SUITS:
        assert cell_of(font.suit_symbol(suit)) != BOX
    try:
        font.suit_symbol("X")
    except ValueError:
        pass
    else:
        raise AssertionError("suit X accepted")


def test_widths_are_8_pixels_a_character_times_scale():
    assert font.text_width("") == 0
    assert font.text_width("Écart") == 40
    assert font.text_width("Größe ♥", scale=2) == 112
    _, fb = new_buffer(128, 16)
    assert font.draw_text(fb, "Écart", 3, 0) == 43
    assert font.draw_text(fb, "152", 5, 0, scale=2) == 53


def test_right_and_centre_alignment_place_the_text():
    left, left_fb = new_buffer(128, 16)
    font.draw_text(left_fb, "Stiche 12", 56, 8)
    right, right_fb = new_buffer(128, 16)
    assert font.draw_text(right_fb, "Stiche 12", 128, 8, align=font.RIGHT) == 128
    assert right == left
    centre, centre_fb = new_buffer(128, 16)
    assert font.draw_text(centre_fb, "Stiche 12", 92, 8, align=font.CENTER) == 128
    assert centre == left


def test_glyphs_stay_in_their_cell():
    _, fb = new_buffer(40, 24)
    for char in font.CHARACTERS:
        fb.fill(0)
        font.draw_text(fb, char, 16, 8)
        for x, y in lit(fb, 40, 24):
            assert 16 <= x < 24 and 8 <= y < 16, char


def test_dark_text_clears_the_glyph_pixels_only():
    for text in ("é", "A", "♠"):
        dark, dark_fb = new_buffer(8, 8)
        dark_fb.fill(1)
        font.draw_text(dark_fb, text, 0, 0, color=0)
        assert bytes(column ^ 0xFF for column in dark) == cell_of(text), text
    # Drawing dark twice must not flip the cell back.
    dark, dark_fb = new_buffer(8, 8)
    dark_fb.fill(1)
    font.draw_text(dark_fb, "éé", 0, 0, color=0)
    font.draw_text(dark_fb, "é", 0, 0, color=0)
    assert bytes(column ^ 0xFF for column in dark) == cell_of("é")


def test_scale_turns_every_pixel_into_a_block():
    text = "-15é♥"
    _, small = new_buffer(8 * len(text), 8)
    font.draw_text(small, text, 0, 0)
    for scale in (2, 3):
        width = 8 * len(text) * scale
        _, big = new_buffer(width, 8 * scale)
        font.draw_text(big, text, 0, 0, scale=scale)
        for y in range(8 * scale):
            for x in range(width):
                assert big.pixel(x, y) == small.pixel(x // scale, y // scale), (scale, x, y)


def test_drawing_off_the_edges_clips_without_raising():
    whole, whole_fb = new_buffer(16, 8)
    font.draw_text(whole_fb, "éÜ", 0, 0)
    clipped, clipped_fb = new_buffer(16, 8)
    font.draw_text(clipped_fb, "éÜ", -4, 0)
    for x in range(12):
        assert clipped[x] == whole[x + 4]
    assert not any(clipped[12:])
    _, fb = new_buffer(128, 64)
    for x, y in ((-20, -5), (124, 60), (500, 0), (0, -500), (-7, 63)):
        for scale in (1, 2):
            font.draw_text(fb, "Größe ♥ \u4e00", x, y, scale=scale)
            font.draw_text(fb, "Größe", x, y, scale=scale, color=0, align=font.RIGHT)


def test_fit_cuts_long_text_with_an_ellipsis():
    assert font.fit("Übernahme", 128) == "Übernahme"
    assert font.fit("Übernahme", 72) == "Übernahme"
    assert font.fit("Übernahme", 71) == "Übernah…"
    assert font.fit("Übernahme", 64, scale=2) == "Übe…"
    assert font.fit("Übernahme", 8) == "…"
    assert font.fit("Übernahme", 7) == ""


def test_drawing_keeps_nothing_and_interns_no_character():
    # Indexing or iterating a str interns each character as a qstr, which is
    # never freed: the font reads text as UTF-8 bytes. Two hundred characters
    # it has never seen would take a few KiB of qstrs if they were interned.
    _, fb = new_buffer(128, 64)
    # Made from bytes: chr() would intern them here.
    unseen = b"".join(
        bytes((0xE0 | code >> 12, 0x80 | (code >> 6) & 0x3F, 0x80 | code & 0x3F))
        for code in range(0x4E00, 0x4F90)
    ).decode()

    def draw(characters):
        for start in range(0, len(characters), 16):
            font.draw_text(fb, "a" + characters[start : start + 16] + "b", 0, 8)
            font.draw_text(fb, characters[start : start + 4], 64, 16, scale=2, align=font.CENTER)

    draw(unseen[:200])  # warms up what drawing allocates and keeps, if anything
    gc.collect()
    before = gc.mem_alloc()
    draw(unseen[200:])
    gc.collect()
    assert gc.mem_alloc() - before == 0, gc.mem_alloc() - before
