"""Player names, read only when a match event names its players.

Kept out of the modules every fold loads: most matches name no one, and a
board's heap is small.
"""

from scoring.match import Refused, shown


def player_names(names, seats):
    """The optional "names" of a match event: one name per seat, or None.

    They label the seats on the screen and let a tournament report add up
    each player's points across matches with changing partners.
    """
    if names is None:
        return None
    if type(names) is not list or len(names) != seats:
        raise Refused("bad_value", "names", "a list of %d names" % seats, shown(names))
    return tuple(map(_text, names))


def _text(name):
    """`name` as 1 to 16 characters of text, the same on CPython and MicroPython.

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
    if not raw or len(name) > 16:
        raise Refused("bad_value", "names", "names of 1 to 16 characters", shown(name))
    return name
