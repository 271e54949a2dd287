"""Whether the proofs run at full size: `make proof` loads the "proof"
Hypothesis profile (--hypothesis-profile=proof), `make test` the "test" one
(both registered in tests/conftest.py). Read when a test module is
collected, after the profile is loaded."""

from hypothesis import settings

FULL = settings.get_current_profile_name() == "proof"
