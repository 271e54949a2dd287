"""Bruus: rules "schwesing" (default), "treia" and "two".

The numbers in comments are those of the rulings in docs/rules.md (25-29). Decisions
the rulings leave open are marked "Decision:" here and listed in docs/rules.md.

A deal has no `end` event: it ends when a team reaches five tricks (or, in
Treia, at four tricks each), or when daring and striking win the game. A
match event's "session" makes the match a tournament session of that many
deals (match-log.md, rule 29).
"""

from micropython import const

from scoring.match import (
    TEAMS,
    Refused,
    by_team,
    check_keys,
    choice,
    declared,
    in_deal,
    whole_number,
)

# The rule sets (schwesing the default) and their game: ten matches each,
# counted down (rule 27); 12 points (rules 25 and 28).
RULES, TARGETS = declared("bruus")
TREIA = const(1)
TWO = const(2)
SEATS = (4, 4, 2)  # rule 28: two players sit at seats 0 (A) and 1 (B)

# Daring and striking, in the order of the match log's "kind", and their points
# (docs/match-log.md).
KINDS = ("dare", "strike", "strike-dare", "counterstrike", "double-dare", "double-strike")
KIND_POINTS = (1, 2, 3, 4, 2, 3)
COUNTERSTRIKE = const(3)

# An event's code: bits 0-1 the event, bit 2 the team, bits 3-5 a number (the
# trick's count, or the kind of dare).
_DEAL = const(1)
_TRICK = const(2)
_DARE = const(3)
EVENTS = ("", "deal", "trick", "dare")

TO_WIN = const(5)  # tricks that win a deal (rules 25, 27, 28)
_NO_ONE = const(-1)


class Game:
    """The matchsticks of one Bruus match, changed one checked event at a time."""

    name = "bruus"

    def __init__(self, header):
        check_keys(header, ("game",), ("rules", "dealer", "session"))
        self.rules = choice(header, "rules", RULES, RULES[0])
        self.seats = SEATS[self.rules]
        self.first_dealer = whole_number(header, "dealer", 0, self.seats - 1, 0)
        # A tournament session of this many deals (rule 29), 0 for none: any
        # "session" given is checked, null too.
        self.session = whole_number(header, "session", 1, 99) if "session" in header else 0
        # Tricks in a deal, from the cards: 36 / 4 = 9 (rule 25), 32 / 4 = 8
        # (rule 27). Decision: with two players the 36 cards make 18 tricks of
        # two cards, so this bound never bites: the first to 5 tricks ends the
        # deal (rule 28) after at most 9 trick events, and a triple trick at
        # 4-4 is possible (and accepted) there.
        self.deal_tricks = 8 if self.rules == TREIA else 18 if self.rules == TWO else 9
        self.target = TARGETS[self.rules]
        self.reset()

    def reset(self):
        """The matchsticks as the match event leaves them."""
        self.points = [0, 0]  # won in the current game
        self.won = [0, 0]  # since the match began: what a session credits (rule 29)
        self.dared = [0, 0]  # of which for daring and striking (rule 27's double game)
        self.games = [0, 0]
        self.tricks = [0, 0]
        self.last_tricks = None  # the tricks of the last deal that ended
        self.bock = 0
        self.deal_open = False
        self.dealer = self.first_dealer
        self.deals = 0
        self.games_played = 0
        self.last_winner = _NO_ONE

    # -- events -----------------------------------------------------------

    def encode(self, event):
        """Check an event's shape and pack it; the state is not consulted."""
        name = event["ev"]
        if name == "deal":
            check_keys(event, ())
            return _DEAL
        if name == "trick":
            check_keys(event, ("team",), ("count",))
            code = _TRICK | choice(event, "team", TEAMS) << 2
            return code | whole_number(event, "count", 1, 3, 1) << 3
        if name == "dare":
            check_keys(event, ("team", "kind"))
            return _DARE | choice(event, "team", TEAMS) << 2 | choice(event, "kind", KINDS) << 3
        raise Refused("unknown_event", name)

    def decode(self, code):
        """The event a code stands for, as the match log writes it."""
        kind = code & 3
        event = {"ev": EVENTS[kind]}
        if kind == _TRICK:
            event["team"] = TEAMS[code >> 2 & 1]
            event["count"] = code >> 3
        elif kind == _DARE:
            event["team"] = TEAMS[code >> 2 & 1]
            event["kind"] = KINDS[code >> 3]
        return event

    def apply(self, code):
        """Fold one event in, or raise Refused before changing anything."""
        kind = code & 3
        side = code >> 2 & 1
        number = code >> 3
        if self.session and self.deals == self.session:  # rule 29: then only undo
            raise Refused("session_over", self.session)
        in_deal(self, kind == _DEAL)
        if kind == _DEAL:
            self.tricks[0] = self.tricks[1] = 0
            return
        # A deal ends at once when it is decided (rules 25, 27, 28), so a trick
        # or a dare after that is refused here.
        if not self.deal_open:
            raise Refused("no_deal")
        if kind == _DARE:
            if number == COUNTERSTRIKE and self.rules == TWO:
                raise Refused("no_counterstrike", RULES[self.rules])  # rule 28
            # Decision: with two players only the counterstrike is refused
            # (rule 28 names no other kind); the slate does not check whether
            # a dare was possible, e.g. with the stock exhausted (rule 26: it
            # only scores).
            self._score(side, KIND_POINTS[number], True)  # rule 26: scored when entered
            return
        # A trick counting `number`.
        left = self.deal_tricks - self.tricks[0] - self.tricks[1]
        if number > left:
            # Decision: a double or triple trick needs two or three cards from
            # every player, so it cannot count more tricks than the deal has left
            # (at 4-4 in Schwesing only a single trick remains).
            raise Refused("tricks_left", number, left)
        self.tricks[side] += number  # rule 25: 2 or 3; overshooting 5 is fine
        other = 1 - side
        if self.tricks[side] >= TO_WIN:
            # Rules 25 and 28: 1 point, or 2 when the opponents have no trick.
            points = 1 if self.tricks[other] else 2
            # Rule 27: Bocks carried to this deal's winner. Decision: they are
            # points for tricks, not for daring, when the double game is judged.
            points += self.bock
            self.bock = 0
            self._close_deal()
            self._score(side, points, False)
        elif self.rules == TREIA and self.tricks[side] == 4 and self.tricks[other] == 4:
            self.bock += 1  # rule 27: 4-4 scores nothing; Bocks add up
            self._close_deal()

    # -- outcomes ---------------------------------------------------------

    def _score(self, side, points, for_daring):
        self.points[side] += points
        # Decision: a session counts every point as scored, past the target
        # too; a Treia point counts 1 and a Bock's extra ones count (rule 29).
        self.won[side] += points
        if for_daring:
            self.dared[side] += points
        if self.points[side] < self.target:
            return
        # Decision: points past the target are not capped (9 + 2 in Treia, or
        # 11 + 4 by a counterstrike, simply win); both teams start again at 0.
        # The game is won (rules 25 and 27), also in mid-deal through daring
        # and striking: the deal in progress ends there.
        other = 1 - side
        value = 1
        if self.rules == TREIA and self.points[other] == self.dared[other]:
            value = 2  # rule 27: the losers gave back none, or only for daring
        self.games[side] += value
        self.games_played += 1
        self.last_winner = side
        if self.deal_open:
            self._close_deal()
        self.points[0] = self.points[1] = 0
        self.dared[0] = self.dared[1] = 0
        # Decision: a Bock still waiting when a game ends (won by daring in the
        # deal after a 4-4) is forgotten: the next game starts from nothing.
        self.bock = 0

    def _close_deal(self):
        # Decision: once a deal has ended, "tricks" shows 0-0 (no deal in
        # progress); the finished deal's tricks stay readable as "last_tricks".
        self.deal_open = False
        self.deals += 1
        self.dealer = (self.dealer + 1) % self.seats  # rules 25, 28: whatever ended it
        self.last_tricks = (self.tricks[0], self.tricks[1])
        self.tricks[0] = self.tricks[1] = 0

    # -- reading ----------------------------------------------------------

    def state(self):
        """The state as replay prints it (docs/match-log.md)."""

        return {
            "game": self.name,
            "rules": RULES[self.rules],
            "target": self.target,
            "points": by_team(self.points),
            "tricks": by_team(self.tricks),
            "games": by_team(self.games),
            "bock": self.bock,
            "deal_open": self.deal_open,
            "dealer": self.dealer,
            # Treia: matches each team still has to give back (rule 27).
            "matches": by_team([self.target - self.points[0], self.target - self.points[1]])
            if self.rules == TREIA
            else None,
            "dared": by_team(self.dared),
            "last_tricks": None if self.last_tricks is None else by_team(self.last_tricks),
            "deals": self.deals,
            "games_played": self.games_played,
            "last_winner": None if self.last_winner == _NO_ONE else TEAMS[self.last_winner],
            "session_points": by_team(self.won),
            # The deals not yet ended, an open one included (match-log.md).
            "session_left": self.session - self.deals if self.session else None,
        }
