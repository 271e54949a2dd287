"""The organiser's copy of one board's journal, line by line, never guessed.

A board publishes each line of its journal as `MATCH INDEX LINE`: MATCH the
number its file carries (or will carry) in the board's archive, INDEX from 0
(line 0 is the match event). The copy holds, for the board:

- each match as `<board>-NNNN.jsonl`, NNNN its number on the board, the
  match on the slate included: the names `pull-log` gives the same files
  (host_tools/board/pull.py's log_name), so the evening folder is what
  pulling every board would give, byte for byte;
- state/<board>.json: the number of the match on the slate.

Each file is also kept folded by the rules core (fold.py), a line at a time
as it is appended: `logs()` gives the standing every match of the board
without reading or folding a file again.

What it holds is said by `have()`: (match, count), lines 0..count-1 of that
match and every earlier match whole; the organiser publishes it, retained,
and the board sends what follows. A line is appended at once, and synced to
the disk later, with the others that came meanwhile (`unsynced_now`,
`synced_to`; run.py's rounds): `synced` is what is on the disk for sure,
and only that is ever said held, so a laptop that dies loses no line a board
was told it holds. One sync a line would cap the organiser at the disk's
syncs per second (some 250 here). A line that does not follow is not
written: a gap or a line out of order asks for `have()` again; a line
already held is a duplicate if it is the same bytes, else a conflict (two
boards under one id), said and never written.

A new match's first line cannot tell whether the last lines of the match
before were lost on the way (a broker restarted, say). So it is taken only
when it comes again after the organiser has said once more what it holds:
a board that had more lines of the old match sends them first, and one of
them not taken (a gap, a full disk) puts the question again. A board
must therefore send a match's first line again only when a /have asks for
what follows it, never on its own.
"""

import json
import os
import re

from host_tools.board.pull import log_name
from host_tools.evening.fold import Fold
from host_tools.evening.folder import EveningError, write_json, write_whole
from host_tools.evening.intake import MATCH_DIGITS

TAKEN = "taken"
DUPLICATE = "duplicate"
GAP = "gap"  # not the next line: ask again with have()
CONFIRM = "confirm"  # a new match's first line: ask again, take it when it comes back
CONFLICT = "conflict"


class BoardCopy:
    """The journal of board `board` kept in `folder` (FOLDER/logs/<board>)."""

    def __init__(self, folder, state_path, board):
        self.folder = folder
        self.state_path = state_path
        self.board = board
        self.current = 0  # the match on the slate as far as the copy knows; 0: none yet
        self.count = 0  # lines of it held
        self.lines = []  # those lines, to know a duplicate without reading the file
        self.pending = None  # a new match whose first line came once
        self.folds = {}  # number: the Fold of its file
        self.unsynced = {}  # path: lines appended to it since it was last synced
        self.load()
        self.synced = self.have()  # held and on the disk for sure

    def path(self, number):
        """The file of match `number`: its name for good, as pull-log names it."""
        return self.folder / log_name(self.board, number)

    def load(self):
        self.current = self.read_state()
        self.lines = []
        if not self.current:
            self.count = 0
            return
        path = self.path(self.current)
        data = path.read_bytes() if path.exists() else b""
        whole = data[: data.rfind(b"\n") + 1]
        if whole != data:  # a line cut by a stop while it was written: it comes again
            with open(path, "r+b") as file:
                file.truncate(len(whole))
        self.lines = whole.split(b"\n")[:-1]
        self.count = len(self.lines)
        self.folds = {}
        for path in self.files():
            number = number_of(path)
            held = whole if number == self.current else path.read_bytes()
            self.folds[number] = Fold.of(path, held)

    def read_state(self):
        """The match on the slate as state/<board>.json names it. One that names no
        match a board makes (a damaged file, or one an earlier version wrote from a
        board's number unchecked) is never made a path: the copy goes on from the
        highest match it holds, and `note` says so."""
        self.note = None
        try:
            current = json.loads(self.state_path.read_bytes())["current"]
        except FileNotFoundError:
            return 0
        except (ValueError, LookupError, TypeError):
            current = None
        if type(current) is int and 0 <= current < 10**MATCH_DIGITS:
            return current
        held = max((number_of(path) for path in self.files()), default=0)
        self.note = (
            "state/%s does not name a match a board makes: the copy goes on from the "
            "files it holds (match %d)" % (self.state_path.name, held)
        )
        return held

    def have(self):
        return self.current, self.count

    def unsynced_now(self):
        """(the files to sync, and what the copy holds once they are)."""
        return dict(self.unsynced), self.have()

    def synced_to(self, unsynced, have):
        """The files of `unsynced_now()` were synced: `have` is on the disk."""
        for path, count in unsynced.items():
            if self.unsynced.get(path) == count:  # nothing appended since
                del self.unsynced[path]
        self.synced = max(self.synced, have)

    def sync(self):
        """Sync every file appended to, now: all the copy holds is on the disk."""
        unsynced, have = self.unsynced_now()
        sync_files(unsynced)
        self.synced_to(unsynced, have)

    def receive(self, number, index, line):
        """What to do with line `index` of match `number`: TAKEN (written), DUPLICATE,
        GAP, CONFIRM or CONFLICT, and a text for a conflict."""
        if number == self.current:
            # A line of the match on the slate not held yet, taken or not (a gap, a
            # full disk): the board has more of it, so a next match's first line
            # that came before waits for the /have said after this one.
            if index >= self.count:
                self.pending = None
            if index == self.count:
                self.append(line)
                return TAKEN, None
        if number > self.current and index == 0 and (self.count or not self.current):
            if self.pending == number:
                self.begin(number, line)
                return TAKEN, None
            if self.pending is not None and number > self.pending:
                # The match asked about comes first: a resend holds both, in order,
                # and taking turns between them would never end.
                return GAP, None
            self.pending = number
            return CONFIRM, None
        held = self.held_line(number, index)
        if held is None:
            return GAP, None
        if held == line:
            return DUPLICATE, None
        return CONFLICT, (
            "board %s sent line %d of match %d unlike the one held: are two boards "
            "using the id %s? The copy keeps the first."
            % (self.board, index + 1, number, self.board)
        )

    def held_line(self, number, index):
        """Line `index` of match `number` as held, or None if not held."""
        if number > self.current or (number == self.current and index >= self.count):
            return None
        if number == self.current:
            return self.lines[index]
        path = self.path(number)
        try:
            lines = path.read_bytes().split(b"\n")
        except FileNotFoundError:
            return None  # a match the board skipped (a damaged journal)
        return lines[index] if index < len(lines) - 1 else None

    def append(self, line):
        path = self.path(self.current)
        path.parent.mkdir(parents=True, exist_ok=True)
        append_bytes(path, line + b"\n")  # the file whole, or unchanged (a full disk)
        self.unsynced[path] = self.unsynced.get(path, 0) + 1
        self.count += 1
        self.lines.append(line)
        if self.current not in self.folds:  # its file was not there at load: begun now
            self.folds[self.current] = Fold(path)
        self.folds[self.current].add(line)

    def begin(self, number, line):
        """The board began match `number` (the match before keeps its file and name)."""
        # The match before on the disk first: the copy never moves on from lines
        # a power cut could take. Then the new number, before the new file: a
        # stop in between leaves no file for it, and the first line comes again.
        self.sync()
        try:
            write_json(self.state_path, {"current": number})
            write_whole(self.path(number), line + b"\n")
        except OSError:  # a full disk: the copy is what the disk holds, asked again later
            self.load()
            self.pending = None
            self.synced = max(self.synced, self.have())  # what the disk holds, synced
            raise
        self.current, self.count, self.pending, self.lines = number, 1, None, [line]
        self.folds[number] = Fold(self.path(number))
        self.folds[number].add(line)
        self.synced = self.have()  # write_whole synced it

    def logs(self):
        """{path: MatchLog or LogError} of each match held, as read_match_log reads its file."""
        return {fold.path: fold.log() for fold in self.folds.values()}

    def files(self):
        """The files named as log_name names the board's matches (no other)."""
        found = self.folder.glob("%s-[0-9]*.jsonl" % self.board)
        return sorted(
            path for path in found if re.fullmatch(r"[0-9]+", path.stem[len(self.board) + 1 :])
        )


def append_bytes(path, data):
    """Append `data` to the file at `path` whole, or raise OSError (a full disk) with the
    file as it was: a piece written before the error is cut off again."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.lseek(descriptor, 0, os.SEEK_END)
        try:
            done = 0
            while done < len(data):
                done += os.write(descriptor, data[done:])
        except OSError:
            os.ftruncate(descriptor, size)  # cutting needs no room
            raise
    finally:
        os.close(descriptor)


def number_of(path):
    """The match number of a file named as log_name names it."""
    return int(path.stem.rpartition("-")[2])


def sync_files(paths):
    """Sync each file of `paths` to the disk (its lines appended are then kept)."""
    for path in paths:
        descriptor = os.open(path, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def as_on_slate(evening, board):
    """The board's matches as the copy holds them, as a slate's flash holds them: a
    spare board (spare.py) or a table's new phone (phones.py) gets them and plays on.
    (the number of the match on the slate, 0 for none, and [(path under the slate's
    data/, bytes)]: each earlier match in archive/ under its number, an empty
    NNNN.damaged for a number the copy never had, the match on the slate as
    match.jsonl; whole lines only). Only read: `run` may append meanwhile."""
    try:
        current = json.loads((evening.state / (board + ".json")).read_text())["current"]
    except FileNotFoundError:
        return 0, []
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise EveningError("refuse_copy_state", board=board, error=error) from None
    files = []
    for number in range(1, current + 1):
        try:
            data = (evening.logs / board / log_name(board, number)).read_bytes()
        except FileNotFoundError:  # a number the board gave a damaged journal
            data = None
        if number == current:
            files.append(("match.jsonl", (data or b"")[: (data or b"").rfind(b"\n") + 1]))
        elif data is None:
            files.append(("archive/%04d.damaged" % number, b""))
        else:
            files.append(("archive/%04d.jsonl" % number, data[: data.rfind(b"\n") + 1]))
    return current, files
