"""A match folded from its log: the game's state plus the events in force.

Undo re-folds the events still in force from the match event on, so every
undo restores exactly the state before the event it takes back, across a
finished deal, a resolved cape or a won game alike.
"""

import gc
import json
from array import array

from micropython import const

from scoring.events import Refused, check_keys, shown

_CHUNK = const(32)

# A game is one more module here: scoring/<name>.py with a Game class.
GAMES = ("brouc", "bruus", "brusquembelle")


def rules_for(header):
    """The Game class named by a match event's "game"."""
    name = header.get("game")
    if name not in GAMES:
        raise Refused("unknown_game", shown(name))
    # Loading a game's code is the largest allocation of a fold: collect
    # first so that it lands in one piece on a small, fragmented board heap.
    gc.collect()
    package = __import__("scoring." + name)
    return getattr(package, name).Game


class Codes:
    """The packed codes of the events in force, oldest first.

    Kept in arrays of 32 codes (128 bytes): a whole match is a few hundred
    codes, and one growing array would need an ever larger free block of a
    fragmented board heap.
    """

    def __init__(self):
        self._chunks = []
        self._count = 0

    def __len__(self):
        return self._count

    def __iter__(self):
        for chunk in self._chunks:
            for code in chunk:
                yield code

    def append(self, code):
        if self._count % _CHUNK == 0:
            self._chunks.append(array("i"))
        self._chunks[-1].append(code)
        self._count += 1

    def last(self):
        return self._chunks[-1][-1]

    def pop(self):
        """Remove and return the newest code."""
        chunk = self._chunks[-1]
        code = chunk[-1]
        self._count -= 1
        if len(chunk) == 1:
            self._chunks.pop()
        else:
            self._chunks[-1] = chunk[:-1]  # MicroPython arrays have no pop()
        return code


class Match:
    """One match: `apply` each event; the state is `game` (see state())."""

    def __init__(self, header):
        if type(header) is not dict:
            raise Refused("not_object")
        if header.get("ev") != "match":
            raise Refused("first_match")
        names = header.get("names")
        if names is not None:  # common to every game, so read here
            header = dict(header)
            del header["names"]
        self.game = rules_for(header)(header)
        self.names = None
        if names is not None:
            from scoring.names import player_names

            self.names = player_names(names, self.game.seats)
        self.in_force = Codes()

    def apply(self, event):
        """Fold one event in, or raise Refused and change nothing."""
        if type(event) is not dict:
            raise Refused("not_object")
        name = event.get("ev")
        if type(name) is not str:
            raise Refused("no_ev")
        if name == "undo":
            check_keys(event, ())
            self.undo()
        elif name == "match":
            raise Refused("match_again")
        else:
            code = self.game.encode(event)
            self.game.apply(code)
            self.in_force.append(code)

    def undo(self):
        """Take back the most recent event still in force."""
        if not self.in_force:
            raise Refused("nothing_to_undo")
        self.in_force.pop()
        self.game.reset()
        for code in self.in_force:
            self.game.apply(code)

    def last_event(self):
        """The event that an undo would take back, or None."""
        return self.game.decode(self.in_force.last()) if self.in_force else None

    def state(self):
        state = self.game.state()
        if self.names:
            state["names"] = list(self.names)
        return state


class LogError(Exception):
    """A match log that cannot be folded: `line` is 1-based, `reason` says why."""

    def __init__(self, line, reason):
        super().__init__(line, reason)
        self.line = line
        self.reason = reason

    def __str__(self):
        return "line %d: %s" % (self.line, self.reason)


def fold_lines(lines):
    """Fold match-log lines (str or UTF-8 bytes) into a Match.

    Blank lines are skipped but counted. Raises LogError at the first line
    that is not JSON or that the rules refuse.
    """
    match = None
    number = 0
    for line in lines:
        number += 1
        if type(line) is not str:
            try:
                line = line.decode("utf-8")
            except UnicodeError:
                raise LogError(number, "not valid UTF-8") from None
        line = line.strip()
        if not line:
            continue
        if "\x00" in line:  # MicroPython's json would stop there and read half a line
            raise LogError(number, "not valid JSON")
        try:
            event = json.loads(line)
        except Exception:  # ValueError, or too deeply nested: RecursionError, RuntimeError
            raise LogError(number, "not valid JSON") from None
        try:
            if match is None:
                match = Match(event)
            else:
                match.apply(event)
        except Refused as refusal:
            raise LogError(number, str(refusal)) from None
    if match is None:
        raise LogError(number + 1, "the log has no match event")
    return match
