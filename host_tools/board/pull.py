"""Copy a board's match logs to the PC: `make pull-log PORT=/dev/ttyACM0`.

    ardoise pull-log --port PORT [--to FOLDER]

Copies the journal of the match on the slate (data/match.jsonl, with the
lines of its tail, data/match.tail, that a power cut or the pull itself
stopped the slate from moving there: as the board's next boot does) and the
archive (data/archive/: finished matches NNNN.jsonl, set-aside damaged
journals NNNN.damaged) with mpremote into a folder named after the board's
id (host_tools/board/board_id.py) in FOLDER, logs/<today>/ by default, each
file named after it too: logs/<today>/3/3-0001.jsonl, 3-0002.jsonl... The
match on the slate is named by the number it will have in the archive
(log_name), so each match keeps one name for good. One evening's folder
holds one folder per board, as the tournament report reads it.

The board keeps its files, and is reset whatever happens, so that it goes
on with the slate. On the PC, nothing is written until every file is
checked: a file already there holding the same match (the same bytes, or
their start: a copy pulled earlier) is brought up to date; one holding
anything else (a second board deployed with the same id, say) or a
symbolic link in the folder stops the pull. Each file is written whole
under a temporary name and renamed, so a full disk leaves every file
whole or as it was, and the next pull just works. PORT=virtual pulls from
the virtual board.
"""

import argparse
import datetime
import errno
import pathlib
import sys
import tempfile

from host_tools.board import board_id as ids
from host_tools.board.link import VIRTUAL, add_port_arguments, connect, hand_back
from host_tools.common import ROOT, CommandError, check_outputs, write_whole
from host_tools.virtual.board import DEFAULT_FLASH

JOURNAL = "/data/match.jsonl"
TAIL = "/data/match.tail"
ARCHIVE = "/data/archive"
LIST = (
    """
import os
def names(path):
    try:
        return sorted(os.listdir(path))
    except OSError:
        return []
print(repr(("match.jsonl" in names("/data"), names(%r), "match.tail" in names("/data"))))
"""
    % ARCHIVE
)


class PullError(CommandError):
    """A pull that would lose or mix up logs; the message says what to do."""


def number(name):
    """The number of an archive file name ("0003.jsonl": 3), else 0: as the
    firmware numbers its archive (firmware/ardoise/journal_files.py _number)."""
    head, dot, _ = name.partition(".")
    return int(head) if dot and head.isdigit() else 0


def next_number(archived):
    """The number the match on the slate will have in the archive, whose names are
    `archived`: the board archives it under the highest number there plus one."""
    return max(map(number, archived), default=0) + 1


def log_name(board_id, match, suffix=".jsonl"):
    """The name on the PC of the board's match number `match`: "3-0004.jsonl".

    The match on the slate is named by the number it will be archived under
    (next_number), so its file keeps its name when it is archived, and a
    names file that names it names it for ever. The one place that names a
    pulled log: whatever writes logs as pull-log does uses it (with store).
    """
    return "%s-%04d%s" % (ids.check(board_id), match, suffix)


def pull(port, folder, virtual_flash=DEFAULT_FLASH):
    """Copy the board's logs into `folder`/<board id>/; the paths of the files copied there."""
    check_outputs([folder], [virtual_flash] if port == VIRTUAL else [])
    with connect(port, virtual_flash) as link:
        try:
            return copy_logs(link, folder)
        finally:
            if hand_back(link, "pull-log"):
                print("the board is reset: it goes on with the slate", flush=True)


def copy_logs(link, folder):
    board_id, _ = ids.read(link)
    if board_id is None:
        raise PullError("the board has no id: deploy it with --id NAME first")
    has_journal, archived, has_tail = link.evaluate(LIST)
    remote = [ARCHIVE + "/" + name for name in archived]
    names = [
        log_name(board_id, number(name), name[name.index(".") :])
        if number(name)
        else board_id + "-" + name
        for name in archived
    ]
    if has_journal:
        remote.append(JOURNAL)
        names.append(log_name(board_id, next_number(archived)))
    print("1/2 on board %s: %s" % (board_id, describe(has_journal, archived)), flush=True)
    if not remote:
        print("2/2 nothing to copy", flush=True)
        return []
    tail = [TAIL] if has_journal and has_tail else []
    with tempfile.TemporaryDirectory() as scratch:
        link.run("fs", "cp", *[":" + path for path in remote + tail], scratch + "/", timeout=600)
        pulled = [pathlib.Path(scratch, path.rsplit("/", 1)[1]).read_bytes() for path in remote]
        if tail:
            pulled[-1] = with_tail(pulled[-1], pathlib.Path(scratch, "match.tail").read_bytes())
    paths = store(folder, board_id, list(zip(names, pulled, strict=True)))
    shown = [
        name + (" (the match on the slate)" if name == names[-1] and has_journal else "")
        for name in names
    ]
    print("2/2 copied to %s: %s" % (folder / board_id, ", ".join(shown)), flush=True)
    return paths


def describe(has_journal, archived):
    words = ["the match on the slate" if has_journal else "no match on the slate"]
    words.append("%d archived" % len(archived) if archived else "no archive")
    return ", ".join(words)


def with_tail(journal, tail):
    """The journal's bytes with the whole lines of its tail, as the board's
    next boot puts them together (firmware/ardoise/journal_files.py
    _tail_at_boot): the tail's first line is the size of the journal it
    continues, whose bytes past it may already be the first of its lines;
    a tail of another journal is not this one's end."""
    first, _, lines = tail.partition(b"\n")
    lines = whole_lines(lines)
    try:
        start = int(first)
    except ValueError:
        return journal
    if start <= len(journal) and lines.startswith(journal[start:]):
        return journal[:start] + lines
    return journal


def whole_lines(data):
    """`data` up to its last newline: a line a power cut left unfinished is no part
    of the match (the board drops it at its next boot)."""
    return data[: data.rfind(b"\n") + 1]


def store(folder, board_id, files):
    """Write `files`, (name, bytes) pairs, into `folder`/<board_id>/; their paths.

    Checked first, for every file, and nothing is written if one fails: no
    file or folder there is a symbolic link (never written through), and a
    file already there holds the same match, the same bytes or the start of
    them (a copy pulled earlier, brought up to date); a file with anything
    else stops the pull (a second board with the same id, say). Each file
    changed is written whole under a temporary name, then renamed over.
    """
    board = folder / board_id
    targets = [(board / name, data) for name, data in files]
    for path in [folder, board] + [path for path, _ in targets]:
        if path.is_symlink():
            raise PullError(
                "%s is a symbolic link: pull-log never writes through one; remove it, or "
                "pull with --to into another folder" % path
            )
    clashes = [
        path.name
        for path, data in targets
        if path.exists() and not data.startswith(whole_lines(path.read_bytes()))
    ]
    if clashes:
        raise PullError(
            "%s already holds other logs named %s (another board with the same id?): "
            "nothing was written; pull this one with --to into a folder of its own, or "
            "deploy it with another --id" % (board, ", ".join(clashes))
        )
    try:
        board.mkdir(parents=True, exist_ok=True)
        for path, data in targets:
            if not path.exists() or path.read_bytes() != data:  # the same log stays untouched
                write_whole(path, data)
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            raise PullError(
                "the disk holding %s is full: the files written so far are whole, the others "
                "as they were; free some space and pull again" % board
            ) from None
        raise
    return [path for path, _ in targets]


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise pull-log", description="Copy a board's match logs to the PC."
    )
    add_port_arguments(parser)
    parser.add_argument(
        "--to",
        default=str(ROOT / "logs" / datetime.date.today().isoformat()),
        help="the folder for the logs (default: logs/<today>/)",
    )
    args = parser.parse_args(argv)
    try:
        paths = pull(args.port, pathlib.Path(args.to), pathlib.Path(args.virtual_flash))
    except BrokenPipeError:
        raise  # stdout's reader is gone: the command line says nothing more
    except OSError as error:
        print("pull-log: %s: %s" % (error.filename or args.to, error.strerror), file=sys.stderr)
        return 1
    if paths:
        print("read it: ardoise slate %s" % paths[0])
        print("the evening's ranking: ardoise tournament %s" % args.to)
    return 0
