"""The serial line to a board, through mpremote: one command at a time, failures said plainly.

    with connect("/dev/ttyACM0") as link:       # or "virtual": a virtual board
        link.run("exec", "print(1)")

The first command of a connection soft-resets the board (which stops the
slate running on it, with a clean heap for what follows); the next ones
`resume`. Every failure becomes a LinkError whose message says what to do.
"""

import ast
import contextlib
import os
import pathlib
import re
import stat
import subprocess
import sys

from serial.tools import list_ports

from host_tools.common import CommandError
from host_tools.virtual.board import DEFAULT_FLASH, VirtualBoard

VIRTUAL = "virtual"
EMULATED = "emulated"  # an emulated Pico running MicroPython's rp2 release (emulator/)
INSTALL_HINT = "is MicroPython installed on it? (README: Installing MicroPython)"


class LinkError(CommandError):
    """The board cannot be reached or refused a command; the message says why."""


def add_port_arguments(parser):
    """The options every command that talks to a board takes: --port and --virtual-flash."""
    parser.add_argument("--port", help="the board's serial port, or virtual")
    parser.add_argument(
        "--virtual-flash",
        default=str(DEFAULT_FLASH),
        help="the virtual board's filesystem (with --port virtual); with --port emulated, "
        "the folder of the emulated Pico's flash image (default emulated-pico/)",
    )


def check_port(port):
    """Refuse a missing or absent port early, naming the ports this PC has."""
    if port in (VIRTUAL, EMULATED):
        return
    if not port:
        raise LinkError("no port given: PORT=/dev/ttyACM0, for example, or PORT=virtual" + found())
    if not os.path.exists(port) and not re.fullmatch(r"COM\d+", port):
        raise LinkError("no serial port %s: is the board plugged in?%s" % (port, found()))
    if os.path.exists(port) and not stat.S_ISCHR(os.stat(port).st_mode):
        raise LinkError(not_a_port(port))


def not_a_port(port):
    kind = "a folder" if os.path.isdir(port) else "a file"
    return "%s is %s, not a serial port%s" % (port, kind, found())


def is_terminal(port):
    """Whether the device `port` is a terminal (a serial port is one; /dev/null is not)."""
    try:
        descriptor = os.open(port, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return True  # cannot tell: say what mpremote says
    try:
        return os.isatty(descriptor)
    finally:
        os.close(descriptor)


def found():
    ports = sorted(port.device for port in list_ports.comports())
    if not ports:
        return " (no serial port on this PC now)"
    return " (serial ports on this PC: %s)" % ", ".join(ports)


@contextlib.contextmanager
def connect(port, virtual_flash=DEFAULT_FLASH):
    """A Link to the board on `port`; for "virtual", a virtual board on `virtual_flash`."""
    check_port(port)
    if port == EMULATED:
        from host_tools.emulator.pico import EmulatorError, serving

        folder = None if pathlib.Path(virtual_flash) == DEFAULT_FLASH else virtual_flash
        try:
            with serving(folder) as board:
                link = Link(board.port)
                link.board = board
                yield link
        except EmulatorError as error:
            raise LinkError(str(error)) from error
        return
    if port != VIRTUAL:
        yield Link(port)
        return
    with VirtualBoard(virtual_flash) as board:
        link = Link(board.port)
        link.board = board
        yield link


class Link:
    """mpremote on one serial port; `board` is the VirtualBoard behind it, if any."""

    def __init__(self, port):
        self.port = port
        self.board = None
        self.connected = False

    def run(self, *args, timeout=30):
        """mpremote's command line `args` on the board; its output."""
        command = [sys.executable, "-m", "mpremote", "connect", self.port]
        if self.connected:
            command.append("resume")
        try:
            result = subprocess.run(
                command + list(args), capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired as expired:
            raise LinkError(
                "the board on %s did not answer within %d s: %s"
                % (self.port, timeout, INSTALL_HINT)
            ) from expired
        if result.returncode:
            raise LinkError(explain(self.port, result.stdout + result.stderr))
        self.connected = True
        return result.stdout

    def evaluate(self, code, timeout=30):
        """Run `code`, which prints one Python literal, on the board; that value."""
        output = self.run("exec", code, timeout=timeout)
        try:
            return ast.literal_eval(output.strip())
        except (SyntaxError, ValueError) as error:
            raise LinkError("the board answered %r, not what was asked" % output) from error


def hand_back(link, command):
    """Reset the board, whose slate reaching its files stopped, so that it runs
    the slate again, whatever became of the command; False, once stderr says
    what to do, if the reset failed."""
    try:
        link.run("reset")
    except LinkError as error:
        print(
            "%s: the board could not be reset (%s): unplug it and plug it in again to "
            "get the slate back" % (command, error),
            file=sys.stderr,
        )
        return False
    return True


def explain(port, output):
    """mpremote's complaint in words a player can act on."""
    if "failed to access" in output or "could not open port" in output:
        # Opened only now that mpremote failed: opening a port can reset some boards.
        if os.path.exists(port) and not is_terminal(port):
            return "%s is a device but not a serial port%s" % (port, found())
        return "cannot open %s: is another program using it (Thonny, a serial terminal)?" % port
    if "could not enter raw repl" in output:
        return "no MicroPython answers on %s: %s" % (port, INSTALL_HINT)
    if "No space left on device" in output or "ENOSPC" in output:
        return "the board's filesystem is full"
    lines = [line for line in output.strip().splitlines() if line.strip()]
    return "mpremote failed on %s: %s" % (port, lines[-1] if lines else "no message")
