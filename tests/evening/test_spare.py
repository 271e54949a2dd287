"""A slate dies mid-match (issue 34, item 4): a spare board gets the table's match from
the organiser's copy over USB (`ardoise evening replace`) and the table plays on
from the last line confirmed; the organiser's copy goes on without a gap or a
duplicate, and the dead board, back on, cannot mix its lines in.

The slates are the unchanged firmware on MicroPython's unix port with realtime
keys (tests/test_device_evening.py's Slate), the spare a virtual board over
mpremote as a real one is reached; the organiser is the real `ardoise evening
run` with its own Mosquitto.
"""

import filecmp
import json
import time

import pytest

from host_tools.evening.folder import Evening
from tests.evening.conftest import (
    evening_from_the_command_line,
    start_run,
    stop_run,
    table_status,
)
from tests.evening.test_evening_e2e import BEGIN, DEAL, connects, ok, sessions_in_rules
from tests.support.commands import ardoise
from tests.test_device_evening import Slate, until

TIER = "slow micropython network"

PLAYERS = "Domenic\nBeat\nErika\nJakob\n"


def lines(path):
    return path.read_bytes().count(b"\n") if path.exists() else 0


def test_a_spare_board_plays_on_from_the_organisers_copy(tmp_path):
    if not sessions_in_rules():
        pytest.skip("the rules core has no Bruus sessions yet")
    folder, port = evening_from_the_command_line(tmp_path, PLAYERS, 3, "--deals", 16)
    dead = Slate(tmp_path / "dead", port)
    spare = Slate(tmp_path / "spare", port)
    (spare.data / "evening.json").unlink()  # a board from the club's box: the slate alone
    where = ("--port", "virtual", "--broker-host", "127.0.0.1")
    ok(ardoise("evening", "enrol", folder, *where, "--virtual-flash", dead.flash,
               "--board-id", "b1", "--table", 1))  # fmt: skip
    evening = Evening.load(folder)
    copy = folder / "logs" / "b1" / "b1-0001.jsonl"
    run = start_run(evening)
    try:
        until(lambda: connects(port), "the evening's broker")
        dead.start()
        until(lambda: table_status(evening, 1) == "online", "the slate online")
        time.sleep(1)  # the seating heard
        dead.keys(BEGIN + DEAL * 2)  # the match event and two deals: 13 lines
        until(lambda: lines(copy) == 13 and copy.read_bytes() == dead.journal(), "two deals")
        dead.kill()  # a flat battery, mid-match
        before = copy.read_bytes()

        said = ok(ardoise("evening", "replace", folder, "--table", 1, *where,
                          "--virtual-flash", spare.flash))  # fmt: skip
        assert "the spare is board b1 at table 1: match 1, its 13 lines" in said
        assert spare.journal() == before  # the match, byte for byte
        assert (spare.data / "board_id.txt").read_text().strip() == "b1"
        until(lambda: table_status(evening, 1) == "offline", "the dead board offline")
        spare.start()
        until(lambda: table_status(evening, 1) == "online", "the spare online")
        time.sleep(1)
        spare.keys(DEAL * 2)  # the table plays on: two more deals
        until(lambda: lines(spare.data / "match.jsonl") == 25, "the spare's two deals")
        until(lambda: copy.read_bytes() == spare.journal(), "the copy of the spare's lines")

        # The dead board comes back on: the broker refuses it (said by `run`).
        dead.start()
        time.sleep(4)
        assert copy.read_bytes() == spare.journal()
    finally:
        for slate in (dead, spare):
            slate.stop()
        output = stop_run(run)
    assert "the broker refused a client" in output, output  # the dead board, back
    no_gap_no_duplicate(evening, copy, before, spare, tmp_path)


def no_gap_no_duplicate(evening, copy, before, spare, tmp_path):
    """The copy: the dead board's 13 lines, then the spare's 12, as pull-log finds them."""
    held = copy.read_bytes().splitlines(keepends=True)
    assert held[:13] == before.splitlines(keepends=True) and len(held) == 25
    header = json.loads(held[0])
    assert header["names"] == evening.settings["draws"][0]["tables"][0]["names"]
    pulled = tmp_path / "pulled"
    ok(ardoise("pull-log", "--port", "virtual", "--virtual-flash", spare.flash, "--to", pulled))
    assert filecmp.cmp(pulled / "b1" / "b1-0001.jsonl", copy, shallow=False)


def test_a_spare_is_refused_what_it_cannot_be(tmp_path, evening):
    """No board at the table, the board itself, a board of another table, a spare
    holding matches of its own: said, and nothing changes."""
    flash = tmp_path / "flash"
    (flash / "data" / "archive").mkdir(parents=True)
    (flash / "data" / "archive" / "0001.jsonl").write_text('{"ev":"match","game":"bruus"}\n')
    where = ("--port", "virtual", "--virtual-flash", flash, "--broker-host", "127.0.0.1")
    before = (evening.folder / "evening.json").read_bytes()
    said = ardoise("evening", "replace", evening.folder, "--table", 7, *where)
    assert said.returncode == 1 and "no board is enrolled at table 7" in said.stderr
    said = ardoise("evening", "replace", evening.folder, "--table", 1, *where)
    assert said.returncode == 1 and "holds 1 match file of its own" in said.stderr
    assert "pull-log" in said.stderr and "--erase" in said.stderr
    assert (flash / "data" / "archive" / "0001.jsonl").exists()
    assert (evening.folder / "evening.json").read_bytes() == before
    said = ardoise("evening", "replace", evening.folder, "--table", 1, *where, "--erase")
    assert said.returncode == 0, said.stderr
    assert "no match held yet" in said.stdout
    assert not (flash / "data" / "archive" / "0001.jsonl").exists()
    # Now it is board b1: a replace of table 2 with it is refused.
    said = ardoise("evening", "replace", evening.folder, "--table", 2, *where)
    assert said.returncode == 1 and "this board is b1, enrolled at table 1" in said.stderr
