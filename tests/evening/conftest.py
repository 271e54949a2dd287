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
import threading
import time

import pytest

from host_tools.bench.broker import free_port
from host_tools.common import ROOT
from host_tools.evening import broker
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import Evening
from tests.web.conftest import web_folder  # noqa: F401 (the slate's page, for the phones)
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
                "--ssid",
                "club",
                "--wifi-password",
                "secret",
                "--broker-port",
                ports[0],
                "--websockets-port",
                ports[1],
                "--page-port",
                ports[2],
                "--lang",
                lang,
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
    Wi-Fi "club", free ports, in English; `options` added), then `draw --seed SEED`:
    (folder, port)."""
    from tests.support.commands import ardoise

    folder = tmp_path / "evening"
    names = tmp_path / "names.txt"
    names.write_text(players, encoding="utf-8")
    port = free_port()
    for command in (
        ["new", folder, "--players", names, "--ssid", "club", "--wifi-password", "secret",
         "--broker-port", port, "--websockets-port", free_port(), "--page-port", free_port(),
         "--lang", "en", *options],
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


class Run:
    """`ardoise evening run FOLDER OPTIONS...` running, its output (stdout and stderr)
    read as it comes, so that a test can wait for what it says while it runs."""

    def __init__(self, evening, *options, env=None):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "host_tools", "evening", "run", str(evening.folder)]
            + [str(option) for option in options],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line)

    @property
    def output(self):
        return "".join(self.lines)

    def said(self, text, timeout=20):
        """Whether `text` is in the output within `timeout` s (False once `run` ended)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.output:
                return True
            if self.process.poll() is not None:
                self.reader.join(5)
                return text in self.output
            time.sleep(0.05)
        return False

    def running(self):
        return self.process.poll() is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    def stop(self, how=signal.SIGINT):
        """Stopped (killed if it does not end): its whole output."""
        if self.process.poll() is None:
            self.process.send_signal(how)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.reader.join(5)
        self.process.stdout.close()
        return self.output


def broker_url(evening):
    """The evening's broker as `run --broker` takes it: the organiser's user, whose
    password `run` reads in secrets.json."""
    return "mqtt://organiser@127.0.0.1:%d" % evening.settings["broker"]["port"]


def wait_for_page(port, process, timeout=20):
    """Wait until `run`'s page answers on `port`; AssertionError with its output if
    `run` ended first or the page never answered."""
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(process.stdout.read())
        try:
            with urllib.request.urlopen("http://127.0.0.1:%d/state" % port, timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the page did not answer")


def own_run(evening, *options, page=None):
    """`ardoise evening run` with its own Mosquitto (or OPTIONS' broker), its page up on
    `page` (the evening's port by default); stopped if the page never answers."""
    page = page or evening.settings["page_port"]
    run = Run(evening, "--page-host", "127.0.0.1", *options)
    try:
        wait_for_page(page, run.process)
    except BaseException:
        run.stop()
        raise
    return run


def table_status(evening, table):
    """Table `table`'s board as `run`'s page says it is (online, offline, None): a
    client's id is its user, so a test cannot listen as the organiser beside `run`."""
    import json
    import urllib.request

    url = "http://127.0.0.1:%d/state" % evening.settings["page_port"]
    try:
        with urllib.request.urlopen(url, timeout=2) as reply:
            state = json.loads(reply.read())
    except OSError:
        return None
    return next((row["status"] for row in state["tables"] if row["table"] == table), None)
