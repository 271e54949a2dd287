"""The championship's draw (ruling 35, docs/rules.md): who meets whom in a round.

Pure functions over pair numbers (0..N-1, the order the pairs were
registered in); nothing here reads a file or a log.

- `swiss_round(order, wins, met, byes)`: a Swiss round. `order` is every
  pair best first (the ranking), `wins` their matches won, `met` how often
  two pairs have met ({frozenset({i, j}): times}), `byes` how many byes
  each has had. Round 1 is a Swiss round over an order drawn at random.
- `round_robin(count, seed)`: every round of a round robin (the circle
  method over an order drawn from `seed`).

A Swiss round is one matching of least cost over every possible pairing
(networkx's `max_weight_matching` on the complete graph of the pairs, with
a node for the bye when their number is odd), the costs in tiers so that
each aim outweighs all those after it together:

1. no pair has a second bye while one has had none;
2. as few pairs as possible meet again (none when any pairing, the bye's
   choice included, avoids it);
3. the bye goes to the lowest-ranked pair that can take it;
4. pairs meet the nearest numbers of matches won (the squared difference);
5. then the nearest places (1 against 2, 3 against 4).

So a late pair is never left with only an old opponent while a swap
higher up would have avoided it, as a greedy walk down the list can do.
"""

import math
import random

import networkx

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
FORMATS = (SWISS, ROUND_ROBIN)
MOST_ROUND_ROBIN = 8  # ruling 35: a round robin for 8 pairs or fewer
BYE = -1  # the bye's node in the matching


class Round:
    """One round drawn: `matches` [(higher, lower), ...] (the higher-ranked pair of
    each match first: it sits on seats 1 and 3), `bye` a pair or None, and how
    many `rematches` it holds (pairs that met before)."""

    def __init__(self, matches, bye, rematches=0):
        self.matches = matches
        self.bye = bye
        self.rematches = rematches

    def __repr__(self):
        return "Round(%r, bye=%r, rematches=%d)" % (self.matches, self.bye, self.rematches)


def most_rounds(count):
    """The rounds in which every pair can still meet a new opponent: a round robin's."""
    return count if count % 2 else count - 1


def default_rounds(count, form=SWISS):
    """A Swiss championship: the rounds that leave at most one unbeaten pair (the
    base-2 logarithm, rounded up), plus one, never more than a round robin's; a
    round robin: all its rounds."""
    if form == ROUND_ROBIN:
        return most_rounds(count)
    return min(most_rounds(count), math.ceil(math.log2(count)) + 1)


def swiss_round(order, wins, met, byes):
    """The next Swiss round of the pairs in `order` (best first); see the module's text."""
    count = len(order)
    place = {pair: index for index, pair in enumerate(order)}
    most_won = max([wins.get(pair, 0) for pair in order] + [0])
    # The tiers' weights, each above the most that all the tiers below can add up to.
    nearest = count * count + 1
    bye_place = count * (most_won * most_won * nearest + count) + 1
    rematch = count * bye_place + bye_place
    second_bye = (count * (max(met.values(), default=0) + 1) + 1) * rematch
    fewest_byes = min(byes.get(pair, 0) for pair in order)
    costs = {}
    for first in range(count):
        for second in range(first + 1, count):
            one, other = order[first], order[second]
            won = wins.get(one, 0) - wins.get(other, 0)
            costs[one, other] = (
                met.get(frozenset((one, other)), 0) * rematch
                + won * won * nearest
                + (second - first)
            )
    if count % 2:
        for pair in order:
            costs[pair, BYE] = (byes.get(pair, 0) - fewest_byes) * second_bye + (
                count - 1 - place[pair]
            ) * bye_place
    most = max(costs.values()) + 1
    graph = networkx.Graph()
    for (one, other), cost in costs.items():
        graph.add_edge(one, other, weight=most - cost)
    matching = networkx.max_weight_matching(graph, maxcardinality=True)
    matches = []
    bye = None
    rematches = 0
    for one, other in matching:
        if BYE in (one, other):
            bye = other if one == BYE else one
            continue
        if place[other] < place[one]:
            one, other = other, one
        matches.append((one, other))
        rematches += met.get(frozenset((one, other)), 0) > 0
    matches.sort(key=lambda match: place[match[0]])
    return Round(matches, bye, rematches)


def first_order(count, seed):
    """Round 1's order: the pairs drawn at random from `seed`."""
    order = list(range(count))
    random.Random(seed).shuffle(order)
    return order


def round_robin(count, seed):
    """Every round of a round robin of `count` pairs, in order: the circle method
    over an order drawn from `seed`; with an odd number, each pair's bye comes in
    the round the schedule gives it."""
    ring = first_order(count, seed) + ([None] if count % 2 else [])
    size = len(ring)
    rounds = []
    for number in range(size - 1):
        matches = []
        bye = None
        for index in range(size // 2):
            one, other = ring[index], ring[size - 1 - index]
            if index == 0 and number % 2:
                one, other = other, one  # the fixed pair changes sides each round
            if one is None or other is None:
                bye = other if one is None else one
            else:
                matches.append((one, other))
        rounds.append(Round(matches, bye))
        ring = [ring[0], ring[-1]] + ring[1:-1]  # all but the first turn one place
    return rounds
