"""The plain test modules again, under the real MicroPython interpreter.

tests/core holds the rules tests (pytest runs them on CPython too);
tests/device holds firmware tests that need MicroPython's own modules
(framebuf, micropython). A test that passes on one interpreter and not the
other fails here.
"""

import os
import pathlib
import subprocess
import sys

import pytest

from tests.support.proof import FULL

TIER = "slow micropython"

ROOT = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"
MODULES = sorted(
    path.relative_to(ROOT).as_posix()
    for folder in ("tests/core", "tests/device")
    for path in (ROOT / folder).glob("test_*.py")
)


@pytest.mark.parametrize("module", MODULES)
def test_module_passes_on_micropython(module):
    result = subprocess.run(
        [str(MICROPYTHON), "tests/mp_runner.py", module],
        cwd=ROOT,
        # The device tests run under MicroPython, which has no Hypothesis
        # profile: the proofs' size reaches them as ARDOISE_PROOF.
        env=dict(os.environ, ARDOISE_PROOF="full" if FULL else "small"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 failed" in result.stdout
