"""The journal's whole-file work: folding it at boot, repairs, the archive.

Loaded by ardoise/journal.py while it is done (at boot, after a failed
write, for a new match) and not kept in RAM during a match. Each function
takes the Journal it works on. Flash is reached through the journal
module's `os`, `_ilistdir` and `_sync`, looked up at each call: the
journal's one view of the filesystem, which a test may replace by a
simulated flash.
"""

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
    given cut there, and the rules core refuses it as too long).

    Keeps where the last line given starts and ends, and notes a closing
    fragment with no newline (`torn`): a write the power cut short, the one
    thing not given. Any complete line, JSON or not, is given.
    """

    def __init__(self, file, limit=-1):
        self.lines = read_lines(file)
        self.limit = limit
        self.count = 0
        self.start = 0
        self.end = 0
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
    journal.size = 0
    journal.dirty = journal.aside = False
    try:
        if journal.root:
            _make_folder(journal.root)
        _recover(journal)
        return _fold(journal)
    except OSError as error:
        raise StorageError(error) from None


def _fold(journal):
    try:
        file = journal.opener(journal.path, "rb")
    except OSError as error:
        if error.args[0] == _ENOENT:
            return None
        raise
    bad = None
    with file:
        lines = _Lines(file)
        try:
            journal.match = fold_lines(lines)
        except LogError as error:
            if error.line <= lines.count:  # else: no match event, and no bad line
                bad = error
    if bad is None:
        journal.size = lines.end
        return _repair(journal, Repair("torn"), False) if lines.torn else None
    journal.size = lines.start
    # The match in the lines before the bad one (all intact), if any.
    with journal.opener(journal.path, "rb") as file:
        try:
            journal.match = fold_lines(_Lines(file, bad.line - 1))
        except LogError:  # no match event among them
            journal.match = None
    # A bad line is damage, even the last one: only a line without its
    # newline is a torn write, and _Lines never gives it.
    return _repair(journal, Repair("damaged", bad.line, bad.reason), True)


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
    """Make the journal hold exactly its `size` confirmed bytes again."""
    if _recover(journal):
        journal.aside = False  # the swap that set the damaged journal aside got that far
    if journal.aside:
        _write_temporary(journal, journal.size)
        _swap(journal, _archive_path(journal, ".damaged"))
    elif _size_on_flash(journal) != journal.size:
        _write_temporary(journal, journal.size)
        _swap(journal, None)
    journal.dirty = journal.aside = False


def ready(journal):
    """Before the journal is written whole: settle it if an action left it
    dirty, else finish or undo a replacement left half done (never to write
    over a journal still under the temporary name)."""
    if journal.dirty:
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
    except OSError as error:
        # Nothing changed, or a swap neither finished nor undone: the new
        # match is then the temporary file with no journal beside it, which
        # load and settle make the journal. The slate shows what a boot finds.
        if not swapping or _there(journal.path):
            raise StorageError(error) from None
        journal.dirty = True
    journal.match = match
    journal.size = len(line)
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
