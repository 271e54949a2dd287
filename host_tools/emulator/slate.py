"""The deployed slate on the emulated Pico, played from the PC (tests/pico/, `make bench`).

    image = prepare(deployed_image, folder)       # + the probe, data/ emptied
    with Slate(image, boards/pico.py) as slate:   # powers on, main.py boots the slate
        Player(slate).play(script)                # host_tools/web/keyscript.py
        slate.read("data/match.jsonl")

`prepare` adds host_tools/emulator/probe.py to a flash image that
`make deploy BOARD=pico PORT=emulated` wrote (main.py and the firmware as
deployed), so that the slate answers the PC between two polls. A Slate is
keyscript.Player's driver: press(key, ms, gap) holds the board file's pin
through the GPIO for `ms` emulated ms, lets go for `gap`, then asks the
slate (which answers at its next poll, so after the press's redraw); the
picture is the panel's, decoded from the I2C bus.

Each press is measured: the heap in use after a collection; the emulated µs
from the poll that returned the key's event to the end of the show() that
followed ("us"; "pin_us" from the pin going down, which for a short press
includes the press itself, as the keypad reports it on release); and the
display's I2C bytes (control bytes included, address bytes not, as
`bytes_sent` counts on the unix port) beside the floor: the bytes that differ
between the pictures before and after, placed as the driver places spans.
"""

import json
import pathlib
import re

from host_tools.common import ROOT, compile_file
from host_tools.emulator.pico import EmulatedPico, EmulatorError
from host_tools.sim.boards import describe

HERE = pathlib.Path(__file__).resolve().parent
# What the probe answers of the top screen, as the page's board answers it.
TOPSCREEN = ROOT / "host_tools" / "web" / "topscreen.py"
TICKS_PERIOD = 1 << 30  # MicroPython's time.ticks_us() wraps there
LOOK = re.compile(rb"@P(.*?)@E", re.S)
BOOT_MS = 60000  # emulated: from power-on to the slate's first answer
LOOK_MS = 20000  # emulated: the longest a press's work may delay an answer
# The driver's placing of a span (ardoise/ssd1306.py): position write (control
# byte, column low, column high, page) and data control byte for a page's
# first span; the page command is left out for its next ones.
FIRST_SPAN = 5
NEXT_SPAN = 4


def boot_py(ballast=0, hooks=(), timed=True):
    """The test image's /boot.py: a ballast of all but `ballast` bytes of heap
    first, if asked for, then the probe (`timed`: timing show() and poll()
    for the bench), then the modules named in `hooks`.

    The ballast takes the top of the heap (the room is held at the bottom
    while it is allocated), so the slate has the bottom as a board with that
    much heap would: the allocator, which looks for free blocks from the
    bottom up, never walks across it. Each collection still scans it whole
    (about 9 ms on the emulated 1.22), wherever it sits."""
    lines = ["import gc", "gc.collect()"]
    if ballast:
        lines += [
            "_room = bytearray(%d)" % ballast,
            "_size = gc.mem_free() - 64",
            "while True:",
            "    try:",
            "        _top = bytearray(_size)",
            "        break",
            "    except MemoryError:",
            "        _size -= 256",
            "del _room",
            "gc.collect()",
            # What the top left (holes below, a little above) taken too, at the bottom.
            "_ballast = (_top, bytearray(max(0, gc.mem_free() - %d - 32)))" % ballast,
            "del _top, _size",
            "gc.collect()",
            "_room = gc.mem_free()",
        ]
    lines.append("import _probe")
    if timed:
        lines.append("_probe.timed = True")
    if ballast:
        lines.append("_probe.ballast = _ballast")
        lines.append("_probe.room = _room")
        lines.append("del _ballast, _room")
    lines += ["import " + name for name in hooks]
    return "\n".join(lines) + "\n"


def prepare(deployed, target, work, *, boot=None, files=None, board_py=None, uf2=None):
    """A copy of the flash image `deployed` at `target`, with the probe and
    `boot` as /boot.py (by default boot_py()'s) added and the slate's data/
    emptied (a fresh flash), or filled with `files` ({path under data/:
    bytes}); `board_py` replaces /board.py; `uf2` is the MicroPython it runs
    (EmulatedPico)."""
    probe = compile_file(HERE / "probe.py", pathlib.Path(work) / "_probe.mpy")
    top = compile_file(TOPSCREEN, pathlib.Path(work) / "_topscreen.mpy", name="_topscreen")
    with EmulatedPico(deployed, uf2=uf2) as pico:
        pico.run(10000, connected=True)
        pico.enter_raw_repl()
        put(pico, "/_probe.mpy", probe.read_bytes())
        put(pico, "/_topscreen.mpy", top.read_bytes())
        put(pico, "/boot.py", (boot or boot_py()).encode())
        if board_py is not None:
            put(pico, "/board.py", board_py.encode())
        pico.exec(
            "import os\n"
            "def rm(p):\n"
            " try:\n  m = os.stat(p)[0]\n except OSError:\n  return\n"
            " if m & 0x4000:\n"
            "  for n in os.listdir(p):\n   rm(p + '/' + n)\n"
            "  os.rmdir(p)\n"
            " else:\n  os.remove(p)\n"
            "rm('/data')\n"
        )
        for name, data in sorted((files or {}).items()):
            path = "/data/" + name
            parts = path.split("/")[1:-1]
            for depth in range(1, len(parts) + 1):
                folder = "/" + "/".join(parts[:depth])
                pico.exec("import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass\n" % folder)
            put(pico, path, data)
        pico.save(target)
    return target


def put(pico, path, data, chunk=1024):
    """Write `data` to the file `path` on the board (raw REPL entered)."""
    pico.exec("f = open(%r, 'wb')" % path)
    for start in range(0, len(data), chunk):
        pico.exec("f.write(%r)" % data[start : start + chunk])
    pico.exec("f.close()")


def floor_bytes(before, after, pages):
    """The fewest bytes the driver's way of placing spans can send to turn the
    picture `before` into `after` (MONO_VLSB memories)."""
    total = 0
    for page in range(pages):
        changed = [x for x in range(128) if before[page * 128 + x] != after[page * 128 + x]]
        if not changed:
            continue
        total += FIRST_SPAN + 1
        for previous, column in zip(changed, changed[1:], strict=False):
            gap = column - previous - 1
            # Sending the unchanged columns along costs `gap`; a new span NEXT_SPAN.
            total += 1 + min(gap, NEXT_SPAN)
    return total


class Slate:
    """The slate on an emulated Pico started from the flash image `image`
    (one `prepare` made), wired as the board file `board`, running the
    MicroPython `uf2` (EmulatedPico). With `heap`, each look collects the
    garbage and measures the heap in use (the bench's figures: some 15 %
    more emulated instructions); a test leaves the heap as a board has it."""

    def __init__(self, image, board, *, uf2=None, skip_busy=True, heap=True, fast_bus=False):
        self.pico = EmulatedPico(image, uf2=uf2, skip_busy=skip_busy, fast_bus=fast_bus)
        self.heap = heap
        description = describe(pathlib.Path(board))
        self.pins = {
            role: (gpio, 0 if level == "low" else 1)
            for role, (gpio, _, level) in description["buttons"].items()
        }
        self.answer = None
        self.boot_us = None
        self.peak_heap = 0
        self.hooks_heap = 0
        # per press: {"key", "us" (to show(), or None), "bytes", "floor", "heap",
        # "wrote": whether the journal grew, "erases"}
        self.presses = []
        self.data_bytes = 0  # I2C bytes without address bytes
        self.pico.on_i2c = self._counted

    def _counted(self, us, data):
        self.data_bytes += len(data)

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.stop()  # no node left behind when the boot fails
            raise

    def __exit__(self, *exc):
        self.stop()

    def start(self, trap=None):
        """Power on (with EmulatedPico.trap(**trap) set first, if given) and
        run until the slate answers."""
        self.pico.start()
        if trap:
            self.pico.trap(**trap)
        self.pico.run(10000, connected=True)
        if not self.pico.connected:
            raise EmulatorError("the emulated Pico's USB serial did not come up")
        answer = self.look(BOOT_MS)
        shows = answer.get("shows") or []
        self.boot_us = shows[0] if shows else None
        self.hooks_heap = answer.get("hooks", 0)
        return self

    def stop(self):
        self.pico.stop()

    @property
    def dead(self):
        """True once the power was cut (EmulatedPico.trap, cut)."""
        return self.pico.stats()["dead"]

    # -- asking the slate ----------------------------------------------------

    def look(self, ms=LOOK_MS):
        """Ask the slate (it answers at its next poll); its answer (a dict)."""
        pico = self.pico
        pico.take()
        pico.write(b"?" if self.heap else b"!")
        seen = pico.wait_for(b"@E", ms)
        found = LOOK.findall(seen)
        if not found:
            raise EmulatorError("the slate's answer is garbled: %r" % seen[-300:])
        answer = json.loads(found[-1].decode("utf-8"))
        if answer.get("crash"):
            raise EmulatorError("the slate crashed: %s" % answer["crash"])
        if self.heap:
            self.peak_heap = max(self.peak_heap, answer["heap"])
        self.answer = answer
        return answer

    # -- keyscript.Player's driver --------------------------------------------

    def press(self, key, ms, gap):
        gpio, level = self.pins[key]
        pico = self.pico
        before = self._memory()
        journal = (self.answer or {}).get("journal")
        sent = self.data_bytes
        erased = pico.stats() if self.heap else None
        down = pico.press(gpio, level)
        pico.run(ms)
        pico.release(gpio)
        pico.run(gap)
        answer = self.look()
        after = self._memory()
        shows = answer["shows"]
        responses = answer["responses"]
        pages = self.pico.panel.pages
        self.presses.append(
            {
                "key": key,
                "ms": ms,
                # From the poll that returned the key's event to the end of
                # the show() that followed; from the pin going down.
                "us": responses[0] if responses else None,
                "pin_us": (shows[0] - int(down)) % TICKS_PERIOD if shows else None,
                "bytes": self.data_bytes - sent,
                "floor": floor_bytes(before, after, pages),
                "heap": answer["heap"],
                "wrote": journal is not None and answer.get("journal") != journal,
                # flash erases (4 KiB sectors) from the pin going down to the
                # answer, and from the key event to the end of its show(),
                # which the press waited for (the bench's, which measures the
                # heap: None otherwise)
                "erases": None if erased is None else pico.stats()["erases"] - erased["erases"],
                "erases_shown": None if erased is None else self._erased(erased, answer),
            }
        )

    def _erased(self, before, answer):
        """The erases that began between the key event and the end of the
        show() that followed it (None if no show() followed one)."""
        if not answer["responses"]:
            return None
        shown, took = answer["answered"][0], answer["responses"][0]
        times = self.pico.call("erased", since=before["now_ns"] / 1000)["us"]
        # The board's ticks_us() wraps at TICKS_PERIOD; the emulator's µs do not.
        return sum(1 for at in times if 0 <= (shown - int(at)) % TICKS_PERIOD <= took)

    def wait(self, ms):
        self.pico.run(ms)
        self.look()

    def probe(self):
        return self.answer if self.answer is not None else self.look()

    def frame(self):
        panel = self.pico.panel
        return {"on": panel.on, "pages": panel.pages, "memory": self._memory()}

    def _memory(self):
        panel = self.pico.panel
        return bytes(panel.memory[: panel.pages * 128])

    # -- the flash -----------------------------------------------------------

    def read(self, path):
        """The file `path` on the board's flash (bytes), None if there is none.
        Stops the slate (Ctrl-C) for the raw REPL."""
        pico = self.pico
        pico.enter_raw_repl()
        out = pico.exec(
            "import binascii\n"
            "try:\n"
            " print(binascii.hexlify(open(%r, 'rb').read()).decode())\n"
            "except OSError:\n"
            " print('-')\n" % path
        ).strip()
        return None if out == "-" else bytes.fromhex(out)
