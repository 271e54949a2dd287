"""The slate in this terminal on the emulated Pico: `make sim BOARD=pico EMULATED=1`.

    ardoise emulated-pico [--board pico]

The same screen and keys as the simulator (host_tools/sim/simulator.py),
but behind them is MicroPython's rp2 release on an emulated RP2040 running
what `make deploy BOARD=pico PORT=emulated` put on its flash
(emulated-pico/): the board file's pins pressed through the GPIO, the panel
decoded from the I2C bus, time at the wall clock's pace. When the firmware
or the board file changed since the last deploy there (or nothing was ever
deployed), it is deployed first, through mpremote as to a real Pico: by
`ardoise deploy --port emulated`, run as a process of its own as a person
would run it (the serial link opens the emulated Pico, so this package
sits below host_tools/board/ and imports none of it).
"""

import argparse
import hashlib
import os
import pathlib
import select
import subprocess
import sys

from host_tools.common import FIRMWARE, MICROPYTHON_LIB, ROOT, end_on_signals
from host_tools.emulator.pico import (
    DEFAULT_FOLDER,
    IMAGE_NAME,
    EmulatedPico,
    missing,
)
from host_tools.sim.boards import board_file, describe
from host_tools.sim.terminal import SimError, Terminal, render, split_keys

PRESS_MS = 80
HOLD_MS = 800
GAP_MS = 80
EVENTS = {"p": "prev", "n": "next", "o": "ok", "x": "extra"}
FINGERPRINT = "deployed.sha256"


def fingerprint(path):
    """A hash of the firmware's sources, micropython-lib's and the board file:
    what a deploy puts on the board."""
    digest = hashlib.sha256()
    sources = sorted(FIRMWARE.rglob("*.py")) + sorted(MICROPYTHON_LIB.rglob("*.py"))
    for source in sources + [pathlib.Path(path)]:
        digest.update(str(source.relative_to(source.anchor)).encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()


def ensure_deployed(board, path, folder):
    """Deploy to the emulated Pico in `folder` unless it runs this firmware already."""
    wanted = fingerprint(path)
    record = folder / FINGERPRINT
    if (folder / IMAGE_NAME).exists() and record.exists() and record.read_text() == wanted:
        return
    print("deploying the slate to the emulated Pico (%s) first..." % folder, flush=True)
    command = [sys.executable, "-m", "host_tools", "deploy", "--board", str(board)]
    command += ["--port", "emulated", "--virtual-flash", str(folder)]
    if subprocess.run(command, cwd=ROOT).returncode:
        raise SimError("the deploy to the emulated Pico failed (its reason is above)")
    record.write_text(wanted)


def interactive(board="pico", folder=None):
    """Play the slate on the emulated Pico in this terminal until q."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise SimError("the simulator needs a terminal")
    path = board_file(board)
    folder = pathlib.Path(folder or DEFAULT_FOLDER)
    ensure_deployed(board, path, folder)
    description = describe(path)
    pins = {
        role: (gpio, 0 if level == "low" else 1)
        for role, (gpio, _, level) in description["buttons"].items()
    }
    title = "Ardoise · %s · emulated RP2040, MicroPython 1.22 (rp2) · flash: %s" % (
        description["name"],
        folder / IMAGE_NAME,
    )
    shown = None
    note = ""
    pending = b""  # the start of a key's sequence that a read cut through
    with EmulatedPico(folder / IMAGE_NAME) as pico:
        pico.call("pace")
        try:
            with Terminal() as terminal:
                while True:
                    size = os.get_terminal_size(sys.stdout.fileno())
                    console = pico.console.decode("utf-8", "replace").splitlines()
                    lines = render(
                        pico.frame,
                        size.columns,
                        size.lines,
                        title=title,
                        note=note,
                        console=console,
                    )
                    if lines != shown:
                        terminal.draw(lines)
                        shown = lines
                    readable, _, _ = select.select([sys.stdin], [], [], 0.05)
                    if not readable:
                        continue
                    events, pending = split_keys(pending + os.read(sys.stdin.fileno(), 64))
                    if events is None:
                        return
                    for event in events:
                        wiring = pins.get(EVENTS.get(event.lower()))
                        if wiring is not None:
                            gpio, level = wiring
                            held = HOLD_MS if event.isupper() else PRESS_MS
                            pico.call("tap", gpio=gpio, level=level, ms=held, gap=GAP_MS)
        finally:
            pico.save(folder / IMAGE_NAME)


def main(argv=None):
    """`ardoise emulated-pico`: the exit status."""
    parser = argparse.ArgumentParser(
        prog="ardoise emulated-pico",
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument("--board", default="pico", help="a board from boards/ or a board file")
    args = parser.parse_args(argv)
    end_on_signals()
    why = missing()
    if why:
        raise SimError("no emulated Pico here: " + why)
    try:
        interactive(args.board)
    except KeyboardInterrupt:
        return 130
    return 0
