"""Le Brouc dealt and played card by card, for the proofs (CPython).

A `Table` deals a real 32-card pack as Le Brouc is dealt (packets of 1, 3 and 4
anticlockwise, the dealer's last card turned up for trumps) and four simple
players play it by the rules of play, choosing among their legal cards. What
the players enter on the slate is the match log. Beside it the table keeps
its own count (`Chalk`): from the cards actually played and
the rulings of docs/rules.md alone, never from the rules core, what the slate must
show after every event. tests/proof/games.py replays the log with the core
and compares.

    python -m tests.proof.brouc_table --seed 7 > match.jsonl
"""

import argparse
import collections
import json
import random
import sys
from typing import NamedTuple

RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7")  # high to low
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SUITS = ("H", "D", "C", "S")
TEAMS = ("A", "B")
RULES = ("etivaz", "31", "brou1802")
TRICKS = 8
STRENGTH = {rank: len(RANKS) - index for index, rank in enumerate(RANKS)}


class Card(NamedTuple):
    rank: str
    suit: str

    def __str__(self):
        return self.rank + self.suit


PACK = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def cards(text):
    """Cards written as rule books write them: cards("AC KH 8C")."""
    return [Card(word[:-1], word[-1]) for word in text.split()]


def team_of(seat):
    """Seats follow the playing order; team A sits at 0 and 2."""
    return TEAMS[seat % 2]


def other(team):
    return "B" if team == "A" else "A"


# -- the deal and the rules of play (as Le Brouc is played) ---------------------


def deal_hands(deck, dealer):
    """Deal `deck` from the dealer's right: 1, then 3, then 4 cards each.

    Returns (hands by seat, trump): the last card is the dealer's, turned up.
    """
    hands = [[] for _ in range(4)]
    order = [(dealer + offset) % 4 for offset in (1, 2, 3, 4)]
    position = 0
    for packet in (1, 3, 4):
        for seat in order:
            hands[seat].extend(deck[position : position + packet])
            position += packet
    return hands, deck[-1].suit


def trick_winner(trick, trump):
    """Index of the card taking the trick: the highest trump, else the highest of the suit led."""
    best = trick[0]
    for card in trick[1:]:
        if card.suit == best.suit:
            if STRENGTH[card.rank] > STRENGTH[best.rank]:
                best = card
        elif card.suit == trump:
            best = card
    return trick.index(best)


def completes_trump_marriage(card, trick, trump):
    """True for the K, Q or J of trumps making a marriage (K-Q) or an extended one in the trick."""
    if card.suit != trump or card.rank not in ("K", "Q", "J"):
        return False
    ranks = {played.rank for played in trick if played.suit == trump}
    ranks.add(card.rank)
    return "K" in ranks and "Q" in ranks


def legal_cards(hand, trick, trump, *, any_card_when_void=False):
    """The cards of `hand` that may be played to `trick` (cards played so far, leader first).

    Le Brouc's rules of play: follow suit; a trump must beat the highest trump in the trick
    if it can, but the K, Q or J of trumps that makes a marriage in the trick
    may always be played. `any_card_when_void` is L'Homme de Brou's rule
    (1802, after Lalanne): follow suit, else play anything.
    """
    if not trick:
        return list(hand)
    led = trick[0].suit
    same_suit = [card for card in hand if card.suit == led]
    if any_card_when_void:
        return same_suit or list(hand)
    trumps_played = [STRENGTH[card.rank] for card in trick if card.suit == trump]
    highest = max(trumps_played, default=0)
    trumps = [card for card in hand if card.suit == trump]
    allowed_trumps = [
        card
        for card in trumps
        if STRENGTH[card.rank] > highest or completes_trump_marriage(card, trick, trump)
    ]
    if led == trump:
        # Follow with a trump, beating if possible; unable to beat: any lower trump.
        return allowed_trumps or trumps or list(hand)
    if same_suit:
        return same_suit
    if not trumps_played:
        return list(hand)  # void, trick not yet trumped: trump or discard freely
    # Trumped already: overtrump, complete a marriage, or discard; only
    # trumps and none allowed: any of them.
    discards = [card for card in hand if card.suit != trump]
    return allowed_trumps + discards or trumps


def marriages_in(trick):
    """(suit, kind) of each marriage lying in a trick: K-Q ("KQ"), with the J "KQJ"."""
    found = []
    for suit in SUITS:
        ranks = {card.rank for card in trick if card.suit == suit}
        if "K" in ranks and "Q" in ranks:
            found.append((suit, "KQJ" if "J" in ranks else "KQ"))
    return found


def marriage_value(suit, kind, trump):
    """Ruling 3: 10 points a card, 20 a card in trumps."""
    return len(kind) * (20 if suit == trump else 10)


def rounded(points):
    """Ruling 2: to the nearest ten, a units digit of 5 or more rounding up."""
    units = points % 10
    return points - units + (10 if units >= 5 else 0)


def keen_card(legal, trick, trump):
    """A keen player's card: the strongest that takes the trick, else the weakest."""

    def power(card):
        return (card.suit == trump, STRENGTH[card.rank])

    winning = [card for card in legal if trick_winner(trick + [card], trump) == len(trick)]
    return max(winning, key=power) if winning else min(legal, key=power)


# -- what the slate must show (docs/rules.md) ---------------------------------


class Chalk:
    """The slate as the rulings keep it, from the table's facts alone."""

    def __init__(self, rules, dealer, target):
        self.rules = rules
        self.target = target
        self.slate = dict.fromkeys(TEAMS, 0)
        self.bottom = dict.fromkeys(TEAMS, 0)
        self.coches = dict.fromkeys(TEAMS, 0)
        self.parties = dict.fromkeys(TEAMS, 0)
        self.dealer = dealer
        self.deal_open = False
        self.games = 0
        self.winner = None

    def view(self):
        """The keys of the replayed state that docs/match-log.md defines."""
        return {
            "slate": dict(self.slate),
            "bottom": dict(self.bottom),
            "coches": dict(self.coches),
            "parties": dict(self.parties),
            "dealer": self.dealer,
            "deal_open": self.deal_open,
            "games": self.games,
            "winner": self.winner,
        }

    def start_deal(self):
        self.deal_open = True

    def count(self, team, card_points, table):
        """Ruling 7: what a dehors call by `team` counts at this moment."""
        marriages = self.bottom[team] + table[team] - table[other(team)]
        return self.slate[team] * 10 + card_points[team] + marriages

    def score_deal(self, card_points, table):
        """Ruling 6 (16 for "31", 19 to 21 for brou1802): a deal counted from its card points."""
        for team in TEAMS:
            gain = rounded(card_points[team]) + self.bottom[team]
            gain += table[team] - table[other(team)]
            self.slate[team] += gain if self.rules == "brou1802" else gain // 10
            self.bottom[team] = 0
        self._close_deal()
        if self.rules == "etivaz":
            return  # only a dehors call ends an etivaz game
        threshold = 31 if self.rules == "31" else 301
        high, low = sorted(TEAMS, key=self.slate.get, reverse=True)
        if self.slate[high] < threshold or self.slate[high] == self.slate[low]:
            return
        if self.rules == "31":
            self.games += 1
            self.winner = high  # ruling 16: the match ends, the slates stay
        else:
            self._win_game(high, parties_against(self.slate[low]))

    def dehors(self, team, count):
        """Rules 7 and 8 (17 for "31"): the deal stops and the call decides the game."""
        opponents = other(team)
        coches = 2 if self.slate[opponents] < 15 else 1
        self._close_deal()
        if self.rules == "31":
            assert count >= 310, "the slate refuses a short call in 31"
            self.games += 1
            self.winner = team
        else:
            self._win_game(team if count >= 301 else opponents, coches)

    def all_tricks(self, team, call, card_points, table):
        """Rules 10-12, 18, 22-23: all eight tricks to `team`; `call` if it announced."""
        if self.rules == "31":
            self.slate[team] += 2
            self.score_deal(card_points, table)
        elif self.rules == "brou1802":
            parties = 3 + parties_against(self.slate[other(team)])
            self._close_deal()
            if call:
                self._win_game(team, parties)
            else:
                self._add_to_match(team, 3)
        else:
            self._close_deal()
            if call:
                self._win_game(team, 4 if call == "cape-dedouble" else 3)
            else:
                self._add_to_match(team, 2)  # slates and bottom stay

    def cape_failed(self, announcers, call):
        """Rules 11 and 12: the announcers lost a trick; the opponents score, the game goes on."""
        self._close_deal()
        self._add_to_match(other(announcers), 4 if call == "cape-dedouble" else 3)

    def _close_deal(self):
        self.deal_open = False
        self.dealer = (self.dealer + 1) % 4  # ruling 1

    def _win_game(self, team, score):
        self.games += 1
        for side in TEAMS:
            self.slate[side] = self.bottom[side] = 0
        self._add_to_match(team, score)

    def _add_to_match(self, team, score):
        tally = self.parties if self.rules == "brou1802" else self.coches
        tally[team] += score
        if tally[team] >= self.target:
            self.winner = team


def parties_against(losers):
    """Ruling 21: 1 partie if the losers have 150 or more, 2 from 0, 4 below 0."""
    return 1 if losers >= 150 else 2 if losers >= 0 else 4


# -- the table -----------------------------------------------------------------


class Deal:
    """What the table knows of the deal in progress."""

    def __init__(self, hands, trump, recorded, keen_team):
        self.hands = hands
        self.trump = trump
        self.recorded = recorded  # tricks entered on the slate, one event each
        self.keen_team = keen_team  # a team dealt a strong hand plays to take tricks
        self.card_points = dict.fromkeys(TEAMS, 0)
        self.tricks = dict.fromkeys(TEAMS, 0)
        self.table = dict.fromkeys(TEAMS, 0)  # marriages in each team's tricks, as scored
        self.suits_used = set()
        self.announcers = None
        self.call = None
        self.announced = False  # one announcement a deal, even after one lapses
        self.over = False  # settled at the table: nothing more to say but the end

    def all_tricks_to(self):
        return next((team for team in TEAMS if self.tricks[team] == TRICKS), None)


class Table:
    """Four simple players and the slate's keeper, playing one match into a match log.

    `events` is the log; `expected[i]` is what the slate must show after
    event i (None after a slip that an undo takes back at once).
    """

    RECORDED_SHARE = 0.7  # the other deals enter no trick events
    STRONG_SHARE = 0.15  # deals looked for until one team holds a strong hand

    def __init__(self, rng, rules="etivaz", dealer=0, target=None):
        self.rng = rng
        self.rules = rules
        header = {"ev": "match", "game": "brouc", "rules": rules, "dealer": dealer}
        if target is not None:
            header["target"] = target
        default_target = 12 if rules == "brou1802" else 5
        self.chalk = Chalk(rules, dealer, target or default_target)
        self.events = [header]
        self.expected = [self.chalk.view()]
        self.outcomes = collections.Counter()
        # How these four play, drawn once a match.
        self.declare_chance = rng.choice((0.0, 0.5, 1.0))
        self.notice_chance = rng.choice((0.3, 0.7, 1.0))  # calling dehors when it is right
        self.misjudge_chance = rng.choice((0.0, 0.01, 0.05))  # calling it when it is not
        self.announce_chance = rng.choice((0.02, 0.1, 0.3))
        self.slip_chance = 0.02  # a wrong entry, taken back with undo at once

    def lines(self):
        return [json.dumps(event, separators=(",", ":")) for event in self.events]

    def emit(self, event):
        """Enter an event; the chalk must already show its effect."""
        self.events.append(event)
        self.expected.append(self.chalk.view())

    def slip(self, wrong):
        """Now and then the wrong entry first, undone at once (before the chalk moves)."""
        if self.rng.random() < self.slip_chance:
            self.events += [wrong, {"ev": "undo"}]
            self.expected += [None, self.chalk.view()]
            self.outcomes["slip undone"] += 1

    # -- a deal --------------------------------------------------------------

    def play_deal(self):
        """Deal, play the eight tricks and enter everything until the slate closes the deal."""
        rng = self.rng
        dealer = self.chalk.dealer
        hands, trump, keen_team = self.shuffle_and_deal(dealer)
        deal = Deal(hands, trump, rng.random() < self.RECORDED_SHARE, keen_team)
        self.outcomes["deal" if deal.recorded else "deal without tricks"] += 1
        self.chalk.start_deal()
        self.emit({"ev": "deal", "trump": trump})
        leader = (dealer + 1) % 4  # the player after the dealer leads
        for completed in range(TRICKS):
            if not deal.over and self.talk(deal, completed):
                return
            leader = self.play_trick(deal, leader)
            if deal.over and deal.recorded:
                return  # the trick settled the deal on the slate
        if deal.all_tricks_to() is None and not deal.over and self.talk(deal, TRICKS):
            return
        self.enter_end(deal)

    def shuffle_and_deal(self, dealer):
        """A shuffled deal; sometimes one redealt until a team holds a strong hand (for capes)."""
        rng = self.rng
        deck = list(PACK)
        # More often when a team could announce cape et dehors (19 or more),
        # so that announced capes are won as well as lost.
        could_announce = self.rules == "etivaz" and max(self.chalk.slate.values()) >= 19
        looking = rng.random() < (0.6 if could_announce else self.STRONG_SHARE)
        for _ in range(500 if looking else 1):
            rng.shuffle(deck)
            hands, trump = deal_hands(deck, dealer)
            if not looking:
                return hands, trump, None
            for team in TEAMS:
                held = hands[TEAMS.index(team)] + hands[TEAMS.index(team) + 2]
                trumps = sum(card.suit == trump for card in held)
                aces = sum(card.rank == "A" for card in held)
                if trumps >= 6 and aces >= 3:
                    return hands, trump, team
        return hands, trump, None

    def play_trick(self, deal, leader):
        """Four cards from the leader on; returns the seat that takes the trick."""
        trick = []
        for offset in range(4):
            seat = (leader + offset) % 4
            hand = deal.hands[seat]
            legal = legal_cards(
                hand, trick, deal.trump, any_card_when_void=self.rules == "brou1802"
            )
            if team_of(seat) == deal.keen_team:
                card = keen_card(legal, trick, deal.trump)
            else:
                card = self.rng.choice(legal)
            hand.remove(card)
            trick.append(card)
        winner = (leader + trick_winner(trick, deal.trump)) % 4
        team = team_of(winner)
        deal.card_points[team] += sum(POINTS[card.rank] for card in trick)
        deal.tricks[team] += 1
        self.enter_trick(deal, team, marriages_in(trick))
        return winner

    def enter_trick(self, deal, team, marriages):
        """The trick event (recorded deals) and the marriages lying in the trick."""
        rng = self.rng
        if deal.over:
            return  # a failed announcement: the players only finish the cards
        lost_by_announcers = deal.announcers == other(team)
        all_tricks = deal.tricks[team] == TRICKS
        if not deal.recorded:
            if lost_by_announcers and self.rules == "etivaz":
                deal.over = True  # the end event will tell the slate
                return
            if lost_by_announcers:
                deal.announcers = deal.call = None  # partie et vole lapses
            for marriage in marriages:
                self.enter_marriage(deal, team, *marriage)
            return
        # Ruling 5: a marriage in a trick needs a trick won before it is
        # entered, so the winners' first trick comes first; a trick that ends
        # the deal comes last, or its marriage could not be entered at all.
        had_a_trick = deal.tricks[team] > 1
        ends_deal = all_tricks or (lost_by_announcers and self.rules == "etivaz")
        marriages_first = had_a_trick and (ends_deal or rng.random() < 0.5)
        if marriages_first:
            for marriage in marriages:
                self.enter_marriage(deal, team, *marriage)
        self.slip({"ev": "trick", "team": other(team)})
        if lost_by_announcers and self.rules == "etivaz":
            self.chalk.cape_failed(deal.announcers, deal.call)
            self.outcomes["announced cape lost"] += 1
            deal.over = True
        elif lost_by_announcers:
            deal.announcers = deal.call = None
            self.outcomes["partie et vole lapsed"] += 1
        elif all_tricks:
            self.resolve_all_tricks(deal, team)
        self.emit({"ev": "trick", "team": team})
        if not marriages_first and not deal.over:
            for marriage in marriages:
                self.enter_marriage(deal, team, *marriage)

    def enter_marriage(self, deal, team, suit, kind):
        value = marriage_value(suit, kind, deal.trump)
        deal.table[team] += 2 * value if self.rules == "brou1802" else value  # ruling 20
        deal.suits_used.add(suit)
        self.outcomes["marriage in a trick"] += 1
        self.emit({"ev": "table", "team": team, "suit": suit, "kind": kind})

    def resolve_all_tricks(self, deal, team):
        announced = deal.announcers == team
        self.chalk.all_tricks(team, deal.call if announced else None, deal.card_points, deal.table)
        name = "vole" if self.rules == "brou1802" else "cape"  # all eight tricks
        self.outcomes["announced %s won" % name if announced else name] += 1
        deal.over = True

    def talk(self, deal, completed):
        """Between tricks: declarations, an announcement, a dehors call (True: the deal ended)."""
        self.declare(deal)
        self.announce(deal, completed)
        return self.call_dehors(deal)

    def declare(self, deal):
        """Ruling 4: a marriage still held, once the player's team has won a trick."""
        rng = self.rng
        for seat in rng.sample(range(4), 4):
            team = team_of(seat)
            if not deal.tricks[team]:
                continue
            held = {(card.rank, card.suit) for card in deal.hands[seat]}
            for suit in SUITS:
                if suit in deal.suits_used or ("K", suit) not in held or ("Q", suit) not in held:
                    continue
                if rng.random() >= self.declare_chance:
                    continue
                kind = "KQJ" if ("J", suit) in held else "KQ"
                deal.suits_used.add(suit)
                self.chalk.bottom[team] += marriage_value(suit, kind, deal.trump)
                self.outcomes["declared marriage"] += 1
                self.emit({"ev": "declare", "team": team, "suit": suit, "kind": kind})

    def announce(self, deal, completed):
        """Rules 11, 12 and 23: a cape (or partie et vole) announced while it can still be won."""
        rng = self.rng
        last = 4 if self.rules == "brou1802" else 6  # the fifth lead; two cards in hand
        if self.rules == "31" or deal.announced or completed > last:
            return
        for team in rng.sample(TEAMS, 2):
            if deal.tricks[other(team)]:
                continue
            chance = self.announce_chance
            if team == deal.keen_team:
                chance = max(chance, 0.5)  # a strong hand tempts more
            if self.rules == "brou1802":
                call = "partie-vole"
            elif self.chalk.slate[team] < 19:
                continue
            elif self.chalk.slate[other(team)] <= 14 and rng.random() < 0.5:
                call = "cape-dedouble"
            else:
                call = "cape-dehors"
            if rng.random() < chance:
                deal.announcers, deal.call, deal.announced = team, call, True
                self.outcomes["announced " + call] += 1
                self.emit({"ev": "announce", "team": team, "call": call})
                return

    def call_dehors(self, deal):
        """Rule 7 (17 for "31"): a team that counts enough may call out; some miscount."""
        rng = self.rng
        if self.rules == "brou1802":
            return False
        for team in rng.sample(TEAMS, 2):
            count = self.chalk.count(team, deal.card_points, deal.table)
            if count >= (310 if self.rules == "31" else 301):
                calling = rng.random() < self.notice_chance
            else:
                calling = self.rules == "etivaz" and count >= 250
                calling = calling and rng.random() < self.misjudge_chance
            if calling:
                self.chalk.dehors(team, count)
                right = count >= (310 if self.rules == "31" else 301)
                self.outcomes["dehors right" if right else "dehors wrong"] += 1
                deal.over = True
                self.emit({"ev": "out", "team": team, "points": deal.card_points[team]})
                return True
        return False

    def enter_end(self, deal):
        """The end event: a cape, or the card points counted from the tricks."""
        chalk = self.chalk
        cape = deal.all_tricks_to()
        if cape and deal.recorded:
            return  # the eighth trick already ended the deal on the slate
        if cape:
            self.slip({"ev": "end", "A": 60})
            if self.rules == "etivaz" and deal.announcers == other(cape):
                chalk.cape_failed(deal.announcers, deal.call)
                self.outcomes["announced cape lost"] += 1
            else:
                self.resolve_all_tricks(deal, cape)
            self.emit({"ev": "end", "cape": cape})
            return
        points = deal.card_points["A"]
        assert points + deal.card_points["B"] == 120
        self.slip({"ev": "end", "A": 120 - points})
        if self.rules == "etivaz" and deal.announcers:
            chalk.cape_failed(deal.announcers, deal.call)  # ruling 14: any other end
            self.outcomes["announced cape lost"] += 1
        else:
            chalk.score_deal(deal.card_points, deal.table)
            self.outcomes["scored"] += 1
        event = {"ev": "end", "A": points}
        if self.rng.random() < 0.3:
            event["B"] = deal.card_points["B"]
        self.emit(event)


class PlayedMatch(NamedTuple):
    lines: list  # the match log, one JSON event a line
    expected: list  # what the slate must show after each line (None: not checked)
    deals: int
    outcomes: collections.Counter


def play_match(seed, rules=None, max_deals=80):
    """A whole match from `seed` (random rules, dealer and target unless given)."""
    rng = random.Random(seed)
    rules = rules or rng.choice(RULES)
    target = None if rules == "31" else rng.choice((None, 3, 5, 7, 12))
    table = Table(rng, rules, dealer=rng.randrange(4), target=target)
    deals = 0
    while table.chalk.winner is None and deals < max_deals:
        table.play_deal()
        deals += 1
    return PlayedMatch(table.lines(), table.expected, deals, table.outcomes)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", choices=RULES)
    args = parser.parse_args(argv)
    for line in play_match(args.seed, args.rules).lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
