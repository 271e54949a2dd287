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
    assert screen.lines[:2] == ["1♥ 75/45 A♠ B♦", "A 0▶7 B 0▶8"]
    assert screen.inverted == (21, 22, 23, 24)  # deal 10, the last: its four lines
    assert screen.first == 19  # seven rows, from deal 9
    device.press("prev", times=3)
    assert screen.inverted == (14, 15, 16)  # deal 7
    assert screen.first == 14  # scrolled to keep the whole deal in view
    device.press("prev", times=3)
    assert screen.inverted == (7, 8)  # deal 4
    assert screen.first == 7


@in_folder
def test_each_row_says_what_the_deal_did_and_the_slates_after_it(root):
    """Issue 33: not the running slates alone (`2♦ 13 16`), but each deal's
    card points, marriages, dehors, cape or announcement, the coches it
    gave, and each slate before and after it."""
    device = etivaz(root)
    assert open_history(device).lines == [
        "1♥ 75/45 A♠ B♦",  # card points, A's marriage in ♠, B's in ♦
        "A 0▶7 B 0▶8",  # each slate, before and after
        "2♦ 64/56 B♣",
        "A 7▶13 B 8▶16",
        "3♣ Dehors A 50",  # a dehors, its card points: wrong, B's game
        "Jeu B: +1 coche",
        "A 13▶0 B 16▶0",  # a game won wipes the slates
        "4♠ 110/10",
        "A 0▶11 B 0▶1",
        "5♥ 100/20 A♥",
        "A 11▶27 B 1▶3",
        "6♦ Dehors A 31",
        "Jeu A: +2 coches",
        "A 27▶0 B 3▶0",
        "7♣ Cape B",  # a cape's coches, the slates as they were
        "B +2 coches",
        "A 0▶0 B 0▶0",
        "8♠ 100/20 A♠",
        "A 0▶14 B 0▶-2",
        "9♥ 90/30 A♦",
        "A 14▶25 B -2▶1",
        "10♦ dédoublé A",  # an announcement, then all eight tricks
        "Cape A",
        "Jeu A: +4 coches",
        "A 25▶0 B 1▶0",
    ]


@in_folder
def test_the_rows_name_the_players_where_the_match_names_them(root):
    with open(ETIVAZ) as file:
        text = file.read()
    header = '"game":"brouc","names":["Rösli","Émile","Paul","Anne"],'
    device = booted(root, text.replace('"game":"brouc",', header, 1))
    screen = open_history(device)
    assert screen.lines[:7] == [
        "1 Rösli",  # who sat where
        "2 Émile",
        "3 Paul",
        "4 Anne",
        "1♥ 75/45 R&P♠",
        "É&A♦",
        "R&P 0▶7 É&A 0▶8",
    ]
    assert screen.lines[-4:] == [
        "10♦ dédoublé R&P",
        "Cape R&P",
        "Jeu R&P: +4",  # "Jeu R&P: +4 coches" would not fit: no unit
        "R&P 25▶0 É&A 1▶0",
    ]
    # And a deal's details, a team by its players' one short form.
    details = device.app.load("games.brouc_history").details
    assert details(device.app, 1) == [
        "Donneur Rösli  ♥",
        "R&P ♠R-D 20 main",
        "É&A ♦R-D-V 30 pli",
        "R&P 75▶80\nÉ&A 45▶50",
        "R&P +7  É&A +8",
    ]
    assert details(device.app, 3)[-1] == "Jeu É&A: +1 coche"


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
    assert screen.cursor == 9  # deal 10
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
    rows = ["1 4:4 Bock+1", "A 10▶10 B 10▶10", "2 0:5 Bock+1", "Coup B +2", "A 10▶10 B 10▶5"]
    assert screen.lines == rows
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
    assert screen.lines == ["1 2 prend 6", "-3 +9 -6"]  # the balances after it
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


@in_folder
def test_on_a_compact_panel_a_deal_longer_than_the_screen_scrolls(root):
    """128x32: three rows under the title; a deal longer than them shows
    from its start, Next and Prev scroll it before they go to the next or
    previous deal."""
    events = [{"ev": "deal"}] + [trick(team) for team in "AAAAA"]
    events += [{"ev": "deal"}] + [{"ev": "dare", "team": "A", "kind": "dare"}] * 3
    events += [trick(team) for team in "AAAAA"]
    header = {"ev": "match", "game": "bruus", "rules": "schwesing", "dealer": 0}
    device = booted(root, journal(header, *events), height=32)
    screen = open_history(device)
    assert screen.lines[2:] == ["2 5:0", "Défi A +1", "Défi A +1", "Défi A +1", "A 2▶7 B 0▶0"]
    assert screen.cursor == 1 and screen.first == 2  # deal 2, from its start
    device.press("next")
    device.press("next")
    assert screen.cursor == 1 and screen.first == 4  # its last line in view
    device.press("next")
    assert screen.cursor == 1 and screen.first == 4  # the last deal: no further
    device.press("prev")
    device.press("prev")
    assert screen.cursor == 1 and screen.first == 2
    device.press("prev")
    assert screen.cursor == 0 and screen.first == 0
