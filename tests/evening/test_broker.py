"""The evening's own Mosquitto as `ardoise evening run` keeps it (issue 31, items 4, 5
and 9), against the real broker: what it refuses is said while the evening runs,
no client can take a board's or the organiser's id, and a broker that dies is
started again.
"""

import os
import signal
import urllib.request

from host_tools.common import ROOT
from tests.evening.boards import Board, attempt, client
from tests.evening.conftest import own_run
from tests.evening.test_run import brokers_of

TIER = "network"

LINES = (ROOT / "tests" / "logs" / "bruus-schwesing.jsonl").read_bytes().splitlines()


def test_what_the_broker_refuses_is_said_while_the_evening_runs(evening):
    """Mosquitto's log was block-buffered in a pipe: a wrong password was said only
    at Ctrl-C. Now while `run` runs (Mosquitto writes it at once on stderr)."""
    with own_run(evening) as run:
        reason = attempt(evening.settings["broker"]["port"], "b1", "another evening's")
        assert reason is not None and reason.is_failure
        assert run.said("the broker refused a client", 10), run.output
        assert run.running()


def test_no_client_takes_a_board_s_or_the_organiser_s_id(evening):
    """An anonymous client connecting as `b1` or as the organiser's client id (both
    on the page and in the topics) made Mosquitto drop the real one, and `run`
    blamed two boards with one id. A client's id is now its user."""
    port = evening.settings["broker"]["port"]
    with own_run(evening) as run, Board(evening, "b1", {1: LINES}) as board:
        dropped = []
        board.client.on_disconnect = lambda *args: dropped.append(args[3])
        board.write(2)
        assert board.wait_held((1, 2), 20), run.output
        # The same board's user from another address: its id twice, said.
        twin = client(port, "b1", evening.board_password("b1"), "b1")
        twin.connect("127.0.0.1", port, bind_address="127.0.0.2")
        twin.loop_start()
        said = "board b1 connected from 127.0.0.2 while connected from 127.0.0.1"
        assert run.said(said), run.output
        twin.loop_stop()
        twin.disconnect()
        assert board.wait_held((1, 2), 20)  # back
        dropped.clear()
        for user, password, taken in (
            (None, None, "b1"),
            (None, None, "ardoise-organiser-%s" % evening.id),
            (None, None, "organiser"),
            ("b2", evening.board_password("b2"), "b1"),  # another board's own user
        ):
            reason = attempt(port, user, password, taken)
            assert reason is not None, taken
            assert reason.is_failure == (user is None), (taken, reason)
        assert run.said("the broker refused a client without a user (as b1)"), run.output
        board.write(len(board.order) - 2)
        assert board.wait_held(board.end, 20), run.output  # the organiser is there too
        assert dropped == []
    output = run.output
    assert output.count("same id") == 1, output  # the twin's, and no other
    assert "Traceback" not in output, output


def test_a_broker_killed_is_started_again_and_the_evening_goes_on(evening):
    """Killing Mosquitto ended `run`, the page with it, with Mosquitto's raw log. Now
    `run` starts it again, saying so, the page stays up, and it stops with a clear
    message only when Mosquitto keeps stopping."""
    page = "http://127.0.0.1:%d/state" % evening.settings["page_port"]
    with own_run(evening) as run, Board(evening, "b1", {1: LINES}) as board:
        board.write(3)
        assert board.wait_held((1, 3), 20), run.output
        for pid in brokers_of(evening):
            os.kill(pid, signal.SIGKILL)
        assert run.said("Mosquitto stopped (killed by SIGKILL): starting it again"), run.output
        with urllib.request.urlopen(page, timeout=5):  # the page stays up
            pass
        assert run.said("Mosquitto is back"), run.output
        board.write(len(board.order) - 3)
        assert board.wait_held(board.end, 30), run.output
        # A broker that cannot start again (its config damaged): the evening stops.
        (evening.broker_folder / "mosquitto.conf").write_text("no such option\n")
        for pid in brokers_of(evening):
            os.kill(pid, signal.SIGKILL)
        run.process.wait(60)
    output = run.output
    assert run.process.returncode == 1, output
    assert "Mosquitto stopped 5 times within a minute" in output, output
    assert "Traceback" not in output
    assert brokers_of(evening) == []
    assert (evening.logs / "b1" / "b1-0001.jsonl").read_bytes() == b"".join(
        line + b"\n" for line in LINES
    )
