"""Why the rules refuse an event, in English: what replay prints.

The device shows the same reasons in French, German or English, by key.
"""

# One text each, in the order of KEYS below (each line's key in its
# comment): the device's English table. Small strings, not one long one as
# the screens' texts: it loads them into a heap left in pieces, where a long
# string needs a large hole. ardoise/lang/fr_reasons.py and de_reasons.py
# have the same lines in French and German. The core's own str() of a
# refusal reads the same text from reasons_<len(key) % 5>.py, the part that
# holds its key, and no other (a board's heap: tests/test_heap.py, make
# bench): a new key goes there too.
REASONS = (
    "an event must be a JSON object",  # not_object
    'an event needs "ev"',  # no_ev
    'the first event must be a "match" event',  # first_match
    "the match has already begun; start a new log for a new match",  # match_again
    "unknown game %s (brouc, bruus or brusquembelle)",  # unknown_game
    "unknown event %r",  # unknown_event
    "unknown key %r in a %r event",  # unknown_key
    "a %r event needs %r",  # missing_key
    "%r must be %s, not %s",  # bad_value
    "nothing to undo: the match event cannot be undone",  # nothing_to_undo
    "the match is won by team %s: only undo is accepted",  # match_won
    "a deal is already in progress",  # deal_open
    "no deal is in progress",  # no_deal
    "all %d tricks of this deal are already recorded",  # all_tricks_in
    "team %s has not won a trick in this deal",  # no_trick_yet
    "too late to declare %s: players hold only %d cards",  # too_few_cards
    "the marriage in %s is already counted in this deal",  # suit_used
    "no cape announcement in the %r rules",  # no_announce
    "%r is not an announcement of the %r rules",  # wrong_call
    "a cape is already announced in this deal",  # announced
    "team %s has %d on the slate: cape et dehors needs 19",  # below_19
    "team %s has %d: pas dedouble needs the opponents at 14 or less",  # opponents_above_14
    "too late to announce: %d tricks are recorded",  # announce_late
    "team %s has already lost a trick in this deal",  # announce_lost
    "no dehors call in the %r rules",  # no_dehors
    "team %s counts %d: dehors needs %d",  # out_short
    "team %s has won no trick, so it has no card points",  # points_no_trick
    "card points must add up to 120, not %d + %d = %d",  # end_sum
    'an "end" event gives card points or "cape", not both',  # end_both
    "the deal's end needs all %d tricks, %d are recorded",  # end_tricks
    "team %s did not win all the tricks",  # not_cape
    "team %s has a marriage in a trick, so team %s had no cape",  # cape_contradicted
    "a trick counting %d is too many: the deal has %d trick(s) left",  # tricks_left
    "no counterstrike in the %r rules: two players cannot play one",  # no_counterstrike
    "pairs need 4 players, not %d",  # pairs_four
    "all %d cards of rank %s are already played in this deal",  # rank_all_played
    "card points must add up to 120, not %s = %d",  # points_sum
    "the session of %d deals is over: only undo is accepted",  # session_over
)
# The reasons' keys (a Refused's key): line i names line i of REASONS and
# of its translations: one bytes, as the screens' keys (ardoise/lang).
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
