"""The organiser's copy: for every board, exactly its journal, byte for byte, as
`pull-log` names it, whatever the network does (issue 22, item 4).

- BoardCopy alone: a gap, a line out of order, a duplicate, the same line
  with other bytes (two boards with one id), a new match, a stop while a
  line was written or between two matches.
- `ardoise evening run` against the evening's real Mosquitto, three boards
  (paho clients playing real logs from tests/logs) sending with faults
  (lines lost, sent twice, out of order), `run` SIGKILLed and started again
  mid-evening: 0 lines lost, 0 duplicated, each board's files as pull-log
  writes them from a virtual board holding the same journal, and
  `ardoise tournament FOLDER` the standing the live page showed.
"""

import json
import random
import signal
import time
import urllib.request

import pytest

from host_tools.board.pull import log_name
from host_tools.common import ROOT
from host_tools.evening.copy import CONFIRM, CONFLICT, DUPLICATE, GAP, TAKEN, BoardCopy
from host_tools.evening.intake import Unfit, read_line
from tests.evening.boards import Board
from tests.evening.conftest import broker_url, start_run
from tests.support.commands import ardoise

TIER = "network"

LOGS = ROOT / "tests" / "logs"


def lines_of(name):
    return (LOGS / name).read_bytes().splitlines()


def test_a_line_that_does_not_follow_is_never_written(tmp_path):
    copy = BoardCopy(tmp_path / "logs" / "3", tmp_path / "state" / "3.json", "3")
    one, two = lines_of("bruus-schwesing.jsonl"), lines_of("brouc-31-won.jsonl")
    assert copy.have() == (0, 0)
    assert copy.receive(1, 1, one[1]) == (GAP, None)  # line 0 not held: never guessed
    assert copy.receive(1, 0, one[0]) == (CONFIRM, None)  # a new match: ask again first
    assert copy.receive(1, 0, one[0]) == (TAKEN, None)
    assert copy.receive(1, 2, one[2]) == (GAP, None)
    assert copy.receive(1, 1, one[1]) == (TAKEN, None)
    assert copy.receive(1, 1, one[1]) == (DUPLICATE, None)
    verdict, text = copy.receive(1, 0, b'{"ev":"match","game":"brouc"}')
    assert verdict == CONFLICT and "two boards" in text
    for index in range(2, len(one)):
        assert copy.receive(1, index, one[index])[0] == TAKEN
    assert copy.have() == (1, len(one))
    # Match 3 begins (2 was a damaged journal, not sent): the old match is archived.
    assert copy.receive(3, 0, two[0])[0] == CONFIRM
    assert copy.receive(3, 0, two[0])[0] == TAKEN
    assert (tmp_path / "logs/3/3-0001.jsonl").read_bytes() == b"\n".join(one) + b"\n"
    assert (tmp_path / "logs/3/3-0003.jsonl").read_bytes() == two[0] + b"\n"
    assert copy.receive(1, 4, one[4])[0] == DUPLICATE  # an old match's line, held
    assert copy.receive(1, 4, b"other")[0] == CONFLICT
    # A stop in the middle of writing a line: the piece is dropped, the line comes again.
    with open(tmp_path / "logs/3/3-0003.jsonl", "ab") as file:
        file.write(two[1][:5])
    again = BoardCopy(tmp_path / "logs" / "3", tmp_path / "state" / "3.json", "3")
    assert again.have() == (3, 1)
    assert (tmp_path / "logs/3/3-0003.jsonl").read_bytes() == two[0] + b"\n"


def test_a_stop_between_two_matches_loses_nothing(tmp_path):
    folder, state = tmp_path / "logs" / "3", tmp_path / "state" / "3.json"
    copy = BoardCopy(folder, state, "3")
    one = lines_of("brouc-31-won.jsonl")
    copy.receive(1, 0, one[0])
    copy.receive(1, 0, one[0])
    # The stop comes before anything else.
    again = BoardCopy(folder, state, "3")
    assert again.have() == (1, 1)
    assert again.receive(1, 1, one[1])[0] == TAKEN
    assert (folder / "3-0001.jsonl").read_bytes() == one[0] + b"\n" + one[1] + b"\n"
    assert sorted(path.name for path in folder.iterdir()) == ["3-0001.jsonl"]


def test_messages_that_are_not_lines_are_refused():
    assert read_line(b"1 0 {}") == (1, 0, b"{}")
    assert read_line(b"99999 999999 " + b"x" * 1280) == (99999, 999999, b"x" * 1280)
    for payload, reason in (
        (b"", "not MATCH INDEX LINE: ''"),
        (b"1 0", "not MATCH INDEX LINE: '1 0'"),
        (b"x 0 {}", "its match number is not a whole number: 'x'"),
        (b"1 -1 {}", "its index is not a whole number: '-1'"),
        (b"1 0 {}\n{}", "its line holds a newline: '{}\\x0a{}'"),
        (b"0 0 {}", "its match number is 0 (a board numbers its matches from 1)"),
        (b"100000 0 {}", "its match number has 6 digits (at most 5)"),
        (b"1 1000000 {}", "its index has 7 digits (at most 6)"),
        (b"1 0 " + b"x" * 1281, "its line is 1281 bytes (the rules take at most 1280)"),
        (b"\xff 0 {}", "its match number is not a whole number: '\\xff'"),
    ):
        with pytest.raises(Unfit) as refused:
            read_line(payload)
        assert str(refused.value) == reason


# -- the evening over MQTT ---------------------------------------------------------

JOURNALS = {
    "b1": {1: "bruus-schwesing.jsonl", 2: "bruus-treia-bock.jsonl", 3: "device-bruus-game.jsonl"},
    "b2": {1: "bruus-treia-double.jsonl", 2: "brouc-cape-recorded.jsonl"},
    "b3": {2: "device-etivaz-match.jsonl", 4: "bruus-two.jsonl"},
}


def journals():
    return {
        board: {number: lines_of(name) for number, name in matches.items()}
        for board, matches in JOURNALS.items()
    }


def run_command(evening, page_port):
    return start_run(
        evening,
        "--broker",
        broker_url(evening),
        "--page-port",
        page_port,
        "--page-host",
        "127.0.0.1",
    )


def wait_page(port, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen("http://127.0.0.1:%d/state" % port, timeout=2) as reply:
                return json.loads(reply.read())
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the page did not answer")


def play_with_faults(board, rng, lines):
    """Write `lines` more lines of the board's journal, sent as on a bad network:
    lost, sent twice, two sent in the wrong order."""
    while lines > 0:
        roll = rng.random()
        if roll < 0.1:
            lines -= len(board.write(2, send="swap"))
        elif roll < 0.2:
            lines -= len(board.write(1, send=False))  # lost
        else:
            written = board.write(1)
            # Sent twice; not a match's first line: a slate sends that again only
            # from the organiser's /have (copy.py's rule for a new match).
            if roll > 0.9 and written and written[0][1]:
                board.send(*written[0])
            lines -= len(written) or lines
        time.sleep(0.005)


def expected_files(board, matches):
    """The files pull-log names: each match by its number, the one on the slate too."""
    return {
        log_name(board, number): b"".join(line + b"\n" for line in lines)
        for number, lines in matches.items()
    }


def stop(process):
    process.send_signal(signal.SIGTERM)
    output, _ = process.communicate(timeout=20)
    return output


def test_the_evening_folder_holds_every_journal_through_faults_and_a_killed_run(
    evening, mosquitto, tmp_path
):
    from tests.evening.conftest import free_port

    page_port = free_port()
    matches = journals()
    rng = random.Random(22)
    run = run_command(evening, page_port)
    boards = {}
    try:
        wait_page(page_port)
        boards = {name: Board(evening, name, matches[name]) for name in matches}
        for board in boards.values():
            play_with_faults(board, rng, 20)
        time.sleep(0.5)
        run.send_signal(signal.SIGKILL)  # a laptop that dies: no goodbye
        run.communicate(timeout=10)
        for board in boards.values():  # the slates go on meanwhile
            play_with_faults(board, rng, 15)
        run = run_command(evening, page_port)
        wait_page(page_port)
        for board in boards.values():
            board.nudge()
            play_with_faults(board, rng, len(board.order))
        for name, board in boards.items():
            assert board.wait_held(board.end), (name, board.last_have)
        time.sleep(2.5)  # the standing made again (within 2 s of the last line)
        shown = wait_page(page_port)
    finally:
        for board in boards.values():
            board.close()
        output = stop(run)
        print(output)  # shown by pytest when the test fails
    assert "stopped" in output, output
    for name in matches:
        folder = evening.logs / name
        held = {path.name: path.read_bytes() for path in folder.iterdir()}
        assert held == expected_files(name, matches[name])
    # The ranking from the files is the one the page showed.
    ranked = ardoise("tournament", evening.folder)
    assert ranked.returncode == 0, ranked.stderr
    assert shown["lines"] and ranked.stdout.splitlines()[: len(shown["lines"])] == shown["lines"]
    assert shown["refused"] == []


def test_the_files_are_those_pull_log_writes(tmp_path):
    """A virtual board holding a journal and its archive: pull-log's files are the ones
    the copy writes from the same lines."""
    matches = {1: lines_of("bruus-schwesing.jsonl"), 2: lines_of("brouc-31-won.jsonl")}
    flash = tmp_path / "flash"
    (flash / "data" / "archive").mkdir(parents=True)
    (flash / "data" / "board_id.txt").write_text("b1")
    (flash / "data" / "archive" / "0001.jsonl").write_bytes(
        b"".join(line + b"\n" for line in matches[1])
    )
    (flash / "data" / "match.jsonl").write_bytes(b"".join(line + b"\n" for line in matches[2]))
    pulled = ardoise(
        "pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", tmp_path / "pulled"
    )
    if pulled.returncode and "micropython" in (pulled.stderr + pulled.stdout).lower():
        pytest.skip("the virtual board needs MicroPython's unix port: " + pulled.stderr)
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    copy = BoardCopy(tmp_path / "copy" / "b1", tmp_path / "state.json", "b1")
    for number in sorted(matches):
        for index, line in enumerate(matches[number]):
            verdict = copy.receive(number, index, line)[0]
            if verdict == CONFIRM:
                verdict = copy.receive(number, index, line)[0]
            assert verdict == TAKEN
    pulled_files = {p.name: p.read_bytes() for p in (tmp_path / "pulled" / "b1").iterdir()}
    copied = {p.name: p.read_bytes() for p in (tmp_path / "copy" / "b1").iterdir()}
    assert copied == pulled_files


def test_a_line_the_rules_refuse_is_said_and_nothing_after_it_is_lost(evening, mosquitto):
    """A board whose journal holds a line the rules refuse (another firmware, say):
    the organiser says which board, which line and why, and keeps every line."""
    from host_tools.evening.run import Runner, local_address

    said = []
    runner = Runner(evening, local_address(evening), say=said.append)
    runner.start()
    lines = lines_of("brouc-error-declare-before-trick.jsonl") + [b'{"ev":"undo"}']
    board = Board(evening, "b2", {1: lines})
    try:
        board.write(len(board.order))
        assert board.wait_held(board.end, 20)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not any("refused" in text for text in said):
            time.sleep(0.05)
    finally:
        board.close()
        runner.stop()
    refusals = [text for text in said if text.startswith("refused by the rules")]
    assert refusals == [
        "refused by the rules: logs/b2/b2-0001.jsonl: line 4: team B has not won a trick in "
        "this deal (the file keeps every line the board sent, this one and those after it)"
    ]
    assert (evening.logs / "b2" / "b2-0001.jsonl").read_bytes() == b"".join(
        line + b"\n" for line in lines
    )
    assert runner.live.current["refused"] == [refusals[0].split(": ", 1)[1].split(" (")[0]]


def test_a_resend_of_two_new_matches_takes_the_first_then_the_second(tmp_path):
    """A resend holds match 2's first line and then match 3's: asked about 2, the
    copy waits for 2 (before: each first line replaced the question, for ever)."""
    copy = BoardCopy(tmp_path / "logs" / "3", tmp_path / "state" / "3.json", "3")
    two, three = lines_of("brouc-31-won.jsonl"), lines_of("bruus-two.jsonl")
    for _ in range(2):  # the ask, then the resend that answers it
        assert copy.receive(2, 0, two[0])[0] in (CONFIRM, TAKEN)
        assert copy.receive(2, 1, two[1])[0] in (GAP, TAKEN)
        assert copy.receive(3, 0, three[0])[0] in (GAP, CONFIRM)
    assert copy.have() == (2, 2)
    assert copy.receive(3, 0, three[0]) == (TAKEN, None)
    assert copy.have() == (3, 1)


def test_only_what_is_synced_is_said_held(tmp_path):
    """Lines are synced in rounds (run.py): `synced`, what /have says, moves only
    once the files a round took are synced, and a new match syncs the one before."""
    copy = BoardCopy(tmp_path / "logs" / "3", tmp_path / "state" / "3.json", "3")
    one, two = lines_of("bruus-schwesing.jsonl"), lines_of("brouc-31-won.jsonl")
    for _ in range(2):
        copy.receive(1, 0, one[0])
    assert copy.synced == copy.have() == (1, 1)  # a match's first line: written whole
    for index in (1, 2):
        assert copy.receive(1, index, one[index])[0] == TAKEN
    assert copy.have() == (1, 3) and copy.synced == (1, 1)
    unsynced, have = copy.unsynced_now()  # a round takes them...
    assert list(unsynced) == [tmp_path / "logs/3/3-0001.jsonl"] and have == (1, 3)
    assert copy.receive(1, 3, one[3])[0] == TAKEN  # ...a line comes meanwhile...
    copy.synced_to(unsynced, have)  # ...the round is synced
    assert copy.synced == (1, 3) and list(copy.unsynced) == [tmp_path / "logs/3/3-0001.jsonl"]
    for _ in range(2):
        copy.receive(2, 0, two[0])
    assert copy.synced == copy.have() == (2, 1) and copy.unsynced == {}


def test_the_copy_as_a_slate_holds_it_for_a_spare_or_a_phone(tmp_path):
    """copy.as_on_slate: what a spare board (spare.py) and a table's new phone
    (phones.py) both get: the archive under the board's numbers, an empty
    NNNN.damaged for a number the copy never had, the match on the slate in whole
    lines."""
    from types import SimpleNamespace

    from host_tools.evening.copy import as_on_slate
    from host_tools.evening.folder import EveningError
    from host_tools.evening.lang import Texts

    evening = SimpleNamespace(state=tmp_path / "state", logs=tmp_path / "logs")
    assert as_on_slate(evening, "b1") == (0, [])  # nothing held yet
    (tmp_path / "state").mkdir()
    (tmp_path / "logs" / "b1").mkdir(parents=True)
    (tmp_path / "state" / "b1.json").write_text('{"current": 3}')
    first = b'{"event": "match"}\n{"event": "deal"}\n'
    (tmp_path / "logs" / "b1" / log_name("b1", 1)).write_bytes(first)
    (tmp_path / "logs" / "b1" / log_name("b1", 3)).write_bytes(b'{"event": "match"}\n{"ev')
    assert as_on_slate(evening, "b1") == (
        3,
        [
            ("archive/0001.jsonl", first),
            ("archive/0002.damaged", b""),
            ("match.jsonl", b'{"event": "match"}\n'),
        ],
    )
    (tmp_path / "state" / "b1.json").write_text("{not json")
    with pytest.raises(EveningError) as refused:
        as_on_slate(evening, "b1")
    assert "cannot read the copy's state of b1" in refused.value.said(Texts("en"))
