"""The evening's results: each session's tables and standing, and the evening's places.

Made from the match logs alone, as `ardoise tournament` ranks them
(host_tools/logs/tournament.py's rank_logs: the same logs counted, the same
seats credited), and from the draws, which say which session a match
belongs to: a log belongs to the session whose seating put its players at
one table (the first such session without a match of that table yet, in the
board's order: a match begun again at a table counts with it).

Places (the evening's and each session's), per kind of game as the
tournament ranks: the points won (ruling 29: matchsticks, coches...); on
equal points the difference between the points won and those conceded (the
opponents' at each match); still equal, a shared place (1, 2, 2, 4).
`TIE_BREAK` says it on every printout.
"""

from dataclasses import dataclass, field

from host_tools.logs import games, standings, tournament
from host_tools.logs.matchlog import closes_deal
from scoring import LogError

TIE_BREAK = "tie_break"  # the key of the rule's text (host_tools/evening/lang/)


@dataclass
class Line:
    """One player's (or pair's) line in a standing: points won and conceded, matches."""

    name: str
    won: int = 0
    conceded: int = 0
    matches: int = 0
    sessions: dict = field(default_factory=dict)  # session: points won in it
    place: int = 0

    @property
    def difference(self):
        return self.won - self.conceded


@dataclass
class Table:
    """A table of a session as its players see it: the teams, the score, the deal."""

    table: int
    teams: list  # [[names of team A], [names of team B]]
    scores: list = field(default_factory=list)  # [A's points, B's points]; [] before a deal
    unit: str = ""
    deal: int = 0  # the deal in play (or the last played), from 1
    deals: int | None = None  # the session's deals
    over: bool = False
    board: str | None = None
    path: object = None  # the log shown (the table's last)


@dataclass
class Session:
    session: int
    tables: list
    sit_out: list
    standings: list  # (kind, unit, [Line, ...]) best first

    @property
    def finished(self):
        return bool(self.tables) and all(table.over for table in self.tables)


@dataclass
class Results:
    sessions: list  # Session, in order
    standings: list  # the evening's: (kind, unit, [Line, ...]) best first
    outside: list = field(default_factory=list)  # logs counted that no session's table holds
    refused: list = field(default_factory=list)  # (path, LogError)
    ranked: list = field(default_factory=list)  # `ardoise tournament`'s Rankings of the logs
    skipped: list = field(default_factory=list)  # and the logs it skipped for lack of names


def place(lines):
    """Sort `lines` best first and number their places: equal points and difference share."""
    lines.sort(key=lambda line: (-line.won, -line.difference, line.name))
    for index, line in enumerate(lines):
        before = lines[index - 1] if index else None
        if before and (before.won, before.difference) == (line.won, line.difference):
            line.place = before.place
        else:
            line.place = index + 1
    return lines


def teams(log):
    """The seats of each team: [[0, 2], [1, 3]] at a table of four, [[0], [1]] of two."""
    report = games.of(log.game)
    first = sorted([0, *report.partners(log, 0)])
    return [first, report.opponents(log, 0)]


def seated_teams(names):
    """The teams a seating makes: seats 1 and 3 against 2 and 4, or one against one."""
    return [names[0::2], names[1::2]]


def deals_played(log):
    """The deals finished: the rules' own count, where the state keeps one (a log's steps
    are folded again at each walk)."""
    final = log.final
    if isinstance(final.get("deals"), int):
        return final["deals"]
    return sum(1 for step in log.steps if closes_deal(step))


def dealt(log):
    """Whether a deal was begun."""
    return bool(deals_played(log) or log.final.get("deal_open"))


def played_deal(log):
    """(the deal in play or the last one played, from 1; whether the table is done:
    its session over, or, a match that is no session, won)."""
    deals = deals_played(log)
    final = log.final
    if log.header.get("session"):
        over = final.get("session_left") == 0
    else:
        over = bool(final.get("winner"))
    return max(1, deals + (1 if final.get("deal_open") else 0)), over


def assign(draws, sources):
    """{(session, table): [Source, ...]} for the ranked sources a seating holds."""
    tables = {}  # the players' set: [(session, table), ...] in the evening's order
    for draw in draws:
        number = draw.get("session", draw.get("round"))
        for table in draw["tables"]:
            tables.setdefault(frozenset(table["names"]), []).append((number, table))
    held = {}
    for source in sources:
        places = tables.get(frozenset(source.log.names), [])
        if not places:
            continue
        free = [spot for spot in places if (spot[0], spot[1]["table"]) not in held]
        session, table = (free or places[-1:])[0]
        held.setdefault((session, table["table"]), []).append(source)
    return held


def results(evening, folded):
    """The Results of the evening from its folded logs ({path: MatchLog or LogError})."""
    good = {path: log for path, log in folded.items() if not isinstance(log, LogError)}
    refused = [(path, log) for path, log in folded.items() if isinstance(log, LogError)]
    paths = list(good)
    sources, tournament_ranked, skipped = tournament.rank_logs(paths, [good[p] for p in paths])
    ranked = [source for source in sources if not source.skipped and source.log.names]
    # A match begun without a deal yet counts for nothing, but its table has begun.
    counted = {id(source) for source in ranked}
    begun = [s for s in sources if id(s) in counted or (s.log.names and not dealt(s.log))]
    draws = evening.settings.get("draws", [])
    held = assign(draws, begun)
    session_of = {id(s): number for (number, _), found in held.items() for s in found}
    evening_lines = {}
    outside = []
    for source in ranked:
        session = session_of.get(id(source))
        if session is None:
            outside.append(source.path)
        credit(evening_lines, source.log, session)
    sessions = []
    boards = {entry["table"]: board for board, entry in evening.boards.items()}
    for draw in draws:
        number = draw.get("session", draw.get("round"))  # a championship draws rounds
        lines = {}
        tables = []
        for seated in draw["tables"]:
            found = held.get((number, seated["table"]), [])
            for source in found:
                if id(source) in counted:
                    credit(lines, source.log, number)
            tables.append(table_of(seated, found, boards.get(seated["table"])))
        sessions.append(Session(number, tables, list(draw.get("sit_out", [])), ordered(lines)))
    return Results(sessions, ordered(evening_lines), outside, refused, tournament_ranked, skipped)


def credit(lines, log, session):
    """Add the match `log` to the standing `lines` ({(kind, unit): {name: Line}})."""
    kind = standings.kind_of(log)
    scores = standings.seat_scores(log)
    report = games.of(log.game)
    table = lines.setdefault(kind, {})
    for seat, name in enumerate(log.names):
        line = table.setdefault(name, Line(name))
        opponents = report.opponents(log, seat)
        line.won += scores[seat]
        line.conceded += scores[opponents[0]] if opponents else 0
        line.matches += 1
        if session is not None:
            line.sessions[session] = line.sessions.get(session, 0) + scores[seat]


def ordered(lines):
    return [
        (kind, unit, place(list(table.values()))) for (kind, unit), table in sorted(lines.items())
    ]


def table_of(seated, found, board):
    """A seating's table as it stands: its last match's score, or its players alone."""
    names = seated["names"]
    if not found:
        return Table(seated["table"], seated_teams(names), board=board)
    return match_table(seated["table"], found[-1].log, board, found[-1].path)


def match_table(number, log, board=None, path=None):
    """Table `number` as its match `log` stands: the teams by their names (as the log
    gives them, else its seats), the score in the ranking's unit, the deal."""
    sides = teams(log)
    # The match event's own names (the report may have credited a seat since).
    names = log.header.get("names") or tuple("%d" % (seat + 1) for seat in range(log.seats))
    deal, over = played_deal(log)
    scores = standings.seat_scores(log) if games.of(log.game).RANKS else None
    return Table(
        number,
        [[names[seat] for seat in side] for side in sides],
        [scores[side[0]] for side in sides] if scores else [],
        standings.kind_of(log)[1] if scores else "",
        deal,
        log.header.get("session"),
        over,
        board,
        path,
    )


# The team scores a deal's line shows, the first two a game's state has.
DEAL_SCORES = ("session_points", "slate", "points", "coches", "parties", "balance")
_DEALS = {}  # (path, bytes): the deals, read once per state of a log


def deals(log):
    """Each deal played: [deal, dealer's name, {key: [A, B] after it}] for the first two
    of DEAL_SCORES the game keeps per team."""
    key = (str(log.path), len(getattr(log, "data", b"") or b""), len(log.steps))
    if key in _DEALS:
        return _DEALS[key]
    names = log.header.get("names") or ()
    out = []
    for step in log.steps:
        if not closes_deal(step):
            continue
        after = step.after
        shown = [k for k in DEAL_SCORES if isinstance(after.get(k), dict)][:2]
        dealer = step.before.get("dealer")
        who = names[dealer] if isinstance(dealer, int) and dealer < len(names) else ""
        out.append([len(out) + 1, who, {k: [after[k].get("A"), after[k].get("B")] for k in shown}])
    if len(_DEALS) > 512:
        _DEALS.clear()
    _DEALS[key] = out
    return out
