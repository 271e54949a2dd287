"""A Brusquembelle session end to end: the unchanged firmware, compiled to
.mpy, played by its buttons under MicroPython's unix port (see
tests/test_device_e2e.py, whose build and checks this reuses).

tests/support/brusquembelle-session.keys starts a match of three players
with an ante of 2 and plays three deals: Aces and Tens won and lost, a slip
taken back with undo, the slate dimming, card points that add up to
130 refused and corrected, a tie that leaves the pool, the language changed
to German, the history; then a new match of four in pairs. Checked against
what was written by hand or looked at:

- the archived first match, byte for byte, against
  tests/logs/device-brusquembelle-session.jsonl, and the second against
  tests/logs/device-brusquembelle-pairs.jsonl;
- each frame of the script, pixel for pixel, against tests/reference/
  <height>/brusquembelle-*.pbm, on a 128x64 panel with four buttons and on
  a 128x32 one with three.
"""

import json

import pytest

from host_tools.common import ROOT
from tests import test_device_e2e as e2e

TIER = "slow micropython"

SCRIPT = ROOT / "tests" / "support" / "brusquembelle-session.keys"
LOGS = ROOT / "tests" / "logs"
build = e2e.build  # the fixture: the firmware and the host pieces as .mpy


@pytest.mark.parametrize("height, buttons", [(64, 4), (32, 3)])
def test_a_brusquembelle_session_played_with_the_buttons(build, tmp_path, height, buttons):
    stats = e2e.play(build, tmp_path, height, buttons, SCRIPT)
    flash = tmp_path / "flash"
    archived = (flash / "archive" / "0001.jsonl").read_bytes()
    assert archived == (LOGS / "device-brusquembelle-session.jsonl").read_bytes()
    assert (flash / "match.jsonl").read_bytes() == (
        LOGS / "device-brusquembelle-pairs.jsonl"
    ).read_bytes()
    assert json.loads((flash / "settings.json").read_text())["lang"] == "de"
    assert stats["presses"] > 100

    names = e2e.frame_names(SCRIPT)
    assert len(names) > 20 and all(name.startswith("brusquembelle-") for name in names)
    e2e.check_frames(tmp_path, height, SCRIPT)
