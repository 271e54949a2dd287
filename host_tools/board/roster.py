"""Put the players' names on a board: `make roster PORT=/dev/ttyACM0 FILE=names.txt`.

    ardoise roster --port PORT FILE     the names in FILE become the board's roster
    ardoise roster --port PORT --clear  the board keeps no roster
    ardoise roster --port PORT          the roster on the board, as the slate reads it

FILE holds one name per line, in UTF-8 (lines end at a newline alone;
blank lines are skipped, spaces and tabs around a name dropped, a byte
order mark is no character); a file without a name is refused, since
clearing the roster is --clear's job. The slate
offers these names for each seat of a new match. Every name is checked
first, and any problem stops the command before the board is touched, with
the line it is on: a name the match log takes (the rules core's one check,
scoring/names.py: no control character), at most 32 names
(firmware/ardoise/roster.py), each of 1 to 12 characters that the slate's
font can draw (firmware/ardoise/font.py: ASCII and the accented letters of
French and German, "Rösli", "Émile"), each once, none of them "-" (the
slate's empty seat). The file goes to the board's data/roster.txt whole or
not at all (written to roster.tmp, then renamed, with the slate's end
line), and is read back to check it.
PORT=virtual and PORT=emulated reach the virtual and the emulated board.
"""

import argparse
import ast
import pathlib
import unicodedata

from host_tools.board.link import add_port_arguments, connect, hand_back
from host_tools.common import FIRMWARE, CommandError, plural
from host_tools.logs.seats import ANONYMOUS
from scoring.names import refusal

KEEPS = "the board keeps its roster (to clear it: --clear)"

# Relative, as the firmware names data/ (see board_id.py).
WRITE = """
import os
try:
    os.mkdir("data")
except OSError:
    pass
with open(%(temporary)r, "wb") as file:
    file.write(%(data)r)
try:
    os.rename(%(temporary)r, %(path)r)
except OSError:
    os.remove(%(path)r)
    os.rename(%(temporary)r, %(path)r)
with open(%(path)r, "rb") as file:
    print(repr(file.read()))
"""


def write_on_board(link, path, data):
    """Write the bytes `data` to the board's `path` (data/NAME.EXT) whole: to data/NAME.tmp,
    then renamed; the bytes read back from it."""
    temporary = path.rsplit(".", 1)[0] + ".tmp"
    return link.evaluate(WRITE % {"temporary": temporary, "path": path, "data": data})


# The names as the slate reads them, with the firmware's own reader.
SHOW = """
try:
    from ardoise import roster
except ImportError:
    print("None")
else:
    print(repr([name.encode() for name in roster.load("data")]))
"""


class RosterError(CommandError):
    """A roster file that cannot go on the board; the message says where and why."""


def _source(path):
    return ast.parse((FIRMWARE / path).read_text(encoding="utf-8"))


def _constant(tree, name):
    """The value assigned to `name` at the top of a module: 32, const(32) or "...""."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [
            name
        ]:
            value = node.value
            if isinstance(value, ast.Call):  # const(32)
                value = value.args[0]
            return ast.literal_eval(value)
    raise LookupError(name)


def limits():
    """(most names, longest name, characters the font draws beyond ASCII), from the firmware."""
    roster = _source("ardoise/roster.py")
    return (
        _constant(roster, "MOST"),
        _constant(roster, "LONGEST"),
        _constant(_source("ardoise/font.py"), "CHARACTERS"),
    )


def drawable(char, extra):
    return " " <= char <= "~" or char in extra


def check(data, label="the file", most=None, without=KEEPS):
    """The names in the bytes `data`, or RosterError naming every problem; `most`
    names at most (the slate's roster by default); `without`, what a file
    without a name means to the command."""
    slate_most, longest, extra = limits()
    most = most or slate_most
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise RosterError(
            "%s line %d: not UTF-8 text (save the file as UTF-8)" % (label, line)
        ) from None
    names = []
    where = {}
    problems = []
    # A byte order mark is no character: an editor's mark, once a file or once a line.
    # A line ends at "\n" alone, as the slate reads it: "\x85" or "\u2028" inside
    # a line is in the name (and refused there), not the end of one.
    for number, line in enumerate(text.replace("\ufeff", "").split("\n"), 1):
        # NFC: "é" typed as e and a combining accent is the one letter the font has.
        name = unicodedata.normalize("NFC", line).strip(" \t\r")
        if not name:
            continue
        problem = name_problem(name, longest, extra)
        if problem:
            problems.append("line %d: %s" % (number, problem))
        elif name in where:
            problems.append("line %d: %r is already on line %d" % (number, name, where[name]))
        else:
            where[name] = number
            names.append(name)
    if not names and not problems:
        raise RosterError("%s holds no names: %s" % (label, without))
    if len(names) > most:
        problems.append("%d names: the slate keeps at most %d" % (len(names), most))
    if problems:
        raise RosterError("%s cannot be the roster:\n  %s" % (label, "\n  ".join(problems)))
    return names


def name_problem(name, longest=None, extra=None):
    """Why `name` (NFC, stripped) cannot be a player's name on the slate, or None."""
    if longest is None:
        _, longest, extra = limits()
    undrawable = sorted({char for char in name if not drawable(char, extra)})
    # The spec's rule; a name too long for the slate is said below, with its limit.
    why = refusal(name) if len(name) <= longest else None
    if name in ANONYMOUS:
        return "%r is the slate's empty seat, not a name" % name
    if why:
        return "%r is no name: a match log takes %s%s" % (
            name,
            why,
            "".join(", not " + shown(char) for char in undrawable),
        )
    if undrawable:
        return "%r has %s, which the slate cannot draw" % (
            name,
            ", ".join(shown(char) for char in undrawable),
        )
    if len(name) > longest:
        return "%r is %d characters: at most %d" % (name, len(name), longest)
    return None


def shown(char):
    if char.isprintable() and not char.isspace():
        return repr(char)
    return "U+%04X %s" % (ord(char), unicodedata.name(char, "").lower() or "(a control)")


def roster_bytes(names):
    """The roster file of `names`, as the slate writes it: a name a line, then
    the end line (a control character and the bytes before it), so that a
    roster.tmp left alone by a cut is taken only whole (firmware/ardoise/roster.py)."""
    data = "".join(name + "\n" for name in names).encode("utf-8")
    return data + b"\x04%d\n" % len(data)


def put(port, names, virtual_flash):
    """Write `names` as the board's roster; the bytes read back from it."""
    data = roster_bytes(names)
    with connect(port, virtual_flash) as link:
        try:
            stored = write_on_board(link, "data/roster.txt", data)
        finally:
            hand_back(link, "roster")
    if stored != data:
        raise RosterError("the board kept something else than was sent: try again")
    return stored


def show(port, virtual_flash):
    """The roster on the board as the slate reads it, or None without the slate."""
    with connect(port, virtual_flash) as link:
        try:
            stored = link.evaluate(SHOW)
        finally:
            hand_back(link, "roster")
    return None if stored is None else [name.decode("utf-8") for name in stored]


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise roster",
        description="Put a list of player names on a board (or show the one it has).",
    )
    add_port_arguments(parser)
    what = parser.add_mutually_exclusive_group()
    what.add_argument("file", nargs="?", help="the names, one per line, in UTF-8")
    what.add_argument("--clear", action="store_true", help="leave the board without a roster")
    args = parser.parse_args(argv)
    flash = pathlib.Path(args.virtual_flash)
    if args.clear:
        put(args.port, [], flash)
        print("roster on the board: none (cleared)")
        return 0
    if args.file is None:
        names = show(args.port, flash)
        if names is None:
            raise RosterError("the slate is not on this board: make deploy first")
        print("the roster on the board: %s" % (", ".join(names) or "no names"))
        return 0
    try:
        data = pathlib.Path(args.file).read_bytes()
    except OSError as error:
        raise RosterError("cannot read %s: %s" % (args.file, error.strerror)) from None
    names = check(data, args.file)
    put(args.port, names, flash)
    print("roster on the board: %s: %s" % (plural(len(names), "name"), ", ".join(names)))
    return 0
