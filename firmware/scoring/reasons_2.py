"""English refusal texts, for the keys (scoring/reasons.py) of length 2 modulo 5.

What str() of a Refused loads (scoring/match.py): only the part holding
its key, so that a refusal costs a board little more heap than the fold
(tests/test_heap.py).
"""

KEYS = b"\nunknown_game\nno_deal\nno_trick_yet\nend_sum\ncape_contradicted\nsession_over\n"
TEXT = (
    "unknown game %s (brouc, bruus or brusquembelle)\n"  # unknown_game
    "no deal is in progress\n"  # no_deal
    "team %s has not won a trick in this deal\n"  # no_trick_yet
    "card points must add up to 120, not %d + %d = %d\n"  # end_sum
    "team %s has a marriage in a trick, so team %s had no cape\n"  # cape_contradicted
    "the session of %d deals is over: only undo is accepted\n"  # session_over
)
