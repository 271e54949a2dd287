"""Every Hypothesis walk a function of its seed, whatever else the process imported.

Hypothesis draws now and then (1 draw in 20) a constant it found in the
source of the "local" modules already imported, those of neither the
standard library nor site-packages (hypothesis.internal.conjecture.providers:
_get_local_constants). Which modules those are depends on the tests that ran
before in the same process: under pytest-xdist, on which worker was given
which test, that is on the machine's load, and on the path of the clone (a
module under a folder named "test" is not local). A derandomized proof then
walks otherwise from one run to the next (tests/test_proof_screens.py: 1,234
gestures alone, 2,247 after two other files' tests, and its coverage check
missed). Hypothesis has no setting for it: the pool is kept empty here, for
every test (tests/test_seeded_walks.py checks it); the constants of
Hypothesis's own pool (0, -1, 2**63, "\\u2029"...) are still drawn.
"""

from hypothesis.internal.conjecture import providers
from hypothesis.internal.constants_ast import Constants


def only_the_seed():
    """Keep Hypothesis's pool of the local modules' constants empty."""
    if not callable(getattr(providers, "_get_local_constants", None)):
        raise RuntimeError(
            "Hypothesis no longer has providers._get_local_constants: see "
            "tests/support/seeded_walks.py for what must stay true"
        )
    empty = Constants()
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE.cache.clear()  # pools already built with them
