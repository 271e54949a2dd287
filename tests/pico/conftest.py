"""The emulated Pico's tests: MicroPython's official rp2 release (v1.22) on an
emulated RP2040 (host_tools/board/emulated/), the firmware deployed to it
through mpremote as to a real Pico.

Each test skips with one line saying why when Node, rp2040js or the UF2 is
missing. Emulation is slow (an awake slate costs about a third of real time
on a free core): `make test` runs small counts, `make proof`
(--hypothesis-profile=proof) the full ones.
"""

import contextlib
import io

import pytest

from host_tools.board.emulated.pico import missing
from host_tools.board.emulated.slate import prepare
from host_tools.common import ROOT

BOARD = ROOT / "boards" / "pico.py"


@pytest.fixture(scope="session")
def deployed(tmp_path_factory):
    """`make deploy BOARD=pico PORT=emulated` into a fresh flash: (its image, what it printed)."""
    why = missing()
    if why:
        pytest.skip("emulated Pico: " + why)
    from host_tools.board import deploy
    from host_tools.board.link import EMULATED

    folder = tmp_path_factory.mktemp("emulated-pico")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        deploy.deploy("pico", EMULATED, folder)
    return folder / "flash.img", printed.getvalue()


def image(deployed, folder, **options):
    """A flash image for one test: the deployed one with the probe and `options` (see prepare)."""
    return prepare(deployed[0], folder / "flash.img", folder, **options)
