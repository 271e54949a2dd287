"""The three scripted sessions end to end on the emulated Pico: MicroPython's
rp2 release running the deployed firmware (main.py, App.run with its real
clock, naps and light sleep), the key scripts of tests/support played
through the board file's pins (host_tools/web/keyscript.py, with the
harness's own commands), the pictures decoded from the I2C bus.

Each must leave the journal the unix-port tests expect, byte for byte
(tests/test_device_e2e*.py), and show each named frame as the reference in
tests/reference/64 (boards/pico.py: a 128x64 panel and four buttons).
On the release with the .mpy files (the path an ESP32 takes), the Le
Brouc match runs with the heap cut down to 96 KiB by a ballast allocated
before boot (an ESP32 has about 110 KiB): it must still play to the end.
The image is for a Pico only, which has its whole heap. A Bruus game is
also played on plain MicroPython 1.27 with the .mpy files, and on the
Ardoise image for a Pico W, its radio never switched on. Under make
proof (--hypothesis-profile=proof) each session is played again on a
128x32 panel with three buttons (a board.py of that wiring), against
tests/reference/32.
"""

import json

import pytest

from host_tools.common import ROOT
from host_tools.web.keyscript import Player
from tests.pico.conftest import BOARD, image, slate_on
from tests.support.proof import FULL

TIER = "slow emulator"

SUPPORT = ROOT / "tests" / "support"
LOGS = ROOT / "tests" / "logs"
REFERENCE = ROOT / "tests" / "reference"
BALLAST_HEAP = 96 * 1024
ETIVAZ_HEADER = b'{"ev":"match","dealer":0,"game":"brouc","rules":"etivaz","target":5}\n'
# Per session: the archived match, the match left open, a setting it changed.
SESSIONS = {
    "etivaz-match": ("device-etivaz-match.jsonl", ETIVAZ_HEADER, ("tricks", True)),
    "bruus-game": ("device-bruus-game.jsonl", "device-bruus-treia.jsonl", None),
    "brusquembelle-session": (
        "device-brusquembelle-session.jsonl",
        "device-brusquembelle-pairs.jsonl",
        ("lang", "de"),
    ),
}
WIRINGS = [(64, 4)] + ([(32, 3)] if FULL else [])


def board_32_3():
    """boards/pico.py with a 128x32 panel and no fourth button."""
    source = BOARD.read_text(encoding="utf-8").replace("def describe():", "def _describe():")
    return source + (
        "\n\ndef describe():\n"
        "    description = _describe()\n"
        '    description["oled"]["height"] = 32\n'
        '    del description["buttons"]["extra"]\n'
        "    return description\n"
    )


def frame_names(script):
    return [
        words[1]
        for line in script.read_text(encoding="utf-8").splitlines()
        if (words := line.split("#")[0].split())[:1] == ["frame"]
    ]


@pytest.mark.parametrize("height, buttons", WIRINGS)
@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_a_session_played_through_the_pins(deployed, tmp_path, name, height, buttons):
    play(deployed, tmp_path, name, height, buttons)


# The newest release line with the .mpy files deployed, as a Pico owner who
# keeps their MicroPython would run it: the shortest session (a Bruus game,
# half the emulated time of the Le Brouc match).
@pytest.mark.parametrize("deployed", ["mpy-1.27"], indirect=True)
def test_a_bruus_game_on_the_newest_micropython_release(deployed, tmp_path):
    play(deployed, tmp_path, "bruus-game", 64, 4)


# The Pico W's image: its radio (which rp2040js does not have) stays off
# while the slate plays, as on every board not enrolled in an evening.
@pytest.mark.parametrize("deployed", ["image_w-1.27"], indirect=True)
def test_a_bruus_game_on_the_pico_w_image_with_its_radio_never_on(deployed, tmp_path):
    board = play(deployed, tmp_path, "bruus-game", 64, 4, after=RADIO_OFF)
    assert board.strip() == "ARDOISE_PICO_W [] [31, 31, 31, 31]", board


# Run on the board after a session: the board definition it was built from
# (the project's own, firmware/ARDOISE_PICO_W), the network's modules it
# imported (none but at an evening), then the function of the Pico W's radio
# pins, GPIO23 (WL_ON, its power), 24, 25 and 29 (its SPI bus), in IO_BANK0's
# GPIOn_CTRL: 31 is none, as at reset; the cyw43 driver would give them to
# SIO and PIO.
RADIO_OFF = (
    "import sys, machine\n"
    "names = ('network', 'ardoise.wifi', 'ardoise.net', 'umqtt.simple')\n"
    "print(sys.implementation._build, [name for name in names if name in sys.modules],"
    " [machine.mem32[0x40014004 + 8 * gpio] & 31 for gpio in (23, 24, 25, 29)])"
)


def play(deployed, tmp_path, name, height, buttons, after=None):
    """Session `name` played on `deployed` with a panel `height` high and
    `buttons` buttons: the journal and the frames as the references. What
    the code `after` printed on the board once played (or None)."""
    archived, left_open, setting = SESSIONS[name]
    script = SUPPORT / (name + ".keys")
    board, board_py = BOARD, None
    if (height, buttons) != (64, 4):
        board_py = board_32_3()
        board = tmp_path / "board.py"
        board.write_text(board_py, encoding="utf-8")
    ballast = BALLAST_HEAP if name == "etivaz-match" and not deployed.frozen else 0
    flash = image(deployed, tmp_path, ballast=ballast, board_py=board_py)
    frames = tmp_path / "frames"
    frames.mkdir()
    with slate_on(deployed, flash, board) as slate:
        if ballast:
            # All the firmware had once boot.py took the ballast.
            assert ballast - 256 <= slate.answer["room"] <= ballast, slate.answer
        Player(slate, frames=frames).play(script.read_text(encoding="utf-8"), name)
        files = {
            path: slate.read("/data/" + path)
            for path in ("archive/0001.jsonl", "match.jsonl", "settings.json")
        }
        printed = after and slate.pico.exec(after)
    assert files["archive/0001.jsonl"] == (LOGS / archived).read_bytes()
    if isinstance(left_open, str):
        left_open = (LOGS / left_open).read_bytes()
    assert files["match.jsonl"] == left_open
    if setting is not None:
        key, value = setting
        assert json.loads(files["settings.json"])[key] == value

    names = frame_names(script)
    assert len(names) > 15
    differ = [
        name
        for name in names
        if (frames / (name + ".pbm")).read_bytes()
        != (REFERENCE / str(height) / (name + ".pbm")).read_bytes()
    ]
    assert not differ, "frames unlike tests/reference/%d: %s (these in %s)" % (
        height,
        ", ".join(differ),
        frames,
    )
    return printed
