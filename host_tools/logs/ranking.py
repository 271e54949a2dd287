"""What the tournament report takes from the evening: logs from slates, who sat where, statistics.

The logs come as slates make them: `ardoise pull-log` puts each board's in
a folder named after the board, every file named after it too
(`3/3-0001.jsonl`, `3/3-0002.jsonl`: host_tools/board/pull.py, log_name). A folder
given to the report stands for every *.jsonl under it, so one evening's
folder of boards, or a week of evenings, is one argument.

Who is credited with a seat, in this order:
1. the organiser's names file, written afterwards (never an edit of the
   logs): one line per match, its key and the players seat by seat,

       # who played the matches the slates did not name
       3-0001.jsonl: Rösli, Paul, Émile, Anne
       board 3, match 2: Rösli, Paul, -, Anne
       board 5, match 4: Vreni, Hans, Trudi, Sepp

   a key is a log's file name (or the end of its path, `3/3-0001.jsonl`,
   when two logs share a name) or a board and its match's number, as the
   board numbers its archive (a board has no clock, so its matches are
   numbered, not timed; pull-log names the match on the slate by the number
   it will have, so a line names one match for good, and "board 3, now",
   whatever the slate holds next, is refused). A line naming copies of one
   match names the match, whichever copy is ranked. "-" leaves a seat to
   the next rule;
2. the names the slate wrote in the match event;
3. the board and the seat: "Ardoise 3, seat 2" (host_tools/logs/seats.py),
   or the log's own name for a log that came from no board.

A log is skipped, and the report says why, when it holds no deal yet (the
match a slate has just begun), or is the same match as another log given (a
board pulled twice, an earlier copy of the match on the slate). A log that
cannot be read, or a names file that does not fit the logs, stops the
report.

Statistics, per player and kind of game, over every log ranked. What the log
credits to a team is credited to both its players (a dehors is called by
"a player of team X"):
- Le Brouc: matches and games won, the ranking's coches, parties or games,
  capes (la vole, an announced cape won and partie et vole included), dehors
  called right and wrong, marriages declared at the bottom;
- Bruus: games won (a Treia double game counts 2), matchsticks, dares (dare,
  double dare) and strikes (strike, double strike, strike and dare,
  counterstrike);
- Brusquembelle: balance, and the aces and tens the player brought home.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from host_tools.common import CommandError, columns, padded, plural, printable
from host_tools.logs import games
from host_tools.logs.seats import ANONYMOUS, seat_name
from host_tools.logs.standings import kind_of, seat_scores
from scoring import Refused
from scoring.names import player_names

BOARD = "Ardoise"
BOARD_KEY = re.compile(r"board\s+(\S+?)\s*,\s*(?:match\s+(\d+)|(now))", re.IGNORECASE)


class RankingError(CommandError):
    """Logs or a names file that stop the report; the message names the file and line."""


@dataclass
class Source:
    """One log given to the report, what it is credited as, or why it is skipped."""

    path: Path
    board: str | None = None  # the id of the board it was pulled from
    number: int | None = None  # its number in the board's archive; None: the match on the slate
    log: object = None  # the MatchLog
    named_by: str = ""
    skipped: str | None = None

    @property
    def where(self):
        """Where the match was played, for a seat without a name: "Ardoise 3", else the file."""
        return "%s %s" % (BOARD, self.board) if self.board else self.path.stem

    def read(self):
        """The log's bytes: those its reader kept (the evening's copy), else the file's."""
        data = getattr(self.log, "data", None)
        return self.path.read_bytes() if data is None else data

    @property
    def short(self):
        """The log as the lists name it: its path as the report found it."""
        return str(self.path)


def gather(arguments):
    """The logs named, each folder standing for every *.jsonl under it, each log once."""
    paths = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found = sorted(path.rglob("*.jsonl"))
            if not found:
                raise RankingError("%s: no match logs (*.jsonl) in this folder" % path)
            paths += found
        else:
            paths.append(path)
    unique = {}
    for path in paths:
        unique.setdefault(path.resolve(), path)  # a log named twice counts once
    return list(unique.values())


def board_of(path):
    """(board id, archive number or None) for a log as pull-log names it, else (None, None).

    Its folder is named after the board and the file after both:
    3/3-0001.jsonl; 3/3-match.jsonl, the match on a slate as pull-log named it before
    it numbered it, is (3, None).
    """
    folder = path.parent.name
    stem = path.stem
    if folder and stem.startswith(folder + "-"):
        rest = stem[len(folder) + 1 :]
        if rest == "match":
            return folder, None
        if rest.isdigit():
            return folder, int(rest)
    return None, None


def source(path, log):
    """The Source of the log read from `path`."""
    board, number = board_of(path)
    return Source(path, board, number, log)


# -- who sat where ----------------------------------------------------------------


def read_names_file(path):
    """The lines of a names file: (line number, key, names seat by seat, None for "-")."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as error:
        raise RankingError("cannot read %s: %s" % (path, error.strerror or error)) from None
    except UnicodeDecodeError:
        raise RankingError("%s: not UTF-8 text (save the file as UTF-8)" % path) from None
    entries = []
    for number, line in enumerate(text.split("\n"), 1):  # "\x85" ends no line: no name holds it
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, names = line.partition(":")
        if not colon or not key.strip() or not names.strip():
            raise RankingError(
                "%s line %d: expected a log and its players, as in "
                "'3-0001.jsonl: Anne, Paul, Emile, Rosa'" % (path, number)
            )
        seats = [name.strip() for name in names.split(",")]
        entries.append(
            (number, key.strip(), [None if name in ANONYMOUS else name for name in seats])
        )
    return entries


def find(sources, key):
    """The sources a names-file key stands for."""
    board = BOARD_KEY.fullmatch(key)
    if board:
        number = None if board.group(3) else int(board.group(2))
        return [s for s in sources if s.board == board.group(1) and s.number == number]
    # The end of a path, folder by folder, as given or as the report found it
    # ("a/m.jsonl" is the log given as a/m.jsonl, and /evening/a/m.jsonl).
    parts = [part for part in key.replace("\\", "/").split("/") if part not in ("", ".")]
    return [
        s
        for s in sources
        if parts
        and parts
        in (list(s.path.parts[-len(parts) :]), list(s.path.resolve().parts[-len(parts) :]))
    ]


def one_match(found):
    """The log that holds the match all of `found` are copies of (the longest, each
    other one its start: one board pulled into two folders), else None."""
    longest = max(found, key=lambda s: len(s.read()))
    whole = longest.read()
    return longest if all(whole.startswith(s.read()) for s in found) else None


def apply_names_file(sources, path):
    """Credit the seats the organiser named; RankingError for a line that fits no log."""
    named = {}
    for number, key, names in read_names_file(path):
        where = "%s line %d" % (path, number)
        found = find(sources, key)
        if not found:
            hint = ""
            if BOARD_KEY.fullmatch(key) and BOARD_KEY.fullmatch(key).group(3):
                hint = (
                    ": the match on a slate moves on; name it by its number, as pull-log "
                    "names its file (board 3, match 4 for 3/3-0004.jsonl)"
                )
            raise RankingError("%s: no log %s among those given%s" % (where, key, hint))
        if len(found) > 1 and one_match(found):
            found = [one_match(found)]
        if len(found) > 1:
            raise RankingError(
                "%s: %s is %d logs (%s): write its folder too, as in 3/3-0001.jsonl"
                % (where, key, len(found), ", ".join(s.short for s in found))
            )
        source = found[0]
        if id(source) in named:
            raise RankingError(
                "%s: %s is already named on line %d" % (where, source.short, named[id(source)])
            )
        seats = source.log.seats
        if len(names) != seats:
            raise RankingError(
                "%s: %s for the %s of %s"
                % (where, plural(len(names), "name"), plural(seats, "seat"), source.short)
            )
        given = [name for name in names if name]
        try:
            player_names(given, len(given))  # names as the rules core takes them, each once
        except Refused as refusal:
            raise RankingError("%s: %s" % (where, refusal)) from None
        own = source.log.names
        source.log.names = tuple(
            name or seat_name(own, seat, source.where) for seat, name in enumerate(names)
        )
        source.named_by = "names file line %d" % number
        named[id(source)] = number


def credit(sources, names_file=None):
    """Decide who is credited with each seat of each log, and which logs are skipped."""
    if names_file:
        apply_names_file(sources, names_file)
    boards = {}
    for source in sources:
        boards.setdefault(source.board, []).append(source)
    seen = {}
    for source in sources:
        log = source.log
        named = [name for name in log.names or () if name not in ANONYMOUS]
        data = source.read()
        if not games.of(log.game).RANKS:
            source.skipped = "no ranking of %s yet" % log.game
        elif not any(step.event["ev"] == "deal" for step in log.steps):
            source.skipped = "no deal played yet"
        elif data in seen:
            source.skipped = "the same match as %s" % seen[data].short
            keep_names(source, seen[data])
        else:
            earlier = later_copy(source, data, boards[source.board])
            if earlier:
                source.skipped = "an earlier copy of the match in %s" % earlier.short
                keep_names(source, earlier)
        seen.setdefault(data, source)
        if source.skipped or source.named_by:
            continue
        by_seat = "board and seat" if source.board else "file and seat"
        if log.names and named:
            source.named_by = "names in the log" + (
                ", " + by_seat if len(named) < log.seats else ""
            )
        else:
            source.named_by = by_seat
        log.names = tuple(seat_name(log.names, seat, source.where) for seat in range(log.seats))


def keep_names(copy, kept):
    """The organiser's names for a log skipped as a copy go to the log kept for its match."""
    if not copy.named_by.startswith("names file"):
        return
    if kept.named_by.startswith("names file") and kept.log.names != copy.log.names:
        raise RankingError(
            "%s and %s are one match, named differently (%s, %s)"
            % (copy.short, kept.short, copy.named_by, kept.named_by)
        )
    kept.log.names = copy.log.names
    kept.named_by = copy.named_by


def later_copy(source, data, sources):
    """For a match pulled earlier: the log of the same match that goes on from it (the
    same board and number; any log of the board for the match on a slate pulled before
    pull-log numbered it, 3-match.jsonl), among `sources` (those of its board will do)."""
    if source.board is None:
        return None
    for other in sources:
        if other is not source and other.board == source.board:
            later = other.read()
            if (
                source.number in (None, other.number)
                and len(later) > len(data)
                and later.startswith(data)
            ):
                return other
    return None


# -- statistics -----------------------------------------------------------------


@dataclass
class Played:
    """One match of one player: where, with whom, against whom, and what it gave them."""

    source: Source
    seat: int
    partners: list
    opponents: list
    credited: int
    result: str


@dataclass
class Player:
    name: str
    kind: str
    counts: dict = field(default_factory=dict)
    matches: list = field(default_factory=list)


@dataclass
class Statistics:
    """The players of one kind of game, in the ranking's order."""

    kind: str
    unit: str
    game: str
    players: list

    @property
    def columns(self):
        return [
            (key, heading or self.unit)
            for key, heading in games.of(self.game).COLUMNS
            if not (key == "games" and self.unit == "games won")  # "31": the total already
        ]


def seat_counts(log):
    """What each seat's player did in this match, by statistic (its game's module
    counts them)."""
    scores = seat_scores(log)
    seats = games.of(log.game).seat_counts(log)
    for seat, counts in enumerate(seats):
        counts["matches"] = 1
        counts["total"] = scores[seat]
    return seats


def result_of(log, seat, scores, unit):
    """How the match went for the player at `seat`: "5-1 coches, won", "balance +6"."""
    return games.of(log.game).result(log, seat, scores, unit)


def statistics(sources, ranked):
    """One Statistics per ranking, the players in the ranking's order."""
    players = {}
    game_of = {}  # each ranking's game
    for source in sources:
        if source.skipped:
            continue
        log = source.log
        kind, unit = kind_of(log)
        game_of[kind] = log.game
        scores = seat_scores(log)
        for seat, counts in enumerate(seat_counts(log)):
            name = log.names[seat]
            player = players.setdefault((kind, name), Player(name, kind))
            for key, value in counts.items():
                player.counts[key] = player.counts.get(key, 0) + value
            player.matches.append(
                Played(
                    source,
                    seat,
                    [log.names[s] for s in partners_of(log, seat)],
                    [log.names[s] for s in opponents_of(log, seat)],
                    scores[seat],
                    result_of(log, seat, scores, unit),
                )
            )
    tables = []
    for ranking in ranked:
        game = game_of[ranking.kind]
        order = [players[ranking.kind, standing.name] for standing in ranking.standings]
        tables.append(Statistics(ranking.kind, ranking.unit, game, order))
    return tables


def partners_of(log, seat):
    return games.of(log.game).partners(log, seat)


def opponents_of(log, seat):
    return games.of(log.game).opponents(log, seat)


# -- text ---------------------------------------------------------------------


def statistics_lines(tables):
    """The statistics as text tables, one per kind of game."""
    lines = []
    for table in tables:
        headings = table.columns
        # Each name as the terminal shows it (escaped), padded by the columns it takes.
        names = [printable(player.name) for player in table.players]
        width = max(len("player"), *map(columns, names))
        lines += ["", "%s: statistics per player" % table.kind]
        lines.append("%s  %s" % (padded("player", width), "  ".join(h for _, h in headings)))
        for player, name in zip(table.players, names, strict=True):
            cells = ["%*d" % (len(heading), player.counts.get(key, 0)) for key, heading in headings]
            lines.append("%s  %s" % (padded(name, width), "  ".join(cells)))
    return lines


def described(source):
    """How a ranked log's seats were named, and where its session stands (Bruus)."""
    note = games.of(source.log.game).progress(source.log)
    return "%s; %s" % (source.named_by, note) if note else source.named_by


def sources_lines(sources):
    """Which logs were ranked and how their seats were named, which skipped and why."""
    ranked = [source for source in sources if not source.skipped]
    skipped = [source for source in sources if source.skipped]
    lines = ["", "Logs: %d ranked, %d skipped" % (len(ranked), len(skipped))]
    lines += ["  ranked   %s (%s)" % (source.short, described(source)) for source in ranked]
    lines += ["  skipped  %s: %s" % (source.short, source.skipped) for source in skipped]
    return lines
