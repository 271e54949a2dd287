"""The proofs' own figures, for `make bench`: one JSON object on stdout.

    python -m tests.proof.figures

host_tools/bench/report.py runs this in a process of its own and reads what
it prints, so that no host tool imports the tests: the figures are those of
the tests' harness (random games played and checked, power cuts).
"""

import json

from tests.proof.games import deals_per_second
from tests.test_proof_power import power_cut_numbers


def main():
    cuts = power_cut_numbers()
    print(json.dumps({"deals per second": deals_per_second(), "power cuts": cuts}))


if __name__ == "__main__":
    main()
