"""The host commands as a user runs them: `python -m host_tools COMMAND ...`
from the repository, each in an interpreter of its own."""

import os
import subprocess
import sys

from host_tools.common import ROOT


def ardoise(*args, timeout=120, **environment):
    """The finished command (a CompletedProcess): its code, stdout and stderr as text;
    `environment` adds variables to its environment."""
    return subprocess.run(
        [sys.executable, "-m", "host_tools", *map(str, args)],
        cwd=ROOT,
        env=dict(os.environ, **environment),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
