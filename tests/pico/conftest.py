"""The emulated Pico's tests, each on two MicroPythons: the official rp2
release (v1.22, third_party/) with the firmware deployed to it as .mpy
files, and the Ardoise image (`make firmware`: MicroPython 1.27 with the
firmware frozen in) with only board.py deployed, both through mpremote as to
a real Pico, on an emulated RP2040 (host_tools/emulator/). The deploy
and a Bruus game also run on plain MicroPython 1.27 (built by `make
firmware` from the same sources) with the .mpy files deployed, and on the
Ardoise image for a Pico W (rp2040js has no radio: the slate plays with
its Wi-Fi never switched on).

Each test skips with one line saying why when Node, rp2040js or the UF2 is
missing. Emulation is slow (an awake slate costs about a third of real time
on a free core): `make test` runs small counts, `make proof`
(--hypothesis-profile=proof) the full ones.
"""

import collections
import contextlib
import io

import pytest

from host_tools.board.firmware import IMAGE, IMAGE_W, PLAIN
from host_tools.common import ROOT
from host_tools.emulator.pico import UF2_NAME, VENDOR, missing
from host_tools.emulator.slate import Slate, boot_py, prepare

BOARD = ROOT / "boards" / "pico.py"
# The MicroPythons: {its id in test names: (its UF2, frozen)}.
FIRMWARES = {
    "mpy-1.22": (VENDOR / UF2_NAME, False),
    "mpy-1.27": (PLAIN, False),
    "image-1.27": (IMAGE, True),
    "image_w-1.27": (IMAGE_W, True),
}
# Every test runs on the oldest release the slate supports and on the image;
# the newest release line (the plain image `make firmware` builds beside the
# Ardoise one) and the Pico W's image run the tests that name them: the
# deploy and a Bruus game.
EVERY_TEST = ("image-1.27", "mpy-1.22")
# A deploy: the MicroPython's id, the flash image it left, what it printed,
# the UF2, whether the firmware is frozen into it.
Deployed = collections.namedtuple("Deployed", "name image printed uf2 frozen")


@pytest.fixture(scope="session", params=EVERY_TEST)
def deployed(request, tmp_path_factory):
    """`make deploy BOARD=pico PORT=emulated` into a fresh flash on one of the
    FIRMWARES (a Deployed): each of EVERY_TEST, or the one a test names by
    `@pytest.mark.parametrize("deployed", [...], indirect=True)`."""
    uf2, frozen = FIRMWARES[request.param]
    why = missing(uf2)
    if why:
        pytest.skip("emulated Pico: " + why)
    from host_tools.board import deploy
    from host_tools.board.link import EMULATED

    folder = tmp_path_factory.mktemp("emulated-pico")
    printed = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(printed):
        patch.setenv("ARDOISE_RP2_UF2", str(uf2))  # the emulated port's MicroPython
        deploy.deploy("pico", EMULATED, folder)
    return Deployed(request.param, folder / "flash.img", printed.getvalue(), uf2, frozen)


def image(deployed, folder, ballast=0, **options):
    """A flash image for one test: the deployed one with the probe, timing
    nothing (the bench times), a `ballast` (boot_py) and `options` (see prepare)."""
    boot = boot_py(ballast, timed=False)
    flash = folder / "flash.img"
    return prepare(deployed.image, flash, folder, uf2=deployed.uf2, boot=boot, **options)


def slate_on(deployed, flash, board=BOARD):
    """A Slate on the deployed MicroPython, started from `flash` (its heap
    not measured and its panel's bus fast: the bench measures both)."""
    return Slate(flash, board, uf2=deployed.uf2, heap=False, fast_bus=True)
