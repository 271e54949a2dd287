"""Checking one match-log event's shape, the same for every game.

Each game module turns a checked event into one small integer (its "code") so
that a whole match fits in a few hundred bytes of RAM on the board; undo then
re-folds the codes still in force.
"""

TEAMS = ("A", "B")
SUITS = ("H", "D", "C", "S")


class Refused(Exception):
    """An event the rules refuse: the state stays exactly as it was.

    `key` names the reason (a key of scoring.reasons.REASONS) so that the device can show it
    in the player's language; `values` fill in its text.
    """

    def __init__(self, key, *values):
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self):
        # Imported here: the texts cost RAM that a board folding a valid
        # journal never needs (the device shows its own translations).
        from scoring.reasons import REASONS

        return REASONS[self.key] % self.values


def shown(value):
    """A refused value as a reason quotes it: short, and never a deep repr
    (a line may hold JSON nested thousands deep)."""
    if type(value) is list:
        return "[...]"
    if type(value) is dict:
        return "{...}"
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "..."


def check_keys(event, required, optional=()):
    """Refuse a missing required key or a key the event does not know."""
    name = event["ev"]
    unknown = None
    for key in event:
        # The first unknown key in sorted order: MicroPython's dicts keep no
        # order, and the board and the PC give the same reason.
        if key != "ev" and key not in required and key not in optional:
            if unknown is None or key < unknown:
                unknown = key
    if unknown is not None:
        raise Refused("unknown_key", unknown, name)
    for key in required:
        if key not in event:
            raise Refused("missing_key", name, key)


def whole_number(event, key, low, high, default=None):
    """The integer `event[key]` within low..high (true and 1.0 are not numbers here)."""
    value = event.get(key, default)
    # type() rather than isinstance(): CPython counts True as an int.
    if type(value) is not int or value < low or value > high:
        raise Refused("bad_value", key, "a whole number from %d to %d" % (low, high), shown(value))
    return value


def choice(event, key, options, default=None):
    """The index of `event[key]` in options."""
    value = event.get(key, default)
    for index, option in enumerate(options):
        if value == option and type(value) is type(option):
            return index
    raise Refused("bad_value", key, "one of " + ", ".join(options), shown(value))


def by_team(pair):
    """A per-team pair as the state prints it: {"A": ..., "B": ...}."""
    return {"A": pair[0], "B": pair[1]}
