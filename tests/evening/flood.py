"""A flood from one board against the real `ardoise evening run` and its Mosquitto
(issue 31, item 6): one board publishes FLOOD lines of SIZE bytes as fast as it
can, while another board writes its journal a line at a time.

`flood(evening, ...)` gives the figures: `run`'s peak memory (VmHWM, the
process's own), each of the other board's lines' latency from its publishing
to the /have that says it held, and `run`'s output. tests/evening/test_flood.py
checks them with generous bounds; `make bench` (host_tools/bench/evening.py)
prints them against the issue's targets, by `python -m tests.evening.flood`,
which prints them as JSON.
"""

import json
import tempfile
import threading
import time
from pathlib import Path

from host_tools.common import ROOT
from tests.evening.boards import Board, wait_until
from tests.evening.conftest import make_evening, own_run

FLOOD = 150
SIZE = 1 << 20  # the audit's: 150 lines of 1 MiB took `run` from 27 to 334 MB
LINES = (ROOT / "tests" / "logs" / "bruus-schwesing.jsonl").read_bytes().splitlines()


def peak_memory(pid):
    """The process's peak resident memory so far, in MB (Linux's VmHWM)."""
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM for %d" % pid)


def flood(evening, count=FLOOD, size=SIZE, flooder="b3", other="b2"):
    """The figures of one flood (see the module's text)."""
    latencies = []
    with own_run(evening) as run:
        before = peak_memory(run.process.pid)
        # A board whose journal is the flood: it sends it all, and again as /have asks.
        with (
            Board(evening, flooder, {1: [b"x" * size] * count}) as loud,
            Board(evening, other, {1: LINES}) as quiet,
        ):
            pouring = threading.Thread(target=loud.write, args=(count,), daemon=True)
            pouring.start()
            for index in range(len(LINES)):
                sent = time.monotonic()
                quiet.write(1)
                assert quiet.wait_held((1, index + 1), 60), run.output
                latencies.append(time.monotonic() - sent)
            pouring.join(120)
            # The flood has left the board: what the broker let through reached `run`.
            wait_until(lambda: not loud.client.want_write(), 60)
            time.sleep(1)
            peak = peak_memory(run.process.pid)
    output = run.output
    return {
        "count": count,
        "size": size,
        "before_mb": before,
        "peak_mb": peak,
        "median": sorted(latencies)[len(latencies) // 2],
        "worst": max(latencies),
        "output": output,
    }


def main():
    with tempfile.TemporaryDirectory() as scratch:
        figures = flood(make_evening(Path(scratch) / "evening"))
    del figures["output"]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
