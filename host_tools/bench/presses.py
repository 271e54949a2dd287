"""`make bench`, presses per typical deal, to correct a past deal's trump and
to type a name: what the slate asks of the players.

Plays host_tools/bench/deals.keys from a fresh flash, with three buttons,
on the firmware compiled to .mpy under MicroPython's unix port through
host_tools/standin/harness.py. Each `measure NAME ... measured NAME` span of
the script is one typical deal; its presses are counted as a player presses
them: a list walked the shorter way round, a number reached in the fewest
presses (a held key counts one: one jump to the next five).

Each deal stands beside what the firmware before issue 13 (commit d2e9953)
took for the same events, played by the harness the same way (its numbers
then moved one a tap, or for far ones by a hold of 1.2 s, counted one
press): Le Brouc's typical deal must take at most 10 presses (12 after
issue 13; issue 21 took away the OK that opened the trump list and the one
that chose the end of the deal from its actions), every other no more than
before. The journal the script leaves is checked against
host_tools/bench/deals.jsonl, so the figures are for the same events.
"""

import json

from host_tools.bench import device
from host_tools.common import ROOT, run_micropython

DEALS = ROOT / "host_tools" / "bench" / "deals.keys"
# Every match the script plays, archived and current, in order.
EXPECTED_LOG = ROOT / "host_tools" / "bench" / "deals.jsonl"
# (measure, what it is, presses before issue 13 (issue 33 for the last two),
# target)
ROWS = (
    ("brouc", "per deal, Le Brouc: trump ♠, a declared marriage, end of deal A 75", 24, 10),
    ("brouc-dehors", "per deal, Le Brouc: trump ♠, A calls dehors with 85 card points", 30, None),
    ("bruus", "per deal, Bruus: a deal of five single tricks", 6, None),
    (
        "brusquembelle",
        "per deal, Brusquembelle (4 players): an Ace won, the end of the deal",
        21,
        None,
    ),
    # Issue 33: the same presses before it (its list of a deal's marriages
    # adds none), and a correction that explains itself.
    ("correct-trump", "to correct a past deal's trump (Le Brouc, deal 1 of 3)", 12, None),
    # The issue's own count for "Rösli" on the wheel of letters before it;
    # every 5-letter name, a capital then small letters: 22 at most
    # (tests/device/test_players.py: each letter of the font, four at most).
    ("name", 'to type a 5-letter name ("Rösli") on the slate, ✓ included', 69, 30),
)
# The issue's own count for Le Brouc's deal, every number step a tap and the
# trump list walked forward only.
ISSUE_COUNT = 31


def play(path, out):
    """The harness's stats and the journals of the matches played (bytes)."""
    out.mkdir(parents=True)
    args = ["-m", "harness", DEALS, out, "64", "3"]
    result = run_micropython(args, heap="1m", path=path, timeout=300)
    if result.returncode:
        raise RuntimeError(result.stdout + result.stderr)
    flash = out / "flash"
    matches = sorted((flash / "archive").glob("*")) + [flash / "match.jsonl"]
    stats = json.loads((out / "stats.json").read_text())
    return stats, b"".join(path.read_bytes() for path in matches)


def measure(folder):
    stats, journals = play(device.build(folder), folder / "deals")
    if journals != EXPECTED_LOG.read_bytes():
        raise RuntimeError("the bench's deals left another journal than %s" % EXPECTED_LOG)
    rows = []
    for name, what, before, target in ROWS:
        presses = stats["measures"][name]
        if target is None:
            goal, met = "<= %d (before: %d)" % (before, before), presses <= before
        elif name == "brouc":
            goal = "<= %d (before: %d; issue 13 counted %d)" % (target, before, ISSUE_COUNT)
            met = presses <= target
        else:
            goal, met = "<= %d (before: about %d)" % (target, before), presses <= target
        rows.append(("Presses " + what, "%d" % presses, goal, met))
    return rows
