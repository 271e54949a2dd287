"""Read a match log back as the players would: deal by deal, game by game.

    ardoise slate LOG.jsonl [--png SLATE.png] [--csv DEALS.csv]

Prints a summary of the match for Le Brouc, Bruus or Brusquembelle; `--png`
also draws the slate (chalk on slate for Le Brouc, matchsticks for Bruus, a
table of purses for Brusquembelle) and `--csv` writes one row per deal.
Everything is read from the rules core (host_tools/logs/matchlog.py); each
game's text, rows and drawing are its module's in host_tools/logs/games/, a
game without one is said by the rules' state alone. Exit 0, or
exit 1 with `line N: reason` (or why the file cannot be read) on stderr and
nothing on stdout.
"""

import argparse
import sys

from host_tools import common
from host_tools.common import OutputError, check_outputs, printable
from host_tools.logs import games
from host_tools.logs.matchlog import read_match_log
from host_tools.logs.replay import read_or_report


def write_csv(log, path):
    common.write_csv(path, games.of(log.game).rows(log))


def write_png(log, path):
    games.of(log.game).draw(log).save(path, "PNG")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="ardoise slate", description=__doc__.split("\n\n")[0])
    parser.add_argument("log", help="a match log (JSON Lines)")
    parser.add_argument("--png", metavar="FILE", help="draw the slate into this PNG file")
    parser.add_argument("--csv", metavar="FILE", help="write one row per deal to this CSV file")
    args = parser.parse_args(argv)
    try:
        check_outputs([args.png, args.csv], [args.log])
    except OutputError as error:
        print(error, file=sys.stderr)
        return 1
    log = read_or_report(read_match_log, args.log)
    if log is None:
        return 1
    report = games.of(log.game)
    if args.png and not report.DRAWS:
        print("no drawing of a %s slate yet: the summary says it" % log.game, file=sys.stderr)
        return 1
    for path, write in ((args.png, write_png), (args.csv, write_csv)):
        if path:
            try:
                write(log, path)
            except OSError as error:
                print("cannot write %s: %s" % (path, error.strerror or error), file=sys.stderr)
                return 1
    print(printable("\n".join(report.summary(log))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
