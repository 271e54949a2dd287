"""Bruus: rulings 25-29 of docs/rules.md (rules schwesing, treia, two; sessions)."""

from checks import ev, fold, match, play, refused, teams
from games_checks import UNDO, Dice, refused_header, tricks_of, undo_all, undo_each, wander

from scoring import LogError

TIER = "quick"

KINDS = (
    ("dare", 1),
    ("strike", 2),
    ("strike-dare", 3),
    ("counterstrike", 4),
    ("double-dare", 2),
    ("double-strike", 3),
)


def bruus(**header):
    return match("bruus", **header)


def deal():
    return ev("deal")


def trick(side, count=None):
    if count is None:
        return ev("trick", team=side)
    return ev("trick", team=side, count=count)


def dare(side, kind):
    return ev("dare", team=side, kind=kind)


def won_deal(side, lost=0):
    """A whole deal: `lost` tricks to the other team, then five to `side`."""
    other = "B" if side == "A" else "A"
    return [deal()] + tricks_of(other * lost) + tricks_of(side * 5)


def deals(side, number, lost=0):
    events = []
    for _ in range(number):
        events += won_deal(side, lost)
    return events


def bock_deal():
    return [deal()] + tricks_of("ABABABAB")


# -- the match event ---------------------------------------------------------


def test_schwesing_is_the_default():
    state = bruus().state()
    assert state["game"] == "bruus" and state["rules"] == "schwesing"
    assert state["target"] == 12 and state["matches"] is None
    assert state["points"] == {"A": 0, "B": 0} and state["tricks"] == {"A": 0, "B": 0}
    assert state["games"] == {"A": 0, "B": 0} and state["bock"] == 0
    assert state["deal_open"] is False and state["dealer"] == 0
    assert state["session_points"] == {"A": 0, "B": 0} and state["session_left"] is None


def test_match_header_refusals():
    refused_header(ev("match", game="bruus", rules="skat"), "one of schwesing, treia, two")
    refused_header(
        ev("match", game="bruus", dealer=4), "'dealer' must be a whole number from 0 to 3"
    )
    refused_header(ev("match", game="bruus", dealer="1"), "'dealer' must be")
    refused_header(ev("match", game="bruus", target=10), "unknown key 'target'")
    refused_header(ev("match", game="bruus", rules="two", dealer=2), "from 0 to 1")


def test_unknown_events_and_keys_refused():
    game = play(bruus(), deal())
    refused(game, ev("end", A=60), "unknown event 'end'")
    refused(game, ev("card", player=0, rank="A", won=True), "unknown event 'card'")
    refused(game, ev("trick", team="A", count=1, suit="H"), "unknown key 'suit'")
    refused(game, ev("dare", team="A", kind="dare", count=1), "unknown key 'count'")
    refused(game, ev("deal", trump="H"), "unknown key 'trump'")
    refused(game, ev("trick"), "a 'trick' event needs 'team'")
    refused(game, ev("trick", team="C"), "'team' must be one of A, B")
    refused(game, ev("dare", team="A"), "a 'dare' event needs 'kind'")
    refused(game, ev("match", game="bruus"), "already begun")


def test_no_deal_open_refuses_tricks_and_dares():
    game = bruus()
    refused(game, trick("A"), "no deal is in progress")
    refused(game, dare("A", "dare"), "no deal is in progress")
    play(game, deal())
    refused(game, deal(), "a deal is already in progress")


# -- ruling 25: schwesing ------------------------------------------------------


def test_five_tricks_win_the_deal_at_once_for_one_point():
    game = play(bruus(), deal(), *tricks_of("ABAABA"))
    assert teams(game, "tricks") == (4, 2) and game.state()["deal_open"]
    play(game, trick("A"))
    state = game.state()
    assert teams(game, "points") == (1, 0)
    assert state["deal_open"] is False and state["dealer"] == 1
    assert state["tricks"] == {"A": 0, "B": 0} and state["last_tricks"] == {"A": 5, "B": 2}


def test_five_tricks_to_none_score_two():
    game = play(bruus(), *won_deal("B"))
    assert teams(game, "points") == (0, 2)
    game = play(bruus(), *won_deal("B", 4))
    assert teams(game, "points") == (0, 1)


def test_a_trick_once_the_deal_is_decided_is_refused():
    game = play(bruus(), *won_deal("A", 3))
    refused(game, trick("B"), "no deal is in progress")
    refused(game, trick("A"), "no deal is in progress")


def test_double_and_triple_tricks_count_two_and_three():
    game = play(bruus(), deal(), trick("A", 3), trick("B", 2))
    assert teams(game, "tricks") == (3, 2)
    play(game, trick("A", 2))
    assert teams(game, "points") == (1, 0) and not game.state()["deal_open"]
    game = play(bruus(), deal(), trick("B", 3), trick("B", 2))
    assert teams(game, "points") == (0, 2)  # five to none, from two events


def test_a_double_or_triple_trick_may_overshoot_five():
    game = play(bruus(), deal(), *tricks_of("AAAAB"))
    play(game, trick("A", 3))
    assert teams(game, "points") == (1, 0)
    assert game.state()["last_tricks"] == {"A": 7, "B": 1}
    game = play(bruus(), deal(), trick("A", 3), trick("A", 3))
    assert teams(game, "points") == (2, 0) and game.state()["last_tricks"]["A"] == 6


def test_count_defaults_to_one_and_bad_counts_are_refused():
    game = play(bruus(), deal(), ev("trick", team="A", count=1), trick("A"))
    assert teams(game, "tricks") == (2, 0)
    for bad in (0, 4, -1, "2", True, 1.0, None, [2]):
        refused(
            game, ev("trick", team="B", count=bad), "'count' must be a whole number from 1 to 3"
        )


def test_nine_tricks_a_deal_bound_double_and_triple_tricks():
    game = play(bruus(), deal(), *tricks_of("ABABABAB"))
    assert teams(game, "tricks") == (4, 4) and game.state()["bock"] == 0  # no Bock here
    refused(game, trick("A", 2), "a trick counting 2 is too many: the deal has 1 trick(s) left")
    refused(game, trick("B", 3), "the deal has 1 trick(s) left")
    play(game, trick("B"))
    assert teams(game, "points") == (0, 1)
    game = play(bruus(), deal(), *tricks_of("AAAABBB"))
    refused(game, trick("A", 3), "the deal has 2 trick(s) left")
    play(game, trick("B", 2))
    assert teams(game, "points") == (0, 1) and game.state()["last_tricks"] == {"A": 4, "B": 5}


def test_dealer_moves_on_after_every_deal():
    game = bruus(dealer=3)
    assert game.state()["dealer"] == 3
    play(game, deal())
    assert game.state()["dealer"] == 3
    play(game, *tricks_of("AAAAA"))
    assert game.state()["dealer"] == 0
    play(game, *won_deal("B"), *won_deal("A"))
    assert game.state()["dealer"] == 2 and game.state()["deals"] == 3


def test_game_to_twelve_on_tricks_then_both_start_again():
    game = play(bruus(), *deals("A", 5))
    assert teams(game, "points") == (10, 0)
    play(game, *won_deal("A"))
    state = game.state()
    assert state["games"] == {"A": 1, "B": 0} and state["points"] == {"A": 0, "B": 0}
    assert state["dealer"] == 2 and state["last_winner"] == "A" and state["games_played"] == 1
    play(game, *deals("B", 6))
    assert teams(game, "games") == (1, 1) and teams(game, "points") == (0, 0)


def test_game_to_twelve_counts_one_game_in_schwesing_even_to_nil():
    game = play(bruus(), *deals("B", 6))
    assert teams(game, "games") == (0, 1)


def test_daring_wins_the_game_in_mid_deal_and_ends_the_deal():
    game = play(bruus(), *deals("A", 5), deal(), trick("A"), trick("B"))
    assert game.state()["dealer"] == 1 and game.state()["deal_open"]
    play(game, dare("A", "strike"))
    state = game.state()
    assert state["games"] == {"A": 1, "B": 0}
    assert state["points"] == {"A": 0, "B": 0} and state["tricks"] == {"A": 0, "B": 0}
    assert state["deal_open"] is False and state["dealer"] == 2
    assert state["last_tricks"] == {"A": 1, "B": 1}
    refused(game, trick("A"), "no deal is in progress")
    refused(game, dare("A", "dare"), "no deal is in progress")
    play(game, deal(), trick("B"))
    assert game.state()["dealer"] == 2 and teams(game, "tricks") == (0, 1)


def test_a_dare_past_twelve_wins_the_game_too():
    game = play(bruus(), *deals("B", 5), won_deal("B", 1)[0], dare("B", "dare"))
    assert teams(game, "points") == (0, 11)
    play(game, dare("B", "counterstrike"))
    assert teams(game, "games") == (0, 1) and teams(game, "points") == (0, 0)


# -- ruling 26: daring and striking --------------------------------------------


def test_each_kind_scores_its_points_when_entered():
    for kind, points in KINDS:
        game = play(bruus(), deal(), dare("B", kind))
        assert teams(game, "points") == (0, points), kind
        assert game.state()["deal_open"] and game.state()["dared"] == {"A": 0, "B": points}


def test_unknown_dare_kinds_refused():
    game = play(bruus(), deal())
    for bad in ("bluff", "Dare", "", 1, None, "triple-dare"):
        refused(game, dare("A", bad), "'kind' must be one of dare, strike, strike-dare")


def test_daring_points_come_before_the_five_tricks_of_the_same_trick():
    game = play(bruus(), deal(), *tricks_of("AAAAB"), dare("B", "strike"), trick("A"))
    assert teams(game, "points") == (1, 2)


def test_a_dare_in_the_last_trick_can_win_the_game_before_five_tricks_score():
    game = play(bruus(), *deals("B", 5), deal(), *tricks_of("AAAA"))
    play(game, dare("B", "strike"))  # struck in the trick A wins
    assert teams(game, "games") == (0, 1) and not game.state()["deal_open"]
    refused(game, trick("A"), "no deal is in progress")  # that deal is over
    assert teams(game, "points") == (0, 0)


def test_a_dare_entered_after_the_deciding_trick_is_refused():
    game = play(bruus(), deal(), *tricks_of("AAAAA"))
    refused(game, dare("A", "dare"), "no deal is in progress")


# -- ruling 27: treia ------------------------------------------------------------


def test_treia_counts_ten_matches_down():
    game = bruus(rules="treia")
    state = game.state()
    assert state["target"] == 10 and state["matches"] == {"A": 10, "B": 10}
    play(game, *won_deal("A"), deal(), dare("B", "strike"))
    state = game.state()
    assert state["points"] == {"A": 2, "B": 2} and state["matches"] == {"A": 8, "B": 8}


def test_treia_four_all_is_a_bock():
    game = play(bruus(rules="treia"), *bock_deal())
    state = game.state()
    assert state["bock"] == 1 and state["points"] == {"A": 0, "B": 0}
    assert state["deal_open"] is False and state["dealer"] == 1
    assert state["last_tricks"] == {"A": 4, "B": 4}


def test_treia_four_all_through_a_double_trick():
    game = play(bruus(rules="treia"), deal(), *tricks_of("AAAABB"), trick("B", 2))
    assert game.state()["bock"] == 1 and not game.state()["deal_open"]


def test_treia_bocks_add_up_and_go_to_the_next_deal_winner():
    game = play(bruus(rules="treia"), *bock_deal(), *bock_deal())
    assert game.state()["bock"] == 2 and game.state()["dealer"] == 2
    play(game, *won_deal("B", 3))
    assert teams(game, "points") == (0, 3) and game.state()["bock"] == 0
    assert game.state()["matches"] == {"A": 10, "B": 7}
    play(game, *bock_deal(), *won_deal("A"))  # five to none and a Bock
    assert teams(game, "points") == (3, 3)


def test_treia_a_dare_does_not_take_the_bock():
    game = play(bruus(rules="treia"), *bock_deal(), deal(), dare("A", "dare"))
    assert game.state()["bock"] == 1 and teams(game, "points") == (1, 0)
    play(game, *tricks_of("BBBBB"))
    assert teams(game, "points") == (1, 3)


def test_treia_has_eight_tricks():
    game = play(bruus(rules="treia"), deal(), *tricks_of("AAAABBB"))
    refused(game, trick("A", 2), "the deal has 1 trick(s) left")
    refused(game, trick("B", 2), "the deal has 1 trick(s) left")
    game = play(bruus(rules="treia"), deal(), *tricks_of("AAABBB"))
    refused(game, trick("A", 3), "the deal has 2 trick(s) left")
    play(game, trick("A", 2))
    assert teams(game, "points") == (1, 0)


def test_treia_five_tricks_still_win_at_once():
    game = play(bruus(rules="treia"), deal(), *tricks_of("AAAAA"))
    assert teams(game, "points") == (2, 0) and not game.state()["deal_open"]


def test_treia_game_counts_double_when_the_losers_gave_back_none():
    game = play(bruus(rules="treia"), *deals("A", 4))
    assert game.state()["matches"] == {"A": 2, "B": 10}
    play(game, *won_deal("A"))
    state = game.state()
    assert state["games"] == {"A": 2, "B": 0} and state["points"] == {"A": 0, "B": 0}
    assert state["matches"] == {"A": 10, "B": 10} and state["games_played"] == 1


def test_treia_game_counts_double_when_the_losers_only_dared_and_struck():
    game = play(bruus(rules="treia"), deal(), dare("B", "dare"), dare("B", "strike"))
    play(game, *tricks_of("AAAAA"), *deals("A", 4))
    assert teams(game, "games") == (2, 0)


def test_treia_game_counts_once_when_the_losers_won_a_deal():
    game = play(bruus(rules="treia"), *won_deal("B", 3), *deals("A", 5))
    assert teams(game, "games") == (1, 0)
    game = play(bruus(rules="treia"), deal(), dare("B", "strike"), *tricks_of("BBBBB"))
    assert game.state()["dared"] == {"A": 0, "B": 2} and teams(game, "points") == (0, 4)
    play(game, *deals("A", 5))
    assert teams(game, "games") == (1, 0)


def test_treia_a_won_bock_counts_as_points_for_tricks():
    game = play(bruus(rules="treia"), *bock_deal(), *won_deal("B", 1), *deals("A", 5))
    assert teams(game, "games") == (1, 0)


def test_treia_game_won_by_a_dare_in_mid_deal():
    game = play(bruus(rules="treia"), *deals("A", 4), *won_deal("A", 1), *bock_deal())
    assert teams(game, "points") == (9, 0) and game.state()["bock"] == 1
    play(game, deal(), trick("B"), dare("A", "dare"))
    state = game.state()
    assert state["games"] == {"A": 2, "B": 0} and state["deal_open"] is False
    assert state["dealer"] == 3 and state["points"] == {"A": 0, "B": 0}
    assert state["bock"] == 0  # decision: a waiting Bock ends with its game
    refused(game, trick("A"), "no deal is in progress")


def test_treia_points_may_overshoot_ten():
    game = play(bruus(rules="treia"), *deals("B", 4), *won_deal("B", 1), *bock_deal())
    play(game, *won_deal("B"))  # 9 + 2 + 1
    assert teams(game, "games") == (0, 2) and teams(game, "points") == (0, 0)


# -- ruling 28: two players --------------------------------------------------------


def test_two_players_sit_at_seats_zero_and_one():
    game = bruus(rules="two", dealer=1)
    assert game.state()["dealer"] == 1 and game.state()["target"] == 12
    play(game, *won_deal("A"))
    assert game.state()["dealer"] == 0
    play(game, *won_deal("B", 4))
    assert game.state()["dealer"] == 1 and teams(game, "points") == (2, 1)


def test_two_players_first_to_five_tricks():
    game = play(bruus(rules="two"), deal(), *tricks_of("ABBBBAAA"))
    assert game.state()["deal_open"] and game.state()["bock"] == 0
    play(game, trick("A"))
    assert teams(game, "points") == (1, 0) and not game.state()["deal_open"]


def test_two_players_refuse_a_counterstrike():
    game = play(bruus(rules="two"), deal())
    refused(game, dare("A", "counterstrike"), "no counterstrike in the 'two' rules")
    refused(game, dare("B", "counterstrike"), "no counterstrike")


def test_two_players_accept_the_other_kinds():
    for kind, points in KINDS:
        if kind == "counterstrike":
            continue
        game = play(bruus(rules="two"), deal(), dare("A", kind))
        assert teams(game, "points") == (points, 0)


def test_two_players_a_triple_trick_at_four_all():
    game = play(bruus(rules="two"), deal(), *tricks_of("ABABABAB"), trick("A", 3))
    assert teams(game, "points") == (1, 0)
    assert game.state()["last_tricks"] == {"A": 7, "B": 4}


def test_two_players_game_to_twelve_also_by_daring():
    game = play(bruus(rules="two"), *deals("B", 5), deal(), dare("B", "double-dare"))
    assert teams(game, "games") == (0, 1) and not game.state()["deal_open"]
    assert game.state()["dealer"] == 0


def test_counterstrike_is_fine_with_four_players():
    game = play(bruus(), deal(), dare("A", "counterstrike"))
    assert teams(game, "points") == (4, 0)


# -- undo ------------------------------------------------------------------------------


def test_undo_restores_after_every_kind_of_event_in_schwesing():
    game = bruus(dealer=2)
    undo_each(game, deal(), trick("A"), trick("B", 2), trick("A", 3), dare("B", "dare"))
    undo_each(game, trick("A"))  # the deal is won
    assert teams(game, "points") == (1, 1) and game.state()["dealer"] == 3
    for index in range(len(KINDS)):
        side = "AB"[index % 2]
        undo_each(game, deal(), dare(side, KINDS[index][0]))
        undo_each(game, trick("A", 3), trick("B", 2), trick("B", 3))
    # B reached 12 on tricks in the fifth of these deals, then scored 3 + 1.
    assert teams(game, "games") == (0, 1) and teams(game, "points") == (0, 4)
    undo_each(game, *deals("A", 5), deal(), trick("B"), dare("A", "strike"))
    assert teams(game, "games") == (1, 1) and not game.state()["deal_open"]


def test_undo_of_a_dare_that_ended_a_game_reopens_the_deal():
    game = play(bruus(), *deals("A", 5), deal(), trick("B"), dare("A", "strike"))
    assert teams(game, "games") == (1, 0)
    play(game, UNDO)
    state = game.state()
    assert state["games"] == {"A": 0, "B": 0} and state["points"] == {"A": 10, "B": 0}
    assert state["deal_open"] and state["tricks"] == {"A": 0, "B": 1} and state["dealer"] == 1
    play(game, UNDO, UNDO)
    assert not game.state()["deal_open"] and game.state()["dealer"] == 1


def test_undo_restores_after_every_kind_of_event_in_treia():
    game = bruus(rules="treia")
    undo_each(game, *bock_deal(), *bock_deal(), *won_deal("A", 3))
    assert teams(game, "points") == (3, 0)
    undo_each(game, deal(), trick("A", 3), trick("B", 3), trick("A"), trick("B", 1))
    assert game.state()["bock"] == 1
    undo_each(game, *deals("A", 2), deal(), dare("A", "double-strike"))  # a double game
    assert teams(game, "games") == (2, 0) and not game.state()["deal_open"]
    undo_each(game, *bock_deal(), deal(), dare("B", "counterstrike"), dare("B", "strike-dare"))
    assert teams(game, "points") == (0, 7) and game.state()["bock"] == 1
    undo_each(game, dare("B", "double-strike"))  # B wins in mid-deal; the Bock goes
    assert teams(game, "games") == (2, 2) and game.state()["bock"] == 0


def test_undo_restores_after_every_kind_of_event_with_two_players():
    game = bruus(rules="two", dealer=1)
    undo_each(game, deal(), *tricks_of("ABABABAB"), trick("B", 3))
    undo_each(game, *deals("A", 6), deal(), dare("B", "strike"))
    assert teams(game, "games") == (1, 0)


def test_undo_all_the_way_back_to_the_match_event():
    game = bruus(rules="treia", dealer=3)
    start = game.state()
    undo_all(game, *bock_deal(), *deals("B", 4), deal(), dare("B", "double-dare"), deal())
    assert game.state() == start and len(game.in_force) == 0
    refused(game, UNDO, "nothing to undo")


def test_the_same_log_through_json_lines():
    events = [ev("match", game="bruus", rules="treia")] + bock_deal() + won_deal("A")
    state = fold(*events).state()
    assert state["points"] == {"A": 3, "B": 0} and state["bock"] == 0 and state["dealer"] == 2


def random_bruus_event(dice):
    roll = dice.below(10)
    side = "AB"[dice.below(2)]
    if roll == 0:
        return deal()
    if roll < 3:
        return dare(side, KINDS[dice.below(len(KINDS))][0])
    return trick(side, 1 + dice.below(3) // 2 + dice.below(2) * dice.below(2))


# -- tournament sessions (match-log.md, ruling 29) -------------------------------------


def test_a_session_is_a_whole_number_from_1_to_99():
    for number in (1, 16, 99):
        state = bruus(session=number).state()
        assert state["session_left"] == number
        assert state["session_points"] == {"A": 0, "B": 0}
    for bad in (0, 100, -16, "16", 16.0, True, None, [16], {"deals": 16}):
        refused_header(
            ev("match", game="bruus", session=bad), "'session' must be a whole number from 1 to 99"
        )
    refused_header(ev("match", game="bruus", rules="treia", session=0), "from 1 to 99")


def test_only_bruus_has_sessions():
    refused_header(ev("match", game="brouc", session=16), "unknown key 'session'")
    refused_header(ev("match", game="brusquembelle", session=16), "unknown key 'session'")


def test_session_left_counts_the_deals_not_yet_ended_an_open_one_included():
    game = bruus(session=3)
    play(game, deal(), trick("A"))
    assert game.state()["session_left"] == 3
    play(game, *tricks_of("AAAA"))
    assert game.state()["session_left"] == 2
    play(game, *won_deal("B"), deal())
    assert game.state()["session_left"] == 1


def test_after_the_nth_deal_only_undo_is_accepted():
    game = play(bruus(session=2), *won_deal("A"), *won_deal("B", 2))
    state = game.state()
    assert state["session_left"] == 0 and not state["deal_open"]
    for event in (deal(), trick("A"), dare("B", "dare")):
        refused(game, event, "the session of 2 deals is over: only undo is accepted")
    refused(game, ev("match", game="bruus"), "already begun")
    play(game, UNDO)
    assert game.state()["session_left"] == 1 and game.state()["deal_open"]
    play(game, trick("B"))
    assert game.state()["session_left"] == 0 and teams(game, "session_points") == (2, 1)


def test_a_session_of_one_deal():
    game = play(bruus(session=1), deal(), *tricks_of("AAAAB"))
    assert game.state()["session_left"] == 1
    play(game, trick("A"))
    refused(game, deal(), "the session of 1 deals is over")


def test_games_are_played_and_won_as_usual_inside_a_session():
    game = play(bruus(session=16), *deals("A", 6))
    state = game.state()
    assert state["games"] == {"A": 1, "B": 0} and state["points"] == {"A": 0, "B": 0}
    assert state["session_points"] == {"A": 12, "B": 0} and state["session_left"] == 10
    play(game, *won_deal("B", 1), *deals("A", 8, 1), deal(), dare("B", "strike"))
    state = game.state()
    assert state["games"] == {"A": 1, "B": 0} and state["points"] == {"A": 8, "B": 3}
    assert state["session_points"] == {"A": 20, "B": 3} and state["session_left"] == 1
    play(game, *tricks_of("BBBBB"))  # five to none: 2
    assert teams(game, "session_points") == (20, 5) and game.state()["session_left"] == 0
    refused(game, deal(), "the session of 16 deals is over")


def test_session_points_count_daring_and_all_games_together_without_a_session():
    game = play(bruus(), *deals("B", 6), deal(), dare("A", "counterstrike"), *tricks_of("AAAAA"))
    state = game.state()
    assert state["session_points"] == {"A": 6, "B": 12} and state["session_left"] is None
    assert state["games"] == {"A": 0, "B": 1} and state["points"] == {"A": 6, "B": 0}
    play(game, *deals("A", 40))  # no end without a session
    assert teams(game, "session_points") == (86, 12)


def test_points_past_the_target_count_for_the_session():
    game = play(bruus(session=10), *deals("A", 5), *won_deal("A", 1), deal())
    assert teams(game, "points") == (11, 0)
    play(game, dare("A", "counterstrike"))  # 11 + 4: the game, and 4 for the session
    assert teams(game, "session_points") == (15, 0) and teams(game, "games") == (1, 0)


def test_a_game_won_by_daring_ends_a_deal_of_the_session():
    game = play(bruus(session=6), *deals("A", 5), deal(), trick("B"))
    assert game.state()["session_left"] == 1
    play(game, dare("A", "strike"))
    state = game.state()
    assert state["session_left"] == 0 and state["session_points"] == {"A": 12, "B": 0}
    refused(game, deal(), "the session of 6 deals is over")


def test_treia_session_points_count_one_a_point_and_the_bock():
    game = play(bruus(rules="treia", session=16), *deals("A", 5))
    state = game.state()  # 10 matches given back, a double game: still 10 points
    assert state["games"] == {"A": 2, "B": 0} and state["session_points"] == {"A": 10, "B": 0}
    play(game, *bock_deal(), *bock_deal(), *won_deal("B", 3))
    assert teams(game, "session_points") == (10, 3) and game.state()["session_left"] == 8
    play(game, *bock_deal(), *won_deal("A"))  # five to none and the Bock: 3
    assert teams(game, "session_points") == (13, 3) and game.state()["session_left"] == 6


def test_two_players_play_a_session_too():
    game = play(bruus(rules="two", session=2), *won_deal("A"), deal(), dare("B", "strike"))
    play(game, *tricks_of("BBBBB"))
    assert teams(game, "session_points") == (2, 4) and game.state()["session_left"] == 0
    refused(game, deal(), "the session of 2 deals is over")


def test_undo_across_a_session_and_its_end():
    game = bruus(rules="treia", session=4, dealer=1)
    undo_each(game, *bock_deal(), *won_deal("A", 2), deal(), dare("B", "double-dare"))
    undo_each(game, *tricks_of("BBBABB"), *won_deal("A"))
    assert game.state()["session_left"] == 0
    refused(game, deal(), "the session of 4 deals is over")
    start = bruus(rules="treia", session=4, dealer=1).state()
    for _ in range(len(game.in_force)):
        play(game, UNDO)
    assert game.state() == start


def test_the_refusal_names_the_line_of_the_refused_event():
    events = [ev("match", game="bruus", session=1)] + won_deal("A") + [deal()]
    try:
        fold(*events)
    except LogError as error:
        assert error.line == 8, error.line
        assert str(error) == "line 8: the session of 1 deals is over: only undo is accepted"
    else:
        raise AssertionError("a deal after the session was accepted")
    state = fold(*events[:-1], UNDO, trick("A")).state()
    assert state["session_left"] == 0 and state["session_points"] == {"A": 2, "B": 0}


def test_random_logs_refuse_cleanly_and_undo_exactly():
    for rules, seats, most in (("schwesing", 4, 9), ("treia", 4, 8), ("two", 2, 18)):
        game = bruus(rules=rules)

        def check(state, rules=rules, seats=seats, most=most):
            a, b = state["points"]["A"], state["points"]["B"]
            assert 0 <= a < state["target"] and 0 <= b < state["target"]
            assert 0 <= state["dealer"] < seats
            a, b = state["tricks"]["A"], state["tricks"]["B"]
            if state["deal_open"]:
                assert a < 5 and b < 5 and a + b <= most
                assert not (rules == "treia" and a == 4 and b == 4)
            else:
                assert a == 0 and b == 0
            if rules != "treia":
                assert state["bock"] == 0

        accepted = wander(game, Dice(len(rules)), random_bruus_event, 400, check)
        assert accepted > 100 and game.state()["games_played"] > 0, rules


def test_random_sessions_never_pass_their_last_deal():
    for rules, number in (("schwesing", 16), ("treia", 5), ("two", 1)):
        game = bruus(rules=rules, session=number)

        def check(state, number=number):
            left = state["session_left"]
            assert left == number - state["deals"] and 0 <= left <= number
            assert not (left == 0 and state["deal_open"])
            won = state["session_points"]
            assert won["A"] >= state["points"]["A"] and won["B"] >= state["points"]["B"]

        wander(game, Dice(number), random_bruus_event, 400, check)
        assert game.state()["session_left"] == 0, rules
        refused(game, deal(), "the session of %d deals is over" % number)
