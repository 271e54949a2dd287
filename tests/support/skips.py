"""Which parts of `make test` cannot run here, said in one line before they
skip; and ARDOISE_NO_SKIP=1 (.ci/run sets it), under which any skip fails.

    python -m tests.support.skips     the line (make test prints it first)

As a pytest plugin (tests/conftest.py loads it), a skipped test fails when
ARDOISE_NO_SKIP=1: a clean clone in CI has everything, so a skip there is a
part that silently stopped being tested.
"""

import os
import shutil

import pytest

from host_tools.common import MICROPYTHON, SHARED_VENDOR

NO_SKIP = "ARDOISE_NO_SKIP"
# The MicroPython 1.27 sources the Pico image is built from (make firmware),
# where this workspace keeps them; MICROPYTHON_DIR names another tree.
MICROPYTHON_SOURCES = SHARED_VENDOR / "micropython" / "micropython-1.27.0-rp2-src.tar.xz"


def mosquitto():
    return shutil.which("mosquitto") or (
        "/usr/sbin/mosquitto" if os.access("/usr/sbin/mosquitto", os.X_OK) else None
    )


def missing():
    """[(the tests that skip, why)] for the parts this machine lacks."""
    from host_tools.emulator.pico import missing as emulated_missing

    found = []
    if not MICROPYTHON.exists():
        found.append(("the firmware under MicroPython", "no MicroPython in .venv: make venv"))
    if shutil.which("node") is None:
        found.append(("the page's board in node", "no Node: make node"))
    emulated = emulated_missing()
    if emulated:
        found.append(("the emulated Pico", emulated))
    if not any(map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))):
        found.append(("the browser tests", "no Chromium: apt-get install chromium"))
    if not (MICROPYTHON_SOURCES.is_file() or os.environ.get("MICROPYTHON_DIR")):
        found.append(
            ("the Pico image's build", "no MicroPython sources: %s" % MICROPYTHON_SOURCES.name)
        )
    if mosquitto() is None:
        found.append(("the evening's broker tests", "no mosquitto: apt-get install mosquitto"))
    if os.geteuid() != 0:  # tests/evening/test_disk.py mounts a tmpfs to fill
        found.append(
            ("the evening's full disk on a small filesystem", "not root: ENOSPC injected instead")
        )
    if shutil.which("tmux") is None:
        found.append(("the terminal simulator's tests", "no tmux: apt-get install tmux"))
    return found


def line(parts):
    """The one line make test starts with."""
    strict = " (ARDOISE_NO_SKIP=1: any skip fails)" if os.environ.get(NO_SKIP) == "1" else ""
    if not parts:
        return "make test: every part runs here" + strict
    said = "; ".join("%s (%s)" % part for part in parts)
    return "make test: will skip %s%s" % (said, strict)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get(NO_SKIP) == "1" and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = "skipped under %s=1, which fails any skip: %s" % (NO_SKIP, reason)


if __name__ == "__main__":
    print(line(missing()))
