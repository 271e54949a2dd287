"""The journal's whole-file work: folding it at boot (from the state kept
beside it when it fits, after the tail left by a power cut), repairs, the
archive, the state.

Loaded by ardoise/journal.py while it is done (at boot, after a failed
write, for a new match, to keep the state) and not kept in RAM during a
match. Each function
takes the Journal it works on. Flash is reached through the journal
module's `os`, `_ilistdir` and `_sync`, looked up at each call: the
journal's one view of the filesystem, which a test may replace by a
simulated flash.
"""

import json

from micropython import const

from ardoise import journal as journal_module
from ardoise.journal import StorageError, encode
from scoring import LINE_LIMIT, LogError, Match, fold_lines, read_lines

# POSIX numbers, which MicroPython's OSError uses too.
_ENOENT = const(2)
_EIO = const(5)
_EEXIST = const(17)
_ENOSPC = const(28)

_COPY_CHUNK = const(256)
# The journal read in pieces of some eight lines at boot: fewer reads than the
# rules core's default piece, on a heap that has room for them.
_READ_PIECE = const(256)
_STATE_PIECE = const(1536)  # the journal read in pieces to check a state: its first line whole
_STATE = "/match.state"
_STATE_TEMPORARY = "/state.tmp"


class Repair:
    """What `load` found wrong in the journal and put right.

    `key` is "torn" (an unfinished last line dropped), "full" (the same,
    left by a write the full flash cut short: there is no room to cut it
    off) or "damaged" (the journal set aside from a bad line on; `line` and
    `reason` say which and why).
    """

    def __init__(self, key, line=0, reason=""):
        self.key = key
        self.line = line
        self.reason = reason

    def __str__(self):
        if self.key == "torn":
            return "the last action was cut off by a power loss and is dropped"
        if self.key == "full":
            return "the flash is full: the last action was not saved"
        return (
            "line %d of the journal is damaged (%s): the match goes on from the"
            " lines before it; the damaged journal is kept in the archive"
        ) % (self.line, self.reason)


class _Lines:
    """The lines of an open journal, one by one, up to `limit`, read as the
    PC reads a log (scoring.read_lines: a line over LINE_LIMIT bytes is
    given cut there, and the rules core refuses it as too long); read from
    where the file is, the `count` lines and `end` bytes before it, of
    CRC-32 `crc` (a state's), already folded.

    Keeps where the last line given starts and ends, the CRC-32 of the
    journal through it, and notes a closing fragment with no newline
    (`torn`): a write the power cut short, the one thing not given. Any
    complete line, JSON or not, is given.
    """

    def __init__(self, file, limit=-1, count=0, end=0, crc=0):
        self.lines = read_lines(file, _READ_PIECE)
        self.limit = limit
        self.count = count
        self.start = self.end = end
        self.crc = crc
        self.torn = False

    def __iter__(self):
        return self

    def __next__(self):
        if self.count == self.limit:
            raise StopIteration
        line = next(self.lines)
        if len(line) <= LINE_LIMIT and not line.endswith(b"\n"):
            self.torn = True
            raise StopIteration
        self.count += 1
        self.start = self.end
        self.end += len(line)
        if journal_module.crc32:
            self.crc = journal_module.crc32(line, self.crc)
        return line


def _make_folder(path):
    try:
        journal_module.os.mkdir(path)
    except OSError as error:
        if error.args[0] != _EEXIST and not journal_module.exists(path):
            raise


def _discard(journal):
    """Remove the temporary file, if any: a full flash gets its space back."""
    try:
        journal_module.os.remove(journal.temporary)
    except OSError:
        pass  # none, or it stays: load and settle remove it anyway


def _recover(journal):
    """Finish or undo a replacement of the journal left half done, as at boot.

    Every replacement writes the whole new journal to the temporary file,
    then renames. A temporary file beside the journal is one that never
    replaced it: it goes. Without a journal beside it, it is the new journal,
    complete, whose rename failed or was cut: it becomes the journal (True).
    """
    if not journal_module.exists(journal.temporary):
        return False
    if journal_module.exists(journal.path):
        journal_module.os.remove(journal.temporary)
        return False
    journal_module.os.rename(journal.temporary, journal.path)
    return True


def _number(name):
    """The sequence number of an archive file name, or 0 for any other name."""
    dot = name.find(".")
    head = name[:dot]
    return int(head) if dot > 0 and head.isdigit() else 0


# -- boot ---------------------------------------------------------------------


def load(journal):
    """Journal.load: fold the journal from flash, repairing it if need be."""
    journal.match = None
    journal.size = journal.body = journal.lines = journal.crc = journal.kept = 0
    journal.dirty = journal.aside = False
    try:
        if journal.root:
            _make_folder(journal.root)
        _recover(journal)
        torn = _tail_at_boot(journal)
        report = _fold(journal)
    except OSError as error:
        raise StorageError(error) from None
    return Repair("torn") if torn and report is None else report


def _tail_at_boot(journal):
    """The tail a power cut left: its whole lines moved to the end of the
    journal, as much of them as the cut did not move already (the journal's
    bytes past the tail's first line, the size it continues, are the first
    of its lines), and the tail emptied. True if it ended in a torn line."""
    try:
        with journal.opener(journal.tail, "rb") as file:
            data = file.read()
    except OSError as error:
        if error.args[0] == _ENOENT:
            return False
        raise
    if not data:
        return False  # emptied: the tail a tidy left
    first = data.find(b"\n") + 1
    end = data.rfind(b"\n") + 1
    lines = data[first:end]
    size = _size_on_flash(journal)
    try:
        moved = size - int(data[: first - 1]) if first else -1
    except ValueError:  # not a tail's first line: nothing of it is known
        moved = -1
    if 0 <= moved <= len(lines):
        if moved:
            with journal.opener(journal.path, "rb") as file:
                file.seek(size - moved)
                if file.read(moved) != lines[:moved]:
                    moved = -1  # a journal written since: the tail is not its end
        if 0 <= moved < len(lines):
            with journal.opener(journal.path, "ab") as file:
                journal_module._write_all(file, lines[moved:])
                file.flush()
            journal_module._sync()
    _empty_tail(journal)
    return end < len(data)


def _empty_tail(journal):
    """The tail emptied (kept: see journal.py), if there is one with bytes."""
    try:
        if journal_module.os.stat(journal.tail)[6]:
            journal.opener(journal.tail, "wb").close()
    except OSError as error:
        if error.args[0] != _ENOENT:
            raise


def _fold(journal):
    try:
        file = journal.opener(journal.path, "rb")
    except OSError as error:
        if error.args[0] == _ENOENT:
            return None
        raise
    bad = None
    with file:
        state = _state(journal, file)
        if state is None:
            file.seek(0)
            lines = _Lines(file)
        else:
            journal.match, count, size, crc = state
            file.seek(size)
            lines = _Lines(file, -1, count, size, crc)
            journal.kept = count
        try:
            journal.match = fold_lines(lines, journal.match, lines.count)
        except LogError as error:
            if error.line <= lines.count:  # else: no match event, and no bad line
                bad = error
    if bad is None:
        journal.size = journal.body = lines.end
        journal.lines = lines.count
        journal.crc = lines.crc
        return _repair(journal, Repair("torn"), False) if lines.torn else None
    # The match in the lines before the bad one (all intact), if any.
    with journal.opener(journal.path, "rb") as file:
        lines = _Lines(file, bad.line - 1)
        try:
            journal.match = fold_lines(lines)
        except LogError:  # no match event among them
            journal.match = None
    journal.size = journal.body = lines.end
    journal.lines = lines.count
    journal.crc = lines.crc
    journal.kept = 0
    # A bad line is damage, even the last one: only a line without its
    # newline is a torn write, and _Lines never gives it.
    return _repair(journal, Repair("damaged", bad.line, bad.reason), True)


# -- the state kept beside the journal -------------------------------------------


def _state(journal, file):
    """The match of the state beside the journal open as `file`, if the
    journal begins with the bytes it was folded from: (match, its line
    count, their size, their CRC-32); else None, and it goes.

    match.state is one line, "lines size crc codes_crc" (the journal's line
    count, size and CRC-32 it was folded from, and the CRC-32 of what
    follows), then the codes of the match's events in force, as JSON."""
    try:
        with journal.opener(journal.root + _STATE, "rb") as state:
            head = state.readline(64).split()
            codes = state.read()
        count, size, crc = int(head[0]), int(head[1]), int(head[2])
        if journal_module.crc32(codes) != int(head[3]):
            raise ValueError  # damaged
        codes = json.loads(codes)
        first = b""
        read = 0
        check = 0
        while read < size:
            piece = file.read(min(_STATE_PIECE, size - read))
            if not piece:
                raise ValueError  # a shorter journal
            if not read:
                first = piece  # the match event, at most LINE_LIMIT + 1 bytes
            check = journal_module.crc32(piece, check)
            read += len(piece)
        if check != crc or read != size or not journal_module.crc32:
            raise ValueError
        match = Match(json.loads(first[: first.find(b"\n")]))
        match.in_force.extend(codes)
        match.deals()  # its game folded from the codes: what the lines would give
    except OSError as error:
        if error.args[0] != _ENOENT:
            _discard_state(journal)
        return None
    except Exception:  # noqa: BLE001  (a state that does not fit: ValueError, IndexError, Refused...)
        _discard_state(journal)
        return None
    return match, count, size, crc


def _discard_state(journal):
    try:
        journal_module.os.remove(journal.root + _STATE)
    except OSError:
        pass


def keep(journal):
    """Journal.keep: the match's state written beside the journal, whole
    (journal.replace: a power cut leaves the old state or the new)."""
    ready(journal)
    codes = json.dumps(list(journal.match.in_force)).encode()
    crc32 = journal_module.crc32
    data = b"%d %d %d %d\n" % (journal.lines, journal.size, journal.crc, crc32(codes)) + codes
    journal_module.replace(
        journal.opener,
        journal.root + _STATE,
        journal.root + _STATE_TEMPORARY,
        data,
        lambda path: False,  # a state.tmp alone is never taken: the journal is the truth
    )
    journal.kept = journal.lines


def _repair(journal, report, aside):
    journal.dirty = True
    journal.aside = aside
    try:
        settle(journal)
    except OSError as error:
        # Flash full or failing: the match goes on in memory and the next
        # write retries. A torn line with no room to cut it off is most
        # likely a write that the full flash cut short: say that.
        if report.key == "torn" and error.args[0] == _ENOSPC:
            report.key = "full"
    return report


# -- writing ------------------------------------------------------------------


def _size_on_flash(journal):
    """The journal's size on flash; 0 when there is none yet."""
    try:
        return journal_module.os.stat(journal.path)[6]
    except OSError as error:
        if error.args[0] == _ENOENT:
            return 0
        raise


def settle(journal):
    """Make match.jsonl hold exactly the journal's `size` confirmed bytes
    again, the tail's among them, and empty the tail."""
    if _recover(journal):
        journal.aside = False  # the swap that set the damaged journal aside got that far
    pending = _pending(journal)
    if journal.aside:
        _write_temporary(journal, journal.body, pending)
        _swap(journal, _archive_path(journal, ".damaged"))
    elif pending or _size_on_flash(journal) != journal.body:
        _write_temporary(journal, journal.body, pending)
        _swap(journal, None)
    _empty_tail(journal)
    journal.body = journal.size
    journal.dirty = journal.aside = False


def _pending(journal):
    """The confirmed bytes in the tail: after its first line, the size of
    the journal it continues, which must be `body`; OSError if they are not
    there (a tail, or a part of one, that flash lost)."""
    count = journal.size - journal.body
    if not count:
        return b""
    with journal.opener(journal.tail, "rb") as file:
        data = file.read()
    first = data.find(b"\n") + 1
    if not first or data[: first - 1] != b"%d" % journal.body or len(data) < first + count:
        raise OSError(_EIO)
    return data[first : first + count]


def ready(journal):
    """Before the journal is written whole: settle it if an action left it
    dirty or its tail holds lines, else finish or undo a replacement left
    half done (never to write over a journal still under the temporary
    name)."""
    if journal.dirty or journal.size != journal.body:
        settle(journal)
    else:
        _recover(journal)


def new_match(journal, header):
    """Journal.new_match: archive the current journal and begin a match."""
    match = Match(header)
    if match.names:  # as the rules read them: text, written back as UTF-8 (scoring.names)
        header = dict(header)
        header["names"] = list(match.names)
    line = encode(header)
    swapping = False
    try:
        ready(journal)
        if journal.root:
            _make_folder(journal.root)
        # Bytes on flash beyond those loaded (a journal never loaded, or
        # unreadable) are archived too; only a journal without a match or
        # anything unread is simply replaced.
        keep = journal.match is not None or _size_on_flash(journal) != journal.size
        aside = _archive_path(journal, ".jsonl") if keep else None
        _write_temporary(journal, 0, line)
        swapping = True
        _swap(journal, aside)
        journal.dirty = False
        _discard_state(journal)  # the old match's (a boot would find it stale)
    except OSError as error:
        # Nothing changed, or a swap neither finished nor undone: the new
        # match is then the temporary file with no journal beside it, which
        # load and settle make the journal. The slate shows what a boot finds.
        if not swapping or _there(journal.path):
            raise StorageError(error) from None
        journal.dirty = True
    journal.match = match
    journal.size = journal.body = len(line)
    journal.lines = 1
    journal.crc = journal_module.crc32(line) if journal_module.crc32 else 0
    journal.kept = 0  # a state beside the journal is the old match's
    return len(line)


def _there(path):
    """Whether `path` is on flash; True if the flash cannot tell."""
    try:
        return journal_module.exists(path)
    except OSError:
        return True


def _write_temporary(journal, keep, line=b""):
    """Put the journal's first `keep` bytes, then `line`, in the temporary file on flash."""
    try:
        with journal.opener(journal.temporary, "wb") as out:
            if keep:
                with journal.opener(journal.path, "rb") as source:
                    _copy(source, out, keep)
            if line:
                journal_module._write_all(out, line)
            out.flush()
        journal_module._sync()
    except OSError:
        _discard(journal)
        raise


def _copy(source, out, count):
    chunk = memoryview(bytearray(_COPY_CHUNK))
    while count:
        got = source.readinto(chunk[: min(count, _COPY_CHUNK)])
        if not got:
            raise OSError(_EIO)  # the journal is shorter than its confirmed bytes
        journal_module._write_all(out, chunk[:got])
        count -= got


def _swap(journal, aside):
    """Make the temporary file the journal, moving the old one to `aside` if given.

    A failed step is undone or finished at once, as load does at boot: if
    the old journal is still there the temporary file goes (OSError);
    otherwise the rename is tried again, and if it fails (OSError) the
    temporary file stays the journal that load and settle take.
    """
    os = journal_module.os
    try:
        if aside:
            os.rename(journal.path, aside)
        os.rename(journal.temporary, journal.path)
    except OSError:
        if journal_module.exists(journal.path):
            _discard(journal)
            raise
        os.rename(journal.temporary, journal.path)
    try:
        journal_module._sync()
    except OSError:
        pass  # the journal is replaced all the same; the next write syncs again


# -- archive ------------------------------------------------------------------


def _archive_path(journal, suffix):
    """The path of the next free archive number, with `suffix`."""
    _make_folder(journal.archive)
    highest = 0
    for entry in journal_module._ilistdir(journal.archive):
        highest = max(highest, _number(entry[0]))
    return "%s/%04d%s" % (journal.archive, highest + 1, suffix)


def archives(journal):
    """Journal.archives: the archived journals' names, oldest first."""
    try:
        names = [
            entry[0] for entry in journal_module._ilistdir(journal.archive) if _number(entry[0])
        ]
    except OSError:  # no archive yet
        return []
    names.sort(key=_number)
    return names
