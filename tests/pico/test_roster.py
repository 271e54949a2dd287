"""The board's id and roster on the emulated Pico (both MicroPythons), as on a real Pico.

deploy named the emulated Pico after its flash chip's unique id; `ardoise
roster --port emulated` writes the names through mpremote, and the slate's
own reader (firmware/ardoise/roster.py, run by the board's MicroPython)
reads them back with their accents.
"""

import os
import shutil
import subprocess
import sys

from host_tools.board import board_id
from host_tools.common import ROOT

TIER = "slow emulator"

UNIQUE_ID = "e66138104b2c312a"  # host_tools/emulator/flash.mjs


def roster(deployed, folder, *args):
    return subprocess.run(
        [sys.executable, "-m", "host_tools", "roster", "--port", "emulated"]
        + ["--virtual-flash", str(folder), *map(str, args)],
        cwd=ROOT,
        env=dict(os.environ, ARDOISE_RP2_UF2=str(deployed.uf2)),
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_emulated_pico_gets_an_id_and_a_roster(deployed, tmp_path):
    derived = board_id.derived(UNIQUE_ID)
    assert "board id %s (from its unique id)" % derived in deployed.printed.splitlines()[1]

    shutil.copy(deployed.image, tmp_path / "flash.img")
    names = tmp_path / "names.txt"
    names.write_text("Rösli\nÉmile\nZoë\n", encoding="utf-8")
    written = roster(deployed, tmp_path, names)
    assert written.returncode == 0, written.stdout + written.stderr
    shown = roster(deployed, tmp_path)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert shown.stdout == "the roster on the board: Rösli, Émile, Zoë\n"
