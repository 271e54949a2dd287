"""Device tests that need nothing MicroPython-only, run again under pytest on
CPython, where the host tools and the simulator run the same code (pytest
skips tests/device; tests/test_micropython.py runs all of it under MicroPython)."""

import pathlib
import sys

DEVICE_TESTS = pathlib.Path(__file__).resolve().parent / "device"
sys.path.insert(0, str(DEVICE_TESTS))  # for their helpers, as tests/mp_runner.py does

import test_buttons  # noqa: E402
import test_journal  # noqa: E402

TIER = "quick"
TIER_OF = {
    "test_journal_": "slow",
}

for _module in (test_buttons, test_journal):
    globals().update(
        ("test_%s_%s" % (_module.__name__[5:], name[5:]), getattr(_module, name))
        for name in dir(_module)
        if name.startswith("test_")
    )
