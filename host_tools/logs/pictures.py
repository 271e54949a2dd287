"""Make the README's pictures, its table of boards and docs/boards.md's wiring
from the code.

    ardoise pictures

writes docs/images/slate-64.png and slate-32.png (the simulator on the
first 23 lines of docs/examples/etivaz-match.jsonl: a deal open, a marriage
at the bottom of the slate), slate-bruus-64.png, slate-bruus-session-64.png
(the 7th deal of a session of 16) and slate-brusquembelle-64.png (a deal
open in the other examples), and docs/images/wiring-<board>.png for each board
in boards/, and rewrites docs/boards.md's section between the BOARDS markers:
per board its picture, its wiring table and its notes, read from the board
file's docstring and checked against its describe(), so that the page says
what the board file says; and the README's short table of every board's pins
(between the BOARD-TABLE markers). tests/host_tools/logs/test_pictures.py
fails when any is stale.
"""

import argparse
import ast
import itertools
import pathlib
import re
import tempfile

from PIL import Image, ImageDraw, ImageFont

from host_tools.common import BOARDS, ROOT, CommandError, check_outputs
from host_tools.sim.boards import HOST, board_file, describe, names
from host_tools.sim.simulator import play
from scoring import read_lines

IMAGES = ROOT / "docs" / "images"
README = ROOT / "README.md"
BOARDS_PAGE = ROOT / "docs" / "boards.md"
EXAMPLES = ROOT / "docs" / "examples"
# The README's slates: picture name, example log, its lines played, panel heights.
SLATES = (
    ("slate", "etivaz-match.jsonl", 23, (64, 32)),
    ("slate-bruus", "bruus-game.jsonl", 23, (64,)),
    ("slate-bruus-session", "bruus-session.jsonl", 41, (64,)),
    ("slate-brusquembelle", "brusquembelle-session.jsonl", 13, (64,)),
)
BEGIN = "<!-- BOARDS: made by ardoise pictures from boards/*.py -->"
END = "<!-- /BOARDS -->"
TABLE_BEGIN = "<!-- BOARD-TABLE: made by ardoise pictures from boards/*.py -->"
TABLE_END = "<!-- /BOARD-TABLE -->"
ROLES = {"Prev": "prev", "Next": "next", "OK": "ok", "Extra (optional)": "extra"}

# Wire colours as a breadboard is usually wired.
WIRE = {"VCC": "#d0312d", "GND": "#222222", "SDA": "#2a6fdb", "SCL": "#e0a000"}
BUTTON_WIRE = "#2e9e44"
INK = "#222222"
PAPER = "#ffffff"
ROW = 34


class WiringError(CommandError):
    """A board file whose wiring table does not say what its describe() does."""


def slate_pictures(folder):
    """Each game's slate mid-match as the simulator shows it (SLATES)."""
    for name, example, lines, heights in SLATES:
        with open(EXAMPLES / example, "rb") as log:  # read as every log is (bounded)
            journal = b"".join(itertools.islice(read_lines(log), lines)).decode("utf-8")
        for height in heights:
            with tempfile.TemporaryDirectory() as flash:
                (pathlib.Path(flash) / "data").mkdir()
                (pathlib.Path(flash) / "data" / "match.jsonl").write_text(journal, encoding="utf-8")
                frame, _ = play(board_file(HOST), height, pathlib.Path(flash), "")
            (folder / ("%s-%d.png" % (name, height))).write_bytes(frame.png())


# -- a board's wiring ------------------------------------------------------------


def wiring(path):
    """The board file's docstring read: (title, tables, notes).

    Each table is (part, the board's column heading, [(part's pin, board pin)]).

    The tables are the blocks of the docstring with a row of dashes under
    their heading; the notes are the paragraphs after the last one.
    """
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    blocks = [block.splitlines() for block in doc.split("\n\n")]
    tables, last = [], 0
    for index, lines in enumerate(blocks):
        if len(lines) > 2 and set(lines[1].strip()) <= {"-", " "}:
            split = re.search(r"-\s+-", lines[1]).end() - 1  # where the second column starts
            part = lines[0][:split].strip()
            rows = [(line[:split].strip(), line[split:].strip()) for line in lines[2:]]
            tables.append((part, lines[0][split:].strip(), rows))
            last = index
    notes = [" ".join(line.strip() for line in lines) for lines in blocks[last + 1 :]]
    if len(tables) != 2:
        raise WiringError("%s: two wiring tables wanted, the OLED's and the buttons'" % path.name)
    check(path, tables)
    return doc.strip().splitlines()[0], tables, notes


def check(path, tables):
    """WiringError unless the tables name the pins describe() uses."""
    description = describe(path)
    pins = {"SDA": description["i2c"]["sda"], "SCL": description["i2c"]["scl"]}
    for label, role in ROLES.items():
        if role in description["buttons"]:
            pins[label] = description["buttons"][role][0]
    table = {pin: where for _, _, rows in tables for pin, where in rows}
    for pin, number in pins.items():
        if not re.search(r"\bGP(IO)?%d\b" % number, table.get(pin, "")):
            raise WiringError(
                "%s: the table wires %s to %r, describe() to %d"
                % (path.name, pin, table.get(pin), number)
            )


def markdown(name, title, tables, notes):
    """docs/boards.md's section for one board."""
    lines = ["## %s" % title.rstrip("."), ""]
    lines.append("`make deploy BOARD=%s PORT=...`" % name)
    lines += ["", "![Wiring of %s](images/wiring-%s.png)" % (name, name), ""]
    for part, board, rows in tables:
        lines += ["| %s | %s |" % (part, board), "| --- | --- |"]
        lines += ["| %s | %s |" % row for row in rows]
        lines.append("")
    lines += [note + "\n" for note in notes]
    return "\n".join(lines).rstrip() + "\n"


def draw(title, tables):
    """The wiring as a picture: the OLED on the left, the board, the buttons on the right."""
    font = ImageFont.load_default(size=15)
    bold = ImageFont.load_default(size=18)
    (oled_part, board_name, oled_rows), (_, _, button_rows) = tables
    buttons = [row for row in button_rows if row[0] in ROLES]
    ground = [row for row in button_rows if row[0] not in ROLES][0]
    label_width = max(font.getlength(where) for _, _, rows in tables for _, where in rows)
    board_width = int(2 * label_width + 80)
    rows = max(len(oled_rows), len(buttons) + 1)
    module_right, board_left = 230, 320
    board_right = board_left + board_width
    width, height = board_right + 300, 80 + rows * ROW + 20
    image = Image.new("RGB", (width, height), PAPER)
    pen = ImageDraw.Draw(image)
    pen.text((20, 16), title.rstrip("."), font=bold, fill=INK)
    top, bottom = 80, 80 + rows * ROW - 10

    # The OLED module, its pins on its right edge, wired straight across to the board.
    pen.rounded_rectangle((20, top - 10, module_right, bottom), 8, fill="#1d3f7a")
    pen.rectangle((32, top + 2, 32 + 128, top + 2 + 64), fill="#0a0c12")
    pen.text((32, top + 76), oled_part.split(" (")[0], font=font, fill=PAPER)
    pen.rounded_rectangle(
        (board_left, top - 10, board_right, bottom), 10, fill="#f2f2ee", outline=INK
    )
    pen.text((board_left + 12, bottom - 26), board_name, font=bold, fill=INK)
    for index, (pin, where) in enumerate(oled_rows):
        y = top + index * ROW + 8
        pen.text((module_right - 16, y), pin, font=font, fill=PAPER, anchor="rm")
        pen.ellipse((module_right - 10, y - 4, module_right - 2, y + 4), fill="#d8c070")
        pen.line((module_right - 2, y, board_left, y), fill=WIRE.get(pin, INK), width=4)
        pen.text((board_left + 8, y), where, font=font, fill=INK, anchor="lm")

    # The buttons, each from a board pin to the ground rail.
    rail = width - 40
    for index, (role, where) in enumerate(buttons):
        y = top + index * ROW + 8
        pen.text((board_right - 8, y), where, font=font, fill=INK, anchor="rm")
        pen.line((board_right, y, board_right + 120, y), fill=BUTTON_WIRE, width=4)
        pen.rectangle((board_right + 120, y - 12, board_right + 144, y + 12), outline=INK, width=2)
        pen.ellipse((board_right + 126, y - 6, board_right + 138, y + 6), fill=INK)
        pen.line((board_right + 144, y, rail, y), fill=WIRE["GND"], width=3)
        pen.text((board_right + 152, y - 20), role, font=font, fill=INK)
    ground_y = top + len(buttons) * ROW + 8
    pen.line((rail, top + 8, rail, ground_y), fill=WIRE["GND"], width=3)
    pen.line((board_right, ground_y, rail, ground_y), fill=WIRE["GND"], width=3)
    pen.text((board_right - 8, ground_y), ground[1], font=font, fill=INK, anchor="rm")
    pen.text((board_right + 12, ground_y + 4), "buttons' other legs", font=font, fill=INK)
    return image


def boards():
    """The boards of boards/ but the PC's own, the Picos first: the board most people start with."""
    ordered = sorted(names(), key=lambda name: (not name.startswith("pico"), name))
    return [name for name in ordered if name != HOST]


def boards_section(folder):
    """Draw each board's wiring into `folder`; docs/boards.md's section on the boards."""
    sections = []
    for name in boards():
        title, tables, notes = wiring(board_file(name))
        draw(title, tables).save(folder / ("wiring-%s.png" % name))
        sections.append(markdown(name, title, tables, notes))
    return "\n\n" + "\n".join(sections) + "\n"


def boards_table():
    """The README's short table: every board's pins, one row each, from its wiring table."""
    lines = [
        "",
        "",
        "| board | `BOARD=` | OLED SDA, SCL | Prev, Next, OK, Extra |",
        "| --- | --- | --- | --- |",
    ]
    for name in boards():
        path = board_file(name)
        _, tables, _ = wiring(path)
        where = {pin: short_pin(place) for _, _, rows in tables for pin, place in rows}
        buttons = [where[label] for label in ROLES if label in where]
        lines.append(
            "| %s | `%s` | %s, %s | %s |"
            % (describe(path)["name"], name, where["SDA"], where["SCL"], ", ".join(buttons))
        )
    return "\n".join(lines) + "\n\n"


def short_pin(place):
    """A pin's place cut to the GPIO and the physical pin: "GP4 / I2C0 SDA [6]" -> "GP4 [6]"."""
    pad = re.search(r" \[\d+\]$", place)
    return place.split(" / ")[0].split(" [")[0] + (pad.group() if pad else "")


def with_section(text, section, begin=BEGIN, end=END):
    """`text` with `section` between the markers `begin` and `end`."""
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[:start] + section + text[stop:]


def boards_page_with(section):
    """docs/boards.md with `section` between the BOARDS markers."""
    return with_section(BOARDS_PAGE.read_text(encoding="utf-8"), section)


def readme_with(table):
    """README.md with `table` between the BOARD-TABLE markers."""
    readme = README.read_text(encoding="utf-8")
    return with_section(readme, table, TABLE_BEGIN, TABLE_END)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="ardoise pictures", description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    check_outputs([IMAGES, README, BOARDS_PAGE], [EXAMPLES, BOARDS])
    IMAGES.mkdir(parents=True, exist_ok=True)
    slate_pictures(IMAGES)
    BOARDS_PAGE.write_text(boards_page_with(boards_section(IMAGES)), encoding="utf-8")
    README.write_text(readme_with(boards_table()), encoding="utf-8")
    print(
        "wrote docs/images/slate-*.png, docs/images/wiring-*.png, docs/boards.md's wiring"
        " and README.md's table of boards"
    )
    return 0
