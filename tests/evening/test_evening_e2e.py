"""The test evening of issue 22, whole: 12 players at 3 tables, 2 sessions of
2 deals, played by 3 slates at once. The unchanged firmware on MicroPython's
unix port (tests/test_device_evening.py's Slate: realtime keys on stdin, the
PC's socket, the stand-in's network), enrolled by `ardoise evening enrol` on
its flash folder as a virtual board, the evening `new`, `draw`n, `run` with
its own Mosquitto; each session begun from the seating the organiser pushed
(one press) and played with the keys. Then each board's files pulled with
`pull-log` equal the evening folder's copy byte for byte, and
`ardoise tournament` ranks the folder as it ranks the pulled logs.
"""

import filecmp
import json
import signal
import socket
import time
import urllib.request

import pytest

from host_tools.bench.broker import free_port
from host_tools.evening.folder import Evening
from scoring import Match, Refused
from tests.evening.conftest import NAMES, start_run
from tests.support.commands import ardoise
from tests.test_device_evening import Slate, until

TIER = "slow micropython network"

BOARDS = ("b1", "b2", "b3")
DEALS = 2
# Bruus from the seating: OK asks for a match, the seating first: OK, seat 1
# deals; OK begins it. A deal: OK deals, A takes 5 tricks (Prev): 6 lines.
BEGIN = "ooo"
DEAL = "o" + "p" * 5
# After a session's last deal: the menu (Next held), New match, the new
# seating (seat 1 deals), OK.
AGAIN = "N" + "nn" + "o" + "oo"


def sessions_in_rules():
    try:
        Match({"ev": "match", "game": "bruus", "rules": "schwesing", "session": DEALS})
    except Refused:
        return False
    return True


def ok(result):
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def pulled_files(folder):
    return sorted(path.relative_to(folder) for path in folder.rglob("*") if path.is_file())


def test_an_evening_of_twelve_players_on_three_slates(tmp_path):
    if not sessions_in_rules():
        pytest.skip("the rules core has no Bruus sessions yet (issue 22, item 1)")
    folder = tmp_path / "evening"
    names = tmp_path / "names.txt"
    names.write_text(NAMES, encoding="utf-8")
    port = free_port()
    ok(ardoise("evening", "new", folder, "--players", names, "--sessions", 2, "--deals", DEALS,
               "--ssid", "club", "--wifi-password", "secret", "--broker-port", port,
               "--websockets-port", free_port(), "--page-port", free_port()))  # fmt: skip
    ok(ardoise("evening", "draw", folder, "--seed", 7))
    slates = []
    for table, board in enumerate(BOARDS, 1):
        slate = Slate(tmp_path / board, port)  # its flash, in the club's Wi-Fi
        enrol = ("--port", "virtual", "--virtual-flash", slate.flash, "--board-id", board)
        ok(
            ardoise(
                "evening", "enrol", folder, *enrol, "--table", table, "--broker-host", "127.0.0.1"
            )
        )
        slates.append(slate)
    evening = Evening.load(folder)
    run = start_run(evening)
    page = evening.settings["page_port"]
    try:
        until(lambda: connects(port), "the evening's broker")
        for slate in slates:
            slate.start()
        for session in (1, 2):
            if session == 2:
                draw_when_held(folder, slates, 8)
            until(lambda n=session: seated(page, n), "session %d's seating" % session)
            time.sleep(1)  # the slates read it between two polls
            for slate in slates:
                slate.keys((BEGIN if session == 1 else AGAIN) + DEAL * DEALS)
            until(lambda n=session: played(slates, n), "session %d played" % session)
        until(lambda: copy_matches(folder, slates), "the copies in the folder")
        header = json.loads(slates[0].journal().splitlines()[0])
        assert header["session"] == DEALS and len(header["names"]) == 4
    finally:
        alive = [slate.process is not None and slate.process.poll() is None for slate in slates]
        for slate in slates:
            slate.stop()
        run.send_signal(signal.SIGINT)
        output = run.communicate(timeout=30)[0]
    assert run.returncode == 0, output
    assert all(alive), alive
    pulled = tmp_path / "pulled"
    for slate in slates:
        ok(ardoise("pull-log", "--port", "virtual", "--virtual-flash", slate.flash, "--to", pulled))
    logs = folder / "logs"
    assert pulled_files(logs) == pulled_files(pulled)
    assert len(pulled_files(pulled)) == 2 * len(BOARDS)  # each board: session 1 archived, 2 on it
    match, mismatch, errors = filecmp.cmpfiles(logs, pulled, pulled_files(pulled), shallow=False)
    assert (mismatch, errors) == ([], [])
    ranking = ok(ardoise("tournament", folder)).replace(str(logs), "LOGS")
    assert ranking == ok(ardoise("tournament", pulled)).replace(str(pulled), "LOGS")
    assert all(name in ranking for name in NAMES.split())


def draw_when_held(folder, slates, seed):
    """The next session drawn once the folder holds every table's session (else refused)."""
    until(lambda: copy_matches(folder, slates), "the session in the folder")
    ok(ardoise("evening", "draw", folder, "--seed", seed))


def played(slates, session):
    """Each slate has played `session`'s deals in a match of its own (the last archived)."""
    for slate in slates:
        archive = slate.data / "archive"
        archived = len(list(archive.iterdir())) if archive.exists() else 0
        if archived != session - 1 or slate.lines() != 1 + (1 + 5) * DEALS:
            return False
    return True


def connects(port):
    try:
        socket.create_connection(("127.0.0.1", port), 0.5).close()
        return True
    except OSError:
        return False


def seated(page, session):
    """Every board online, and the session drawn, as the organiser's page says (it says
    a session once its seating is published: a client's id is its user, so the test
    cannot listen as the organiser beside `run`)."""
    try:
        with urllib.request.urlopen("http://127.0.0.1:%d/state" % page, timeout=2) as reply:
            state = json.loads(reply.read())
    except OSError:
        return False
    online = [table["status"] == "online" for table in state["tables"]]
    return state["session"] == session and len(online) == len(BOARDS) and all(online)


def copy_matches(folder, slates):
    """The evening folder's copy of the match on each slate is its journal."""
    for slate, board in zip(slates, BOARDS, strict=True):
        copies = sorted((folder / "logs" / board).glob("*.jsonl"))  # by number: NNNN
        if not copies or copies[-1].read_bytes() != slate.journal():
            return False
    return True
