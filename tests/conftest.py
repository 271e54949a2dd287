"""pytest on CPython: tests/device needs MicroPython's own modules, so only
tests/test_micropython.py runs it (under the real interpreter).

No test may leave a process behind: pytest is made the "subreaper" of what
it starts (Linux), so that a grandchild whose parent died (a MicroPython
child of its own session, say) becomes pytest's child rather than init's;
at the end of the session any process still running under pytest fails the
session, named, and is killed.

Tiers: each test is marked by what it needs (pyproject.toml lists the
markers; TIERS below marks whole files and folders): `make quick` runs the
unmarked ones, `make test` all of them on every core (pytest-xdist).

Hypothesis profiles: "test" (make test, the proofs small) unless
--hypothesis-profile=proof (make proof, the proofs at full size;
tests/support/proof.py says which is on). Every walk is a function of its
seed only (tests/support/seeded_walks.py).
"""

import ctypes
import os
import sys

import pytest
from hypothesis import settings

from tests.support import processes, seeded_walks

collect_ignore = ["device", "mp_runner.py"]
pytest_plugins = ["tests.support.skips"]

settings.register_profile("test", deadline=None)
settings.register_profile("proof", deadline=None, max_examples=1_000)
settings.load_profile("test")
seeded_walks.only_the_seed()

# What a folder, a file or a test (a node id's start) needs, as markers.
TIERS = {
    "tests/pico/": ("emulator", "slow"),
    "tests/web/test_browser.py": ("browser", "network", "slow"),
    "tests/web/test_node.py": ("browser",),
    "tests/test_readme.py": ("micropython", "network", "slow"),
    "tests/test_device_evening.py": ("micropython", "network", "slow"),
    "tests/evening/": ("network",),
    "tests/evening/test_page.py": ("browser", "slow"),
    "tests/evening/test_phones.py": ("browser", "slow"),
    "tests/evening/test_phones_e2e.py": ("browser", "micropython", "slow"),
    "tests/evening/test_phone_enrol.py::test_a_build_is_kept": ("browser",),
    "tests/evening/test_evening_e2e.py": ("micropython", "slow"),
    "tests/evening/test_try.py": ("micropython", "slow"),
    "tests/evening/test_printouts.py": ("browser", "slow"),
    "tests/evening/test_season.py": ("slow",),
    "tests/evening/test_course.py": ("slow",),
    "tests/evening/test_lang.py": ("slow",),
    "tests/evening/test_spare.py": ("micropython", "slow"),
    "tests/evening/test_commands.py::test_enrol": ("micropython",),  # a virtual board
    "tests/evening/test_championship_e2e.py": ("slow",),
    "tests/evening/test_championship_page.py": ("browser", "slow"),
    "tests/evening/test_championship_time.py": ("micropython", "slow"),
    "tests/evening/test_pairing.py::test_no_rematch_while_a_pairing_avoids_it": ("slow",),
    "tests/evening/test_pairing.py::test_forty_pairs_play_thirty_nine_rounds": ("slow",),
    "tests/host_tools/board/": ("micropython",),
    "tests/host_tools/sim/test_simulator.py": ("micropython",),
    "tests/host_tools/logs/test_pictures.py": ("micropython",),
    "tests/test_micropython.py": ("micropython", "slow"),
    "tests/test_device_e2e.py": ("micropython", "slow"),
    "tests/test_device_e2e_bruus.py": ("micropython", "slow"),
    "tests/test_device_e2e_brusquembelle.py": ("micropython", "slow"),
    "tests/test_device_e2e_correct.py": ("micropython", "slow"),
    "tests/test_device_e2e_names.py": ("micropython", "slow"),
    "tests/test_heap.py": ("micropython", "slow"),
    "tests/test_boot.py": ("micropython",),
    "tests/test_font_sheet.py": ("micropython",),
    "tests/test_packaging.py": ("micropython",),
    "tests/test_presses.py": ("micropython",),
    "tests/test_replay_limits.py": ("micropython",),
    "tests/test_ssd1306_against_adafruit.py": ("micropython",),
    "tests/test_proof_fuzz.py": ("micropython", "slow"),
    "tests/test_proof_games.py": ("micropython", "slow"),
    "tests/test_proof_power.py": ("micropython", "slow"),
    "tests/test_proof_screens.py": ("micropython", "slow"),
    "tests/test_proof_tools.py": ("slow",),
    "tests/test_proof_evening.py": ("network", "slow"),
    "tests/test_properties.py": ("slow",),
    # The longest of the unit tests (each several seconds on a free core).
    "tests/core/test_lines.py::test_every_line_is_judged_as_cpythons": ("slow",),
    "tests/test_device_modules_cpython.py::test_journal_": ("slow",),
    "tests/host_tools/logs/test_no_seat_zero.py::test_the_report_of_an_evening": ("slow",),
    "tests/host_tools/logs/test_slate.py::test_deals_read_back_agree": ("slow",),
    "tests/host_tools/logs/test_slate.py::test_a_long_log_is_read_in_the_memory": ("slow",),
    "tests/test_lang.py::test_the_slate_says_each_refusal_in_its_language": ("slow",),
    "tests/test_skips.py::test_a_skip_is_said": ("slow",),
    "tests/test_skips.py::test_under_no_skip": ("slow",),
}


# Tests that share a costly module or session fixture (a deploy to the
# emulated Pico, the page's build and a browser, the README's copy of the
# repository, whose blocks run in order): one group each, sent whole to one
# worker under make test's --dist loadgroup, so that the fixture is made once.
# The emulated Pico's are grouped by MicroPython (its deploy is the fixture,
# the first part of a test's parameters: "mpy-1.22", "image-1.27"), so that
# two workers share the longest of them. The groups are this scheduler's:
# pytest-xdist's own xdist_group marker does nothing under pytest 9 (its
# worker renames a test through a node attribute that pytest no longer reads).
GROUPS = {
    "tests/pico/": "emulated-pico",
    "tests/web/": "web",
    "tests/test_readme.py": "readme",
    "tests/test_device_e2e.py": "device-e2e",
    "tests/test_proof_screens.py": "proof-screens",
    "tests/test_proof_tools.py": "proof-tools",
}


def group_of(nodeid):
    """The group of the test `nodeid` (a GROUPS value), or None for none."""
    for prefix, group in GROUPS.items():
        if nodeid.startswith(prefix):
            parameters = nodeid.partition("[")[2].rstrip("]")
            if group == "emulated-pico" and parameters:
                group += "-" + "-".join(parameters.split("-")[:2])
            return group
    return None


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # optional: -p no:xdist still runs
def pytest_xdist_make_scheduler(config, log):
    """--dist loadgroup by GROUPS: a group's tests on one worker, in order;
    every other test on its own."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return group_of(nodeid) or nodeid

    return GroupScheduling(config, log)


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = item.nodeid  # tests/..., from the root of the repository
        for prefix, markers in TIERS.items():
            if path.startswith(prefix):
                for marker in markers:
                    item.add_marker(marker)


_PR_SET_CHILD_SUBREAPER = 36


def pytest_sessionstart(session):
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def pytest_sessionfinish(session, exitstatus):
    if not os.path.isdir("/proc"):
        return
    left = [(pid, processes.command_line(pid)) for pid in processes.descendants(os.getpid())]
    if not left:
        return
    for pid, _ in left:
        processes.kill_tree(pid)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = ["processes left running by the tests (now killed):"]
    lines += ["  %d %s" % item for item in left]
    if reporter is not None:
        reporter.ensure_newline()
    for line in lines:
        if reporter is not None:
            reporter.write_line(line, red=True)
        else:
            print(line, file=sys.stderr)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
