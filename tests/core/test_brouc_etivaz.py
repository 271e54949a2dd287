"""Le Brouc, rules "etivaz": rulings 1-15 of docs/rules.md."""

from checks import ev, match, play, refused, teams

TIER = "quick"


def deal(trump="H"):
    return ev("deal", trump=trump)


def end(a, b=None):
    return ev("end", A=a) if b is None else ev("end", A=a, B=b)


def tricks(winners):
    """Trick events from a string like "AABAB"."""
    return [ev("trick", team=side) for side in winners]


def slate_after(*splits, **header):
    """A match after scored deals with A's card points given (B gets the rest)."""
    game = match(**header)
    for points in splits:
        play(game, deal(), end(points))
    return game


# -- ruling 1: seats and dealer rotation -------------------------------------


def test_first_dealer_from_match_and_rotation_after_every_deal():
    game = match(dealer=2)
    assert game.state()["dealer"] == 2
    play(game, deal())
    assert game.state()["dealer"] == 2 and game.state()["deal_open"]
    play(game, end(60))
    assert game.state()["dealer"] == 3 and not game.state()["deal_open"]
    play(game, deal(), end(60), deal(), end(60))
    assert game.state()["dealer"] == 1


def test_dealer_moves_on_after_a_cape_a_dehors_and_a_new_game():
    game = match()
    play(game, deal(), ev("end", cape="A"))
    assert game.state()["dealer"] == 1
    play(game, deal(), ev("out", team="B", points=10))  # wrong call ends the game
    assert game.state()["games"] == 1
    assert game.state()["dealer"] == 2


# -- ruling 2: rounding ------------------------------------------------------


def test_75_45_rounds_to_80_and_50():
    game = play(match(), deal(), end(75, 45))
    assert teams(game, "slate") == (8, 5)


def test_64_56_rounds_to_60_and_60():
    game = play(match(), deal(), end(64))
    assert teams(game, "slate") == (6, 6)


def test_rounding_edges():
    for a, expected in ((0, (0, 12)), (4, (0, 12)), (5, (1, 12)), (115, (12, 1)), (120, (12, 0))):
        game = play(match(), deal(), end(a))
        assert teams(game, "slate") == expected, (a, teams(game, "slate"))


def test_b_defaults_to_the_rest_and_both_must_add_up():
    assert teams(play(match(), deal(), end(33)), "slate") == (3, 9)
    game = play(match(), deal())
    refused(game, end(70, 40), "add up to 120")
    refused(game, end(121), "0 to 120")
    refused(game, ev("end", A=-1), "0 to 120")
    refused(game, ev("end", A=60, B=70), "add up to 120")
    refused(game, ev("end", A="60"), "whole number")
    refused(game, ev("end", A=60.0), "whole number")
    refused(game, ev("end", A=True), "whole number")
    refused(game, ev("end", B=60), "needs 'A'")


# -- ruling 3 and 4: marriages at the bottom of the slate ---------------------


def test_marriage_values_in_plain_suits_and_trumps():
    game = play(match(), deal(trump="S"))
    play(game, ev("declare", team="A", suit="H", kind="KQ"))
    play(game, ev("declare", team="A", suit="D", kind="KQJ"))
    play(game, ev("declare", team="B", suit="S", kind="KQ"))
    play(game, ev("declare", team="B", suit="C", kind="KQJ"))
    assert teams(game, "bottom") == (50, 70)
    game = play(match(), deal(trump="C"), ev("declare", team="A", suit="C", kind="KQJ"))
    assert teams(game, "bottom") == (60, 0)


def test_declared_marriages_count_at_the_deal_and_the_bottom_empties():
    game = play(match(), deal(trump="H"), ev("declare", team="B", suit="H", kind="KQ"), end(75))
    assert teams(game, "slate") == (8, 9)  # B: 50 + 40
    assert teams(game, "bottom") == (0, 0)


def test_declaring_needs_a_won_trick_once_tricks_are_recorded():
    game = play(match(), deal(), ev("trick", team="A"))
    refused(game, ev("declare", team="B", suit="D", kind="KQ"), "not won a trick")
    play(game, ev("declare", team="A", suit="D", kind="KQ"))
    assert teams(game, "bottom") == (20, 0)


def test_declaring_before_any_recorded_trick_is_accepted():
    game = play(match(), deal(), ev("declare", team="B", suit="D", kind="KQ"))
    assert teams(game, "bottom") == (0, 20)


def test_declared_marriage_must_still_be_in_hand():
    game = play(match(), deal(), *tricks("ABABAB"))  # players hold 2 cards
    refused(game, ev("declare", team="A", suit="C", kind="KQJ"), "too late")
    play(game, ev("declare", team="A", suit="C", kind="KQ"))
    play(game, ev("trick", team="A"))  # one card left
    refused(game, ev("declare", team="B", suit="D", kind="KQ"), "too late")


def test_a_suit_counts_once_per_deal_in_hand_or_in_a_trick():
    game = play(match(), deal(), ev("declare", team="A", suit="D", kind="KQ"))
    refused(game, ev("declare", team="B", suit="D", kind="KQ"), "already counted")
    refused(game, ev("declare", team="A", suit="D", kind="KQJ"), "already counted")
    refused(game, ev("table", team="B", suit="D", kind="KQ"), "already counted")
    play(game, ev("table", team="B", suit="S", kind="KQ"))
    refused(game, ev("declare", team="A", suit="S", kind="KQ"), "already counted")
    play(game, end(60), deal())
    play(game, ev("declare", team="A", suit="D", kind="KQ"))  # a new deal frees the suits


# -- ruling 5: marriages in tricks -------------------------------------------


def test_marriage_in_a_trick_counts_for_the_winners_and_against_the_losers():
    game = play(match(), deal(trump="H"), ev("table", team="A", suit="C", kind="KQ"), end(64))
    assert teams(game, "slate") == (8, 4)
    game = play(match(), deal(trump="H"), ev("table", team="B", suit="H", kind="KQJ"), end(64))
    assert teams(game, "slate") == (0, 12)


def test_a_trick_marriage_can_drive_a_slate_below_zero():
    game = play(match(), deal(trump="H"), ev("table", team="B", suit="H", kind="KQJ"), end(20))
    assert teams(game, "slate") == (-4, 16)


def test_trick_marriage_needs_a_won_trick_when_tricks_are_recorded():
    game = play(match(), deal(), ev("trick", team="B"))
    refused(game, ev("table", team="A", suit="C", kind="KQ"), "not won a trick")
    play(game, ev("table", team="B", suit="C", kind="KQ"))
    assert game.state()["table"] == {"A": 0, "B": 20}


def test_bad_marriage_events_are_refused():
    game = play(match(), deal())
    refused(game, ev("declare", team="C", suit="H", kind="KQ"), "'team' must be one of A, B")
    refused(game, ev("declare", team="A", suit="X", kind="KQ"), "'suit' must be one of")
    refused(game, ev("declare", team="A", suit="H", kind="QJ"), "'kind' must be one of KQ, KQJ")
    refused(game, ev("declare", team="A", suit="H"), "needs 'kind'")
    refused(game, ev("table", team="A", suit="H", kind="KQ", note="x"), "unknown key 'note'")


# -- ruling 6: scoring a deal ------------------------------------------------


def test_scoring_combines_card_points_bottom_and_trick_marriages():
    game = play(
        match(),
        deal(trump="D"),
        ev("declare", team="A", suit="D", kind="KQ"),  # A bottom 40
        ev("table", team="A", suit="S", kind="KQJ"),  # A +30, B -30
        ev("table", team="B", suit="H", kind="KQ"),  # B +20, A -20
        end(75, 45),
    )
    # A: 80 + 40 + 30 - 20 = 130; B: 50 + 20 - 30 = 40
    assert teams(game, "slate") == (13, 4)
    assert teams(game, "bottom") == (0, 0)
    play(game, deal(), end(60))
    assert teams(game, "slate") == (19, 10)


def test_the_slate_never_wins_by_itself_in_etivaz():
    game = slate_after(120, 120, 120)
    assert teams(game, "slate") == (36, 0)
    assert game.state()["games"] == 0 and game.state()["winner"] is None


# -- ruling 7 and 8: dehors ----------------------------------------------------


def test_seed_example_23_on_the_slate_plus_71_is_out():
    game = slate_after(120, 110)  # A 12 + 11 = 23, B 0 + 1 = 1
    assert teams(game, "slate") == (23, 1)
    play(game, deal(), ev("out", team="A", points=71))
    state = game.state()
    assert state["games"] == 1 and state["coches"] == {"A": 2, "B": 0}  # B below 15
    assert state["slate"] == {"A": 0, "B": 0} and not state["deal_open"]


def test_dehors_at_300_is_wrong_and_the_opponents_win():
    game = slate_after(120, 110)
    play(game, deal(), ev("out", team="A", points=70))
    # Ruling 8: B scores what A would have had: 2, as B's own slate (1) is below 15.
    assert teams(game, "coches") == (0, 2) and teams(game, "slate") == (0, 0)


def test_wrong_call_coches_follow_the_opponents_slate():
    # B at 15 or more: the wrong call by A gives B 1 coche.
    game = slate_after(120, 0, 30)  # A 12+0+3 = 15, B 0+12+9 = 21
    assert teams(game, "slate") == (15, 21)
    play(game, deal(), ev("out", team="A", points=0))
    assert teams(game, "coches") == (0, 1)
    # B below 15: the wrong call by A gives B 2 coches.
    game = slate_after(60)  # A 6, B 6
    play(game, deal(), ev("out", team="A", points=0))
    assert teams(game, "coches") == (0, 2)


def test_right_call_scores_one_coche_when_losers_have_15_or_more():
    game = slate_after(120, 120, 0, 50)  # A 12+12+0+5 = 29, B 0+0+12+7 = 19
    assert teams(game, "slate") == (29, 19)
    play(game, deal(), ev("out", team="A", points=11))
    assert teams(game, "coches") == (1, 0)


def test_dehors_counts_marriages_at_the_bottom_and_in_tricks():
    game = slate_after(120, 120, 20)  # A 26, B 10
    play(game, deal(trump="C"), ev("declare", team="A", suit="C", kind="KQ"))  # 40
    play(game, ev("table", team="B", suit="H", kind="KQ"))  # -20 for A
    # 260 + 21 + 40 - 20 = 301
    play(game, ev("out", team="A", points=21))
    assert teams(game, "coches") == (2, 0)


def test_dehors_after_the_last_trick_before_scoring():
    game = slate_after(120, 120, 60)  # A 30, B 6
    play(game, deal(), *tricks("AABBAABB"))
    assert game.state()["deal_open"]
    play(game, ev("out", team="A", points=1))
    assert teams(game, "coches") == (2, 0)


def test_dehors_refusals():
    game = play(match(), deal(), ev("trick", team="A"))
    refused(game, ev("out", team="B", points=5), "won no trick")
    refused(game, ev("out", team="A", points=121), "0 to 120")
    refused(game, ev("out", team="A"), "needs 'points'")
    refused(play(match()), ev("out", team="A", points=10), "no deal")


# -- ruling 9: end of a game and of the match ------------------------------------


def test_game_end_resets_slates_and_bottom_and_match_ends_at_target():
    game = match(target=3)
    for _ in range(2):
        play(
            game,
            deal(),
            ev("declare", team="B", suit="H", kind="KQ"),
            ev("out", team="A", points=0),
        )
        assert teams(game, "slate") == (0, 0) and teams(game, "bottom") == (0, 0)
    state = game.state()
    assert state["coches"] == {"A": 0, "B": 4} and state["winner"] == "B" and state["games"] == 2


def test_nothing_but_undo_once_the_match_is_won():
    game = match(target=1)
    play(game, deal(), ev("out", team="A", points=0))
    assert game.state()["winner"] == "B"
    refused(game, deal(), "match is won by team B")
    refused(game, ev("end", A=60), "match is won")
    play(game, ev("undo"))
    assert game.state()["winner"] is None and game.state()["deal_open"]


# -- ruling 10: cape -------------------------------------------------------------


def test_cape_scores_two_coches_and_keeps_slates_and_bottom():
    game = slate_after(70)  # A 7, B 5
    play(game, deal(trump="S"), ev("declare", team="B", suit="S", kind="KQ"))
    play(game, ev("table", team="A", suit="H", kind="KQ"), ev("end", cape="A"))
    state = game.state()
    assert state["coches"] == {"A": 2, "B": 0}
    assert state["slate"] == {"A": 7, "B": 5}
    assert state["bottom"] == {"A": 0, "B": 40}
    assert state["table"] == {"A": 0, "B": 0} and state["games"] == 0
    play(game, deal(), end(60))  # the declared 40 counts at the next scored deal
    assert teams(game, "slate") == (13, 15)


def test_recorded_eight_tricks_resolve_the_cape_without_end():
    game = play(match(), deal(), *tricks("AAAAAAAA"))
    assert teams(game, "coches") == (2, 0) and not game.state()["deal_open"]
    refused(game, end(60), "no deal")


def test_end_needs_exactly_eight_recorded_tricks():
    game = play(match(), deal(), *tricks("ABABA"))
    refused(game, end(60), "needs all 8 tricks, 5 are recorded")
    refused(game, ev("end", cape="A"), "5 are recorded")
    play(game, *tricks("BAB"))
    refused(game, ev("trick", team="A"), "already recorded")
    refused(game, ev("end", cape="A"), "did not win all the tricks")
    play(game, end(60))
    assert teams(game, "slate") == (6, 6)


def test_cape_cannot_go_to_a_team_whose_opponents_have_a_trick_marriage():
    game = play(match(), deal(), ev("table", team="B", suit="H", kind="KQ"))
    refused(game, ev("end", cape="A"), "no cape")


def test_cape_reaching_the_target_wins_the_match():
    game = match(target=2)
    play(game, deal(), ev("end", cape="B"))
    assert game.state()["winner"] == "B"


def test_end_with_both_points_and_cape_is_refused():
    game = play(match(), deal())
    refused(game, ev("end", A=60, cape="A"), "not both")
    refused(game, ev("end", cape="C"), "'cape' must be one of A, B")


# -- ruling 11 and 12: announced capes ------------------------------------------


def test_cape_et_dehors_needs_19_on_the_slate():
    game = slate_after(120, 60)  # A 18, B 6
    play(game, deal())
    refused(game, ev("announce", team="A", call="cape-dehors"), "needs 19")
    game = slate_after(120, 70)  # A 19
    play(game, deal(), ev("announce", team="A", call="cape-dehors"))
    assert game.state()["announce"] == {"team": "A", "call": "cape-dehors"}


def test_cape_et_dehors_won_scores_three_coches_and_ends_the_game():
    game = slate_after(120, 70)  # A 19, B 5
    play(game, deal(), ev("declare", team="B", suit="H", kind="KQ"))
    play(game, ev("announce", team="A", call="cape-dehors"), *tricks("AAAAAAAA"))
    state = game.state()
    assert state["coches"] == {"A": 3, "B": 0} and state["games"] == 1
    assert state["slate"] == {"A": 0, "B": 0} and state["bottom"] == {"A": 0, "B": 0}


def test_cape_et_dehors_lost_at_the_first_lost_trick():
    game = slate_after(120, 70)  # A 19, B 5
    play(game, deal(), ev("declare", team="A", suit="D", kind="KQ"))
    play(game, ev("announce", team="A", call="cape-dehors"), *tricks("AAAB"))
    state = game.state()
    assert state["coches"] == {"A": 0, "B": 3} and not state["deal_open"]
    assert state["slate"] == {"A": 19, "B": 5} and state["bottom"] == {"A": 20, "B": 0}
    assert state["games"] == 0


def test_announced_cape_without_recorded_tricks():
    game = slate_after(120, 70)
    play(game, deal(), ev("announce", team="A", call="cape-dehors"), ev("end", cape="A"))
    assert teams(game, "coches") == (3, 0) and game.state()["games"] == 1
    game = slate_after(120, 70)
    play(game, deal(), ev("announce", team="A", call="cape-dehors"), end(110))
    assert teams(game, "coches") == (0, 3) and teams(game, "slate") == (19, 5)
    game = slate_after(120, 70)
    play(game, deal(), ev("announce", team="A", call="cape-dehors"), ev("end", cape="B"))
    assert teams(game, "coches") == (0, 3)


def test_pas_dedouble_needs_opponents_at_14_or_less_and_scores_four():
    game = slate_after(120, 70)  # A 19, B 5
    play(game, deal(), ev("announce", team="A", call="cape-dedouble"), *tricks("AAAAAAAA"))
    assert teams(game, "coches") == (4, 0)
    game = slate_after(120, 70)
    play(game, deal(), ev("announce", team="A", call="cape-dedouble"), *tricks("B"))
    assert teams(game, "coches") == (0, 4)
    game = slate_after(120, 70, 30, 30)  # A 19+3+3 = 25, B 5+9+9 = 23
    play(game, deal())
    refused(game, ev("announce", team="A", call="cape-dedouble"), "14 or less")
    play(game, ev("announce", team="A", call="cape-dehors"))


def test_announcement_timing_with_recorded_tricks():
    game = slate_after(120, 70)
    play(game, deal(), *tricks("AAAAAAA"))
    refused(game, ev("announce", team="A", call="cape-dehors"), "7 tricks are recorded")
    game = slate_after(120, 70)
    play(game, deal(), *tricks("AAAAAA"))
    play(game, ev("announce", team="A", call="cape-dehors"))
    game = slate_after(120, 70)
    play(game, deal(), *tricks("AB"))
    refused(game, ev("announce", team="A", call="cape-dehors"), "already lost a trick")


def test_announcement_refusals():
    game = slate_after(120, 70)
    play(game, deal())
    refused(game, ev("announce", team="A", call="partie-vole"), "not an announcement")
    refused(game, ev("announce", team="A", call="cape"), "'call' must be one of")
    play(game, ev("announce", team="A", call="cape-dehors"))
    refused(game, ev("announce", team="A", call="cape-dedouble"), "already announced")
    refused(game, ev("announce", team="B", call="cape-dehors"), "already announced")


# -- ruling 13: dehors in a deal with an announced cape --------------------------


def test_right_dehors_ends_the_game_in_an_announced_cape_deal():
    game = slate_after(120, 120, 0, 0, 120)  # A 36, B 24
    assert teams(game, "slate") == (36, 24)
    play(game, deal(), ev("announce", team="A", call="cape-dehors"))
    play(game, ev("out", team="B", points=61))  # 240 + 61 = 301
    assert teams(game, "coches") == (0, 1) and game.state()["games"] == 1


# -- ruling 14: the end of a deal from its tricks ---------------------------------


def test_cape_resolved_from_tricks_also_when_tricks_start_mid_deal():
    game = play(match(), deal(), ev("declare", team="B", suit="C", kind="KQ"), *tricks("BBBBBBBB"))
    assert teams(game, "coches") == (0, 2) and teams(game, "bottom") == (0, 20)


def test_events_need_an_open_deal():
    game = match()
    for event in (
        ev("trick", team="A"),
        ev("declare", team="A", suit="H", kind="KQ"),
        ev("table", team="A", suit="H", kind="KQ"),
        ev("announce", team="A", call="cape-dehors"),
        end(60),
        ev("end", cape="A"),
    ):
        refused(game, event, "no deal")
    play(game, deal())
    refused(game, deal(), "already in progress")
    refused(game, ev("deal"), "needs 'trump'")
    refused(game, ev("deal", trump="h"), "'trump' must be one of")
