"""The device's match journal: the current match as a match log on flash.

The journal is `<root>/match.jsonl`, in the match-log format
(shared/spec/match-log.md): one compact JSON event per line, the `match`
event first. An action counts as confirmed only once its whole line, newline
included, is on flash, so the journal owns the Match: `append` checks the
event with the rules core, writes its line, and takes the event back out of
the Match if the write fails.

Every change that is more than one append (cutting off a torn line, setting
a damaged journal aside, starting a new match) first writes the complete new
journal to `<root>/match.tmp`, then renames. A power loss at any moment
leaves either the old journal or the new one, and `load` finishes an
interrupted rename at the next boot.

Finished and damaged journals are kept, never deleted, in `<root>/archive/`
as NNNN.jsonl and NNNN.damaged, numbered in one sequence (the board has no
clock to name them by).
"""

import json
import os

from scoring import LogError, Match, Refused, fold_lines

try:
    from micropython import const
except ImportError:  # CPython

    def const(value):
        return value


# POSIX numbers, which MicroPython's OSError uses too (its errno module lacks ENOSPC).
ENOENT = const(2)
EIO = const(5)
EEXIST = const(17)
ENOSPC = const(28)

NEWLINE = const(10)
# Journal lines are under 100 bytes; a longer one is damage, read in pieces
# so that a flash page of garbage cannot exhaust the heap.
LINE_LIMIT = const(256)
COPY_CHUNK = const(256)
SEPARATORS = (",", ":")
UNDO = {"ev": "undo"}

MESSAGES = {
    "storage_full": "storage full: the action was not saved",
    "storage_error": "storage error %d: the action was not saved",
    "torn": "the last action was cut off by a power loss and is dropped",
    "damaged": (
        "line %d of the journal is damaged (%s): the match goes on from the"
        " lines before it; the damaged journal is kept in the archive"
    ),
}

# Absent on MicroPython's unix port, whose flush() already calls fsync().
_SYNC = getattr(os, "sync", None)

try:
    _ilistdir = os.ilistdir
except AttributeError:  # CPython: a list of names costs nothing there

    def _ilistdir(folder):
        return ((name,) for name in os.listdir(folder))


class StorageError(Exception):
    """Flash refused a write: nothing of the action was kept.

    `key` is "storage_full" or "storage_error" so that the device can show it
    in the player's language; `errno` is the OSError's number.
    """

    def __init__(self, error):
        code = error.args[0] if error.args else 0
        self.errno = code if type(code) is int else 0
        self.key = "storage_full" if self.errno == ENOSPC else "storage_error"
        super().__init__(self.key)

    def __str__(self):
        if self.key == "storage_full":
            return MESSAGES[self.key]
        return MESSAGES[self.key] % self.errno


class Repair:
    """What `load` found wrong in the journal and put right.

    `key` is "torn" (an unfinished last line dropped) or "damaged" (the
    journal set aside from a bad line on; `line` and `reason` say which and
    why).
    """

    def __init__(self, key, line=0, reason=""):
        self.key = key
        self.line = line
        self.reason = reason

    def __str__(self):
        if self.key == "torn":
            return MESSAGES[self.key]
        return MESSAGES[self.key] % (self.line, self.reason)


def encode(event):
    """An event as its journal line, in UTF-8 bytes with the newline.

    Compact JSON, "ev" first and the other keys sorted: the same bytes on
    CPython and on MicroPython, whose dicts do not keep insertion order.
    Values are those the rules core accepts (short ASCII strings, numbers,
    lists of numbers).
    """
    parts = ['{"ev":', json.dumps(event["ev"])]
    for key in sorted(event):
        if key != "ev":
            value = json.dumps(event[key], separators=SEPARATORS)
            parts.append(",%s:%s" % (json.dumps(key), value))
    parts.append("}\n")
    return "".join(parts).encode()


class _Lines:
    """The complete lines of an open journal, one by one, up to `limit`.

    Keeps where the last line given starts and ends, and notes a closing
    fragment with no newline (`torn`), which it does not give.
    """

    def __init__(self, file, limit=-1):
        self.file = file
        self.limit = limit
        self.count = 0
        self.start = 0
        self.end = 0
        self.line = b""
        self.torn = False

    def __iter__(self):
        return self

    def __next__(self):
        if self.count == self.limit:
            raise StopIteration
        line = self.file.readline(LINE_LIMIT)
        if len(line) < LINE_LIMIT and (not line or line[-1] != NEWLINE):
            self.torn = len(line) > 0
            raise StopIteration
        self.count += 1
        self.start = self.end
        self.end += len(line)
        self.line = line
        return line


def _is_json(line):
    try:
        json.loads(line)
    except ValueError:  # UnicodeError too on CPython
        return False
    return True


def _exists(path):
    try:
        os.stat(path)
    except OSError:
        return False
    return True


def _make_folder(path):
    try:
        os.mkdir(path)
    except OSError as error:
        if error.args[0] != EEXIST:
            raise


def _number(name):
    """The sequence number of an archive file name, or 0 for any other name."""
    dot = name.find(".")
    head = name[:dot]
    return int(head) if dot > 0 and head.isdigit() else 0


def _sync():
    if _SYNC:
        _SYNC()


def _write_all(file, data):
    # A short count is how FAT reports a full disk on some ports.
    if file.write(data) != len(data):
        raise OSError(ENOSPC)


class Journal:
    """The current match and its journal under the folder `root`.

    `match` is the Match folded from the journal (None before the first
    match); `size` is the journal's length in bytes, all of it confirmed.
    `opener(path, mode)` opens every file the journal reads or writes (the
    built-in open by default).

    At boot: `Journal(root)`, then `load()`. Then `append` each action
    (`undo` for an undo) and `new_match` to archive the match and begin
    another.
    """

    def __init__(self, root, *, opener=open):
        self.root = root.rstrip("/")
        self.path = self.root + "/match.jsonl"
        self.archive = self.root + "/archive"
        self._temporary = self.root + "/match.tmp"
        self._open = opener
        self._chunk = memoryview(bytearray(COPY_CHUNK))
        self.match = None
        self.size = 0
        # A write may have left bytes after `size` (or, with _aside, a damaged
        # end that must be set aside): put right before the next write.
        self._dirty = False
        self._aside = False

    # -- boot -------------------------------------------------------------

    def load(self):
        """Fold the journal from flash; return a Repair, or None if it was intact.

        A missing or empty journal means no match yet. A torn last line is
        dropped and cut off. A bad line anywhere else, or a last line that
        is JSON the rules refuse: the match goes on from the lines before it
        and the journal as found is set aside as archive/NNNN.damaged. If
        flash is too full to write the repair, the match goes on in memory
        and the next write tries again. Raises StorageError if flash cannot
        be read.
        """
        self.match = None
        self.size = 0
        self._dirty = self._aside = False
        try:
            self._finish_swap()
            return self._fold()
        except OSError as error:
            raise StorageError(error) from None

    def _finish_swap(self):
        """Complete a replacement of the journal that a power loss interrupted."""
        if not _exists(self._temporary):
            return
        if _exists(self.path):
            os.remove(self._temporary)  # the replacement never began: the journal stands
        else:
            os.rename(self._temporary, self.path)

    def _fold(self):
        try:
            file = self._open(self.path, "rb")
        except OSError as error:
            if error.args[0] == ENOENT:
                return None
            raise
        bad = None
        last = False
        with file:
            lines = _Lines(file)
            try:
                self.match = fold_lines(lines)
            except LogError as error:
                if error.line <= lines.count:  # else: no match event, and no bad line
                    bad = error
                    last = not file.read(1)
        if bad is None:
            self.size = lines.end
            return self._repair(Repair("torn"), False) if lines.torn else None
        self.size = lines.start
        self.match = self._fold_prefix(bad.line - 1)
        # A bad last line that is not JSON is a torn write; at most that one
        # line is ever dropped.
        if last and not _is_json(lines.line):
            return self._repair(Repair("torn"), False)
        return self._repair(Repair("damaged", bad.line, bad.reason), True)

    def _fold_prefix(self, count):
        """The match in the journal's first `count` lines (all intact), or None."""
        with self._open(self.path, "rb") as file:
            try:
                return fold_lines(_Lines(file, count))
            except LogError:  # no match event among them
                return None

    def _repair(self, report, aside):
        self._dirty = True
        self._aside = aside
        try:
            self._settle()
        except OSError:
            pass  # flash full: the match goes on in memory and the next write retries
        return report

    # -- writing ----------------------------------------------------------

    def append(self, event):
        """Check `event` with the rules, write its line, and only then keep it.

        Returns the line's length in bytes. Raises Refused (nothing written)
        if the rules refuse the event, and StorageError if flash refuses the
        line: then the match is as it was before the call.
        """
        match = self.match
        if match is None:
            raise Refused("first_match")
        # An undo taken back again must restore the event it undid.
        undone = match.last_event() if type(event) is dict and event.get("ev") == "undo" else None
        match.apply(event)
        line = encode(event)
        try:
            if self._dirty:
                self._settle()
            self._dirty = True  # until the whole line is known to be on flash
            with self._open(self.path, "ab") as file:
                _write_all(file, line)
                file.flush()
            _sync()
        except OSError as error:
            if undone is None:
                match.undo()
            else:
                match.apply(undone)
            try:
                self._settle()
            except OSError:
                pass  # still dirty: the next write retries, and load drops a torn line
            raise StorageError(error) from None
        self._dirty = False
        self.size += len(line)
        return len(line)

    def undo(self):
        """Append an undo: nothing written is ever rewritten. Returns its bytes."""
        return self.append(UNDO)

    def new_match(self, header):
        """Archive the current journal (finished or not) and begin a match.

        `header` is the match event. Returns its line's length in bytes.
        Raises Refused for a header the rules refuse and StorageError if
        flash refuses the change; either way the current match is untouched.
        """
        match = Match(header)
        line = encode(header)
        try:
            if self._dirty:
                self._settle()
            self._dirty = True  # a failed rename leaves the journal missing
            if self.root:
                _make_folder(self.root)
            self._write_temporary(0, line)
            # Bytes on flash beyond those loaded (a journal never loaded, or
            # unreadable) are archived too; only a journal without a match or
            # anything unread is simply replaced.
            keep = self.match is not None or self._size_on_flash() != self.size
            self._swap(self._archive_path(".jsonl") if keep else None)
        except OSError as error:
            raise StorageError(error) from None
        self._dirty = False
        self.match = match
        self.size = len(line)
        return len(line)

    def _size_on_flash(self):
        try:
            return os.stat(self.path)[6]
        except OSError:
            return 0  # no journal

    def _settle(self):
        """Make the journal hold exactly its `size` confirmed bytes again."""
        if self._aside:
            self._write_temporary(self.size)
            self._swap(self._archive_path(".damaged"))
        elif os.stat(self.path)[6] != self.size:
            self._write_temporary(self.size)
            self._swap(None)
        self._dirty = self._aside = False

    def _write_temporary(self, keep, line=b""):
        """Put the journal's first `keep` bytes, then `line`, in the temporary file on flash."""
        try:
            with self._open(self._temporary, "wb") as out:
                if keep:
                    with self._open(self.path, "rb") as source:
                        self._copy(source, out, keep)
                if line:
                    _write_all(out, line)
                out.flush()
            _sync()
        except OSError:
            try:
                os.remove(self._temporary)  # give a full flash its space back
            except OSError:
                pass  # never created; load removes any leftover anyway
            raise

    def _copy(self, source, out, count):
        chunk = self._chunk
        while count:
            got = source.readinto(chunk[: min(count, COPY_CHUNK)])
            if not got:
                raise OSError(EIO)  # the journal is shorter than its confirmed bytes
            _write_all(out, chunk[:got])
            count -= got

    def _swap(self, aside):
        """Make the temporary file the journal, moving the old one to `aside` if given."""
        if aside:
            os.rename(self.path, aside)
        os.rename(self._temporary, self.path)
        _sync()

    # -- archive ----------------------------------------------------------

    def _archive_path(self, suffix):
        """The path of the next free archive number, with `suffix`."""
        _make_folder(self.archive)
        highest = 0
        for entry in _ilistdir(self.archive):
            highest = max(highest, _number(entry[0]))
        return "%s/%04d%s" % (self.archive, highest + 1, suffix)

    def archives(self):
        """Names of the archived (.jsonl) and damaged (.damaged) journals, oldest first."""
        try:
            names = [entry[0] for entry in _ilistdir(self.archive) if _number(entry[0])]
        except OSError:  # no archive yet
            return []
        names.sort(key=_number)
        return names

    def archive_file(self, name):
        """The path of the archived journal `name` (one of `archives()`)."""
        return self.archive + "/" + name
