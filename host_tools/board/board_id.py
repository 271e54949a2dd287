"""Each board's short id, kept on its flash: which slate a pulled log came from.

`ardoise deploy ... --id NAME` sets it; without --id a board keeps the id it
has, and a board without one gets one derived from its unique id (four hex
digits: a CRC of machine.unique_id(), the same every time), or is asked for
one at the terminal when it has no unique id. The id is one line in
data/board_id.txt, beside the matches and the settings, so a new deploy
keeps it. `ardoise pull-log` names the logs it pulls after it and puts them
in a folder of that name; the tournament report reads it back from there.
"""

import re
import sys
import zlib

from host_tools.common import CommandError

# Relative, as the firmware names data/: the unix port (the virtual board) fails a
# rename between two absolute paths under its "/" mount.
PATH = "data/board_id.txt"
MOST = 12
# Into file and folder names, on every PC: no spaces, no accents.
SHAPE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,%d}" % (MOST - 1))
# Names Windows keeps for its devices, in any case and with any extension:
# a folder "con" cannot be made there, so pull-log could not copy the logs.
WINDOWS = re.compile(r"(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?", re.IGNORECASE)

# Printed by the board: (the id it keeps or None, its unique id in hex or None).
PROBE = """
def _board_id():
    try:
        with open(%r) as file:
            kept = file.read(64).strip()
    except OSError:
        kept = None
    try:
        import binascii, machine
        unique = binascii.hexlify(machine.unique_id()).decode()
    except Exception:
        unique = None
    print(repr((kept or None, unique)))
_board_id()
""" % (PATH,)

WRITE = """
import os
try:
    os.mkdir("data")
except OSError:
    pass
with open(%r + ".tmp", "w") as file:
    file.write(%%r)
os.rename(%r + ".tmp", %r)
""" % (PATH, PATH, PATH)


class BoardIdError(CommandError):
    """An id that cannot name a board; the message says what one looks like."""


def check(board_id):
    """`board_id` if it can name a board's folder and files, else BoardIdError."""
    if not SHAPE.fullmatch(board_id or ""):
        raise BoardIdError(
            "a board id is 1 to %d letters or digits (also - and _ after the first), "
            "not %r" % (MOST, board_id)
        )
    if WINDOWS.fullmatch(board_id):
        raise BoardIdError(
            "%r cannot be a board id: Windows keeps that name for a device, and the "
            "board's logs go into a folder named after its id" % board_id
        )
    return board_id


def usable(board_id):
    """Whether `board_id` can name a board's folder and files (check's rules)."""
    try:
        check(board_id)
    except BoardIdError:
        return False
    return True


def derived(unique):
    """The default id of a board whose unique id is `unique` (hex): 4 hex digits."""
    return "%04x" % (zlib.crc32(bytes.fromhex(unique)) & 0xFFFF)


def read(link):
    """The board's id as kept on it, else derived from its unique id; None if neither.

    Returns (id or None, how it was found: "kept" or "from its unique id").
    """
    kept, unique = link.evaluate(PROBE)
    if kept and usable(kept):
        return kept, "kept"
    if unique:
        return derived(unique), "from its unique id"
    return None, ""


def choose(link, given, ask=input):
    """The id deploy gives the board: --id, its own, derived, or asked; (id, words)."""
    if given is not None:
        return check(given), "given"
    board_id, how = read(link)
    if board_id:
        return board_id, how
    if not sys.stdin.isatty():
        raise BoardIdError("the board has no unique id to name it by: give it one with --id NAME")
    while True:
        try:
            answer = ask("This board has no unique id. A short id for it (e.g. 3): ")
        except EOFError:
            raise BoardIdError("no board id given: give one with --id NAME") from None
        try:
            return check(answer.strip()), "asked"
        except BoardIdError as error:
            print(error, file=sys.stderr)


def write(link, board_id):
    """Keep `board_id` on the board (written whole, then renamed into place)."""
    link.run("exec", WRITE % check(board_id))
