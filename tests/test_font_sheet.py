"""The font specimen: MicroPython renders it, pillow saves build/font_sheet.png.

The sheet holds every glyph of ardoise.font in a grid with 4-pixel gutters,
sample lines in French, German and English at the screen's 8-pixel line
pitch, and a mock 128x64 slate with its scores at scale 2. The checks read
the pixels back: each glyph stays in its cell and differs from the others, and
no sample line needs the placeholder box.
"""

import pathlib
import subprocess
import sys

from PIL import Image

TIER = "micropython"

ROOT = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
SHEET = ROOT / "build" / "font_sheet.png"

WIDTH = 200  # 25 characters
PITCH = 12  # glyph grid: an 8x8 cell and a 4-pixel gutter
PER_ROW = 16
SAMPLES = (
    "Atout ♥  Donne: Sud",
    "Dehors ! Cape et dehors",
    "Écart: 12 coches",
    "Cœur, carreau, trèfle",
    "Équipe « Nord–Sud »",
    "Partie volée… 2× ✓",
    "Dernière donne à l’Est",
    "Trumpf ♠ Stiche",
    "Größe Übernahme",
    "Ändern, Öffnen, Zurück",
    "„Spiel“ gewählt: Kreuz ♣",
    "Diamonds ♦ “Trick” 20°",
    "ÀÂÄÈÉÊËÎÏÔÖÙÛÜŸÇŒÆ",
)

# Runs under MicroPython with firmware/ on sys.path; prints the glyph list,
# the sheet height, then the sheet as hex (MONO_HLSB: rows of packed bits).
RENDER = """
import framebuf
from ardoise.font import CENTER, CHARACTERS, RIGHT, draw_text
WIDTH, PITCH, PER_ROW, SAMPLES = %r, %r, %r, %r
CELLS = CHARACTERS + "\\u4e00"  # the last one is the placeholder box
grid_rows = (len(CELLS) + PER_ROW - 1) // PER_ROW
samples_top = grid_rows * PITCH + 4
screen_top = samples_top + 8 * len(SAMPLES) + 6
height = screen_top + 64 + 2
data = bytearray(WIDTH // 8 * height)
fb = framebuf.FrameBuffer(data, WIDTH, height, framebuf.MONO_HLSB)
for index, char in enumerate(CELLS):
    draw_text(fb, char, index %% PER_ROW * PITCH, index // PER_ROW * PITCH)
for line, text in enumerate(SAMPLES):
    draw_text(fb, text, 0, samples_top + 8 * line)
fb.rect(0, screen_top, 130, 66, 1)
screen = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
draw_text(screen, "Atout \\u2665", 0, 0)
draw_text(screen, "Donne 3", 128, 0, align=RIGHT)
draw_text(screen, "Nous", 32, 14, align=CENTER)
draw_text(screen, "Eux", 96, 14, align=CENTER)
draw_text(screen, "152", 32, 26, scale=2, align=CENTER)
draw_text(screen, "-20", 96, 26, scale=2, align=CENTER)
draw_text(screen, "Cape et dehors", 64, 46, align=CENTER)
screen.fill_rect(0, 56, 128, 8, 1)
draw_text(screen, "\\u25c0 Annuler  OK \\u25b6", 64, 56, color=0, align=CENTER)
fb.blit(screen, 1, screen_top + 1)
print(CELLS)
print(height)
print(bytes(data).hex())
"""


def render():
    """(cells, image) from the MicroPython side."""
    script = RENDER % (WIDTH, PITCH, PER_ROW, SAMPLES)
    result = subprocess.run(
        [str(MICROPYTHON), "-c", "import sys; sys.path.insert(0, 'firmware')\n" + script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    cells, height, dump = result.stdout.split("\n")[:3]
    image = Image.frombytes("1", (WIDTH, int(height)), bytes.fromhex(dump))
    return cells, image


def block(image, left, top, width=8, height=8):
    """The pixels of a rectangle as a tuple of rows of 0/1."""
    return tuple(
        tuple(1 if image.getpixel((x, y)) else 0 for x in range(left, left + width))
        for y in range(top, top + height)
    )


def inked(cell):
    return any(map(any, cell))


def test_font_sheet_renders_and_every_glyph_is_distinct_and_inside_its_cell():
    cells, image = render()
    SHEET.parent.mkdir(exist_ok=True)
    image.convert("L").resize((WIDTH * 4, image.height * 4), Image.Resampling.NEAREST).save(SHEET)
    assert SHEET.stat().st_size > 0

    glyphs = []
    for index in range(len(cells)):
        left, top = index % PER_ROW * PITCH, index // PER_ROW * PITCH
        area = block(image, left, top, PITCH, PITCH)
        gutter = [row[8:] for row in area[:8]] + list(area[8:])
        assert not inked(gutter), "%r spills out of its cell" % cells[index]
        glyph = block(image, left, top)
        assert inked(glyph), "%r is blank" % cells[index]
        glyphs.append(glyph)
    assert len(set(glyphs)) == len(glyphs)

    box = glyphs[-1]
    samples_top = (len(cells) + PER_ROW - 1) // PER_ROW * PITCH + 4
    for line, text in enumerate(SAMPLES):
        top = samples_top + 8 * line
        drawn = [block(image, 8 * column, top) for column in range(len(text))]
        assert box not in drawn, "%r lacks a glyph" % text
        assert sum(map(inked, drawn)) == len(text) - text.count(" ")
