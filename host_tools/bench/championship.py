"""`make bench`: a championship's draw, as the organiser makes it.

40 pairs play 6 Swiss rounds (each match an etivaz log to 5 coches, its
games won at random, written where `run` keeps a board's logs), then round 7
is drawn by `ardoise evening draw`'s own function: the 120 logs read and
folded, the pairs ranked, the matching made (host_tools/evening/championship.py,
pairing.py). Timed: that draw, and the matching alone.
"""

import json
import pathlib
import random
import time

from host_tools.evening import championship, pairing
from host_tools.evening.folder import Evening

PAIRS = 40
ROUNDS = 7
TARGET_S = 1.0


def match_lines(rng, names):
    """An etivaz match to 5 coches: each game ended by a wrong dehors call (2 coches
    to the callers' opponents, whose slate is below 15), the winners drawn at random."""
    header = {"ev": "match", "game": "brouc", "rules": "etivaz", "dealer": 0, "target": 5}
    header["names"] = names
    lines = [header]
    coches = [0, 0]
    while max(coches) < 5:
        winner = rng.randrange(2)
        coches[winner] += 2
        lines += [{"ev": "deal", "trump": "H"}, {"ev": "out", "team": "AB"[1 - winner],
                                                  "points": 0}]  # fmt: skip
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()


def played(folder, rounds):
    """An evening of PAIRS pairs whose first `rounds` rounds are drawn and played."""
    evening = Evening(folder)
    pairs = [["P%02da" % n, "P%02db" % n] for n in range(1, PAIRS + 1)]
    evening.settings = championship.settings(pairs, pairing.SWISS, ROUNDS, 5, "etivaz", None)
    evening.settings.update(evening="bench", title="Bench", draws=[], boards={})
    evening.secrets = {}
    rng = random.Random(32)
    for number in range(1, rounds + 1):
        drawn = championship.draw_round(evening, 7)
        evening.settings["draws"].append(drawn)
        evening.save()
        for table in drawn["tables"]:
            board = evening.logs / ("b%d" % table["table"])
            board.mkdir(parents=True, exist_ok=True)
            path = board / ("b%d-%04d.jsonl" % (table["table"], number))
            path.write_bytes(match_lines(rng, table["names"]))
    return evening


def measure(folder):
    """[(figure, measured, target, met)]: round 7's draw, and its matching alone."""
    evening = played(pathlib.Path(folder), ROUNDS - 1)
    started = time.perf_counter()
    drawn = championship.draw_round(evening, 7)
    took = time.perf_counter() - started
    assert drawn["round"] == ROUNDS and drawn["rematches"] == 0
    wins = {pair: pair % ROUNDS for pair in range(PAIRS)}  # 0 to 6 wins after 6 rounds
    order = sorted(range(PAIRS), key=lambda pair: -wins[pair])
    started = time.perf_counter()
    pairing.swiss_round(order, wins, {}, {})
    matching = time.perf_counter() - started
    return [
        (
            "drawing round 7 for 40 pairs (120 logs read, ranked, paired)",
            "%.2f s" % took,
            "< %g s" % TARGET_S,
            took < TARGET_S,
        ),
        ("  of which the matching (networkx)", "%.3f s" % matching, "", None),
    ]
