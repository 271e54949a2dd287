"""The Ardoise image for a Raspberry Pi Pico: `make firmware` (or `ardoise firmware`).

    ardoise firmware [--jobs N]

builds, under build/firmware/:

- ardoise-pico.uf2 (and ardoise-pico.uf2.sha256): MicroPython v1.27.0 for
  RPI_PICO with the slate frozen in (firmware/manifest.py: scoring and
  ardoise as bytecode in flash), firmware/main.py frozen as the entry and
  boards/pico.py frozen as the default board.py: copied onto a Pico, it
  plays the slate with nothing else on its flash. A board.py on the flash
  (other pins) comes first: MicroPython's sys.path puts the flash ("")
  before ".frozen".
- micropython-pico.uf2: the same MicroPython with nothing of Ardoise in it
  (the newest release line, for the .mpy deploy), built once.

One line per step. The sources, in this order: a MicroPython tree named by
$MICROPYTHON_DIR (with its rp2 submodules; picotool then from $picotool_DIR
or the archive below); else ../shared/vendor/micropython/
micropython-1.27.0-rp2-src.tar.xz beside the repository, unpacked once
under build/firmware/src/; else the same tag and submodules fetched with git
(network needed). picotool 2.1.1 is built from its source with
PICOTOOL_NO_LIBUSB=1, as pico-sdk 2 needs it to write a UF2 and would
otherwise download it (mpy-cross builds meanwhile). Both images come out of
one build folder, build/firmware/build-rp2/: the second differs from the
first only in its frozen modules, which is all that is built again.
MicroPython's own make rebuilds only what changed; the Makefile runs this
only when a frozen source changed.

The image also freezes `ardoise_image`, whose SOURCES is `source_hash()` of
what was frozen: `ardoise deploy` compares it with the tree's and says when
the board's image is older.
"""

import argparse
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import time

from host_tools.common import BOARDS, FIRMWARE, ROOT, CommandError

OUT = ROOT / "build" / "firmware"
SRC = OUT / "src"
ARCHIVE = ROOT.parent / "shared" / "vendor" / "micropython" / "micropython-1.27.0-rp2-src.tar.xz"
TAG = "v1.27.0"
PICOTOOL_TAG = "2.1.1"
MICROPYTHON_GIT = "https://github.com/micropython/micropython.git"
PICOTOOL_GIT = "https://github.com/raspberrypi/picotool.git"
IMAGE = OUT / "ardoise-pico.uf2"
PLAIN = OUT / "micropython-pico.uf2"
DEFAULT_BOARD = BOARDS / "pico.py"
# The frozen module deploy reads the image's sources from.
VERSION_MODULE = "ardoise_image"
FIRST_BUILD = "about 2 minutes on 2 free cores"


class FirmwareError(CommandError):
    """A build that cannot go on; the message says why."""


def source_hash():
    """What the image freezes, as 16 hex digits: every firmware source, the
    manifest and the default board, by path and content."""
    digest = hashlib.sha256()
    files = sorted(FIRMWARE.rglob("*.py")) + [DEFAULT_BOARD]
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def step(text):
    print("firmware: " + text, flush=True)


def start(command, **options):
    """`command` started (a Popen); a FirmwareError naming the packages if it is missing."""
    try:
        return subprocess.Popen([str(part) for part in command], **options)
    except FileNotFoundError as error:
        raise FirmwareError(
            "%s not found (Debian: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi "
            "libstdc++-arm-none-eabi-newlib cmake git)" % command[0]
        ) from error


def finish(process, log=None):
    """Wait for `process` (start's); a FirmwareError if it failed, after the
    messages it wrote to `log`, if it wrote them there."""
    if process.wait():
        if log is not None:
            sys.stdout.write(log.read_text(encoding="utf-8", errors="replace"))
        raise FirmwareError("%s failed (its messages are above)" % " ".join(process.args[:3]))


def run(command, **options):
    finish(start(command, **options))


def sources():
    """(the MicroPython tree, picotool's source or None if $picotool_DIR has it built)."""
    given = os.environ.get("MICROPYTHON_DIR")
    picotool = SRC / ("picotool-" + PICOTOOL_TAG)
    if given:
        tree = pathlib.Path(given).resolve()
        if not (tree / "ports" / "rp2" / "Makefile").is_file():
            raise FirmwareError("MICROPYTHON_DIR=%s is not a MicroPython tree" % given)
        step("MicroPython from MICROPYTHON_DIR=%s" % tree)
        if os.environ.get("picotool_DIR"):
            return tree, None
    tree = SRC / "micropython-1.27.0" if not given else tree
    stamp = SRC / ".unpacked"
    if stamp.exists():
        return tree, picotool
    if ARCHIVE.is_file():
        step("unpacking %s into %s" % (ARCHIVE.name, SRC.relative_to(ROOT)))
        shutil.rmtree(SRC, ignore_errors=True)
        SRC.mkdir(parents=True)
        with tarfile.open(ARCHIVE) as archive:
            archive.extractall(SRC, filter="data")
    else:
        step(
            "no %s: fetching MicroPython %s, its rp2 submodules and picotool %s with git "
            "(network needed)" % (ARCHIVE.relative_to(ROOT.parent), TAG, PICOTOOL_TAG)
        )
        shutil.rmtree(SRC, ignore_errors=True)
        SRC.mkdir(parents=True)
        if not given:
            run(["git", "clone", "--depth", "1", "--branch", TAG, MICROPYTHON_GIT, tree])
            run(["make", "-C", tree / "ports" / "rp2", "BOARD=RPI_PICO", "submodules"])
        run(["git", "clone", "--depth", "1", "--branch", PICOTOOL_TAG, PICOTOOL_GIT, picotool])
    stamp.touch()
    return tree, picotool


def build_picotool(tree, source, jobs):
    """picotool built and installed under build/firmware/picotool/; its picotool_DIR."""
    if source is None:
        return pathlib.Path(os.environ["picotool_DIR"])
    install = OUT / "picotool"
    found = install / "picotool"
    if (found / "picotoolConfig.cmake").is_file():
        return found
    step("picotool %s from its source, without USB (PICOTOOL_NO_LIBUSB=1)" % PICOTOOL_TAG)
    work = OUT / "picotool-build"
    run(
        [
            "cmake", "-S", source, "-B", work,
            "-DPICO_SDK_PATH=%s" % (tree / "lib" / "pico-sdk"),
            "-DPICOTOOL_NO_LIBUSB=1", "-DPICOTOOL_FLAT_INSTALL=1",
            "-DCMAKE_INSTALL_PREFIX=%s" % install,
        ]
    )  # fmt: skip
    run(["make", "-C", work, "-j%d" % jobs])
    run(["make", "-C", work, "install"])
    return found


def image_manifest():
    """build/firmware/image/: the image's manifest (firmware/manifest.py, then
    main.py, the default board.py and the sources' hash) and the files it
    freezes that are not in firmware/ under their own names."""
    folder = OUT / "image"
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "board.py": DEFAULT_BOARD.read_text(encoding="utf-8"),
        VERSION_MODULE + ".py": (
            "# Written by `make firmware`: what this image froze, for `ardoise deploy`.\n"
            'SOURCES = "%s"\n' % source_hash()
        ),
        "manifest.py": (
            "# Written by `make firmware` (host_tools/board/firmware.py).\n"
            "include(%r)\n"
            "# What the slate needs on the flash is then only its data/.\n"
            "module('main.py', base_path=%r, opt=3)\n"
            "module('board.py', opt=3)\n"
            "module(%r)\n" % (str(FIRMWARE / "manifest.py"), str(FIRMWARE), VERSION_MODULE + ".py")
        ),
    }
    for name, text in files.items():
        path = folder / name
        # Written only when different: MicroPython's build then skips its work.
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return folder / "manifest.py"


def build_port(tree, jobs, environment, manifest=None):
    """MicroPython's rp2 port for RPI_PICO in build/firmware/build-rp2/; its UF2.

    Both images share the one build folder: switching the frozen manifest
    (cmake's cache variable, set or unset) rebuilds only the frozen modules
    and the link, about a tenth of a first build. Configured here, as the
    port's Makefile would on a first build (it configures only once)."""
    port = tree / "ports" / "rp2"
    folder = OUT / "build-rp2"
    first = not (folder / "Makefile").exists()
    what = "with Ardoise frozen" if manifest else "with nothing frozen"
    step(
        "MicroPython %s for RPI_PICO %s (%s)"
        % (TAG, what, "first build: " + FIRST_BUILD if first else "only what changed")
    )
    frozen = "-DMICROPY_FROZEN_MANIFEST=%s" % manifest if manifest else "-UMICROPY_FROZEN_MANIFEST"
    board = "-DMICROPY_BOARD_DIR=%s" % (port / "boards" / "RPI_PICO")
    configure = ["cmake", "-S", port, "-B", folder, "-DPICO_BUILD_DOCS=0", board, frozen]
    run(configure, env=environment, stdout=subprocess.DEVNULL)
    run(["make", "-C", folder, "-j%d" % jobs], env=environment)
    return folder / "firmware.uf2"


def publish(uf2, target):
    """`uf2` copied to `target`, with its sha256 in target.sha256; the digest."""
    data = uf2.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    target.write_bytes(data)
    pathlib.Path(str(target) + ".sha256").write_text("%s  %s\n" % (digest, target.name))
    return digest


def build(jobs):
    started = time.monotonic()
    OUT.mkdir(parents=True, exist_ok=True)
    tree, picotool_source = sources()
    # mpy-cross while picotool builds: picotool's last step, one large C++
    # file, leaves a core free for half a minute.
    step("mpy-cross %s (compiles the frozen modules), beside picotool" % TAG)
    log = OUT / "mpy-cross.log"
    with open(log, "wb") as output:
        command = ["make", "-C", tree / "mpy-cross", "-j%d" % jobs]
        mpy_cross = start(command, stdout=output, stderr=subprocess.STDOUT)
    try:
        picotool = build_picotool(tree, picotool_source, jobs)
    except FirmwareError:
        mpy_cross.wait()  # nothing left running; picotool's is the error to say
        raise
    finish(mpy_cross, log)
    environment = dict(os.environ, picotool_DIR=str(picotool))
    manifest = image_manifest()
    # The plain one first, and only once (nothing of Ardoise in it: a rebuild
    # would only date it anew): an image written last means both are there.
    for target, frozen in ((PLAIN, None), (IMAGE, manifest)):
        if not frozen and target.exists():
            continue
        digest = publish(build_port(tree, jobs, environment, frozen), target)
        size = -(-target.stat().st_size // 1024)
        step("%s: %d KiB, sha256 %s" % (target.relative_to(ROOT), size, digest))
    step("done in %.0f s" % (time.monotonic() - started))


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise firmware",
        description="Build the Ardoise image for a Raspberry Pi Pico (MicroPython 1.27, "
        "the slate frozen in): build/firmware/ardoise-pico.uf2.",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="make -j")
    args = parser.parse_args(argv)
    build(args.jobs)
    return 0
