"""Put the slate on a board: `make deploy BOARD=pico PORT=/dev/ttyACM0`.

    ardoise deploy --board NAME --port PORT [--id ID]

One line per step:

1. the board file boards/NAME.py (or a path to one), which goes to the
   board as board.py, the one file that names its pins;
2. MicroPython on PORT: its version and .mpy format (the board must read
   .mpy version 6, MicroPython 1.19 or newer) and the free flash;
3. the firmware compiled with mpy-cross (in a temporary folder of its own,
   so that two deploys at once never share one);
4. the old firmware removed from the board (ardoise/, scoring/), so that no
   stale file is imported; data/, the matches and the settings, stays;
5. main.py, board.py and the .mpy files copied with mpremote, and the
   board's id kept in data/board_id.txt (--id, else the one it has, else
   one derived from its unique id: host_tools/board/board_id.py);
6. a reset: the board starts the slate.

A board running the Ardoise image (`make firmware`: the slate frozen into
MicroPython, with main.py) gets board.py and its id only: .mpy files on the
flash would shadow the frozen modules (sys.path puts the flash first) and a
main.py there never runs (MicroPython runs a frozen main.py in its place),
so stale ones are removed. Its frozen `ardoise_image.SOURCES` is compared
with this tree's: an image built from other sources is said to be older.

PORT=virtual deploys to a virtual board (host_tools/virtual/board.py) whose
flash is the folder virtual-board/, and shows the first screen the slate
draws there. Any failure says what went wrong and exits with status 1.
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import tempfile

from host_tools.board import board_id as ids
from host_tools.board.firmware import IMAGE, IMAGE_W, VERSION_MODULE, source_hash
from host_tools.board.link import VIRTUAL, LinkError, add_port_arguments, check_port, connect
from host_tools.common import (
    FIRMWARE,
    MPY_CROSS,
    ROOT,
    CommandError,
    compile_firmware,
)
from host_tools.sim.boards import HOST, board_file, describe, names
from host_tools.virtual.board import DEFAULT_FLASH

# The packages deploy replaces on the board (umqtt: micropython-lib's, from
# third_party/); everything else there is kept.
PACKAGES = ("ardoise", "scoring", "umqtt")
# .mpy files of version 6 hold bytecode every 6.x system loads (the
# sub-version only matters for native code, which the firmware has none of).
MPY_VERSION = 6
# The MicroPython releases the tests run the slate on: 1.22, the official rp2
# release on the emulated Pico (tests/pico), and 1.29, the unix port in .venv
# (the virtual board, the simulator, the device tests). A board older than
# the oldest is warned.
TESTED_WITH = ((1, 22), (1, 29))
FIRST_SCREEN_S = 60
SETTLE_S = 0.5

# Printed by the board: (name, version, .mpy format, platform, free bytes,
# bytes of the firmware deploy replaces, the frozen Ardoise image's sources
# or None).
PROBE = (
    """
import os, sys
try:
    from %s import SOURCES
except ImportError:
    SOURCES = None
def size(path):
    try:
        mode, length = os.stat(path)[0], os.stat(path)[6]
    except OSError:
        return 0
    if mode & 0x4000:
        return sum(size(path + "/" + name) for name in os.listdir(path))
    return length
fs = os.statvfs("/")
print(repr((sys.implementation.name, tuple(sys.implementation.version[:3]),
    getattr(sys.implementation, "_mpy", 0), sys.platform, fs[0] * fs[3],
    sum(size(path) for path in ("/ardoise", "/scoring", "/main.py", "/board.py")),
    SOURCES)))
"""
    % VERSION_MODULE
)
REMOVE = """
import os
def remove(path):
    try:
        mode = os.stat(path)[0]
    except OSError:
        return
    if mode & 0x4000:
        for name in os.listdir(path):
            remove(path + "/" + name)
        os.rmdir(path)
    else:
        os.remove(path)
for path in %r:
    remove(path)
"""
OLD_FIRMWARE = tuple("/" + package for package in PACKAGES)


class DeployError(CommandError):
    """A deploy that cannot go on; the message says why and what to do."""


def step(number, text):
    print("%d/6 %s" % (number, text), flush=True)


def kib(size):
    """A size as people read it: KiB up to 10 MiB, MiB past that."""
    if size >= 10 << 20:
        return "%d MiB" % (size >> 20)
    return "%d KiB" % -(-size // 1024)


def check_micropython(probe, folder=None):
    """The board's MicroPython as words, or DeployError if it cannot run the slate.

    `folder` is a virtual board's flash: the free space is the PC disk's, not
    a board's, so it is not given as one.
    """
    name, version, mpy, platform, free = probe[:5]
    if name != "micropython":
        raise DeployError("the board runs %s, not MicroPython: install MicroPython (README)" % name)
    release = ".".join(map(str, version))
    if mpy & 0xFF > MPY_VERSION:
        raise DeployError(
            "MicroPython %s on the board reads .mpy version %d, newer than this mpy-cross "
            "writes (%d): update mpy_cross in requirements.txt" % (release, mpy & 0xFF, MPY_VERSION)
        )
    if mpy & 0xFF < MPY_VERSION:
        raise DeployError(
            "MicroPython %s on the board is too old to load the slate's .mpy files "
            "(version %d: MicroPython 1.19 or newer): install a current MicroPython (README)"
            % (release, MPY_VERSION)
        )
    if folder is None:
        words = "MicroPython %s on %s, %s free" % (release, platform, kib(free))
    else:
        words = "MicroPython %s on %s, a virtual board: its flash is the folder %s on this PC" % (
            release,
            platform,
            folder,
        )
    if tuple(version[:2]) < TESTED_WITH[0]:
        tested = " and ".join("%d.%d" % release for release in TESTED_WITH)
        words += " (the slate is tested with %s: update MicroPython if it misbehaves)" % tested
    return words


def check_image(sources):
    """The board's Ardoise image (its frozen sources' hash) as words."""
    if sources == source_hash():
        return "the Ardoise image, built from this tree"
    return (
        "an older Ardoise image (built from other sources than this tree's): make firmware, "
        "then copy %s onto the board (%s on a Pico W: README)"
        % (IMAGE.relative_to(ROOT), IMAGE_W.name)
    )


def check_room(probe, needed):
    """DeployError unless the files fit in the free flash plus the firmware they replace."""
    free, replaced = probe[4], probe[5]
    if needed > free + replaced:
        raise DeployError(
            "the board's filesystem is full: the slate needs %s, %s is free with the old "
            "firmware removed; pull the logs (make pull-log) and remove old matches from "
            "data/archive/ with mpremote fs rm" % (kib(needed), kib(free + replaced))
        )


def stage(path, folder, frozen=False):
    """The files for the board, from the board file `path`, in `folder`
    (board.py alone for a board with the firmware `frozen`); their total size."""
    if not frozen:
        try:
            compile_firmware(folder)
        except subprocess.CalledProcessError as error:
            message = "mpy-cross could not compile %s (its message is above)" % error.cmd[-1]
            raise DeployError(message) from error
        shutil.copy(FIRMWARE / "main.py", folder / "main.py")
    shutil.copy(path, folder / "board.py")
    return sum(file.stat().st_size for file in folder.rglob("*") if file.is_file())


def mpy_cross_version():
    """mpy-cross's release and the .mpy version it writes, e.g. "1.29.0, .mpy 6.3"."""
    result = subprocess.run([str(MPY_CROSS), "--version"], capture_output=True, text=True)
    match = re.search(r"v([\d.]+) on .* mpy v([\d.]+)", result.stdout)
    return "%s, .mpy %s" % match.groups() if match else result.stdout.strip()


def deploy(board, port, virtual_flash=DEFAULT_FLASH, board_id=None):
    # The PC's own board file goes onto a virtual board only: not one to offer.
    path = board_file(board, [name for name in names() if name != HOST])
    check_port(port)
    if board_id is not None:
        ids.check(board_id)  # before anything is done
    description = describe(path)
    if path.stem == HOST and port != VIRTUAL:
        raise DeployError("boards/host.py is the PC's stand-in, not a board to flash")
    shown = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else path
    step(1, "board %s: %s (%s)" % (path.stem, description["name"], shown))
    with connect(port, virtual_flash) as link, tempfile.TemporaryDirectory() as staging:
        probe = link.evaluate(PROBE)
        words = check_micropython(probe, virtual_flash if port == VIRTUAL else None)
        frozen = probe[6] is not None
        if frozen:
            words += "; " + check_image(probe[6])
        board_id, how = ids.choose(link, board_id)
        step(2, "%s; board id %s (%s)" % (words, board_id, how))
        folder = pathlib.Path(staging)
        size = stage(path, folder, frozen)
        files = [file for file in folder.rglob("*") if file.is_file()]
        if frozen:
            step(3, "nothing to compile: the board's image has the firmware frozen in")
        else:
            step(
                3,
                "compiled (mpy-cross %s): %d files, %s"
                % (mpy_cross_version(), len(files), kib(size)),
            )
        check_room(probe, size)
        stale = OLD_FIRMWARE + (("/main.py",) if frozen else ())
        link.run("exec", REMOVE % (stale,))
        removed = ", ".join(p + "/" for p in PACKAGES) + (" and main.py" if frozen else "")
        step(4, "old firmware removed (%s); data/ kept" % removed)
        sources = sorted(child.name for child in folder.iterdir())
        try:
            link.run("fs", "cp", "-r", *[str(folder / name) for name in sources], ":", timeout=600)
        except LinkError as error:
            raise DeployError(
                "copying stopped (%s); the board has no slate until a deploy finishes" % error
            ) from error
        ids.write(link, board_id)
        step(5, "copied to the board: %s; data/board_id.txt" % ", ".join(sources))
        try:
            link.run("reset")
        except LinkError as error:
            raise DeployError(
                "the slate is on the board, but the reset failed (%s): unplug the board and "
                "plug it in again" % error
            ) from error
        step(6, "reset: the board starts the slate")
        if link.board is not None:
            show_first_screen(link.board)


def show_first_screen(board):
    """The virtual board's first full screen, drawn in the terminal."""
    frame = board.wait_for_frame(lambda frame: frame.on and frame.lit() > 0, FIRST_SCREEN_S)
    if frame is None:
        raise DeployError(
            "the slate did not start on the virtual board; it printed:\n"
            + board.console.decode("utf-8", "replace")
        )
    # The first picture may be a screen half drawn: wait until it holds still.
    while (settled := board.wait_for_frame(frame.__ne__, SETTLE_S)) is not None:
        frame = settled
    columns = shutil.get_terminal_size().columns
    print("\n".join(frame.text() if columns >= 128 else frame.braille()))


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise deploy",
        description="Compile the firmware and put it on a board with mpremote.",
    )
    parser.add_argument("--board", help="a board from boards/ (pico, esp32_devkit...) or a file")
    add_port_arguments(parser)
    parser.add_argument(
        "--id",
        help="the board's short id, in the names of the logs pulled from it (default: the "
        "one it has, else 4 hex digits from its unique id)",
    )
    args = parser.parse_args(argv)
    deploy(args.board, args.port, pathlib.Path(args.virtual_flash), args.id)
    return 0
