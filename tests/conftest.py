"""pytest on CPython: tests/device needs MicroPython's own modules, so only
tests/test_micropython.py runs it (under the real interpreter)."""

collect_ignore = ["device", "mp_runner.py"]
