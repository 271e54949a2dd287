"""Scratch folders and files for device tests, on MicroPython and CPython alike
(no os.path), a flash that fills up, and the host board on sys.path."""

import os
import sys


def _folder_of(path):
    cut = path.rfind("/")
    return path[:cut] if cut > 0 else "."


ROOT = _folder_of(_folder_of(_folder_of(__file__)))


def host_board():
    """Put the stand-in `machine`, the board files and micropython-lib's
    modules (a board's umqtt) on sys.path: the host board, as
    host_tools/standin/harness.py runs the firmware on it."""
    for folder in (ROOT + "/host_tools/standin", ROOT + "/boards"):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    if ROOT + "/third_party/micropython-lib" not in sys.path:  # after the firmware, as on a board
        sys.path.append(ROOT + "/third_party/micropython-lib")


def in_folder(test):
    """Run `test(root)` in a new empty folder under /tmp, removed afterwards."""

    def run():
        root = "/tmp/ardoise-test-" + "".join("%02x" % byte for byte in os.urandom(6))
        os.mkdir(root)
        try:
            test(root)
        finally:
            remove_tree(root)

    return run


def remove_tree(path):
    for name in os.listdir(path):
        inner = path + "/" + name
        if os.stat(inner)[0] & 0x4000:  # a folder
            remove_tree(inner)
        else:
            os.remove(inner)
    os.rmdir(path)


def read(path):
    with open(path, "rb") as file:
        return file.read()


def write(path, data):
    with open(path, "wb") as file:
        file.write(data)


def exists(path):
    try:
        os.stat(path)
    except OSError:
        return False
    return True


class Full:
    """An opener (`open(path, mode)`) whose written files take `room` more bytes
    in all, then fail as a full flash does: the part that fits written, then
    OSError 28 (a full FAT or littlefs); with `short`, a short count instead
    (how FAT reports a full disk on some ports)."""

    def __init__(self, room=1 << 20, short=False):
        self.room = room
        self.short = short

    def __call__(self, path, mode):
        file = open(path, mode)
        return file if "r" in mode else _Filling(file, self)


class _Filling:
    def __init__(self, file, storage):
        self.file = file
        self.storage = storage

    def write(self, data):
        room = self.storage.room
        if len(data) > room and not self.storage.short:
            self.file.write(data[:room])  # what a full FAT leaves behind
            self.storage.room = 0
            raise OSError(28)
        kept = min(len(data), room)
        self.storage.room = room - kept
        return self.file.write(data[:kept] if kept < len(data) else data)

    def flush(self):
        self.file.flush()

    def close(self):
        self.file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.file.close()
