"""The board files in boards/, found by name, for the simulator and the deploy tool."""

import importlib.util
import pathlib

from host_tools.common import BOARDS, CommandError

# The PC's own board file: the stand-in `machine`, nothing to flash.
HOST = "host"


class BoardError(CommandError):
    """A board that cannot be used, with what to choose instead."""


def names():
    """The boards in boards/, by file name."""
    return sorted(path.stem for path in BOARDS.glob("*.py"))


def board_file(board, offered=None):
    """The board file for `board`: a name from boards/ ("pico") or a path to a .py file.

    A refusal offers `offered`, else every board in boards/.
    """
    offered = ", ".join(names() if offered is None else offered)
    if not board:
        raise BoardError("no board given: choose one of %s" % offered)
    path = pathlib.Path(board)
    if path.suffix == ".py":
        if not path.is_file():
            raise BoardError("no board file %s" % board)
        return path
    path = BOARDS / (board + ".py")
    if "/" in board or not path.is_file():
        raise BoardError("no board %r: choose one of %s" % (board, offered))
    return path


def describe(path):
    """The board file's describe(): its wiring, as the firmware reads it.

    A button given as a bare pin number is completed as firmware/ardoise/
    hardware.py completes it: (pin, "up", "low"), a button to GND on the
    internal pull-up."""
    spec = importlib.util.spec_from_file_location("board_" + path.stem, path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
        description = module.describe()
        buttons = description["buttons"]
        for role, wiring in buttons.items():
            if type(wiring) is int:
                buttons[role] = (wiring, "up", "low")
        return description
    except Exception as error:
        raise BoardError("%s is not a board file: %s" % (path, error)) from error
