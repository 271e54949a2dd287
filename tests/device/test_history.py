"""The history: a row per deal under a cursor; OK opens the deal's details
(Le Brouc, Bruus, Brusquembelle), read again from the rules core; Prev/Next
scroll them and go from deal to deal; held OK goes back to the list, on the
deal last shown."""

from test_app import Device, in_folder, is_a, write

from ardoise.journal import encode

ETIVAZ = "tests/logs/device-etivaz-match.jsonl"


def booted(root, text, settings=None, height=64):
    write(root + "/match.jsonl", text)
    if settings is not None:
        write(root + "/settings.json", settings)
    return Device(root, height=height)


def journal(header, *events):
    return "".join(encode(event).decode() for event in (header,) + events)


def etivaz(root, settings=None, height=64):
    with open(ETIVAZ) as file:
        return booted(root, file.read(), settings, height)


def open_history(device, label="Historique"):
    device.hold("next")
    device.cursor(label)
    device.press("ok")
    return device.screen()


def deal_lines(device):
    screen = device.screen()
    assert is_a(screen, "Detail"), screen
    return screen.lines


@in_folder
def test_the_list_opens_with_the_cursor_on_the_last_deal(root):
    device = etivaz(root)
    screen = open_history(device)
    assert is_a(screen, "Deals")
    assert screen.lines[0] == " 1♥   7   8"
    assert screen.inverted == (9,)  # deal 10, the last
    device.press("prev", times=3)
    assert screen.inverted == (6,)
    assert screen.first == 4  # six rows under the column heads: 5 to 10
    device.press("prev", times=3)
    assert screen.first == 3  # scrolled to keep the cursor in view


@in_folder
def test_ok_opens_a_deal_with_marriages_card_points_and_slates(root):
    device = etivaz(root)
    open_history(device)
    device.press("prev", times=9)
    device.press("ok")
    assert device.screen().title == "Donne 1/10"
    assert deal_lines(device) == [
        "Donneur 1  ♥",
        "A ♠R-D 20 main",  # declared: at the bottom of the slate
        "B ♦R-D-V 30 pli",  # lying in a trick
        "A 75▶80 B 45▶50",  # card points, rounded
        "A +7  B +8",  # what the slates gained
    ]


@in_folder
def test_a_dehors_shows_its_count_and_verdict_and_a_cape_its_coches(root):
    device = etivaz(root)
    app = device.app
    details = app.load("games.brouc_history").details
    assert details(app, 3)[1:] == [
        "Dehors A 50",
        "Compte: 180/301",
        "Dehors faux!",
        "Jeu B: +1 coche",
    ]
    assert details(app, 6)[3] == "Dehors juste!"
    assert details(app, 7) == ["Donneur 3  ♣", "Cape B", "B +2 coches"]
    last = ["Donneur 2  ♦", "Annonce A pas dédoublé", "Plis 8:0", "Cape A", "Jeu A: +4 coches"]
    assert details(app, 10) == last
    # Reading a deal leaves the match as it was.
    assert app.match.game.winner == 0 and app.match.game.deals == 10


@in_folder
def test_prev_and_next_scroll_then_go_from_deal_to_deal_and_held_ok_goes_back(root):
    device = etivaz(root, height=32)  # three rows under the title
    screen = open_history(device)
    device.press("prev", times=2)  # deal 8
    device.press("ok")
    detail = device.screen()
    assert detail.title == "Donne 8/10"
    assert len(detail.lines) == 6
    device.press("next", times=3)
    assert detail.first == 3 and detail.title == "Donne 8/10"
    device.press("next")
    assert detail.title == "Donne 9/10" and detail.first == 0
    device.press("prev")
    assert detail.title == "Donne 8/10"
    device.press("next", times=9)
    assert detail.title == "Donne 10/10"  # and no further
    device.hold("ok")
    assert device.screen() is screen
    assert screen.inverted == (9,)
    device.press("prev")
    device.press("ok")
    assert device.screen().title == "Donne 9/10"
    device.hold("ok")  # back to the list
    device.hold("ok")  # and back from the list: the slate
    assert len(device.app.stack) == 1


@in_folder
def test_the_details_speak_german_and_english(root):
    device = etivaz(root, '{"lang": "de"}')
    app = device.app
    details = app.load("games.brouc_history").details
    assert details(app, 1)[1:3] == ["A ♠K-D 20 Hand", "B ♦K-D-B 30 Stich"]
    assert details(app, 3)[1:] == [
        "Draussen A 50",
        "Zählt: 180/301",
        "Falsch draussen!",
        "Partie B: +1 Häkchen",
    ]
    app.change("lang", "en")
    assert details(app, 1)[:3] == ["Dealer 1  ♥", "A ♠K-Q 20 hand", "B ♦K-Q-J 30 trick"]


@in_folder
def test_no_deal_yet_opens_nothing(root):
    device = booted(root, journal({"ev": "match", "game": "brouc", "dealer": 0}))
    screen = open_history(device)
    assert screen.lines == ["Pas de donne"]
    device.press("ok")
    assert len(device.app.stack) == 1  # back to the slate


BRUUS = {"ev": "match", "game": "bruus", "rules": "treia", "dealer": 0}


def trick(team, count=1):
    return {"ev": "trick", "team": team, "count": count}


@in_folder
def test_a_bruus_deal_shows_tricks_dares_and_the_bock(root):
    events = [{"ev": "deal"}] + [trick(team) for team in "AAAABBBB"]
    events += [{"ev": "deal"}, {"ev": "dare", "team": "B", "kind": "strike"}]
    events += [trick(team) for team in "BBBBB"]
    device = booted(root, journal(BRUUS, *events))
    screen = open_history(device)
    assert screen.lines == [" 1 4:4  10  10", " 2 0:5  10   5"]
    app = device.app
    details = app.load("games.bruus_history").details
    assert details(app, 1) == ["Donneur 1", "Plis 4:4", "Bock+1"]
    assert details(app, 2) == ["Donneur 2", "Coup B +2", "Plis 0:5", "Bock+1", "B +5"]


BRUSQUEMBELLE = {"ev": "match", "game": "brusquembelle", "players": 3, "ante": 2}


@in_folder
def test_a_brusquembelle_deal_shows_aces_tens_card_points_and_the_pool(root):
    events = [{"ev": "deal"}, {"ev": "card", "player": 1, "rank": "A", "won": True}]
    events += [{"ev": "card", "player": 2, "rank": "10", "won": False}]
    events += [{"ev": "end", "points": [30, 60, 30]}]
    device = booted(root, journal(BRUSQUEMBELLE, *events))
    screen = open_history(device)
    assert screen.lines == ["#1 2 prend 6"]
    device.press("ok")
    assert deal_lines(device) == [
        "Donne de 1",
        "2: As gagné",
        "3: Dix perdu",
        "Points de 1 30",
        "Points de 2 60",
        "Points de 3 30",
        "2 prend 6",
    ]


@in_folder
def test_reading_a_deal_leaves_the_match_as_it_was_even_when_it_fails(root):
    device = etivaz(root)
    app = device.app
    seen = []

    def each(game, code):
        seen.append(code if code is None else game.decode(code)["ev"])

    app.match.deal(7, each)
    assert seen == ["deal", "end", None]
    assert app.match.game.deals == 10 and app.match.game.winner == 0

    def fails(game, code):
        raise ValueError("boom")

    try:
        app.match.deal(2, fails)
    except ValueError:
        pass
    assert app.match.game.deals == 10 and app.match.game.coches == [6, 3]
