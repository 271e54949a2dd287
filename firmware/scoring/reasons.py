"""Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.
The keys of the reasons why the rules refuse an event (a Refused's key).

Their English texts, what replay prints, are in scoring/reasons_<n>.py, n
the key's length modulo 5: str() of a refusal loads only the part that holds
its key (scoring/match.py), so that a refusal costs a board little more heap
than the fold of its log (tests/test_heap.py, make bench). The device's other
languages are in ardoise/lang/<language>_reasons.py, a line each in the
order of KEYS below.
"""

# One bytes, as the screens' keys (ardoise/lang): line i names line i of
# each translation.
KEYS = (
    b"\n"
    b"not_object\n"
    b"no_ev\n"
    b"first_match\n"
    b"match_again\n"
    b"unknown_game\n"
    b"unknown_event\n"
    b"unknown_key\n"
    b"missing_key\n"
    b"bad_value\n"
    b"nothing_to_undo\n"
    b"match_won\n"
    b"deal_open\n"
    b"no_deal\n"
    b"all_tricks_in\n"
    b"no_trick_yet\n"
    b"too_few_cards\n"
    b"suit_used\n"
    b"no_announce\n"
    b"wrong_call\n"
    b"announced\n"
    b"below_19\n"
    b"opponents_above_14\n"
    b"announce_late\n"
    b"announce_lost\n"
    b"no_dehors\n"
    b"out_short\n"
    b"points_no_trick\n"
    b"end_sum\n"
    b"end_both\n"
    b"end_tricks\n"
    b"not_cape\n"
    b"cape_contradicted\n"
    b"tricks_left\n"
    b"no_counterstrike\n"
    b"pairs_four\n"
    b"rank_all_played\n"
    b"points_sum\n"
    b"session_over\n"
)
