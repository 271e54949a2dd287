"""Why the rules refuse an event, in English: what replay prints.

The device shows the same reasons in French, German or English, by key.
"""

# One text a line, each line's key in its comment (a Refused's key), as the
# screens' texts (ardoise/lang/__init__.py): one string, not one object per
# reason. ardoise/lang/fr_reasons.py and de_reasons.py have the same lines
# in French and German.
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
)
# Each key as its two bytes `scoring.match.code(key)`, in the same order
# (tests/test_lang.py checks them).
CODES = (
    b"\xb2\x2b\xff\xef\x4b\x76\x48\x66\x76\xc7\xa2\x65\x44\xea\x2c\x06\x98\xb7\xc9\xb6\x6b\x1c"
    b"\xc6\x3d\x18\x2a\x85\x26\xba\xfe\xe6\xd1\x79\xaf\xa1\x27\x49\xb0\xf9\x1b\xa4\xf6\x59\x6e"
    b"\x10\xbc\x45\x3a\xfd\xc7\x64\x4b\x0f\x31\x90\xe7\xbc\x65\xb3\x64\x54\xbf\x2c\xe2\xad\x66"
    b"\x82\xb0\x6c\xcc\x2d\x24\x20\xef"
)
