"""A whole game of Bruus end to end: the unchanged firmware, compiled to .mpy,
played by its buttons under MicroPython's unix port (see
tests/test_device_e2e.py, whose build and checks this reuses).

tests/support/bruus-game.keys starts a Schwesing match and plays it to 12
points: single tricks from the slate, double and triple tricks and each
kind of daring and striking from the deal's actions, a triple trick refused
at 4-4, a trick refused between deals, an undo, the slate dimming,
the game won by a strike in mid-deal, the history; then a Treia match whose
4-4 leaves a Bock that the next deal's winner takes. Checked against what
was written by hand or looked at:

- the archived Schwesing match, byte for byte, against
  tests/logs/device-bruus-game.jsonl, and the Treia match against
  tests/logs/device-bruus-treia.jsonl;
- each frame of the script, pixel for pixel, against tests/reference/
  <height>/bruus-*.pbm, on a 128x64 panel with four buttons and on a 128x32
  one with three.

tests/support/bruus-session.keys plays a tournament session of 3 deals to
its end (ruling 29), in French, German and English, with the next session
begun; checked the same way (tests/logs/device-bruus-session*.jsonl,
tests/reference/<height>/bruus-session-*.pbm).
"""

import pytest

from host_tools.common import ROOT
from tests import test_device_e2e as e2e

TIER = "slow micropython"

SCRIPT = ROOT / "tests" / "support" / "bruus-game.keys"
SESSION = ROOT / "tests" / "support" / "bruus-session.keys"
LOGS = ROOT / "tests" / "logs"
build = e2e.build  # the fixture: the firmware and the host pieces as .mpy


@pytest.mark.parametrize("height, buttons", [(64, 4), (32, 3)])
def test_a_bruus_game_played_with_the_buttons(build, tmp_path, height, buttons):
    stats = e2e.play(build, tmp_path, height, buttons, SCRIPT)
    flash = tmp_path / "flash"
    archived = (flash / "archive" / "0001.jsonl").read_bytes()
    assert archived == (LOGS / "device-bruus-game.jsonl").read_bytes()
    treia = (flash / "match.jsonl").read_bytes()
    assert treia == (LOGS / "device-bruus-treia.jsonl").read_bytes()
    assert stats["presses"] > 100

    names = e2e.frame_names(SCRIPT)
    assert len(names) > 15 and all(name.startswith("bruus-") for name in names)
    e2e.check_frames(tmp_path, height, SCRIPT)


@pytest.mark.parametrize("height, buttons", [(64, 4), (32, 3)])
def test_a_bruus_session_played_to_its_end_with_the_buttons(build, tmp_path, height, buttons):
    e2e.play(build, tmp_path, height, buttons, SESSION)
    flash = tmp_path / "flash"
    archived = (flash / "archive" / "0001.jsonl").read_bytes()
    assert archived == (LOGS / "device-bruus-session.jsonl").read_bytes()
    assert (flash / "match.jsonl").read_bytes() == (
        LOGS / "device-bruus-session-16.jsonl"
    ).read_bytes()

    names = e2e.frame_names(SESSION)
    assert len(names) > 15 and all(name.startswith("bruus-session-") for name in names)
    e2e.check_frames(tmp_path, height, SESSION)
