"""Copy a board's match logs to the PC: `make pull-log PORT=/dev/ttyACM0`.

    ardoise pull-log --port PORT [--to FOLDER]

Copies the journal of the match on the slate (data/match.jsonl) and the
archive (data/archive/: finished matches NNNN.jsonl, set-aside damaged
journals NNNN.damaged) into FOLDER, logs/<today>/ by default, with mpremote;
the board keeps its files. A file already in FOLDER with the same content is
left as it is; one with other content (another slate's 0001.jsonl, say)
stops the pull before anything is written: pull that slate into a folder of
its own with --to. PORT=virtual pulls from the virtual board.
"""

import argparse
import datetime
import pathlib
import sys
import tempfile

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
    """Copy the board's logs into `folder`; the names of the files copied there."""
    check_outputs([folder], [virtual_flash] if port == VIRTUAL else [])
    with connect(port, virtual_flash) as link:
        has_journal, archived = link.evaluate(LIST)
        remote = ([JOURNAL] if has_journal else []) + [ARCHIVE + "/" + name for name in archived]
        print("1/3 on the board: %s" % describe(has_journal, archived), flush=True)
        names = []
        if remote:
            with tempfile.TemporaryDirectory() as scratch:
                link.run("fs", "cp", *[":" + path for path in remote], scratch + "/", timeout=600)
                pulled = sorted(pathlib.Path(scratch).iterdir())
                place(pulled, folder)
            names = [path.name for path in pulled]
            print("2/3 copied to %s: %s" % (folder, ", ".join(names)), flush=True)
        else:
            print("2/3 nothing to copy", flush=True)
        # Reaching the files stopped the slate: a reset starts it again.
        link.run("reset")
        print("3/3 reset: the board goes on with the slate", flush=True)
    return names


def describe(has_journal, archived):
    words = ["the match on the slate" if has_journal else "no match on the slate"]
    words.append("%d archived" % len(archived) if archived else "no archive")
    return ", ".join(words)


def place(pulled, folder):
    """Move the pulled files into `folder`, unless one would replace a different log."""
    clashes = [
        path.name
        for path in pulled
        if (folder / path.name).exists() and (folder / path.name).read_bytes() != path.read_bytes()
    ]
    if clashes:
        raise PullError(
            "%s already holds other logs named %s (from another slate?): pull this one "
            "with --to into a folder of its own" % (folder, ", ".join(clashes))
        )
    folder.mkdir(parents=True, exist_ok=True)
    for path in pulled:
        if not (folder / path.name).exists():  # the same log already there stays untouched
            (folder / path.name).write_bytes(path.read_bytes())


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
        names = pull(args.port, pathlib.Path(args.to), pathlib.Path(args.virtual_flash))
    except (PullError, LinkError, OutputError) as error:
        print("pull-log: %s" % error, file=sys.stderr)
        return 1
    except OSError as error:
        print("pull-log: %s: %s" % (error.filename, error.strerror), file=sys.stderr)
        return 1
    if names:
        print("read it: ardoise slate %s/%s" % (args.to, names[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
