"""Flashing a board from the PC and pulling its logs, against the virtual board.

The virtual board (host_tools/virtual/board.py) is MicroPython's unix port
behind a pseudo-terminal, with a folder as its flash: mpremote talks to it
as to a Pico. `make deploy BOARD=pico PORT=virtual` compiles and copies the
firmware to it; powered on again, it must run the slate that was copied
(its first screen is the reference boot frame). Failures on a real board
(no port, wrong board, no or an old MicroPython, full flash) are checked
through the functions that judge them, with the board's answers made up.
"""

import os
import pty
import select
import signal
import subprocess
import sys
import tty

import pytest

from host_tools.board import deploy, link
from host_tools.common import FIRMWARE, MICROPYTHON_LIB, NOT_COMPILED, ROOT, compile_file
from host_tools.sim.screen import Frame
from host_tools.virtual.board import VirtualBoard
from tests.support import processes
from tests.support.commands import ardoise

TIER = "micropython"

BOOT = Frame.from_pbm((ROOT / "tests" / "reference" / "64" / "boot.pbm").read_bytes())
EXAMPLE = ROOT / "docs" / "examples" / "etivaz-match.jsonl"


def tool(*args, **environment):
    return ardoise(*args, timeout=300, **environment)


@pytest.fixture
def virtual_board(tmp_path):
    """`ardoise virtual-board` running; its port, its flash folder."""
    flash = tmp_path / "flash"
    process = subprocess.Popen(
        [sys.executable, "-m", "host_tools", "virtual-board", "--flash", str(flash)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        assert line.startswith("virtual board on /dev/"), line
        yield line.split()[3], flash
        process.send_signal(signal.SIGINT)  # Ctrl-C
        assert process.wait(timeout=10) == 0
    finally:
        processes.end(process)  # if it has not ended: it and its MicroPython child
        process.stdout.close()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_virtual_board_ends_on_a_signal_even_started_with_sigint_ignored(tmp_path, signum):
    """As a job run with `&` by a non-interactive shell starts it: SIGINT ignored."""
    process = subprocess.Popen(
        [sys.executable, "-m", "host_tools", "virtual-board", "--flash", str(tmp_path / "flash")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    try:
        assert process.stdout.readline().startswith("virtual board on /dev/")
        interpreter = processes.wait_for(lambda: processes.descendants(process.pid))
        assert interpreter, "no MicroPython behind the virtual board"
        process.send_signal(signum)
        assert process.wait(timeout=10) == 0
        assert not [pid for pid in interpreter if processes.alive(pid)]
    finally:
        processes.end(process)
        process.stdout.close()


def mpremote(port, *args):
    result = subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", port, *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_mpremote_works_on_the_virtual_board(virtual_board, tmp_path):
    port, flash = virtual_board
    assert mpremote(port, "resume", "exec", "print(6 * 7)") == "42\n"
    (tmp_path / "note.txt").write_text("chalk")
    mpremote(
        port, "resume", "fs", "mkdir", ":data", "+", "fs", "cp", tmp_path / "note.txt", ":data/"
    )
    assert (flash / "data" / "note.txt").read_text() == "chalk"
    assert "note.txt" in mpremote(port, "resume", "fs", "ls", ":data")
    assert mpremote(port, "resume", "fs", "cat", ":data/note.txt") == "chalk"
    # The board's filesystem is the folder, its root "/", as on a board.
    assert mpremote(port, "resume", "exec", "import os; print(os.listdir('/'))") == "['data']\n"
    # A soft reset starts a fresh interpreter: what the last one defined is gone.
    mpremote(port, "resume", "exec", "left = 1")
    assert mpremote(port, "resume", "eval", "'left' in globals()") == "True\n"
    assert mpremote(port, "soft-reset", "eval", "'left' in globals()") == "False\n"
    assert mpremote(port, "eval", "1 + 1") == "2\n"  # mpremote's own soft reset first


def test_the_friendly_repl_answers_like_a_boards(tmp_path):
    (tmp_path / "main.py").write_text("print('main.py ran')\n")
    with VirtualBoard(tmp_path) as board:
        console = os.open(board.port, os.O_RDWR | os.O_NOCTTY)
        try:

            def say(line, until):
                os.write(console, line)
                heard = b""
                while not heard.endswith(until):
                    assert select.select([console], [], [], 10)[0], heard
                    heard += os.read(console, 4096)
                return heard

            say(b"\r", b">>> ")
            # The banner's prompt and the one answering that return can come
            # apart on a loaded machine: let the line fall quiet first.
            while select.select([console], [], [], 0.5)[0]:
                os.read(console, 4096)
            assert say(b"x = 6 * 7\r", b">>> ") == b"x = 6 * 7\r\n>>> "
            assert say(b"print(x)\r", b">>> ") == b"print(x)\r\n42\r\n>>> "
            # Ctrl-D: a soft reset, a fresh interpreter, main.py not run again.
            rebooted = say(b"\x04", b">>> ")
            assert b"MPY: soft reboot\r\n" in rebooted and b"main.py ran" not in rebooted
            assert say(b"print('x' in globals())\r", b">>> ").endswith(b"False\r\n>>> ")
            # machine.reset(): powered on again, main.py runs.
            assert b"main.py ran\r\n" in say(b"import machine; machine.reset()\r", b">>> ")
        finally:
            os.close(console)
        assert b"main.py ran" in board.console


def test_deploy_to_the_virtual_board_runs_the_slate(tmp_path):
    flash = tmp_path / "flash"
    (flash / "ardoise").mkdir(parents=True)
    (flash / "ardoise" / "app.py").write_text("raise ImportError('a stale source')")
    (flash / "data" / "archive").mkdir(parents=True)
    (flash / "data" / "archive" / "0001.jsonl").write_bytes(EXAMPLE.read_bytes())

    # Compiled in a temporary folder of its own (not build/deploy/, which
    # two deploys at once would share), and that folder removed once copied.
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    result = tool(
        "deploy",
        "--board",
        "pico",
        "--port",
        "virtual",
        "--virtual-flash",
        flash,
        TMPDIR=str(temporary),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert list(temporary.iterdir()) == []
    steps = [
        line for line in result.stdout.splitlines() if line[:2] in {"%d/" % n for n in range(1, 7)}
    ]
    assert [line[:3] for line in steps] == ["1/6", "2/6", "3/6", "4/6", "5/6", "6/6"]
    assert "MicroPython 1.29" in steps[1] and "mpy-cross 1.29" in steps[2]
    # Its flash is a folder on the PC's disk: no board has that much free.
    assert "a virtual board: its flash is the folder %s on this PC" % flash in steps[1]
    assert " free" not in steps[1]

    assert (flash / "board.py").read_bytes() == (ROOT / "boards" / "pico.py").read_bytes()
    assert (flash / "main.py").read_bytes() == (ROOT / "firmware" / "main.py").read_bytes()
    assert (flash / "ardoise" / "app.mpy").read_bytes()[:2] == b"M\x06"
    assert (flash / "umqtt" / "simple.mpy").read_bytes()[:2] == b"M\x06"
    assert not (flash / "ardoise" / "app.py").exists()  # the stale source would shadow app.mpy
    assert sorted(path.name for path in flash.rglob("*.py")) == ["board.py", "main.py"]
    assert (flash / "data" / "archive" / "0001.jsonl").read_bytes() == EXAMPLE.read_bytes()

    # Powered on again, the board runs what was deployed: the slate's first screen.
    with VirtualBoard(flash) as board:
        frame = board.wait_for_frame(BOOT.__eq__, timeout=60)
        assert frame == BOOT, board.console.decode()


def test_the_deploy_takes_umqtt_from_third_party(tmp_path):
    """What a deploy copies: the firmware's .mpy, main.py, the board file as
    board.py, and micropython-lib's umqtt.simple compiled from
    third_party/micropython-lib/ (issue 35: not among the firmware's own
    files), under its module's name, as the board imports it."""
    size = deploy.stage(ROOT / "boards" / "pico.py", tmp_path / "staged")
    staged = sorted(
        path.relative_to(tmp_path / "staged").as_posix()
        for path in (tmp_path / "staged").rglob("*")
        if path.is_file()
    )
    firmware = [
        path.relative_to(FIRMWARE).with_suffix(".mpy").as_posix()
        for path in FIRMWARE.rglob("*.py")
        if path.name not in NOT_COMPILED
    ]
    assert staged == sorted(firmware + ["board.py", "main.py", "umqtt/simple.mpy"])
    assert not (FIRMWARE / "umqtt").exists()
    alone = compile_file(
        MICROPYTHON_LIB / "umqtt" / "simple.py", tmp_path / "simple.mpy", name="umqtt.simple"
    )
    assert (tmp_path / "staged" / "umqtt" / "simple.mpy").read_bytes() == alone.read_bytes()
    assert size == sum((tmp_path / "staged" / path).stat().st_size for path in staged)
    # Its licence travels with the repository, beside it.
    assert "MIT License" in (MICROPYTHON_LIB / "LICENSE").read_text(encoding="utf-8")


def test_pull_log_copies_the_journals_off_the_virtual_board(tmp_path):
    flash = tmp_path / "flash"
    (flash / "data" / "archive").mkdir(parents=True)
    (flash / "data" / "archive" / "0001.jsonl").write_bytes(EXAMPLE.read_bytes())
    (flash / "data" / "archive" / "0002.damaged").write_text("torn")
    (flash / "data" / "board_id.txt").write_text("t3\n")  # as deploy --id t3 leaves it
    current = '{"ev":"match","dealer":1,"game":"brouc","rules":"etivaz","target":5}\n'
    (flash / "data" / "match.jsonl").write_text(current)
    logs = tmp_path / "logs"

    pulled = tool("pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", logs)
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    # One folder per board, each file named after it.
    assert [path.name for path in logs.iterdir()] == ["t3"]
    board = logs / "t3"
    assert sorted(path.name for path in board.iterdir()) == [
        "t3-0001.jsonl",
        "t3-0002.damaged",
        "t3-0003.jsonl",  # the match on the slate, by the number its archive will give it
    ]
    assert (board / "t3-0001.jsonl").read_bytes() == EXAMPLE.read_bytes()
    assert (board / "t3-0003.jsonl").read_text() == current
    assert (flash / "data" / "match.jsonl").read_text() == current  # the board keeps its files
    assert "read it: ardoise slate %s" % (board / "t3-0001.jsonl") in pulled.stdout

    # Pulled again: the same files, left untouched.
    written = {path.name: path.stat().st_mtime_ns for path in board.iterdir()}
    again = tool("pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", logs)
    assert again.returncode == 0
    assert {path.name: path.stat().st_mtime_ns for path in board.iterdir()} == written
    # The match on the slate went on: its copy is brought up to date.
    (flash / "data" / "match.jsonl").write_text(current + '{"ev":"deal","trump":"H"}\n')
    again = tool("pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", logs)
    assert again.returncode == 0
    assert (board / "t3-0003.jsonl").read_bytes() == (flash / "data" / "match.jsonl").read_bytes()
    # Archived when a new match began: the same file, the same name.
    (flash / "data" / "match.jsonl").rename(flash / "data" / "archive" / "0003.jsonl")
    (flash / "data" / "match.jsonl").write_text(current)
    again = tool("pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", logs)
    assert again.returncode == 0, again.stderr
    assert (board / "t3-0003.jsonl").read_text() == current + '{"ev":"deal","trump":"H"}\n'
    assert (board / "t3-0004.jsonl").read_text() == current
    # Another board deployed with the same id: its 0001 is refused, nothing written.
    (flash / "data" / "archive" / "0001.jsonl").write_text("another slate's match\n")
    (flash / "data" / "archive" / "0005.jsonl").write_text("a new one\n")
    before = {path.name: path.read_bytes() for path in board.iterdir()}
    clash = tool("pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", logs)
    assert clash.returncode == 1
    assert "already holds other logs named t3-0001.jsonl" in clash.stderr
    assert {path.name: path.read_bytes() for path in board.iterdir()} == before
    assert "the board is reset: it goes on with the slate" in clash.stdout


def test_a_second_board_with_the_same_id_stops_the_pull_journal_included(tmp_path):
    """Issue 20 item 5: two boards deployed with one id, each with a match on the slate."""
    logs = tmp_path / "logs"
    boards = []
    for trump in "HS":
        flash = tmp_path / ("flash-" + trump)
        (flash / "data").mkdir(parents=True)
        (flash / "data" / "board_id.txt").write_text("t3\n")
        header = '{"ev":"match","dealer":1,"game":"brouc","rules":"etivaz","target":5}\n'
        (flash / "data" / "match.jsonl").write_text(header + '{"ev":"deal","trump":"%s"}\n' % trump)
        boards.append(flash)
    first = tool("pull-log", "--port", "virtual", "--virtual-flash", boards[0], "--to", logs)
    assert first.returncode == 0, first.stderr
    before = {path: path.read_bytes() for path in logs.rglob("*.*")}
    second = tool("pull-log", "--port", "virtual", "--virtual-flash", boards[1], "--to", logs)
    assert second.returncode == 1
    assert "already holds other logs named t3-0001.jsonl" in second.stderr
    assert {path: path.read_bytes() for path in logs.rglob("*.*")} == before


@pytest.mark.parametrize(
    "args, message",
    [
        (("--board", "pico"), "no port given"),
        (("--board", "pico", "--port", "/dev/ttyNOSUCH"), "no serial port /dev/ttyNOSUCH"),
        (
            ("--port", "virtual"),
            "no board given: choose one of esp32_c3, esp32_devkit, esp32_s3, pico",
        ),
        (
            ("--board", "nano", "--port", "virtual"),
            "choose one of esp32_c3, esp32_devkit, esp32_s3, pico",
        ),
        (("--board", "nano", "--port", "virtual"), "no board 'nano': choose one of"),
        (("--board", "host", "--port", "/dev/null"), "boards/host.py is the PC's stand-in"),
    ],
)
def test_deploy_refuses_bad_input_with_a_message(args, message):
    result = tool("deploy", *args)
    assert result.returncode == 1
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_port_without_micropython_behind_it_is_said_so():
    master, slave = pty.openpty()
    tty.setraw(slave)
    try:
        with pytest.raises(link.LinkError, match="did not answer within 2 s: is MicroPython"):
            link.Link(os.ttyname(slave)).evaluate("print(1)", timeout=2)
    finally:
        os.close(master)
        os.close(slave)


def probe(name="micropython", version=(1, 29, 0), mpy=0x0B06, free=800_000, replaced=0):
    return (name, version, mpy, "rp2", free, replaced)


def test_the_boards_micropython_is_checked():
    assert deploy.check_micropython(probe()) == "MicroPython 1.29.0 on rp2, 782 KiB free"
    # .mpy 6.1 reads the 6.3 bytecode: only native code needs the same sub-version.
    older = deploy.check_micropython(probe(version=(1, 20, 0), mpy=0x0106))
    assert older.startswith("MicroPython 1.20.0 on rp2") and "tested with 1.22 and 1.29" in older
    # The official release the emulated Pico runs (tests/pico) is a tested one.
    assert deploy.check_micropython(probe(version=(1, 22, 0), mpy=0x0106)).endswith("free")
    with pytest.raises(deploy.DeployError, match="1.18.0 on the board is too old .* 1.19 or newer"):
        deploy.check_micropython(probe(version=(1, 18, 0), mpy=5))
    with pytest.raises(deploy.DeployError, match="1.12.0 on the board is too old"):
        deploy.check_micropython(probe(version=(1, 12, 0), mpy=0))  # no sys.implementation._mpy
    with pytest.raises(deploy.DeployError, match="reads .mpy version 7, newer than"):
        deploy.check_micropython(probe(version=(2, 0, 0), mpy=7))
    with pytest.raises(deploy.DeployError, match="runs circuitpython, not MicroPython"):
        deploy.check_micropython(probe(name="circuitpython"))


def test_a_full_flash_stops_the_deploy_before_anything_is_removed():
    deploy.check_room(probe(free=10_000, replaced=60_000), 65_000)
    with pytest.raises(
        deploy.DeployError, match="filesystem is full: the slate needs 64 KiB, 59 KiB"
    ):
        deploy.check_room(probe(free=0, replaced=60_000), 65_000)
    assert link.explain("/dev/ttyACM0", "mpremote: cp: No space left on device.") == (
        "the board's filesystem is full"
    )


def test_pull_log_refuses_to_copy_into_the_virtual_boards_own_flash(tmp_path):
    flash = tmp_path / "flash"
    (flash / "data" / "archive").mkdir(parents=True)
    (flash / "data" / "archive" / "0001.jsonl").write_bytes(EXAMPLE.read_bytes())
    before = sorted(path for path in flash.rglob("*"))
    for target in (flash / "data", flash, tmp_path):  # into it, or a folder holding it
        result = tool("pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", target)
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert "will not write %s: it would replace %s" % (target, flash) in result.stderr
    assert sorted(path for path in flash.rglob("*")) == before


@pytest.mark.parametrize(
    "port, message",
    [
        ("/tmp", "/tmp is a folder, not a serial port"),
        (str(ROOT / "README.md"), "README.md is a file, not a serial port"),
        ("/dev/null", "/dev/null is a device but not a serial port"),
    ],
)
def test_a_path_that_is_no_serial_port_is_said_so(port, message):
    result = tool("pull-log", "--port", port, "--to", "/nonexistent/never-written")
    assert result.returncode == 1 and message in result.stderr
    assert "Thonny" not in result.stderr and "Traceback" not in result.stderr
