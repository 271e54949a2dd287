"""ardoise.ssd1306 (under MicroPython) against Adafruit's SSD1306 driver.

tests/support/ssd1306_scenes.py draws scenes with our driver on the recording
I2C stand-in and prints every write; Adafruit's SSD1306_I2C gets the very same
frame bytes and redraws in full each time. Both write streams go through the
panel model (tests/support/ssd1306_panel.py), which must end with the same
RAM and the same display settings after every frame.

Adafruit's writes come from tests/fixtures/adafruit-ssd1306.json, recorded
from its driver by tests/support/record_adafruit.py: the driver and the
packages it pulls in (Blinka, pyftdi, pyusb...) are pyproject.toml's
`adafruit` extra, not in .venv.
"""

import functools
import json
import pathlib
import subprocess
import sys

import pytest

from tests.support.record_adafruit import FIXTURE
from tests.support.ssd1306_panel import Panel, ProtocolError

TIER = "micropython"

ROOT = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
SCENES = ("blank", "full", "text", "score", "cursor", "edges", "noise")
HEIGHTS = (64, 32)
# Settings that decide how RAM reaches the glass, or whether it is seen.
PICTURE_SETTINGS = (
    "display_on",
    "inverted",
    "entire_display_on",
    "segment_remap",
    "com_scan_reversed",
    "start_line",
    "scroll",
    "0x8D",  # charge pump
    "0xA8",  # multiplex ratio
    "0xD3",  # display offset
    "0xDA",  # COM pins configuration
)


class Scene:
    def __init__(self):
        self.init_writes = []
        self.frames = []  # (frame bytes, writes of its show(), bytes_sent so far)


@functools.cache
def run_scenes(height, redraw_all=False):
    """{scene name: Scene} from our driver under MicroPython."""
    command = [str(MICROPYTHON), "tests/support/ssd1306_scenes.py", str(height)]
    if redraw_all:
        command.append("full")
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    scenes = {}
    pending = []
    for line in result.stdout.splitlines():
        kind, *fields = line.split()
        if kind == "SCENE":
            scene = scenes[fields[0]] = Scene()
            pending = scene.init_writes
        elif kind == "W":
            pending.append((int(fields[0], 16), bytes.fromhex(fields[1])))
        elif kind == "READY":
            pending = []
        else:
            assert kind == "FRAME", line
            scene.frames.append((bytes.fromhex(fields[0]), pending, int(fields[1])))
            pending = []
    return scenes


def ours(height, name):
    scene = run_scenes(height)[name]
    assert scene.frames, "scene %s drew no frame" % name
    return scene


class Adafruit:
    """Adafruit's SSD1306_I2C as its recorded writes: the constructor's, then
    a show()'s commands and the whole frame in one write."""

    def __init__(self, height):
        record = json.loads(FIXTURE.read_text())[str(height)]
        self.init_writes = [(address, bytes.fromhex(hex)) for address, hex in record["init"]]
        self.commands = [(address, bytes.fromhex(hex)) for address, hex in record["show"]]

    def show(self, frame):
        return self.commands + [(0x3C, b"\x40" + frame)]


def fed(panel, writes):
    panel.feed(writes)
    return panel


def picture_settings(panel):
    return {key: panel.settings.get(key) for key in PICTURE_SETTINGS}


def written_bytes(writes):
    return sum(len(payload) for _, payload in writes)


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize("name", SCENES)
def test_same_panel_memory_and_settings_as_adafruit(name, height):
    scene = ours(height, name)
    theirs = Adafruit(height)
    our_panel = fed(Panel(), scene.init_writes)
    their_panel = fed(Panel(), theirs.init_writes)
    for number, (frame, writes, _) in enumerate(scene.frames):
        our_panel.feed(writes)
        their_panel.feed(theirs.show(frame))
        where = "%s 128x%d frame %d" % (name, height, number)
        assert our_panel.ram == their_panel.ram, where
        assert our_panel.image(height=height) == their_panel.image(height=height), where
        assert picture_settings(our_panel) == picture_settings(their_panel), where
    assert our_panel.settings["display_on"] is True


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize("name", SCENES)
def test_incremental_updates_leave_the_full_redraw_picture(name, height):
    incremental = ours(height, name)
    redrawn = run_scenes(height, redraw_all=True)[name]
    step_panel = fed(Panel(), incremental.init_writes)
    full_panel = fed(Panel(), redrawn.init_writes)
    assert len(incremental.frames) == len(redrawn.frames)
    for (frame, writes, _), (same_frame, full_writes, _) in zip(
        incremental.frames, redrawn.frames, strict=True
    ):
        assert frame == same_frame
        step_panel.feed(writes)
        full_panel.feed(full_writes)
        assert step_panel.pages_of(height) == frame
        assert step_panel.ram == full_panel.ram
        assert written_bytes(writes) <= written_bytes(full_writes)


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize("name", SCENES)
def test_bytes_sent_counts_what_went_on_the_bus(name, height):
    scene = ours(height, name)
    total = written_bytes(scene.init_writes)
    for _, writes, bytes_sent in scene.frames:
        total += written_bytes(writes)
        assert bytes_sent == total


@pytest.mark.parametrize("height", HEIGHTS)
def test_small_changes_send_a_fraction_of_a_frame(height):
    pages = height // 8
    full_frame = pages * (4 + 1 + 128)  # position, data control byte, columns
    redrawn = run_scenes(height, redraw_all=True)["score"]
    # The first show() also turns the panel on (2 bytes: the command's control byte and it).
    sizes = [written_bytes(writes) for _, writes, _ in redrawn.frames]
    assert sizes[0] == full_frame + 2 and set(sizes[1:]) == {full_frame}

    sent = [written_bytes(writes) for _, writes, _ in ours(height, "score").frames]
    adafruit_frame = written_bytes(Adafruit(height).show(bytes(pages * 128)))
    print(
        "128x%d bytes per show(): full frame %d (Adafruit %d), score steps %s"
        % (height, full_frame, adafruit_frame, sent)
    )
    # Steps: first score, unchanged, then one or two digits at a time.
    assert sent[1] == 0
    one_digit = sent[2]  # 0 -> 1: one 8x8 character in one page
    assert one_digit <= 4 + 1 + 8
    assert max(sent[2:]) <= 4 + 1 + 128
    assert one_digit * 40 < full_frame


# The panel model is the judge above, so it is checked on its own too.


def test_panel_model_wraps_inside_the_horizontal_window():
    panel = Panel(ram_fill=0)
    panel.feed([(0x3C, bytes((0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3)))])
    panel.feed([(0x3C, bytes((0x40, 1, 2, 3, 4, 5)))])
    # The fifth byte went back to the window's first one, over the 1.
    assert panel.ram[2 * 128 + 10 : 2 * 128 + 12] == bytes((5, 2))
    assert panel.ram[3 * 128 + 10 : 3 * 128 + 12] == bytes((3, 4))
    assert (panel.page, panel.column) == (2, 11)
    assert sum(panel.ram) == 5 + 2 + 3 + 4


def test_panel_model_vertical_mode_and_continuation_control_bytes():
    panel = Panel(ram_fill=0)
    commands = (0x20, 0x01, 0x21, 0, 1, 0x22, 6, 7)
    panel.feed([(0x3C, bytes(byte for command in commands for byte in (0x80, command)))])
    panel.feed([(0x3C, bytes((0xC0, 9, 0x40, 8, 7, 6)))])
    assert [panel.ram[page * 128 + column] for column in (0, 1) for page in (6, 7)] == [9, 8, 7, 6]


def test_panel_model_page_mode_and_its_limits():
    panel = Panel(ram_fill=0)
    panel.feed([(0x3C, bytes((0x00, 0xB5, 0x0E, 0x17))), (0x3C, bytes((0x40, 0xAA, 0xBB)))])
    assert panel.ram[5 * 128 + 126 : 5 * 128 + 128] == bytes((0xAA, 0xBB))
    with pytest.raises(ProtocolError):
        panel.feed([(0x3C, bytes((0x40, 0xCC)))])  # past column 127
    with pytest.raises(ProtocolError):
        panel.feed([(0x3C, bytes((0x00, 0x20, 0x00, 0xB0)))])  # page command in horizontal mode
    with pytest.raises(ProtocolError):
        Panel().feed([(0x3D, b"\x00\xaf")])
