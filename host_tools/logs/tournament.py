"""The evening's ranking: each player's points summed over the match logs they played in.

    ardoise tournament LOG.jsonl ... | FOLDER ... [--names NAMES.txt] [--csv RANKING.csv]
        [--png RANKING.png] [--html RANKING.html]

Ruling 29 of docs/rules.md (Bruus's tournament scoring): partners change from
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
makes them. Two evenings' folders or more (or --season) add the season's
ranking first, each evening's result a column (host_tools/logs/season.py).
A seat the log does not name is credited to the player the organiser's
--names file gives, else to the board and seat ("Ardoise 3, seat 2"):
host_tools/logs/ranking.py. --png and --html draw the rankings,
the statistics and each player's matches (host_tools/logs/ranking_page.py).
A log that cannot be read or folded stops the report: `FILE: line N:
reason` on stderr, exit 1, nothing on stdout.

--pairs ranks the pairs of a Le Brouc championship instead (ruling 35:
host_tools/logs/pairs.py), counting byes and the time limit when given the
evening's folder; --json prints that ranking as a list, best first.
"""

import argparse
import sys

from host_tools.common import OutputError, check_outputs, printable
from host_tools.logs import ranking, ranking_page, season
from host_tools.logs.matchlog import read_match_log
from host_tools.logs.standings import ReportError, rankings, report_lines, write_csv
from scoring import LogError


def rank_logs(paths, logs, names=None):
    """(the Sources, one Ranking per kind of game, the logs skipped for having no names)
    of the folded `logs` read from `paths`; `names`, the organiser's names file."""
    sources = [ranking.source(path, log) for path, log in zip(paths, logs, strict=True)]
    ranking.credit(sources, names)
    ranked, skipped = rankings([source.log for source in sources if not source.skipped])
    return sources, ranked, skipped


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
    parser.add_argument(
        "--season",
        action="store_true",
        help="each argument is one evening: add the season's ranking, an evening a column "
        "(without it, two evenings' folders or more add it)",
    )
    parser.add_argument(
        "--pairs", action="store_true", help="rank the pairs of a Le Brouc championship"
    )
    parser.add_argument("--json", action="store_true", help="with --pairs: the ranking as JSON")
    args = parser.parse_args(argv)
    if args.json and not args.pairs:
        parser.error("--json gives the pairs' ranking: add --pairs")
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
        chosen = season.evenings(args.logs, args.season)
        sources, ranked, skipped = rank_logs(paths, logs, args.names)
        if args.pairs:
            return report_pairs(args, sources, chosen)
        if not ranked:
            raise ReportError(
                "nothing to rank: "
                + "; ".join("%s: %s" % (source.short, source.skipped) for source in sources)
            )
        seasons = season.season(sources, chosen) if chosen else []
    except (ReportError, OutputError, ranking.RankingError) as error:
        print(printable(str(error)), file=sys.stderr)
        return 1
    for source in sources:
        if source.skipped:
            print(printable("%s: skipped: %s" % (source.path, source.skipped)), file=sys.stderr)
    tables = ranking.statistics(sources, ranked)
    if not written(
        (args.csv, lambda path: write_csv(ranked, path, season.csv_rows(seasons))),
        (args.png, lambda path: ranking_page.write_png(path, ranked, tables, sources, seasons)),
        (args.html, lambda path: ranking_page.write_html(path, ranked, tables, sources, seasons)),
    ):
        return 1
    lines = season.season_lines(seasons)[1:] + [""] if seasons else []
    lines += report_lines(ranked, skipped) + ranking.statistics_lines(tables)
    print(printable("\n".join(lines + ranking.sources_lines(sources))))
    return 0


def written(*outputs):
    """Each (path, write) whose path was given, written by `write(path)`; False, and
    said, at the first that cannot be."""
    for path, write in outputs:
        if path:
            try:
                write(path)
            except OSError as error:
                print("cannot write %s: %s" % (path, error.strerror or error), file=sys.stderr)
                return False
    return True


def report_pairs(args, sources, chosen=None):
    """`--pairs`: the championship's ranking of pairs (host_tools/logs/pairs.py)."""
    import json

    from host_tools.logs import pairs

    record = next(filter(None, map(pairs.read_record, filter(is_folder, args.logs))), None)
    results = []
    for source in sources:
        if source.skipped:
            continue
        if not pairs.is_pairs_match(source.log):
            source.skipped = "not a Le Brouc etivaz match of four"
            continue
        results.append(pairs.result_of(source))
    byes = []
    registered = []
    if record:
        pairs.assign_rounds(record, results)
        pairs.apply_time_rule(record, results)
        byes = record.byes()
        registered = record.pairs
    if not results and not registered:
        raise ReportError(
            "no Le Brouc etivaz match to rank pairs from: "
            + "; ".join("%s: %s" % (source.short, source.skipped) for source in sources)
        )
    ranked = pairs.rank(results, byes, registered)
    seasons = pairs.season_of(chosen, results) if chosen else []
    for source in sources:
        if source.skipped:
            print(printable("%s: skipped: %s" % (source.path, source.skipped)), file=sys.stderr)
    if seasons and not written((args.csv, lambda path: write_season_csv(seasons, path))):
        return 1
    if not written(
        (None if seasons else args.csv, lambda path: pairs.write_csv(ranked, path)),
        (args.png, lambda path: pairs.write_png(path, ranked, results, byes)),
        (args.html, lambda path: pairs.write_html(path, ranked, results, byes)),
    ):
        return 1
    if args.json:
        print(json.dumps([pair.row() for pair in ranked], ensure_ascii=False, indent=1))
    else:
        lines = season.season_lines(seasons)[1:] + [""] if seasons else []
        print(printable("\n".join(lines + pairs.report_lines(ranked, results, byes))))
    return 0


def write_season_csv(seasons, path):
    from host_tools import common

    common.write_csv(path, season.csv_rows(seasons))


def is_folder(argument):
    from pathlib import Path

    return Path(argument).is_dir()


if __name__ == "__main__":
    sys.exit(main())
