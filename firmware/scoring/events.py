"""Checking one match-log event's shape, the same for every game.

Each game module turns a checked event into one small integer (its "code") so
that a whole match fits in a few hundred bytes of RAM on the board; undo then
re-folds the codes still in force.
"""

TEAMS = ("A", "B")
SUITS = ("H", "D", "C", "S")

# English texts of every reason the rules core gives. The device translates by
# key; replay prints these.
REASONS = {
    "not_object": "an event must be a JSON object",
    "no_ev": 'an event needs "ev"',
    "first_match": 'the first event must be a "match" event',
    "match_again": "the match has already begun; start a new log for a new match",
    "unknown_game": "unknown game %r (brouc, bruus or brusquembelle)",
    "unknown_event": "unknown event %r",
    "unknown_key": "unknown key %r in a %r event",
    "missing_key": "a %r event needs %r",
    "bad_value": "%r must be %s, not %r",
    "nothing_to_undo": "nothing to undo: the match event cannot be undone",
    "match_won": "the match is won by team %s: only undo is accepted",
    "deal_open": "a deal is already in progress",
    "no_deal": "no deal is in progress",
    "all_tricks_in": "all %d tricks of this deal are already recorded",
    "no_trick_yet": "team %s has not won a trick in this deal",
    "too_few_cards": "too late to declare %s: players hold only %d cards",
    "suit_used": "the marriage in %s is already counted in this deal",
    "no_announce": "no cape announcement in the %r rules",
    "wrong_call": "%r is not an announcement of the %r rules",
    "announced": "a cape is already announced in this deal",
    "below_19": "team %s has %d on the slate: cape et dehors needs 19",
    "opponents_above_14": "team %s has %d: pas dedouble needs the opponents at 14 or less",
    "announce_late": "too late to announce: %d tricks are recorded",
    "announce_lost": "team %s has already lost a trick in this deal",
    "no_dehors": "no dehors call in the %r rules",
    "out_short": "team %s counts %d: dehors needs %d",
    "points_no_trick": "team %s has won no trick, so it has no card points",
    "end_sum": "card points must add up to 120, not %d + %d = %d",
    "end_both": 'an "end" event gives card points or "cape", not both',
    "end_tricks": "the deal's end needs all %d tricks, %d are recorded",
    "not_cape": "team %s did not win all the tricks",
    "cape_contradicted": "team %s has a marriage in a trick, so team %s had no cape",
}


class Refused(Exception):
    """An event the rules refuse: the state stays exactly as it was.

    `key` names the reason (a key of REASONS) so that the device can show it
    in the player's language; `values` fill in its text.
    """

    def __init__(self, key, *values):
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self):
        return REASONS[self.key] % self.values


def check_keys(event, required, optional=()):
    """Refuse a missing required key or a key the event does not know."""
    name = event["ev"]
    for key in event:
        if key != "ev" and key not in required and key not in optional:
            raise Refused("unknown_key", key, name)
    for key in required:
        if key not in event:
            raise Refused("missing_key", name, key)


def whole_number(event, key, low, high, default=None):
    """The integer `event[key]` within low..high (true and 1.0 are not numbers here)."""
    value = event.get(key, default)
    # type() rather than isinstance(): CPython counts True as an int.
    if type(value) is not int or value < low or value > high:
        raise Refused("bad_value", key, "a whole number from %d to %d" % (low, high), value)
    return value


def choice(event, key, options, default=None):
    """The index of `event[key]` in options."""
    value = event.get(key, default)
    for index, option in enumerate(options):
        if value == option and type(value) is type(option):
            return index
    raise Refused("bad_value", key, "one of " + ", ".join(options), value)


def team(event, key="team"):
    return choice(event, key, TEAMS)


def suit(event, key="suit"):
    return choice(event, key, SUITS)
