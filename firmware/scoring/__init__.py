"""The Ardoise rules core: match logs folded into slates, on CPython and MicroPython.

Pure Python with no hardware: the board, the host tools and the tests import
it unchanged.
"""

from scoring.events import Refused
from scoring.match import GAMES, LINE_LIMIT, LogError, Match, fold_lines, read_lines

__all__ = ("GAMES", "LINE_LIMIT", "LogError", "Match", "Refused", "fold_lines", "read_lines")
