"""Proof: the organiser keeps up with a whole club (issue 22, "Load, in `make proof`").

60 slates on one broker, each at its table, play a whole Schwesing evening
(3 sessions of 16 deals, partners drawn for each session by `ardoise
evening draw`) at accelerated key speed: a line every TICK s on every
slate. The broker is the evening's real Mosquitto (tests/evening/conftest.py's
fixture, the config `evening new` generates), the organiser the real
`ardoise evening run`, the slates tests/evening/boards.py's (paho clients
speaking the slate's protocol), their journals Bruus sessions played at
random by the rules core (tests/evening/journals.py), undos included;
tests/evening/load.py plays it.

Measured, and printed: the lines per second the organiser takes in (from
the first line written to the last one in a ranking), and the latency of
each line from its writing on a slate to the first ranking the organiser
publishes (MQTT, retained, as the page shows it) that holds it: median and
worst. Checked: every line reached a ranking, every board's files in the
evening folder are its journal, byte for byte (nothing lost, nothing twice),
and `ardoise tournament FOLDER` ranks them as the page's last standing did.

`make test` plays it small (8 slates, one session of 6 deals); `make proof`
at full size.
"""

import pytest

from host_tools.evening import lang
from tests.evening.conftest import mosquitto  # noqa: F401 (the broker fixture)
from tests.evening.load import describe, new_evening, play_evening
from tests.evening.test_copy import expected_files
from tests.support.commands import ardoise
from tests.support.proof import FULL

TIER = "slow network"

pytestmark = pytest.mark.evening

SLATES = 60 if FULL else 8
SESSIONS = 3 if FULL else 1
DEALS = 16 if FULL else 6
TICK = 0.05  # s between two lines on a slate: a deal of some 7 lines in a third of a second


@pytest.fixture
def evening(tmp_path):
    """The evening tests/evening/conftest.py's `mosquitto` fixture runs the broker of."""
    return new_evening(tmp_path / "evening", SLATES, SESSIONS, DEALS)


def test_sixty_slates_play_a_whole_evening(evening, mosquitto, capsys):  # noqa: F811
    figures, matches, shown, output = play_evening(evening, TICK)
    assert lang.of(evening)("run_stopped") in output, output
    for name, journal in matches.items():
        folder = evening.logs / name
        held = {path.name: path.read_bytes() for path in folder.iterdir()}
        assert held == expected_files(name, journal), name
    ranked = ardoise("tournament", evening.folder)
    assert ranked.returncode == 0, ranked.stderr
    assert shown["lines"] and ranked.stdout.splitlines()[: len(shown["lines"])] == shown["lines"]
    assert shown["refused"] == []
    with capsys.disabled():
        print("\nevening load: " + describe(figures))
