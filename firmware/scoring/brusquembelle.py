"""Brusquembelle: 2 to 5 players, each for themselves or (4 players) in pairs.

The numbers in comments are those of the rulings in docs/rules.md (30-33). Decisions
the rulings leave open are marked "Decision:" here and listed in docs/rules.md.

Units are whole numbers throughout: every balance and the pool are ints, and
the balances plus the pool always add up to 0.
"""

from micropython import const

from scoring.match import TEAMS, Refused, check_keys, choice, in_deal, shown, whole_number

RANKS = ("A", "10")
RANK_PAYMENT = (2, 1)  # rule 32: an Ace 2 from (or to) every other player, a Ten 1
OF_EACH_RANK = const(4)  # four Aces and four Tens in the 32- or 30-card pack
CARD_POINTS = const(120)  # rule 30
_BASE = const(121)  # card points 0..120 as digits of the end event's code
FEWEST = const(2)  # players (rule 30)
MOST = const(5)
# Decision: an ante of 0 is allowed (a table playing for the side payments
# only); at most 100 units, 1 if the match event names none.
ANTE = const(1)
MOST_ANTE = const(100)

# An event's code: bits 0-1 the event. A card: bits 2-4 the player, bit 5 the
# rank (Ten), bit 6 won. An end: from bit 2 on, the card points of players
# 0..N-2 in base 121 (player N-1 has the rest of 120); with 5 players that is
# below 4 * 121**4 < 2**30, a small int on a 32-bit board.
_DEAL = const(1)
_CARD = const(2)
_END = const(3)
EVENTS = ("", "deal", "card", "end")


def boolean(event, key, default=None):
    """`event[key]` as true or false (1 and 0 are not booleans here)."""
    value = event.get(key, default)
    if type(value) is not bool:
        raise Refused("bad_value", key, "true or false", shown(value))
    return value


class Game:
    """The purses of one Brusquembelle match, changed one checked event at a time."""

    name = "brusquembelle"

    def __init__(self, header):
        # Decision: "players" is required (no default: 2 to 5 are all usual).
        # No "dealer": the spec's match event has none (an unknown key is an
        # error), so seat 0 deals first.
        check_keys(header, ("game", "players"), ("ante", "pairs"))
        self.players = whole_number(header, "players", FEWEST, MOST)  # rule 30
        self.seats = self.players
        self.ante = whole_number(header, "ante", 0, MOST_ANTE, ANTE)
        self.pairs = boolean(header, "pairs", False)
        if self.pairs and self.players != 4:
            raise Refused("pairs_four", self.players)  # rule 30
        self.reset()

    def reset(self):
        """The purses as the match event leaves them."""
        self.balance = [0] * self.players
        self.pool = 0
        self.deal_open = False
        self.dealer = 0
        self.deals = 0
        self.played = [0, 0]  # Aces and Tens entered in this deal
        self.taker = None  # seats that took the pool at the last end ([] on a tie)

    # -- events -----------------------------------------------------------

    def encode(self, event):
        """Check an event's shape and pack it; the state is not consulted."""
        name = event["ev"]
        if name == "deal":
            check_keys(event, ())
            return _DEAL
        if name == "card":
            check_keys(event, ("player", "rank", "won"))
            player = whole_number(event, "player", 0, self.players - 1)
            rank = choice(event, "rank", RANKS)
            won = 1 if boolean(event, "won") else 0
            return _CARD | player << 2 | rank << 5 | won << 6
        if name == "end":
            check_keys(event, ("points",))
            # One whole number 0..120 per player, adding up to 120.
            points = event["points"]
            count = self.players
            if type(points) is not list or len(points) != count:
                raise Refused(
                    "bad_value", "points", "a list of %d card points" % count, shown(points)
                )
            for value in points:
                if type(value) is not int or value < 0 or value > CARD_POINTS:
                    raise Refused(
                        "bad_value", "points", "%d whole numbers from 0 to 120" % count, points
                    )
            total = sum(points)
            if total != CARD_POINTS:
                raise Refused("points_sum", " + ".join(map(str, points)), total)
            packed = 0
            for seat in range(self.players - 2, -1, -1):
                packed = packed * _BASE + points[seat]
            return _END | packed << 2
        raise Refused("unknown_event", name)

    def _unpack(self, code):
        """The card points of every player in an end event's code."""
        packed = code >> 2
        points = []
        rest = CARD_POINTS
        for _ in range(self.players - 1):
            value = packed % _BASE
            packed //= _BASE
            points.append(value)
            rest -= value
        points.append(rest)
        return points

    def decode(self, code):
        """The event a code stands for, as the match log writes it."""
        kind = code & 3
        event = {"ev": EVENTS[kind]}
        if kind == _CARD:
            event["player"] = code >> 2 & 7
            event["rank"] = RANKS[code >> 5 & 1]
            event["won"] = bool(code >> 6 & 1)
        elif kind == _END:
            event["points"] = self._unpack(code)
        return event

    def apply(self, code):
        """Fold one event in, or raise Refused before changing anything."""
        kind = code & 3
        in_deal(self, kind == _DEAL)
        if kind == _DEAL:
            # Rule 31: every player puts the ante in the pool.
            for seat in range(self.players):
                self.balance[seat] -= self.ante
            self.pool += self.ante * self.players
            self.played[0] = self.played[1] = 0
            return
        if kind != _CARD:
            self._end(self._unpack(code))
            return
        player = code >> 2 & 7
        rank = code >> 5 & 1
        # Decision: at most four of each rank in a deal (both packs hold four
        # Aces and four Tens); a fifth is refused as a slip of the finger.
        if self.played[rank] >= OF_EACH_RANK:
            raise Refused("rank_all_played", OF_EACH_RANK, RANKS[rank])
        self.played[rank] += 1
        # Rule 32, settled at once: a won card collects from every other
        # player, a lost one pays every other player. Decision: with pairs too,
        # "every other player" includes the partner (rule 30 changes only the
        # card points and the pool for pairs); the pair's combined balance is
        # the same as if only the opponents paid.
        units = RANK_PAYMENT[rank] if code >> 6 & 1 else -RANK_PAYMENT[rank]
        for seat in range(self.players):
            if seat != player:
                self.balance[seat] -= units
                self.balance[player] += units

    def _end(self, points):
        # Decision: card points are checked only for their total (and 0..120
        # each), not against the Aces and Tens entered, and an end needs no
        # card event before it: a table may enter side payments or not.
        # Rule 30: with pairs, seats 0 and 2 (A) against 1 and 3 (B), and
        # partners' card points are added.
        totals = [points[0] + points[2], points[1] + points[3]] if self.pairs else points
        best = max(totals)
        if totals.count(best) == 1:
            # Rule 31: the most card points take the whole pool.
            side = totals.index(best)
            takers = [side, side + 2] if self.pairs else [side]
            share = self.pool // len(takers)
            for seat in takers:
                self.balance[seat] += share
            # Decision: a pair shares the pool equally; a unit that does not
            # split stays in the pool for the next deal. (With four players
            # the pool is always a multiple of 4 antes, so this cannot happen.)
            self.pool -= share * len(takers)
            self.taker = takers
        else:
            self.taker = []  # rule 31: on a tie the pool stays for the next deal
        self.deal_open = False
        self.deals += 1
        self.dealer = (self.dealer + 1) % self.players  # rule 33
        self.played[0] = self.played[1] = 0

    # -- reading ----------------------------------------------------------

    def state(self):
        """The state as replay prints it (docs/match-log.md)."""
        state = {
            "game": self.name,
            "players": self.players,
            "ante": self.ante,
            "pairs": self.pairs,
            "balance": list(self.balance),
            "pool": self.pool,
            "deal_open": self.deal_open,
            "dealer": self.dealer,
            "played": {"A": self.played[0], "10": self.played[1]},
            "deals": self.deals,
            "taker": None if self.taker is None else list(self.taker),
        }
        if self.pairs:
            balance = self.balance
            state["pair_balance"] = {
                TEAMS[0]: balance[0] + balance[2],
                TEAMS[1]: balance[1] + balance[3],
            }
        return state
