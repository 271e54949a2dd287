"""The tests' groups: tests/conftest.py's scheduler under make test's --dist
loadgroup sends each group whole to one worker, so that a costly fixture
(an emulated MicroPython's deploy, the README's copy) is made once."""

from tests.conftest import group_of
from tests.pico.conftest import FIRMWARES

TIER = "quick"

SESSION = "tests/pico/test_sessions.py::test_a_session_played_through_the_pins[%s-bruus-game-64-4]"
SLEEP = "tests/pico/test_sleep.py::test_the_sleeping_slate_wakes_on_a_short_press[%s]"
README = "tests/test_readme.py::test_the_commands_work_as_written[README.md:%d]"


def test_an_emulated_pico_test_goes_with_its_micropythons_deploy():
    groups = {group_of(SESSION % firmware) for firmware in FIRMWARES}
    assert len(groups) == len(FIRMWARES)
    for firmware in FIRMWARES:
        assert (
            group_of(SESSION % firmware)
            == group_of(SLEEP % firmware)
            == ("emulated-pico-" + firmware)
        )


def test_the_readmes_blocks_go_together_and_other_tests_alone():
    assert group_of(README % 468) == group_of(README % 482) == "readme"
    assert group_of("tests/core/test_lines.py::test_the_table_is_what_cpythons_json_says") is None
