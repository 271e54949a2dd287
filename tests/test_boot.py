"""firmware/main.py as the board runs it: the copied board file, then the slate.

The deploy tool copies a board's file to the device as board.py; here the
host board's (boards/host.py) goes into a fresh folder, which is also the
working folder, as "/" is on a board, and the unchanged main.py runs under
MicroPython with the stand-in machine.
"""

import shutil
import subprocess

from host_tools.common import MICROPYTHON, ROOT, STANDIN, compile_file


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
