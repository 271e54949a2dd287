"""Each test file says its tier (tests/conftest.py's TIER and TIER_OF): a
file that says none fails its collection, so no new file lands unsaid in
the quick tier; the tier it says marks its tests. make quick, make check and
make test each say at the end how long they took."""

import os
import re
import subprocess
import textwrap

import pytest

from host_tools.common import ROOT

TIER = "quick"

# A pytest run of its own, with the project's tier hooks and markers.
CONFTEST = """
from tests.conftest import pytest_collection_modifyitems, pytest_make_collect_report
"""
INI = """
[pytest]
addopts = --strict-markers -p no:cacheprovider
markers =
    slow: long
    micropython: MicroPython
"""


def run(pytester, source, *arguments):
    pytester.makeconftest(CONFTEST)
    pytester.makeini(INI)
    pytester.makepyfile(test_synthetic=textwrap.dedent(source))
    pytester.syspathinsert(ROOT)
    return pytester.runpytest_inprocess("--collect-only", "-q", *arguments)


def test_a_file_without_a_tier_fails_its_collection(pytester):
    result = run(pytester, "def test_anything():\n    pass\n")
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*test_synthetic.py declares no tier*", "*1 error*"])


def test_a_file_with_an_empty_tier_fails_its_collection(pytester):
    result = run(pytester, 'TIER = ""\n\ndef test_anything():\n    pass\n')
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*declares no tier*"])


def test_an_unknown_marker_fails(pytester):
    result = run(pytester, 'TIER = "slwo"\n\ndef test_anything():\n    pass\n')
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*slwo*not found*"])


def test_the_tier_marks_the_files_tests_and_tier_of_some_of_them(pytester):
    source = """
        TIER = "micropython"
        TIER_OF = {"test_long": "slow"}

        def test_short():
            pass

        def test_long_one():
            pass
    """
    result = run(pytester, source, "-m", "not slow")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["*test_short*", "*1/2 tests collected (1 deselected)*"])
    result = run(pytester, source, "-m", "not micropython")
    assert result.ret == 5  # nothing left to run


def test_a_quick_file_is_unmarked(pytester):
    result = run(pytester, 'TIER = "quick"\n\ndef test_anything():\n    pass\n', "-m", "not slow")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["*1 test collected*"])


@pytest.mark.parametrize("target", ["quick", "check", "test"])
@pytest.mark.parametrize("runs", [True, False])
def test_each_tier_says_how_long_it_took(target, runs):
    """The target's commands stood in for by `true` (or `false`: a failed run
    says its time too, and still fails); nothing is built or run."""
    stand_in = "true" if runs else "false"
    environment = {
        name: value for name, value in os.environ.items() if not name.startswith(("MAKE", "MFLAGS"))
    }
    result = subprocess.run(
        ["make", "--no-print-directory", target, "PY=" + stand_in, "MAKE=true"]
        + ["STAMP=", "NODE_STAMP="],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    took = re.findall(r"^make (\w+) took (\d+)m(\d\d)s$", result.stdout, re.M)
    assert [name for name, *_ in took] == [target], result.stdout + result.stderr
    assert (result.returncode == 0) == runs, result.stderr
