"""The page's board without a browser: the firmware on MicroPython's
WebAssembly port in node, through the page's own loader and glue.

The scripted Le Brouc match (tests/support/etivaz-match.keys) leaves the
same journal, byte for byte, as under the unix port
(tests/logs/device-etivaz-match.jsonl), and each named frame, decoded from
the I2C bytes by the panel model, is the reference image.
"""

import re

import pytest

from host_tools.common import ROOT
from host_tools.web.keyscript import Player
from host_tools.web.node import NodeBoard
from tests.test_device_e2e import EXPECTED_LOG, REFERENCE, SCRIPT

TIER = "browser"

CRASHED = 4  # webboard.CRASHED
HEADER = b'{"ev":"match","dealer":0,"game":"brouc","rules":"etivaz","target":5}\n'


@pytest.mark.parametrize("height, buttons", [(64, 4), (32, 3)])
def test_the_match_on_the_wasm_port(web_folder, node_command, tmp_path, height, buttons):
    with NodeBoard(web_folder) as board:
        board.start(height, buttons)
        Player(board, tmp_path).play(SCRIPT.read_text(encoding="utf-8"), SCRIPT.name)
        assert board.read("archive/0001.jsonl") == EXPECTED_LOG.read_bytes()
        assert board.read("match.jsonl") == HEADER
    assert_frames(tmp_path, height)


def assert_frames(folder, height):
    """The frames a key script wrote to `folder`, against tests/reference/<height>."""
    frames = sorted(folder.glob("*.pbm"))
    differ = [
        frame.stem
        for frame in frames
        if frame.read_bytes() != (REFERENCE / str(height) / frame.name).read_bytes()
    ]
    assert len(frames) > 20
    assert not differ, "frames unlike tests/reference/%d: %s (in %s)" % (height, differ, folder)


def test_the_page_polls_as_the_firmware_does(web_folder, node_command):
    """The page's loop naps as App.run does, awake and with the screen off: the
    loader reads ardoise/app.py's constants, it keeps no copy of its own."""
    source = (ROOT / "firmware" / "ardoise" / "app.py").read_text(encoding="utf-8")
    wanted = {
        key: int(re.search(r"^%s = const\((\d+)\)" % name, source, re.M).group(1))
        for key, name in (("awake", "POLL_MS"), ("asleep", "SLEEP_POLL_MS"))
    }
    with NodeBoard(web_folder) as board:
        assert board.start(64)["polls"] == wanted


def test_file_errors_reach_the_firmware_with_posix_numbers(web_folder, node_command):
    """The port's filesystem says ENOENT 44 and EEXIST 20, the firmware expects
    2 and 17: the glue maps them. A fresh flash (no journal: ENOENT) boots to
    the question for a match, and so does a second boot (data/ exists: EEXIST)."""
    with NodeBoard(web_folder) as board:
        for _ in range(2):
            assert board.start(64)["flags"] & CRASHED == 0
            screen = board.probe()
            assert screen["kinds"] == ["NoMatch", "Screen"], screen
