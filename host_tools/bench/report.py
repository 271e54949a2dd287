"""The figures that say whether Ardoise fits a board, printed and written to
docs/bench.md.

`make bench` runs it: each figure beside its target, and the same tables,
with the machine and the versions, in docs/bench.md: the rules core (here), the
device playing a whole match (host_tools/bench/device.py) and the proofs'
own figures (random games, power cuts; CPython, measured by the tests'
harness in a process of its own: tests/proof/figures.py). Sizes and heaps are
measured on the MicroPython unix port from .venv (a 64-bit build: its
objects are about twice the size of a 32-bit board's, so a heap that fits
here fits there). Times depend on the machine: each stands beside a
reference timed in the same process, and no test checks them.
"""

import argparse
import pathlib
import platform
import subprocess
import tempfile
import time

from host_tools.bench import championship, evening, figures_of, presses, refusals
from host_tools.bench import device as bench_device
from host_tools.bench import pico as emulated_pico
from host_tools.common import (
    MPY_CROSS,
    ROOT,
    check_outputs,
    run_micropython,
    smallest_heap,
)

MATCH_LOG = ROOT / "tests" / "fixtures" / "brouc-etivaz-30-deals.jsonl"
REPORT = ROOT / "docs" / "bench.md"


def version_of(command):
    return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]


def measure(build):
    core = refusals.compile_core(build / "core")
    replay_args = ["-m", "mp_replay", MATCH_LOG]
    reference = run_micropython(replay_args, heap="256k", path=[core], timeout=300)
    if reference.returncode:
        raise RuntimeError(reference.stdout + reference.stderr)
    events = sum(1 for line in MATCH_LOG.read_text().splitlines() if line.strip())

    def fits(kib):
        result = run_micropython(replay_args, heap="%dk" % kib, path=[core], timeout=300)
        return result.returncode == 0 and result.stdout == reference.stdout

    heap = smallest_heap(fits, 96)
    started = time.perf_counter()
    runs = 5
    for _ in range(runs):
        run_micropython(replay_args, heap="64k", path=[core], timeout=300)
    replay_ms = (time.perf_counter() - started) * 1000 / runs
    core_bytes = sum(path.stat().st_size for path in (core / "scoring").rglob("*.mpy"))
    heap_figure = "Rules core: smallest heap replaying a 30-deal match from .mpy"
    replay_figure = "Replay of the 30-deal match (%d events), whole process" % events
    return [
        (heap_figure, "%d KiB" % heap, "<= 25 KiB", heap <= 25),
        refusals.worst(refusals.measure(build / "refusals")),
        ("Rules core: .mpy size (all games)", "%.1f KiB" % (core_bytes / 1024), "", None),
        (replay_figure, "%.0f ms" % replay_ms, "", None),
    ]


def proofs():
    """The proofs' figures (CPython): random games checked, power cuts.

    The tests' harness measures them in a process of its own
    (tests/proof/figures.py), which prints them as JSON.
    """
    figures = figures_of("tests.proof.figures", "the proofs' figures", 3600)
    cuts = figures["power cuts"]
    lost = cuts["confirmed actions lost"]
    return [
        ("Random games played and checked by the proof harness (CPython)",
         "%.0f deals/s" % figures["deals per second"], "", None),
        ("Power cuts: cut points tried (%d steps of %d journal writes, both flashes)"
         % (cuts["steps in the script"], cuts["script actions"]),
         "%d" % cuts["cut points"], "", None),
        ("... and cut points in the boot after a cut",
         "%d" % cuts["cut points in the boot after a cut"], "", None),
        ("... confirmed actions lost", "%d" % lost, "0", lost == 0),
        ("Flash errors: one failed operation a trial, at each operation of %d journal"
         " actions and %d settings changes"
         % (cuts["actions with errors"], cuts["settings changes"]),
         "%d" % cuts["error points"], "", None),
        ("... and at each operation of the boot after one cut point in %d (both flashes)"
         % cuts["boot tried after one cut point in"],
         "%d" % cuts["error points in the boot after a cut"], "", None),
        ("... screens unlike a fresh boot's on the same flash, actions lost",
         "%d" % cuts["screens unlike a boot's"], "0", cuts["screens unlike a boot's"] == 0),
    ]  # fmt: skip


def write_report(sections):
    micropython = run_micropython(
        ["-c", "import sys; print(sys.implementation.name, sys.version)"], timeout=60
    ).stdout.strip()
    written = "Written by `make bench` (host_tools/bench/report.py); do not edit by hand."
    lines = ["# Bench", "", written]
    for title, rows in sections:
        lines += [
            "",
            "## " + title,
            "",
            "| figure | measured | target | |",
            "| --- | --- | --- | --- |",
        ]
        for name, value, target, met in rows:
            mark = "" if met is None else ("met" if met else "MISSED")
            lines.append("| %s | %s | %s | %s |" % (name, value, target, mark))
    machine = (platform.platform(), platform.machine(), platform.python_version())
    mpy_cross = version_of([str(MPY_CROSS), "--version"])
    lines += [
        "",
        "Machine: %s, %s, Python %s." % machine,
        "MicroPython: %s (unix port, 64-bit). mpy-cross: %s." % (micropython, mpy_cross),
        "",
        "A heap figure is the smallest from which every larger `micropython -X heapsize=N`",
        "(up to the scan's start) runs it, scanned down a KiB at a time; a 32-bit board",
        "needs less, as its objects and pointers are half the size. The device's match",
        "is tests/support/etivaz-match.keys, played with three buttons by",
        "host_tools/standin/harness.py; the harness and the stand-in `machine` are",
        "counted in its heaps (their own share has a row: a board has `machine` built",
        "in, and no harness). Times are of this machine's unix port, not a board's:",
        "read them as multiples of the reference, timed in the same process.",
        "The Pico's rows are measured on MicroPython's own rp2 release (v1.22) on an",
        "emulated RP2040 (host_tools/bench/pico.py), the firmware deployed as to",
        "a board: heaps are the board's own, times are emulated cycles at 125 MHz, so",
        "milliseconds on a real Pico, and the same on every machine. The Ardoise image's",
        "rows: the same sessions on build/firmware/ardoise-pico.uf2 (`make firmware`:",
        "MicroPython 1.27 with the firmware frozen, its bytecode run from flash).",
        "The evening's rows (host_tools/bench/evening.py): the same match played by a board",
        "not enrolled, then enrolled in an evening with its Mosquitto up, down and",
        "black-holed; the network's steps in a press are those App.run makes between its",
        "key and its show(). Wall-clock times: on a busy machine the network's system",
        "calls (a socket's poll, every 100 ms) weigh more than on a quiet one.",
        "The organiser's rows: the test evening (3 slates), then a club's (60, as the load",
        "proof plays it), played by simulated slates (paho clients speaking the slate's",
        "protocol, tests/evening/load.py) against the real `ardoise evening run`; a line's",
        "latency runs from its writing on a slate to the first standing the page sends",
        "that holds it (as a phone receives it; the organiser publishes it on /ranking).",
        "Presses per typical deal, to correct a past deal's trump and to type a name:",
        "host_tools/bench/deals.keys played with three buttons (host_tools/bench/presses.py),",
        "a list walked the shorter way round and a held key counted as one press; a deal's",
        '"before" is the firmware of commit d2e9953 (issue 13) playing the same events the',
        "same way, the correction's and the name's that of issue 33's start (d31e6bc; the",
        "name: the issue's count). A name of a capital and four small letters takes 22",
        "presses at most, whichever (tests/device/test_players.py: each letter, four at most).",
        "A championship's draw (host_tools/bench/championship.py): 40 pairs, 6 Swiss rounds",
        "played (120 etivaz logs), then round 7 drawn as `ardoise evening draw` draws it.",
    ]
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="ardoise bench", description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    check_outputs(
        [REPORT],
        [MATCH_LOG, refusals.CASES, bench_device.SCRIPT, bench_device.EXPECTED_LOG]
        + [presses.DEALS],
    )
    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(scratch)
        (folder / "device").mkdir()
        sections = [
            ("Rules core", measure(folder)),
            (emulated_pico.TITLE, emulated_pico.measure(folder / "pico")),
            (emulated_pico.IMAGE_TITLE, emulated_pico.measure_image(folder / "image")),
            (
                "The device: a whole match (unix port, 64-bit: for reference)",
                bench_device.measure(folder / "device"),
            ),
            (
                "The slate at an evening: the network's cost (unix port, 64-bit)",
                evening.measure(folder / "evening"),
            ),
            (
                "The organiser, at the test evening and a club's: a line to the ranking "
                "(MQTT, Mosquitto)",
                evening.organiser(),
            ),
            ("Presses: a typical deal, a correction, a name", presses.measure(folder / "presses")),
            ("A championship's draw", championship.measure(folder / "championship")),
            ("Proofs", proofs()),
        ]
    rows = [row for _, section in sections for row in section]
    width = max(len(name) for name, *_ in rows)
    for title, section in sections:
        print(title)
        for name, value, target, met in section:
            verdict = "" if met is None else ("  met" if met else "  MISSED")
            print("  %-*s  %21s  %s%s" % (width, name, value, target, verdict))
    write_report(sections)
    print("written to %s" % REPORT.relative_to(ROOT))
    # Measured: done, whatever the figures (a missed target is a row marked
    # MISSED; make test and make proof are the gates).
    return 0
