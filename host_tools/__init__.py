"""Laptop-side tools for Ardoise (CPython).

They import the rules core from firmware/ exactly as the board runs it, so the
firmware folder is put on the import path here, once.
"""

import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
