"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
English refusal texts, for the keys (scoring/reasons.py) of length 1 modulo 5.

What str() of a Refused loads (scoring/match.py): only the part holding its
key, so that a refusal costs little more heap than the fold (tests/test_heap.py).
"""

KEYS = (
    b"\n"
    b"first_match\n"
    b"match_again\n"
    b"unknown_key\n"
    b"missing_key\n"
    b"no_announce\n"
    b"tricks_left\n"
    b"no_counterstrike\n"
)
TEXT = (
    'the first event must be a "match" event\n'  # first_match
    "the match has already begun; start a new log for a new match\n"  # match_again
    "unknown key %r in a %r event\n"  # unknown_key
    "a %r event needs %r\n"  # missing_key
    "no cape announcement in the %r rules\n"  # no_announce
    "a trick counting %d is too many: the deal has %d trick(s) left\n"  # tricks_left
    "no counterstrike in the %r rules: two players cannot play one\n"  # no_counterstrike
)
