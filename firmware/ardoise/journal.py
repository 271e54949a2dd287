"""The device's match journal: the current match as a match log on flash.

The journal is `<root>/match.jsonl`, in the match-log format
(docs/match-log.md): one compact JSON event per line, the `match`
event first. An action counts as confirmed only once its whole line, newline
included, is on flash, so the journal owns the Match: `append` checks the
event with the rules core, writes its line, and takes the event back out of
the Match if the write fails.

An action's line goes first to `<root>/match.tail`, a small file of its own
that starts with the size of the journal it continues (its first line, in
decimal); `tidy()`, which the app calls once the screen shows the action,
moves it to the end of match.jsonl and empties the tail. On littlefs (a
Pico, an ESP32) a file this small lives in its directory's own log, so
writing it erases no flash sector, or one when that log is full; an append
to match.jsonl erases one to copy the file's last block, sometimes two when
the directory's log is full then: a press waits for one erase at most, the
screen first, the tidying after. The tail is emptied, never removed: to
create it again would be a second write to the directory's log (littlefs
logs a new file's name first), and littlefs compacts a log it just
compacted once more at the next write through the same open file, so a
press could wait for two erases. A boot finds the tail's lines (a power cut
between the two writes) and finishes the move, whatever part of it was done.

Every change that is more than one append (cutting off a torn line, setting
a damaged journal aside, starting a new match) first writes the complete new
journal to `<root>/match.tmp`, then renames. A power loss at any moment
leaves either the old journal or the new one, and `load` finishes an
interrupted rename at the next boot; a step that fails is undone or
finished at once the same way, so that the match in memory is always the
one a boot would find.

At a quiet moment (`keep`), the match's state goes beside the journal as
`<root>/match.state`: the size, the line count and the CRC-32 of the
journal it was folded from, and the packed codes of its events in force
(scoring's Match). A boot whose journal begins with exactly those bytes
takes the match from it and folds only the lines after them; any other
state is thrown away, and the journal folded whole: it stays the truth.

Finished and damaged journals are kept, never deleted, in `<root>/archive/`
as NNNN.jsonl and NNNN.damaged, numbered in one sequence (the board has no
clock to name them by).

This module holds what every action needs; the whole-file work (boot,
repairs, archiving, the state) is in journal_files.py, loaded only while it
is done. Both reach flash through this module's `os`, `_ilistdir` and
`_sync`.
"""

import json
import os
import sys

from micropython import const

from ardoise import forget, load
from scoring import Refused

try:
    from binascii import crc32
except ImportError:  # a port without it keeps no state beside the journal
    crc32 = None

# POSIX numbers, which MicroPython's OSError uses too (its errno module lacks ENOSPC).
_ENOENT = const(2)
_ENOSPC = const(28)
# Lines a journal may run ahead of the state kept beside it before a quiet
# moment writes the state again (some two deals): a boot folds at most as
# many lines, each some 1.5 ms on a Pico.
_STATE_LINES = const(16)
_SEPARATORS = (",", ":")
# Text as UTF-8, not \u escapes: MicroPython's json writes it so, and CPython
# must write the same bytes (and a line four times shorter than escapes).
try:
    json.dumps("", ensure_ascii=False)  # type: ignore[call-overload]  # CPython only
    _DUMPS = {"separators": _SEPARATORS, "ensure_ascii": False}
except TypeError:  # MicroPython: no such option, UTF-8 already
    _DUMPS = {"separators": _SEPARATORS}
_UNDO = {"ev": "undo"}

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
        self.key = "storage_full" if self.errno == _ENOSPC else "storage_error"
        super().__init__(self.key)

    def __str__(self):
        if self.key == "storage_full":
            return "storage full: the action was not saved"
        return "storage error %d: the action was not saved" % self.errno


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
            value = json.dumps(event[key], **_DUMPS)
            parts.append(",%s:%s" % (json.dumps(key), value))
    parts.append("}\n")
    return "".join(parts).encode()


def _sync():
    if _SYNC:
        _SYNC()


def _write_all(file, data):
    # A short count is how FAT reports a full disk on some ports.
    if file.write(data) != len(data):
        raise OSError(_ENOSPC)


# The flash work the journal, the settings and the roster share.


def exists(path):
    """Whether `path` is on flash; OSError if flash cannot say (never guess)."""
    try:
        os.stat(path)
    except OSError as error:
        if error.args[0] == _ENOENT:
            return False
        raise
    return True


def discard(path):
    """Remove `path` if flash lets us; one that stays is no error here."""
    try:
        os.remove(path)
    except OSError:
        pass


def write_file(opener, path, data):
    """`data` as the whole file `path`, flushed and synced. On OSError the
    file goes again (giving a full flash its space back) and the error is
    raised."""
    try:
        with opener(path, "wb") as file:
            _write_all(file, data)
            file.flush()
        _sync()
    except OSError:
        discard(path)
        raise


def in_force(path, temporary, whole, strict=False):
    """Which of `path` and `temporary` holds a file replaced whole (`replace`),
    a replacement left half done finished or undone first.

    A temporary file beside `path` never replaced it, and one alone that
    `whole(temporary)` finds cut short is a first write cut short: it goes.
    Alone and whole, it is the file, renamed to `path`; if that fails it
    stays the path in force (or, `strict`, OSError).
    """
    if exists(temporary):
        if exists(path) or not whole(temporary):
            discard(temporary)  # none, or it stays: never read as the file
        else:
            try:
                os.rename(temporary, path)
            except OSError:
                if strict:
                    raise
                return temporary
    return path


def replace(opener, path, temporary, data, whole):
    """`data` as the whole file `path`: written to `temporary`, synced, then
    renamed into place. OSError if flash refuses, the old file then in force;
    once the old file is gone the new one is (see `in_force`), renamed or not."""
    in_force(path, temporary, whole, True)  # never write over the file in force
    write_file(opener, temporary, data)
    try:
        os.rename(temporary, path)
    except OSError:
        if exists(path):
            # Some ports will not rename over a file: remove it first.
            try:
                os.remove(path)
            except OSError:
                discard(temporary)  # the old file stands
                raise
        try:
            os.rename(temporary, path)
        except OSError:
            pass  # the new file is in force under the temporary name
    try:
        _sync()
    except OSError:
        pass  # saved all the same; the next write syncs again


def _files():
    """journal_files.py, imported for the whole-file work it does (and
    dropped by the app when the slate is shown: ardoise/__init__.py)."""
    return load("journal_files")


class Journal:
    """The current match and its journal under the folder `root`.

    `match` is the Match folded from the journal (None before the first
    match); `size` is the journal's length in bytes, all of it confirmed,
    `body` the part of it in match.jsonl (the rest waits in the tail),
    `lines` its line count and `crc` the CRC-32 of its bytes (0 on a port
    without crc32, which keeps no state); `kept` is the line count of the
    state on flash
    (see `keep`). `opener(path, mode)` opens every file the journal reads
    or writes (the built-in open by default).

    At boot: `Journal(root)`, then `load()`. Then `append` each action
    (`undo` for an undo), `tidy()` once it is shown, and `new_match` to
    archive the match and begin another; `keep()` at a quiet moment.
    """

    def __init__(self, root, *, opener=open):
        self.root = root.rstrip("/")
        self.path = self.root + "/match.jsonl"
        self.tail = self.root + "/match.tail"
        self.archive = self.root + "/archive"
        self.temporary = self.root + "/match.tmp"
        self.opener = opener
        self.match = None
        self.size = self.body = self.lines = self.crc = self.kept = 0
        # A write may have left bytes after `size` (or, with `aside`, a
        # damaged end that must be set aside): put right before the next write.
        self.dirty = False
        self.aside = False

    def load(self):
        """Fold the journal from flash; return a Repair, or None if it was intact.

        Makes the folder if need be. A missing or empty journal means no
        match yet. A torn last line (without its newline: a write the power
        cut short) is dropped and cut off (a Repair "full" if the flash has
        no room to cut it off). Any complete line that does not fold (not
        JSON, too long, refused by the rules), the last one too: the match
        goes on from the lines before it and the journal as found is set
        aside as archive/NNNN.damaged. If
        flash is too full to write the repair, the match goes on in memory
        and the next write tries again. Raises StorageError if flash cannot
        be read.
        """
        return _files().load(self)

    def append(self, event):
        """Check `event` with the rules, write its line, and only then keep it.

        Returns the line's length in bytes. Raises Refused (nothing written)
        if the rules refuse the event, and StorageError if flash refuses the
        line: then the match is as it was before the call. The line is in
        the tail until `tidy()`.
        """
        match = self.match
        if match is None:
            raise Refused("first_match")
        # An undo taken back again must restore the event it undid.
        undone = match.last_event() if type(event) is dict and event.get("ev") == "undo" else None
        match.apply(event)
        line = encode(event)
        try:
            if self.dirty:
                _files().settle(self)
            self.dirty = True  # until the whole line is known to be on flash
            with self.opener(self.tail, "ab") as file:
                # A new tail begins with the size of the journal it continues.
                _write_all(file, line if self.size > self.body else b"%d\n" % self.body + line)
                file.flush()
            _sync()
        except OSError as error:
            if undone is None:
                match.undo()
            else:
                match.apply(undone)
            try:
                _files().settle(self)
            except OSError:
                pass  # still dirty: the next write retries, and load drops a torn line
            raise StorageError(error) from None
        self.dirty = False
        self.size += len(line)
        self.lines += 1
        if crc32:
            self.crc = crc32(line, self.crc)
        return len(line)

    def undo(self):
        """Append an undo: nothing written is ever rewritten. Returns its bytes."""
        return self.append(_UNDO)

    def tidy(self):
        """The tail's lines moved to the end of match.jsonl, the tail emptied.

        For once the screen shows the action: what flash erases for the
        move (one sector, sometimes two) is then no press's wait. If flash
        refuses, the lines stay confirmed in the tail and the next write (or
        boot) moves them.
        """
        if self.size == self.body or self.dirty:
            return  # nothing to move, or the next write settles it all
        try:
            with self.opener(self.tail, "rb") as file:
                pending = file.read()
            pending = pending[pending.find(b"\n") + 1 :]
            self.dirty = True
            if len(pending) == self.size - self.body:  # else a tail to settle whole
                with self.opener(self.path, "ab") as file:
                    _write_all(file, pending)
                    file.flush()
                _sync()
                self.body = self.size
                self.opener(self.tail, "wb").close()
                self.dirty = False
        except OSError:
            pass  # dirty: the next write settles the journal and its tail

    def keep(self, soon=False):
        """At a quiet moment: the match's state written beside the journal
        (match.state) when the journal has run _STATE_LINES lines ahead of
        the state on flash (any line, if `soon`: the slate dimmed). Quietly
        nothing if flash refuses, until as many more lines."""
        ahead = self.lines - self.kept
        if ahead < (1 if soon else _STATE_LINES) or self.size != self.body or self.dirty:
            return  # also while the tail holds lines: the state is of match.jsonl
        if not crc32 or self.match is None:
            return
        loaded = sys.modules.get("ardoise.journal_files")
        try:
            _files().keep(self)
        except OSError:
            self.kept = self.lines
        if loaded is None:
            forget("ardoise.journal_files")  # loaded for that alone

    def new_match(self, header):
        """Archive the current journal (finished or not) and begin a match.

        `header` is the match event. Returns its line's length in bytes.
        Raises Refused for a header the rules refuse and StorageError if
        flash refuses the change; either way the current match is untouched.
        A change that flash left half done but that a boot would finish
        (the new journal written, its rename failed twice) counts as made.
        """
        return _files().new_match(self, header)

    def archives(self):
        """Names of the archived (.jsonl) and damaged (.damaged) journals, oldest first."""
        return _files().archives(self)

    def archive_file(self, name):
        """The path of the archived journal `name` (one of `archives()`)."""
        return self.archive + "/" + name
