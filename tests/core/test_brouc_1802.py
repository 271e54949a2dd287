"""L'Homme de Brou, rules "brou1802": rulings 19-24."""

from checks import ev, match, play, refused, teams

TIER = "quick"


def deal(trump="H"):
    return ev("deal", trump=trump)


def brou(*splits, **header):
    game = match(rules="brou1802", **header)
    for points in splits:
        play(game, deal(), ev("end", A=points))
    return game


def tricks(winners):
    return [ev("trick", team=side) for side in winners]


def test_rounded_and_kept_in_points():
    game = brou()
    play(game, deal(), ev("end", A=75, B=45))
    assert teams(game, "slate") == (80, 50)


def test_trick_marriages_count_double_and_declared_ones_single():
    game = brou()
    play(game, deal(trump="S"), ev("table", team="A", suit="S", kind="KQ"))  # 2 x 40
    play(game, ev("declare", team="B", suit="H", kind="KQJ"), ev("end", A=64))  # 30
    assert teams(game, "slate") == (60 + 80, 60 + 30 - 80)


def test_301_wins_the_game_and_parties_follow_the_losers_score():
    game = brou(120, 120)  # 240 / 0
    play(game, deal(), ev("end", A=60))  # 300 / 60
    assert game.state()["games"] == 0
    play(game, deal(), ev("end", A=1))  # 300 / 180: not yet (rounded 0)
    play(game, deal(), ev("end", A=5))  # 310 / 290
    state = game.state()
    assert state["parties"] == {"A": 1, "B": 0} and state["games"] == 1
    assert state["slate"] == {"A": 0, "B": 0}
    game = brou(120, 120, 60)  # 300 / 60
    play(game, deal(), ev("end", A=10))  # 310 / 170
    assert teams(game, "parties") == (1, 0)
    game = brou(120, 120, 120)  # 360 / 0
    assert teams(game, "parties") == (2, 0)


def test_four_parties_against_a_negative_score():
    game = brou(120, 120)  # 240 / 0
    play(game, deal(trump="S"), ev("table", team="A", suit="S", kind="KQJ"), ev("end", A=120))
    # A 240 + 120 + 120 = 480; B 0 - 120
    assert teams(game, "parties") == (4, 0)


def test_both_past_301_higher_wins_and_equal_plays_on():
    game = brou(60, 60, 60, 60, 60)  # 300 / 300
    play(game, deal(), ev("end", A=60))  # 360 / 360
    assert game.state()["games"] == 0
    play(game, deal(), ev("end", A=70))  # 430 / 410
    assert teams(game, "parties") == (1, 0)


def test_no_dehors_call():
    game = brou(120, 120)
    play(game, deal())
    refused(game, ev("out", team="A", points=70), "no dehors call in the 'brou1802'")


def test_la_vole_unannounced_scores_three_parties_and_keeps_the_score():
    game = brou(60)  # 60 / 60
    play(game, deal(), ev("declare", team="B", suit="D", kind="KQ"), ev("end", cape="A"))
    state = game.state()
    assert state["parties"] == {"A": 3, "B": 0} and state["slate"] == {"A": 60, "B": 60}
    assert state["bottom"] == {"A": 0, "B": 20} and state["games"] == 0
    game = brou()
    play(game, deal(), *tricks("BBBBBBBB"))
    assert teams(game, "parties") == (0, 3)


def test_partie_et_vole_announced_and_made():
    game = brou(120)  # 120 / 0
    play(game, deal(), ev("announce", team="A", call="partie-vole"), *tricks("AAAAAAAA"))
    state = game.state()
    # 3 for the vole + 2 as B had 0..149 before this deal; the game ends.
    assert state["parties"] == {"A": 5, "B": 0} and state["games"] == 1
    assert state["slate"] == {"A": 0, "B": 0}
    game = brou(0, 0)  # 0 / 240
    play(game, deal(), ev("announce", team="A", call="partie-vole"), ev("end", cape="A"))
    assert teams(game, "parties") == (4, 0)


def test_partie_et_vole_lapses_when_a_trick_is_lost():
    game = brou()
    play(game, deal(), ev("announce", team="A", call="partie-vole"), *tricks("AAB"))
    assert game.state()["announce"] is None and game.state()["deal_open"]
    play(game, *tricks("AAAAA"), ev("end", A=100))
    assert teams(game, "slate") == (100, 20) and teams(game, "parties") == (0, 0)
    game = brou()
    play(game, deal(), ev("announce", team="A", call="partie-vole"), ev("end", A=100))
    assert teams(game, "slate") == (100, 20)


def test_partie_et_vole_before_the_fifth_trick_only():
    game = brou()
    play(game, deal(), *tricks("AAAAA"))
    refused(game, ev("announce", team="A", call="partie-vole"), "5 tricks are recorded")
    game = brou()
    play(game, deal(), *tricks("AAAA"), ev("announce", team="A", call="partie-vole"))
    game = brou()
    play(game, deal(), *tricks("B"))
    refused(game, ev("announce", team="A", call="partie-vole"), "already lost a trick")
    refused(game, ev("announce", team="B", call="cape-dehors"), "not an announcement")


def test_match_target_default_12_and_custom():
    game = brou()
    assert game.state()["target"] == 12
    for _ in range(4):
        play(game, deal(), ev("end", cape="A"))
    assert game.state()["winner"] == "A" and teams(game, "parties") == (12, 0)
    refused(game, deal(), "match is won")
    game = brou(target=10)
    for _ in range(3):
        play(game, deal(), ev("end", cape="B"))
    assert game.state()["winner"] is None
    play(game, deal(), ev("end", cape="B"))
    assert game.state()["winner"] == "B"
