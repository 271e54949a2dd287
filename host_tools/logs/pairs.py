"""The championship's ranking of pairs (ruling 35, docs/rules.md), from match logs.

    ardoise tournament FOLDER_OR_LOGS --pairs [--json] [--csv F] [--png F] [--html F]

A pair is the two names on seats 1 and 3 of a Le Brouc etivaz match log (the
log's 0 and 2), or on seats 2 and 4, whichever side they sat. Each finished
match counts: won on the slate (its target of coches), or ended by the
round's time limit (below). A pair's line: matches won and played, coches
won and conceded; a bye counts as a match won with no coche either way.
The ranking: matches won, then the coche difference, then coches won, then
the matches between the tied pairs when every two of them met (more wins in
those ranks ahead); else they share the place, which repeats its number.

Given an evening's folder (evening.json beside logs/), the report also
reads the evening's own record: its pairs (in the order registered), each
round's bye, and, with a time limit, when each round's clock started
(state/rounds.json, kept by `ardoise evening run`): a match of a round
whose limit is past, with no deal open and a winner by the end rule (more
coches, else the higher slate), ended by time. The logs alone do not say
that a match ended by time (the match log has no key for it), so a match
left unfinished by the time limit counts only with the folder.

Reading the folder is done here, not in host_tools/evening (which imports
this module): the files are the evening's (host_tools/evening/folder.py).
"""

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from host_tools import common
from host_tools.logs.ranking import RankingError

ROUNDS = "state/rounds.json"  # the organiser's record of each round (evening/championship.py)


@dataclass
class Result:
    """One Le Brouc etivaz match between two pairs, as its log stands."""

    source: object  # ranking.Source
    teams: tuple  # ((A's two names), (B's two names)), seat order
    coches: tuple  # (A's, B's)
    slate: tuple  # the game in progress: (A's, B's)
    winner: int | None  # 0 (A), 1 (B), None while in play
    by_time: bool = False
    round: int | None = None
    dealer: str | None = None
    deal_open: bool = False

    @property
    def finished(self):
        return self.winner is not None

    @property
    def keys(self):
        return tuple(frozenset(team) for team in self.teams)


@dataclass
class PairStanding:
    pair: tuple  # its two names
    won: int = 0
    played: int = 0
    coches: int = 0
    conceded: int = 0
    byes: int = 0
    place: int = 0
    beat: dict = field(default_factory=dict)  # {pair key: matches won against it}

    @property
    def difference(self):
        return self.coches - self.conceded

    def row(self):
        """What --json gives for the pair."""
        return {
            "place": self.place,
            "pair": list(self.pair),
            "won": self.won,
            "played": self.played,
            "coches": self.coches,
            "conceded": self.conceded,
        }


def time_winner(state):
    """Ruling 35's end rule, asked once a round's limit is past: 0 or 1 for the
    side that wins (more coches, else ahead on the slate of the game in
    progress), or None while a deal is open or both are still equal (one more
    deal). The slate asks the same question (firmware/ardoise/net.py)."""
    if state.get("deal_open"):
        return None
    for key in ("coches", "slate"):
        value = state.get(key) or {}
        if value.get("A", 0) != value.get("B", 0):
            return 0 if value.get("A", 0) > value.get("B", 0) else 1
    return None


def is_pairs_match(log):
    return log.game == "brouc" and log.rules == "etivaz" and log.seats == 4


def result_of(source):
    """The Result of a ranked source's log (its names as the report credits them)."""
    log = source.log
    names = log.names
    final = log.final
    winner = final.get("winner")
    dealer = final.get("dealer")
    return Result(
        source,
        ((names[0], names[2]), (names[1], names[3])),
        (final["coches"]["A"], final["coches"]["B"]),
        (final["slate"]["A"], final["slate"]["B"]),
        None if winner is None else "AB".index(winner),
        dealer=names[dealer] if isinstance(dealer, int) and 0 <= dealer < 4 else None,
        deal_open=bool(final.get("deal_open")),
    )


# -- an evening's own record ---------------------------------------------------------


@dataclass
class Record:
    """What an evening's folder says of its championship (nothing for plain logs)."""

    pairs: list = field(default_factory=list)  # [[name, name], ...] as registered
    rounds: list = field(default_factory=list)  # evening.json's draws
    started: dict = field(default_factory=dict)  # {round: epoch s its clock started}
    matches: dict = field(default_factory=dict)  # {(board, number): round}
    minutes: float | None = None

    def deadline(self, number):
        """When round `number`'s limit is reached (epoch s), or None."""
        if not self.minutes or number not in self.started:
            return None
        return self.started[number] + self.minutes * 60

    def byes(self):
        """[(round, (two names)), ...]: each round's bye."""
        return [(draw["round"], tuple(draw["bye"])) for draw in self.rounds if draw.get("bye")]


def read_record(folder):
    """The Record of the evening's folder `folder`, or None if it is no championship."""
    folder = Path(folder)
    try:
        settings = json.loads((folder / "evening.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise RankingError("cannot read %s: %s" % (folder / "evening.json", error)) from None
    if not isinstance(settings, dict) or "pairs" not in settings:
        return None
    record = Record(
        [list(pair) for pair in settings["pairs"]],
        list(settings.get("draws", [])),
        minutes=settings.get("round_minutes"),
    )
    try:
        kept = json.loads((folder / ROUNDS).read_text(encoding="utf-8"))
    except FileNotFoundError:
        kept = {}
    except (OSError, ValueError) as error:
        raise RankingError("cannot read %s: %s" % (folder / ROUNDS, error)) from None
    for number, entry in kept.items():
        if entry.get("started") is not None:
            record.started[int(number)] = entry["started"]
        for board, numbers in entry.get("matches", {}).items():
            for match in numbers:
                record.matches[board, match] = int(number)
    return record


def assign_rounds(record, results):
    """Each result's round: the organiser's record of it, else the first round (not
    yet given a match) in which its two pairs were drawn to meet."""
    tables = {}  # (round, frozenset of the two pairs' keys): a result
    drawn = {
        (draw["round"], frozenset(frozenset(pair) for pair in table["pairs"]))
        for draw in record.rounds
        for table in draw["tables"]
    }
    for result in results:
        source = result.source
        number = record.matches.get((source.board, source.number))
        # The record's round, if its pairs met in it (else a match of other names).
        if number is not None and (number, frozenset(result.keys)) in drawn:
            result.round = number
            tables[number, frozenset(result.keys)] = result
    for result in results:
        if result.round is not None:
            continue
        for draw in record.rounds:
            for table in draw["tables"]:
                key = (draw["round"], frozenset(frozenset(pair) for pair in table["pairs"]))
                if key[1] == frozenset(result.keys) and key not in tables:
                    result.round = draw["round"]
                    tables[key] = result
                    break
            if result.round is not None:
                break


def apply_time_rule(record, results, now=None):
    """Mark the results that ended by their round's time limit (and their winner)."""
    now = time.time() if now is None else now
    for result in results:
        if result.finished or result.round is None:
            continue
        deadline = record.deadline(result.round)
        if deadline is None or now < deadline:
            continue
        side = time_winner(result.source.log.final)
        if side is not None:
            result.winner = side
            result.by_time = True


# -- the ranking ----------------------------------------------------------------------


def rank(results, byes=(), registered=()):
    """The pairs best first, each with its place: [PairStanding, ...]. `results` the
    matches (only finished ones count), `byes` [(round, pair names)], `registered`
    the evening's pairs in order (their names' order, and the order of shared places)."""
    order = {frozenset(pair): index for index, pair in enumerate(registered)}
    standings = {}

    def standing(names):
        key = frozenset(names)
        if key not in standings:
            shown = tuple(registered[order[key]]) if key in order else tuple(names)
            standings[key] = PairStanding(shown)
        return standings[key]

    for pair in registered:
        standing(pair)
    for result in results:
        sides = [standing(team) for team in result.teams]  # listed, even while in play
        if not result.finished:
            continue
        for side, pair in enumerate(sides):
            pair.played += 1
            pair.coches += result.coches[side]
            pair.conceded += result.coches[1 - side]
        winner, loser = sides[result.winner], sides[1 - result.winner]
        winner.won += 1
        loser_key = frozenset(loser.pair)
        winner.beat[loser_key] = winner.beat.get(loser_key, 0) + 1
    for _, names in byes:
        pair = standing(names)
        pair.won += 1
        pair.played += 1
        pair.byes += 1
    met = set()
    for result in results:
        if result.finished:
            met.add(frozenset(result.keys))

    def criteria(pair):
        return (-pair.won, -pair.difference, -pair.coches)

    listed = sorted(
        standings.values(),
        key=lambda pair: (criteria(pair), order.get(frozenset(pair.pair), len(order)), pair.pair),
    )
    ranked = []
    index = 0
    while index < len(listed):
        end = index
        while end < len(listed) and criteria(listed[end]) == criteria(listed[index]):
            end += 1
        ranked += head_to_head(listed[index:end], met, len(ranked) + 1)
        index = end
    return ranked


def head_to_head(tied, met, first):
    """Places for pairs tied on the first three criteria, from `first` on: by wins in
    their matches against each other when every two of them met, else shared."""
    keys = [frozenset(pair.pair) for pair in tied]
    every_two_met = all(
        frozenset((one, other)) in met for i, one in enumerate(keys) for other in keys[i + 1 :]
    )
    if len(tied) == 1 or not every_two_met:
        for pair in tied:
            pair.place = first
        return tied

    def wins(pair):
        return sum(pair.beat.get(other, 0) for other in keys)

    tied = sorted(tied, key=lambda pair: -wins(pair))  # stable: registration order kept
    for index, pair in enumerate(tied):
        shares = index and wins(pair) == wins(tied[index - 1])
        pair.place = tied[index - 1].place if shares else first + index
    return tied


# -- the report -------------------------------------------------------------------------

HEADINGS = ["place", "pair", "won", "played", "coche difference", "coches", "conceded"]
NUMERIC = (0, 2, 3, 4, 5, 6)


def pair_name(pair):
    return " & ".join(pair)


def table_rows(ranked):
    return [
        [
            str(pair.place),
            pair_name(pair.pair),
            str(pair.won),
            str(pair.played),
            "%+d" % pair.difference,
            str(pair.coches),
            str(pair.conceded),
        ]
        for pair in ranked
    ]


def match_text(result):
    """A match as players see it: "Anne & Marc 3 – 2 Paul & Jo"."""
    return "%s %d – %d %s" % (
        pair_name(result.teams[0]),
        result.coches[0],
        result.coches[1],
        pair_name(result.teams[1]),
    )


def outcome_text(result):
    if not result.finished:
        return "in play"
    how = " (by the time limit)" if result.by_time else ""
    return "%s won%s" % (pair_name(result.teams[result.winner]), how)


def report_lines(ranked, results, byes):
    lines = ["Le Brouc championship: pairs (%s)" % common.plural(len(ranked), "pair")]
    width = max([len("pair")] + [len(pair_name(pair.pair)) for pair in ranked])
    lines.append("place  %-*s  won  played  diff  coches  conceded" % (width, "pair"))
    for pair in ranked:
        lines.append(
            "%5d  %-*s  %3d  %6d  %+4d  %6d  %8d"
            % (
                pair.place,
                width,
                pair_name(pair.pair),
                pair.won,
                pair.played,
                pair.difference,
                pair.coches,
                pair.conceded,
            )
        )
    lines += ["", "Matches"]
    for result in sorted(results, key=lambda r: (r.round or 0, str(r.source.path))):
        where = "round %d, " % result.round if result.round else ""
        shown = (where, result.source.short, match_text(result), outcome_text(result))
        lines.append("  %s%s: %s, %s" % shown)
    for number, names in byes:
        lines.append("  round %d: bye for %s (a match won, no coche)" % (number, pair_name(names)))
    return lines


def write_csv(ranked, path):
    rows = [["place", "pair", "won", "played", "coche_difference", "coches", "conceded"]]
    rows += [
        [p.place, pair_name(p.pair), p.won, p.played, p.difference, p.coches, p.conceded]
        for p in ranked
    ]
    common.write_csv(path, rows)


def match_rows(results, byes):
    rows = [
        [str(r.round or ""), match_text(r), outcome_text(r)]
        for r in sorted(results, key=lambda r: (r.round or 0, str(r.source.path)))
    ]
    rows += [[str(number), "bye: %s" % pair_name(names), "a match won"] for number, names in byes]
    return rows


def season_of(chosen, results):
    """A championship's season: each pair's matches won at each evening (byes counted,
    as that evening's ranking of pairs gives them), the total, then the coche
    difference over the season. `results`: pairs.Result of every match given."""
    from host_tools.logs.season import Season, SeasonLine, placed, within

    table = {}
    for index, evening in enumerate(chosen):
        # Read afresh: the report's own ranking gave rounds from one evening's record.
        own = [result_of(r.source) for r in results if within(r.source.path, evening.path)]
        record = read_record(evening.path)
        if record:
            assign_rounds(record, own)
            apply_time_rule(record, own)
        byes, registered = (record.byes(), record.pairs) if record else ([], [])
        for pair in rank(own, byes, registered):
            if not pair.played:
                continue
            key = frozenset(pair.pair)
            line = table.setdefault(key, SeasonLine(pair_name(pair.pair), [None] * len(chosen)))
            line.totals[index] = pair.won
            line.total += pair.won
            line.difference += pair.difference
            line.evenings += 1
    return [Season("Le Brouc championship", "matches won", chosen, placed(table.values()))]


TITLE = "Le Brouc championship: the pairs' ranking"


def write_png(path, ranked, results, byes):
    from host_tools.logs.ranking_page import Sheet

    sheet = Sheet()
    sheet.heading(TITLE, 32)
    sheet.table(HEADINGS, table_rows(ranked), NUMERIC)
    sheet.heading("Matches")
    sheet.table(["round", "match", "result"], match_rows(results, byes), (0,))
    sheet.picture().save(path, "PNG")


def page(ranked, results, byes):
    from host_tools.logs.ranking_page import _table, document

    return document(
        TITLE,
        [
            _table(HEADINGS, table_rows(ranked), NUMERIC),
            "<h2>Matches</h2>",
            _table(["round", "match", "result"], match_rows(results, byes), (0,)),
        ],
    )


def write_html(path, ranked, results, byes):
    with open(path, "w", encoding="utf-8") as out:
        out.write(page(ranked, results, byes))
