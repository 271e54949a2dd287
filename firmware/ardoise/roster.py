"""The roster: the players' names kept on the board, for naming a match's seats.

`<folder>/roster.txt`, one name per line in UTF-8, written from the laptop
(`ardoise roster`, which says why a name is refused) or by the slate. Read
a line at a time, so a file of any size costs one short line of heap: at
most MOST names of at most LONGEST characters are kept; a line that is too
long, blank, not UTF-8 as CPython reads it, holds a control character, or
repeats a name is left out, so any file gives a usable roster.

Written safely, as the settings are: the whole list goes to roster.tmp,
flushed, then replaces roster.txt; roster.tmp alone is a replacement whose
rename was cut, read as the roster. Loaded only while the roster is used.
"""

import json

from micropython import const

from ardoise import journal
from scoring.match import _syntax  # the check every journal line passes

MOST = const(32)
LONGEST = const(12)
_LINE = const(52)  # 12 characters of up to 4 bytes, spaces and CR LF: longer is no name
_FILE = "/roster.txt"
_TEMPORARY = "/roster.tmp"


def name_of(raw):
    """The name in the bytes `raw` (a line, its spaces and end aside), or None."""
    raw = raw.strip(b" \t\r\n")
    if not raw or len(raw) > _LINE - 4 or min(raw) < 32 or raw.find(b"\x7f") >= 0:
        return None
    try:
        name = raw.decode()
    except UnicodeError:
        return None
    # MicroPython decodes bytes that are no UTF-8 (overlong forms, surrogates)
    # and the journal would write them back as they are: judge the line the
    # match event will be, as every reader of the log does.
    if len(name) > LONGEST or _syntax(json.dumps(name).encode()):
        return None
    return name


def load(folder):
    """The names in the roster, in its order: [] without one; OSError if flash fails."""
    names = []  # type: list[str]
    for path in (folder + _FILE, folder + _TEMPORARY):
        try:
            file = open(path, "rb")
        except OSError as error:
            if error.args[0] == 2:  # ENOENT: the next, or none
                continue
            raise
        with file:
            while len(names) < MOST:
                line = file.readline(_LINE)
                if not line:
                    break
                if len(line) == _LINE and not line.endswith(b"\n"):
                    while line and not line.endswith(b"\n"):  # no name: skip to its end
                        line = file.readline(_LINE)
                    continue
                name = name_of(line)
                if name and name not in names:
                    names.append(name)
        break
    return names


def save(folder, names):
    """Make `names` the roster; ValueError for a name the roster cannot hold,
    OSError if flash refuses (the old roster or the new one stands, whole)."""
    if len(names) > MOST:
        raise ValueError("most")
    data = b""
    for index, name in enumerate(names):
        if name_of(name.encode()) != name or names.index(name) < index:
            raise ValueError(name)
        data += name.encode() + b"\n"
    os = journal.os
    path = folder + _FILE
    temporary = folder + _TEMPORARY
    journal.write_file(open, temporary, data)
    try:
        os.rename(temporary, path)
    except OSError:
        # Some ports will not rename over a file; roster.tmp is read meanwhile.
        journal.discard(path)
        os.rename(temporary, path)
    journal._sync()
