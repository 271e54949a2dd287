"""`make bench`, on the emulated Pico: the figures of MicroPython's rp2 release
(`measure`) and of the Ardoise image (`measure_image`, `make firmware`).

The firmware deployed as to a board (mpremote, host_tools/board/deploy.py:
the .mpy files on the release, board.py alone on the image, where the
firmware is frozen) runs from main.py on an emulated RP2040 at 125 MHz; the three scripted
sessions of tests/support are played through the board file's pins
(host_tools/emulator/slate.py) and measured on the board itself:

- the heap: the most gc.mem_alloc() after a gc.collect() at each press,
  per session (the tests' probe included; its own share is a row);
- time, in emulated cycles, so milliseconds on a real Pico and free of this
  machine's noise: from the poll that returns a key's event to the end of
  the show() that follows it, and from power-on to the end of the first
  show() with a 30-deal journal on flash;
- the display's I2C bytes per press (control bytes included, address bytes
  not, as the unix rows count them) beside their floor: the bytes that
  differ between the pictures before and after the press, each run of
  changed columns placed as the driver places a span.

A missed target is a row marked MISSED, not a failure.
"""

import ast
import contextlib
import io
import os
import pathlib
import struct

from host_tools.board.firmware import IMAGE, IMAGE_W
from host_tools.common import ROOT, compile_file
from host_tools.emulator.pico import EmulatedPico, missing
from host_tools.emulator.slate import HERE, Slate, boot_py, prepare, put
from host_tools.web.keyscript import Player

BOARD = ROOT / "boards" / "pico.py"
SUPPORT = ROOT / "tests" / "support"
LOGS = ROOT / "tests" / "logs"
JOURNAL_30 = ROOT / "tests" / "fixtures" / "brouc-etivaz-30-deals.jsonl"
SESSIONS = (
    ("etivaz-match", "Whole 5-coche Le Brouc match", "device-etivaz-match.jsonl"),
    ("bruus-game", "Bruus game", "device-bruus-game.jsonl"),
    ("brusquembelle-session", "Brusquembelle session", "device-brusquembelle-session.jsonl"),
)
HEAP_TARGET = 48 * 1024
AVERAGE_MS = 30
WORST_MS = 150
BOOT_MS = 1000
STATE_MS = 3000  # emulated: a slate left alone that long has kept its state
RATIO = 1.5
TITLE = "The device on a Raspberry Pi Pico: MicroPython 1.22 (rp2), emulated"
IMAGE_TITLE = "Raspberry Pi Pico, Ardoise image (MicroPython 1.27, frozen)"
# The image's targets (issue 23): the I2C transfer of a press's redraw at
# 400 kHz is about 8.4 ms of the average; a synced append costs littlefs one
# 4 KiB sector erase (45 ms typical on the Pico's W25Q16JV, flash.mjs).
IMAGE_HEAP = 24 * 1024
IMAGE_AVERAGE_MS = 15
IMAGE_WORST_MS = 100  # issue 36: a press waits for one sector erase at most
IMAGE_BOOT_MS = 300
ERASE_MS = 45
FLASH_BYTES = 2 << 20


def kib(size):
    return "%.1f KiB" % (size / 1024)


def ms(us):
    return "%.1f ms" % (us / 1000)


def play(deployed, folder, name, expected, uf2=None):
    """One session on a fresh flash: the Slate's figures, once it played to the end."""
    flash = prepare(deployed, folder / (name + ".img"), folder, uf2=uf2)
    with Slate(flash, BOARD, uf2=uf2) as slate:
        Player(slate).play((SUPPORT / (name + ".keys")).read_text(encoding="utf-8"), name)
        archived = slate.read("/data/archive/0001.jsonl")
    if archived != (LOGS / expected).read_bytes():
        raise RuntimeError("%s: the journal on the emulated Pico is not %s" % (name, expected))
    return slate


def deploy_to(folder, uf2=None):
    """`make deploy BOARD=pico PORT=emulated` to a fresh flash running `uf2`: the image."""
    from host_tools.board import deploy
    from host_tools.board.link import EMULATED

    folder = pathlib.Path(folder)
    saved = os.environ.get("ARDOISE_RP2_UF2")
    if uf2 is not None:
        os.environ["ARDOISE_RP2_UF2"] = str(uf2)  # the emulated port's MicroPython
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            deploy.deploy("pico", EMULATED, folder / "deployed")
    finally:
        if uf2 is not None:
            if saved is None:
                del os.environ["ARDOISE_RP2_UF2"]
            else:
                os.environ["ARDOISE_RP2_UF2"] = saved
    return folder / "deployed" / "flash.img"


def sessions(deployed, folder, heap_target, uf2=None):
    """The three sessions played: (their heap rows, every press)."""
    rows = []
    presses = []
    for name, title, expected in SESSIONS:
        slate = play(deployed, folder, name, expected, uf2)
        presses += slate.presses
        rows.append(
            (
                "%s (%d presses): peak heap in use (most gc.mem_alloc() after gc.collect()"
                " at each press)" % (title, len(slate.presses)),
                kib(slate.peak_heap),
                "<= %d KiB" % (heap_target // 1024),
                slate.peak_heap <= heap_target,
            )
        )
    rows.append(
        ("... of which the tests' probe (on no player's board)", kib(slate.hooks_heap), "", None)
    )
    return rows, presses


def averages(presses):
    """(all timed presses' µs, those that wrote a journal line, those that did not)."""
    timed = [press for press in presses if press["us"] is not None]
    return (
        [press["us"] for press in timed],
        [press["us"] for press in timed if press["wrote"]],
        [press["us"] for press in timed if not press["wrote"]],
    )


def boot_with_journal(deployed, folder, uf2=None):
    """Emulated µs from power-on to the end of the first show(), a 30-deal
    journal on flash: (the first power-on, the journal copied there alone,
    which folds all of it; the next, with the match's state the slate kept
    beside it at its first quiet moment; that flash)."""
    flash = prepare(
        deployed,
        folder / "journal-30.img",
        folder,
        files={"match.jsonl": JOURNAL_30.read_bytes()},
        uf2=uf2,
    )
    with Slate(flash, BOARD, uf2=uf2) as slate:
        first = slate.boot_us
        slate.wait(STATE_MS)  # a quiet moment: the state goes beside the journal
        slate.pico.save(flash)
    with Slate(flash, BOARD, uf2=uf2) as slate:
        return first, slate.boot_us, flash


def boot_row(first, boot, target):
    """Power-on's rows: `boot` (with the state) and `first` (without) µs."""
    return [
        (
            "Power-on to the end of the first show(), a 30-deal journal on flash with the"
            " match's state the slate keeps beside it",
            ms(boot),
            "<= %d ms" % target,
            boot <= target * 1000,
        ),
        (
            "... the first power-on after the journal was copied there alone (it folds"
            " every line, then keeps the state at its first quiet moment)",
            ms(first),
            "",
            None,
        ),
    ]


def i2c_rows(presses):
    sent = sum(press["bytes"] for press in presses) / len(presses)
    floor = sum(press["floor"] for press in presses) / len(presses)
    return [
        (
            "I2C bytes per key press, 128x64, average over the three sessions: ours / the"
            " floor (changed bytes, each run placed as a span)",
            "%.0f / %.0f = %.2f" % (sent, floor, sent / floor),
            "<= %.1f x" % RATIO,
            sent <= RATIO * floor,
        ),
        ("... ours, worst press", "%d" % max(press["bytes"] for press in presses), "", None),
    ]


def measure(folder):
    """The rows for docs/bench.md (a single "not measured" row without Node or the UF2)."""
    why = missing()
    if why:
        return [("Emulated Pico", "not measured: " + why, "", None)]
    folder = pathlib.Path(folder)
    deployed = deploy_to(folder)
    rows, presses = sessions(deployed, folder, HEAP_TARGET)
    timed, wrote, others = averages(presses)
    average = sum(timed) / len(timed)
    worst = max(timed)
    rows += [
        (
            "Key event to the end of its show(), at 125 MHz (%d presses of the three"
            " sessions that drew): average" % len(timed),
            ms(average),
            "<= %d ms" % AVERAGE_MS,
            average <= AVERAGE_MS * 1000,
        ),
        ("... worst", ms(worst), "<= %d ms" % WORST_MS, worst <= WORST_MS * 1000),
    ]
    # The average's two parts: a press that confirms an action waits for its
    # line on flash, where littlefs writes each append to a freshly erased
    # 4 KiB sector (45 ms typical on the Pico's W25Q16JV).
    for part, title in ((wrote, "that wrote a journal line"), (others, "that did not")):
        if part:
            rows.append(
                (
                    "... average of the %d presses %s" % (len(part), title),
                    ms(sum(part) / len(part)),
                    "",
                    None,
                )
            )
    first, boot, _ = boot_with_journal(deployed, folder)
    rows += boot_row(first, boot, BOOT_MS)
    return rows + i2c_rows(presses)


def image_bytes(uf2):
    """The bytes of flash a UF2 fills: from the start of flash to its last block's end."""
    data = pathlib.Path(uf2).read_bytes()
    end = 0
    for start in range(0, len(data), 512):
        address, size = struct.unpack_from("<II", data, start + 12)
        end = max(end, address + size)
    return end - 0x10000000


def on_the_board(flash, uf2, code):
    """What `code` prints (a Python literal), run in the raw REPL of an
    emulated Pico started from `flash` (main.py does not run there)."""
    with EmulatedPico(flash, uf2=uf2) as pico:
        pico.run(10000, connected=True)
        pico.enter_raw_repl()
        return ast.literal_eval(pico.exec(code, ms=120000).strip())


# The heap MicroPython takes for itself (its filesystem mounted, the REPL),
# before anything is imported, and the bytes free on the filesystem, and its size.
DEPLOYED = """
import gc
gc.collect()
used = gc.mem_alloc()
import os
s = os.statvfs('/')
print((used, s[0] * s[3], s[0] * s[2]))
"""


# The boot's parts, timed on the board in the raw REPL (the slate stopped,
# its modules dropped so that they are imported again from the image).
BOOT_PARTS = """
import gc, sys
from time import ticks_diff, ticks_us
for name in list(sys.modules):
    if name.split(".")[0] in ("ardoise", "scoring", "board"):
        del sys.modules[name]
gc.collect()
t = ticks_us()
parts = []
def lap(name):
    global t
    now = ticks_us()
    parts.append((name, ticks_diff(now, t)))
    t = now
import board
from ardoise.hardware import Hardware
from ardoise.app import App
lap("imports")
hardware = Hardware(board.describe())
lap("hardware")
from scoring import match
import json
with open("data/match.jsonl", "rb") as file:
    lines = list(match.read_lines(file))
lap("read")
for line in lines:
    match._syntax(line.strip())
lap("syntax")
events = [json.loads(line) for line in lines]
lap("decode")
folded = match.Match(events[0])
for event in events[1:]:
    folded.apply(event)
lap("rules")
del lines, events, folded
gc.collect()
t = ticks_us()
with open("data/match.jsonl", "rb") as file:
    match.fold_lines(file)
lap("fold")
from ardoise.journal import Journal
journal = Journal("data")
gc.collect()
t = ticks_us()
journal.load()
lap("load")
print(repr(parts))
"""


# The heap of the slate at rest in parts, measured in the raw REPL like the
# boot's (a gc.collect() before each gc.mem_alloc()).
HEAP_PARTS = """
import gc, sys
for name in list(sys.modules):
    if name.split(".")[0] in ("ardoise", "scoring", "board"):
        del sys.modules[name]
def used():
    gc.collect()
    return gc.mem_alloc()
parts = {}
before = used()
import board
from ardoise.hardware import Hardware
from ardoise.app import App
parts["imports"] = used() - before
before = used()
hardware = Hardware(board.describe())
parts["hardware"] = used() - before
before = used()
app = App(hardware.display, hardware.keypad, "data", clock=hardware.clock)
app.start()
parts["app"] = used() - before
print(repr(parts))
"""


def measure_image(folder, uf2=IMAGE):
    """The image's rows for docs/bench.md (one "not measured" row without it)."""
    why = missing(uf2)
    if why:
        return [("Ardoise image", "not measured: " + why, "", None)]
    folder = pathlib.Path(folder)
    deployed = deploy_to(folder, uf2)
    rows, presses = sessions(deployed, folder, IMAGE_HEAP, uf2)
    first, boot, journal_flash = boot_with_journal(deployed, folder, uf2)
    own, free, _ = on_the_board(deployed, uf2, DEPLOYED)
    rows += heap_rows(own, on_the_board(journal_flash, uf2, HEAP_PARTS))
    rows += press_rows(presses, press_parts(deployed, folder, uf2))
    rows += boot_rows(first, boot, dict(on_the_board(journal_flash, uf2, BOOT_PARTS)))
    rows += [
        ("The image (build/firmware/ardoise-pico.uf2): flash it fills",
         kib(image_bytes(uf2)), "", None),
        ("... the flash left for the journal and the archive (littlefs, free after deploy)",
         kib(free), "", None),
    ]  # fmt: skip
    return rows + pico_w_rows() + i2c_rows(presses)


def pico_w_rows(uf2=IMAGE_W):
    """The Pico W image's flash: what it fills, and what its filesystem holds
    for the matches (MicroPython's RPI_PICO_W keeps 848 KiB for it), on a
    fresh board that the image alone started (its slate's data/ made)."""
    why = missing(uf2)
    if why:
        return [("The Pico W image", "not measured: " + why, "", None)]
    with EmulatedPico(None, uf2=uf2) as pico:
        pico.run(3000)
        pico.enter_raw_repl()
        _, free, size = ast.literal_eval(pico.exec(DEPLOYED, ms=120000).strip())
    return [
        ("The Pico W image (build/firmware/ardoise-pico-w.uf2): flash it fills",
         kib(image_bytes(uf2)), "", None),
        ("... its filesystem for the journal and the archive (littlefs): size / free on a"
         " board the image alone started", "%s / %s" % (kib(size), kib(free)), "", None),
    ]  # fmt: skip


def heap_rows(own, parts):
    """The heap at rest in parts: MicroPython's `own`, HEAP_PARTS's `parts`."""
    return [
        (
            "... the heap at rest after power-on with a 30-deal journal, in parts:"
            " MicroPython's own (its filesystem mounted, the REPL) / the slate's modules"
            " (their functions and classes are built in RAM, their bytecode stays in flash)"
            " / the hardware (the driver's two 1 KiB frame buffers, the keypad) / the app"
            " with its game's modules and the folded match",
            " / ".join(kib(size) for size in
                       (own, parts["imports"], parts["hardware"], parts["app"]))
            + " = " + kib(own + sum(parts.values())),
            "",
            None,
        ),
    ]  # fmt: skip


def press_parts(deployed, folder, uf2):
    """The Bruus game played again with host_tools/emulator/parts.py on
    the board: its `steps`, (step, journal, redraw, show, i2c, tidy) µs a press."""
    flash = prepare(deployed, folder / "parts.img", folder, uf2=uf2)
    parts = compile_file(HERE / "parts.py", folder / "_parts.mpy")
    with EmulatedPico(flash, uf2=uf2) as pico:
        pico.run(10000, connected=True)
        pico.enter_raw_repl()
        put(pico, "/_parts.mpy", parts.read_bytes())
        put(pico, "/boot.py", boot_py(hooks=("_parts",)).encode())
        pico.save(flash)
    with Slate(flash, BOARD, uf2=uf2, heap=False) as slate:
        Player(slate).play((SUPPORT / "bruus-game.keys").read_text(encoding="utf-8"), "parts")
        slate.pico.enter_raw_repl()
        return ast.literal_eval(slate.pico.exec("import _parts\nprint(repr(_parts.steps))"))


def press_rows(presses, steps):
    """The key event to show() rows of the three sessions' `presses`, with
    the parts of the Bruus game's `steps` (press_parts)."""
    timed, wrote, others = averages(presses)
    quiet = sum(others) / len(others)
    written = sum(wrote) / len(wrote)
    worst = max((press for press in presses if press["us"] is not None), key=lambda p: p["us"])
    waited = [press["erases_shown"] for press in presses if press["erases_shown"] is not None]
    plain = [parts for parts in steps if not parts[1]]  # no journal write
    step, _, redraw, show, i2c, _ = (
        sum(column) / len(plain) for column in zip(*plain, strict=True)
    )
    journal = [parts[1] for parts in steps if parts[1]]
    tidied = [parts[5] for parts in steps if parts[5]]
    return [
        (
            "Key event to the end of its show(), at 125 MHz: average of the %d presses"
            " that wrote no journal line (the I2C transfer at 400 kHz is ~8.4 ms of it)"
            % len(others),
            ms(quiet),
            "<= %d ms" % IMAGE_AVERAGE_MS,
            quiet <= IMAGE_AVERAGE_MS * 1000,
        ),
        (
            "... in parts, timed on the board over the Bruus game's %d such presses (each"
            " part by a wrapper, whose own cost is in the sum): the key handled / drawn"
            " / the span diff (show() less its spans) / the spans on I2C" % len(plain),
            " / ".join(ms(part) for part in (step - redraw, redraw - show, show - i2c, i2c))
            + " = "
            + ms(step),
            "",
            None,
        ),
        (
            "... worst of all %d presses" % len(timed),
            ms(worst["us"]),
            "<= %d ms" % IMAGE_WORST_MS,
            worst["us"] <= IMAGE_WORST_MS * 1000,
        ),
        (
            "...... the 4 KiB sector erases (%d ms each) it waited for (from its key event to"
            " the end of its show)" % ERASE_MS,
            "%d" % worst["erases_shown"],
            "",
            None,
        ),
        (
            "... the most sector erases a press waited for, over all %d presses (a line goes"
            " to the journal's tail, a file small enough for its directory's log: an erase"
            " only when that log is full)" % len(waited),
            "%d" % max(waited),
            "<= 1",
            max(waited) <= 1,
        ),
        (
            "... average of the %d presses that wrote a journal line, beyond a press that"
            " writes none" % len(wrote),
            "%s (%+.1f ms)" % (ms(written), (written - quiet) / 1000),
            "<= %d ms + the others' average" % ERASE_MS,
            written <= ERASE_MS * 1000 + quiet,
        ),
        (
            "...... the journal's append (its line to the tail, synced) in the Bruus game's %d"
            " such presses: average / longest; after the show, its line moved to match.jsonl"
            " (Journal.tidy): average / longest" % len(journal),
            "%s / %s; %s / %s"
            % (
                ms(sum(journal) / len(journal)),
                ms(max(journal)),
                ms(sum(tidied) / len(tidied)),
                ms(max(tidied)),
            ),
            "",
            None,
        ),
        ("... average of all %d presses" % len(timed), ms(sum(timed) / len(timed)), "", None),
    ]


def boot_rows(first, boot, parts):
    """Power-on's rows: `boot` µs with the state, `first` without, BOOT_PARTS's `parts`."""
    lines = sum(1 for line in JOURNAL_30.read_bytes().splitlines() if line.strip())
    return boot_row(first, boot, IMAGE_BOOT_MS) + [
        (
            "... of which: the slate's imports (from the image) / the hardware (panel set up)"
            " / the journal loaded (Journal.load: its bytes read for their CRC-32, the match"
            " folded from the codes of the state)",
            " / ".join(ms(parts[name]) for name in ("imports", "hardware", "load")),
            "",
            None,
        ),
        (
            "... without the state, the fold of the journal's %d lines (scoring.fold_lines)"
            % lines,
            ms(parts["fold"]),
            "",
            None,
        ),
        (
            "...... its parts, each timed alone over every line: read (read_lines) /"
            " JSON checked (_syntax, no cache) / decoded (json.loads) / the rules (apply)",
            " / ".join(ms(parts[name]) for name in ("read", "syntax", "decode", "rules")),
            "",
            None,
        ),
    ]
