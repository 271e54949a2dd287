"""Player names, read only when a match event names its players.

Kept out of the modules every fold loads: most matches name no one, and a
board's heap is small.
"""

from scoring.events import Refused, shown


def player_names(names, seats):
    """The optional "names" of a match event: one name per seat, or None.

    They label the seats on the screen and let a tournament report add up
    each player's points across matches with changing partners.
    """
    if names is None:
        return None
    if type(names) is not list or len(names) != seats:
        raise Refused("bad_value", "names", "a list of %d names" % seats, shown(names))
    for name in names:
        size = 0
        if type(name) is str:
            size = len(name)
            # A character past U+FFFF written as an escaped surrogate pair
            # ("\ud83d\ude00") is one character to CPython's json, two to
            # MicroPython's (two 3-byte sequences, ED A0-AF .. ED B0-BF ..):
            # count it once on both. CPython's str holds no such pair.
            try:
                raw = name.encode()
            except UnicodeError:  # CPython, a lone surrogate
                raw = b""
            for i in range(len(raw) - 5):
                if raw[i] == raw[i + 3] == 237 and raw[i + 1] >> 4 == 10 and raw[i + 4] >> 4 == 11:
                    size -= 1
        if not 0 < size <= 16:
            raise Refused("bad_value", "names", "names of 1 to 16 characters", shown(name))
    return tuple(names)
