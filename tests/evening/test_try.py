"""Trying an evening without boards (issue 34, item 8): `ardoise evening enrol --port
virtual` then `ardoise sim` on that flash joins the evening as it is, with no
variable to set (the stand-in Wi-Fi is the PC's network), and `ardoise
virtual-board` takes the slate's keys in its terminal.

The slates run in tmux terminals, as a club trying the evening on a laptop
types into them; the organiser is the real `ardoise evening run` with its
own Mosquitto.
"""

import shutil
import sys
import time

import pytest

from host_tools.common import FIRMWARE, ROOT
from host_tools.evening.folder import Evening
from host_tools.virtual.board import VirtualBoard
from tests.evening.conftest import (
    NAMES,
    evening_from_the_command_line,
    start_run,
    stop_run,
    table_status,
)
from tests.evening.test_evening_e2e import connects, ok
from tests.host_tools.sim.test_simulator import panel_in, reference
from tests.support.commands import ardoise
from tests.support.tmux import Tmux
from tests.test_device_evening import until

TIER = "slow micropython network"

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def terminal(name, command):
    """A tmux terminal running `command` from the repository, without ARDOISE_WIFI."""
    return Tmux(
        "ardoise-%s-%d" % (name, time.monotonic_ns()),
        "cd %s && env -u ARDOISE_WIFI %s; echo ENDED-$?; sleep 600" % (ROOT, command),
    )


def slate_flash(flash):
    """A virtual board's flash with the slate on it, as sources (no mpy-cross needed)."""
    shutil.copytree(FIRMWARE, flash, ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    shutil.copyfile(ROOT / "boards" / "pico.py", flash / "board.py")


def test_the_virtual_board_takes_the_slates_keys(tmp_path):
    flash = tmp_path / "flash"
    slate_flash(flash)
    with VirtualBoard(flash) as board:
        boot = reference(64, "boot")
        assert board.wait_for_frame(boot.__eq__, 60) == boot, board.console.decode()
        board.press("o")  # a key pressed: the slate leaves its first screen
        assert board.wait_for_frame(boot.__ne__, 30) not in (None, boot), board.console.decode()
    command = "%s -m host_tools virtual-board --flash %s" % (sys.executable, flash)
    shown = terminal("virtual", command)
    try:
        # Powered on again: past its first screen, as a board keeps its flash.
        lines = shown.wait_for(lambda lines: panel_in(lines) not in (None, boot), 60)
        assert "virtual board on /dev/" in lines[0] and "q quit" in "\n".join(lines)
        time.sleep(1)  # the slate settled
        slate = panel_in(shown.lines())
        shown.keys("Enter")  # a key typed reaches the slate: its screen changes
        shown.wait_for(lambda lines: panel_in(lines) not in (None, slate))
        shown.keys("q")
        shown.wait_for(lambda lines: "ENDED-0" in "\n".join(lines))
    finally:
        shown.close()


def test_an_evening_tried_on_a_laptop_with_enrol_and_sim(tmp_path):
    folder, port = evening_from_the_command_line(tmp_path, NAMES, 7, "--deals", 1)
    flash = tmp_path / "slate-1"
    said = ok(ardoise("evening", "enrol", folder, "--port", "virtual", "--virtual-flash", flash,
                      "--table", 1, "--broker-host", "127.0.0.1"))  # fmt: skip
    assert "ardoise sim --root %s" % flash in said  # how to play it, said
    evening = Evening.load(folder)
    (board,) = evening.boards
    run = start_run(evening)
    slate = None
    try:
        until(lambda: connects(port), "the evening's broker")
        slate = terminal("sim", "%s -m host_tools sim --root %s" % (sys.executable, flash))
        until(lambda: table_status(evening, 1) == "online", "the slate online")
        time.sleep(1)  # the seating, retained, comes with the subscription
        # OK: a match, the table's seating offered: OK, seat 1 deals; OK begins it.
        # A deal: OK deals, then team A takes 5 tricks (Prev).
        slate.keys("Enter", "Enter", "Enter", "Enter", *["a"] * 5)
        journal = flash / "data" / "match.jsonl"
        until(lambda: journal.exists() and journal.read_bytes().count(b"\n") == 7, "a deal")
        copy = folder / "logs" / board / ("%s-0001.jsonl" % board)
        until(lambda: copy.exists() and copy.read_bytes() == journal.read_bytes(), "the copy")
    finally:
        if slate:
            slate.close()
        output = stop_run(run)
    assert "table 1: board %s online" % board in output
    assert "table 1: board %s began match 1" % board in output
