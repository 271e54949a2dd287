"""The Ardoise images for a Raspberry Pi Pico and Pico W: `make firmware` (or `ardoise firmware`).

    ardoise firmware [--jobs N]

builds, under build/firmware:

- ardoise-pico.uf2 (and ardoise-pico.uf2.sha256): MicroPython v1.27.0 for
  RPI_PICO with the slate frozen in (firmware/manifest.py: scoring and
  ardoise as bytecode in flash), firmware/main.py frozen as the entry and
  boards/pico.py frozen as the default board.py: copied onto a Pico, it
  plays the slate with nothing else on its flash. A board.py on the flash
  (other pins) comes first: MicroPython's sys.path puts the flash ("")
  before ".frozen".
- ardoise-pico-w.uf2 (and its .sha256): the same for a Pico W, from the
  project's own board, firmware/ARDOISE_PICO_W/: the port's RPI_PICO_W (its
  radio: the cyw43 driver and lwIP; Bluetooth stays on, as the vendored
  NOTICE.md says why) with the same frozen manifest as the Pico's: no other
  frozen module of that board (mip, requests, aioble...), umqtt.simple for
  an evening. The radio stays off until an enrolled slate joins its
  evening's Wi-Fi (ardoise/wifi.py).
- micropython-pico.uf2: the same MicroPython with nothing of Ardoise in it
  (the newest release line, for the .mpy deploy), built once.

One line per step. The sources, in this order: a MicroPython tree named by
$MICROPYTHON_DIR (with its rp2 and Pico W submodules; picotool then from
$picotool_DIR or the archive below); else the two archives of
shared/vendor/micropython/ beside the repository
(micropython-1.27.0-rp2-src.tar.xz, then micropython-1.27.0-picow-libs.tar.xz
over it), unpacked once under build/firmware/src/; else the same tag and
submodules fetched with git (network needed). picotool 2.1.1 is built from
its source with PICOTOOL_NO_LIBUSB=1, as pico-sdk 2 needs it to write a UF2
and would otherwise download it (mpy-cross builds meanwhile). The Pico's two
images come out of one build folder, build/firmware/build-rp2/: the second
differs from the first only in its frozen modules, which is all that is
built again; the Pico W's, another board, has its own,
build/firmware/build-rp2-w/. MicroPython's own make rebuilds only what
changed; the Makefile runs this only when a frozen source changed. Each
image is the same byte for byte from one build to the next: its build date
is the release's (SOURCE_DATE_EPOCH).

Each image also freezes `ardoise_image`, whose SOURCES is `source_hash()` of
what was frozen: `ardoise deploy` compares it with the tree's and says when
the board's image is older.
"""

import argparse
import ast
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import time

from host_tools.common import BOARDS, FIRMWARE, MICROPYTHON_LIB, ROOT, SHARED_VENDOR, CommandError

OUT = ROOT / "build" / "firmware"
SRC = OUT / "src"
VENDOR = SHARED_VENDOR / "micropython"
ARCHIVE = VENDOR / "micropython-1.27.0-rp2-src.tar.xz"
# The Pico W's radio sources (cyw43-driver, lwIP, BTstack), unpacked over the first.
PICO_W_ARCHIVE = VENDOR / "micropython-1.27.0-picow-libs.tar.xz"
TAG = "v1.27.0"
PICOTOOL_TAG = "2.1.1"
MICROPYTHON_GIT = "https://github.com/micropython/micropython.git"
PICOTOOL_GIT = "https://github.com/raspberrypi/picotool.git"
IMAGE = OUT / "ardoise-pico.uf2"
IMAGE_W = OUT / "ardoise-pico-w.uf2"
PLAIN = OUT / "micropython-pico.uf2"
# The Pico W's board definition, the project's own (the port's RPI_PICO_W
# with the slate's frozen manifest).
PICO_W_BOARD = FIRMWARE / "ARDOISE_PICO_W"
# The images: (the file, the board, its folder (None: the port's own), its
# build folder, frozen or not). The Pico's two share a build folder (only
# their frozen modules differ); the one written last is the Makefile's
# target, so all are there once it is.
BUILDS = (
    (PLAIN, "RPI_PICO", None, "build-rp2", False),
    (IMAGE_W, PICO_W_BOARD.name, PICO_W_BOARD, "build-rp2-w", True),
    (IMAGE, "RPI_PICO", None, "build-rp2", True),
)
# What the images say they are: v1.27.0 of its date (its commit's), not the
# day of the build nor the commit of the git repository around build/ (the
# project's own, which MicroPython's version script would find): an image
# built another day, or from another commit of the project with the same
# frozen sources, is the same byte for byte.
VERSION = {"MICROPY_GIT_TAG": TAG, "SOURCE_DATE_EPOCH": "1765291456"}
# A file of each Pico W submodule: a MicroPython tree that has them all.
PICO_W_SUBMODULES = (
    "lib/cyw43-driver/src/cyw43.h",
    "lib/lwip/src/core/tcp.c",
    "lib/btstack/src/btstack.h",
)
DEFAULT_BOARD = BOARDS / "pico.py"
# The frozen module deploy reads the image's sources from.
VERSION_MODULE = "ardoise_image"
# The frozen module of the driver's span diff as machine code (ardoise/
# ssd1306.py's _NATIVE_DIFF, compiled for the board by the port's mpy-cross).
NATIVE_MODULE = "ardoise_native"
DRIVER = FIRMWARE / "ardoise" / "ssd1306.py"
FIRST_BUILD = "about 2 minutes on 2 free cores"  # the Pico W's: about 2 more


class FirmwareError(CommandError):
    """A build that cannot go on; the message says why."""


def source_hash():
    """What the image freezes, as 16 hex digits: every firmware source, the
    manifest, micropython-lib's modules (umqtt) and the default board, by
    path and content."""
    digest = hashlib.sha256()
    files = sorted(FIRMWARE.rglob("*.py")) + sorted(MICROPYTHON_LIB.rglob("*.py"))
    files.append(DEFAULT_BOARD)
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
        lacking = [name for name in PICO_W_SUBMODULES if not (tree / name).is_file()]
        if lacking:
            raise FirmwareError(
                "MICROPYTHON_DIR=%s lacks the Pico W's submodules (no %s): make -C %s "
                "BOARD=RPI_PICO_W submodules" % (given, lacking[0], tree / "ports" / "rp2")
            )
        step("MicroPython from MICROPYTHON_DIR=%s" % tree)
        if os.environ.get("picotool_DIR"):
            return tree, None
    tree = SRC / "micropython-1.27.0" if not given else tree
    stamp = SRC / ".unpacked"
    if not stamp.exists():
        if ARCHIVE.is_file():
            if not PICO_W_ARCHIVE.is_file():
                raise FirmwareError(
                    "%s is there but not %s beside it: the Pico W's image needs both"
                    % (ARCHIVE, PICO_W_ARCHIVE.name)
                )
            step("unpacking %s into %s" % (ARCHIVE.name, SRC.relative_to(ROOT)))
            shutil.rmtree(SRC, ignore_errors=True)
            SRC.mkdir(parents=True)
            with tarfile.open(ARCHIVE) as archive:
                archive.extractall(SRC, filter="data")
        else:
            step(
                "no %s: fetching MicroPython %s, its rp2 and Pico W submodules and picotool %s "
                "with git (network needed)" % (ARCHIVE, TAG, PICOTOOL_TAG)
            )
            shutil.rmtree(SRC, ignore_errors=True)
            SRC.mkdir(parents=True)
            if not given:
                run(["git", "clone", "--depth", "1", "--branch", TAG, MICROPYTHON_GIT, tree])
                for board in ("RPI_PICO", "RPI_PICO_W"):
                    run(["make", "-C", tree / "ports" / "rp2", "BOARD=" + board, "submodules"])
            run(["git", "clone", "--depth", "1", "--branch", PICOTOOL_TAG, PICOTOOL_GIT, picotool])
        stamp.touch()
    # The Pico W's radio sources over the first archive's tree (once; a tree
    # unpacked before they came gets them now).
    radio = SRC / ".unpacked-pico-w"
    if ARCHIVE.is_file() and not radio.exists():
        step("unpacking %s into %s" % (PICO_W_ARCHIVE.name, SRC.relative_to(ROOT)))
        with tarfile.open(PICO_W_ARCHIVE) as archive:
            archive.extractall(SRC, filter="data")
        radio.touch()
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


def native_source():
    """The source of the driver's span diff as machine code: ssd1306.py's
    _NATIVE_DIFF, which the board compiles at import when not frozen."""
    tree = ast.parse(DRIVER.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id == "_NATIVE_DIFF":
                return ast.literal_eval(node.value)
    raise FirmwareError("%s has no _NATIVE_DIFF" % DRIVER.relative_to(ROOT))


def image_manifest():
    """build/firmware/image/: the image's manifest (firmware/manifest.py, then
    main.py, the default board.py, the span diff as machine code and the
    sources' hash) and the files it freezes that are not in firmware/ under
    their own names."""
    folder = OUT / "image"
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "board.py": DEFAULT_BOARD.read_text(encoding="utf-8"),
        VERSION_MODULE + ".py": (
            "# Written by `make firmware`: what this image froze, for `ardoise deploy`.\n"
            'SOURCES = "%s"\n' % source_hash()
        ),
        NATIVE_MODULE + ".py": (
            "# Written by `make firmware`: ardoise/ssd1306.py's span diff, compiled for\n"
            "# the board (mpy-cross -march): its machine code stays in flash.\n" + native_source()
        ),
        "manifest.py": (
            "# Written by `make firmware` (host_tools/board/firmware.py).\n"
            "include(%r)\n"
            "# What the slate needs on the flash is then only its data/.\n"
            "module('main.py', base_path=%r, opt=3)\n"
            "module('board.py', opt=3)\n"
            "module(%r, opt=3)\n"
            "module(%r)\n"
            % (
                str(FIRMWARE / "manifest.py"),
                str(FIRMWARE),
                NATIVE_MODULE + ".py",
                VERSION_MODULE + ".py",
            )
        ),
    }
    for name, text in files.items():
        path = folder / name
        # Written only when different: MicroPython's build then skips its work.
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return folder / "manifest.py"


def build_port(tree, jobs, environment, board, board_dir, folder, manifest=None):
    """MicroPython's rp2 port for `board` (defined in `board_dir`, or the
    port's own if None) in build/firmware/`folder`/; its UF2.

    The Pico's images share the one build folder: switching the frozen
    manifest (cmake's cache variable, set or unset) rebuilds only the frozen
    modules and the link, about a tenth of a first build. Configured here,
    as the port's Makefile would on a first build (it configures only once)."""
    port = tree / "ports" / "rp2"
    folder = OUT / folder
    first = not (folder / "Makefile").exists()
    what = "with Ardoise frozen" if manifest else "with nothing frozen"
    step(
        "MicroPython %s for %s %s (%s)"
        % (TAG, board, what, "first build: " + FIRST_BUILD if first else "only what changed")
    )
    frozen = "-DMICROPY_FROZEN_MANIFEST=%s" % manifest if manifest else "-UMICROPY_FROZEN_MANIFEST"
    board_dir = board_dir or port / "boards" / board
    where = ["-DMICROPY_BOARD=" + board, "-DMICROPY_BOARD_DIR=%s" % board_dir]
    configure = ["cmake", "-S", port, "-B", folder, "-DPICO_BUILD_DOCS=0", *where, frozen]
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
    environment = dict(os.environ, picotool_DIR=str(picotool), **VERSION)
    manifest = image_manifest()
    # The plain one only once: nothing of Ardoise is in it.
    for target, board, board_dir, folder, frozen in BUILDS:
        if not frozen and target.exists():
            continue
        frozen_manifest = manifest if frozen else None
        uf2 = build_port(tree, jobs, environment, board, board_dir, folder, frozen_manifest)
        digest = publish(uf2, target)
        size = -(-target.stat().st_size // 1024)
        step("%s: %d KiB, sha256 %s" % (target.relative_to(ROOT), size, digest))
    step("done in %.0f s" % (time.monotonic() - started))


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise firmware",
        description="Build the Ardoise images for a Raspberry Pi Pico and Pico W (MicroPython "
        "1.27, the slate frozen in): build/firmware/ardoise-pico.uf2 and ardoise-pico-w.uf2.",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="make -j")
    args = parser.parse_args(argv)
    build(args.jobs)
    return 0
