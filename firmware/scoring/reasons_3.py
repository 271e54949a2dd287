"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
English refusal texts, for the keys (scoring/reasons.py) of length 3 modulo 5.

What str() of a Refused loads (scoring/match.py): only the part holding its
key, so that a refusal costs little more heap than the fold (tests/test_heap.py).
"""

KEYS = (
    b"\n"
    b"unknown_event\n"
    b"all_tricks_in\n"
    b"too_few_cards\n"
    b"below_19\n"
    b"opponents_above_14\n"
    b"announce_late\n"
    b"announce_lost\n"
    b"end_both\n"
    b"not_cape\n"
)
TEXT = (
    "unknown event %r\n"  # unknown_event
    "all %d tricks of this deal are already recorded\n"  # all_tricks_in
    "too late to declare %s: players hold only %d cards\n"  # too_few_cards
    "team %s has %d on the slate: cape et dehors needs 19\n"  # below_19
    "team %s has %d: pas dedouble needs the opponents at 14 or less\n"  # opponents_above_14
    "too late to announce: %d tricks are recorded\n"  # announce_late
    "team %s has already lost a trick in this deal\n"  # announce_lost
    'an "end" event gives card points or "cape", not both\n'  # end_both
    "team %s did not win all the tricks\n"  # not_cape
)
