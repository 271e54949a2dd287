"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
English refusal texts, for the keys (scoring/reasons.py) of length 0 modulo 5.

What str() of a Refused loads (scoring/match.py): only the part holding its
key, so that a refusal costs little more heap than the fold (tests/test_heap.py).
"""

KEYS = (
    b"\n"
    b"not_object\n"
    b"no_ev\n"
    b"nothing_to_undo\n"
    b"wrong_call\n"
    b"points_no_trick\n"
    b"end_tricks\n"
    b"pairs_four\n"
    b"rank_all_played\n"
    b"points_sum\n"
)
TEXT = (
    "an event must be a JSON object\n"  # not_object
    'an event needs "ev"\n'  # no_ev
    "nothing to undo: the match event cannot be undone\n"  # nothing_to_undo
    "%r is not an announcement of the %r rules\n"  # wrong_call
    "team %s has won no trick, so it has no card points\n"  # points_no_trick
    "the deal's end needs all %d tricks, %d are recorded\n"  # end_tricks
    "pairs need 4 players, not %d\n"  # pairs_four
    "all %d cards of rank %s are already played in this deal\n"  # rank_all_played
    "card points must add up to 120, not %s = %d\n"  # points_sum
)
