"""Le Brouc, rules "31": rulings 16-18."""

from checks import ev, match, play, refused, teams

TIER = "quick"


def deal(trump="H"):
    return ev("deal", trump=trump)


def thirty_one(*splits):
    game = match(rules="31")
    for points in splits:
        play(game, deal(), ev("end", A=points))
    return game


def test_scored_like_etivaz_with_rounding_and_marriages():
    game = match(rules="31")
    play(game, deal(trump="C"), ev("declare", team="B", suit="C", kind="KQJ"))
    play(game, ev("table", team="A", suit="H", kind="KQ"), ev("end", A=75, B=45))
    assert teams(game, "slate") == (10, 9)  # A 80 + 20, B 50 + 60 - 20


def test_first_to_31_wins_the_match():
    game = thirty_one(120, 120)
    assert teams(game, "slate") == (24, 0) and game.state()["winner"] is None
    play(game, deal(), ev("end", A=70))
    state = game.state()
    assert state["slate"] == {"A": 31, "B": 5} and state["winner"] == "A" and state["games"] == 1
    refused(game, deal(), "match is won")


def test_both_past_31_the_higher_slate_wins_and_equal_plays_on():
    game = thirty_one(60, 60, 60, 60, 60)  # 30 / 30
    play(game, deal(), ev("end", A=65))  # 37 / 36
    assert game.state()["winner"] == "A"
    game = thirty_one(60, 60, 60, 60, 60)
    play(game, deal(), ev("end", A=60))  # 36 / 36
    assert game.state()["winner"] is None
    play(game, deal(), ev("end", A=50))
    assert game.state()["winner"] == "B"


def test_no_coches_and_no_target():
    state = thirty_one(120, 120, 120).state()
    assert state["coches"] == {"A": 0, "B": 0} and state["target"] is None


def test_dehors_at_310_wins_and_short_is_refused_without_penalty():
    game = thirty_one(120, 120)  # 24 / 0
    play(game, deal())
    refused(game, ev("out", team="A", points=69), "dehors needs 310")
    play(game, ev("out", team="A", points=70))
    state = game.state()
    assert state["winner"] == "A" and not state["deal_open"] and state["slate"]["A"] == 24


def test_dehors_counts_marriages():
    game = thirty_one(120, 120)
    play(game, deal(trump="S"), ev("declare", team="A", suit="S", kind="KQ"))
    play(game, ev("out", team="A", points=30))  # 240 + 30 + 40
    assert game.state()["winner"] == "A"


def test_cape_scores_the_deal_and_two_more():
    game = match(rules="31")
    play(game, deal(), ev("declare", team="B", suit="D", kind="KQ"), ev("end", cape="A"))
    assert teams(game, "slate") == (14, 2)
    assert teams(game, "coches") == (0, 0)


def test_recorded_cape_scores_at_the_eighth_trick():
    game = match(rules="31")
    play(game, deal(), ev("table", team="A", suit="H", kind="KQ"))
    for _ in range(8):
        play(game, ev("trick", team="A"))
    assert teams(game, "slate") == (12 + 4 + 2, -4) and not game.state()["deal_open"]


def test_cape_can_win_the_match():
    game = thirty_one(120, 60)  # 18 / 6
    play(game, deal(), ev("end", cape="A"))  # 18 + 12 + 2 = 32
    assert game.state()["winner"] == "A"


def test_no_cape_announcements():
    game = thirty_one(120, 120)
    play(game, deal())
    refused(game, ev("announce", team="A", call="cape-dehors"), "no cape announcement in the '31'")
    refused(game, ev("announce", team="A", call="partie-vole"), "no cape announcement")


def test_target_in_header_is_accepted_and_unused():
    game = match(rules="31", target=1)
    play(game, deal(), ev("end", cape="A"))
    assert teams(game, "slate") == (14, 0) and game.state()["winner"] is None
