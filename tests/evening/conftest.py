"""An evening's folder and its broker, real: Mosquitto (/usr/sbin/mosquitto) with the
config `ardoise evening` generates, on free ports of 127.0.0.1, stopped at the end.

Boards are enrolled in the folder as `enrol` does it, without a board on USB
(test_enrol.py enrols a virtual board); they publish with paho-mqtt
(tests/evening/boards.py). Every test here is marked `evening`:
`pytest -m evening` runs them alone.
"""

import pathlib
import signal
import subprocess
import sys

import pytest

from host_tools.bench.broker import free_port
from host_tools.common import ROOT
from host_tools.evening import broker
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import Evening
from tests.web.test_browser import browser  # noqa: F401 (headless Chromium, for test_page.py)

NAMES = "Anne\nPaul\nÉmile\nRösli\nHans\nVreni\nTrudi\nSepp\nZoë\nMax\nLena\nOtto\n"
BOARDS = ("b1", "b2", "b3")


def pytest_collection_modifyitems(items):
    here = pathlib.Path(__file__).parent
    for item in items:
        if here in pathlib.Path(item.fspath).parents:
            item.add_marker(pytest.mark.evening)


def make_evening(folder, boards=BOARDS, seed=7, lang="en"):
    """A new evening of 12 players, session 1 drawn, `boards` enrolled at tables 1, 2, 3;
    in English unless `lang` says (French is `new`'s default)."""
    names = folder.parent / (folder.name + "-names.txt")
    names.write_text(NAMES, encoding="utf-8")
    ports = [str(free_port()) for _ in range(3)]
    assert (
        evening_main(
            [
                "new",
                str(folder),
                "--players",
                str(names),
                "--broker-port",
                ports[0],
                "--websockets-port",
                ports[1],
                "--page-port",
                ports[2],
                "--lang",
                lang,
                "--ssid",
                "ClubWifi",
                "--wifi-password",
                "secret",
            ]
        )
        == 0
    )
    assert evening_main(["draw", str(folder), "--seed", str(seed)]) == 0
    evening = Evening.load(folder)
    for table, board in enumerate(boards, 1):
        evening.enrol(board, None, table)
    evening.save()
    broker.write_config(evening)
    return evening


@pytest.fixture
def evening(tmp_path):
    return make_evening(tmp_path / "evening")


@pytest.fixture
def mosquitto(evening):
    """The evening's own Mosquitto, listening; stopped at the end."""
    if not pathlib.Path(broker.MOSQUITTO).exists():
        pytest.skip("no Mosquitto (apt-get install mosquitto)")
    process = broker.Mosquitto(broker.write_config(evening, bind="127.0.0.1"))
    process.start()
    try:
        process.wait_listening(evening.settings["broker"]["port"])
        yield process
    finally:
        process.stop()


def start_run(evening, *options):
    """`ardoise evening run FOLDER OPTIONS...` started, its output (stdout and stderr) piped."""
    return subprocess.Popen(
        [sys.executable, "-m", "host_tools", "evening", "run", str(evening.folder)]
        + [str(option) for option in options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def evening_from_the_command_line(tmp_path, players, seed, *options):
    """`ardoise evening new` as an organiser types it (the players' file `players`, the
    Wi-Fi "club", free ports; `options` added), then `draw --seed SEED`: (folder, port)."""
    from tests.support.commands import ardoise

    folder = tmp_path / "evening"
    names = tmp_path / "names.txt"
    names.write_text(players, encoding="utf-8")
    port = free_port()
    for command in (
        ["new", folder, "--players", names, "--ssid", "club", "--wifi-password", "secret",
         "--broker-port", port, "--websockets-port", free_port(), "--page-port", free_port(),
         *options],
        ["draw", folder, "--seed", seed],
    ):  # fmt: skip
        done = ardoise("evening", *command)
        assert done.returncode == 0, done.stdout + done.stderr
    return folder, port


def stop_run(run):
    """Ctrl-C to `evening run`: what it said, once it ended well."""
    run.send_signal(signal.SIGINT)
    output = run.communicate(timeout=30)[0]
    assert run.returncode == 0, output
    return output
