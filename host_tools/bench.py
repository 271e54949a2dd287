"""`make bench`: the figures that say whether Ardoise fits a board.

Prints each figure beside its target and writes the same table, with the
machine and the versions, to docs/bench.md. Sizes and heaps are measured on
the MicroPython unix port from .venv (a 64-bit build: its objects are about
twice the size of a 32-bit board's, so a heap that fits here fits there).
"""

import pathlib
import platform
import subprocess
import sys
import tempfile
import time

from host_tools.mpy import MPY_CROSS, ROOT, compile_file, compile_tree, run_micropython

MATCH_LOG = ROOT / "tests" / "fixtures" / "brouc-etivaz-30-deals.jsonl"
REPORT = ROOT / "docs" / "bench.md"


def smallest_heap(args, path, expected_stdout, *, start=96):
    """The smallest heap in KiB from which every larger heap runs `micropython args`.

    Scanned downwards one KiB at a time rather than bisected: with a
    fragmented heap, fitting is not monotonic (a run can fit in N and fail in
    N + 1), and the figure must hold for every heap above it.
    """

    def fits(kib):
        result = run_micropython(args, heap="%dk" % kib, path=path, timeout=300)
        return result.returncode == 0 and result.stdout == expected_stdout

    if not fits(start):
        raise RuntimeError("does not run even with %d KiB: %s" % (start, args))
    kib = start
    while kib > 1 and fits(kib - 1):
        kib -= 1
    return kib


def version_of(command):
    return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]


def measure(build):
    core = build / "core"
    compile_tree(ROOT / "firmware" / "scoring", core / "scoring")
    compile_file(ROOT / "host_tools" / "mp_replay.py", core / "mp_replay.mpy")
    replay_args = ["-m", "mp_replay", str(MATCH_LOG)]
    reference = run_micropython(replay_args, heap="256k", path=[core], timeout=300)
    if reference.returncode:
        raise RuntimeError(reference.stdout + reference.stderr)
    events = sum(1 for line in MATCH_LOG.read_text().splitlines() if line.strip())

    heap = smallest_heap(replay_args, [core], reference.stdout)
    started = time.perf_counter()
    runs = 5
    for _ in range(runs):
        run_micropython(replay_args, heap="64k", path=[core], timeout=300)
    replay_ms = (time.perf_counter() - started) * 1000 / runs
    core_bytes = sum(path.stat().st_size for path in (core / "scoring").rglob("*.mpy"))
    heap_figure = "Rules core: smallest heap replaying a 30-deal match from .mpy"
    replay_figure = "Replay of the 30-deal match (%d events), whole process" % events
    return [
        (heap_figure, "%d KiB" % heap, "<= 24 KiB", heap <= 24),
        ("Rules core: .mpy size (all games)", "%.1f KiB" % (core_bytes / 1024), "", None),
        (replay_figure, "%.0f ms" % replay_ms, "", None),
    ]


def write_report(rows):
    micropython = run_micropython(
        ["-c", "import sys; print(sys.implementation.name, sys.version)"], timeout=60
    ).stdout.strip()
    lines = [
        "# Bench",
        "",
        "Written by `make bench` (host_tools/bench.py); do not edit by hand.",
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
        "Heap figures come from bisecting `micropython -X heapsize=N`; a 32-bit board",
        "needs less, as its objects and pointers are half the size.",
    ]
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main():
    with tempfile.TemporaryDirectory() as folder:
        rows = measure(pathlib.Path(folder))
    width = max(len(name) for name, *_ in rows)
    for name, value, target, met in rows:
        verdict = "" if met is None else ("  met" if met else "  MISSED")
        print("%-*s  %10s  %s%s" % (width, name, value, target, verdict))
    write_report(rows)
    print("written to %s" % REPORT.relative_to(ROOT))
    return 0 if all(met is not False for *_, met in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
