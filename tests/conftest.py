"""pytest on CPython: tests/device needs MicroPython's own modules, so only
tests/test_micropython.py runs it (under the real interpreter).

No test may leave a process behind: pytest is made the "subreaper" of what
it starts (Linux), so that a grandchild whose parent died (a MicroPython
child of its own session, say) becomes pytest's child rather than init's;
at the end of the session any process still running under pytest fails the
session, named, and is killed.
"""

import ctypes
import os
import sys

import pytest

from tests.support import processes

collect_ignore = ["device", "mp_runner.py"]

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
