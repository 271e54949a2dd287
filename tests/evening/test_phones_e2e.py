"""An evening of three tables with one board and two phones (issue 37): a Schwesing
session of four deals, with a fault in each, and nothing lost or twice.

Real parts only: the evening `new`, `draw`n, the board and the phones
`enrol`led, `ardoise evening run` with its own Mosquitto, serving the
phones' page; the board the unchanged firmware on MicroPython's unix port
(tests/test_device_evening.py's Slate, realtime keys), the phones the
slate's page in headless Chromium (tests/evening/phones.py), each begun
from the seating the organiser pushed. The faults, one a deal:

1. phone A offline for 30 s of its time in mid-deal (Chromium's offline
   emulation; the page's clock moved by the test);
2. phone B reloaded in mid-deal;
3. the broker killed in mid-deal (`run` starts it again);
4. the organiser stopped in mid-deal and started again (its broker too).

Then each copy in the evening's folder equals its slate's journal byte for
byte: the phones' as their download buttons give them, the board's as
`pull-log` gives it; and `ardoise tournament` ranks the folder as it ranks
those files.
"""

import filecmp
import json
import os
import shutil
import signal
import time

import pytest

from host_tools.bench.broker import free_port
from host_tools.board.pull import log_name
from host_tools.evening.folder import Evening
from tests.evening.conftest import NAMES, own_run
from tests.evening.phones import Phone, phone_link
from tests.evening.test_evening_e2e import ok, pulled_files, sessions_in_rules
from tests.evening.test_run import brokers_of
from tests.support.commands import ardoise
from tests.test_device_evening import Slate, until
from tests.web.test_browser import PHONE, TOUCH

TIER = "slow micropython browser network"

DEALS = 4
BEGIN = "ooo"  # OK asks for a match, the seating first; OK: seat 1 deals; OK begins it
LINES = 1 + DEALS * 6  # the match event; each deal: dealt, five tricks to A


@pytest.fixture
def contexts(browser):
    made = [browser.new_context(viewport=PHONE, accept_downloads=True, **TOUCH) for _ in "AB"]
    try:
        yield made
    finally:
        for context in made:
            context.close()


def copy(folder, user):
    path = folder / "logs" / user / log_name(user, 1)
    return path.read_bytes() if path.exists() else b""


class Tables:
    """The three slates: phone A (table 1), phone B (table 2), board b3 (table 3)."""

    def __init__(self, folder, phone_a, phone_b, board):
        self.folder = folder
        self.phones = {"phone1": phone_a, "phone2": phone_b}
        self.board = board

    def keys(self, a="", b="", board=""):
        self.board.keys(board)  # realtime: it plays while the phones do
        self.phones["phone1"].keys(a)
        self.phones["phone2"].keys(b)

    def held(self):
        """Every copy equals its slate's journal."""
        phones = all(copy(self.folder, u) == p.journal() for u, p in self.phones.items())
        return phones and copy(self.folder, "b3") == self.board.journal()

    def wait_held(self, what, timeout=120):
        """Until every copy equals its journal, the phones saying so: both phones' time
        passing with the wall clock's meanwhile."""
        deadline = time.monotonic() + timeout
        phones = list(self.phones.values())
        while not (self.held() and all(p.said() == "sent" for p in phones)):
            if time.monotonic() > deadline:
                raise AssertionError(
                    "waited %d s for %s: %s" % (timeout, what, [p.sign() for p in phones])
                )
            for phone in phones:
                phone.advance(50)
            time.sleep(0.02)


def new_evening(tmp_path, web_folder):
    """The evening's folder, session 1 drawn, b3 (its flash: `slate`) enrolled at
    table 3 and phones at tables 1 and 2: (folder, slate, the phones' links)."""
    folder = tmp_path / "evening"
    names = tmp_path / "names.txt"
    names.write_text(NAMES, encoding="utf-8")
    port = free_port()
    ok(ardoise("evening", "new", folder, "--players", names, "--sessions", 1, "--deals", DEALS,
               "--ssid", "club", "--wifi-password", "secret", "--broker-port", port,
               "--websockets-port", free_port(), "--page-port", free_port(),
               "--lang", "en"))  # fmt: skip
    ok(ardoise("evening", "draw", folder, "--seed", 7))
    shutil.copytree(web_folder, folder / "web")  # as `run` builds it once
    slate = Slate(tmp_path / "b3", port)
    enrol = ("--port", "virtual", "--virtual-flash", slate.flash, "--board-id", "b3")
    ok(ardoise("evening", "enrol", folder, *enrol, "--table", 3, "--broker-host", "127.0.0.1"))
    links = [phone_link(folder, table)[1] for table in (1, 2)]
    return folder, slate, links


def play(tables, contexts, evening, run):
    """The session, a fault a deal; `run` as it is at the end (started again)."""
    folder = tables.folder
    phone_a, phone_b = tables.phones.values()
    for phone in (phone_a, phone_b):
        phone.until(lambda p=phone: p.sign()["seated"], "the seating on the phones")
    until(lambda: b"online" in (folder / "state" / "boards.json").read_bytes(), "b3 online")
    tables.keys(BEGIN, BEGIN, BEGIN)

    # Deal 1: phone A offline for 30 s in mid-deal.
    tables.keys("op", "op" + "pppp", "op" + "pppp")
    tables.wait_held("deal 1 begun")
    contexts[0].set_offline(True)
    phone_a.until(lambda: phone_a.said() == "apart", "phone A offline")
    phone_a.keys("pp")
    phone_a.advance(30_000)
    phone_a.keys("pp")
    assert copy(folder, "phone1").count(b"\n") == 3  # the match, the deal, a trick
    contexts[0].set_offline(False)
    tables.wait_held("deal 1")

    # Deal 2: phone B reloaded in mid-deal.
    tables.keys("o" + "ppppp", "opp", "o" + "ppppp")
    phone_b.reload()
    tables.keys(b="ppp")
    tables.wait_held("deal 2")

    # Deal 3: the broker killed in mid-deal; `run` starts it again.
    tables.keys("opp", "opp", "opp")
    tables.wait_held("deal 3 begun")
    for pid in brokers_of(evening):
        os.kill(pid, signal.SIGKILL)
    tables.keys("pp", "pp", "pp")
    assert run.said("Mosquitto is back", 60), run.output
    tables.keys("p", "p", "p")
    tables.wait_held("deal 3")

    # Deal 4: the organiser stopped in mid-deal (its broker with it), started again.
    tables.keys("opp", "opp", "opp")
    tables.wait_held("deal 4 begun")
    first = run.stop()
    assert "stopped: the folder holds every line confirmed" in first, first
    assert "Traceback" not in first, first
    tables.keys("pp", "pp", "pp")
    run = own_run(evening)
    tables.keys("p", "p", "p")
    tables.wait_held("deal 4")
    return run


def downloaded(tables, pulled):
    """The phones' journals as their download button gives them, named as pull-log names."""
    for user, phone in tables.phones.items():
        with phone.page.expect_download() as download:
            phone.page.click("#download")
        target = pulled / user / log_name(user, 1)
        target.parent.mkdir(parents=True)
        shutil.copyfile(download.value.path(), target)


def test_two_phones_and_a_board_play_a_session_through_every_fault(
    tmp_path, web_folder, contexts
):
    if not sessions_in_rules():
        pytest.skip("the rules core has no Bruus sessions yet (issue 22, item 1)")
    folder, slate, links = new_evening(tmp_path, web_folder)
    evening = Evening.load(folder)
    pulled = tmp_path / "pulled"
    run = own_run(evening)
    try:
        slate.start()
        phones = [Phone(c, link) for c, link in zip(contexts, links, strict=True)]
        tables = Tables(folder, phones[0], phones[1], slate)
        run = play(tables, contexts, evening, run)
        for phone in phones:
            assert phone.journal().count(b"\n") == LINES
            assert phone.errors == []
        assert slate.lines() == LINES
        downloaded(tables, pulled)
    finally:
        alive = slate.process is not None and slate.process.poll() is None
        slate.stop()
        output = run.stop()
    assert alive
    assert "unlike the one held" not in output and "Traceback" not in output, output
    ok(ardoise("pull-log", "--port", "virtual", "--virtual-flash", slate.flash, "--to", pulled))
    logs = folder / "logs"
    assert pulled_files(logs) == pulled_files(pulled)
    assert len(pulled_files(pulled)) == 3
    match, mismatch, errors = filecmp.cmpfiles(logs, pulled, pulled_files(pulled), shallow=False)
    assert (mismatch, errors) == ([], [])
    for path in pulled_files(pulled):
        lines = (pulled / path).read_bytes().splitlines()
        assert len(lines) == LINES and json.loads(lines[0])["session"] == DEALS
    ranking = ok(ardoise("tournament", folder)).replace(str(logs), "LOGS")
    assert ranking == ok(ardoise("tournament", pulled)).replace(str(pulled), "LOGS")
    assert all(name in ranking for name in NAMES.split())
