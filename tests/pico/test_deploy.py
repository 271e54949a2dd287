"""`make deploy BOARD=pico PORT=emulated` on MicroPython's rp2 release and on
the Ardoise image: the same deploy as to a real Pico (mpremote over a
pseudo-terminal bridged to the emulated USB serial), then a reset, and the
slate boots from what was deployed, again at the next power-on. On the
image, only board.py goes to the flash (the firmware and main.py are
frozen), and the image with nothing deployed plays the slate.
"""

import re

import pytest

from host_tools.board.deploy import PACKAGES
from host_tools.emulator.pico import EmulatedPico
from tests.pico.conftest import BOARD, FIRMWARES

TIER = "slow emulator"

STEP = re.compile(r"\d+/\d+ ")
# What deploy says of each MicroPython.
RELEASES = {
    "mpy-1.22": "MicroPython 1.22.0 on rp2, 1400 KiB free",
    "mpy-1.27": "MicroPython 1.27.0 on rp2, 1400 KiB free",
    "image-1.27": "MicroPython 1.27.0 on rp2, ",
    "image_w-1.27": "MicroPython 1.27.0 on rp2, ",
}


@pytest.mark.parametrize("deployed", sorted(FIRMWARES), indirect=True)
def test_deploy_to_the_emulated_pico_and_the_slate_boots_from_it(deployed):
    flash, printed = deployed.image, deployed.printed
    steps = [line.split(" ", 1)[1] for line in printed.splitlines() if STEP.match(line)]
    assert steps[0].startswith("board pico: Raspberry Pi Pico"), printed
    assert steps[1].startswith(RELEASES[deployed.name]), printed
    if deployed.frozen:
        assert "; the Ardoise image, built from this tree; " in steps[1], printed
        assert steps[2] == "nothing to compile: the board's image has the firmware frozen in"
        copied = "copied to the board: board.py;"
    else:
        copied = "copied to the board: ardoise, board.py, main.py, scoring"
    assert any(step.startswith(copied) for step in steps), printed
    assert steps[-1] == "reset: the board starts the slate", printed
    # deploy drew the first screen it saw on the panel after the reset.
    drawn = printed.split(steps[-1], 1)[1].splitlines()
    assert any(set(line) - {"⠀", " "} for line in drawn), printed

    # Powered on again from the flash as deploy left it: main.py runs the slate.
    with EmulatedPico(flash, uf2=deployed.uf2) as pico:
        pico.run(3000)
        assert pico.frame is not None and pico.frame.on and pico.frame.lit() > 100
        pico.enter_raw_repl()
        listing = pico.exec("import os\nprint(sorted(os.listdir('/')), os.listdir('/data'))")
    files = ["board.py", "data"] + ([] if deployed.frozen else ["main.py", *PACKAGES])
    assert listing.split("]")[0] + "]" == repr(sorted(files))


# The official release has no slate of its own: the image alone.
@pytest.mark.parametrize("deployed", ["image-1.27"], indirect=True)
def test_the_image_alone_plays_the_slate_and_a_board_py_on_the_flash_comes_first(deployed):
    # A fresh flash: the frozen main.py and boards/pico.py start the slate.
    with EmulatedPico(None, uf2=deployed.uf2) as pico:
        pico.run(3000)
        assert pico.frame is not None and pico.frame.on and pico.frame.lit() > 100
        pico.enter_raw_repl()
        source = BOARD.read_text(encoding="utf-8").replace('"height": 64', '"height": 32')
        pico.exec("with open('board.py', 'w') as f:\n f.write(%r)" % source)
        # What main.py's `import board` finds now: the flash's, before the frozen one.
        height = pico.exec(
            "import sys\nsys.modules.pop('board', None)\nimport board\n"
            "print(board.describe()['oled']['height'])"
        )
    assert height.strip() == "32"
