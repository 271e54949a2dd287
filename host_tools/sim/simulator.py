"""The slate on the PC: the unchanged firmware under MicroPython, its screen in a terminal.

    ardoise sim [--board NAME] [--height 32] [--root DIR]
    ardoise sim --keys "ok ok ok ok ok" --png SCREEN.png [--board ...]

The firmware (firmware/, as sources) runs under MicroPython's unix port from
.venv with the stand-in `machine` (host_tools/standin/sim.py), as a child
process: keys go to it on its stdin, the panel's pictures come back on a
pipe and are drawn here. A folder is the board's filesystem (--root): the
match, its archive and the settings stay there between runs, as on the
board's flash. In a terminal it is sim-flash/ unless --root says otherwise;
a run with --keys or --png and no --root plays on a fresh temporary folder,
removed afterwards, so that a script never touches the match left in
sim-flash/.

In a terminal, the keys are:

    ←  a         Prev          A  Shift+←       Prev held (undo)
    →  d         Next          D  Shift+→       Next held (menu)
    Enter space s  OK          S  Backspace     OK held (back)
    e            Extra         q                quit

Every key typed is one press, however fast: keys typed while the slate is
still pressing the last one wait in line. Terminals send no key-up, so a
held press has keys of its own; it is held for 0.8 s. Time runs as on the
board: after the sleep delay of the settings the screen dims (goes off with
no match open, or after the off delay), and the first key then only wakes it.

With --keys or --png the simulator plays a key sequence without a terminal
and prints the final screen (--png: saves it as a picture; it is the same
for the same keys every time, time moving only with the keys). The sequence
is words separated by spaces:

    prev next ok extra    a short press
    hold:KEY              KEY held for 0.8 s (hold:prev is undo on the slate)
    wait:MS               MS milliseconds without a key (a note on the slate
                          goes after 2500)
    WORD*N                the same N times: next*3

--board picks a board file from boards/ (host, the default, pico,
esp32_devkit...) or a path to one; --height 32 makes its panel a 128x32 one.
"""

import argparse
import contextlib
import os
import pathlib
import select
import signal
import subprocess
import sys
import tempfile
import threading

from host_tools.common import (
    MICROPYTHON,
    ROOT,
    STANDIN,
    check_outputs,
    end_on_signals,
    micropython_path,
)
from host_tools.sim.boards import board_file, describe
from host_tools.sim.screen import FrameReader
from host_tools.sim.terminal import SimError, Terminal, render, split_keys

DEFAULT_ROOT = ROOT / "sim-flash"
RESET = 3  # the child's exit status for machine.reset()
# The child's key events (host_tools/standin/sim.py): press, then held.
PRESS = {"prev": "p", "next": "n", "ok": "o", "extra": "x"}
WAIT_EVENT_MS = 100


def parse_keys(text):
    """A key sequence ("ok next*2 hold:prev wait:3000") as the child's key events."""
    events = []
    for word in text.split():
        name, _, times = word.partition("*")
        if times and not times.isdigit():
            raise SimError("%r: a repeat is *N, a number" % word)
        kind, _, argument = name.partition(":")
        if kind in PRESS and not argument:
            event = PRESS[kind]
        elif kind == "hold" and argument in PRESS:
            event = PRESS[argument].upper()
        elif kind == "wait" and argument.isdigit():
            event = "w" * -(-int(argument) // WAIT_EVENT_MS)
        else:
            raise SimError(
                "unknown key %r: use prev, next, ok, extra, hold:KEY, wait:MS, "
                "each with *N to repeat" % word
            )
        events.append(event * int(times or 1))
    return "".join(events)


class Board:
    """The firmware running in a MicroPython child process, on the board file `path`."""

    def __init__(self, path, height, root, mode):
        root.mkdir(parents=True, exist_ok=True)
        self.screen, screen_out = os.pipe()
        self.process = subprocess.Popen(
            [
                str(MICROPYTHON),
                str(STANDIN / "sim.py"),
                str(path.resolve()),
                str(height),
                str(screen_out),
                mode,
            ],
            cwd=root,
            env=dict(os.environ, MICROPYPATH=micropython_path(STANDIN)),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            pass_fds=(screen_out,),
            start_new_session=True,  # Ctrl-C in the terminal is for the simulator
        )
        os.close(screen_out)

    def close(self):
        """Stop the board if it runs, and let go of its pipes (again: nothing happens)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            stream.close()
        if self.screen is not None:
            os.close(self.screen)
            self.screen = None


def play(path, height, root, events, timeout=300):
    """Play the key events on a board started in `root`: the final screen (a Frame)
    and what the firmware printed on its console."""
    board = Board(path, height, root, "scripted")
    reader = FrameReader()
    frames = []

    def collect():
        while chunk := os.read(board.screen, 65536):
            frames.extend(reader.feed(chunk))

    collector = threading.Thread(target=collect)
    collector.start()
    try:
        console, _ = board.process.communicate(events.encode(), timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        raise SimError("the keys were not played within %d s" % timeout) from expired
    finally:
        if board.process.poll() is None:
            board.process.kill()
        collector.join()
        board.close()
    status = board.process.returncode
    if status == RESET:
        raise SimError("the board reset itself while playing the keys:\n" + console.decode())
    if status != 0 or not frames:
        raise SimError("the firmware stopped (status %d):\n%s" % (status, console.decode()))
    return frames[-1], console.decode("utf-8", "replace")


def interactive(path, height, root):
    """Run the slate in this terminal until q."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise SimError(
            "the simulator needs a terminal; in a script use --keys and --png (see --help)"
        )
    title = "Ardoise · %s · 128x%d · flash: %s" % (describe(path)["name"], height, root)
    board = Board(path, height, root, "realtime")
    reader = FrameReader()
    frame, note, console, shown = None, "", [], None
    typed = b""  # the start of a key's sequence, cut by a read
    try:
        with Terminal() as terminal:
            signal.signal(signal.SIGWINCH, lambda *_: None)  # wakes select() to redraw
            while True:
                size = os.get_terminal_size(sys.stdout.fileno())
                lines = render(
                    frame, size.columns, size.lines, title=title, note=note, console=console
                )
                if lines != shown:
                    terminal.draw(lines)
                    shown = lines
                watched = [sys.stdin, board.screen, board.process.stdout]
                try:
                    readable, _, _ = select.select(watched, [], [], 0.5)
                except InterruptedError:
                    continue
                if sys.stdin in readable:
                    # Every key typed is one press, however many come at once.
                    events, typed = split_keys(typed + os.read(sys.stdin.fileno(), 4096))
                    if events is None:
                        return
                    send(board, events)
                    note = ""
                if board.screen in readable:
                    frame = (reader.feed(os.read(board.screen, 65536)) or [frame])[-1]
                if board.process.stdout in readable:
                    output = os.read(board.process.stdout.fileno(), 4096)
                    console = (console + output.decode("utf-8", "replace").splitlines())[-50:]
                if board.process.poll() is not None:
                    board.close()
                    if board.process.returncode != RESET:
                        raise SimError(
                            "the firmware stopped (status %d):\n%s"
                            % (board.process.returncode, "\n".join(console))
                        )
                    note = "reset: the board started again"
                    board = Board(path, height, root, "realtime")
                    reader = FrameReader()
    finally:
        board.close()


def send(board, events):
    try:
        board.process.stdin.write(events.encode())
        board.process.stdin.flush()
    except BrokenPipeError:
        pass  # the board is restarting: the key is lost, as on a board


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise sim",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 2)[2],
    )
    parser.add_argument("--board", default="host", help="a board from boards/ or a board file")
    parser.add_argument("--height", type=int, choices=(64, 32), help="the panel's height")
    parser.add_argument(
        "--root",
        help="the board's filesystem, kept between runs (default: sim-flash/ in a terminal;"
        " with --keys or --png a fresh temporary folder, removed afterwards)",
    )
    parser.add_argument("--keys", help="play these keys without a terminal (syntax below)")
    parser.add_argument("--png", help="save the final screen as this PNG")
    args = parser.parse_args(argv)
    end_on_signals()
    try:
        path = board_file(args.board)
        height = args.height or describe(path)["oled"]["height"]
        headless = args.keys is not None or args.png is not None
        with contextlib.ExitStack() as cleanup:
            if args.root is not None:
                root = pathlib.Path(args.root)
            elif headless:
                root = pathlib.Path(cleanup.enter_context(tempfile.TemporaryDirectory()))
            else:
                root = DEFAULT_ROOT
            # Nothing the flash holds (the journal, the settings) nor the board file.
            flash = (file for file in root.rglob("*") if file.is_file())
            check_outputs([args.png], [path, *flash])
            if not headless:
                interactive(path, height, root)
                return 0
            frame, console = play(path, height, root, parse_keys(args.keys or ""))
        sys.stderr.write(console)  # a crash's trace, say: as a board's USB console shows it
        if args.png:
            try:
                with open(args.png, "wb") as file:
                    file.write(frame.png())
            except OSError as error:
                raise SimError("cannot write %s: %s" % (args.png, error.strerror)) from error
        else:
            print("\n".join(frame.text()))
    except KeyboardInterrupt:
        return 130
    return 0
