"""What a board sends, against the real `ardoise evening run` and Mosquitto (issue 31,
items 1, 2 and 7): no message, whatever its bytes, stops the intake. Each is
refused with the board and the reason, in the terminal and in `status`,
acknowledged so that it never comes back, shown escaped and bounded; the
board's good lines are taken all the same, and `run` starts again on the
folder it wrote.
"""


from host_tools.common import ROOT
from tests.evening.boards import Board
from tests.evening.conftest import Run, broker_url, free_port
from tests.evening.test_run import wait_for_page
from tests.support.commands import ardoise

LINES = (ROOT / "tests" / "logs" / "bruus-schwesing.jsonl").read_bytes().splitlines()
# The audit's: an index past Python's 4,300-digit int limit, and a match number.
POISONS = (b"1" * 5000 + b" 0 {}", b"1 " + b"1" * 5000 + b" {}")


def publish(board, kind, payload, retain=False):
    board.client.publish(board.prefix + "/" + kind, payload, qos=1, retain=retain).wait_for_publish(
        5
    )


def own_run(evening):
    run = Run(evening, "--page-host", "127.0.0.1")
    wait_for_page(evening.settings["page_port"], run.process)
    return run


def test_a_poison_line_is_refused_and_the_intake_goes_on(evening):
    run = own_run(evening)
    board = None
    try:
        board = Board(evening, "b1", {1: LINES})
        for poison in POISONS:
            publish(board, "line", poison)
        board.write(len(board.order))
        assert board.wait_held(board.end, 20), run.output
        assert run.said("board b1: a line refused, not stored: its match number has 5000 digits")
        assert run.said("board b1: a line refused, not stored: its index has 5000 digits")
        status = ardoise("evening", "status", evening.folder)
    finally:
        if board:
            board.close()
        output = run.stop()
    assert "Traceback" not in output, output
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
    options = ("--broker", broker_url(evening), "--page-port", page, "--page-host", "127.0.0.1")
    run = Run(evening, *options)
    board = None
    try:
        wait_for_page(page, run.process)
        run.stop()  # the session stays: lines published meanwhile wait for the next run
        board = Board(evening, "b1", {1: LINES})
        publish(board, "line", POISONS[0])
        board.write(3)
        run = Run(evening, *options)
        assert board.wait_held((1, 3), 20), run.output
        assert run.said("its match number has 5000 digits")
        first = run.stop()
        run = Run(evening, *options)
        board.write(len(board.order) - 3)
        assert board.wait_held(board.end, 20), run.output
    finally:
        if board:
            board.close()
        again = run.stop()
    assert "Traceback" not in first + again, first + again
    assert "refused" not in again, again
