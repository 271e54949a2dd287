"""A spare board for a table whose slate died mid-match: `ardoise evening replace`.

The organiser's copy is the journal (copy.py): the board's matches byte for
byte, under the names pull-log gives them, and in state/<board>.json the
number of the match on the slate. The spare gets it over USB, as `roster`
writes files (to a temporary name, renamed into place, read back and
compared), and becomes the board it replaces:

- data/archive/NNNN.jsonl: each earlier match held (a number the copy
  never had, a journal the dead board set aside as damaged, an empty
  NNNN.damaged: the numbers go on as on the dead board);
- data/match.jsonl: the match on the slate, every whole line held: the
  table plays on from the last line the organiser confirmed;
- data/board_id.txt: the dead board's id, and data/evening.json its
  enrolment, with a new password: the dead board, should it come back,
  is refused by the broker and cannot mix its lines in.

So the slate folds the same match at boot, and net.py numbers it as the
dead board did (the next number after its archive): the organiser's
/have says it holds every line, and the next line is the next in the
copy, without a gap or a duplicate. A spare that holds matches of its own
is refused (pull them with pull-log first; --erase then removes them).
"""

import hashlib

from host_tools.board import board_id as ids
from host_tools.board.roster import write_on_board
from host_tools.evening import lang
from host_tools.evening.copy import as_on_slate
from host_tools.evening.enrol import PATH as ENROLMENT
from host_tools.evening.enrol import enrolment
from host_tools.evening.folder import EveningError, new_password

HOLDS = """
import os
def names(path):
    try:
        return sorted(os.listdir(path))
    except OSError:
        return []
print(repr((names("data"), names("data/archive"))))
"""
ERASE = """
import os
for name in %r:
    os.remove(name)
print("None")
"""
# Each file sent under a temporary name in data/ (no number first: the slate's
# archive never counts it), then all renamed into place, read back and hashed.
PLACE = """
import os, hashlib
try:
    os.mkdir("data/archive")
except OSError:
    pass
def place(temporary, path):
    try:
        os.remove(path)
    except OSError:
        pass
    os.rename(temporary, path)
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while True:
            chunk = file.read(512)
            if not chunk:
                break
            digest.update(chunk)
    return digest.digest()
print(repr([place(t, p) for t, p in %r]))
"""


def files_for(held):
    """(temporary name, path on the board, bytes) of each file the spare gets, from
    copy.as_on_slate's [(path under data/, bytes)]."""
    return [
        ("data/spare-%04d.tmp" % index, "data/" + path, data)
        for index, (path, data) in enumerate(held, 1)
    ]


def replace(evening, table, link, broker_host, live=None, erase=False, say=print):
    """Put table `table`'s match from the organiser's copy on the spare board `link`
    reaches (host_tools/board/link.py); (the board id, the match's number, its lines)."""
    board = evening.board_at(table)
    if board is None:
        raise EveningError("refuse_no_board_at", table=table)
    current, held = as_on_slate(evening, board)
    sent = files_for(held)
    unique = check_spare(evening, board, link, erase, say)
    if sent:
        upload(link, [(temporary, payload) for temporary, _, payload in sent])
    digests = link.evaluate(PLACE % [(temporary, path) for temporary, path, _ in sent])
    if digests != [hashlib.sha256(payload).digest() for _, _, payload in sent]:
        raise EveningError("refuse_spare_kept")
    ids.write(link, board)
    password = new_password()  # the dead board's own is refused from now on
    data = enrolment(evening, board, password, broker_host, live)
    if write_on_board(link, ENROLMENT, data) != data:
        raise EveningError("refuse_spare_kept")
    link.run("reset")  # the slate starts on the match
    known = evening.boards[board]
    known.setdefault("replaced", []).append(known.get("unique"))
    known["unique"] = unique
    evening.secrets.setdefault("boards", {})[board] = password
    evening.save()
    return board, current, held[-1][1].count(b"\n") if held else 0


def check_spare(evening, board, link, erase, say):
    """The spare's unique id, once it is found fit: no board of the evening, no match
    of its own (unless `erase`: then they go)."""
    kept, unique = link.evaluate(ids.PROBE)
    if unique and unique == evening.boards[board].get("unique"):
        raise EveningError("refuse_spare_itself", board=board)
    for name, entry in evening.boards.items():
        if name != board and unique and entry.get("unique") == unique:
            raise EveningError("refuse_spare_enrolled", board=name, table=entry["table"])
    data, archive = link.evaluate(HOLDS)
    own = ["data/match.jsonl"] if "match.jsonl" in data else []
    own += ["data/archive/" + name for name in archive]
    if own and kept != board:  # a replacement cut short left the board's own files
        if not erase:
            raise EveningError(
                "refuse_spare_holds_one" if len(own) == 1 else "refuse_spare_holds",
                count=len(own),
                board=kept or lang.of(evening)("refuse_without_id"),
            )
        link.evaluate(ERASE % own)
        say(lang.of(evening)("spare_erased", files=", ".join(own)))
    return unique


def upload(link, uploads):
    """Send each (temporary name in data/, bytes) to the board with mpremote's copy."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as scratch:
        local = []
        for temporary, payload in uploads:
            local.append(str(Path(scratch) / Path(temporary).name))
            Path(local[-1]).write_bytes(payload)
        link.run("fs", "cp", *local, ":data/", timeout=600)
