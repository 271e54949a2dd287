"""The evening's standings: each player's points summed over the match logs
they played in, one ranking per kind of game, as text and CSV rows. The
`tournament` command (tournament.py) reads the logs, ranking.py credits the
seats and counts the statistics, ranking_page.py draws them.
"""

from dataclasses import dataclass

from host_tools import common
from host_tools.common import CommandError, plural
from host_tools.logs import games


class ReportError(CommandError):
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

    @property
    def title(self):
        """ "Bruus, schwesing: matchsticks (3 matches)", as the report and its pages head it."""
        return "%s: %s (%s)" % (self.kind, self.unit, plural(self.matches, "match"))


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
        lines.append(ranking.title)
        # Each name as the terminal shows it (escaped), padded by the columns it takes.
        names = {standing.name: common.printable(standing.name) for standing in ranking.standings}
        width = max(len("name"), *map(common.columns, names.values()))
        lines.append("rank  %s  total  matches" % common.padded("name", width))
        for rank, standing in ranks(ranking.standings):
            name = common.padded(names[standing.name], width)
            lines.append("%4d  %s  %5d  %7d" % (rank, name, standing.total, standing.matches))
    if skipped:
        lines.append("")
        lines.append("Skipped, no player names: " + ", ".join(skipped))
    return lines


def write_csv(ranked, path, season_rows=()):
    """The rankings as CSV rows; a season's rows (season.csv_rows) in their place."""
    rows = [["kind", "unit", "rank", "name", "total", "matches"]]
    for ranking in ranked:
        for rank, standing in ranks(ranking.standings):
            rows.append(
                [ranking.kind, ranking.unit, rank, standing.name, standing.total, standing.matches]
            )
    common.write_csv(path, list(season_rows) or rows)
