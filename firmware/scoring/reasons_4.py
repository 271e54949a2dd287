"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
English refusal texts, for the keys (scoring/reasons.py) of length 4 modulo 5.

What str() of a Refused loads (scoring/match.py): only the part holding its
key, so that a refusal costs little more heap than the fold (tests/test_heap.py).
"""

KEYS = (
    b"\n"
    b"bad_value\n"
    b"match_won\n"
    b"deal_open\n"
    b"suit_used\n"
    b"announced\n"
    b"no_dehors\n"
    b"out_short\n"
)
TEXT = (
    "%r must be %s, not %s\n"  # bad_value
    "the match is won by team %s: only undo is accepted\n"  # match_won
    "a deal is already in progress\n"  # deal_open
    "the marriage in %s is already counted in this deal\n"  # suit_used
    "a cape is already announced in this deal\n"  # announced
    "no dehors call in the %r rules\n"  # no_dehors
    "team %s counts %d: dehors needs %d\n"  # out_short
)
