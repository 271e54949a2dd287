"""Ardoise boot entry: MicroPython runs this file at power-on.

The deploy tool copies the board's description from boards/ (say
boards/pico.py) to the device as /board.py, beside this file and the
compiled firmware (ardoise/, scoring/ as .mpy); board.py is the only file
that names pins. This file stays source: it is the one the board runs.
"""

import board

from ardoise.boot import boot

boot(board.describe())
