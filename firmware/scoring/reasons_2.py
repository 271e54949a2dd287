"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
English refusal texts, for the keys (scoring/reasons.py) of length 2 modulo 5.

What str() of a Refused loads (scoring/match.py): only the part holding its
key, so that a refusal costs little more heap than the fold (tests/test_heap.py).
"""

KEYS = (
    b"\n"
    b"unknown_game\n"
    b"no_deal\n"
    b"no_trick_yet\n"
    b"end_sum\n"
    b"cape_contradicted\n"
    b"session_over\n"
)
TEXT = (
    "unknown game %s (brouc, bruus or brusquembelle)\n"  # unknown_game
    "no deal is in progress\n"  # no_deal
    "team %s has not won a trick in this deal\n"  # no_trick_yet
    "card points must add up to 120, not %d + %d = %d\n"  # end_sum
    "team %s has a marriage in a trick, so team %s had no cape\n"  # cape_contradicted
    "the session of %d deals is over: only undo is accepted\n"  # session_over
)
