"""`make bench`, the device's part: what the slate costs while a match is played.

Plays tests/support/etivaz-match.keys (a whole 5-coche match, buttons only)
with the firmware compiled to .mpy under MicroPython's unix port, through
host_tools/standin/harness.py; `measure` returns the rows host_tools/bench/report.py
prints and writes to docs/bench.md:

- the smallest heap that plays the whole match, on a 128x64 and a 128x32
  panel, the peak heap in use during it, and for comparison the heap that
  the pieces under the app (rules core, journal, display driver, font,
  buttons, stand-in machine) need alone to hold the same match;
- the display's I2C bytes per key press, against a driver that sends the
  whole frame each time (MicroPython's ssd1306.py, Adafruit's: 6 two-byte
  commands and 1 + 1024 data bytes per 128x64 frame);
- the names interned (qstrs) by the end of the match, against the count
  past which MicroPython's next qstr pool takes some 7 KiB at once;
- the journal's bytes per action, and the firmware's .mpy sizes;
- the time from a press to its frame's show() and from the start of the boot
  to the first show(), beside a reference operation timed in the same
  process (host_tools/bench/mp_bench_device.py).
"""

import json
import pathlib
import re

from host_tools.common import (
    BOARDS,
    ROOT,
    STANDIN,
    compile_file,
    compile_firmware,
    run_micropython,
    smallest_heap,
)
from host_tools.web import bench as web_bench

HERE = pathlib.Path(__file__).resolve().parent

SCRIPT = ROOT / "tests" / "support" / "etivaz-match.keys"
EXPECTED_LOG = ROOT / "tests" / "logs" / "device-etivaz-match.jsonl"
# Loaded only on a board enrolled in an evening (host_tools/bench/evening.py).
NETWORK_MODULES = (
    "ardoise/net.mpy",
    "ardoise/mqtt.mpy",
    "ardoise/wifi.mpy",
    "ardoise/lang/fr_net.mpy",
    "ardoise/lang/de_net.mpy",
    "ardoise/lang/en_net.mpy",
    "umqtt/simple.mpy",
)
# Command and data bytes a whole-frame driver sends per frame.
FULL_FRAME = {64: 6 * 2 + 1 + 1024, 32: 6 * 2 + 1 + 512}
# The pieces under the app alone, holding the match the script plays, with
# the heap's policy the app hands the rules core (ardoise/app.py).
WITHOUT_APP = """
import gc, machine, sys, time
from ardoise.buttons import Keypad
from ardoise.font import draw_text
from ardoise.journal import Journal
from ardoise.ssd1306 import SSD1306
from scoring import match
match.collect = gc.collect
display = SSD1306(machine.I2C(0), height=64)
pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in range(4)]
keypad = Keypad(time.ticks_ms, pins, [0, 0, 0, 0])
journal = Journal(sys.argv[1])
journal.load()
draw_text(display, "%d" % len(journal.match.in_force), 0, 0)
print("ok")
"""

# What the host's stand-ins themselves hold in RAM during a match: the
# harness, the stand-in machine and the host board file (a board has
# `machine` built in, and its main.py and board.py instead of the harness).
STANDINS = """
import gc
gc.collect(); start = gc.mem_alloc()
import machine, host
gc.collect(); standins = gc.mem_alloc() - start
import ardoise.app, ardoise.hardware
gc.collect(); start = gc.mem_alloc()
import harness
gc.collect(); print(standins + gc.mem_alloc() - start)
"""


def build(folder):
    compile_firmware(folder / "firmware")
    compile_file(BOARDS / "host.py", folder / "host" / "host.mpy")
    for name in ("machine", "harness"):
        source = STANDIN / (name + ".py")
        compile_file(source, folder / "host" / (name + ".mpy"))
    compile_file(HERE / "mp_bench_device.py", folder / "host" / "mp_bench_device.mpy")
    return [folder / "firmware", folder / "host"]


def play(path, out, height, heap="1m"):
    """Stats of one run of the match, or None if it did not finish."""
    out.mkdir(parents=True)
    args = ["-m", "harness", SCRIPT, out, str(height), "3"]
    result = run_micropython(args, heap=heap, path=path, timeout=300)
    archive = out / "flash" / "archive" / "0001.jsonl"
    if result.returncode or archive.read_bytes() != EXPECTED_LOG.read_bytes():
        return None
    return json.loads((out / "stats.json").read_text())


# The harness's own command line, then MicroPython's count of interned names.
INTERNED = """
import sys, micropython, harness
harness.main(sys.argv[1], sys.argv[2], 64, 3, False)
micropython.qstr_info()
"""
QSTR_POOLS_BEFORE_THE_NEXT = 620  # entries in the first five pools (20, 40, ... 320)


def interned(path, folder):
    """(names interned, bytes they take) at the end of the match.

    An interned name (qstr) is never freed, and MicroPython makes room for
    more by a new pool twice the size of the last: past 620 names the next
    pool takes 640 entries at once, some 7 KiB on the 64-bit unix port.
    """
    out = folder / "interned"
    out.mkdir()
    result = run_micropython(["-c", INTERNED, SCRIPT, out], heap="1m", path=path)
    found = re.search(r"n_qstr=(\d+), n_str_data_bytes=\d+, n_total_bytes=(\d+)", result.stdout)
    if result.returncode or not found:
        raise RuntimeError(result.stdout + result.stderr)
    return int(found.group(1)), int(found.group(2))


def smallest_heap_for_match(path, folder, height, start=160):
    def fits(kib):
        return play(path, folder / ("heap-%d-%d" % (height, kib)), height, "%dk" % kib)

    return smallest_heap(fits, start)


def smallest_heap_without_app(path, folder, start=96):
    flash = folder / "flash-without-app"
    flash.mkdir()
    (flash / "match.jsonl").write_bytes(EXPECTED_LOG.read_bytes())
    args = ["-c", WITHOUT_APP, flash]

    def fits(kib):
        result = run_micropython(args, heap="%dk" % kib, path=path, timeout=300)
        return result.returncode == 0 and result.stdout == "ok\n"

    return smallest_heap(fits, start)


def standins_ram(path):
    """Bytes of heap the harness, the stand-in machine and the host board take."""
    result = run_micropython(["-c", STANDINS], heap="1m", path=path, timeout=60)
    if result.returncode:
        raise RuntimeError(result.stdout + result.stderr)
    return int(result.stdout)


def timings(path, folder, height=64):
    """Press and boot times, the reference's, and the peak heap (see mp_bench_device)."""
    flash = folder / "timed"
    flash.mkdir()
    args = ["-m", "mp_bench_device", SCRIPT, flash, str(height)]
    result = run_micropython(args, heap="1m", path=path, timeout=300)
    if result.returncode:
        raise RuntimeError(result.stdout + result.stderr)
    return json.loads(result.stdout)


def times_reference(us, reference_us):
    return "%.2f ms (%.1f x ref.)" % (us / 1000, us / reference_us)


def measure(folder):
    path = build(folder)
    stats = {height: play(path, folder / ("stats-%d" % height), height) for height in (64, 32)}
    heaps = {height: smallest_heap_for_match(path, folder, height) for height in (64, 32)}
    without_app = smallest_heap_without_app(path, folder)
    timed = timings(path, folder)
    count, size = interned(path, folder)
    names = (count, size / 1024)
    presses = stats[64]["presses"]
    rows = [
        ("Whole 5-coche match (%d presses) from .mpy, 128x64: smallest heap" % presses,
         "%d KiB" % heaps[64], "<= 64 KiB (aim 48)", heaps[64] <= 64),
        ("The same on 128x32: smallest heap", "%d KiB" % heaps[32], "<= 64 KiB", heaps[32] <= 64),
        ("Peak heap in use, 128x64 (most gc.mem_alloc() after gc.collect() at each press)",
         "%.1f KiB" % (timed["peak_heap"] / 1024), "", None),
        web_bench.row(folder),
        ("... of which the host's stand-ins: harness, stand-in machine, host board file",
         "%.1f KiB" % (standins_ram(path) / 1024), "", None),
        ("Without the app: core, journal, driver, font, buttons, machine; match loaded",
         "%d KiB" % without_app, "", None),
        ("Names interned (qstrs) at the end of the match, and the RAM they take",
         "%d (%.1f KiB)" % names, "<= %d" % QSTR_POOLS_BEFORE_THE_NEXT,
         names[0] <= QSTR_POOLS_BEFORE_THE_NEXT),
    ]  # fmt: skip
    for height in (64, 32):
        run = stats[height]
        ours = run["press_bytes"] / run["presses"]
        full = run["press_frames"] * FULL_FRAME[height] / run["presses"]
        rows += [
            ("I2C bytes per key press, 128x%d, average: ours / a whole-frame driver's "
             "(%d a frame)" % (height, FULL_FRAME[height]),
             "%.0f / %.0f = %.2f" % (ours, full, ours / full), "<= 1/3", ours / full <= 1 / 3),
            ("... ours, worst press", "%d" % run["worst_press_bytes"], "", None),
        ]  # fmt: skip
    lines = EXPECTED_LOG.read_bytes().splitlines(keepends=True)
    actions = lines[1:]
    per_action = sum(len(line) for line in actions) / len(actions)
    rows.append(
        ("Journal: bytes per action (%d actions; the match event %d bytes)"
         % (len(actions), len(lines[0])), "%.1f" % per_action, "< 64", per_action < 64)
    )  # fmt: skip
    firmware = folder / "firmware"
    network = [firmware / name for name in NETWORK_MODULES]
    every = sum(p.stat().st_size for p in firmware.rglob("*.mpy") if p not in network)
    device = sum(
        p.stat().st_size for p in (firmware / "ardoise").rglob("*.mpy") if p not in network
    )
    rows.append(
        ("Firmware .mpy, all (rules core, device; the network's apart: the evening's section)",
         "%.1f KiB" % (every / 1024), "< 64 KiB", every < 64 * 1024)
    )  # fmt: skip
    rows.append(("... of which ardoise/ (device, app, screens, texts)",
                 "%.1f KiB" % (device / 1024), "", None))  # fmt: skip
    reference = timed["reference_us"]
    rows += [
        ("Reference (ref.), same process: 128x64 frame filled, text on every row, "
         "1 KiB to the stand-in I2C", "%d us" % reference, "", None),
        ("Key press to show(), 128x64 (%d presses that drew): average" % timed["timed_presses"],
         times_reference(timed["press_us"], reference), "", None),
        ("... worst", times_reference(timed["worst_press_us"], reference), "", None),
        ("Boot to first frame: firmware imports, hardware, journal, first show()",
         times_reference(timed["boot_us"], reference), "", None),
    ]  # fmt: skip
    return rows
