"""Laptop-side tools for Ardoise (CPython).

They import the rules core from firmware/ exactly as the board runs it, so the
firmware folder, and the CPython stand-in for MicroPython's `micropython`
module, are put on the import path here, once.
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
FIRMWARE = os.path.join(os.path.dirname(_HERE), "firmware")
for _folder in (os.path.join(_HERE, "cpython"), FIRMWARE):
    if _folder not in sys.path:
        sys.path.insert(0, _folder)
