"""Why the rules refuse an event, in English: what replay prints.

The device shows the same reasons in French, German or English, by key.
"""

# One "key=text" a line, as their translations (ardoise/lang/fr_reasons.py):
# one string, read by scoring.match.lookup, not one object per reason.
REASONS = """
not_object=an event must be a JSON object
no_ev=an event needs "ev"
first_match=the first event must be a "match" event
match_again=the match has already begun; start a new log for a new match
unknown_game=unknown game %s (brouc, bruus or brusquembelle)
unknown_event=unknown event %r
unknown_key=unknown key %r in a %r event
missing_key=a %r event needs %r
bad_value=%r must be %s, not %s
nothing_to_undo=nothing to undo: the match event cannot be undone
match_won=the match is won by team %s: only undo is accepted
deal_open=a deal is already in progress
no_deal=no deal is in progress
all_tricks_in=all %d tricks of this deal are already recorded
no_trick_yet=team %s has not won a trick in this deal
too_few_cards=too late to declare %s: players hold only %d cards
suit_used=the marriage in %s is already counted in this deal
no_announce=no cape announcement in the %r rules
wrong_call=%r is not an announcement of the %r rules
announced=a cape is already announced in this deal
below_19=team %s has %d on the slate: cape et dehors needs 19
opponents_above_14=team %s has %d: pas dedouble needs the opponents at 14 or less
announce_late=too late to announce: %d tricks are recorded
announce_lost=team %s has already lost a trick in this deal
no_dehors=no dehors call in the %r rules
out_short=team %s counts %d: dehors needs %d
points_no_trick=team %s has won no trick, so it has no card points
end_sum=card points must add up to 120, not %d + %d = %d
end_both=an "end" event gives card points or "cape", not both
end_tricks=the deal's end needs all %d tricks, %d are recorded
not_cape=team %s did not win all the tricks
cape_contradicted=team %s has a marriage in a trick, so team %s had no cape
tricks_left=a trick counting %d is too many: the deal has %d trick(s) left
no_counterstrike=no counterstrike in the %r rules: two players cannot play one
pairs_four=pairs need 4 players, not %d
rank_all_played=all %d cards of rank %s are already played in this deal
points_sum=card points must add up to 120, not %s = %d
"""
