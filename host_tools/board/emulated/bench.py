"""`make bench`, on the emulated Pico: the figures of MicroPython's rp2 release.

The firmware deployed as to a board (mpremote, host_tools/board/deploy.py)
runs from main.py on an emulated RP2040 at 125 MHz; the three scripted
sessions of tests/support are played through the board file's pins
(host_tools/board/emulated/slate.py) and measured on the board itself:

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

import contextlib
import io
import pathlib

from host_tools.board.emulated.pico import missing
from host_tools.board.emulated.slate import Slate, prepare
from host_tools.common import ROOT
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
RATIO = 1.5
TITLE = "The device on a Raspberry Pi Pico: MicroPython 1.22 (rp2), emulated"


def kib(size):
    return "%.1f KiB" % (size / 1024)


def ms(us):
    return "%.1f ms" % (us / 1000)


def play(deployed, folder, name, expected):
    """One session on a fresh flash: the Slate's figures, once it played to the end."""
    flash = prepare(deployed, folder / (name + ".img"), folder)
    with Slate(flash, BOARD) as slate:
        Player(slate).play((SUPPORT / (name + ".keys")).read_text(encoding="utf-8"), name)
        archived = slate.read("/data/archive/0001.jsonl")
    if archived != (LOGS / expected).read_bytes():
        raise RuntimeError("%s: the journal on the emulated Pico is not %s" % (name, expected))
    return slate


def measure(folder):
    """The rows for docs/bench.md (a single "not measured" row without Node or the UF2)."""
    why = missing()
    if why:
        return [("Emulated Pico", "not measured: " + why, "", None)]
    from host_tools.board import deploy
    from host_tools.board.link import EMULATED

    folder = pathlib.Path(folder)
    with contextlib.redirect_stdout(io.StringIO()):
        deploy.deploy("pico", EMULATED, folder / "deployed")
    deployed = folder / "deployed" / "flash.img"
    rows = []
    presses = []
    for name, title, expected in SESSIONS:
        slate = play(deployed, folder, name, expected)
        presses += slate.presses
        rows.append(
            (
                "%s (%d presses): peak heap in use (most gc.mem_alloc() after gc.collect()"
                " at each press)" % (title, len(slate.presses)),
                kib(slate.peak_heap),
                "<= %d KiB" % (HEAP_TARGET // 1024),
                slate.peak_heap <= HEAP_TARGET,
            )
        )
    rows.append(
        ("... of which the tests' probe (on no player's board)", kib(slate.hooks_heap), "", None)
    )
    timed = [press["us"] for press in presses if press["us"] is not None]
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
    for wrote, title in ((True, "that wrote a journal line"), (False, "that did not")):
        part = [
            press["us"] for press in presses if press["us"] is not None and press["wrote"] == wrote
        ]
        if part:
            rows.append(
                (
                    "... average of the %d presses %s" % (len(part), title),
                    ms(sum(part) / len(part)),
                    "",
                    None,
                )
            )
    flash = prepare(
        deployed,
        folder / "journal-30.img",
        folder,
        files={"match.jsonl": JOURNAL_30.read_bytes()},
    )
    with Slate(flash, BOARD) as slate:
        boot = slate.boot_us
    rows.append(
        (
            "Power-on to the end of the first show(), a 30-deal journal on flash",
            ms(boot),
            "<= %d ms" % BOOT_MS,
            boot <= BOOT_MS * 1000,
        )
    )
    sent = sum(press["bytes"] for press in presses) / len(presses)
    floor = sum(press["floor"] for press in presses) / len(presses)
    rows += [
        (
            "I2C bytes per key press, 128x64, average over the three sessions: ours / the"
            " floor (changed bytes, each run placed as a span)",
            "%.0f / %.0f = %.2f" % (sent, floor, sent / floor),
            "<= %.1f x" % RATIO,
            sent <= RATIO * floor,
        ),
        ("... ours, worst press", "%d" % max(press["bytes"] for press in presses), "", None),
    ]
    return rows
