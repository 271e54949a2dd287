"""The slate's terminal, as the simulator (host_tools/sim/simulator.py) and the
emulated Pico's (host_tools/emulator/sim.py) show it: the keys typed
as key events, the panel drawn in a box with the legend and the console.

termios and tty are POSIX-only: they are imported when a terminal is taken,
so that the commands that need none start on Windows too.
"""

import os
import sys

from host_tools.common import CommandError

# Terminal input to key events, longest sequences first.
TERMINAL_KEYS = [
    (b"\x1b[1;2D", "P"),
    (b"\x1b[1;2C", "N"),
    (b"\x1b[D", "p"),
    (b"\x1bOD", "p"),
    (b"\x1b[C", "n"),
    (b"\x1bOC", "n"),
    (b"a", "p"),
    (b"A", "P"),
    (b"d", "n"),
    (b"D", "N"),
    (b"s", "o"),
    (b" ", "o"),
    (b"\r", "o"),
    (b"\n", "o"),
    (b"S", "O"),
    (b"\x7f", "O"),
    (b"\x08", "O"),
    (b"e", "x"),
]
QUIT = b"q"
LEGEND = [
    "←/a Prev   →/d Next   Enter/space/s OK   e Extra   q quit",
    "held: A or Shift+← undo · D or Shift+→ menu · S or Backspace back",
]
CONSOLE_LINES = 4


class SimError(CommandError):
    """Something the simulator cannot do, said for the person at the keys."""


def split_keys(data):
    """(key events, the bytes left over): the bytes at the end that may be the
    start of a key's sequence (a read cut through it) wait for the next read;
    events None if q (quit) is among them."""
    events = []
    while data:
        if data.startswith(QUIT):
            return None, b""
        for sequence, event in TERMINAL_KEYS:
            if data.startswith(sequence):
                events.append(event)
                data = data[len(sequence) :]
                break
        else:
            if any(sequence.startswith(data) for sequence, _ in TERMINAL_KEYS):
                break
            data = data[1:]  # a key the slate has no use for
    return "".join(events), data


def render(frame, columns, lines, *, title, note, console):
    """The terminal's lines: title, the panel in a box, the keys, a note and the console.

    Half blocks (two pixel rows a character) when the terminal is wide and
    tall enough, else braille dots (2x4 pixels a character).
    """
    height = frame.height if frame is not None else 64
    full = columns >= 130 and lines >= height // 2 + 3 + len(LEGEND) + 1
    width = 128 if full else 64
    if frame is None:
        panel = [" " * width] * (height // (2 if full else 4))
    elif full:
        panel = frame.text()
    else:
        panel = frame.braille()
    if frame is not None and not frame.on:
        note = "screen off: any key wakes it"
    elif frame is not None and frame.dimmed:
        note = "screen dimmed: any key wakes it"
    screen = [title, "┌" + "─" * width + "┐"]
    screen += ["│" + row + "│" for row in panel]
    screen += ["└" + "─" * width + "┘", *LEGEND, note, *console[-CONSOLE_LINES:]]
    return [line[:columns] for line in screen[:lines]]


class Terminal:
    """The terminal as the simulator needs it: keys at once, unechoed, on a screen of its own."""

    def __enter__(self):
        import termios
        import tty

        self.saved = termios.tcgetattr(sys.stdin)
        tty.setcbreak(sys.stdin)
        self.write("\x1b[?1049h\x1b[?25l")
        return self

    def __exit__(self, *exc):
        import termios

        self.write("\x1b[?25h\x1b[?1049l")
        termios.tcsetattr(sys.stdin, termios.TCSADRAIN, self.saved)

    def write(self, text):
        # UTF-8 whatever the locale says: the blocks are not ASCII.
        os.write(sys.stdout.fileno(), text.encode("utf-8"))

    def draw(self, lines):
        self.write("\x1b[H" + "\x1b[K\r\n".join(lines) + "\x1b[K\x1b[J")
