"""A past deal put right in the journal (ardoise/correct.py): the last
events in force taken back and others entered in their place, as ONE
change.

The lines (undos, then the events) are ordinary events of the log,
checked with the rules before anything is written. They land together:
the whole new journal (its confirmed bytes, then the lines) is written to
the temporary file, then renamed, as every change of more than one append
is (journal_files.py), so that a power cut leaves the old journal or the
new one, never a part of the lines, and a boot finishes or undoes a
rename cut short. Loaded only for a correction, with journal_files.py.
"""

from ardoise import journal as journal_module
from ardoise.journal import StorageError, encode
from ardoise.journal_files import _copy, _discard, _swap, _there, ready
from scoring import Refused

_UNDO = {"ev": "undo"}


def rewrite(journal, undos, events):
    """Take back the last `undos` events in force of `journal` and append
    `events` (an iterable, read twice; none an undo) in their place.

    Raises Refused (nothing written, the match as it was) for an event the
    rules refuse, and StorageError if flash refuses: the match is then as
    a boot would find it (as for Journal.new_match, a rename that failed
    twice leaves the new journal in force). Returns the bytes written.
    """
    match = journal.match
    if match is None:
        raise Refused("first_match")
    in_force = match.in_force
    if undos > len(in_force):
        raise Refused("nothing_to_undo")
    taken = []  # the codes the undos take back, newest first
    for _ in range(undos):
        taken.append(in_force.last())
        in_force.pop()
    added = 0
    try:
        match.deals()  # the game folded again without them, once
        for event in events:
            if event.get("ev") == "undo":
                raise Refused("nothing_to_undo")  # the undos come first, all of them
            match.apply(event)
            added += 1
    except Refused:
        _put_back(match, added, taken)
        raise
    swapping = False
    try:
        ready(journal)
        size, lines, crc = _write(journal, undos, events)
        swapping = True
        _swap(journal, None)
        journal.dirty = False
    except OSError as error:
        # Nothing changed, or a swap neither finished nor undone: the new
        # journal is then the temporary file with no journal beside it,
        # which load and settle make the journal.
        if not swapping or _there(journal.path):
            _put_back(match, added, taken)
            raise StorageError(error) from None
        journal.dirty = True
    added = size - journal.size
    journal.size = journal.body = size
    journal.lines = lines
    journal.crc = crc  # the journal's bytes before are all there: a state of them holds
    return added


def _put_back(match, added, taken):
    """The match as it was before a rewrite that did not happen."""
    in_force = match.in_force
    for _ in range(added):
        in_force.pop()
    while taken:
        in_force.append(taken.pop())
    match.deals()


def _write(journal, undos, events):
    """The journal's confirmed bytes, `undos` undo lines and the lines of
    `events` as the temporary file on flash; returns its size, its line
    count and its CRC-32 (Journal.crc)."""
    size = journal.size
    lines = journal.lines
    crc = journal.crc
    crc32 = journal_module.crc32
    write = journal_module._write_all
    try:
        with journal.opener(journal.temporary, "wb") as out:
            if size:
                with journal.opener(journal.path, "rb") as source:
                    _copy(source, out, size)
            for event in [_UNDO] * undos + list(events):
                line = encode(event)
                write(out, line)
                size += len(line)
                lines += 1
                crc = crc32(line, crc) if crc32 else 0
            out.flush()
        journal_module._sync()
    except OSError:
        _discard(journal)
        raise
    return size, lines, crc
