"""Replay a match log: the slate's state after the last event, as one JSON object.

    ardoise replay LOG.jsonl        (or: python -m host_tools.replay LOG.jsonl)

Exit 0 with the state on stdout; exit 1 with `line N: reason` on stderr and
nothing on stdout when a line is not JSON or the rules refuse an event
(docs/match-log.md). Runs on any Python 3.11: the rules core is pure Python.

The file is read as the board reads its journal (scoring.read_lines): in
bounded memory, and a line of more than scoring.LINE_LIMIT bytes (1280) is
`line N: too long`, read no further (/dev/zero is answered at once).
"""

import argparse
import json
import sys

import host_tools  # noqa: F401  (puts the rules core on the path)
from scoring import LogError, fold_lines, read_lines


def replay(path):
    """The state dict after folding the log at `path`; raises LogError or OSError."""
    with open(path, "rb") as log:
        return fold_lines(read_lines(log)).state()


def read_or_report(read, path):
    """`read(path)`, or None once stderr says why the log cannot be read:
    `line N: reason` for a bad line, or the file's own error."""
    try:
        return read(path)
    except LogError as error:
        print(error, file=sys.stderr)
    except OSError as error:
        print("cannot read %s: %s" % (path, error.strerror or error), file=sys.stderr)
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(prog="ardoise replay", description=__doc__.split("\n\n")[0])
    parser.add_argument("log", help="a match log (JSON Lines)")
    args = parser.parse_args(argv)
    state = read_or_report(replay, args.log)
    if state is None:
        return 1
    print(json.dumps(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
