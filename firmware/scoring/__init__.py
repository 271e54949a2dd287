"""The Ardoise rules core: match logs folded into slates, on CPython and MicroPython.

Pure Python with no hardware: the board, the host tools and the tests import
it unchanged.
"""

# What the package offers, for `from scoring import ...` (no __all__: its
# tuple would cost a board's RAM for nothing).
from scoring.match import (  # noqa: F401
    GAMES,
    LINE_LIMIT,
    LogError,
    Match,
    Refused,
    fold_lines,
    read_lines,
)
