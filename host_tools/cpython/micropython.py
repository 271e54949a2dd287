"""CPython stand-in for MicroPython's built-in `micropython` module.

Firmware modules write `from micropython import const` exactly as on the
board; on the PC this folder is on the import path (host_tools/__init__.py,
pyproject's pytest pythonpath) and `const` simply returns its value. On the
board, and under the MicroPython unix port, the built-in module is used.
"""


def const(value):
    return value
