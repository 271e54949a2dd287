"""`ardoise evening run`, `enrol` and `draw` as the organiser meets them: what they
start they stop, and every bad input is a clear message that changes nothing.

- run starts the evening's own Mosquitto and the page; Ctrl-C (SIGINT) or
  SIGTERM stops both, nothing left running; a client with credentials the
  evening does not know (a board enrolled for another evening) is said;
- a port in use, a broker that is not there: a message saying what to do;
- two boards with one id, a board whose id is another: refused at enrol;
- a board enrolled over USB (the virtual board): data/evening.json holds the
  evening, its broker and its own user, the broker's files its user.
"""

import json
import os
import signal
import socket
import time
import urllib.request

import pytest

from host_tools.common import ROOT
from host_tools.evening.folder import EveningError
from host_tools.evening.lang import Texts
from tests.evening.boards import attempt, client, wait_until
from tests.evening.conftest import Run, free_port, make_evening, start_run, wait_for_page
from tests.support.commands import ardoise

TIER = "network"


def brokers_of(evening):
    """Processes running this evening's Mosquitto config."""
    config = str(evening.broker_folder.resolve() / "mosquitto.conf").encode()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/cmdline" % entry, "rb") as file:
                    if config in file.read():
                        found.append(int(entry))
            except OSError:
                pass
    return found


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_run_stops_all_it_started(evening, stop):
    if not os.path.exists("/usr/sbin/mosquitto"):
        pytest.skip("no Mosquitto (apt-get install mosquitto)")
    page = evening.settings["page_port"]
    run = start_run(evening, "--page-host", "127.0.0.1")
    try:
        wait_for_page(page, run)
        assert brokers_of(evening)
        # A board of another evening: its user and password are not this evening's.
        stranger = client(evening.settings["broker"]["port"], "b1", "another evening's")
        stranger.connect("127.0.0.1", evening.settings["broker"]["port"])
        stranger.loop_start()
        time.sleep(1.5)
        stranger.loop_stop()
        stranger.disconnect()
    finally:
        run.send_signal(stop)
        output, _ = run.communicate(timeout=20)
    assert run.returncode == 0, output
    assert "stopped" in output
    assert "the broker refused a client" in output and "another evening" in output
    for password in [evening.secrets["organiser"], *evening.secrets["boards"].values()]:
        assert password not in output
    assert brokers_of(evening) == []
    with socket.create_server(("", page)):  # the page's port is free again
        pass


def test_a_port_in_use_is_said_and_nothing_starts(evening):
    port = evening.settings["broker"]["port"]
    with socket.create_server(("", port)):
        result = ardoise("evening", "run", evening.folder)
    assert result.returncode == 1
    assert "port %d (the boards' MQTT) is already in use" % port in result.stderr
    assert "systemctl stop mosquitto" in result.stderr
    assert brokers_of(evening) == []


def test_a_broker_that_is_not_there_is_said(evening):
    url = "mqtt://organiser@127.0.0.1:%d" % free_port()
    result = ardoise("evening", "run", evening.folder, "--broker", url, "--page-port", free_port())
    assert result.returncode == 1
    assert "cannot reach the broker at 127.0.0.1" in result.stderr
    assert evening.secrets["organiser"] not in result.stderr + result.stdout
    result = ardoise("evening", "run", evening.folder, "--broker", "http://example.org")
    assert result.returncode == 1 and "mqtt://USER@HOST:1883" in result.stderr


def test_two_boards_with_one_id_are_refused(evening):
    evening.enrol("b7", "e6614103e7", 4)
    english = Texts("en")  # the evening's language: make_evening's
    with pytest.raises(EveningError) as refused:
        evening.enrol("b7", "aaaa0000aa", 4)
    assert "already enrolled, and it was another board" in refused.value.said(english)
    with pytest.raises(EveningError) as refused:
        evening.enrol("b8", None, 1)
    assert refused.value.said(english) == "table 1 already has board b1"
    with pytest.raises(EveningError) as refused:
        evening.enrol("organiser", None, 9)
    assert "organiser's user" in refused.value.said(english)
    assert evening.enrol("b7", "e6614103e7", 4)  # the same board again: enrolled again


def enrol_virtual(evening, flash, board, *options):
    return ardoise(
        "evening",
        "enrol",
        evening.folder,
        "--port",
        "virtual",
        "--virtual-flash",
        flash,
        "--board-id",
        board,
        *options,
    )


def test_a_virtual_board_is_enrolled_over_usb(tmp_path):
    # Two boards at the three tables of the draw: the next board gets table 3.
    evening = make_evening(tmp_path / "evening", boards=("b1", "b2"))
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "data").mkdir()
    (flash / "data" / "evening.json").write_text('{"evening": "another1"}')
    result = enrol_virtual(
        evening, flash, "b7", "--broker-host", "10.0.0.2", "--page-host", "10.0.0.3"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "was enrolled in evening another1" in result.stdout
    assert "board b7 enrolled at table 3" in result.stdout
    assert (flash / "data" / "board_id.txt").read_text().strip() == "b7"
    written = json.loads((flash / "data" / "evening.json").read_bytes())
    reloaded = type(evening).load(evening.folder)
    assert written == {
        "evening": evening.id,
        "ssid": "club",
        "wifi_password": "secret",
        "broker_host": "10.0.0.2",
        "broker_port": evening.settings["broker"]["port"],
        "user": "b7",
        "password": reloaded.board_password("b7"),
        "live": "http://10.0.0.3:%d/" % evening.settings["page_port"],  # for the web page
    }
    assert reloaded.boards["b7"]["table"] == 3
    assert (evening.broker_folder / "passwd").read_text().count("\nb7:$7$101$") == 1
    assert written["password"] not in result.stdout + result.stderr
    # A board whose id is another: refused, its enrolment unchanged.
    again = enrol_virtual(evening, flash, "b8")
    assert again.returncode == 1
    assert "this board's id is b7, not b8" in again.stderr
    assert json.loads((flash / "data" / "evening.json").read_bytes()) == written


def test_status_says_what_each_table_sent(evening):
    from host_tools.evening.copy import BoardCopy

    lines = (ROOT / "tests" / "logs" / "bruus-schwesing.jsonl").read_bytes().splitlines()
    copy = BoardCopy(evening.logs / "b1", evening.state / "b1.json", "b1")
    copy.receive(1, 0, lines[0])
    for index, line in enumerate(lines):
        copy.receive(1, index, line)
    result = ardoise("evening", "status", evening.folder)
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0] == "evening %s: session 1 of 3 drawn, 3 boards enrolled" % evening.id
    assert out[1].startswith("  table 1, board b1 (never seen): deal 5, games A 1, B 0")
    assert out[1].endswith("; 1 match, 25 lines held")
    assert out[2] == "  table 2, board b2 (never seen): no match yet; 0 matches, 0 lines held"


def test_a_draw_and_an_enrolment_during_the_evening_are_taken_in(evening):
    """Session 2 drawn while `run` runs: each board gets its new seating; a board
    enrolled meanwhile can connect (Mosquitto reads the new password file)."""
    from host_tools.evening import broker
    from host_tools.evening.command import main as evening_main
    from host_tools.evening.folder import Evening
    from tests.evening.boards import Inbox

    if not os.path.exists("/usr/sbin/mosquitto"):
        pytest.skip("no Mosquitto (apt-get install mosquitto)")
    port = evening.settings["broker"]["port"]
    run = start_run(evening, "--page-host", "127.0.0.1")
    inboxes = []
    try:
        wait_for_page(evening.settings["page_port"], run)
        seating = evening.prefix("b1") + "/seating"
        b1 = Inbox(port, [seating], "b1", evening.board_password("b1"))
        inboxes.append(b1)
        assert wait_until(lambda: b1.payloads(seating))
        assert json.loads(b1.payloads(seating)[-1])["session"] == 1
        # Session 1 not played: forced (tests/evening/test_course.py refuses it unforced).
        assert evening_main(["draw", str(evening.folder), "--seed", "9", "--force"]) == 0
        assert wait_until(lambda: json.loads(b1.payloads(seating)[-1])["session"] == 2)
        second = json.loads(b1.payloads(seating)[-1])
        assert (
            second["names"]
            == Evening.load(evening.folder).settings["draws"][1]["tables"][0]["names"]
        )
        again = Evening.load(evening.folder)
        again.enrol("b4", None, 4)
        again.save()
        broker.write_config(again)
        have = again.prefix("b4") + "/have"
        assert wait_until(lambda: connects(port, "b4", again.board_password("b4")))
        b4 = Inbox(port, [have], "b4", again.board_password("b4"))
        inboxes.append(b4)
        assert wait_until(lambda: b4.payloads(have) == [b"0 0"])
    finally:
        for inbox in inboxes:
            inbox.close()
        run.send_signal(signal.SIGINT)
        output, _ = run.communicate(timeout=20)
    assert "table 4: board b4 enrolled" in output, output


def connects(port, user, password):
    reason = attempt(port, user, password)
    return reason is not None and not reason.is_failure


def test_the_organiser_s_password_is_never_on_the_command_line_nor_echoed(evening, mosquitto):
    """`--broker mqtt://organiser:PW@host` kept the password in /proc/PID/cmdline all
    evening, and a URL that did not parse was echoed whole. The password comes from
    secrets.json (the organiser's user), a file, ARDOISE_BROKER_PASSWORD or a prompt."""
    port = evening.settings["broker"]["port"]
    password = evening.secrets["organiser"]
    for url, said in (
        ("mqtt://organiser:%s@127.0.0.1:%d" % (password, port), "in the process list"),
        ("organiser:%s@127.0.0.1:%d" % (password, port), "looks like mqtt://USER@HOST:1883"),
        ("mqtt://organiser:%s@127.0.0.1:x%d" % (password, port), "port is not a number"),
        ("mqtt://organiser:%s@" % password, "looks like mqtt://USER@HOST:1883"),
    ):
        result = ardoise("evening", "run", evening.folder, "--broker", url)
        assert result.returncode == 1 and said in result.stderr, (url, result.stderr)
        assert password not in result.stdout + result.stderr, result.stderr
    page = free_port()
    options = ("--broker", "mqtt://organiser@127.0.0.1:%d" % port, "--page-port", page)
    run = Run(evening, *options, "--page-host", "127.0.0.1")
    try:
        wait_for_page(page, run.process)
        with open("/proc/%d/cmdline" % run.process.pid, "rb") as file:
            assert password.encode() not in file.read()
    finally:
        output = run.stop()
    assert "the broker at mqtt://organiser@127.0.0.1:%d keeps running" % port in output, output
    assert "stops the evening's broker" not in output and password not in output
    # A password given apart wins over secrets.json: here a wrong one, refused.
    written = evening.folder.parent / "password.txt"
    written.write_text("not the organiser's\n")
    for given in (("--broker-password-file", written), ()):
        result = ardoise(
            "evening", "run", evening.folder, *options, *given,
            ARDOISE_BROKER_PASSWORD="not the organiser's either",
        )  # fmt: skip
        assert result.returncode == 1 and "the broker refused the organiser" in result.stderr
        assert "not the organiser" not in result.stdout + result.stderr
    # Another user than the organiser's, without a terminal to ask on: said how.
    result = ardoise("evening", "run", evening.folder, "--broker", "mqtt://b1@127.0.0.1:1")
    assert result.returncode == 1
    assert "the password of b1" in result.stderr and "ARDOISE_BROKER_PASSWORD" in result.stderr


def test_the_organiser_s_password_is_asked_without_echo(evening, mosquitto):
    """Another user than the organiser's, on a terminal: asked, never echoed."""
    import fcntl
    import pty
    import select
    import subprocess
    import sys
    import termios

    port, page = evening.settings["broker"]["port"], free_port()
    password = evening.board_password("b1")  # a user of this broker, with its own password
    main, terminal = pty.openpty()

    def own_terminal():  # the child's controlling terminal, as a shell's would be
        os.setsid()
        fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)

    command = [sys.executable, "-m", "host_tools", "evening", "run", str(evening.folder),
               "--broker", "mqtt://b1@127.0.0.1:%d" % port, "--page-port", str(page)]  # fmt: skip
    run = subprocess.Popen(
        command, cwd=ROOT, stdin=terminal, stdout=terminal, stderr=terminal,
        preexec_fn=own_terminal,
    )  # fmt: skip
    os.close(terminal)
    seen = b""
    try:

        def read_until(text, timeout=20):
            nonlocal seen
            deadline = time.monotonic() + timeout
            while text not in seen and time.monotonic() < deadline:
                if select.select([main], [], [], 0.2)[0]:
                    try:
                        seen += os.read(main, 4096)
                    except OSError:  # the terminal's other end closed
                        break
            return text in seen

        assert read_until(b"password of b1"), seen
        os.write(main, password.encode() + b"\r")
        assert read_until(b"the live ranking"), seen
    finally:
        run.send_signal(signal.SIGINT)
        try:
            run.wait(20)
        except subprocess.TimeoutExpired:
            run.kill()
            run.wait()
        os.close(main)
    assert password.encode() not in seen, seen


def test_a_run_started_again_keeps_when_each_board_was_last_seen(evening):
    """A restarted `run` said "never seen" of boards that had sent 200 lines."""
    from tests.evening.boards import Board

    lines = (ROOT / "tests" / "logs" / "bruus-schwesing.jsonl").read_bytes().splitlines()
    page = evening.settings["page_port"]
    boards = []
    run = Run(evening, "--page-host", "127.0.0.1")
    try:
        wait_for_page(page, run.process)
        boards.append(Board(evening, "b1", {1: lines}))
        boards[0].write(3)
        assert boards[0].wait_held((1, 3), 20), run.output
        run.stop()
        boards[0].close()
        run = Run(evening, "--page-host", "127.0.0.1")
        wait_for_page(page, run.process)
        boards.append(Board(evening, "b2", {1: lines}))  # a standing made again, and saved
        boards[1].write(2)
        assert boards[1].wait_held((1, 2), 20), run.output

        def tables():
            with urllib.request.urlopen("http://127.0.0.1:%d/state" % page, timeout=5) as reply:
                return json.loads(reply.read())["tables"]

        assert wait_until(lambda: tables()[1]["seen"]), tables()
        shown = tables()
        status = ardoise("evening", "status", evening.folder)
    finally:
        for board in boards:
            board.close()
        run.stop()
    assert shown[0]["board"] == "b1" and shown[0]["seen"], shown
    assert status.returncode == 0, status.stderr
    said = status.stdout.splitlines()
    assert said[1].startswith("  table 1, board b1 (seen at %s)" % shown[0]["seen"]), said
    assert said[2].startswith("  table 2, board b2 (online, seen at "), said
