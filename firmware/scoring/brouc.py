"""Le Brouc: rules "etivaz" (default), "31" and "brou1802".

The numbers in comments are those of the rulings in docs/rules.md. Decisions the
rulings leave open are marked "Decision:" here and listed in docs/rules.md.
"""

from micropython import const

from scoring.match import (
    SUITS,
    TEAMS,
    Refused,
    by_team,
    check_keys,
    choice,
    declared,
    in_deal,
    whole_number,
)

# The rule sets (etivaz the default) and what each plays to, the match
# event's default "target": coches (etivaz, rule 9), points on the slate
# ("31", rule 16: no "target" there), parties (brou1802, rule 24).
RULES, TARGETS = declared("brouc")
_ETIVAZ = const(0)
_THIRTY_ONE = const(1)
_BROU1802 = const(2)

CALLS = ("cape-dehors", "cape-dedouble", "partie-vole")
_CAPE_DEHORS = const(0)
_CAPE_DEDOUBLE = const(1)
_PARTIE_VOLE = const(2)
KINDS = ("KQ", "KQJ")

# An event's code: bits 0-3 the event, bit 4 the team, bits 5-6 the suit,
# bit 7 the kind (KQJ), bits 8-14 a number (card points or the call).
_DEAL = const(1)
_TRICK = const(2)
_DECLARE = const(3)
_TABLE = const(4)
_ANNOUNCE = const(5)
_OUT = const(6)
_END = const(7)
_CAPE = const(8)
EVENTS = ("", "deal", "trick", "declare", "table", "announce", "out", "end", "end")

_TRICKS = const(8)
CARD_POINTS = const(120)  # in a deal's 32 cards (rule 2)
_NO_ONE = const(-1)  # winner, announcer, call and trump when there is none

# Le Brouc's awards: what each outcome scores, with its ruling (docs/rules.md).
# Constants: the compiler writes each value where it is used, so the board
# holds neither the values nor their names.
#
# etivaz, coches toward the match's target (rule 9):
_GAME_COCHES = const(1)  # rule 8: a game won, by a dehors call right or wrong
_GAME_COCHES_LOW = const(2)  # rule 8: a game won against a slate below _LOW_SLATE
_LOW_SLATE = const(15)  # rule 8: the losers' slate before the deal
_CAPE_COCHES = const(2)  # rule 10: a cape not announced; the game goes on
_CAPE_DEHORS_COCHES = const(3)  # rule 11: cape et dehors, made or failed
_DEDOUBLE_COCHES = const(4)  # rule 12: cape, dehors et pas dedouble, made or failed
# (made: to the announcers, who win the game; failed: to their opponents,
# and the game goes on)
#
# "31", tens on the slate (rule 16):
_CAPE_SLATE = const(2)  # rule 18: a cape, on top of the deal scored normally
#
# brou1802, parties toward the match's target (rule 24):
_GAME_PARTIES = const(1)  # rule 21: a game won, the losers on _HIGH_POINTS or more
_HIGH_POINTS = const(150)  # rule 21
_GAME_PARTIES_LOW = const(2)  # rule 21: a game won, the losers on 0 to _HIGH_POINTS - 1
_GAME_PARTIES_BELOW_0 = const(4)  # rule 21: a game won, the losers below 0
_VOLE_PARTIES = const(3)  # rule 22: la vole not announced; the game goes on
# rule 23: partie et vole made: _VOLE_PARTIES and the game's (rule 21)


def round_card_points(points):
    """Rule 2: to the nearest ten on its own, a units digit of 5 rounding up."""
    return (points + 5) // 10 * 10


def _parties_against(losers_points):
    """Rule 21: the parties of a game won against the losers' points."""
    if losers_points >= _HIGH_POINTS:
        return _GAME_PARTIES
    return _GAME_PARTIES_LOW if losers_points >= 0 else _GAME_PARTIES_BELOW_0


class Game:
    """The slate of one Le Brouc match, changed one checked event at a time."""

    name = "brouc"
    seats = 4

    def __init__(self, header):
        check_keys(header, ("game",), ("rules", "dealer", "target"))
        self.rules = choice(header, "rules", RULES, RULES[0])
        self.first_dealer = whole_number(header, "dealer", 0, 3, 0)
        self.target = whole_number(header, "target", 1, 99, TARGETS[self.rules])
        self.reset()

    def reset(self):
        """The slate as the match event leaves it."""
        self.slate = [0, 0]
        self.bottom = [0, 0]
        self.coches = [0, 0]
        self.parties = [0, 0]
        self.games = 0
        self.deals = 0
        self.winner = _NO_ONE
        self.dealer = self.first_dealer
        self.deal_open = False
        self.tricks = [0, 0]
        self.table = [0, 0]
        self._clear_deal()

    def _clear_deal(self):
        self.trump = _NO_ONE
        self.tricks[0] = self.tricks[1] = 0
        self.table[0] = self.table[1] = 0  # marriages in each team's tricks, in points
        self.suits_used = 0  # bit per suit whose marriage counts in this deal
        self.announcer = _NO_ONE
        self.call = _NO_ONE

    # -- events -----------------------------------------------------------

    def encode(self, event):
        """Check an event's shape and pack it; the state is not consulted."""
        name = event["ev"]
        if name == "deal":
            check_keys(event, ("trump",))
            return _DEAL | choice(event, "trump", SUITS) << 5
        if name == "trick":
            check_keys(event, ("team",))
            return _TRICK | choice(event, "team", TEAMS) << 4
        if name == "declare" or name == "table":
            check_keys(event, ("team", "suit", "kind"))
            code = _DECLARE if name == "declare" else _TABLE
            code |= choice(event, "team", TEAMS) << 4
            code |= choice(event, "suit", SUITS) << 5
            return code | choice(event, "kind", KINDS) << 7
        if name == "announce":
            check_keys(event, ("team", "call"))
            code = _ANNOUNCE | choice(event, "team", TEAMS) << 4
            return code | choice(event, "call", CALLS) << 8
        if name == "out":
            check_keys(event, ("team", "points"))
            code = _OUT | choice(event, "team", TEAMS) << 4
            return code | whole_number(event, "points", 0, CARD_POINTS) << 8
        if name == "end":
            if "cape" in event:
                if "A" in event or "B" in event:
                    raise Refused("end_both")
                check_keys(event, ("cape",))
                return _CAPE | choice(event, "cape", TEAMS) << 4
            check_keys(event, ("A",), ("B",))
            a = whole_number(event, "A", 0, CARD_POINTS)
            b = whole_number(event, "B", 0, CARD_POINTS, CARD_POINTS - a)
            if a + b != CARD_POINTS:
                raise Refused("end_sum", a, b, a + b)
            return _END | a << 8
        raise Refused("unknown_event", name)

    def decode(self, code):
        """The event a code stands for, as the match log writes it."""
        kind = code & 15
        side = TEAMS[code >> 4 & 1]
        number = code >> 8
        event = {"ev": EVENTS[kind]}
        if kind == _DEAL:
            event["trump"] = SUITS[code >> 5 & 3]
        elif kind == _CAPE:
            event["cape"] = side
        elif kind == _END:
            event["A"] = number
            event["B"] = CARD_POINTS - number
        else:
            event["team"] = side
            if kind == _DECLARE or kind == _TABLE:
                event["suit"] = SUITS[code >> 5 & 3]
                event["kind"] = KINDS[code >> 7 & 1]
            elif kind == _ANNOUNCE:
                event["call"] = CALLS[number]
            elif kind == _OUT:
                event["points"] = number
        return event

    def apply(self, code):  # noqa: C901, PLR0912, PLR0915  (the rulings in one pass, no calls)
        """Fold one event in, or raise Refused before changing anything."""
        if self.winner != _NO_ONE:
            raise Refused("match_won", TEAMS[self.winner])  # rule 15
        kind = code & 15
        side = code >> 4 & 1
        number = code >> 8
        in_deal(self, kind == _DEAL)
        if kind == _DEAL:
            self.trump = code >> 5 & 3
            return
        recorded = self.tricks[0] + self.tricks[1]
        if kind == _TRICK:
            if recorded >= _TRICKS:
                raise Refused("all_tricks_in", _TRICKS)
            self.tricks[side] += 1
            if self.announcer == 1 - side:
                # Rule 14: the announcers' first lost trick decides at once.
                if self.rules == _ETIVAZ:
                    self._cape_failed()
                    return
                self.announcer = self.call = _NO_ONE  # rule 23: partie et vole lapses
            if self.tricks[side] == _TRICKS:
                self._all_tricks(side)
        elif kind == _DECLARE or kind == _TABLE:  # a marriage, in hand or in a trick
            suit_index = code >> 5 & 3
            extended = code >> 7 & 1
            if recorded:
                # Rules 4 and 5: from the deal's first recorded trick on, only a
                # team that has won a trick may declare or score a marriage.
                if not self.tricks[side]:
                    raise Refused("no_trick_yet", TEAMS[side])
                # Decision: a declared marriage must still be in the hand, so
                # the players must hold at least as many cards as it has.
                cards = 3 if extended else 2
                if kind == _DECLARE and _TRICKS - recorded < cards:
                    raise Refused("too_few_cards", KINDS[extended], _TRICKS - recorded)
            bit = 1 << suit_index
            if self.suits_used & bit:
                raise Refused("suit_used", SUITS[suit_index])  # rules 4 and 5
            self.suits_used |= bit
            table = kind == _TABLE
            value = self.marriage(suit_index, extended, table)
            (self.table if table else self.bottom)[side] += value
        elif kind == _ANNOUNCE:
            self._announce(side, number, recorded)
        elif kind == _OUT:
            self._out(side, number, recorded)
        elif kind == _END:
            if recorded and recorded != _TRICKS:
                raise Refused("end_tricks", _TRICKS, recorded)  # rule 14
            if self.announcer != _NO_ONE and self.rules == _ETIVAZ:
                self._cape_failed()  # rule 14: any end but the announcers' cape
            else:
                self._score(number, CARD_POINTS - number)
        # A cape.
        elif recorded:
            # With tricks recorded, eight to one team already ended the deal.
            if recorded != _TRICKS:
                raise Refused("end_tricks", _TRICKS, recorded)
            raise Refused("not_cape", TEAMS[side])
        elif self.table[1 - side]:
            raise Refused("cape_contradicted", TEAMS[1 - side], TEAMS[side])
        elif self.announcer == 1 - side and self.rules == _ETIVAZ:
            self._cape_failed()
        else:
            self._all_tricks(side)

    def marriage(self, suit_index, extended, table):
        """What a marriage counts in this deal (rule 3): K-Q 20, K-Q-J 30,
        double in trumps; in a trick (`table`), double again in brou1802
        (rule 20)."""
        value = 30 if extended else 20
        if suit_index == self.trump:
            value *= 2
        if table and self.rules == _BROU1802:
            value *= 2
        return value

    def _announce(self, side, call, recorded):
        if self.rules == _THIRTY_ONE:
            raise Refused("no_announce", RULES[self.rules])  # rule 18
        if (call == _PARTIE_VOLE) != (self.rules == _BROU1802):
            raise Refused("wrong_call", CALLS[call], RULES[self.rules])
        if self.announcer != _NO_ONE:
            raise Refused("announced")  # rule 13
        other = 1 - side
        if self.rules == _ETIVAZ:
            if self.slate[side] < 19:  # rules 11 and 12
                raise Refused("below_19", TEAMS[side], self.slate[side])
            if call == _CAPE_DEDOUBLE and self.slate[other] > 14:
                raise Refused("opponents_above_14", TEAMS[other], self.slate[other])
            last = 6  # rule 11: while the announcer still holds two cards
        else:
            last = 4  # rule 23: before the lead to the fifth trick
        if recorded > last:
            raise Refused("announce_late", recorded)
        # Decision (brou1802 too): once a trick is lost, all eight cannot be won.
        if self.tricks[other]:
            raise Refused("announce_lost", TEAMS[side])
        self.announcer = side
        self.call = call

    def _out(self, side, points, recorded):
        if self.rules == _BROU1802:
            raise Refused("no_dehors", RULES[self.rules])  # rule 21
        if recorded and not self.tricks[side] and points:
            raise Refused("points_no_trick", TEAMS[side])
        other = 1 - side
        count, need = self.count(side)
        count += points
        if self.rules == _THIRTY_ONE:
            if count < need:
                raise Refused("out_short", TEAMS[side], count, need)  # rule 17
            self._close_deal()
            self.games += 1
            self.winner = side
            return
        # Rules 7 and 8: right or wrong, the game ends; the coches depend on
        # the callers' opponents' slate either way.
        coches = _GAME_COCHES_LOW if self.slate[other] < _LOW_SLATE else _GAME_COCHES
        self._close_deal()
        self._game_won(side if count >= need else other, coches)

    def count(self, side):
        """What a dehors call of `side` counts before its card points, and
        what it must count: rule 7, the slate in tens, the bottom, the
        marriages in its tricks less those in the opponents'; 301, 310 in
        "31" (rule 17)."""
        count = self.slate[side] * 10 + self.bottom[side] + self.table[side] - self.table[1 - side]
        return count, 310 if self.rules == _THIRTY_ONE else 301

    # -- outcomes ---------------------------------------------------------

    def _all_tricks(self, side):
        """All eight tricks to one team: cape (la vole in brou1802)."""
        announced = self.announcer == side
        other = 1 - side
        if self.rules == _THIRTY_ONE:
            self.slate[side] += _CAPE_SLATE  # rule 18, on top of the deal scored normally
            self._score(CARD_POINTS if side == 0 else 0, CARD_POINTS if side == 1 else 0)
            return
        if self.rules == _BROU1802:
            if announced:  # rule 23, against the losers' score before this deal
                parties = _VOLE_PARTIES + _parties_against(self.slate[other])
                self._close_deal()
                self._game_won(side, parties)
            else:  # rule 22
                self._close_deal()
                self._add_to_match(side, _VOLE_PARTIES)
            return
        if announced:  # rules 11 and 12
            coches = _DEDOUBLE_COCHES if self.call == _CAPE_DEDOUBLE else _CAPE_DEHORS_COCHES
            self._close_deal()
            self._game_won(side, coches)
        else:  # rule 10: slates and the bottom stay; marriages in tricks are forgotten
            self._close_deal()
            self._add_to_match(side, _CAPE_COCHES)

    def _cape_failed(self):
        """Rules 11 and 12: the opponents of the announcers score the coches."""
        coches = _DEDOUBLE_COCHES if self.call == _CAPE_DEDOUBLE else _CAPE_DEHORS_COCHES
        winners = 1 - self.announcer
        self._close_deal()
        self._add_to_match(winners, coches)

    def _score(self, card_a, card_b):
        """Rule 6 (19 and 20 for brou1802): a deal scored from its card points."""
        for side in (0, 1):
            gain = round_card_points(card_b if side else card_a)
            gain += self.bottom[side] + self.table[side] - self.table[1 - side]
            self.slate[side] += gain if self.rules == _BROU1802 else gain // 10
            self.bottom[side] = 0
        self._close_deal()
        if self.rules == _ETIVAZ:
            return  # only a dehors call wins an etivaz game
        threshold = 31 if self.rules == _THIRTY_ONE else 301  # rules 16 and 21
        a, b = self.slate
        if a == b or (a < threshold and b < threshold):
            return
        side = 0 if a > b else 1
        if self.rules == _THIRTY_ONE:
            self.games += 1
            self.winner = side
        else:
            self._game_won(side, _parties_against(self.slate[1 - side]))

    def _close_deal(self):
        self.deal_open = False
        self.deals += 1
        self.dealer = (self.dealer + 1) % 4  # rule 1, whatever ended the deal
        self._clear_deal()

    def _game_won(self, side, score):
        """Rule 9: the game's score to the winners, then both slates start again."""
        self.games += 1
        for index in (0, 1):
            self.slate[index] = 0
            self.bottom[index] = 0
        self._add_to_match(side, score)

    def _add_to_match(self, side, score):
        """Coches (etivaz) or parties (brou1802) toward the match target."""
        tally = self.parties if self.rules == _BROU1802 else self.coches
        tally[side] += score
        if tally[side] >= self.target:
            self.winner = side

    # -- reading ----------------------------------------------------------

    def state(self):
        """The state as replay prints it (docs/match-log.md)."""

        used = []
        for index in range(4):
            if self.suits_used >> index & 1:
                used.append(SUITS[index])
        return {
            "game": self.name,
            "rules": RULES[self.rules],
            "target": None if self.rules == _THIRTY_ONE else self.target,
            "slate": by_team(self.slate),
            "bottom": by_team(self.bottom),
            "coches": by_team(self.coches),
            "parties": by_team(self.parties),
            "dealer": self.dealer,
            "deal_open": self.deal_open,
            "games": self.games,
            "deals": self.deals,
            "winner": None if self.winner == _NO_ONE else TEAMS[self.winner],
            "trump": None if self.trump == _NO_ONE else SUITS[self.trump],
            "tricks": by_team(self.tricks),
            "table": by_team(self.table),
            "suits_used": used,
            "announce": None
            if self.announcer == _NO_ONE
            else {"team": TEAMS[self.announcer], "call": CALLS[self.call]},
        }
