"""What the organiser prints (issue 34, item 6): each session's results and the prize
list (HTML with print styles, PNG at 300 dpi, the tie-break rule stated), and the
table cards (the table, its players, the network's name, the page's QR code with
four modules of quiet zone and at least 3 cm wide printed).

Two sessions are played by three boards through the real Mosquitto and
`ardoise evening run`; the results are checked against the journals' own
session points, folded here by the rules core, and against `ardoise
tournament`. The cards are printed by headless Chromium to PDF.
"""

import json
import os
import random
import re

import pytest
import segno
from PIL import Image

from host_tools.common import ROOT
from host_tools.evening import printouts
from host_tools.evening.folder import Evening
from host_tools.evening.lang import Texts
from scoring import Match
from tests.evening.boards import Board
from tests.evening.conftest import make_evening, start_run, stop_run
from tests.evening.journals import session as play_session
from tests.evening.test_evening_e2e import connects, ok
from tests.support.commands import ardoise
from tests.test_device_evening import until

TIER = "slow browser network"

BOARDS = ("b1", "b2", "b3")
CM = 96 / 2.54  # CSS pixels a centimetre


def points(lines):
    """{name: session points} of a journal, folded by the rules core."""
    match = Match(json.loads(lines[0]))
    for line in lines[1:]:
        match.apply(json.loads(line))
    won = match.state()["session_points"]
    names = match.names
    return {name: won["AB"[seat % 2]] for seat, name in enumerate(names)}


def play(evening, boards, number, rng, deals):
    """Each board plays its table of session `number` (its match `number`)."""
    draw = evening.settings["draws"][number - 1]
    expected = {}
    for name, board in boards.items():
        table = draw["tables"][evening.boards[name]["table"] - 1]
        lines = play_session(rng, table["names"], deals)
        board.matches[number] = lines
        board.order += [(number, index) for index in range(len(lines))]
        board.write(len(lines))
        for player, won in points(lines).items():
            expected.setdefault(player, {})[number] = won
    for board in boards.values():
        assert board.wait_held(board.end)
    return expected


def test_results_and_the_prize_list_of_two_sessions(tmp_path):
    evening = make_evening(tmp_path / "evening", lang="fr")  # `new`'s default, the README's
    run = start_run(evening)
    boards = {}
    expected = {}
    try:
        until(lambda: connects(evening.settings["broker"]["port"]), "the evening's broker")
        for name in BOARDS:
            boards[name] = Board(evening, name, {})
        rng = random.Random(11)
        for number, deals in ((1, 3), (2, 2)):
            if number == 2:
                ok(ardoise("evening", "draw", evening.folder, "--seed", 9))
                evening = Evening.load(evening.folder)
            for name, won in play(evening, boards, number, rng, deals).items():
                expected.setdefault(name, {}).update(won)
    finally:
        for board in boards.values():
            board.close()
        stop_run(run)
    said = ok(ardoise("evening", "results", evening.folder))
    # Each session's table: "Anne & Émile 9 – 7 Paul & Rösli", over.
    for number in (1, 2):
        for table in evening.settings["draws"][number - 1]["tables"]:
            names = table["names"]
            line = "%s & %s %d – %d %s & %s" % (
                names[0], names[2], expected[names[0]][number], expected[names[1]][number],
                names[1], names[3],
            )  # fmt: skip
            assert re.search(r"\n\s+%d  %s\s+séance terminée\n" % (table["table"], line), said)
    # The prize list: each player's points per session and in total, as the journals say.
    prize = said[said.index("Palmarès") :]
    rows = [line.split() for line in prize.splitlines()[2:14]]
    assert {row[1]: [int(cell) for cell in row[2:5]] for row in rows} == {
        name: [won[1], won[2], won[1] + won[2]] for name, won in expected.items()
    }
    totals = [int(row[4]) for row in rows]
    assert totals == sorted(totals, reverse=True)
    assert [int(row[0]) for row in rows][0] == 1
    # ...as `ardoise tournament` ranks the folder.
    ranking = ok(ardoise("tournament", evening.folder))
    for row in rows:
        assert re.search(r"\n\s*\d+  %s\s+%d\s+2\n" % (row[1], int(row[4])), ranking), row
    # Written to print: pages with print styles and pictures at 300 dpi, the rule stated.
    results = evening.folder / "results"
    for stem in ("session-1", "session-2", "prize-list"):
        page = (results / (stem + ".html")).read_text(encoding="utf-8")
        assert "@media print" in page and "à égalité, la différence" in page
        with Image.open(results / (stem + ".png")) as picture:
            assert [round(dpi) for dpi in picture.info["dpi"]] == [300, 300]
    if os.environ.get("ARDOISE_SCREENSHOT") == "update":  # the README's, a third of its size
        with Image.open(results / "prize-list.png") as picture:
            smaller = picture.resize((picture.width // 3, picture.height // 3))
            smaller.save(ROOT / "docs" / "images" / "evening-prize-list.png")


def card_code(image, geometry, size):
    """The code's modules as read back from the card's pixels (module centres)."""
    left, top, scale = geometry
    return [
        [image.getpixel((left + x * scale + scale // 2, top + y * scale + scale // 2)) == (0, 0, 0)
         for x in range(size)]
        for y in range(size)
    ]  # fmt: skip


@pytest.mark.parametrize("url", ["http://192.168.1.20:8080/", "http://10.0.0.2:18080/"])
def test_a_table_card_is_read_across_the_table(evening, url):
    texts = Texts("fr")
    draw = evening.settings["draws"][0]
    table = draw["tables"][1]
    heading = texts("session_of", session=1, sessions=3)
    image, geometry, _ = printouts.card_picture(texts, "Soirée", heading, table, "ClubWifi", url)
    code = segno.make(url, error="m")
    size = code.symbol_size(border=0)[0]
    matrix = [[bool(bit) for bit in row] for row in code.matrix]
    assert card_code(image, geometry, size) == matrix
    left, top, scale = geometry
    # Four modules of quiet zone, white all round.
    quiet = 4 * scale
    box = (left - quiet, top - quiet, left + (size * scale) + quiet, top + (size * scale) + quiet)
    ring = image.crop(box)
    width = ring.width
    for x, y in [(x, y) for x in range(width) for y in range(0, quiet, 7)]:
        for point in ((x, y), (x, width - 1 - y), (y, x), (width - 1 - y, x)):
            assert ring.getpixel(point) == (255, 255, 255), point
    # At least 3 cm printed at 300 dpi; the card is A6.
    assert size * scale / 300 * 2.54 >= 3.0
    assert image.size == (1748, 1240)


def test_the_table_cards_print_one_a_page(evening, browser, tmp_path):
    texts = Texts("en")
    draw = evening.settings["draws"][0]
    heading = texts("session_of", session=1, sessions=3)
    tables = draw["tables"]
    page_text = printouts.cards_page(
        texts, "Club evening", heading, tables, "ClubWifi", "http://x:1/"
    )
    path = tmp_path / "cards.html"
    path.write_text(page_text, encoding="utf-8")
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(path.as_uri())
        page.emulate_media(media="print")
        widths = page.eval_on_selector_all("svg", "all => all.map(s => s.getBoundingClientRect())")
        code = segno.make("http://x:1/", error="m")
        modules = code.symbol_size(border=0)[0]
        for box in widths:
            assert box["width"] * modules / (modules + 8) >= 3.0 * CM
        text = page.inner_text("body")
        for table in draw["tables"]:
            names = table["names"]
            assert "Table %d" % table["table"] in text
            assert "%s & %s" % (names[0], names[2]) in text and "Wi-Fi: ClubWifi" in text
        pdf = page.pdf(prefer_css_page_size=True)
    finally:
        context.close()
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == len(draw["tables"])


def test_the_pages_own_qr_code_has_its_quiet_zone():
    from host_tools.evening.live import qr_svg

    url = "http://192.168.1.20:8080/"
    modules = segno.make(url, error="m").symbol_size(border=0)[0]
    svg = qr_svg(url).decode()
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    assert width == (modules + 2 * 4) * 4  # four modules each side, four pixels a module
