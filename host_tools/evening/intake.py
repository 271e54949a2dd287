"""What a board sends, read once: bounded, validated, and shown escaped.

Every message the organiser takes from the broker goes through here before
anything else looks at it (run.py's callbacks), so that no payload, whatever
its bytes, can raise in the MQTT thread, become a path, a huge number or a
terminal's command. A message that does not fit raises `Unfit` with the
reason, which the organiser says with the board (escaped and bounded, as
`shown` gives any value from a board) and never stores.

- /line: `MATCH INDEX LINE`, the digits checked before any int() is made
  (Python refuses an int of more than 4,300 digits: the audit's poison line),
  MATCH from 1 and of MATCH_DIGITS at most, INDEX of INDEX_DIGITS, LINE at most the
  rules' LINE_LIMIT bytes and without a newline;
- /status: `online` or `offline`, nothing else.
"""

import host_tools  # noqa: F401  (puts the rules core on the path)
from host_tools.common import printable
from scoring import LINE_LIMIT

# A board numbers its matches from 1, as its archive names them (0001.jsonl...):
# a flash holds far fewer than 99,999, and pull-log's names stay short.
MATCH_DIGITS = 5
# A match's lines: the shortest line ({"ev":"undo"} and its newline) is 14 bytes,
# so a million of them would fill 14 MB of a board's flash with one match.
INDEX_DIGITS = 6
STATUSES = ("online", "offline")
SHOWN = 48  # characters of a refused value shown: enough to know it, never a flood


class Unfit(Exception):
    """A message that is not what the protocol says; str() is the reason, for people."""


def shown(value):
    """A value from a board as the tools show a name: quoted, every control character
    escaped (no terminal obeys it), bytes that are not UTF-8 as \\x escapes, and at
    most SHOWN characters of it."""
    if isinstance(value, bytes):
        value = value[: SHOWN * 4].decode("utf-8", "backslashreplace")
    # printable keeps a report's newlines; a board's value is one line
    text = printable(value[:SHOWN]).replace("\n", "\\x0a")
    return "'%s%s'" % (text, "..." if len(value) > SHOWN else "")


def number(part, name, digits):
    """The whole number `part` (bytes) of at most `digits` digits; else Unfit."""
    if not part.isdigit():
        raise Unfit("its %s is not a whole number: %s" % (name, shown(part)))
    if len(part) > digits:
        raise Unfit("its %s has %d digits (at most %d)" % (name, len(part), digits))
    return int(part)


def read_line(payload):
    """(match, index, line bytes) of a /line message; Unfit if it is not one."""
    parts = payload.split(b" ", 2)
    if len(parts) != 3:
        raise Unfit("not MATCH INDEX LINE: %s" % shown(payload))
    match = number(parts[0], "match number", MATCH_DIGITS)
    if match == 0:
        raise Unfit("its match number is 0 (a board numbers its matches from 1)")
    index = number(parts[1], "index", INDEX_DIGITS)
    line = parts[2]
    if len(line) > LINE_LIMIT:
        raise Unfit("its line is %d bytes (the rules take at most %d)" % (len(line), LINE_LIMIT))
    if b"\n" in line:
        raise Unfit("its line holds a newline: %s" % shown(line))
    return match, index, line


def read_status(payload):
    """The state a /status message says, online or offline; Unfit for anything else."""
    text = payload.decode("ascii", "replace") if len(payload) <= 16 else None
    if text not in STATUSES:
        raise Unfit("neither online nor offline: %s" % shown(payload))
    return text
