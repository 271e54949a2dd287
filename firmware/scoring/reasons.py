"""Why the rules refuse an event, in English: what replay prints.

The device shows the same reasons in French, German or English, by key.
"""

# One text a line, in the order of KEYS below (each line's key in its
# comment), as the screens' texts (ardoise/lang/__init__.py): one string,
# not one object per reason. ardoise/lang/fr_reasons.py and de_reasons.py
# have the same lines in French and German.
REASONS = (
    "an event must be a JSON object\n"  # not_object
    'an event needs "ev"\n'  # no_ev
    'the first event must be a "match" event\n'  # first_match
    "the match has already begun; start a new log for a new match\n"  # match_again
    "unknown game %s (brouc, bruus or brusquembelle)\n"  # unknown_game
    "unknown event %r\n"  # unknown_event
    "unknown key %r in a %r event\n"  # unknown_key
    "a %r event needs %r\n"  # missing_key
    "%r must be %s, not %s\n"  # bad_value
    "nothing to undo: the match event cannot be undone\n"  # nothing_to_undo
    "the match is won by team %s: only undo is accepted\n"  # match_won
    "a deal is already in progress\n"  # deal_open
    "no deal is in progress\n"  # no_deal
    "all %d tricks of this deal are already recorded\n"  # all_tricks_in
    "team %s has not won a trick in this deal\n"  # no_trick_yet
    "too late to declare %s: players hold only %d cards\n"  # too_few_cards
    "the marriage in %s is already counted in this deal\n"  # suit_used
    "no cape announcement in the %r rules\n"  # no_announce
    "%r is not an announcement of the %r rules\n"  # wrong_call
    "a cape is already announced in this deal\n"  # announced
    "team %s has %d on the slate: cape et dehors needs 19\n"  # below_19
    "team %s has %d: pas dedouble needs the opponents at 14 or less\n"  # opponents_above_14
    "too late to announce: %d tricks are recorded\n"  # announce_late
    "team %s has already lost a trick in this deal\n"  # announce_lost
    "no dehors call in the %r rules\n"  # no_dehors
    "team %s counts %d: dehors needs %d\n"  # out_short
    "team %s has won no trick, so it has no card points\n"  # points_no_trick
    "card points must add up to 120, not %d + %d = %d\n"  # end_sum
    'an "end" event gives card points or "cape", not both\n'  # end_both
    "the deal's end needs all %d tricks, %d are recorded\n"  # end_tricks
    "team %s did not win all the tricks\n"  # not_cape
    "team %s has a marriage in a trick, so team %s had no cape\n"  # cape_contradicted
    "a trick counting %d is too many: the deal has %d trick(s) left\n"  # tricks_left
    "no counterstrike in the %r rules: two players cannot play one\n"  # no_counterstrike
    "pairs need 4 players, not %d\n"  # pairs_four
    "all %d cards of rank %s are already played in this deal\n"  # rank_all_played
    "card points must add up to 120, not %s = %d\n"  # points_sum
    "the session of %d deals is over: only undo is accepted\n"  # session_over
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
