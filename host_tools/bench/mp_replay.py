"""Replay a match log under the MicroPython unix port (heap and speed measurements).

    MICROPYPATH=build/mpy micropython -X heapsize=24k -m mp_replay LOG.jsonl

Same output as host_tools.replay; folds the log line by line from the file,
as the board folds its journal, with the heap's policy the device hands the
rules core (ardoise/app.py): garbage collected before a fold's largest
allocations.
"""

import gc
import json
import sys

import scoring.match
from scoring import LogError, fold_lines

scoring.match.collect = gc.collect


def main(path):
    with open(path, "rb") as log:  # read as the board reads its journal (read_lines)
        try:
            match = fold_lines(log)
        except LogError as error:
            print(error)
            return 1
    # Streamed: a board's heap may not hold the state and its text at once.
    json.dump(match.state(), sys.stdout)
    print()
    return 0


sys.exit(main(sys.argv[-1]))
