"""pytest on CPython: tests/device needs MicroPython's own modules, so only
tests/test_micropython.py runs it (under the real interpreter).

No test may leave a process behind: pytest is made the "subreaper" of what
it starts (Linux), so that a grandchild whose parent died (a MicroPython
child of its own session, say) becomes pytest's child rather than init's;
at the end of the session any process still running under pytest fails the
session, named, and is killed.

Tiers: each test is marked by what it needs (pyproject.toml lists the
markers; each file's TIER says them, see below): `make quick` runs the
unmarked ones, `make check` all but the emulator's and the browser's,
`make test` all of them on every core (pytest-xdist).

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
pytest_plugins = ["tests.support.skips", "pytester"]

settings.register_profile("test", deadline=None)
settings.register_profile("proof", deadline=None, max_examples=1_000)
settings.load_profile("test")
seeded_walks.only_the_seed()

# Each test file says what its tests need: a module constant TIER, "quick"
# or pyproject.toml's markers separated by spaces ("micropython slow"), and
# for some of its tests more, TIER_OF: {a test's name or its start: markers}.
# A plain constant, read the same by MicroPython (tests/core runs there too).
# A file without TIER fails its collection, so no new file lands in the
# quick tier unsaid. tests/device's modules are not collected here: they run
# under MicroPython through tests/test_micropython.py, and take its tier.
QUICK = "quick"


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


def tier_of(module, name):
    """The markers the test `name` of `module` needs (TIER, then TIER_OF)."""
    words = module.TIER.split()
    for start, more in getattr(module, "TIER_OF", {}).items():
        if name.startswith(start):
            words += more.split()
    return [word for word in words if word != QUICK]


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    """A test file that declares no TIER fails its collection, named."""
    report = yield
    if isinstance(collector, pytest.Module) and report.passed:
        tier = getattr(collector.obj, "TIER", None)
        if not isinstance(tier, str) or not tier.split():
            report.outcome = "failed"
            report.longrepr = (
                "%s declares no tier: add TIER = %r, or the markers its tests need "
                '(pyproject.toml), e.g. TIER = "micropython slow" (tests/conftest.py)'
                % (collector.nodeid, QUICK)
            )
            report.result = []
    return report


def pytest_collection_modifyitems(config, items):
    for item in items:
        for marker in tier_of(item.module, getattr(item, "originalname", item.name)):
            item.add_marker(marker)  # --strict-markers: an unknown one fails


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
