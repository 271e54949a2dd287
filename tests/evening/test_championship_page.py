"""The live page of a Le Brouc championship in headless Chromium (issue 32, item 5):
the round, the pairs' ranking (place, pair, won/played, coche difference, coches),
each table's match as the players see it ("Anne & Marc 3 – 2 Paul & Jo", the
slate, the dealer) and each finished match's result; a line's effect shown within
2 s without a reload. ARDOISE_SCREENSHOT=update also writes the README's pictures:
docs/images/championship-live.png (a phone) and docs/images/championship-round.png
(the round's plan `draw` prints).
"""

import json
import os
import random
import shutil
import time

import pytest

from host_tools.common import ROOT
from host_tools.evening import broker
from host_tools.evening.live import serve
from host_tools.evening.run import Runner, local_address
from tests.evening.boards import Board
from tests.evening.conftest import free_port
from tests.evening.journals import brouc_match
from tests.evening.test_championship_e2e import new_championship, ok
from tests.support.commands import ardoise
from tests.web.test_browser import PHONE

TIER = "slow browser network"

IMAGES = ROOT / "docs" / "images"


@pytest.fixture
def championship(tmp_path):
    """7 pairs, round 1 drawn, three boards enrolled; the evening's Mosquitto listening."""
    if not os.path.exists(broker.MOSQUITTO):
        pytest.skip("no Mosquitto (apt-get install mosquitto)")
    evening = new_championship(tmp_path, "--round-minutes", 40)
    ok(ardoise("evening", "draw", evening.folder, "--seed", 7))
    evening.reload()
    process = broker.Mosquitto(broker.write_config(evening, bind="127.0.0.1"))
    process.start()
    try:
        process.wait_listening(evening.settings["broker"]["port"])
        yield evening
    finally:
        process.stop()


def table_text(page, number):
    return page.evaluate(
        "n => [...document.querySelectorAll('#tables tr')].map(tr => tr.innerText)"
        ".find(text => text.startsWith(String(n))) || ''",
        number,
    )


def test_the_championship_page_shows_each_line_within_two_seconds(championship, browser, tmp_path):
    evening = championship
    runner = Runner(evening, local_address(evening), say=lambda text: None)
    runner.start()
    port = free_port()
    url = "http://127.0.0.1:%d/" % port
    server = serve(runner.live, port, url, bind="127.0.0.1")
    boards = []
    rng = random.Random(5)
    try:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        page.wait_for_function("document.body.innerText.includes('Round 1 of 4')")
        assert "The pairs' ranking" in page.inner_text("body")
        assert "not begun" in table_text(page, 1)
        page.evaluate("window.notReloaded = true")
        draw = evening.settings["draws"][0]
        for table in draw["tables"]:
            boards.append(play_table(page, evening, table, rng))
        assert page.evaluate("window.notReloaded") is True
        assert errors == []
        text = page.inner_text("body")
        assert "Results" in text and "Bye: " + " & ".join(draw["bye"]) in text
        shown = runner.live.current["championship"]
        assert sum(row["won"] for row in shown["ranking"]) == 4  # three matches and the bye
        check_ranking(page, shown)
        shot = tmp_path / "championship-live.png"
        page.screenshot(path=str(shot), full_page=True)
        context.close()
    finally:
        for board in boards:
            board.close()
        runner.live.close()
        server.shutdown()
        server.server_close()
        runner.stop()
    if os.environ.get("ARDOISE_SCREENSHOT") == "update":
        IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, IMAGES / "championship-live.png")
        shutil.copyfile(
            evening.folder / "seating" / "round-1.png", IMAGES / "championship-round.png"
        )


def play_table(page, evening, table, rng):
    """The table's match written on its board; each line's effect on the page within
    2 s: the score in play (the last line held back first), then the match won."""
    lines = brouc_match(rng, table["names"])
    board = Board(evening, "b%d" % table["table"], {1: lines})
    if table["table"] == 1:
        board.write(len(lines) - 1)  # all but the match's last line
        assert board.wait_held((1, len(lines) - 1), 20)
        confirmed = time.monotonic()
        page.wait_for_function(
            "() => [...document.querySelectorAll('#tables td')]"
            ".some(td => /\\d – \\d/.test(td.textContent) && td.textContent.startsWith(%s))"
            % json.dumps(" & ".join(table["pairs"][0])),
            timeout=5000,
        )
        assert time.monotonic() - confirmed < 2.0
        assert "in play" in table_text(page, 1)
    board.write(1 if table["table"] == 1 else len(lines))
    assert board.wait_held(board.end, 20)
    confirmed = time.monotonic()
    page.wait_for_function(
        "n => [...document.querySelectorAll('#tables tr')].some(tr => "
        "tr.innerText.startsWith(String(n)) && tr.innerText.includes('\\twon'))",
        arg=table["table"],
        timeout=5000,
    )
    assert time.monotonic() - confirmed < 2.0
    return board


def check_ranking(page, shown):
    """The page's ranking is the standing's, cell by cell."""
    ranking = page.evaluate(
        "[...document.querySelectorAll('#rankings tr')].slice(1)"
        ".map(tr => [...tr.children].map(td => td.textContent))"
    )
    assert ranking == [
        [str(row["place"]), " & ".join(row["pair"]), "%d/%d" % (row["won"], row["played"]),
         "%+d" % row["difference"] if row["difference"] else "0", str(row["coches"])]
        for row in shown["ranking"]
    ]  # fmt: skip
