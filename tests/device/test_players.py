"""Names on the slate (ardoise/roster.py): each seat's player chosen
from the roster at a new match, the names shown where they fit, the roster
edited on the slate. Under MicroPython, on the host board, in a fresh folder.
"""

import json
import os
import sys

from folders import host_board, in_folder

host_board()

from harness import Device, is_a  # noqa: E402
from test_app import options, read, row_shows, shows, write  # noqa: E402

from ardoise import font  # noqa: E402


def header(device):
    return json.loads(device.journal().split("\n")[0])


def new_brouc(device):
    """From a board with no match: Le Brouc (then the seats, on a board with
    a roster)."""
    device.press("ok")
    device.press("ok")  # Le Brouc


def begin(device):
    """After the seats: seat 1 deals first, and the match begins."""
    device.press("ok")  # the first dealer
    device.press("ok")  # the confirmation


def roster(root, *names):
    write(root + "/roster.txt", "".join(name + "\n" for name in names))


def seated(root, *names):
    """A new Le Brouc match, its seats given `names` of the roster, in that order."""
    roster(root, *(names or ("Rösli", "Émile", "Paul", "Anne")))
    device = Device(root)
    new_brouc(device)
    for name in names:
        device.cursor(name)
        device.press("ok")
    begin(device)
    return device


@in_folder
def test_without_a_roster_a_new_match_names_no_one(root):
    sys.modules.pop("ardoise.roster", None)  # left by another test
    device = Device(root)
    new_brouc(device)
    begin(device)
    assert len(device.app.stack) == 1
    assert "names" not in header(device)
    assert "ardoise.roster" not in sys.modules  # nothing loaded for names


@in_folder
def test_each_seat_is_chosen_from_the_roster(root):
    roster(root, "Rösli", "Émile", "Paul", "Anne", "Zoë")
    device = Device(root)
    new_brouc(device)
    assert device.screen().title == "Joueur 1 (A)"  # seats 1 and 3: team A
    assert options(device) == ["-", "Rösli", "Émile", "Paul", "Anne", "Zoë"]
    assert device.screen().index == 0  # nobody played here before: "-" first
    device.cursor("Rösli")
    device.press("ok")
    # A name taken is offered no more; held OK goes back a seat and frees it.
    assert device.screen().title == "Joueur 2 (B)"
    assert options(device) == ["-", "Émile", "Paul", "Anne", "Zoë"]
    device.hold("ok")
    assert device.screen().title == "Joueur 1 (A)"
    device.cursor("Paul")
    device.press("ok")
    assert options(device) == ["-", "Rösli", "Émile", "Anne", "Zoë"]
    for name in ("Rösli", "Zoë", "-"):  # seat 4 anonymous
        device.cursor(name)
        device.press("ok")
    begin(device)
    assert len(device.app.stack) == 1
    assert header(device)["names"] == ["Paul", "Rösli", "Zoë", "-"]
    device.wait(3000)  # the note "Nouveau match" goes
    assert row_shows(device, "Donneur Paul", 7)
    # The anonymous seat is named by its number.
    assert device.app.seat(3) == "4", device.app.seat(3)
    assert device.app.team(1, 16) == "Rösli & 4", device.app.team(1, 16)


@in_folder
def test_the_last_players_are_offered_first(root):
    device = seated(root, "Anne", "Paul", "Émile", "Rösli")
    first = device.journal()
    device.hold("next")
    device.cursor("Nouveau match")
    device.press("ok")
    device.press("ok")  # Le Brouc
    presses = device.presses
    device.press("ok", times=4)  # one press a seat
    assert device.presses - presses == 4
    begin(device)
    assert header(device)["names"] == ["Anne", "Paul", "Émile", "Rösli"]
    archived = os.listdir(root + "/archive")
    assert archived == ["0001.jsonl"] and read(root + "/archive/0001.jsonl") == first


@in_folder
def test_no_name_chosen_names_no_one(root):
    roster(root, "Rösli")
    device = Device(root)
    new_brouc(device)
    device.press("ok", times=4)  # "-" at every seat
    assert options(device) == ["1 (A)", "2 (B)", "3 (A)", "4 (B)"]  # who deals: seats
    begin(device)
    assert "names" not in header(device)


@in_folder
def test_names_show_over_a_team_where_they_fit(root):
    roster(root, "Jo", "Al", "Bo", "Cy", "Rösli", "Paul")
    device = Device(root)
    new_brouc(device)
    for name in ("Rösli", "Jo", "Paul", "Al"):
        device.cursor(name)
        device.press("ok")
    begin(device)
    device.wait(3000)
    # "Rösli & Paul" is wider than a column: their initials, the team's one
    # short form; "Jo & Al" fits beside B.
    assert shows(device, "•R&P", 32, 0, align=font.CENTER)
    assert shows(device, "Jo & Al", 96, 0, align=font.CENTER)
    # The history says who sat where, above the deals.
    device.hold("next")
    device.cursor("Historique")
    device.press("ok")
    assert device.screen().lines[:4] == ["1 Rösli", "2 Jo", "3 Paul", "4 Al"]


@in_folder
def test_a_team_is_its_players_whole_where_they_fit_else_one_short_form(root):
    """Issue 33: one short form for a team everywhere (the initials), not
    "Rö & Pa" on one screen and "R&P" on another; the whole names where a
    width holds them; and the players, not A or B, wherever a team is named."""
    device = seated(root, "Rösli", "Émile", "Paul", "Anne")
    team = device.app.team
    assert [team(0, width) for width in (12, 11, 7, 6, 3, 2, 0)] == [
        "Rösli & Paul",
        "R&P",
        "R&P",
        "R&P",
        "R&P",
        "R&P",
        "R&P",
    ]
    assert team("B") == "É&A" and team(1, 13) == "Émile & Anne"
    assert team(0, named=False) == "A"  # a new match's seats, before its names
    # The banners name the winners: in the sentence if they fit, else alone.
    winners = device.app.text.winners
    assert winners("match_won", 1) == "✓ Émile & Anne"
    assert winners("bruus_game_won", 0) == "R&P gagne le jeu"
    device.app.settings["lang"] = "en"
    device.app.text.apply_settings(device.app.settings)
    assert winners("bruus_game_won", 1) == "✓ Émile & Anne"  # no room: 16 characters
    assert winners("match_won", 0) == "✓ Rösli & Paul"


@in_folder
def test_brusquembelle_seats_say_no_team_but_with_pairs(root):
    roster(root, "Rösli", "Émile", "Paul", "Anne")
    device = Device(root)
    device.press("ok")
    device.cursor("Brusquembelle")
    device.press("ok")
    device.press("ok", times=2)  # four players, the ante
    device.press("ok")  # not in pairs: then the seats
    assert device.screen().title == "Joueur 1", device.screen().title
    device.hold("ok")
    device.press("next")  # in pairs: seats 1 and 3 against 2 and 4
    device.press("ok", times=2)  # in pairs, Rösli at seat 1
    assert device.screen().title == "Joueur 2 (B)", device.screen().title
    device.press("ok", times=3)  # the other seats: no dealer to choose
    assert device.screen().lines(device.app) == ["Paires, mise 1"]


@in_folder
def test_the_roster_is_edited_on_the_slate(root):
    roster(root, "Anne")
    device = Device(root)
    device.hold("next")  # the settings, from the screen without a match
    device.cursor("Joueurs")
    device.press("ok")
    assert options(device) == ["Anne", "+ Nom"]
    device.press("ok")  # "+ Nom": a new name, three groups at a time
    name = device.screen()
    assert name.groups() == ("AÀÂÄÆBCÇDEÈÉÊËFGHIÎÏJK", "LMNOÔÖŒPQRSTUÙÛÜVWXYŸZ", "✓«▲ -'.")
    device.press("prev")  # A to K
    assert name.groups() == ("AÀÂÄÆBCÇ", "DEÈÉÊËFG", "HIÎÏJK")
    device.press("ok")  # D to G
    assert name.groups() == ("DEÈ", "ÉÊË", "FG")
    device.press("prev")
    assert name.groups() == ("D", "E", "È")
    device.press("ok")  # E: then small letters
    assert name.text == "E" and name.groups()[0] == "aàâäæbcçdeèéêëfghiîïjkl"
    device.press("ok")  # m to z
    device.hold("ok")  # held OK: back to the top (there, it leaves)
    assert name.groups()[0] == "aàâäæbcçdeèéêëfghiîïjkl"
    device.spell("mu")  # m, u, then ✓
    assert read(root + "/roster.txt") == "Anne\nEmu\n\x049\n"  # and its end line
    assert options(device) == ["Anne", "Emu", "+ Nom"]
    # OK on a name asks to remove it.
    device.cursor("Anne")
    device.press("ok")
    assert device.screen().lines(device.app) == ["Retirer Anne de la liste ?"]
    device.press("ok")
    assert read(root + "/roster.txt") == "Emu\n\x044\n"
    assert options(device) == ["Emu", "+ Nom"]
    # A name already there is said, and not added; « rubs out a letter, ▲
    # gives the other case for the next letter.
    device.press("ok")
    device.spell("Emu")
    assert is_a(device.screen(), "Message")
    assert "Emu est déjà dans la liste." in " ".join(device.screen().lines)
    device.press("ok")
    name = device.screen()
    for key in ("next", "ok"):  # «
        device.press(key)
    assert name.text == "Em"
    for key in ("next", "next", "prev"):  # ▲: a capital next
        device.press(key)
    assert name.groups()[1].startswith("LMN")
    device.spell("U")
    assert read(root + "/roster.txt") == "Emu\nEmU\n\x048\n"


@in_folder
def test_any_five_letter_name_takes_22_presses_at_most(root):
    """Issue 33: "Rösli" took about 69 presses, and held Next from "a" ran
    into capitals with accents. Every letter of the font, capital or small,
    accented or not, is now four presses at most (each group splits in
    three), ✓ two: a capital and four small letters, 4 + 4 x 4 + 2 = 22 at
    most, whichever."""
    roster(root, "Anne")
    device = Device(root)
    device.hold("next")
    device.cursor("Joueurs")
    device.press("ok")
    device.press("ok")  # + Nom
    name = device.screen()
    costs = {}
    for start in ("", "A"):  # a name's first letter, capital; the next ones, small
        name.text = start
        letters = "".join(name.groups()[:2])
        assert len(letters) == (44 if start == "" else 45)  # A-Z, a-z and the font's accented
        for letter in letters:
            name.text = start
            presses = device.presses
            while name.text == start:
                groups = name.groups()
                index = 0
                while letter not in groups[index]:
                    index += 1
                device.press(("prev", "ok", "next")[index])
            assert name.text == start + letter
            costs[letter] = device.presses - presses
    assert max(costs.values()) == 4, costs  # l, alone in its group, three
    name.text = ""
    presses = device.presses
    device.spell("Rösli")  # and ✓
    assert device.presses - presses == 21  # its l is three
    assert read(root + "/roster.txt") == "Anne\nRösli\n\x0412\n"


@in_folder
def test_teams_whose_initials_are_the_same_keep_their_letters(root):
    device = seated(root, "Rösli", "Rita", "Paul", "Peter")
    team = device.app.team
    assert (team(0), team(1)) == ("A", "B")
    assert (team(0, 12), team(1, 12)) == ("Rösli & Paul", "Rita & Peter")


@in_folder
def test_the_first_dealer_is_chosen_by_name_after_the_seating(root):
    """Issue 33: not a seat number before the names are seated, but the
    seated players, by name; the confirmation then says who deals."""
    roster(root, "Rösli", "Émile", "Paul", "Anne")
    device = Device(root)
    new_brouc(device)
    for name in ("Anne", "-", "Paul", "Rösli"):
        device.cursor(name)
        device.press("ok")
    assert device.screen().title == "Qui donne?"
    assert options(device) == ["Anne", "2 (B)", "Paul", "Rösli"]  # seat 2 anonymous
    device.cursor("Paul")
    device.press("ok")
    assert device.screen().lines(device.app) == ["Etivaz, 5 coches", "Donneur Paul"]
    device.hold("ok")  # back: the dealer again, then the seats
    assert device.screen().title == "Qui donne?"
    device.cursor("Rösli")
    device.press("ok")
    device.press("ok")
    assert header(device)["dealer"] == 3
    assert header(device)["names"] == ["Anne", "-", "Paul", "Rösli"]
    device.wait(3000)
    assert row_shows(device, "Donneur Rösli", 7)
