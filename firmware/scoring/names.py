"""Player names, read only when a match event names its players.

Kept out of the modules every fold loads: most matches name no one, and a
board's heap is small.

`refusal` is the spec's rule for one name ("Player names": 1 to 16
characters, no control character, no space at either end), the one check
of every place a name is made or read: the match event here, the slate's
roster (ardoise/roster.py, also the web page's), `ardoise roster` and an
evening's players (host_tools/board/roster.py), a names file of `ardoise
tournament`.
"""

from scoring.match import Refused, shown

ANONYMOUS = "-"  # a seat nobody was named for: it may come more than once
LENGTH = "names of 1 to 16 characters"
CONTROL = "names without a control character"
SPACE = "names without a space at either end"
TWICE = "names each at one seat only"


def refusal(name):
    """What a name must be, if the text `name` is none (the text a bad_value
    of "names" gives); None for a name. Counted in characters (code points),
    on CPython and MicroPython alike."""
    if type(name) is not str or not 0 < len(name) <= 16:
        return LENGTH
    for char in name:  # U+0000-U+001F, U+007F-U+009F: newline, tab, escape...
        if char < " " or "\x7f" <= char <= "\x9f":
            return CONTROL
    if name[0] == " " or name[-1] == " ":
        return SPACE
    return None


def player_names(names, seats):
    """The optional "names" of a match event: one name per seat, or None.

    They label the seats on the screen and let a tournament report add up
    each player's points across matches with changing partners: so no name
    sits at two seats ("-", nobody named, aside).
    """
    if names is None:
        return None
    if type(names) is not list or len(names) != seats:
        raise Refused("bad_value", "names", "a list of %d names" % seats, shown(names))
    names = tuple(map(_text, names))
    for index, name in enumerate(names):
        if name != ANONYMOUS and name in names[:index]:
            raise Refused("bad_value", "names", TWICE, shown(name))
    return names


def _text(name):
    """`name` as a name by `refusal`, the same on CPython and MicroPython.

    JSON may escape any UTF-16 unit. A character past U+FFFF written as a
    surrogate pair ("\\ud83d\\ude00") is one character to CPython's json, but
    two 3-byte sequences (ED A0-AF .., ED B0-BF ..) to MicroPython's, which
    the journal would write back as bytes that are not UTF-8: they are joined
    here into the character's own 4 bytes. A lone surrogate is no character:
    refused on both.
    """
    raw = b""
    if type(name) is str:
        try:
            raw = name.encode()
        except UnicodeError:  # CPython: a lone surrogate
            raw = b""
    if b"\xed" in raw:  # surrogates are ED A0..ED BF (ED 80-9F is Hangul)
        text = bytearray()
        i = 0
        while i < len(raw):
            pair = raw[i : i + 6]
            if pair[0] == 237 and pair[1:2] > b"\x9f":
                if not (pair[1] < 176 and b"\xed\xb0" <= pair[3:5] < b"\xed\xc0"):
                    raw = b""  # a lone surrogate
                    break
                point = ((pair[1] & 15) << 16 | (pair[2] & 63) << 10) + 0x10000
                point += (pair[4] & 15) << 6 | pair[5] & 63
                for shift in (18, 12, 6, 0):
                    text.append((240 if shift == 18 else 128) | point >> shift & 63)
                i += 6
            else:
                text.append(raw[i])
                i += 1
        if raw:
            name = text.decode()
    why = refusal(name) if raw else LENGTH
    if why:
        raise Refused("bad_value", "names", why, shown(name))
    return name
