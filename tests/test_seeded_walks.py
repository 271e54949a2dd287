"""A Hypothesis walk is a function of its seed: not of the modules other tests imported.

Hypothesis now and then draws a constant it found in the source of the
"local" modules already imported (not the standard library's, not
site-packages'). Which modules those are depends on the tests that ran
before in the same process, and so, under pytest-xdist, on which worker got
which test, that is on the machine's load: tests/test_proof_screens.py's
walk made 1,234 gestures alone, 2,247 after tests/test_properties.py and
tests/test_proof_tools.py, and then missed its coverage check. tests/
conftest.py keeps that pool empty; this test imports a module of its own
constants between two runs of one derandomized test and compares the draws.
"""

import importlib
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

TIER = "quick"

# Constants only the module below holds: no other pool has numbers there.
LOW = 10**12
CONSTANTS = [LOW + 7 * index for index in range(1, 40)]


def draws():
    seen = []

    @settings(max_examples=300, derandomize=True, database=None)
    @given(st.integers(LOW, LOW + 10**9))
    def walk(number):
        seen.append(number)

    walk()
    return seen


def test_the_draws_do_not_depend_on_the_modules_imported(tmp_path, monkeypatch):
    before = draws()
    folder = tmp_path / "walk"
    folder.mkdir()
    module = folder / "walk_constants.py"
    module.write_text("".join("VALUE_%d = %d\n" % pair for pair in enumerate(CONSTANTS)))
    monkeypatch.syspath_prepend(str(folder))
    try:
        importlib.import_module("walk_constants")
        after = draws()
    finally:
        sys.modules.pop("walk_constants", None)
    assert after == before
    assert not set(CONSTANTS) & set(after)
