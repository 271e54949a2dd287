"""Proofs of the slate: random legal games, fuzzed input, power cuts (CPython helpers)."""

import contextlib
import gc


@contextlib.contextmanager
def frozen_heap():
    """Set the objects alive now aside from garbage collection while the block runs.

    Every refusal's text runs gc.collect() (for a board's small heap: its
    texts load then); in a test runner holding many objects each of those
    full collections costs tens of milliseconds and would dominate a proof
    that folds many logs the rules refuse.
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
