"""A full disk during the evening (issue 31, item 3): ENOSPC killed the MQTT thread
(and, writing state/boards.json, the page's), left .tmp files, and nothing went
on once room was made. Now `run` says it ("disk full: lines from b1 not
taken"), never says in /have what the disk does not hold, leaves nothing
behind, and takes every line once there is room, without a restart.

The real one: the evening's folder on a small filesystem (a tmpfs of 4 MiB,
mounted as root and unmounted at the end even when the test fails), filled
to the last byte while the real `ardoise evening run` and Mosquitto run.
Without root it skips (tests/support/skips.py says so; ARDOISE_NO_SKIP=1, as
in CI, which runs as root, makes that skip fail), and the same evening with
ENOSPC injected into the organiser's writes stands in.
"""

import errno
import os
import subprocess
import urllib.request

import pytest

from host_tools.common import ROOT
from host_tools.evening import copy as copy_module
from host_tools.evening import folder as folder_module
from host_tools.evening.copy import CONFIRM, GAP, TAKEN, BoardCopy
from host_tools.evening.run import Runner, local_address
from tests.evening.boards import Board, wait_until
from tests.evening.conftest import make_evening, own_run

TIER = "network"

LOGS = ROOT / "tests" / "logs"
JOURNAL = {
    1: (LOGS / "bruus-schwesing.jsonl").read_bytes().splitlines(),
    2: (LOGS / "brouc-31-won.jsonl").read_bytes().splitlines(),
}


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MiB filesystem of its own (tmpfs), unmounted at the end whatever happens."""
    if os.geteuid() != 0:
        pytest.skip("a small filesystem needs root to mount (test_a_full_disk_injected runs)")
    mount = tmp_path / "disk"
    mount.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m,mode=0755", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode:
        pytest.skip("cannot mount a tmpfs here: " + mounted.stderr.strip())
    try:
        yield mount
    finally:
        if subprocess.run(["umount", str(mount)]).returncode:
            subprocess.run(["umount", "--lazy", str(mount)], check=True)


def fill(folder):
    """Take every byte left on the filesystem of `folder`: the file that holds them."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        for piece in (1 << 16, 4096, 1):
            try:
                while True:
                    out.write(b"\0" * piece)
            except OSError as error:
                assert error.errno == errno.ENOSPC, error
    return filler


def held_on_disk(evening, have):
    """Whether the files hold what `have` says held: every match before it whole (as
    far as the journal goes) and its first lines."""
    match, count = have
    for number, lines in JOURNAL.items():
        wanted = lines if number < match else lines[:count] if number == match else []
        path = evening.logs / "b1" / ("b1-%04d.jsonl" % number)
        data = path.read_bytes() if path.exists() else b""
        if not data.startswith(b"".join(line + b"\n" for line in wanted)):
            return False
    return True


def left_behind(folder):
    return [path for path in folder.rglob("*.tmp")]


def whole(evening):
    return {path.name: path.read_bytes() for path in (evening.logs / "b1").iterdir()} == {
        "b1-%04d.jsonl" % number: b"".join(line + b"\n" for line in lines)
        for number, lines in JOURNAL.items()
    }


def test_a_full_disk_is_said_and_everything_is_taken_once_there_is_room(small_disk):
    evening = make_evening(small_disk / "evening")
    with own_run(evening) as run, Board(evening, "b1", JOURNAL) as board:
        board.write(3)
        assert board.wait_held((1, 3), 20), run.output
        filler = fill(small_disk)
        board.write(len(board.order) - 3)  # match 2's first line needs a new file
        assert run.said("disk full: lines from b1 not taken"), run.output
        assert run.running()
        with urllib.request.urlopen(
            "http://127.0.0.1:%d/state" % evening.settings["page_port"], timeout=5
        ):
            pass  # the page stays up
        assert board.last_have != board.end
        assert held_on_disk(evening, board.last_have), board.last_have
        assert left_behind(evening.folder) == []
        filler.unlink()  # room again: no restart, no board touched
        assert board.wait_held(board.end, 30), run.output
        assert run.said("room on the disk again: lines from b1 taken")
    assert "Traceback" not in run.output, run.output
    assert whole(evening)
    assert left_behind(evening.folder) == []


class FullDisk:
    """ENOSPC for every write of the organiser's copies and state while `full`."""

    def __init__(self, monkeypatch):
        self.full = False
        for module, name in ((copy_module, "append_bytes"), (folder_module, "write_whole")):
            monkeypatch.setattr(module, name, self.guard(getattr(module, name)))
        monkeypatch.setattr(copy_module, "write_whole", folder_module.write_whole)
        monkeypatch.setattr(copy_module, "write_json", self.guard(copy_module.write_json))

    def guard(self, write):
        def guarded(path, *args, **kwargs):
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            return write(path, *args, **kwargs)

        return guarded


def test_a_full_disk_injected(evening, mosquitto, monkeypatch):
    """The same evening where no small filesystem can be mounted: ENOSPC injected into
    the organiser's writes (its copy's lines, its state files) in-process."""
    disk = FullDisk(monkeypatch)
    monkeypatch.setattr("host_tools.evening.run.write_json", disk.guard(folder_module.write_json))
    said = []
    runner = Runner(evening, local_address(evening), say=said.append)
    runner.start()
    try:
        with Board(evening, "b1", JOURNAL) as board:
            board.write(3)
            assert board.wait_held((1, 3), 20), said
            disk.full = True
            board.write(len(board.order) - 3)
            assert wait_until(lambda: any("disk full: lines from b1 not taken" in s for s in said))
            # A standing made while the disk is full (the one the first lines asked
            # for may have come before): the board says its status again.
            board.client.publish(board.prefix + "/status", b"online", qos=1, retain=True)
            assert wait_until(lambda: any("state/boards.json not written" in s for s in said))
            assert board.last_have == (1, 3)
            assert held_on_disk(evening, board.last_have)
            disk.full = False
            assert board.wait_held(board.end, 30), said
            assert wait_until(lambda: "room on the disk again: lines from b1 taken" in said)
    finally:
        runner.stop()
    assert whole(evening)
    assert left_behind(evening.folder) == []


@pytest.mark.parametrize("refused", [3, len(JOURNAL[1]) - 1])
def test_a_line_the_disk_refused_holds_back_the_next_match(tmp_path, monkeypatch, refused):
    """Match 2's first line asked about, then the resend that answers: match 1's line
    `refused` refused by the full disk, room again before match 2's first line. That
    line must wait for another /have (before, it began match 2: /have said match 1
    whole, and the board never sent the lines the disk had refused)."""
    disk = FullDisk(monkeypatch)
    copy = BoardCopy(tmp_path / "logs" / "b1", tmp_path / "state" / "b1.json", "b1")
    one, two = JOURNAL[1], JOURNAL[2]
    assert copy.receive(1, 0, one[0])[0] == CONFIRM
    for index in range(refused):
        assert copy.receive(1, index, one[index])[0] == TAKEN
    disk.full = True

    def resend(room_after_refused=False):
        with pytest.raises(OSError):
            copy.receive(1, refused, one[refused])
        if room_after_refused:
            disk.full = False
        for index in range(refused + 1, len(one)):
            assert copy.receive(1, index, one[index])[0] == GAP
        return copy.receive(2, 0, two[0])[0]

    assert resend() == CONFIRM  # /have (1, refused) said again: the board resends
    assert resend(room_after_refused=True) == CONFIRM
    assert copy.have() == (1, refused)
    for index in range(refused, len(one)):  # the next resend: all of it taken
        assert copy.receive(1, index, one[index])[0] == TAKEN
    assert copy.receive(2, 0, two[0])[0] == CONFIRM
    assert copy.receive(2, 0, two[0])[0] == TAKEN
    assert (copy.folder / "b1-0001.jsonl").read_bytes() == b"".join(x + b"\n" for x in one)
    assert copy.have() == (2, 1)
