"""The heap a refusal needs beside the heap its log's fold needs (issue 20).

For every refusal key of the rules core, tests/fixtures/refusals.jsonl holds
a log whose last line the rules refuse with that key (the longest such log
among the rules tests'): {"key": ..., "log": [line, ...]}. The fold is the
log without that line (or "fold", for a refused match event: a valid one
of the same game, or nothing), the refusal the whole log; each is replayed by
mp_replay.py from the core's .mpy under the unix port, and the smallest heap
in which it prints what it prints in a large one is bisected, then scanned
down from just above (a fragmented heap does not fit monotonically). A
refusal loads its text only then: issue 20 asks for at most TARGET_KIB
more than the fold, and tests/test_heap.py holds every key to BOUND_KIB
(the same); `make bench` shows the worst against the target.

Met since the English texts came in five parts, scoring/reasons_0.py to
reasons_4.py (the only English table, the device's too), each one
bytes of its keys and one str of their texts, the part named by the key's
length modulo 5: no table of keys to load first, and no more names
in scoring/match.py than before (a relative import of
"reasons_%d"); fold_lines drops the fold's match, too, before the text
comes (without that, up to 2 KiB). Every key: 0 or 1 KiB more than its
fold (first_match, unknown_game and pairs_four 1), from 2 to 4 before.
match.py's code takes 32 bytes less heap than before, and the 30-deal
replay of tests/test_heap.py needs what it needed (24.6 to 25.2 KiB by
the length of the paths, before and since).

Tried before, and measured (a figure moves by a KiB with the length of the
log's path, which the heap holds too): the texts as a tuple of small
strings (in scoring/reasons.py, beside the keys) loaded
after a collection: 2 to 4 KiB (up to 11 before); as one string (a long
string needs a large hole in the heap the fold left: up to 9 KiB more); in
four parts, each loaded alone and dropped (1.0 to 1.6 KiB each): the first
part's keys came to 0-2 KiB, but Le Brouc's later parts still needed up to
6 (each part loaded before leaves names and holes behind), and the walk
through the parts in scoring/match.py took the 30-deal replay from 24 KiB
to 26, over its 25; parts of ten chosen by the key's place, the keys
dropped before the part comes and the fold's match before both: every key
within 2 KiB, but only with that code in scoring/match.py, where it again
took the replay past 25 KiB (likely its new names: the replay interns
some 133, and on the unix port the 141st costs a new pool of them,
1.9 KiB); in a module of its own, loaded with the part, up to 5 KiB.
"""

import json
import pathlib

from host_tools.common import (
    FIRMWARE,
    ROOT,
    compile_file,
    compile_tree,
    run_micropython,
    smallest_heap,
)

CASES = ROOT / "tests" / "fixtures" / "refusals.jsonl"
TARGET_KIB = 2
BOUND_KIB = TARGET_KIB
_HIGHEST = 64  # KiB: each run fits here
HERE = pathlib.Path(__file__).resolve().parent


def compile_core(folder):
    """The rules core and mp_replay.py as .mpy under `folder` (its search path)."""
    compile_tree(FIRMWARE / "scoring", folder / "scoring")
    compile_file(HERE / "mp_replay.py", folder / "mp_replay.mpy")
    return folder


def cases():
    """(key, the log folded, the log refused) of each case, in the order of the core's keys."""
    with CASES.open(encoding="utf-8") as file:
        return [
            (case["key"], case.get("fold", case["log"][:-1]), case["log"])
            for case in map(json.loads, file)
        ]


def replay_heap(core, log):
    """The smallest heap in KiB in which mp_replay replays the file `log` as in a large one."""
    args = ["-m", "mp_replay", log]
    reference = run_micropython(args, heap="%dk" % _HIGHEST, path=[core], timeout=120)

    def fits(kib):
        result = run_micropython(args, heap="%dk" % kib, path=[core], timeout=120)
        return result.returncode == reference.returncode and result.stdout == reference.stdout

    low, high = 4, _HIGHEST  # fits(high); the smallest that fits is in (low, high]
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle
    start = high + 2
    while start < _HIGHEST and not fits(start):  # a fit below a misfit: go higher
        start += 1
    return smallest_heap(fits, start)


def measure(folder, keys=None):
    """[(key, lines in the log, fold KiB, refusal KiB)] for every case (or those of `keys`)."""
    core = compile_core(folder / "core")
    rows = []
    for key, folded, refused in cases():
        if keys is not None and key not in keys:
            continue
        heaps = []
        for name, lines in (("fold", folded), ("refusal", refused)):
            log = folder / ("%s-%s.jsonl" % (key, name))
            log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            heaps.append(replay_heap(core, log))
        rows.append((key, len(refused), heaps[0], heaps[1]))
    return rows


def worst(rows):
    """The bench's row: the refusal that needs the most heap beyond its fold."""
    key, count, fold, refusal = max(rows, key=lambda row: row[3] - row[2])
    return (
        "Refusal: heap beyond its log's fold, the worst of %d keys (%s, a %d-line log:"
        " %d KiB, fold %d KiB)" % (len(rows), key, count, refusal, fold),
        "%d KiB" % (refusal - fold),
        "<= %d KiB" % TARGET_KIB,
        refusal - fold <= TARGET_KIB,
    )
