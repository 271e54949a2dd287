"""Scratch folders for device tests, on MicroPython and CPython alike (no os.path)."""

import os


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
