"""The simulator (host_tools/sim/simulator.py): the unchanged firmware under MicroPython,
driven by keys.

Headless, a key sequence gives the same screen as the end-to-end test's
reference frames (tests/reference/, played by the harness with the same
timing); in a terminal, tmux types the keys of a whole deal and the screen
it shows, decoded from its half blocks, is checked pixel for pixel.
"""

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from host_tools.common import ROOT
from host_tools.sim import simulator as sim
from host_tools.sim.screen import HALF_BLOCKS, Frame, FrameReader
from tests.support import processes
from tests.support.commands import ardoise
from tests.support.tmux import Tmux

TIER = "micropython"

REFERENCE = ROOT / "tests" / "reference"
# From a fresh flash: OK asks for a match, OK picks Le Brouc, OK has seat 1
# deal first, OK starts it, OK asks for the trump.
TO_TRUMP = "ok ok ok ok ok"
# ...then ♥ (the first), the deal's actions, Fin de donne, 15 card points more
# for A (Prev: 75, B 45), what they give, recorded.
A_DEAL = TO_TRUMP + " ok ok ok prev*15 ok ok wait:3000"


def run(*args):
    return ardoise("sim", *args, timeout=300)


def screenshot(tmp_path, *args, name="screen.png", flash="flash"):
    """The final screen of a headless run on the flash folder tmp_path/`flash`."""
    result = run("--root", tmp_path / flash, "--png", tmp_path / name, *args)
    assert result.returncode == 0, result.stderr
    return Frame.from_png((tmp_path / name).read_bytes())


def reference(height, name):
    return Frame.from_pbm((REFERENCE / str(height) / (name + ".pbm")).read_bytes())


@pytest.mark.parametrize(
    "args, height",
    [((), 64), (("--board", "pico", "--height", "32"), 32), (("--board", "esp32_c3"), 64)],
)
def test_keys_played_headless_give_the_reference_frame(tmp_path, args, height):
    frame = screenshot(tmp_path, "--keys", TO_TRUMP, *args)
    assert frame == reference(height, "trump")


def test_the_png_is_the_panel_enlarged_in_a_bezel(tmp_path):
    screenshot(tmp_path, "--keys", TO_TRUMP)
    from PIL import Image

    image = Image.open(tmp_path / "screen.png")
    assert image.size == (128 * 4 + 2 * 12, 64 * 4 + 2 * 12)
    # Crisp pixels: nothing but the three colours of the picture.
    assert {colour for _, colour in image.getcolors()} == {
        (225, 240, 255),
        (10, 12, 18),
        (48, 50, 56),
    }


def test_the_flash_folder_keeps_the_match_between_runs(tmp_path):
    after_deal = screenshot(tmp_path, "--keys", A_DEAL, name="deal.png")
    journal = (tmp_path / "flash" / "data" / "match.jsonl").read_text()
    assert journal == (
        '{"ev":"match","dealer":0,"game":"brouc","rules":"etivaz","target":5}\n'
        '{"ev":"deal","trump":"H"}\n'
        '{"ev":"end","A":75,"B":45}\n'
    )
    # Started again on the same folder, the slate is where it was.
    assert screenshot(tmp_path, name="again.png") == after_deal
    assert (tmp_path / "flash" / "data" / "match.jsonl").read_text() == journal


def test_a_headless_run_without_root_plays_on_a_fresh_flash_it_removes(tmp_path):
    """Without --root, --keys/--png play on a temporary folder, never on the
    terminal's flash (sim-flash/, here a folder of the test's): a deal played
    there is not in the next run, and nothing is left in the temporary folder."""
    interactive_flash = tmp_path / "sim-flash"
    temporary = tmp_path / "tmp"
    temporary.mkdir()

    def headless(keys, png):
        # The simulator with its interactive flash moved here, so that the
        # user's sim-flash/ stays out of reach whatever the code does.
        code = (
            "import pathlib, sys; from host_tools.sim import simulator; "
            "simulator.DEFAULT_ROOT = pathlib.Path(sys.argv[1]); "
            "sys.exit(simulator.main(sys.argv[2:]))"
        )
        result = subprocess.run(
            [sys.executable, "-c", code, interactive_flash, "--keys", keys, "--png", png],
            cwd=ROOT,
            env=dict(os.environ, TMPDIR=str(temporary)),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        return Frame.from_png(png.read_bytes())

    after_deal = headless(A_DEAL, tmp_path / "deal.png")
    fresh = headless("", tmp_path / "fresh.png")
    assert fresh == reference(64, "boot") != after_deal
    assert not interactive_flash.exists()
    assert list(temporary.iterdir()) == []
    assert "temporary folder" in run("--help").stdout


def shifted(frame, across, down):
    """`frame` drawn `across` pixels to the right and `down` pixels lower."""
    memory = bytearray(len(frame.memory))
    for y in range(frame.height - down):
        for x in range(128 - across):
            if frame.pixel(x, y):
                memory[(y + down) // 8 * 128 + x + across] |= 1 << (y + down) % 8
    return Frame(memory, frame.height)


@pytest.mark.parametrize("minutes", [1, 10])
def test_a_match_left_alone_stays_in_sight(tmp_path, minutes):
    """No key for a minute, or ten: the slate stays on the glass; from two
    minutes on dimmed, and moved by a pixel now and then against burn-in."""
    after_deal = screenshot(tmp_path, "--keys", A_DEAL, name="deal.png", flash="deal")
    keys = A_DEAL + " wait:%d" % (minutes * 60000 + 1000)
    left = screenshot(tmp_path, "--keys", keys, name="left.png", flash="left")
    assert left.on and left.lit() == after_deal.lit() > 500
    if minutes < 2:
        assert left == after_deal and not left.dimmed
    else:
        assert left.dimmed
        assert left in [shifted(after_deal, *move) for move in ((0, 0), (1, 0), (1, 1), (0, 1))]


def test_the_key_syntax():
    assert sim.parse_keys("ok next*3 hold:prev wait:250 extra") == "onnnPwwwx"
    with pytest.raises(sim.SimError, match="unknown key 'jump'"):
        sim.parse_keys("ok jump")
    with pytest.raises(sim.SimError, match="a repeat is"):
        sim.parse_keys("next*x")


def test_terminal_keys_become_key_events():
    assert sim.split_keys(b"a\x1b[Dd\x1b[C s\r\n") == ("ppnnoooo", b"")
    assert sim.split_keys(b"AD\x1b[1;2D\x1b[1;2CS\x7fe") == ("PNPNOOx", b"")
    assert sim.split_keys(b"zs") == ("o", b"")  # keys the slate has no use for are dropped
    assert sim.split_keys(b"sq") == (None, b"")  # q quits


def test_a_key_cut_by_a_read_waits_for_its_end():
    burst = b"\x1b[C" * 25  # 75 bytes: a read of 64 cuts the 22nd key
    events, rest = sim.split_keys(burst[:64])
    assert (events, rest) == ("n" * 21, b"\x1b")
    assert sim.split_keys(rest + burst[64:]) == ("n" * 4, b"")
    assert sim.split_keys(b"d\x1b[1;2") == ("n", b"\x1b[1;2")
    assert sim.split_keys(b"\x1bd") == ("n", b"")  # a lone Escape is no key
    assert sim.split_keys(b"s\x1b[Dq\x1b[C") == (None, b"")


@pytest.mark.parametrize(
    "args, message",
    [
        (("--board", "nano"), "no board 'nano': choose one of esp32_c3"),
        (("--keys", "ok jump"), "unknown key 'jump'"),
        (("--height", "48"), "invalid choice: 48"),
    ],
)
def test_bad_input_is_refused_with_a_message(tmp_path, args, message):
    result = run("--root", tmp_path, "--png", tmp_path / "x.png", *args)
    assert result.returncode != 0
    assert message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_the_picture_never_replaces_the_flash_or_the_board_file(tmp_path):
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    journal = flash / "data" / "match.jsonl"
    journal.write_text('{"ev":"match","dealer":0,"game":"brouc","rules":"etivaz","target":5}\n')
    settings = flash / "data" / "settings.json"
    settings.write_text("{}")
    board = tmp_path / "mine.py"
    board.write_bytes((ROOT / "boards" / "host.py").read_bytes())
    (tmp_path / "link.png").symlink_to(settings)
    for png, message in (
        (journal, "a .jsonl file is a match log"),
        (tmp_path / "link.png", "it would replace %s" % settings),
        (board, "it would replace %s" % board),
    ):
        result = run("--root", flash, "--board", board, "--keys", "ok", "--png", png)
        assert result.returncode == 1 and message in result.stderr, result.stderr
    assert journal.read_text().startswith('{"ev":"match"') and settings.read_text() == "{}"
    assert board.read_bytes() == (ROOT / "boards" / "host.py").read_bytes()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_simulator_ends_with_its_board_on_a_signal(tmp_path, signum):
    """Started with SIGINT ignored (a `&` job of a non-interactive shell), a signal still
    ends the simulator, and the MicroPython it runs (in a session of its own) with it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "host_tools", "sim", "--root", tmp_path, "--keys", "wait:9999999"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    try:
        board = processes.wait_for(lambda: processes.descendants(process.pid))
        assert board, "the simulator started no board"
        time.sleep(0.5)  # the keys on their way: the board is busy playing them
        process.send_signal(signum)
        assert process.wait(timeout=10) == 130
        assert not [pid for pid in board if processes.alive(pid)]
    finally:
        processes.end(process)


def test_without_a_terminal_the_simulator_says_how_to_script_it(tmp_path):
    result = run("--root", tmp_path)
    assert result.returncode == 1
    assert "needs a terminal" in result.stderr and "--keys" in result.stderr


def test_the_screen_fits_the_terminal():
    frame = reference(64, "trump")
    full = sim.render(frame, 140, 45, title="Ardoise", note="", console=["console line"])
    assert full[2][1:129] == frame.text()[0] and full[1] == "┌" + "─" * 128 + "┐"
    assert full[-1] == "console line"
    # 80x24: the panel in braille at half size, every line within the terminal.
    small = sim.render(frame, 80, 24, title="Ardoise " * 20, note="", console=["console"])
    assert [line[1:65] for line in small[2:18]] == frame.braille()
    assert small[-1] == "console" and len(small) <= 24
    assert max(len(line) for line in small) <= 80
    dark = Frame(frame.memory, 64, on=False)
    assert "screen off: any key wakes it" in sim.render(
        dark, 140, 45, title="", note="", console=[]
    )


def test_frames_are_read_however_the_stream_is_cut():
    frame = reference(32, "trump")
    message = b"F\x01\x04\x7f" + frame.memory
    reader = FrameReader()
    assert reader.feed(message[:100]) == []
    assert reader.feed(message[100:] + message[:1]) == [frame]
    assert reader.feed(message[1:]) == [frame]


# -- the terminal, in tmux -----------------------------------------------------


BLOCKS = {block: pixels for pixels, block in HALF_BLOCKS.items()}


def panel_in(lines):
    """The Frame drawn in the terminal's box of half blocks, or None if there is none."""
    tops = [index for index, line in enumerate(lines) if line.startswith("┌")]
    if not tops:
        return None
    rows = []
    for line in lines[tops[0] + 1 :]:
        if not line.startswith("│"):
            break
        pixels = [[], []]
        for block in line[1:129]:
            if block not in BLOCKS:
                return None
            top, bottom = BLOCKS[block]
            pixels[0].append(top)
            pixels[1].append(bottom)
        rows += pixels
    memory = bytearray(128 * len(rows) // 8)
    for y, row in enumerate(rows):
        for x, bit in enumerate(row):
            memory[(y // 8) * 128 + x] |= bit << (y % 8)
    return Frame(memory, len(rows))


@pytest.fixture
def terminal(tmp_path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it: apt-get install tmux)")
    # The shell stays after the simulator, to show what the terminal is left with.
    command = "%s -m host_tools sim --root %s; echo SIMULATOR-ENDED-$?; sleep 600" % (
        sys.executable,
        tmp_path / "flash",
    )
    session = Tmux("ardoise-sim-%d" % time.monotonic_ns(), "cd %s && %s" % (ROOT, command))
    yield session
    session.close()


def test_a_deal_typed_in_the_terminal(terminal, tmp_path):
    boot = reference(64, "boot")
    lines = terminal.wait_for(lambda lines: panel_in(lines) == boot)
    assert any("q quit" in line for line in lines)
    assert any("Ardoise · host" in line for line in lines)

    # A match, Le Brouc, dealer 1, the confirmation, the trump.
    terminal.keys("Enter", "Space", "s", "Enter", "Enter")
    terminal.wait_for(lambda lines: panel_in(lines) == reference(64, "trump"))

    # ♥, the deal's actions, Fin de donne, then 75 card points for A.
    terminal.keys("Enter", "Enter", "Enter")
    terminal.keys(*["Left"] * 15)
    terminal.keys("Enter", "Enter")
    after_deal = screenshot(tmp_path, "--keys", A_DEAL, flash="headless")
    terminal.wait_for(lambda lines: panel_in(lines) == after_deal, timeout=10)

    # Prev held (Shift+←): the undo screen, as the headless simulator shows it.
    terminal.keys("S-Left")
    undo = screenshot(tmp_path, "--keys", A_DEAL + " hold:prev", flash="headless-undo")
    assert undo != after_deal
    terminal.wait_for(lambda lines: panel_in(lines) == undo)

    terminal.keys("q")
    lines = terminal.wait_for(lambda lines: any("SIMULATOR-ENDED-0" in line for line in lines))
    assert panel_in(lines) is None  # the simulator's screen is gone: the terminal is back


# ...and the end-of-deal screen: each Next gives B a card point (60/60 at first).
TO_END = TO_TRUMP + " ok ok ok"


def test_a_burst_of_keys_is_every_press(terminal, tmp_path):
    """Twenty → typed at once are twenty presses: none lost, however fast."""
    terminal.wait_for(lambda lines: panel_in(lines) == reference(64, "boot"))
    terminal.keys(*["Enter"] * 8)
    at_end = screenshot(tmp_path, "--keys", TO_END, flash="end")
    terminal.wait_for(lambda lines: panel_in(lines) == at_end, timeout=10)
    terminal.burst(*["Right"] * 20)
    moved = screenshot(tmp_path, "--keys", TO_END + " next*20", flash="moved")
    assert moved != screenshot(tmp_path, "--keys", TO_END + " next*19", flash="19")
    terminal.wait_for(lambda lines: panel_in(lines) == moved, timeout=20)
    # A second burst, of letters: 20 d (Next) and 25 a (Prev) typed at once,
    # 75 bytes with the first: the screen passes 15 from the start only at the end.
    terminal.burst(*["d"] * 20, *["a"] * 25)
    back = screenshot(tmp_path, "--keys", TO_END + " next*15", flash="back")
    terminal.wait_for(lambda lines: panel_in(lines) == back, timeout=20)
