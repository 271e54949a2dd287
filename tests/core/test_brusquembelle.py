"""Brusquembelle: rulings 30-33 of docs/rules.md."""

from checks import ev, fold, match, play, refused, snapshot
from games_checks import SMALL_INT, UNDO, Dice, refused_header, undo_all, undo_each, wander

TIER = "quick"


def brusq(players=4, **header):
    header["players"] = players
    return match("brusquembelle", **header)


def deal():
    return ev("deal")


def card(player, rank, won):
    return ev("card", player=player, rank=rank, won=won)


def end(*points):
    return ev("end", points=list(points))


def balance(game):
    return game.state()["balance"]


def pool(game):
    return game.state()["pool"]


def units_add_up(game):
    """Nothing is made or lost: the balances and the pool add up to 0."""
    state = game.state()
    return sum(state["balance"]) + state["pool"] == 0


# -- the match event (ruling 30) -------------------------------------------------


def test_match_defaults():
    state = brusq().state()
    assert state["game"] == "brusquembelle" and state["players"] == 4
    assert state["ante"] == 1 and state["pairs"] is False
    assert state["balance"] == [0, 0, 0, 0] and state["pool"] == 0
    assert state["deal_open"] is False and state["dealer"] == 0
    assert "pair_balance" not in state


def test_two_to_five_players():
    for players in (2, 3, 4, 5):
        state = brusq(players).state()
        assert state["balance"] == [0] * players


def test_match_header_refusals():
    head = ev("match", game="brusquembelle")
    refused_header(head, "a 'match' event needs 'players'")
    for bad in (0, 1, 6, "4", True, 4.0, None):
        refused_header(ev("match", game="brusquembelle", players=bad), "'players' must be")
    for bad in (-1, 101, 1.5, "1"):
        refused_header(ev("match", game="brusquembelle", players=3, ante=bad), "'ante' must be")
    for bad in (1, 0, "false", None):
        refused_header(
            ev("match", game="brusquembelle", players=4, pairs=bad), "'pairs' must be true or false"
        )
    refused_header(ev("match", game="brusquembelle", players=4, target=5), "unknown key 'target'")
    # The spec's match event names no dealer: seat 0 deals first.
    refused_header(ev("match", game="brusquembelle", players=3, dealer=1), "unknown key 'dealer'")


def test_pairs_only_with_four_players():
    for players in (2, 3, 5):
        refused_header(
            ev("match", game="brusquembelle", players=players, pairs=True),
            "pairs need 4 players, not %d" % players,
        )
    assert brusq(4, pairs=True).state()["pairs"] is True
    assert brusq(3, pairs=False).state()["pairs"] is False


def test_unknown_events_and_keys_refused():
    game = play(brusq(), deal())
    refused(game, ev("trick", team="A"), "unknown event 'trick'")
    refused(game, ev("deal", trump="H"), "unknown key 'trump'")
    refused(game, ev("card", player=0, rank="A", won=True, team="A"), "unknown key 'team'")
    refused(game, ev("card", player=0, rank="A"), "a 'card' event needs 'won'")
    refused(game, ev("end", points=[30, 30, 30, 30], A=60), "unknown key 'A'")
    refused(game, ev("end"), "event needs 'points'")


def test_no_deal_open_refuses_cards_and_ends():
    game = brusq()
    refused(game, card(0, "A", True), "no deal is in progress")
    refused(game, end(30, 30, 30, 30), "no deal is in progress")
    play(game, deal())
    refused(game, deal(), "a deal is already in progress")
    play(game, end(30, 30, 30, 30))
    refused(game, card(1, "10", False), "no deal is in progress")


# -- card points: ends (ruling 30) -----------------------------------------------------


def test_card_points_must_add_up_to_120():
    game = play(brusq(), deal())
    refused(game, end(60, 30, 20, 9), "card points must add up to 120, not 60 + 30 + 20 + 9 = 119")
    refused(game, end(60, 30, 20, 11), "not 60 + 30 + 20 + 11 = 121")
    refused(game, end(0, 0, 0, 0), "= 0")
    game = play(brusq(3), deal())
    refused(game, end(120, 120, 0), "not 120 + 120 + 0 = 240")


def test_one_whole_number_of_card_points_per_player():
    game = play(brusq(), deal())
    refused(game, end(60, 60), "'points' must be a list of 4 card points")
    refused(game, end(30, 30, 30, 30, 0), "a list of 4 card points")
    refused(game, ev("end", points=120), "a list of 4 card points")
    refused(game, ev("end", points={"0": 120}), "a list of 4 card points")
    refused(game, end(130, -10, 0, 0), "4 whole numbers from 0 to 120")
    refused(game, end(60.0, 60, 0, 0), "4 whole numbers from 0 to 120")
    refused(game, end(True, 59, 60, 0), "4 whole numbers from 0 to 120")
    refused(game, end("60", 60, 0, 0), "4 whole numbers from 0 to 120")


# -- the pool (ruling 31) -----------------------------------------------------------------


def test_every_player_puts_the_ante_in_the_pool():
    game = play(brusq(), deal())
    assert balance(game) == [-1, -1, -1, -1] and pool(game) == 4
    assert game.state()["deal_open"] is True
    game = play(brusq(5, ante=3), deal())
    assert balance(game) == [-3] * 5 and pool(game) == 15


def test_the_most_card_points_take_the_whole_pool():
    game = play(brusq(), deal(), end(50, 30, 20, 20))
    state = game.state()
    assert state["balance"] == [3, -1, -1, -1] and state["pool"] == 0
    assert state["deal_open"] is False and state["taker"] == [0]
    play(game, deal(), end(20, 20, 20, 60))  # a tie below the top does not matter
    assert balance(game) == [2, -2, -2, 2] and units_add_up(game)


def test_a_tie_leaves_the_pool_for_the_next_deal():
    game = play(brusq(3, ante=3), deal(), end(40, 40, 40))
    assert balance(game) == [-3, -3, -3] and pool(game) == 9
    assert game.state()["taker"] == []
    play(game, deal(), end(50, 50, 20))
    assert balance(game) == [-6, -6, -6] and pool(game) == 18
    play(game, deal(), end(10, 100, 10))
    assert balance(game) == [-9, 18, -9] and pool(game) == 0


def test_an_ante_of_zero_plays_for_the_side_payments_only():
    game = play(brusq(2, ante=0), deal(), card(0, "A", True), end(100, 20))
    assert balance(game) == [2, -2] and pool(game) == 0


# -- side payments (ruling 32) ---------------------------------------------------------------


def test_aces_and_tens_are_settled_at_once():
    game = play(brusq(), deal(), card(1, "A", True))
    assert balance(game) == [-3, 5, -3, -3]
    play(game, card(2, "A", False))
    assert balance(game) == [-1, 7, -9, -1]
    play(game, card(0, "10", True))
    assert balance(game) == [2, 6, -10, -2]
    play(game, card(3, "10", False))
    assert balance(game) == [3, 7, -9, -5] and pool(game) == 4 and units_add_up(game)


def test_side_payments_with_two_and_five_players():
    game = play(brusq(2), deal(), card(1, "A", True), card(0, "10", False))
    assert balance(game) == [-4, 2]
    game = play(brusq(5), deal(), card(4, "A", True), card(0, "10", True))
    assert balance(game) == [1, -4, -4, -4, 6] and units_add_up(game)


def test_at_most_four_aces_and_four_tens_a_deal():
    game = play(brusq(), deal())
    play(game, card(0, "A", True), card(1, "A", False), card(2, "A", False), card(3, "A", True))
    refused(game, card(0, "A", True), "all 4 cards of rank A are already played in this deal")
    refused(game, card(1, "A", False), "rank A")
    play(game, card(0, "10", True), card(0, "10", True), card(1, "10", False), card(2, "10", True))
    assert game.state()["played"] == {"A": 4, "10": 4}
    refused(game, card(3, "10", True), "all 4 cards of rank 10 are already played")
    play(game, end(30, 30, 30, 30), deal(), card(0, "A", True))
    assert game.state()["played"] == {"A": 1, "10": 0}


def test_a_fifth_ace_with_the_thirty_card_pack_too():
    game = play(brusq(5), deal(), *[card(seat, "A", True) for seat in range(4)])
    refused(game, card(4, "A", False), "all 4 cards of rank A")


def test_card_refusals():
    game = play(brusq(3), deal())
    refused(game, card(3, "A", True), "'player' must be a whole number from 0 to 2")
    refused(game, card(-1, "A", True), "'player' must be")
    for bad in ("K", "a", 10, "T", None):
        refused(game, card(0, bad, True), "'rank' must be one of A, 10")
    for bad in (1, 0, "true", None):
        refused(game, card(0, "A", bad), "'won' must be true or false")


# -- pairs (ruling 30) -----------------------------------------------------------------------


def test_pairs_add_partners_card_points_and_share_the_pool():
    game = play(brusq(pairs=True), deal(), end(40, 30, 30, 20))
    state = game.state()
    assert state["balance"] == [1, -1, 1, -1] and state["pool"] == 0
    assert state["taker"] == [0, 2] and state["pair_balance"] == {"A": 2, "B": -2}


def test_pairs_the_best_player_can_be_on_the_losing_side():
    game = play(brusq(pairs=True, ante=3), deal(), end(50, 35, 0, 35))
    assert balance(game) == [-3, 3, -3, 3] and pool(game) == 0


def test_pairs_a_tie_leaves_the_pool():
    game = play(brusq(pairs=True), deal(), end(60, 0, 0, 60))
    assert pool(game) == 4 and game.state()["taker"] == []
    play(game, deal(), end(0, 60, 60, 0))
    assert pool(game) == 8
    play(game, deal(), end(10, 40, 10, 60))
    assert balance(game) == [-3, 3, -3, 3] and pool(game) == 0


def test_pairs_the_pool_always_splits_evenly():
    for ante in (1, 3, 5):
        game = play(brusq(pairs=True, ante=ante), deal(), end(60, 0, 0, 60), deal())
        play(game, end(0, 1, 0, 119))
        assert pool(game) == 0 and balance(game) == [-2 * ante, 2 * ante, -2 * ante, 2 * ante]


def test_pairs_side_payments_still_go_to_every_other_player():
    game = play(brusq(pairs=True), deal(), card(0, "A", True))
    state = game.state()
    assert state["balance"] == [5, -3, -3, -3]
    assert state["pair_balance"] == {"A": 2, "B": -6}
    play(game, card(3, "10", False))
    assert game.state()["pair_balance"] == {"A": 4, "B": -8} and units_add_up(game)


# -- the dealer (ruling 33) -------------------------------------------------------------------


def test_the_dealer_moves_one_seat_on_after_every_deal():
    game = brusq(3)
    assert game.state()["dealer"] == 0
    play(game, deal())
    assert game.state()["dealer"] == 0
    play(game, end(40, 40, 40))  # a tie too
    assert game.state()["dealer"] == 1
    play(game, deal(), end(100, 10, 10), deal(), end(0, 0, 120))
    assert game.state()["dealer"] == 0 and game.state()["deals"] == 3
    game = brusq(5)
    for _ in range(6):
        play(game, deal(), end(120, 0, 0, 0, 0))
    assert game.state()["dealer"] == 1 and units_add_up(game)


# -- undo and codes -----------------------------------------------------------------------------


def test_undo_restores_after_every_kind_of_event():
    game = brusq()
    undo_each(game, deal(), card(0, "A", True), card(1, "A", False), card(2, "10", True))
    undo_each(game, card(3, "10", False), card(3, "A", True), card(2, "A", True))
    undo_each(game, end(20, 20, 60, 20))  # the pool taken
    undo_each(game, deal(), card(1, "10", True), end(40, 40, 0, 40))  # a tie
    undo_each(game, deal(), end(0, 0, 0, 120))
    assert units_add_up(game) and game.state()["dealer"] == 3


def test_undo_of_a_fifth_ace_refusal_and_again():
    game = play(brusq(), deal(), *[card(seat, "A", True) for seat in range(4)])
    refused(game, card(0, "A", True), "rank A")
    play(game, UNDO)
    assert game.state()["played"]["A"] == 3
    play(game, card(0, "A", False))
    assert game.state()["played"]["A"] == 4


def test_undo_with_pairs_and_five_players():
    game = brusq(pairs=True, ante=2)
    undo_each(game, deal(), card(0, "A", True), end(60, 0, 0, 60), deal(), end(0, 61, 0, 59))
    assert balance(game) == [2, 2, -6, 2] and pool(game) == 0
    game = brusq(5)
    undo_each(game, deal(), card(4, "10", False), end(30, 30, 30, 30, 0))
    undo_each(game, deal(), end(0, 0, 0, 0, 120), deal(), end(24, 24, 24, 24, 24))


def test_undo_all_the_way_back():
    game = brusq(pairs=True)
    start = snapshot(game)
    undo_all(game, deal(), card(1, "A", False), card(2, "10", True), end(60, 0, 0, 60), deal())
    assert snapshot(game) == start
    refused(game, UNDO, "nothing to undo")


def test_end_codes_stay_small_with_five_players():
    game = brusq(5)
    for points in (
        [120, 0, 0, 0, 0],
        [0, 120, 0, 0, 0],
        [0, 0, 0, 120, 0],
        [0, 0, 0, 0, 120],
        [1, 2, 3, 4, 110],
        [30, 30, 30, 29, 1],
    ):
        play(game, deal(), ev("end", points=points))
        code = game.in_force.last()
        assert 0 <= code < SMALL_INT and game.last_event() == {"ev": "end", "points": points}
    assert game.game.encode(end(0, 0, 0, 120, 0)) < SMALL_INT
    assert game.last_event() == {"ev": "end", "points": [30, 30, 30, 29, 1]}


def test_cards_decode_as_written():
    game = play(brusq(5), deal(), card(4, "10", False))
    assert game.last_event() == {"ev": "card", "player": 4, "rank": "10", "won": False}
    play(game, card(3, "A", True))
    assert game.last_event() == {"ev": "card", "player": 3, "rank": "A", "won": True}


def test_the_same_log_through_json_lines():
    events = [ev("match", game="brusquembelle", players=4, pairs=True)]
    events += [deal(), card(0, "A", True), end(40, 30, 30, 20)]
    state = fold(*events).state()
    assert state["balance"] == [7, -3, -1, -3] and state["pool"] == 0


def random_points(dice, players):
    """Card points for every player, adding up to 120 (now and then not)."""
    points = []
    rest = 120
    for _ in range(players - 1):
        value = dice.below(rest + 1)
        points.append(value)
        rest -= value
    points.append(rest if dice.below(8) else rest + 1)
    return points


def test_random_logs_refuse_cleanly_and_undo_exactly():
    for players, pairs in ((2, False), (3, False), (4, False), (4, True), (5, False)):
        game = brusq(players, pairs=pairs, ante=1 + players % 3)

        def make(dice, players=players):
            roll = dice.below(10)
            if roll == 0:
                return deal()
            if roll == 1:
                return ev("end", points=random_points(dice, players))
            rank = ("A", "10")[dice.below(2)]
            return card(dice.below(players), rank, dice.below(2) == 0)

        def check(state, players=players):
            assert len(state["balance"]) == players and state["pool"] >= 0
            assert sum(state["balance"]) + state["pool"] == 0
            assert state["played"]["A"] <= 4 and state["played"]["10"] <= 4
            assert 0 <= state["dealer"] < players

        accepted = wander(game, Dice(players * 7 + pairs), make, 300, check)
        assert accepted > 50 and game.state()["deals"] > 5, (players, pairs)
