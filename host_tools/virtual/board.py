"""A MicroPython board on a serial line of the PC, for people without hardware and for CI.

    ardoise virtual-board [--flash DIR]

shows the board's screen in the terminal and takes the slate's keys, as
`ardoise sim` does, with its serial port (a pseudo-terminal, e.g.
/dev/pts/7) in the title, until q; without a terminal it prints the port
and runs until Ctrl-C or SIGTERM. Meanwhile `mpremote connect /dev/pts/7
...` works on it as on a Pico: `resume`, `exec`, `fs cp`, `fs ls`,
`soft-reset`, `reset`, `repl`. The board's filesystem is the folder DIR
(virtual-board/ at the root of the repository), kept between runs.

Behind the port runs MicroPython's unix port from .venv, with the stand-in
`machine` and host_tools/standin/virtual_boot.py, on a pseudo-terminal of
its own; this bridge copies bytes both ways and does what the unix port
cannot do for itself: a soft reset (the unix port exits on it) becomes
"MPY: soft reboot" and a fresh interpreter, in the raw REPL if it was there,
and machine.reset() a fresh interpreter that runs main.py, as a board does
after a reset. The display's pictures come out on a pipe of their own
(`frame`, `wait_for_frame`), and key presses go in on another (`press`).

Pseudo-terminals are POSIX's: pty, termios and fcntl are imported where a
board starts, so that deploy, pull-log and roster, which import this module
(through link.py) for PORT=virtual, start on Windows too.
"""

import argparse
import errno
import os
import pathlib
import re
import select
import signal
import subprocess
import sys
import threading

from host_tools.common import MICROPYTHON, ROOT, STANDIN, end_on_signals
from host_tools.sim.screen import read_frames
from host_tools.sim.terminal import Terminal, render, split_keys

DEFAULT_FLASH = ROOT / "virtual-board"
HARD_RESET = 3  # host_tools/standin/virtual_boot.py exits with it on machine.reset()
SOFT_REBOOT = b"MPY: soft reboot\r\n"
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_PROMPT = b">>> "
CONSOLE_KEPT = 8192


class VirtualBoard:
    """The board: `start()` powers it on, `port` is its serial port, `stop()` unplugs it."""

    def __init__(self, flash=DEFAULT_FLASH):
        self.flash = flash
        self.port = None
        self.console = b""  # the last of what the board printed, for diagnostics
        self._frame = None
        self._frames = threading.Condition()
        self._stopping = False
        self._child = None
        self._child_master = None
        self._tail = b""  # the last bytes the interpreter printed
        self._raw = False  # the last prompt was the raw REPL's
        self._back_to_raw = False  # enter the raw REPL at the next friendly prompt

    # -- plugging in and out -------------------------------------------------

    def start(self):
        import pty
        import tty

        self.flash.mkdir(parents=True, exist_ok=True)
        self._port_master, self._port_slave = pty.openpty()
        # The line is raw, as a USB serial port is; the slave stays open here,
        # so the port lives on between clients.
        tty.setraw(self._port_slave)
        os.set_blocking(self._port_master, False)
        self.port = os.ttyname(self._port_slave)
        self._screen_in, self._screen_out = os.pipe()
        self._keys_in, self._keys_out = os.pipe()
        self._power_on("power-on")
        self._pump_thread = threading.Thread(target=self._pump, daemon=True)
        self._pump_thread.start()
        self._screen_thread = threading.Thread(target=self._watch_screen, daemon=True)
        self._screen_thread.start()
        return self

    def stop(self):
        self._stopping = True
        self._kill()
        self._pump_thread.join()
        os.close(self._screen_out)
        self._screen_thread.join()
        for fd in (self._port_master, self._port_slave, self._screen_in):
            os.close(fd)
        for fd in (self._keys_in, self._keys_out):
            os.close(fd)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- the screen ----------------------------------------------------------

    @property
    def frame(self):
        """The display's latest picture (host_tools.sim.screen.Frame), or None."""
        with self._frames:
            return self._frame

    def wait_for_frame(self, accept, timeout):
        """The first picture for which accept(frame) is true, or None after `timeout` s."""
        with self._frames:
            if self._frames.wait_for(
                lambda: self._frame is not None and accept(self._frame), timeout
            ):
                return self._frame
        return None

    def press(self, events):
        """Press the slate's buttons: key events as the simulator's (p n o x a tap of
        Prev, Next, OK, Extra; P N O X held), played one after the other."""
        os.write(self._keys_out, events.encode())

    def _watch_screen(self):
        for frame in read_frames(self._screen_in):
            with self._frames:
                self._frame = frame
                self._frames.notify_all()

    # -- the interpreter behind the port ------------------------------------

    def _power_on(self, mode):
        """A fresh interpreter: `power-on` runs main.py, `soft-reset` goes to the REPL."""
        import pty
        import termios

        master, slave = pty.openpty()
        attributes = termios.tcgetattr(slave)
        # No echo, no line editing and output as written (no CR added before
        # LF), but Ctrl-C still a signal while a program runs, as on a board.
        attributes[1] &= ~termios.OPOST
        attributes[3] &= ~(termios.ECHO | termios.ICANON)
        termios.tcsetattr(slave, termios.TCSANOW, attributes)
        self._child = subprocess.Popen(
            [
                str(MICROPYTHON),
                "-i",
                str(STANDIN / "virtual_boot.py"),
                str(self.flash.resolve()),
                str(self._screen_out),
                str(self._keys_in),
                mode,
            ],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            pass_fds=(self._screen_out, self._keys_in),
            env=dict(os.environ, MICROPYPATH=str(STANDIN)),
            preexec_fn=_take_terminal,
        )
        os.close(slave)
        os.set_blocking(master, False)
        self._child_master = master
        self._tail = b""

    def _kill(self):
        if self._child is not None and self._child.poll() is None:
            self._child.kill()
            self._child.wait()

    def _pump(self):
        while not self._stopping:
            watched = [self._port_master]
            if self._child_master is not None:
                watched.append(self._child_master)
            readable, _, _ = select.select(watched, [], [], 0.1)
            if self._child_master in readable:
                self._from_interpreter()
            if self._port_master in readable:
                self._from_port()
        if self._child_master is not None:
            os.close(self._child_master)

    def _from_port(self):
        try:
            self._to_interpreter(os.read(self._port_master, 4096))
        except BlockingIOError:
            pass

    def _from_interpreter(self):
        try:
            data = os.read(self._child_master, 4096)
        except BlockingIOError:
            return
        except OSError as error:
            if error.errno != errno.EIO:
                raise
            self._restart()
            return
        # A board's console sends CR LF for each LF a program prints; the unix
        # port sends LF alone (its REPL's own lines are already CR LF).
        data = re.sub(rb"(?<!\r)\n", b"\r\n", data)
        if data.startswith(b"\r\n") and self._tail.endswith(b"\r"):
            data = data[1:]  # a CR LF cut between two reads
        self.console = (self.console + data)[-CONSOLE_KEPT:]
        self._tail = (self._tail + data)[-len(RAW_BANNER) - 1 :]
        if self._tail.endswith(FRIENDLY_PROMPT):
            self._raw = False
            if self._back_to_raw:
                self._back_to_raw = False
                self._to_interpreter(b"\x01")
        elif self._tail.endswith((RAW_BANNER + b">", b"\x04>")):
            self._raw = True
        self._to_port(data)

    def _restart(self):
        """The interpreter ended: a reset. Start the next one as the board would."""
        os.close(self._child_master)
        self._child_master = None
        status = self._child.wait()
        if self._stopping:
            return
        if status == HARD_RESET:
            self._power_on("power-on")
            return
        # A soft reset (Ctrl-D at the REPL, sys.exit()): no main.py, and back
        # into the raw REPL if that is where it happened.
        self._to_port(SOFT_REBOOT)
        self._back_to_raw = self._raw
        self._power_on("soft-reset")

    def _to_interpreter(self, data):
        if not data or self._child_master is None:
            return
        try:
            os.write(self._child_master, data)
        except OSError:
            # A program that reads no input while more comes in, or an
            # interpreter just ended: the bytes are lost, as on a serial line.
            pass

    def _to_port(self, data):
        try:
            os.write(self._port_master, data)
        except BlockingIOError:
            pass  # nobody reads the port: as on a serial line, the bytes are lost


def _take_terminal():
    """In the child: a session of its own with its terminal as the controlling
    one, so that Ctrl-C on that terminal reaches it as SIGINT."""
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise virtual-board",
        description="A MicroPython board on a pseudo-terminal, for mpremote.",
    )
    parser.add_argument("--flash", default=str(DEFAULT_FLASH), help="the board's filesystem")
    args = parser.parse_args(argv)
    end_on_signals()
    board = VirtualBoard(pathlib.Path(args.flash)).start()
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            interactive(board, args.flash)
            return 0
        print("virtual board on %s (flash: %s); Ctrl-C unplugs it" % (board.port, args.flash))
        sys.stdout.flush()
        while True:
            signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()
    return 0


def interactive(board, flash):
    """The board's screen in this terminal, the keys typed pressed on it, until q."""
    title = "Ardoise · virtual board on %s (mpremote connect %s) · flash: %s" % (
        board.port,
        board.port,
        flash,
    )
    shown = None
    typed = b""  # the start of a key's sequence, cut by a read
    with Terminal() as terminal:
        signal.signal(signal.SIGWINCH, lambda *_: None)  # wakes select() to redraw
        while True:
            size = os.get_terminal_size(sys.stdout.fileno())
            console = board.console.decode("utf-8", "replace").splitlines()
            lines = render(board.frame, size.columns, size.lines, title=title, note="",
                           console=console)  # fmt: skip
            if lines != shown:
                terminal.draw(lines)
                shown = lines
            try:
                readable, _, _ = select.select([sys.stdin], [], [], 0.05)
            except InterruptedError:
                continue
            if readable:
                events, typed = split_keys(typed + os.read(sys.stdin.fileno(), 4096))
                if events is None:
                    return
                board.press(events)


if __name__ == "__main__":
    sys.exit(main())
