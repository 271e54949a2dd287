"""A terminal for the tests: a detached tmux session they type into and read back.

Used by the terminal simulator's tests (tests/host_tools/sim/) and the
README's (tests/test_readme.py). Each session has a tmux server of its own
(no user configuration, no other sessions), and close() ends every process
started in it.
"""

import subprocess
import time

from tests.support import processes


class Tmux:
    """A detached tmux session running `command` in a 140x45 UTF-8 terminal, on a
    tmux server of its own (no user configuration, no other sessions)."""

    def __init__(self, name, command):
        self.name = name
        self.tmux("new-session", "-d", "-s", name, "-x", "140", "-y", "45", command)

    def tmux(self, *args):
        command = ["tmux", "-u", "-L", self.name, "-f", "/dev/null", *args]
        return subprocess.run(command, capture_output=True, check=True).stdout

    def keys(self, *keys, pause=0.3):
        """Type each key, one at a time, as a person does."""
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(pause)

    def burst(self, *keys):
        """Type all the keys at once: one write to the terminal, faster than any hand."""
        self.tmux("send-keys", "-t", self.name, *keys)

    def lines(self):
        return self.tmux("capture-pane", "-p", "-t", self.name).decode("utf-8").splitlines()

    def wait_for(self, test, timeout=30):
        """The pane's lines once test(lines) holds."""
        deadline = time.monotonic() + timeout
        while not test(lines := self.lines()):
            if time.monotonic() > deadline:
                raise AssertionError("the terminal shows:\n" + "\n".join(lines))
            time.sleep(0.2)
        return lines

    def close(self):
        """End the session and every process in it: the simulator and its board,
        which runs in a session of its own and so misses the terminal's hangup."""
        pane = int(self.tmux("display-message", "-p", "-t", self.name, "#{pane_pid}"))
        tree = [pane, *processes.descendants(pane)]  # before their parents die
        self.tmux("kill-server")
        if not processes.wait_for(lambda: not any(map(processes.alive, tree)), timeout=5):
            for pid in tree:
                processes.kill_tree(pid)
