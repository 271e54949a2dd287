"""Brusquembelle on the slate's app: a new match, cards, ends of deals, undo,
refusals, history, languages and both panel sizes.

Runs under MicroPython only, like test_app.py (tests/mp_runner.py, or
pytest through tests/test_micropython.py): each test boots the firmware
from its sources on the host board in a fresh folder and presses its
buttons by name. A whole session, with reference frames, is
tests/test_device_e2e_brusquembelle.py.
"""

import json

from test_app import Device, in_folder, is_a, options, refusal, shows, write

from ardoise import font
from ardoise.journal import encode

FOUR = {"ev": "match", "game": "brusquembelle", "players": 4, "ante": 1}
DEAL = {"ev": "deal"}


# -- helpers --------------------------------------------------------------


def journal_of(header, *events):
    return "".join(encode(event).decode() for event in (header,) + events)


def with_journal(root, header, *events, settings=None, height=64):
    """A device booting on a journal (and settings) already on flash."""
    write(root + "/match.jsonl", journal_of(header, *events))
    if settings is not None:
        write(root + "/settings.json", json.dumps(settings))
    return Device(root, height=height)


def match(players, ante=1, **more):
    header = {"ev": "match", "game": "brusquembelle", "players": players, "ante": ante}
    header.update(more)
    return header


def game(device):
    return device.app.journal.match.game


def pick(device, label):
    device.cursor(label)
    device.press("ok")


def card(device, label, who):
    """From the slate during a deal: the card `label` of the deal's menu, played by `who`."""
    device.press("ok")
    pick(device, label)
    pick(device, who)


def end(device, *points):
    """From the slate during a deal: the end, each side's points but the last's."""
    device.press("ok")
    pick(device, "Fin de donne")
    for value in points:
        device.number(value)
        device.press("ok")


# -- a new match ----------------------------------------------------------


@in_folder
def test_a_new_match_asks_players_and_ante_and_seat_1_deals_first(root):
    device = Device(root)
    device.press("ok")
    pick(device, "Brusquembelle")
    screen = device.screen()
    assert (screen.title, screen.value) == ("Joueurs", 4)
    assert screen.detail(device.app, 4) == ["32 cartes"]
    assert screen.detail(device.app, 5) == ["30 cartes"]  # ruling 30
    device.number(3)
    device.press("ok")
    screen = device.screen()
    assert (screen.title, screen.value) == ("Mise", 1)
    device.number(2)
    assert screen.detail(device.app, 2) == ["Pot 6"]  # what a deal puts in the pool
    device.press("ok")  # three players: pairs are not asked
    # The spec's match event names no dealer: seat 1 (the rules' seat 0) deals
    # first, so there is no dealer to choose.
    assert device.screen().lines(device.app) == ["À 3, mise 2"]
    device.press("prev")
    assert device.screen().lines(device.app) == ["À 3, mise 2"]
    device.press("ok")
    assert device.journal() == journal_of(match(3, 2, pairs=False))
    assert len(device.app.stack) == 1
    assert game(device).dealer == 0


@in_folder
def test_pairs_are_asked_only_with_four_players(root):
    device = Device(root)
    device.press("ok")
    pick(device, "Brusquembelle")
    device.press("ok")  # 4 players
    device.press("ok")  # ante 1
    assert device.screen().title == "En paires?"
    assert options(device) == ["non", "oui"]
    pick(device, "oui")
    assert device.screen().lines(device.app)[0] == "Paires, mise 1"
    device.press("ok")
    assert device.journal() == journal_of(match(4, pairs=True))
    # The next new match starts from this one's answers: OK three times.
    device.hold("next")
    pick(device, "Nouveau match")
    pick(device, "Brusquembelle")
    device.press("ok", times=2)
    assert is_a(device.screen(), "Choice") and device.screen().index == 1  # pairs: oui


@in_folder
def test_five_seats_are_numbered_whatever_the_settings(root):
    # Compass points name four seats: a table of five is numbered.
    device = with_journal(root, FOUR, settings={"seats": "compass"})
    assert device.app.seat(3) == "O"
    device.hold("next")
    pick(device, "Nouveau match")
    pick(device, "Brusquembelle")
    device.number(5)
    device.press("ok")
    device.press("ok")
    device.press("ok")
    device.press("ok")  # a deal
    device.press("ok")
    pick(device, "As gagné +8")
    assert options(device) == ["1", "2", "3", "4", "5"]


# -- deals, cards and ends ------------------------------------------------


@in_folder
def test_ok_deals_and_every_player_antes(root):
    device = with_journal(root, match(3, 2))
    device.press("ok")
    assert device.journal().endswith('{"ev":"deal"}\n')
    assert (game(device).balance, game(device).pool) == ([-2, -2, -2], 6)
    assert device.app.toast_text == "Pot +6 = 6"


@in_folder
def test_aces_and_tens_won_and_lost_pay_every_other_player(root):
    device = with_journal(root, FOUR, DEAL)
    device.press("ok")
    assert options(device) == [
        "As gagné +6",
        "As perdu -6",
        "Dix gagné +3",
        "Dix perdu -3",
        "Fin de donne",
    ]
    pick(device, "As gagné +6")
    assert device.screen().title == "As gagné: qui?"
    pick(device, "2")
    assert game(device).balance == [-3, 5, -3, -3]  # ruling 32: 2 from each
    assert device.app.toast_text == "2: As gagné +6"
    card(device, "Dix perdu -3", "4")
    assert game(device).balance == [-2, 6, -2, -6]  # 1 to each
    card(device, "As perdu -6", "1")
    card(device, "Dix gagné +3", "3")
    assert game(device).balance == [-9, 7, 3, -5]
    assert device.journal().endswith(
        '{"ev":"card","player":1,"rank":"A","won":true}\n'
        '{"ev":"card","player":3,"rank":"10","won":false}\n'
        '{"ev":"card","player":0,"rank":"A","won":false}\n'
        '{"ev":"card","player":2,"rank":"10","won":true}\n'
    )


@in_folder
def test_a_fifth_ace_is_refused_with_its_reason_and_changes_nothing(root):
    ace = {"ev": "card", "player": 0, "rank": "A", "won": True}
    device = with_journal(root, FOUR, DEAL, ace, ace, ace, ace)
    before = device.journal()
    state = device.app.journal.match.state()
    card(device, "As perdu -6", "3")
    assert refusal(device) == "les 4 cartes de rang As sont déjà jouées dans cette donne"
    assert device.journal() == before
    assert device.app.journal.match.state() == state
    device.press("ok")  # read: back to the list, to correct it
    assert options(device) == ["1", "2", "3", "4"]


@in_folder
def test_the_last_player_has_the_rest_of_120_and_the_most_take_the_pool(root):
    device = with_journal(root, FOUR, DEAL)
    device.press("ok")
    pick(device, "Fin de donne")
    screen = device.screen()
    assert (screen.title, screen.value) == ("Points de 1", 30)  # an even share
    assert screen.detail(device.app, 40) == ["Reste 80"]
    device.number(40)
    device.press("ok")
    assert (device.screen().title, device.screen().value) == ("Points de 2", 26)
    device.number(10)
    device.press("ok")
    screen = device.screen()
    assert (screen.title, screen.value) == ("Points de 3", 35)
    assert screen.detail(device.app, 45) == ["4: 25"]
    device.number(45)
    device.press("ok")
    assert device.journal().endswith('{"ev":"end","points":[40,10,45,25]}\n')
    assert (game(device).balance, game(device).pool) == ([-1, -1, 3, -1], 0)
    assert device.app.toast_text == "3 prend 4"


@in_folder
def test_points_past_120_are_refused_and_can_be_corrected(root):
    device = with_journal(root, match(3), DEAL)
    before = device.journal()
    state = device.app.journal.match.state()
    end(device, 70, 60)
    assert refusal(device) == "les points doivent faire 120, pas 70 + 60 + 0 = 130"
    assert device.journal() == before
    assert device.app.journal.match.state() == state
    device.press("ok")
    assert device.screen().title == "Points de 2"  # where to correct it
    device.number(50)
    device.press("ok")
    assert device.journal().endswith('{"ev":"end","points":[70,50,0]}\n')


@in_folder
def test_a_tie_leaves_the_pool_for_the_next_deal(root):
    device = with_journal(root, match(2, 3), DEAL)
    end(device, 60)
    assert (game(device).balance, game(device).pool) == ([-3, -3], 6)  # ruling 31
    assert device.app.toast_text == "Pot gardé: 6"
    device.press("ok")
    assert game(device).pool == 12


@in_folder
def test_two_players_enter_one_number(root):
    device = with_journal(root, match(2), DEAL)
    device.press("ok")
    pick(device, "Fin de donne")
    screen = device.screen()
    assert (screen.title, screen.value) == ("Points de 1", 60)
    assert screen.detail(device.app, 75) == ["2: 45"]
    device.number(75)
    device.press("ok")
    assert device.journal().endswith('{"ev":"end","points":[75,45]}\n')
    assert game(device).balance == [1, -1]
    assert game(device).dealer == 1  # ruling 33


@in_folder
def test_five_players_enter_four_numbers(root):
    device = with_journal(root, match(5), DEAL)
    card(device, "As gagné +8", "5")
    end(device, 20, 30, 10, 25)  # 5 has the rest: 35
    assert device.journal().endswith('{"ev":"end","points":[20,30,10,25,35]}\n')
    assert game(device).balance == [-3, -3, -3, -3, 12]


@in_folder
def test_pairs_enter_one_pairs_points_and_share_the_pool(root):
    device = with_journal(root, match(4, pairs=True), DEAL)
    card(device, "As gagné +6", "2")
    device.press("ok")
    pick(device, "Fin de donne")
    screen = device.screen()
    assert (screen.title, screen.value) == ("Points de A", 60)
    assert screen.detail(device.app, 70) == ["B: 50"]
    device.number(70)
    device.press("ok")
    # Each pair's points on its first seat: ruling 30 adds partners' points.
    assert device.journal().endswith('{"ev":"end","points":[70,50,0,0]}\n')
    assert game(device).balance == [-1, 5, -1, -3]
    assert device.app.toast_text == "A prend 4"
    device.wait(3000)
    # One line a pair with its balance, large; the dealer's pair marked.
    assert shows(device, "A", 8, 5) and shows(device, "-2", 128, 1, font.RIGHT, scale=2)
    assert shows(device, "•", 0, 23) and shows(device, "B", 8, 23)  # 2 deals next
    assert shows(device, "+2", 128, 19, font.RIGHT, scale=2)


# -- undo, history, words -------------------------------------------------


@in_folder
def test_undo_says_what_it_takes_back(root):
    won = {"ev": "card", "player": 1, "rank": "10", "won": True}
    device = with_journal(root, FOUR, DEAL, won)
    device.hold("prev")
    assert device.screen().lines(device.app) == ["Reprendre:", "2: Dix gagné"]
    device.press("ok")
    assert device.journal().endswith('{"ev":"undo"}\n')
    assert game(device).balance == [-1, -1, -1, -1]
    assert device.app.toast_text == "Annulé: 2: Dix gagné"
    device.hold("prev")
    assert device.screen().lines(device.app) == ["Reprendre:", "Donne de 1"]


@in_folder
def test_history_says_where_each_pool_went(root):
    device = with_journal(
        root,
        match(3),
        DEAL,
        {"ev": "end", "points": [60, 60, 0]},
        DEAL,
        {"ev": "end", "points": [10, 20, 90]},
        DEAL,
    )
    device.hold("next")
    pick(device, "Historique")
    screen = device.screen()
    # Where each pool went, then the balances after it.
    assert screen.lines == ["1 Pot gardé: 3", "-1 -1 -1", "2 3 prend 6", "-2 -2 +4"]
    device.press("ok")  # the deal under the cursor, the last
    assert device.screen().lines[-1] == "3 prend 6"
    device.hold("ok")
    device.hold("ok")
    assert len(device.app.stack) == 1  # back to the slate


@in_folder
def test_names_and_languages(root):
    names = {"names": ["Anne", "Marc", "Zoé"]}
    device = with_journal(root, match(3, **names), DEAL, settings={"lang": "en"})
    device.press("ok")
    assert options(device) == [
        "Ace won +4",
        "Ace lost -4",
        "Ten won +2",
        "Ten lost -2",
        "End of deal",
    ]
    pick(device, "Ten lost -2")
    assert device.screen().title == "Ten lost: who?"
    assert options(device) == ["Anne", "Marc", "Zoé"]
    pick(device, "Zoé")
    assert device.app.toast_text == "Zoé: Ten lost -2"
    write(root + "/settings.json", json.dumps({"lang": "de"}))
    device = Device(root)
    device.press("ok")
    pick(device, "Ass sticht +4")
    pick(device, "Marc")
    assert device.app.toast_text == "Marc: Ass sticht +4"


# -- the slate on both panels ------------------------------------------------


@in_folder
def test_the_slate_shows_every_balance_and_the_pool(root):
    device = with_journal(
        root, match(3), DEAL, {"ev": "card", "player": 0, "rank": "10", "won": False}
    )
    device.wait(3000)
    # 128x64: a line each, 14 pixels apart, the pool set apart below them.
    assert shows(device, "•", 0, 3) and shows(device, "1", 8, 3)  # the dealer
    assert shows(device, "-3", 128, 3, font.RIGHT) and shows(device, "2", 8, 17)
    assert shows(device, "0", 128, 17, font.RIGHT)
    assert shows(device, "0", 128, 31, font.RIGHT)
    assert shows(device, "Pot", 8, 45) and shows(device, "3", 128, 45, font.RIGHT)
    assert shows(device, "A 0/4 · 10 1/4", 64, 56, font.CENTER, inverted=True)


@in_folder
def test_a_128x32_panel_shows_five_players_and_the_pool(root):
    device = with_journal(root, match(5), DEAL, height=32)
    card(device, "As gagné +8", "5")
    end(device, 50, 10, 10, 10)
    device.wait(3000)
    # Two columns of three rows, the pool bottom right; the status row below.
    for seat, x, y in ((0, 0, 0), (1, 64, 0), (2, 0, 8), (3, 64, 8), (4, 0, 16)):
        assert shows(device, str(seat + 1), x + 8, y), seat
    assert shows(device, "+2", 61, 0, font.RIGHT)
    assert shows(device, "-3", 128, 0, font.RIGHT)
    assert shows(device, "+7", 61, 16, font.RIGHT)
    assert shows(device, "Pot", 72, 16) and shows(device, "0", 128, 16, font.RIGHT)
    assert shows(device, "Donneur 2 · OK", 64, 24, font.CENTER)
