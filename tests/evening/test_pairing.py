"""The championship's draw (host_tools/evening/pairing.py, ruling 35).

The property: over 2 to 40 pairs and every number of rounds up to the pairs'
number less one, played with random results, each Swiss round seats every
pair once (in a match or with the bye), gives the bye to a pair that has
not had one, to the lowest-ranked such pair that leaves a pairing without
a rematch, and has no rematch whenever some pairing of the round avoids
one. Whether one exists is decided here without the draw's own library:
a graph has a perfect matching exactly when its Tutte matrix is not
singular, checked modulo a large prime with random entries (Lovász; a wrong
"no" has odds below 40 in 2^61).
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from host_tools.evening import pairing

TIER = "network"
TIER_OF = {
    "test_no_rematch_while_a_pairing_avoids_it": "slow",
    "test_forty_pairs_play_thirty_nine_rounds": "slow",
}

PRIME = 2**61 - 1
EXTRA = "bye"  # the bye's node in the check's graph


def has_perfect_matching(nodes, edges, rng):
    """Whether the graph (`nodes`, `edges` a set of frozensets) has a perfect matching."""
    nodes = list(nodes)
    if len(nodes) % 2:
        return False
    index = {node: number for number, node in enumerate(nodes)}
    size = len(nodes)
    matrix = [[0] * size for _ in range(size)]
    for edge in edges:
        one, other = sorted(edge, key=index.get)
        value = rng.randrange(1, PRIME)
        matrix[index[one]][index[other]] = value
        matrix[index[other]][index[one]] = PRIME - value
    for column in range(size):  # Gaussian elimination modulo PRIME: singular or not
        pivot = next((row for row in range(column, size) if matrix[row][column]), None)
        if pivot is None:
            return False
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        inverse = pow(matrix[column][column], PRIME - 2, PRIME)
        for row in range(column + 1, size):
            factor = matrix[row][column] * inverse % PRIME
            if factor:
                matrix[row] = [
                    (a - factor * b) % PRIME
                    for a, b in zip(matrix[row], matrix[column], strict=True)
                ]
    return True


def fresh_graph(pairs, met, byes):
    """The pairings without a rematch: pairs that never met, and the bye for a pair
    without one (when their number is odd)."""
    nodes = list(pairs)
    edges = {
        frozenset((one, other))
        for one in pairs
        for other in pairs
        if one != other and not met.get(frozenset((one, other)))
    }
    if len(pairs) % 2:
        nodes.append(EXTRA)
        edges |= {frozenset((pair, EXTRA)) for pair in pairs if not byes.get(pair)}
    return nodes, edges


def test_a_tutte_check_knows_a_perfect_matching():
    rng = random.Random(1)
    square = {frozenset(edge) for edge in ((0, 1), (1, 2), (2, 3), (3, 0))}
    assert has_perfect_matching(range(4), square, rng)
    star = {frozenset((0, other)) for other in (1, 2, 3)}
    assert not has_perfect_matching(range(4), star, rng)
    assert not has_perfect_matching(range(3), {frozenset((0, 1))}, rng)


def ranking_order(count, wins, first):
    """The pairs best first, as the evening ranks them between rounds (wins, then the
    order of round 1: the ranking's other criteria play no part in these checks)."""
    return sorted(range(count), key=lambda pair: (-wins[pair], first.index(pair)))


def play(count, rounds, seed, check=True):
    """`rounds` Swiss rounds of `count` pairs with random results; each round checked."""
    rng = random.Random(seed)
    tutte = random.Random(seed + 1)
    first = pairing.first_order(count, seed)
    wins = dict.fromkeys(range(count), 0)
    met = {}
    byes = {}
    for number in range(1, rounds + 1):
        order = first if number == 1 else ranking_order(count, wins, first)
        drawn = pairing.swiss_round(order, wins, met, byes)
        seated = [pair for match in drawn.matches for pair in match]
        if drawn.bye is not None:
            seated.append(drawn.bye)
        assert sorted(seated) == list(range(count)), (number, drawn)
        assert (drawn.bye is None) == (count % 2 == 0)
        for one, other in drawn.matches:
            assert order.index(one) < order.index(other)  # the higher-ranked on seats 1 and 3
        if drawn.bye is not None:
            assert not byes.get(drawn.bye), "a second bye for %d in round %d" % (drawn.bye, number)
        if check:
            nodes, edges = fresh_graph(range(count), met, byes)
            avoidable = has_perfect_matching(nodes, edges, tutte)
            rematches = len([match for match in drawn.matches if met.get(frozenset(match))])
            assert rematches == drawn.rematches
            if avoidable:
                assert rematches == 0, "round %d: %r, though a fresh pairing exists" % (
                    number,
                    drawn,
                )
                if drawn.bye is not None:
                    # No lower-ranked pair without a bye could have taken it.
                    for pair in order[order.index(drawn.bye) + 1 :]:
                        if byes.get(pair):
                            continue
                        rest = [other for other in range(count) if other != pair]
                        nodes, edges = fresh_graph(rest, met, {})
                        assert not has_perfect_matching(nodes, edges, tutte), (number, pair)
        for one, other in drawn.matches:
            key = frozenset((one, other))
            met[key] = met.get(key, 0) + 1
            wins[rng.choice((one, other))] += 1
        if drawn.bye is not None:
            byes[drawn.bye] = byes.get(drawn.bye, 0) + 1
            wins[drawn.bye] += 1  # a bye counts as a match won
    return met, byes


@settings(max_examples=60)
@given(st.data())
def test_no_rematch_while_a_pairing_avoids_it(data):
    count = data.draw(st.integers(2, 40), "pairs")
    rounds = data.draw(st.integers(1, count - 1), "rounds")
    seed = data.draw(st.integers(0, 2**32), "seed")
    play(count, rounds, seed)


def test_forty_pairs_play_thirty_nine_rounds():
    """The longest Swiss championship the property reaches, whole, once."""
    met, byes = play(40, 39, 5)
    assert byes == {}
    assert len(met) >= 39 * 20 - 39  # few rematches, if any, in the last rounds


def test_seven_pairs_give_seven_different_byes_in_seven_rounds():
    met, byes = play(7, 6, 3)
    assert sorted(byes.values()) == [1] * 6


def test_the_bye_goes_to_the_lowest_ranked_pair_without_one():
    order = [4, 2, 0, 1, 3]
    drawn = pairing.swiss_round(order, {4: 1, 2: 1}, {}, {})
    assert drawn.bye == 3 and drawn.matches == [(4, 2), (0, 1)]
    drawn = pairing.swiss_round(order, {4: 1, 2: 1, 3: 1}, {}, {3: 1})
    assert drawn.bye == 1


def test_pairs_meet_the_nearest_number_of_wins():
    order = [0, 1, 2, 3, 4, 5]
    wins = {0: 2, 1: 2, 2: 1, 3: 1, 4: 0, 5: 0}
    drawn = pairing.swiss_round(order, wins, {frozenset((0, 1)): 1}, {})
    assert drawn.rematches == 0 and drawn.matches[2] == (4, 5)
    assert {frozenset(match) for match in drawn.matches[:2]} in (
        {frozenset((0, 2)), frozenset((1, 3))},
        {frozenset((0, 3)), frozenset((1, 2))},
    )


def test_a_round_robin_of_six_pairs_meets_every_pair_exactly_once():
    rounds = pairing.round_robin(6, 11)
    assert len(rounds) == 5
    met = [frozenset(match) for drawn in rounds for match in drawn.matches]
    assert len(met) == 15 and len(set(met)) == 15
    for drawn in rounds:
        assert sorted(pair for match in drawn.matches for pair in match) == list(range(6))
        assert drawn.bye is None


def test_a_round_robin_of_seven_gives_each_pair_one_bye():
    rounds = pairing.round_robin(7, 2)
    assert sorted(drawn.bye for drawn in rounds) == list(range(7))
    met = [frozenset(match) for drawn in rounds for match in drawn.matches]
    assert len(met) == 21 and len(set(met)) == 21


def test_the_default_rounds():
    assert [pairing.default_rounds(n) for n in (2, 3, 4, 7, 8, 16, 40)] == [1, 3, 3, 4, 4, 5, 7]
    assert pairing.default_rounds(6, pairing.ROUND_ROBIN) == 5
    assert pairing.default_rounds(7, pairing.ROUND_ROBIN) == 7
