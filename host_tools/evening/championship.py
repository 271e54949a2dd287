"""Le Brouc's championship at an evening (ruling 35, docs/rules.md): registered pairs,
rounds drawn one after the other, each table's seating, the round's clock.

The evening's settings (evening.json) of a championship hold, beside the
Bruus evening's: "pairs" ([[name, name], ...] as registered), "format"
(swiss or round-robin), "rounds", "round_minutes" (None: no limit),
"target"; "draws" holds the rounds drawn:

    {"round": 2, "seed": S, "tables": [{"table": 1, "pairs": [[A, B], [C, D]],
     "names": [A, C, B, D], "rules": "etivaz"}, ...], "bye": [E, F] or None,
     "rematches": 0}

The first pair of a table sits on seats 1 and 3 (the log's 0 and 2), so
"names" is the seating the slate writes in its match event. The organiser's
own record, kept by `run` (state/rounds.json: host_tools/logs/pairs.py
reads it), says when each round's clock started (the first match of the
round it received) and which match of which board is the round's:

    {"2": {"started": 1764339000.5, "matches": {"b1": [3], "b2": [3]}}}

The match log has no key for a round or a time (docs/match-log.md): this
record is how the organiser and `tournament FOLDER --pairs` know which
match a time limit ended.
"""

import html
import json
import time
import unicodedata

from host_tools.board import roster
from host_tools.evening import lang, pairing
from host_tools.evening.folder import EveningError, write_json
from host_tools.logs import pairs as pairs_module
from host_tools.logs import ranking
from host_tools.logs.matchlog import read_match_log
from host_tools.logs.pairs import ROUNDS
from scoring import LogError

SEPARATOR = "&"
MOST_PAIRS = 200
RULES = ("etivaz",)  # the championship counts coches: the other rule sets have none
REPUBLISH = 15.0  # s: a round with a limit has its time left said again this often


def is_championship(settings):
    return "pairs" in settings


# -- the pairs file ---------------------------------------------------------------------


def read_pairs(path, texts):
    """The pairs of the file at `path`, one a line, `Anne & Marc`; EveningError naming
    every line that is not two names (each checked as the roster checks names), a
    person in two pairs, the same pair twice, or fewer than two pairs."""
    try:
        data = open(path, "rb").read()
    except OSError as error:
        raise EveningError("refuse_cannot_read", path=path, error=error.strerror) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        where = data[: error.start].count(b"\n") + 1
        raise EveningError("refuse_not_utf8", path=path, line=where) from None
    pairs = []
    lines = []  # the line of each pair
    problems = []
    for number, written in enumerate(text.replace("\ufeff", "").splitlines(), 1):
        line = unicodedata.normalize("NFC", written).strip()
        if not line or line.startswith("#"):
            continue
        names = [name.strip(" \t") for name in line.split(SEPARATOR)]
        found = pair_problems(texts, line, names, pairs, lines)
        problems += [texts("refuse_line", line=number, problem=problem) for problem in found]
        if not found:
            pairs.append(names)
            lines.append(number)
    if problems:
        raise EveningError("refuse_pairs_file", path=path, problems="\n  ".join(problems))
    if len(pairs) < 2:
        raise EveningError(
            "refuse_few_pairs_one" if len(pairs) == 1 else "refuse_few_pairs",
            path=path,
            count=len(pairs),
        )
    if len(pairs) > MOST_PAIRS:
        raise EveningError("refuse_most_pairs", path=path, count=len(pairs), most=MOST_PAIRS)
    return pairs


def pair_problems(texts, line, names, pairs, lines):
    """What is wrong with a line's `names` as a pair, after `pairs` (from `lines`), in
    `texts`' language (a name's own problem as the roster says it)."""
    if len(names) != 2 or not all(names):
        return [texts("refuse_not_pair", line=line)]
    bad = [problem for problem in map(roster.name_problem, names) if problem]
    if bad:
        return bad
    if names[0] == names[1]:
        return [texts("refuse_pair_twice", name=names[0])]
    for index, pair in enumerate(pairs):
        if set(pair) == set(names):
            return [texts("refuse_pair_again", pair=" & ".join(names), line=lines[index])]
    return [
        texts("refuse_pair_person", name=name, line=lines[index], pair=" & ".join(pair))
        for index, pair in enumerate(pairs)
        for name in names
        if name in pair
    ]


# -- the evening's settings -----------------------------------------------------------


def settings(pairs, form, rounds, target, rules, minutes):
    """The championship's part of evening.json, or EveningError saying what cannot be."""
    count = len(pairs)
    if form == pairing.ROUND_ROBIN and count > pairing.MOST_ROUND_ROBIN:
        raise EveningError("refuse_round_robin", most=pairing.MOST_ROUND_ROBIN, count=count)
    most = pairing.most_rounds(count)
    if rounds is None:
        rounds = pairing.default_rounds(count, form)
    elif not 1 <= rounds <= most:
        raise EveningError("refuse_rounds", rounds=rounds, count=count, most=most)
    if rules not in RULES:
        raise EveningError("refuse_pairs_rules", rules=rules)
    if not 1 <= target <= 99:
        raise EveningError("refuse_target", target=target)
    if minutes is not None and not 0 < minutes <= 24 * 60:
        raise EveningError("refuse_round_minutes", minutes=minutes)
    return {
        "game": "brouc",
        "rules": rules,
        "target": target,
        "format": form,
        "rounds": rounds,
        "round_minutes": minutes,
        "pairs": pairs,
        "players": [name for pair in pairs for name in pair],
    }


def describe(settings):
    """The championship in a line: what `new` and the plans say."""
    count = len(settings["pairs"])
    limit = settings.get("round_minutes")
    return "%d pairs, %s, %d round%s (%s), matches to %d coches (%s)%s" % (
        count,
        "Swiss rounds" if settings["format"] == pairing.SWISS else "a round robin",
        settings["rounds"],
        "" if settings["rounds"] == 1 else "s",
        "the default for %d pairs" % count
        if settings["rounds"] == pairing.default_rounds(count, settings["format"])
        else "as asked",
        settings["target"],
        settings["rules"],
        ", %g minutes a round" % limit if limit else ", no time limit",
    )


# -- the folder's matches ----------------------------------------------------------------


def collect(evening, folded=None, now=None):
    """(the Record, [Result]) of the evening's Le Brouc matches: `folded` {path:
    MatchLog or LogError} as the live page holds them, else read from the folder. Each
    result knows its round, and whether the time limit ended it."""
    if folded is None:
        folded = {}
        for path in sorted(evening.logs.rglob("*.jsonl")):
            try:
                folded[path] = read_match_log(path)
            except (LogError, OSError) as error:
                folded[path] = error
    sources = [
        ranking.source(path, log) for path, log in folded.items() if not isinstance(log, Exception)
    ]
    try:
        ranking.credit(sources)
    except ranking.RankingError as error:
        raise EveningError("refuse_as_said", text=str(error)) from None
    results = [
        pairs_module.result_of(source)
        for source in sources
        if not source.skipped and pairs_module.is_pairs_match(source.log)
    ]
    record = pairs_module.read_record(evening.folder)
    if record is None:  # evening.json being replaced: the settings held
        record = pairs_module.Record([list(p) for p in evening.settings["pairs"]])
    record.rounds = list(evening.settings.get("draws", []))
    pairs_module.assign_rounds(record, results)
    pairs_module.apply_time_rule(record, results, now)
    return record, results


def table_key(pairs):
    return frozenset(frozenset(pair) for pair in pairs)


def round_tables(draw, results):
    """[(table, its Result or None)] for each table of the round `draw`."""
    found = []
    for table in draw["tables"]:
        key = table_key(table["pairs"])
        matches = [r for r in results if r.round == draw["round"] and frozenset(r.keys) == key]
        found.append((table, matches[-1] if matches else None))
    return found


def playing(draw, results, texts):
    """The tables of round `draw` whose match is not won, each said in words."""
    said = []
    for table, result in round_tables(draw, results):
        if result is None:
            first, second = (" & ".join(pair) for pair in table["pairs"])
            pairs = texts("teams_against", first=first, second=second)
            said.append(texts("refuse_table_not_begun", table=table["table"], pairs=pairs))
        elif not result.finished:
            said.append(texts("refuse_table_match", table=table["table"],
                              match=pairs_module.match_text(result)))  # fmt: skip
    return said


def table_text(table):
    return "%s against %s" % tuple(" & ".join(pair) for pair in table["pairs"])


# -- the draw -------------------------------------------------------------------------


def draw_round(evening, seed):
    """The next round of the championship, or EveningError: all drawn, or the round
    before still played (its tables said)."""
    settings = evening.settings
    draws = settings["draws"]
    if len(draws) >= settings["rounds"]:
        raise EveningError("refuse_rounds_drawn", rounds=settings["rounds"])
    registered = settings["pairs"]
    count = len(registered)
    # Pairs withdrawn between rounds (ardoise evening players) are drawn no more.
    gone = {frozenset(pair) for pair in settings.get("withdrawn_pairs", [])}
    playing_now = {index for index, pair in enumerate(registered) if frozenset(pair) not in gone}
    record = results = None
    if draws:
        record, results = collect(evening)
        still = playing(draws[-1], results, lang.of(evening))
        if still:
            raise EveningError(
                "refuse_round_playing", round=draws[-1]["round"], tables="; ".join(still)
            )
    if settings["format"] == pairing.ROUND_ROBIN:
        seed = draws[0]["seed"] if draws else seed
        drawn = pairing.round_robin(count, seed)[len(draws)]
    elif not draws:
        order = [pair for pair in pairing.first_order(count, seed) if pair in playing_now]
        drawn = pairing.swiss_round(order, {}, {}, {})
    else:
        index = {frozenset(pair): number for number, pair in enumerate(registered)}
        ranked = pairs_module.rank(results, record.byes(), registered)
        order = [index[frozenset(p.pair)] for p in ranked if frozenset(p.pair) in index]
        order = [pair for pair in order if pair in playing_now]
        wins = {index[frozenset(p.pair)]: p.won for p in ranked if frozenset(p.pair) in index}
        met = {}
        byes = {}
        for before in draws:
            for table in before["tables"]:
                key = frozenset(index[frozenset(pair)] for pair in table["pairs"])
                met[key] = met.get(key, 0) + 1
            if before.get("bye"):
                bye = index[frozenset(before["bye"])]
                byes[bye] = byes.get(bye, 0) + 1
        drawn = pairing.swiss_round(order, wins, met, byes)
        seed = None
    tables = []
    for number, (first, second) in enumerate(drawn.matches, 1):
        one, other = registered[first], registered[second]
        tables.append(
            {
                "table": number,
                "pairs": [list(one), list(other)],
                "names": [one[0], other[0], one[1], other[1]],
                "rules": settings["rules"],
            }
        )
    return {
        "round": len(draws) + 1,
        "seed": seed,
        "tables": tables,
        "bye": list(registered[drawn.bye]) if drawn.bye is not None else None,
        "rematches": drawn.rematches,
    }


# -- the plan ---------------------------------------------------------------------------

HEADINGS = ["table", "seats 1 and 3", "seats 2 and 4"]


def plan_rows(draw):
    return [
        [str(table["table"]), " & ".join(table["pairs"][0]), " & ".join(table["pairs"][1])]
        for table in draw["tables"]
    ]


def plan_title(settings, draw):
    seed = " (seed %d)" % draw["seed"] if draw.get("seed") is not None else ""
    return "Round %d of %d%s" % (draw["round"], settings["rounds"], seed)


def plan_notes(settings, draw):
    notes = []
    if draw.get("bye"):
        notes.append("Bye: %s (a match won, no coche)" % " & ".join(draw["bye"]))
    if draw.get("rematches"):
        notes.append(
            "%d match%s of pairs that met before: no pairing of this round avoids it"
            % (draw["rematches"], "es" if draw["rematches"] > 1 else "")
        )
    notes.append(
        "Matches to %d coches. The first pair sits on seats 1 and 3, the second on 2 and 4."
        % settings["target"]
    )
    if settings.get("round_minutes"):
        notes.append("Time limit: %g minutes a round, from its first match." % (
            settings["round_minutes"]))  # fmt: skip
        notes.append(
            "At the limit the deal in play is finished: more coches win, else the pair "
            "ahead on the slate, else one more deal."
        )
    return notes


def plan_lines(title, settings, draw):
    lines = ["%s: %s" % (title, plan_title(settings, draw))]
    for row in plan_rows(draw):
        lines.append("  table %s: %s (seats 1 and 3) against %s (seats 2 and 4)" % (
            row[0], row[1], row[2]))  # fmt: skip
    lines += ["  " + note for note in plan_notes(settings, draw)]
    return lines


def write_png(path, title, settings, draw):
    from host_tools.logs.ranking_page import Sheet

    sheet = Sheet()
    sheet.heading(title, 32)
    sheet.heading(plan_title(settings, draw))
    sheet.table(HEADINGS, plan_rows(draw), (0,))
    for note in plan_notes(settings, draw):
        sheet.note(note)
    sheet.picture().save(path, "PNG")


def page(title, settings, draw):
    from host_tools.logs.ranking_page import _table, document

    parts = [
        "<h2>%s</h2>" % html.escape(plan_title(settings, draw)),
        _table(HEADINGS, plan_rows(draw), (0,)),
    ]
    parts += ["<p>%s</p>" % html.escape(note) for note in plan_notes(settings, draw)]
    return document(title, parts)


# -- the organiser's record, and the slates' seating --------------------------------------


def load_rounds(evening):
    try:
        return json.loads((evening.folder / ROUNDS).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        raise EveningError(
            "refuse_cannot_read", path=evening.folder / ROUNDS, error=error
        ) from None


def teams(names):
    """A match's two pairs, whichever side: {frozenset, frozenset}."""
    return frozenset((frozenset(names[0::2]), frozenset(names[1::2])))


def note_match(evening, board, number, line, now=None):
    """`run` took the first line of match `number` from `board`: it is the current
    round's (its clock starts with the round's first match). What to say, if anything:
    the clock started, or a match whose names are not its table's pairs."""
    # The rounds drawn as the folder has them now: a draw made a moment ago by
    # another process may not be in `run`'s settings yet.
    record = pairs_module.read_record(evening.folder)
    draws = record.rounds if record else evening.settings.get("draws") or []
    if not draws:
        return []
    draw = draws[-1]
    now = time.time() if now is None else now
    kept = load_rounds(evening)
    entry = kept.setdefault(str(draw["round"]), {"started": None, "matches": {}})
    said = []
    minutes = evening.settings.get("round_minutes")
    if entry["started"] is None:
        entry["started"] = now
        if minutes:
            said.append(
                "round %d's clock started: it ends at %s (%g minutes)"
                % (
                    draw["round"],
                    time.strftime("%H:%M", time.localtime(now + minutes * 60)),
                    minutes,
                )  # fmt: skip
            )
    numbers = entry["matches"].setdefault(board, [])
    if number not in numbers:
        numbers.append(number)
    write_json(evening.folder / ROUNDS, kept)
    table_number = evening.boards.get(board, {}).get("table")
    table = next((t for t in draw["tables"] if t["table"] == table_number), None)
    try:
        header = json.loads(line)
        names = header.get("names") if header.get("game") == "brouc" else None
    except (ValueError, AttributeError):
        names = None
    if table and (not isinstance(names, list) or len(names) != 4 or teams(names) != teams(
            table["names"])):  # fmt: skip
        carried = table_text({"pairs": [names[0::2], names[1::2]]}) if names and len(
            names) == 4 else "no names"  # fmt: skip
        said.append(
            "table %d (board %s) began a match of %s, not its round's pairs (%s): it is "
            "counted for the names it carries" % (table_number, board, carried, table_text(table))
        )
    return said


def seating(evening, draw, table, now=None):
    """The table's seating for the round, as the slate offers it at New match: its
    round and names, the rules and target, and the time left (`left`, s) once the
    round's clock runs, or the round's `minutes` before."""
    settings = evening.settings
    seated = {
        "round": draw["round"],
        "table": table["table"],
        "names": table["names"],
        "game": "brouc",
        "rules": settings["rules"],
        "target": settings["target"],
    }
    minutes = settings.get("round_minutes")
    if minutes:
        started = load_rounds(evening).get(str(draw["round"]), {}).get("started")
        if started is None:
            seated["minutes"] = minutes
        else:
            now = time.time() if now is None else now
            seated["left"] = max(0, int(started + minutes * 60 - now))
    return json.dumps(seated, ensure_ascii=False).encode()


def clock_runs(evening):
    """Whether the current round has a time limit and its clock started."""
    draws = evening.settings.get("draws") or []
    if not draws or not evening.settings.get("round_minutes"):
        return False
    return load_rounds(evening).get(str(draws[-1]["round"]), {}).get("started") is not None


# -- the live page's part ---------------------------------------------------------------


def live(evening, folded, now=None):
    """The championship as the live page shows it: the round, the pairs' ranking, each
    table's match as players see it, every finished match's result."""
    settings = evening.settings
    record, results = collect(evening, folded, now)
    draws = settings.get("draws") or []
    ranked = pairs_module.rank(results, record.byes(), settings["pairs"])
    shown = {
        "round": len(draws),
        "rounds": settings["rounds"],
        "format": settings["format"],
        "target": settings["target"],
        "minutes": settings.get("round_minutes"),
        "ranking": [dict(pair.row(), difference=pair.difference) for pair in ranked],
        "tables": [],
        "bye": draws[-1].get("bye") if draws else None,
        "ends": None,
        "results": [
            {
                "round": result.round,
                "match": pairs_module.match_text(result),
                "result": pairs_module.outcome_text(result),
                # The same for a page in another language: who won, and how.
                "winner": pairs_module.pair_name(result.teams[result.winner]),
                "by_time": result.by_time,
            }
            for result in sorted(results, key=lambda r: (r.round or 0, str(r.source.path)))
            if result.finished
        ],
    }
    if not draws:
        return shown
    deadline = record.deadline(draws[-1]["round"])
    if deadline is not None:
        shown["ends"] = time.strftime("%H:%M", time.localtime(deadline))
    boards = {entry["table"]: board for board, entry in evening.boards.items()}
    for table, result in round_tables(draws[-1], results):
        row = {
            "table": table["table"],
            "board": boards.get(table["table"]),
            "pairs": [" & ".join(pair) for pair in table["pairs"]],
        }
        if result is None:
            row.update(match=table_text(table), state="not begun")
        else:
            row.update(
                match=pairs_module.match_text(result),
                slate="%d – %d" % result.slate,
                dealer=result.dealer,
                state=("won by time" if result.by_time else "won")
                if result.finished
                else "in play",
            )
        shown["tables"].append(row)
    return shown
