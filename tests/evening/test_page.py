"""The live ranking in headless Chromium: it updates after a line is confirmed, within
2 s, without a reload, and names no password. ARDOISE_SCREENSHOT=update also writes
the README's pictures: docs/images/evening-live.png (a phone) and
docs/images/evening-seating.png (the seating plan `draw` prints).

A board here is a paho client writing a real log (tests/logs) whose match
event names the players of its table, as the slate offers them from the
seating."""

import json
import os
import shutil
import time

from host_tools.common import ROOT
from host_tools.evening.live import serve
from host_tools.evening.run import Runner, local_address
from tests.evening.boards import Board
from tests.evening.conftest import free_port
from tests.web.test_browser import PHONE

TIER = "slow browser network"

IMAGES = ROOT / "docs" / "images"
LOGS = {"b1": "bruus-schwesing.jsonl", "b2": "bruus-treia-bock.jsonl", "b3": "bruus-two.jsonl"}


def journal(evening, board, name):
    """The log's lines, its match event naming the players the seating put at the table."""
    lines = (ROOT / "tests" / "logs" / name).read_bytes().splitlines()
    header = json.loads(lines[0])
    table = evening.boards[board]["table"]
    seated = evening.settings["draws"][-1]["tables"][table - 1]["names"]
    if header.get("rules") == "two":
        seated = seated[:2]
    header["names"] = seated
    return {1: [json.dumps(header, ensure_ascii=False).encode()] + lines[1:]}


def test_the_page_updates_within_two_seconds_without_a_reload(
    evening, mosquitto, browser, tmp_path
):
    runner = Runner(evening, local_address(evening), say=lambda text: None)
    runner.start()
    port = free_port()
    url = "http://127.0.0.1:%d/" % port
    server = serve(runner.live, port, url, bind="127.0.0.1")
    boards = []
    try:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        page.wait_for_function("document.body.innerText.includes('No deal played yet')")
        page.evaluate("window.notReloaded = true")
        for board, name in LOGS.items():
            matches = journal(evening, board, name)
            made = Board(evening, board, matches)
            boards.append(made)
            made.write(len(made.order))
            assert made.wait_held(made.end, 20)
            confirmed = time.monotonic()
            first = matches[1][0]
            player = json.loads(first)["names"][0]
            page.wait_for_function(
                "name => [...document.querySelectorAll('#rankings td')]"
                ".some(td => td.textContent === name)",
                arg=player,
                timeout=5000,
            )
            assert time.monotonic() - confirmed < 2.0
        assert page.evaluate("window.notReloaded") is True
        assert errors == []
        text = page.inner_text("body")
        assert "Bruus, schwesing: matchsticks (1 matches)" in text
        secrets = [evening.secrets["organiser"], *evening.secrets["boards"].values()]
        html = page.content() + json.dumps(runner.live.current)
        assert not [secret for secret in secrets if secret in html]
        shot = tmp_path / "evening-live.png"
        page.screenshot(path=str(shot), full_page=True)
        context.close()
    finally:
        for made in boards:
            made.close()
        runner.live.close()
        server.shutdown()
        server.server_close()
        runner.stop()
    if os.environ.get("ARDOISE_SCREENSHOT") == "update":
        IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, IMAGES / "evening-live.png")
        shutil.copyfile(
            evening.folder / "seating" / "session-1.png", IMAGES / "evening-seating.png"
        )
