"""A match folded from its log: the game's state plus the events in force,
and the checking of one event's shape, the same for every game.

Each game module turns a checked event into one small integer (its "code") so
that a whole match fits in a few hundred bytes of RAM on the board; undo then
re-folds the codes still in force from the match event on, so every undo
restores exactly the state before the event it takes back, across a
finished deal, a resolved cape or a won game alike.
"""

import json
from array import array

from micropython import const

_CHUNK = const(32)

# The heap's policy, the device's to hand in (ardoise/app.py: gc.collect):
# called before the largest allocations of a fold and of a refusal's text,
# so that each lands in one piece on a small, fragmented board heap. None,
# the default, collects nothing: on CPython a collection of a host's many
# objects costs tenths of a second and saves nothing.
collect = None

TEAMS = ("A", "B")
SUITS = ("H", "D", "C", "S")


class Refused(Exception):
    """An event the rules refuse: the state stays exactly as it was.

    `key` names the reason (a key of scoring/reasons.py) so that the device can show it
    in the player's language; `values` fill in its text.
    """

    def __init__(self, key, *values):
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self):
        # The English text, from the part of the texts that holds its key
        # (scoring/reasons_<len(key) % 5>.py), loaded only here: the
        # texts cost RAM that a board folding a valid journal never needs
        # (the device shows its own translations). Garbage goes first where
        # the device asks for it (`collect`), so that the part costs little
        # more than the fold (tests/test_heap.py: at most 2 KiB more, for
        # every key). Imported relatively: its name is then a short
        # string, which match.mpy keeps as an interned name (as it kept
        # "scoring.reasons") rather than as one more object on the heap of
        # every fold; a fromlist gives the part itself.
        if collect:
            collect()
        key = self.key
        part = __import__("reasons_%d" % (len(key) % 5), globals(), None, "TEXT", 1)
        return line(part.TEXT, part.KEYS, key) % self.values


def place(keys, key):
    """The place of `key` among `keys`, bytes of names each between newlines
    (b"\\na\\nb\\n"; the rules' reasons, the screens' texts); None for no
    key of theirs. Bytes: a str's find and count walk its characters."""
    at = keys.find(b"\n%s\n" % key.encode())
    return None if at < 0 else keys.count(b"\n", 0, at)


def line(text, keys, key):
    """The line of `text` (a str or UTF-8 bytes, each line ending in a
    newline, or a tuple of lines) in the place of `key` among `keys`; None
    for no key of theirs."""
    at = place(keys, key)
    if at is None:
        return None
    if type(text) is tuple:
        return text[at]
    end = b"\n" if type(text) is bytes else "\n"
    start = 0
    for _ in range(at):
        start = text.find(end, start) + 1
    return text[start : text.find(end, start)]


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


def in_deal(game, opens):
    """Every game's deal rule, checked before anything changes: an event that
    begins a deal (`opens`) needs none open and opens it; any other needs one."""
    if opens:
        if game.deal_open:
            raise Refused("deal_open")
        game.deal_open = True
    elif not game.deal_open:
        raise Refused("no_deal")


def by_team(pair):
    """A per-team pair as the state prints it: {"A": ..., "B": ...}."""
    return {"A": pair[0], "B": pair[1]}


# The most bytes a line may hold, its newline aside: the board's journal and
# every reader on the PC stop there. The longest line the rules accept is a
# match event naming five players with 16 characters each, every character
# past U+FFFF, as CPython's json.dumps writes it by default (", " and ": ",
# each character escaped as a surrogate pair, 12 bytes): 1074 bytes
# (tests/core/test_lines.py builds it). 1280 leaves room for a CR before the
# newline and some more spaces.
LINE_LIMIT = const(1280)
_PIECE = const(64)  # what read_lines reads at once, unless told: a small heap's
# What _syntax expects next.
_VALUE = const(0)
_FIRST = const(1)  # a value, or "]" just after "["
_KEY = const(2)
_FIRST_KEY = const(3)  # a key, or "}" just after "{"
_COLON = const(4)
_AFTER = const(5)  # after a value: ",", a closer, or the end

# Every game, in the order a new match offers them. A game is its module
# here (scoring/<name>.py, with a Game class) and its line in this table:
# its name, then each of its rule sets (the first is a match event's
# default) with what it plays to, its target (coches, points or parties,
# matchsticks). Here, where every layer reads them without loading the
# game's rules; one string a line, which costs a board the least RAM.
GAMES = (
    "brouc etivaz:5 31:31 brou1802:12",
    "bruus schwesing:12 treia:10 two:12",
    "brusquembelle",
)


def declared(name):
    """The rule sets of the game `name` and the target of each, as two
    tuples (empty for a game played one way only), or None if there is no
    such game."""
    for line in GAMES:
        words = line.split()
        if words[0] == name:
            rules = []
            targets = []
            for word in words[1:]:
                rule, target = word.split(":")
                rules.append(rule)
                targets.append(int(target))
            return tuple(rules), tuple(targets)
    return None


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

    def extend(self, codes):
        """Append each code of the list `codes`, a chunk's worth at a time
        (the board's journal loads a match's codes so)."""
        done = 0
        while done < len(codes):
            if self._count % _CHUNK == 0:
                self._chunks.append(array("i"))
            more = codes[done : done + _CHUNK - self._count % _CHUNK]
            self._chunks[-1].extend(more)
            self._count += len(more)
            done += len(more)

    def last(self):
        return self._chunks[-1][-1]

    def pop(self):
        """Remove the newest code."""
        self._count -= 1
        chunk = self._chunks.pop()
        if len(chunk) > 1:
            self._chunks.append(chunk[:-1])  # MicroPython arrays have no pop()


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
        # The rules of the game the match event names. Loading a game's code
        # is the largest allocation of a fold: garbage goes first where the
        # device asks for it (`collect`).
        name = header.get("game")
        if declared(name) is None:
            raise Refused("unknown_game", shown(name))
        if collect:
            collect()
        self.game = getattr(__import__("scoring." + name), name).Game(header)
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
        self.deals()

    def deals(self, read=None, write=None):
        """`write(before, game)` for every finished deal, oldest first:
        `game` just after the event that ended the deal, `before` what
        `read(game)` gave just before it.

        The match's own game is folded again from the match event (which is
        all that undo does, with no `write`), so that nothing is allocated
        but what `read` gives. Should `write` raise, the game is left half
        folded: `deals()` folds it to the end again.
        """
        game = self.game
        game.reset()
        for code in self.in_force:
            before = write and read(game)
            deals = game.deals
            game.apply(code)
            if write and game.deals != deals:
                write(before, game)

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


def read_lines(file, piece=_PIECE):
    """The lines of the binary `file`, newline included, in bounded memory.

    A line over LINE_LIMIT bytes comes as its first LINE_LIMIT + 1 bytes,
    without its newline, which fold_lines refuses as too long, and ends the
    reading (/dev/zero, a line of a gigabyte). Read in pieces of `piece`
    bytes, the lines found in them by find(): a board's readline() reads a
    file a byte at a time, a fifth of its boot's fold. A larger piece reads
    faster and fragments a small heap more: the device chooses
    (ardoise/journal_files.py); the core's default keeps a 30-deal match
    folding in 25 KiB (tests/test_heap.py).
    """
    data = b""
    start = 0
    while True:
        end = data.find(b"\n", start, start + LINE_LIMIT + 1)
        if end >= 0:
            yield data[start : end + 1]
            start = end + 1
        elif len(data) - start > LINE_LIMIT:
            yield data[start : start + LINE_LIMIT + 1]
            return
        else:
            more = file.read(piece)
            if not more:
                if start < len(data):
                    yield data[start:]
                return
            data = data[start:] + more
            start = 0


def fold_lines(lines, match=None, number=0):
    """Fold match-log lines into a Match.

    `lines` are str or UTF-8 bytes, or a binary file (read by read_lines).
    A line is too long past LINE_LIMIT bytes (its newline aside), then must
    be one JSON value by _syntax; lines of JSON's blanks alone (space, tab,
    CR) are skipped but counted. Raises LogError at the first line that is
    too long, not JSON, or that the rules refuse. With `match`, the lines
    go on from it: the log's lines after its first `number` (the board's
    journal after the state kept beside it).
    """
    if hasattr(lines, "readline"):
        lines = read_lines(lines)
    # A log repeats a few short lines ("trick" A or B...): each is checked
    # once (a 30-deal log, 245 lines, in 59 kinds: _syntax is slow on a board).
    # The first 8 kept take 157 of its checks, the first 16 only 4 more, and
    # each costs the heap some 70 bytes (tests/test_heap.py: 25 KiB).
    checked = set()  # type: set[bytes]
    for line in lines:
        number += 1
        if type(line) is str:
            try:
                line = line.encode()  # judged as a file holds it
            except UnicodeError:  # CPython: a lone surrogate
                raise LogError(number, "not valid UTF-8") from None
        if len(line) - line.endswith(b"\n") > LINE_LIMIT:
            raise LogError(number, "too long")
        line = line.strip(b" \t\n\r")
        if not line:
            continue
        if line not in checked:
            reason = _syntax(line)
            if reason:
                raise LogError(number, reason)
            if len(line) <= 64 and len(checked) < 8:
                checked.add(line)
        try:
            event = json.loads(line)
        except Exception:
            raise LogError(number, "not valid JSON") from None
        try:
            if match is None:
                match = Match(event)
            else:
                match.apply(event)
        except Refused as refusal:
            # The fold ends: its match and garbage go before the text comes.
            checked = line = event = match = None
            raise LogError(number, str(refusal)) from None
    if match is None:
        raise LogError(number + 1, "the log has no match event")
    return match


def _syntax(line):  # noqa: C901, PLR0912, PLR0915  (one scan a byte, a board's hot loop)
    """Why the stripped bytes `line` are not one JSON value, or None.

    Exactly RFC 8259, which CPython's json reads (less NaN and Infinity,
    which JSON has not), after strict UTF-8, as CPython decodes it.
    MicroPython's json and decode take far more (`{"a" 1]`, `[1,,2,]`,
    `01`, `"\\x"`, control characters, overlong or surrogate UTF-8...), so
    every line is checked here first, and the board and the PC judge every
    line alike. A loop, not a recursion: a line may nest hundreds deep.
    """
    size = len(line)
    i = 0
    if max(line) > 127:
        while i < size:
            c = line[i]
            i += 1
            if c > 127:  # the shortest form, no surrogate, U+10FFFF at most
                more = (c > 223) + (c > 239)  # continuation bytes after the next
                low = 160 if c == 224 else 144 if c == 240 else 128
                high = 159 if c == 237 else 143 if c == 244 else 191
                if not (193 < c < 245 and i + more < size and low <= line[i] <= high):
                    return "not valid UTF-8"
                for c in line[i + 1 : i + 1 + more]:
                    if c >> 6 != 2:
                        return "not valid UTF-8"
                i += 1 + more
        i = 0
    closers = []  # type: list[int]  # what closes each open array or object: 93 "]", 125 "}"
    state = _VALUE
    try:  # ValueError; IndexError: the line ends within a value, or "," or "]" at the top
        while i < size:
            c = line[i]
            i += 1
            if c in b" \t\n\r":
                continue
            if c == 93 or c == 125:  # "]" or "}": after a value, or just after its opener
                if not state & 1 or closers.pop() != c:
                    raise ValueError
                state = _AFTER
            elif state == _AFTER:
                if c != 44:  # ","
                    raise ValueError
                state = _KEY if closers[-1] == 125 else _VALUE
            elif state == _COLON:
                if c != 58:
                    raise ValueError
                state = _VALUE
            elif c == 34:  # a string
                while True:
                    c = line[i]
                    i += 1
                    if c == 34:
                        break
                    if c < 32:
                        raise ValueError
                    if c == 92:  # an escape
                        c = line[i]
                        i += 1
                        if c == 117:  # \uXXXX
                            for c in line[i : i + 4]:
                                if c not in b"0123456789abcdefABCDEF":
                                    raise ValueError
                            i += 4
                        elif c not in b'"\\/bfnrt':
                            raise ValueError
                state = _COLON if state > _FIRST else _AFTER
            elif state > _FIRST:
                raise ValueError  # a key is a string
            elif c == 91 or c == 123:  # "[" or "{"
                closers.append(c + 2)
                state = _FIRST if c == 91 else _FIRST_KEY
            else:  # a literal or a number: its bytes, then what they must be
                start = i - 1
                while i < size and line[i] in b"0123456789+-.eEtrufalsn":
                    i += 1
                word = line[start:i]
                if word not in (b"true", b"false", b"null"):
                    # -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? is what
                    # float() reads, less "+1", ".5", "1.", "1.e5" and "01".
                    c = word[0] == 45  # where the digits begin
                    dot = word.find(b".")
                    if (
                        not 47 < word[c] < 58
                        or (word[c] == 48 and c + 1 < len(word) and 47 < word[c + 1] < 58)
                        or (dot > 0 and not (47 < word[dot - 1] < 58 and 47 < word[dot + 1] < 58))
                    ):
                        raise ValueError
                    float(word)
                state = _AFTER
        if state != _AFTER or closers:
            raise ValueError
    except (ValueError, IndexError):
        return "not valid JSON"
    return None
