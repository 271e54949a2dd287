"""Copy a board's match logs to the PC: `make pull-log PORT=/dev/ttyACM0`.

    ardoise pull-log --port PORT [--to FOLDER]

Copies the journal of the match on the slate (data/match.jsonl) and the
archive (data/archive/: finished matches NNNN.jsonl, set-aside damaged
journals NNNN.damaged) with mpremote into a folder named after the board's
id (host_tools/board/board_id.py) in FOLDER, logs/<today>/ by default, each
file named after it too: logs/<today>/3/3-0001.jsonl, 3-match.jsonl... So
one evening's folder holds one folder per board, as the tournament report
reads it. The board keeps its files. A file already there with the same
content is left as it is; the copy of the match on the slate is brought up
to date (what it held is still in the journal, or archived); any other file
with other content (a second board deployed with the same id, say) stops
the pull before anything is written. PORT=virtual pulls from the virtual
board.
"""

import argparse
import datetime
import pathlib
import sys
import tempfile

from host_tools.board import board_id as ids
from host_tools.board.link import VIRTUAL, LinkError, add_port_arguments, connect
from host_tools.board.virtual import DEFAULT_FLASH
from host_tools.common import ROOT, OutputError, check_outputs

JOURNAL = "/data/match.jsonl"
ARCHIVE = "/data/archive"
LIST = (
    """
import os
def names(path):
    try:
        return sorted(os.listdir(path))
    except OSError:
        return []
print(repr(("match.jsonl" in names("/data"), names(%r))))
"""
    % ARCHIVE
)


class PullError(Exception):
    """A pull that would lose or mix up logs; the message says what to do."""


def pull(port, folder, virtual_flash=DEFAULT_FLASH):
    """Copy the board's logs into `folder`/<board id>/; the paths of the files copied there."""
    check_outputs([folder], [virtual_flash] if port == VIRTUAL else [])
    with connect(port, virtual_flash) as link:
        board_id, _ = ids.read(link)
        if board_id is None:
            raise PullError("the board has no id: deploy it with --id NAME first")
        folder = folder / board_id
        has_journal, archived = link.evaluate(LIST)
        remote = ([JOURNAL] if has_journal else []) + [ARCHIVE + "/" + name for name in archived]
        print("1/3 on board %s: %s" % (board_id, describe(has_journal, archived)), flush=True)
        names = []
        if remote:
            with tempfile.TemporaryDirectory() as scratch:
                link.run("fs", "cp", *[":" + path for path in remote], scratch + "/", timeout=600)
                pulled = sorted(pathlib.Path(scratch).iterdir())
                place(pulled, folder, board_id)
            names = [local_name(board_id, path.name) for path in pulled]
            print("2/3 copied to %s: %s" % (folder, ", ".join(names)), flush=True)
        else:
            print("2/3 nothing to copy", flush=True)
        # Reaching the files stopped the slate: a reset starts it again.
        link.run("reset")
        print("3/3 reset: the board goes on with the slate", flush=True)
    return [folder / name for name in names]


def describe(has_journal, archived):
    words = ["the match on the slate" if has_journal else "no match on the slate"]
    words.append("%d archived" % len(archived) if archived else "no archive")
    return ", ".join(words)


def local_name(board_id, name):
    """The name on the PC of the board's file `name` (match.jsonl, 0003.jsonl): 3-0003.jsonl.
    `ardoise evening run` names the journals it receives with it too."""
    return "%s-%s" % (board_id, name)


def place(pulled, folder, board_id):
    """Move the pulled files into `folder`, each named by local_name, unless one
    would replace a different log (the match on the slate is brought up to date)."""
    journal = local_name(board_id, JOURNAL.rsplit("/", 1)[1])
    targets = [(path, folder / local_name(board_id, path.name)) for path in pulled]
    clashes = [
        target.name
        for path, target in targets
        if target.name != journal and target.exists() and target.read_bytes() != path.read_bytes()
    ]
    if clashes:
        raise PullError(
            "%s already holds other logs named %s (another board with the same id?): pull "
            "this one with --to into a folder of its own, or deploy it with another --id"
            % (folder, ", ".join(clashes))
        )
    folder.mkdir(parents=True, exist_ok=True)
    for path, target in targets:
        data = path.read_bytes()
        if not target.exists() or target.read_bytes() != data:  # the same log stays untouched
            target.write_bytes(data)


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
    except (PullError, LinkError, OutputError) as error:
        print("pull-log: %s" % error, file=sys.stderr)
        return 1
    except OSError as error:
        print("pull-log: %s: %s" % (error.filename, error.strerror), file=sys.stderr)
        return 1
    if paths:
        print("read it: ardoise slate %s" % paths[0])
        print("the evening's ranking: ardoise tournament %s" % args.to)
    return 0


if __name__ == "__main__":
    sys.exit(main())
