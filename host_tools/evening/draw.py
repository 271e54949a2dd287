"""The seating of each session, drawn at random, and its printable plan.

Tables of four: seats 1 and 3 play together against seats 2 and 4 (the
log's seats 0 and 2, team A, against 1 and 3). A session's draw is made
from its seed and the sessions before it, so the same evening draws the
same seating again, and `draw --show N` prints it again. Partners never sit
together twice while some seating allows it; when none does, the draw says
how many pairs meet again.

A number of players that is not a multiple of four is never seated
silently: the organiser chooses `--sit-out` (the players who sat out least
sit out this session, drawn among them; a late arrival's missed sessions
count as sat out) or `--two` (two players left over play a table of two,
Bruus's `two` rules).
"""

import html
import random
import secrets

from host_tools.evening import lang
from host_tools.evening.folder import EveningError

TRIES = 4000  # shuffles tried for a session without partners met before
TWO_RULES = "two"


def partner_pairs(table):
    """The pairs of partners at a table: seats 0 and 2, 1 and 3 (none at a table of two)."""
    names = table["names"]
    if len(names) != 4:
        return []
    return [frozenset((names[0], names[2])), frozenset((names[1], names[3]))]


def sat_out(draws, players=None):
    """{name: sessions not played}: sat out, or, of `players`, not there yet (a late
    arrival has missed sessions: they count, so that others sit out first)."""
    counts = {}
    for draw in draws:
        seated = {name for table in draw["tables"] for name in table["names"]}
        for name in draw["sit_out"] if players is None else players:
            if name not in seated:
                counts[name] = counts.get(name, 0) + 1
    return counts


def plan_tables(players, sit_out, two, rules):
    """How many sit out and whether a table of two plays, or EveningError saying the choices."""
    left = len(players) % 4
    if len(players) < 4 and not (two and len(players) == 2):
        raise EveningError("refuse_few_for_table", count=len(players))
    if not left:
        return 0, False
    if two and left >= 2:
        return left - 2, True
    if sit_out:
        return left, False
    choices = [lang.Text("refuse_choose_sit_out" if left > 1 else "refuse_choose_sit_out_one",
                            left=left)]  # fmt: skip
    if left >= 2:
        choices.append(lang.Text("refuse_choose_two_sit_out" if left > 2 else "refuse_choose_two",
                                    out=left - 2))  # fmt: skip
    if rules == TWO_RULES:
        choices = choices[:1]
    raise EveningError("refuse_tables_of_four", count=len(players), left=left, choices=choices)


def draw_session(players, draws, seed, sit_out=False, two=False, rules="schwesing"):
    """The next session's seating: {"session", "seed", "tables", "sit_out", "repeats"}."""
    out_count, table_of_two = plan_tables(players, sit_out, two, rules)
    rng = random.Random(seed)
    counts = sat_out(draws, players)
    # Who sits out: those who sat out least, drawn among them.
    order = sorted(players, key=lambda name: (counts.get(name, 0), rng.random()))
    resting = sorted(order[:out_count], key=players.index)
    playing = [name for name in players if name not in resting]
    met = {pair for draw in draws for table in draw["tables"] for pair in partner_pairs(table)}
    best = None
    for _ in range(TRIES):
        rng.shuffle(playing)
        tables = seat(playing, table_of_two, rules)
        repeats = sum(pair in met for table in tables for pair in partner_pairs(table))
        if best is None or repeats < best[0]:
            best = (repeats, tables)
        if not repeats:
            break
    return {
        "session": len(draws) + 1,
        "seed": seed,
        "tables": best[1],
        "sit_out": resting,
        "repeats": best[0],
    }


def seat(playing, table_of_two, rules):
    fours = playing[: len(playing) - 2] if table_of_two else playing
    tables = [
        {"table": index // 4 + 1, "names": fours[index : index + 4], "rules": rules}
        for index in range(0, len(fours), 4)
    ]
    if table_of_two:
        tables.append({"table": len(tables) + 1, "names": playing[-2:], "rules": TWO_RULES})
    return tables


def new_seed():
    return secrets.randbelow(10**9)


# -- the plan (in the evening's language: texts, host_tools/evening/lang/) ---------------


def plan_rows(draw, texts):
    rows = []
    for table in draw["tables"]:
        names = table["names"]
        cells = list(names) + [""] * (4 - len(names))
        if len(names) == 4:
            first, second = " & ".join(names[0::2]), " & ".join(names[1::2])
            teams = texts("teams_against", first=first, second=second)
        else:
            teams = texts("plan_two", first=names[0], second=names[1])
        rows.append(["%d" % table["table"]] + cells + [teams])
    return rows


def plan_lines(evening_title, draw, sessions, texts):
    heading = texts(
        "plan_session",
        title=evening_title,
        session=draw["session"],
        sessions=sessions,
        seed=draw["seed"],
    )
    lines = [heading]
    for row in plan_rows(draw, texts):
        lines.append(texts("plan_table", table=row[0], teams=row[-1]))
    if draw["sit_out"]:
        lines.append(texts("plan_sitting_out", names=", ".join(draw["sit_out"])))
    if draw["repeats"]:
        lines.append(texts("plan_repeats", count=draw["repeats"]))
    return lines


def headings(texts):
    seats = [texts("seat_n", seat=seat) for seat in range(1, 5)]
    return [texts("table")] + seats + [texts("partners")]


def write_png(path, title, draw, sessions, texts):
    from host_tools.evening.printouts import SCALE, save_png
    from host_tools.logs.ranking_page import Sheet

    sheet = Sheet()
    sheet.heading(title, 32)
    sheet.heading(texts("session_of", session=draw["session"], sessions=sessions))
    sheet.table(headings(texts), plan_rows(draw, texts), (0,))
    if draw["sit_out"]:
        sheet.note(texts("sitting_out", names=", ".join(draw["sit_out"])))
    sheet.note(texts("seats_rule", seed=draw["seed"]))
    save_png(sheet.picture(SCALE), path)  # to print at 300 dpi


def page(title, draw, sessions, texts):
    from host_tools.evening.printouts import PRINT
    from host_tools.logs.ranking_page import _table, document

    parts = [
        "<h2>%s</h2>"
        % html.escape(texts("session_of", session=draw["session"], sessions=sessions)),
        _table(headings(texts), plan_rows(draw, texts), (0,)),
    ]
    if draw["sit_out"]:
        parts.append(
            "<p>%s</p>" % html.escape(texts("sitting_out", names=", ".join(draw["sit_out"])))
        )
    parts.append("<p>%s</p>" % html.escape(texts("seats_rule", seed=draw["seed"])))
    return document(title, parts, texts.lang, PRINT)
