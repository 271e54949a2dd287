"""Fold every file of a folder under MicroPython, one answer a line (tests/test_proof_fuzz.py).

    MICROPYPATH=firmware micropython tests/proof/mp_fold.py FOLDER

Prints `NAME state`, `NAME line N: reason`, or `NAME crash Type: message`
for anything that escapes fold_lines but LogError.
"""

import os
import sys

from scoring import LogError, fold_lines


def answer(path):
    try:
        with open(path, "rb") as log:
            fold_lines(log).state()
    except LogError as error:
        return str(error)
    except Exception as error:  # the finding this script exists to report
        return "crash %s: %s" % (type(error).__name__, error)
    return "state"


folder = sys.argv[1]
for name in sorted(os.listdir(folder)):
    print(name, answer(folder + "/" + name))
