"""A season: the tournament report over several evenings, each evening's result a column.

`ardoise tournament` given two or more evenings' folders (folders that hold
an evening.json: `ardoise evening new` made them), or given `--season`
(each argument one evening: a folder of pulled logs, say), adds the
season's ranking: per kind of game, each player's total at each evening
(as that evening's own ranking gives it), the season's total and the
evenings played. Equal season totals share a place, as in the evening's
ranking of the report. With --pairs, a championship's season: each pair's
matches won at each evening (its byes counted), then the coche difference
over the season (ruling 35's next criterion), else a shared place.

The logs are read and credited once for the whole report (ranking.py:
the names file, copies of one match skipped); each evening's column then
ranks the logs under its folder.
"""

import json
from dataclasses import dataclass
from pathlib import Path

from host_tools.logs.standings import ReportError, rankings

EVENING = "evening.json"  # what `ardoise evening new` writes in an evening's folder


@dataclass
class Evening:
    label: str  # its column's heading: the folder's name
    path: Path


@dataclass
class SeasonLine:
    name: str
    totals: list  # per evening: the total there, or None
    total: int = 0
    evenings: int = 0
    place: int = 0
    difference: int = 0  # a pair's coche difference over the season (its tie-break)


@dataclass
class Season:
    kind: str
    unit: str
    evenings: list  # Evening, in the order given
    lines: list  # SeasonLine, best first

    @property
    def title(self):
        return "Season: %s: %s (%d evenings)" % (self.kind, self.unit, len(self.evenings))


def evenings(arguments, season=False):
    """The evenings of a season among the report's arguments, or None for no season:
    every argument with --season, else the evenings' folders if two or more."""
    paths = [Path(argument) for argument in arguments]
    if not season:
        paths = [path for path in paths if (path / EVENING).is_file()]
        if len(paths) < 2:
            return None
    elif len(paths) < 2:
        raise ReportError("--season ranks two evenings or more: give each one's folder")
    return [Evening(title(path), path) for path in paths]


def title(path):
    """An evening's heading: its date as evening.json keeps it, else its folder's name
    (the title of evening.json is often the same from one evening to the next)."""
    try:
        date = json.loads((path / EVENING).read_text(encoding="utf-8")).get("date")
    except (OSError, ValueError, AttributeError):
        date = None
    return date if isinstance(date, str) and date else path.resolve().name


def within(path, folder):
    path, folder = path.resolve(), folder.resolve()
    return path == folder or folder in path.parents


def season(sources, chosen):
    """One Season per kind of game, from the credited `sources` (ranking.Source)."""
    ranked = [source for source in sources if not source.skipped]
    per_evening = []
    for evening in chosen:
        logs = [source.log for source in ranked if within(source.path, evening.path)]
        per_evening.append(rankings(logs)[0])
    kinds = {}
    for index, evening_rankings in enumerate(per_evening):
        for ranking in evening_rankings:
            table = kinds.setdefault((ranking.kind, ranking.unit), {})
            for standing in ranking.standings:
                line = table.setdefault(
                    standing.name, SeasonLine(standing.name, [None] * len(chosen))
                )
                line.totals[index] = standing.total
                line.total += standing.total
                line.evenings += 1
    return [
        Season(kind, unit, chosen, placed(table.values()))
        for (kind, unit), table in sorted(kinds.items())
    ]


def placed(lines):
    """The season's lines best first: the total, then the difference (a pairs'
    season: ruling 35's second criterion), equal ones sharing a place."""
    lines = sorted(lines, key=lambda line: (-line.total, -line.difference, line.name))
    for index, line in enumerate(lines):
        before = lines[index - 1] if index else None
        tied = before and (before.total, before.difference) == (line.total, line.difference)
        line.place = before.place if tied else index + 1
    return lines


def pairs_of(season_table):
    return season_table.unit == "matches won"


def headings(season_table):
    more = ["coche difference"] if pairs_of(season_table) else []
    return (
        ["rank", "name"] + [e.label for e in season_table.evenings] + ["total"] + more
        + ["evenings"]
    )  # fmt: skip


def rows(season_table):
    return [
        [str(line.place), line.name]
        + ["–" if total is None else str(total) for total in line.totals]
        + [str(line.total)]
        + (["%+d" % line.difference] if pairs_of(season_table) else [])
        + [str(line.evenings)]
        for line in season_table.lines
    ]


def numeric(season_table):
    return tuple(index for index in range(len(headings(season_table))) if index != 1)


def season_lines(seasons):
    """The seasons as text tables."""
    lines = []
    for table in seasons:
        cells = [headings(table), *rows(table)]
        widths = [max(len(row[index]) for row in cells) for index in range(len(cells[0]))]
        lines += ["", table.title]
        for row in cells:
            lines.append(
                "  ".join(
                    cell.rjust(width) if index in numeric(table) else cell.ljust(width)
                    for index, (cell, width) in enumerate(zip(row, widths, strict=True))
                ).rstrip()
            )
    return lines


def csv_rows(seasons):
    out = []
    for table in seasons:
        out.append(["kind", "unit"] + headings(table))
        out += [[table.kind, table.unit] + row for row in rows(table)]
    return out
