"""Bruus on the slate, on the host board: what each kind of input does.

Runs under MicroPython only (tests/mp_runner.py, or pytest through
tests/test_micropython.py), as tests/device/test_app.py does, whose helpers
it uses. The whole game, with its reference frames, is
tests/test_device_e2e_bruus.py.
"""

import json

from test_app import Device, in_folder, is_a, options, refusal, row_shows, shows, write

from ardoise import font
from ardoise.journal import encode

DEAL = {"ev": "deal"}


def trick(team, count=1):
    event = {"ev": "trick", "team": team}
    if count > 1:
        event["count"] = count
    return event


def dare(team, kind):
    return {"ev": "dare", "kind": kind, "team": team}


def tricks(teams):
    return [trick(team) for team in teams]


def with_journal(root, rules, *events, settings=None, height=64, session=None):
    """A device booting on a Bruus match already on flash (dealer seat 1)."""
    header = {"ev": "match", "game": "bruus", "rules": rules, "dealer": 0}
    if session:
        header["session"] = session
    write(root + "/match.jsonl", "".join(encode(event).decode() for event in (header,) + events))
    if settings is not None:
        write(root + "/settings.json", json.dumps(settings))
    return Device(root, height=height)


def game(device):
    return device.app.journal.match.game


def open_actions(device, label, team):
    """OK on the slate during a deal, the action `label`, then the team."""
    device.press("ok")
    device.cursor(label)
    device.press("ok")
    device.cursor(team)
    device.press("ok")


# -- a new match ------------------------------------------------------------


@in_folder
def test_a_new_match_asks_the_rule_set_then_the_dealer_among_its_seats(root):
    device = Device(root)
    device.press("ok")
    device.cursor("Bruus")
    device.press("ok")
    assert options(device) == ["Bruus Schwesing", "Bruus Treia", "Bruus à deux"]
    device.cursor("Bruus à deux")
    device.press("ok")
    device.press("ok")  # no session
    assert options(device) == ["1 (A)", "2 (B)"]  # who deals first: two seats
    device.press("next", times=2)  # round to the first again
    assert device.screen().index == 0
    device.press("prev")
    device.press("ok")
    assert device.screen().lines(device.app) == ["Bruus à deux", "Donneur 2"]
    device.press("ok")
    assert device.journal() == '{"ev":"match","dealer":1,"game":"bruus","rules":"two"}\n'
    assert len(device.app.stack) == 1
    # The next new match offers Bruus and these rules first.
    device.hold("next")
    device.cursor("Nouveau match")
    device.press("ok")
    assert device.screen().options[device.screen().index] == "Bruus"
    device.press("ok")
    assert device.screen().options[device.screen().index] == "Bruus à deux"


# -- tricks -------------------------------------------------------------------


@in_folder
def test_ok_deals_and_prev_and_next_give_single_tricks_until_five_take_the_deal(root):
    device = with_journal(root, "schwesing")
    device.press("ok")  # no question: a Bruus deal has no trump
    assert device.journal().endswith('{"ev":"deal"}\n')
    device.wait(3000)
    assert row_shows(device, "0:0 Donneur 1", 7, inverted=True)
    device.press("next")
    assert device.app.toast_text == "Pli B  0:1"
    device.press("prev", times=4)
    assert device.app.toast_text == "Pli A  4:1"
    assert game(device).deal_open
    device.press("prev")
    # Ruling 25: five tricks take the deal at once, 1 point as B has one.
    assert device.app.toast_text == "5:1 A +1"
    assert (game(device).points, game(device).deal_open) == ([1, 0], False)
    assert device.journal().count('{"ev":"trick","team":"A"}') == 5
    device.wait(3000)
    assert row_shows(device, "Donneur 2 · OK", 7)


@in_folder
def test_a_trick_between_deals_is_refused_with_its_reason_and_changes_nothing(root):
    device = with_journal(root, "schwesing", DEAL, *tricks("AAAAA"))
    before = device.journal()
    state = device.app.journal.match.state()
    device.press("next")
    assert refusal(device) == "aucune donne en cours"
    assert device.journal() == before
    assert device.app.journal.match.state() == state
    device.press("ok")
    assert len(device.app.stack) == 1


@in_folder
def test_double_and_triple_tricks_count_two_and_three(root):
    device = with_journal(root, "schwesing", DEAL)
    device.press("ok")
    device.cursor("Pli triple")
    device.press("ok")
    assert device.screen().title == "Pli triple"
    assert options(device) == ["A", "B"]
    device.cursor("B")
    device.press("ok")
    assert device.journal().endswith('{"ev":"trick","count":3,"team":"B"}\n')
    assert device.app.toast_text == "Pli triple B 0:3"  # one space: one row of 16
    open_actions(device, "Pli double", "A")
    assert device.app.toast_text == "Pli double A 2:3"
    open_actions(device, "Pli double", "B")  # 2:5: B takes the deal
    assert device.app.toast_text == "2:5 B +1"
    assert game(device).points == [0, 1]


@in_folder
def test_a_multiple_trick_the_deal_has_no_room_for_is_refused(root):
    device = with_journal(root, "schwesing", DEAL, *tricks("AAAABBBB"))
    before = device.journal()
    open_actions(device, "Pli double", "A")  # 4:4: one trick is left
    assert refusal(device) == "un pli qui compte 2 est de trop: il reste 1 pli(s)"
    assert device.journal() == before
    assert game(device).tricks == [4, 4]
    device.press("ok")  # read: back to the team, to correct it
    assert is_a(device.screen(), "Choice") and device.screen().title == "Pli double"


# -- daring and striking ------------------------------------------------------


@in_folder
def test_daring_and_striking_are_entered_by_what_they_scored(root):
    device = with_journal(root, "schwesing", DEAL)
    device.press("ok")
    assert options(device) == [
        "Pli double",
        "Pli triple",
        "Défi +1",
        "Coup +2",
        "Coup+défi +3",
        "Contre-coup +4",
        "Double défi +2",
        "Double coup +3",
    ]
    device.hold("ok")
    entered = (
        ("Défi +1", "A", "dare"),
        ("Coup +2", "B", "strike"),
        ("Coup+défi +3", "A", "strike-dare"),
        ("Contre-coup +4", "B", "counterstrike"),
        ("Double défi +2", "A", "double-dare"),
        ("Double coup +3", "B", "double-strike"),
    )
    for label, team, kind in entered:
        open_actions(device, label, team)
        assert device.journal().endswith(encode(dare(team, kind)).decode())
        name, points = label.split(" +")
        assert device.app.toast_text == "%s %s +%s" % (name, team, points)
    # Ruling 26: scored as entered; the deal goes on.
    assert (game(device).points, game(device).deal_open) == ([6, 9], True)


@in_folder
def test_a_game_won_by_daring_ends_the_deal_and_both_start_again_at_zero(root):
    counterstrike = dare("B", "counterstrike")
    device = with_journal(root, "schwesing", DEAL, counterstrike, counterstrike, trick("A"))
    open_actions(device, "Contre-coup +4", "B")  # 12: the game, in mid-deal
    assert device.app.toast_text == "B gagne le jeu"
    now = game(device)
    assert (now.points, now.games, now.deal_open, now.dealer) == ([0, 0], [0, 1], False, 1)
    device.wait(3000)
    assert shows(device, "1 jeu", 96, 36, font.CENTER, scale=1)
    assert shows(device, "0 jeux", 32, 36, font.CENTER, scale=1)
    assert row_shows(device, "Donneur 2 · OK", 7)


@in_folder
def test_undo_says_what_it_takes_back(root):
    device = with_journal(root, "schwesing", DEAL, trick("A", 2), dare("B", "counterstrike"))
    device.hold("prev")
    assert device.screen().lines(device.app) == ["Reprendre:", "Contre-coup B +4"]
    device.press("ok")
    assert device.app.toast_text == "Annulé: Contre-coup B +4"
    device.hold("prev")
    assert device.screen().lines(device.app) == ["Reprendre:", "Pli double A"]
    device.press("ok")
    assert device.journal().endswith('{"ev":"undo"}\n{"ev":"undo"}\n')
    assert (game(device).tricks, game(device).points) == ([0, 0], [0, 0])


# -- Treia and two players ------------------------------------------------------


@in_folder
def test_treia_counts_matches_down_and_a_4_4_is_a_bock_for_the_next_deal(root):
    device = with_journal(root, "treia", DEAL, *tricks("ABABABA"))
    assert shows(device, "10", 32, 10, font.CENTER, scale=2)
    device.press("next")  # 4:4
    assert device.app.toast_text == "4:4 Bock+1"
    device.wait(3000)
    assert row_shows(device, "Bock+1 Donneur 2", 7)
    device.press("ok")
    device.wait(3000)
    assert row_shows(device, "0:0 Bock+1", 7, inverted=True)
    open_actions(device, "Pli triple", "A")
    open_actions(device, "Pli double", "A")  # 5:0: 2 points and the Bock's 1
    assert device.app.toast_text == "5:0 A +3"
    device.wait(3000)
    assert shows(device, "7", 32, 10, font.CENTER, scale=2)  # matches still to give back
    assert shows(device, "10", 96, 10, font.CENTER, scale=2)
    assert row_shows(device, "Donneur 3 · OK", 7)
    device.hold("next")
    device.cursor("Historique")
    device.press("ok")
    # Each row: the deal, its Bock; what it did to the slate, and the slate.
    lines = ["1 4:4 Bock+1", "A 10▶10 B 10▶10", "2 5:0 Bock+1", "A 10▶7 B 10▶10"]
    assert device.screen().lines == lines


@in_folder
def test_a_treia_game_counts_double_when_the_losers_gave_back_none(root):
    clean = [DEAL, trick("A", 3), trick("A", 2)]  # 5:0, 2 points
    events = clean * 4 + [DEAL, trick("B"), trick("A", 3), trick("A", 2), DEAL]  # A at 9
    device = with_journal(root, "treia", *events)
    assert game(device).points == [9, 0]
    open_actions(device, "Défi +1", "A")
    # Ruling 27: the losers gave back none; their matches are back to 10.
    assert device.app.toast_text == "Jeu double: A"
    assert (game(device).games, game(device).points) == ([2, 0], [0, 0])


@in_folder
def test_two_players_take_turns_to_deal_and_have_no_counterstrike(root):
    device = with_journal(root, "two", DEAL)
    device.press("ok")
    assert "Contre-coup +4" not in options(device)  # ruling 28
    assert len(options(device)) == 7
    device.hold("ok")
    device.press("prev", times=5)
    assert (game(device).points, game(device).dealer) == ([2, 0], 1)
    device.press("ok")
    device.press("next", times=5)
    assert (game(device).points, game(device).dealer) == ([2, 2], 0)
    device.wait(3000)
    assert row_shows(device, "Donneur 1 · OK", 7)


# -- history, panels, languages --------------------------------------------------


@in_folder
def test_the_history_has_a_row_per_deal_and_marks_a_won_game(root):
    counterstrike = dare("A", "counterstrike")
    events = [DEAL] + tricks("AAAAA") + [DEAL, trick("B", 3), trick("B", 2)]
    events += [DEAL, counterstrike, counterstrike, counterstrike, DEAL]
    device = with_journal(root, "schwesing", *events)
    device.hold("next")
    device.cursor("Historique")
    device.press("ok")
    screen = device.screen()
    assert screen.title == "Historique"
    assert screen.lines == [
        "1 5:0",
        "A 0▶2 B 0▶0",
        "2 0:5",
        "A 2▶2 B 0▶2",
        "3 0:0",
        "Contre-coup A +4",  # each dare, its team
        "Contre-coup A +4",
        "Contre-coup A +4",
        "A gagne le jeu",
        "A 2▶0 B 2▶0",  # a game won: the points start again at 0
    ]
    device.press("ok")  # the last deal, its game won by daring
    assert device.screen().lines[-3:] == ["Contre-coup A +4", "Plis 0:0", "A gagne le jeu"]
    device.hold("ok")
    device.hold("ok")
    assert len(device.app.stack) == 1


@in_folder
def test_a_compact_panel_shows_numbers_games_and_tricks_in_four_rows(root):
    device = with_journal(root, "schwesing", DEAL, *tricks("AAAAA"), DEAL, trick("B"), height=32)
    device.wait(3000)
    assert shows(device, "2", 0, 8, font.LEFT, scale=2)
    assert shows(device, "0", 128, 8, font.RIGHT, scale=2)
    assert shows(device, "✓0", 19, 16, font.LEFT, scale=1)  # past the number
    assert row_shows(device, "0:1 Donneur 2", 3, inverted=True)
    device.press("ok")
    assert is_a(device.screen(), "Choice")
    device.hold("ok")
    device.press("next", times=4)
    assert device.app.toast_text == "0:5 B +2"  # A has no trick: 2 points


@in_folder
def test_the_screens_speak_german(root):
    device = with_journal(root, "schwesing", settings={"lang": "de"})
    device.press("prev")
    assert refusal(device) == "es läuft kein Spiel"
    device.press("ok")
    device.press("ok")
    device.press("ok")
    assert options(device) == [
        "Doppelstich",
        "Dreifachstich",
        "Wagen +1",
        "Schlagen +2",
        "Weiterwagen +3",
        "Gegenschlag +4",
        "Doppelwagen +2",
        "Doppelschlag +3",
    ]


@in_folder
def test_the_slate_is_what_a_fresh_boot_on_the_same_flash_shows(root):
    device = with_journal(root, "treia", DEAL, *tricks("ABABABAB"), DEAL, trick("A", 3))
    device.press("ok")
    device.cursor("Coup +2")
    device.press("ok")
    device.press("ok")
    device.wait(3000)
    assert device.pbm() == Device(root).pbm()


# -- tournament sessions (ruling 29) --------------------------------------------------


@in_folder
def test_a_new_match_may_be_a_session_of_16_deals_unless_told_otherwise(root):
    device = Device(root)
    device.press("ok")
    device.cursor("Bruus")
    device.press("ok")
    device.cursor("Bruus Schwesing")
    device.press("ok")
    assert device.screen().title == "Jouer en séance?"
    assert options(device) == ["non", "oui"] and device.screen().index == 0
    device.cursor("oui")
    device.press("ok")
    number = device.screen()
    assert is_a(number, "Number") and number.value == 16  # Schwesing's session
    assert number.detail(device.app, 16) == ["séance de", "16 donnes"]
    device.press("prev", times=12)
    device.press("ok")
    device.press("ok")  # seat 1 deals first
    assert device.screen().lines(device.app) == [
        "Bruus Schwesing, séance de 4 donnes",
        "Donneur 1",
    ]
    device.press("ok")
    assert device.journal() == (
        '{"ev":"match","dealer":0,"game":"bruus","rules":"schwesing","session":4}\n'
    )
    # The next new match offers a session of as many deals first.
    device.hold("next")
    device.cursor("Nouveau match")
    device.press("ok")
    device.press("ok")
    device.press("ok")
    assert device.screen().index == 1
    device.press("ok")
    assert device.screen().value == 4
    device.hold("ok")  # back: no session this time
    device.cursor("non")
    device.press("ok")
    device.press("ok")  # seat 1 deals first
    assert device.screen().lines(device.app)[0] == "Bruus Schwesing"
    device.press("ok")
    assert device.journal() == '{"ev":"match","dealer":0,"game":"bruus","rules":"schwesing"}\n'


@in_folder
def test_the_slate_counts_the_session_s_deals_and_its_points(root):
    counterstrike = dare("B", "counterstrike")
    events = [DEAL] + tricks("AAAAA") + [DEAL, counterstrike, counterstrike, counterstrike]
    device = with_journal(root, "schwesing", *events, session=16)
    device.wait(3000)
    # B won game 1 in mid-deal with 12: the game's points go back to 0, not the session's.
    assert shows(device, "✓0 Σ2", 32, 36, font.CENTER)
    assert shows(device, "✓1 Σ12", 96, 36, font.CENTER)
    assert row_shows(device, "2/16 Donneur 3", 7)
    device.press("ok")
    device.wait(3000)
    assert row_shows(device, "3/16 0:0", 7, inverted=True)  # no room for the dealer
    device.press("next", times=5)
    assert device.app.toast_text == "0:5 B +2"
    device.wait(3000)
    assert shows(device, "✓1 Σ14", 96, 36, font.CENTER)
    assert row_shows(device, "3/16 Donneur 4", 7)


@in_folder
def test_after_the_session_s_last_deal_the_slate_says_what_is_possible(root):
    """Issue 33: the end of a session is no refusal. OK, Prev or Next on its
    slate open the menu titled with it, on a new match: undo, the history."""
    device = with_journal(root, "treia", *tricks_of_deals("A", 2), DEAL, *tricks("ABAB"), session=3)
    device.press("prev")  # 3:2
    device.press("next", times=2)  # 3:4
    device.press("prev")  # 4:4: a Bock, the third deal
    assert device.app.toast_text == "4:4 Bock+1"
    device.wait(3000)
    assert row_shows(device, "Fin de séance", 7)
    assert shows(device, "✓0 Σ4", 32, 36, font.CENTER)
    before = device.journal()
    for key in ("ok", "prev", "next"):
        device.press(key)
        screen = device.screen()
        assert screen.title == "Fin de séance", screen.title
        assert options(device)[:3] == ["Historique", "Annuler", "Nouveau match"]
        assert screen.index == 2
        device.hold("ok")
        assert len(device.app.stack) == 1
    assert device.journal() == before
    device.press("ok")
    device.press("ok")  # Nouveau match: the games, the cursor on Bruus
    assert options(device)[device.screen().index] == "Bruus"
    device.hold("ok")
    device.hold("ok")
    device.press("ok")
    device.cursor("Historique")
    device.press("ok")
    assert is_a(device.screen(), "Deals"), device.screen()
    device.hold("ok")
    assert len(device.app.stack) == 1
    device.press("next")
    device.cursor("Annuler")
    device.press("ok")  # undo: the last trick back, the third deal open again
    device.press("ok")
    assert game(device).deal_open and game(device).tricks == [3, 4]
    device.wait(3000)
    assert row_shows(device, "3/3 3:4", 7, inverted=True)
    device.press("next")  # 3:5: B takes the deal, and the session ends
    assert device.app.toast_text == "3:5 B +1"
    device.wait(3000)
    assert row_shows(device, "Fin de séance", 7)


@in_folder
def test_a_session_on_a_compact_panel_shows_its_points_beside_the_numbers(root):
    device = with_journal(root, "two", *tricks_of_deals("A", 1), DEAL, height=32, session=9)
    device.wait(3000)
    assert shows(device, "Σ2", 19, 16, font.LEFT)  # past the number, in place of ✓
    assert shows(device, "Σ0", 128 - 19, 16, font.RIGHT)
    assert row_shows(device, "2/9 0:0", 3, inverted=True)


@in_folder
def test_a_session_speaks_german_and_english(root):
    events = tricks_of_deals("B", 1)
    device = with_journal(root, "schwesing", *events, settings={"lang": "de"}, session=1)
    device.wait(3000)
    assert row_shows(device, "Serienende", 7)
    device.press("ok")
    assert device.screen().title == "Serienende"
    assert options(device)[:3] == ["Verlauf", "Zurücknehmen", "Neues Match"]
    device = with_journal(root, "schwesing", *events, settings={"lang": "en"}, session=1)
    device.wait(3000)
    assert row_shows(device, "Session over", 7)
    device.press("ok")
    assert device.screen().title == "Session over"
    assert options(device)[:3] == ["History", "Undo", "New match"]
    device.press("ok")
    device.press("ok")
    device.press("ok")
    assert device.screen().title == "Play a session?", device.screen().title
    assert device.screen().index == 1, device.screen().index
    device.press("ok")
    assert device.screen().detail(device.app, 1) == ["session of", "1 deals"]


def tricks_of_deals(team, number):
    """`number` deals each won five tricks to none by `team`."""
    return ([DEAL] + tricks(team * 5)) * number
