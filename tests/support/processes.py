"""The processes a test started, found through /proc (Linux), so that none is left behind.

A child that starts a session of its own (the MicroPython behind the virtual
board, the simulator's board) is out of its parent's process group, so a
signal to the group misses it: these helpers walk the parent links instead.
"""

import os
import signal
import time


def _status(pid):
    """(state, parent pid) of `pid`, or None if it is gone."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as stat:
            text = stat.read()
    except OSError:
        return None
    # "pid (command) state ppid ...": the command may hold spaces and parentheses.
    fields = text[text.rindex(b")") + 2 :].split()
    return fields[0].decode(), int(fields[1])


def alive(pid):
    """Whether `pid` runs (a zombie, ended but not yet waited for, does not)."""
    status = _status(pid)
    return status is not None and status[0] != "Z"


def descendants(pid):
    """The running processes under `pid`: its children, theirs, and so on."""
    children = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            status = _status(int(name))
            if status is not None and status[0] != "Z":
                children.setdefault(status[1], []).append(int(name))
    found, waiting = [], [pid]
    while waiting:
        for child in children.get(waiting.pop(), ()):
            found.append(child)
            waiting.append(child)
    return found


def command_line(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as cmdline:
            return cmdline.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
    except OSError:
        return "(gone)"


def kill_tree(pid):
    """SIGKILL `pid` and every process under it; returns the pids that were running."""
    tree = [pid, *descendants(pid)]  # before the parent dies and its children move
    running = [each for each in tree if alive(each)]
    for each in running:
        try:
            os.kill(each, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return running


def end(process, timeout=10):
    """Make sure the subprocess.Popen `process` and everything under it are gone."""
    if process.poll() is None or descendants(process.pid):
        kill_tree(process.pid)
    process.wait(timeout=timeout)


def wait_for(test, timeout=30, step=0.05):
    """test()'s first true value within `timeout` seconds, else None."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(step)
    return None
