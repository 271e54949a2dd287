"""`make bench`: the rules core's and the device's figures (report.py,
device.py), with the programs that run under MicroPython (mp_*.py)."""

import json
import subprocess
import sys

from host_tools.common import ROOT


def figures_of(module, what, timeout, arguments=()):
    """The figures the tests' module `module` (run with `arguments`) measures in
    a process of its own and prints as JSON on its last line; RuntimeError
    saying `what` failed."""
    result = subprocess.run(
        [sys.executable, "-m", module, *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if result.returncode:
        raise RuntimeError("%s failed:\n%s%s" % (what, result.stdout, result.stderr))
    return json.loads(result.stdout.splitlines()[-1])
