"""What a board sends, against the real `ardoise evening run` and Mosquitto (issue 31,
items 1, 2 and 7): no message, whatever its bytes, stops the intake. Each is
refused with the board and the reason, in the terminal and in `status`,
acknowledged so that it never comes back, shown escaped and bounded; the
board's good lines are taken all the same, and `run` starts again on the
folder it wrote.
"""

import json

from host_tools.common import ROOT
from host_tools.evening.copy import BoardCopy
from tests.evening.boards import Board, wait_until
from tests.evening.conftest import broker_url, free_port, own_run
from tests.support.commands import ardoise

TIER = "network"

LINES = (ROOT / "tests" / "logs" / "bruus-schwesing.jsonl").read_bytes().splitlines()
# The audit's: an index past Python's 4,300-digit int limit, and a match number.
POISONS = (b"1" * 5000 + b" 0 {}", b"1 " + b"1" * 5000 + b" {}")


def publish(board, kind, payload, retain=False):
    board.client.publish(board.prefix + "/" + kind, payload, qos=1, retain=retain).wait_for_publish(
        5
    )


def test_a_poison_line_is_refused_and_the_intake_goes_on(evening):
    with own_run(evening) as run, Board(evening, "b1", {1: LINES}) as board:
        for poison in POISONS:
            publish(board, "line", poison)
        board.write(len(board.order))
        assert board.wait_held(board.end, 20), run.output
        assert run.said("board b1: a line refused, not stored: its match number has 5000 digits")
        assert run.said("board b1: a line refused, not stored: its index has 5000 digits")
        status = ardoise("evening", "status", evening.folder)
    assert "Traceback" not in run.output, run.output
    assert (evening.logs / "b1" / "b1-0001.jsonl").read_bytes() == b"".join(
        line + b"\n" for line in LINES
    )
    assert status.returncode == 0, status.stderr
    assert "board b1: a line refused at " in status.stdout
    assert "its index has 5000 digits" in status.stdout


def test_a_poison_line_is_acknowledged_and_never_comes_back(evening, mosquitto):
    """With --broker the organiser's session outlives `run`: a message it could not
    take came back at each start, and the evening could not resume."""
    page = free_port()
    options = ("--broker", broker_url(evening), "--page-port", page)
    with own_run(evening, *options, page=page):
        pass  # the session stays: lines published meanwhile wait for the next run
    with Board(evening, "b1", {1: LINES}) as board:
        publish(board, "line", POISONS[0])
        board.write(3)
        with own_run(evening, *options, page=page) as first:
            assert board.wait_held((1, 3), 20), first.output
            assert first.said("its match number has 5000 digits")
        with own_run(evening, *options, page=page) as again:
            board.write(len(board.order) - 3)
            assert board.wait_held(board.end, 20), again.output
    assert "Traceback" not in first.output + again.output, first.output + again.output
    assert "refused" not in again.output, again.output


def test_a_match_number_no_board_makes_never_becomes_a_file(evening):
    """The audit's 300-digit match number, sent twice as a new match's first line
    is: it named state/b1.json's match, ENAMETOOLONG killed the intake, and `run`
    could no longer start on the folder."""
    with own_run(evening) as run, Board(evening, "b1", {1: LINES}) as board:
        for _ in range(2):
            publish(board, "line", b"9" * 300 + b" 0 " + LINES[0])
        board.write(len(board.order))
        assert board.wait_held(board.end, 20), run.output
        assert run.said("board b1: a line refused, not stored: its match number has 300 digits")
    assert json.loads((evening.state / "b1.json").read_text()) == {"current": 1}
    assert sorted(path.name for path in (evening.logs / "b1").iterdir()) == ["b1-0001.jsonl"]
    with own_run(evening) as again:  # it starts on the folder it wrote
        assert again.running()
    assert "Traceback" not in run.output + again.output, run.output + again.output


def test_a_state_no_board_makes_is_said_and_the_files_held_go_on(tmp_path):
    """A folder an earlier `run` left with such a number (or a state file damaged):
    the copy goes on from the files it holds, and says so."""
    folder, state = tmp_path / "logs" / "b1", tmp_path / "state" / "b1.json"
    folder.mkdir(parents=True)
    state.parent.mkdir()
    (folder / "b1-0002.jsonl").write_bytes(LINES[0] + b"\n" + LINES[1] + b"\n")
    for damaged in ('{"current": %s}' % ("9" * 300), '{"current": "x"}', "{", '{"current": -1}'):
        state.write_text(damaged)
        copy = BoardCopy(folder, state, "b1")
        assert copy.have() == (2, 2), damaged
        assert copy.note.startswith("state/b1.json does not name a match a board makes"), damaged


def test_a_status_is_shown_escaped_and_bounded(evening):
    """`\\x1b[2J...` cleared the organiser's screen, faked a message and set the
    window's title; it was kept in state/boards.json and printed again by
    `status`; 300 kB and bytes that are not UTF-8 were taken."""
    fake = b"\x1b[2J\x1b[31mFAKE: the evening is over\x1b]0;owned\x07"
    with own_run(evening) as run, Board(evening, "b1", {1: LINES}) as board:
        # 300 kB: the broker's cap (test_flood.py); 200 kB passes it, the intake's not.
        for payload in (fake, b"x" * 200_000, b"\xff\xfeonline"):
            publish(board, "status", payload, retain=True)
        board.write(2)
        assert board.wait_held((1, 2), 20)
        assert wait_until(lambda: run.output.count("board b1: a status refused") == 3)
        publish(board, "status", b"online", retain=True)
        assert run.said("table 1: board b1 online")
        status = ardoise("evening", "status", evening.folder)
    output = run.output
    said = [line for line in output.splitlines() if "a status refused" in line]
    assert len(said) == 3, output
    assert said[0].endswith("'\\x1b[2J\\x1b[31mFAKE: the evening is over\\x1b]0;owned\\x07'")
    assert all(len(line) < 200 for line in said), said
    kept = (evening.state / "boards.json").read_text() + status.stdout
    for text in (output, kept):
        assert "\x1b" not in text and "\x07" not in text and "\ufffd" not in text
    assert "FAKE" not in kept and "xxxxxxxxxx" not in kept
    assert "board b1 (online, seen at" in status.stdout


def test_what_an_earlier_run_kept_is_shown_escaped(evening):
    """state/boards.json as the earlier version wrote it, the status raw."""
    fake = "\x1b[2J\x1b[31mFAKE: the evening is over\x1b]0;owned\x07" + "x" * 300_000
    evening.state.mkdir(exist_ok=True)
    (evening.state / "boards.json").write_text(
        json.dumps({"b1": {"seen": "20:15:00", "status": fake}, "b2": {"seen": fake}})
    )
    status = ardoise("evening", "status", evening.folder)
    assert status.returncode == 0, status.stderr
    assert "\x1b" not in status.stdout and "\x07" not in status.stdout
    assert len(status.stdout) < 2000, status.stdout
    lines = status.stdout.splitlines()
    assert lines[1].startswith("  table 1, board b1 ('\\x1b[2J\\x1b[31mFAKE: the evening is")
    assert lines[2].startswith("  table 2, board b2 (never seen)")
