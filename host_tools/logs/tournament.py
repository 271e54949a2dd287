"""The evening's ranking: each player's points summed over the match logs they played in.

    ardoise tournament LOG.jsonl ... | FOLDER ... [--names NAMES.txt] [--csv RANKING.csv]
        [--png RANKING.png] [--html RANKING.html]

RULINGS 29 and the Bruus seed's "Tournament Scoring": partners change from
one session to the next, so every player is credited with what their side
won in each match they sat in (18 + 23 + 33 = 74), read from the names of the
match event ("names", one per seat):

- Bruus: the matchsticks (points) their team won over the whole match,
  across games;
- Le Brouc: the coches their team won (etivaz), the parties (brou1802), the
  games won ("31");
- Brusquembelle: the player's own balance.

One ranking per kind of game (the game and its rules variant), since coches,
parties and matchsticks do not add up; then each player's statistics, and
which logs were ranked and which skipped, and why. A FOLDER stands for the
*.jsonl files under it: an evening's folder of boards as `ardoise pull-log`
makes them. A seat the log does not name is credited to the player the
organiser's --names file gives, else to the board and seat ("Ardoise 3,
seat 2"): host_tools/logs/ranking.py. --png and --html draw the rankings,
the statistics and each player's matches (host_tools/logs/ranking_page.py).
A log that cannot be read or folded stops the report: `FILE: line N:
reason` on stderr, exit 1, nothing on stdout.
"""

import argparse
import csv
import sys
from dataclasses import dataclass

from host_tools.common import OutputError, check_outputs
from host_tools.logs import games
from host_tools.logs.matchlog import read_match_log
from scoring import LogError


class ReportError(Exception):
    """A log or folder that stops the report; the message names the file."""


@dataclass
class Standing:
    name: str
    total: int = 0
    matches: int = 0


def kind_of(log):
    """The ranking a log counts toward, e.g. ("Bruus, schwesing", "matchsticks"):
    its game's module says (host_tools/logs/games/)."""
    return games.of(log.game).kind(log)


def seat_scores(log):
    """What each seat's player is credited with for this match, seat by seat."""
    return games.of(log.game).seat_scores(log)


@dataclass
class Ranking:
    """The players of one kind of game, best first."""

    kind: str
    unit: str
    matches: int
    standings: list


def rankings(logs):
    """One Ranking per kind of game, and the paths of the logs skipped for having no names."""
    tables = {}
    matches = {}
    skipped = []
    for log in logs:
        if not log.names:
            skipped.append(log.path)
            continue
        if len(set(log.names)) != len(log.names):
            raise ReportError("%s: a player sits twice in this match: %s" % (log.path, log.names))
        kind = kind_of(log)
        matches[kind] = matches.get(kind, 0) + 1
        table = tables.setdefault(kind, {})
        for name, score in zip(log.names, seat_scores(log), strict=True):
            standing = table.setdefault(name, Standing(name))
            standing.total += score
            standing.matches += 1
    ranked = [
        Ranking(kind, unit, matches[kind, unit], sorted(table.values(), key=best_first))
        for (kind, unit), table in sorted(tables.items())
    ]
    return ranked, skipped


def best_first(standing):
    return (-standing.total, standing.name)


def ranks(standings):
    """Competition ranking: equal totals share a rank, the next rank skips (1, 2, 2, 4)."""
    numbered = []
    for index, standing in enumerate(standings):
        tied = index and standing.total == standings[index - 1].total
        numbered.append((numbered[-1][0] if tied else index + 1, standing))
    return numbered


def report_lines(ranked, skipped):
    lines = []
    for ranking in ranked:
        if lines:
            lines.append("")
        lines.append("%s: %s (%d matches)" % (ranking.kind, ranking.unit, ranking.matches))
        width = max(len("name"), *(len(standing.name) for standing in ranking.standings))
        lines.append("rank  %-*s  total  matches" % (width, "name"))
        for rank, standing in ranks(ranking.standings):
            lines.append(
                "%4d  %-*s  %5d  %7d"
                % (rank, width, standing.name, standing.total, standing.matches)
            )
    if skipped:
        lines.append("")
        lines.append("Skipped, no player names: " + ", ".join(skipped))
    return lines


def write_csv(ranked, path):
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["kind", "unit", "rank", "name", "total", "matches"])
        for ranking in ranked:
            for rank, standing in ranks(ranking.standings):
                writer.writerow(
                    [
                        ranking.kind,
                        ranking.unit,
                        rank,
                        standing.name,
                        standing.total,
                        standing.matches,
                    ]
                )


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise tournament", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("logs", nargs="+", metavar="LOG", help="match logs, or folders of them")
    parser.add_argument("--csv", metavar="FILE", help="also write the rankings to this CSV file")
    parser.add_argument(
        "--names", metavar="FILE", help="who played the matches the slates did not name"
    )
    parser.add_argument("--png", metavar="FILE", help="also draw the rankings into this PNG file")
    parser.add_argument("--html", metavar="FILE", help="also write them as a web page")
    args = parser.parse_args(argv)
    from host_tools.logs import ranking, ranking_page  # the evening as slates make it

    try:
        logs = []
        paths = ranking.gather(args.logs)
        check_outputs(
            [args.csv, args.png, args.html], paths + [path for path in [args.names] if path]
        )
        for path in paths:
            try:
                logs.append(read_match_log(path))
            except LogError as error:
                raise ReportError("%s: %s" % (path, error)) from None
            except OSError as error:
                raise ReportError("cannot read %s: %s" % (path, error.strerror or error)) from None
        sources = [ranking.source(path, log) for path, log in zip(paths, logs, strict=True)]
        ranking.credit(sources, args.names)
        ranked, skipped = rankings([source.log for source in sources if not source.skipped])
        if not ranked:
            raise ReportError(
                "nothing to rank: "
                + "; ".join("%s: %s" % (source.short, source.skipped) for source in sources)
            )
    except (ReportError, OutputError, ranking.RankingError) as error:
        print(error, file=sys.stderr)
        return 1
    for source in sources:
        if source.skipped:
            print("%s: skipped: %s" % (source.path, source.skipped), file=sys.stderr)
    tables = ranking.statistics(sources, ranked)
    for path, write in (
        (args.csv, lambda path: write_csv(ranked, path)),
        (args.png, lambda path: ranking_page.write_png(path, ranked, tables, sources)),
        (args.html, lambda path: ranking_page.write_html(path, ranked, tables, sources)),
    ):
        if path:
            try:
                write(path)
            except OSError as error:
                print("cannot write %s: %s" % (path, error.strerror or error), file=sys.stderr)
                return 1
    lines = report_lines(ranked, skipped) + ranking.statistics_lines(tables)
    print("\n".join(lines + ranking.sources_lines(sources)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
