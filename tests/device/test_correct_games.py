"""A past deal put right in Bruus and Brusquembelle (ardoise/correct.py with
games/bruus_correct.py and games/brusquembelle_correct.py): each trick and
dare of a Bruus deal, each Ace and Ten and the card points of a
Brusquembelle deal, asked again; the new totals before anything is
written, the undos and the deals again written as ordinary events; a
correction the rules refuse named by the deal it no longer fits, a Bruus
deal that would end elsewhere refused. Le Brouc's: test_correct.py."""

from test_app import Device, in_folder, is_a, read, refusal
from test_correct import options, state_of
from test_history import BRUSQUEMBELLE, booted, journal, open_history

BRUUS_LOG = "tests/logs/device-bruus-game.jsonl"
BRUSQUEMBELLE_LOG = "tests/logs/device-brusquembelle-session.jsonl"
PAIRS_LOG = "tests/logs/device-brusquembelle-pairs.jsonl"


def from_log(root, path, settings=None):
    with open(path) as file:
        return booted(root, file.read(), settings)


def open_deal(device, number, count):
    open_history(device)
    device.press("prev", times=count - number)
    device.press("ok")
    assert device.screen().title == "Donne %d/%d" % (number, count)
    device.press("ok")  # OK: correct it
    assert device.screen().title == "Corr. donne %d" % number


def totals(device):
    device.cursor("Nouveaux totaux")
    device.press("ok")
    screen = device.screen()
    assert is_a(screen, "Confirm"), screen
    return screen.lines(device.app)


def added_lines(root, before):
    after = read(root + "/match.jsonl")
    assert after.startswith(before)
    return after, after[len(before) :].splitlines()


# -- Bruus ------------------------------------------------------------------


def bruus_again(device, row, what, team):
    """Row `row` of the deal asked again: `what` (count or kind), then `team`."""
    device.cursor(row)
    device.press("ok")
    assert device.screen().title == row  # what is being put right
    device.cursor(what)
    device.press("ok")
    device.cursor(team)
    device.press("ok")


@in_folder
def test_a_bruus_strike_given_to_the_other_team_is_written_with_the_later_deals(root):
    device = from_log(root, BRUUS_LOG)
    before = read(root + "/match.jsonl")
    open_deal(device, 1, 5)
    rows = ["Pli A", "Pli B", "Coup B +2", "Pli double A", "Pli B", "Pli A", "Pli A"]
    assert options(device) == rows + ["Nouveaux totaux"]
    bruus_again(device, "Coup B +2", "Coup", "A")
    assert options(device)[2] == "Coup A +2"
    assert totals(device) == [
        "Nouveaux totaux",
        "A 0▶2 points",
        "A 1▶1 jeu",
        "B 0▶0 points",
        "Donne 1:",
        "A +1▶+3 points",  # the deals whose result changes
        "B +2▶+0 points",
        "Donne 4:",
        "A +0▶+1 jeu",  # the game is won a deal earlier
    ]
    assert read(root + "/match.jsonl") == before  # nothing written yet
    device.press("ok")
    app = device.app
    assert len(app.stack) == 1 and app.toast_text == "Donne 1 refaite"
    after, added = added_lines(root, before)
    # Every deal taken back (33 events in force), then entered again.
    assert added[:33] == ['{"ev":"undo"}'] * 33 and len(added) == 66
    # As the rules core decodes them: a single trick with its count.
    assert added[33:37] == [
        '{"ev":"deal"}',
        '{"ev":"trick","count":1,"team":"A"}',
        '{"ev":"trick","count":1,"team":"B"}',
        '{"ev":"dare","kind":"strike","team":"A"}',
    ]
    # A's 2 points more won the game at deal 4's end: deal 5's strike no
    # longer wins it, and deal 5 is open again.
    game = app.match.game
    assert game.deals == 4 and game.deal_open and game.points == [2, 0]
    assert game.state() == state_of(after)
    assert Device(root).app.match.game.state() == state_of(after)


@in_folder
def test_a_bruus_correction_a_later_deal_no_longer_fits_is_refused_and_named(root):
    device = from_log(root, BRUUS_LOG)
    before = read(root + "/match.jsonl")
    open_deal(device, 3, 5)
    # Deal 3's counterstrike and double strike to B: B wins the game by
    # deal 4's double dare, in mid-deal, and deal 4's tricks come after it.
    bruus_again(device, "Contre-coup A +4", "Contre-coup", "B")
    bruus_again(device, "Double coup A +3", "Double coup", "B")
    device.cursor("Nouveaux totaux")
    device.press("ok")
    text = refusal(device)
    assert text.startswith("La donne 4 ne va plus:"), text
    assert "aucune donne en cours" in text
    assert read(root + "/match.jsonl") == before
    device.press("ok")  # the note goes: back to the correction
    assert options(device)[:2] == ["Contre-coup B +4", "Double coup B +3"]
    device.hold("ok")
    assert len(device.app.stack) == 1 and device.app.match.game.deals == 5


@in_folder
def test_a_bruus_deal_that_would_end_before_its_last_trick_is_refused(root):
    device = from_log(root, BRUUS_LOG)
    before = read(root + "/match.jsonl")
    open_deal(device, 2, 5)
    # 4:5 for B; its triple trick to A makes A's five at the second trick.
    bruus_again(device, "Pli triple B", "Pli triple", "A")
    device.cursor("Nouveaux totaux")
    device.press("ok")
    assert refusal(device) == "La donne 2 ne finirait pas à son dernier coup."
    assert read(root + "/match.jsonl") == before
    device.press("ok")
    # A single trick instead (still A's): 4:4 is no end of a Schwesing deal.
    bruus_again(device, "Pli triple A", "Pli", "A")
    device.cursor("Nouveaux totaux")
    device.press("ok")
    assert refusal(device) == "La donne 2 ne finirait pas à son dernier coup."
    assert read(root + "/match.jsonl") == before


@in_folder
def test_no_from_a_bruus_correction_s_totals_writes_nothing(root):
    device = from_log(root, BRUUS_LOG)
    before = read(root + "/match.jsonl")
    open_deal(device, 4, 5)
    bruus_again(device, "Défi B +1", "Double défi", "A")
    assert totals(device)[0] == "Nouveaux totaux"
    device.hold("ok")  # no
    device.hold("ok")  # back from the correction: the slate
    assert len(device.app.stack) == 1
    assert read(root + "/match.jsonl") == before
    assert device.app.match.game.deals == 5


@in_folder
def test_a_treia_session_s_correction_shows_the_matches_and_the_session_s_points(root):
    header = {"ev": "match", "game": "bruus", "rules": "treia", "dealer": 0, "session": 4}
    events = [{"ev": "deal"}, {"ev": "dare", "team": "A", "kind": "strike"}]
    events += [{"ev": "trick", "team": "A", "count": 1}] * 5  # 5:0, +2
    events += [{"ev": "deal"}] + [{"ev": "trick", "team": "B", "count": 1}] * 5
    device = booted(root, journal(header, *events))
    open_deal(device, 1, 2)
    bruus_again(device, "Coup A +2", "Coup", "B")
    # Treia's matches still to give back, and the points since the match began.
    assert totals(device) == [
        "Nouveaux totaux",
        "A 6▶8 allumettes",
        "B 8▶6 allumettes",
        "A Σ 4▶2",
        "B Σ 2▶4",
        "Donne 1:",
        "A -4▶-2 allumettes",
        "B +0▶-2 allumettes",
        "A Σ +4▶+2",
        "B Σ +0▶+2",
    ]


# -- Brusquembelle -----------------------------------------------------------


@in_folder
def test_a_brusquembelle_deal_s_card_points_corrected_give_the_pool_and_are_written(root):
    device = from_log(root, BRUSQUEMBELLE_LOG)
    before = read(root + "/match.jsonl")
    open_deal(device, 2, 3)
    assert options(device) == ["3: Dix gagné", "Fin 60/60/0", "Nouveaux totaux"]
    device.cursor("Fin 60/60/0")
    device.press("ok")
    number = device.screen()
    assert is_a(number, "Number") and number.title == "Points de 1" and number.value == 60
    device.press("ok")  # 1's 60 kept
    number = device.screen()
    assert number.title == "Points de 2" and number.value == 60 and number.high == 60
    device.number(50)
    assert number.detail(device.app, 50) == ["3: 10"]
    device.press("ok")
    assert options(device)[1] == "Fin 60/50/10"  # no tie: 1 takes the pool
    assert totals(device) == [
        "Nouveaux totaux",
        "1: -5▶1",
        "2: -2▶-2",
        "3: 7▶1",
        "Pot: 0▶0",
        "Donne 2:",
        "1: -3▶+3",  # the deals whose result changes
        "Pot: +6▶+0",
        "Donne 3:",
        "3: +15▶+9",
        "Pot: -6▶+0",
    ]
    assert read(root + "/match.jsonl") == before
    device.press("ok")
    app = device.app
    assert app.toast_text == "Donne 2 refaite"
    after, added = added_lines(root, before)
    # Deals 2 and 3 taken back (8 events), then entered again.
    assert added[:8] == ['{"ev":"undo"}'] * 8 and len(added) == 16
    assert added[8:11] == [
        '{"ev":"deal"}',
        '{"ev":"card","player":2,"rank":"10","won":true}',
        '{"ev":"end","points":[60,50,10]}',
    ]
    assert app.match.game.state() == state_of(after)
    assert Device(root).app.match.game.state() == state_of(after)
    assert open_history(device).lines[::2] == ["1 1 prend 6", "2 1 prend 6", "3 3 prend 6"]


@in_folder
def test_a_brusquembelle_card_s_player_and_outcome_corrected(root):
    device = from_log(root, BRUSQUEMBELLE_LOG)
    before = read(root + "/match.jsonl")
    open_deal(device, 3, 3)
    assert options(device)[:3] == ["3: As gagné", "1: As perdu", "2: Dix gagné"]
    device.cursor("1: As perdu")
    device.press("ok")
    screen = device.screen()
    assert screen.title == "1: As perdu" and options(device)[screen.index] == "As perdu"
    device.cursor("As gagné")
    device.press("ok")
    assert device.screen().title == "As gagné: qui?" and device.screen().index == 0
    device.cursor("2")
    device.press("ok")
    assert options(device)[1] == "2: As gagné"
    # 1 no longer pays 2 to each: 2 collects 2 from each.
    said = totals(device)
    assert said[:5] == ["Nouveaux totaux", "1: -5▶-3", "2: -2▶0", "3: 7▶3", "Pot: 0▶0"]
    assert said[5:] == ["Donne 3:", "1: -9▶-7", "2: +0▶+2", "3: +15▶+11"]
    device.press("ok")
    after, added = added_lines(root, before)
    assert '{"ev":"card","player":1,"rank":"A","won":true}' in added
    assert device.app.match.game.balance == [-3, 0, 3]
    assert device.app.match.game.state() == state_of(after)


@in_folder
def test_a_brusquembelle_card_the_rules_refuse_is_named_and_nothing_written(root):
    # In Brusquembelle a deal's rules are its own: only the corrected deal
    # itself can refuse a correction (a fifth Ace).
    aces = [{"ev": "card", "player": seat % 3, "rank": "A", "won": True} for seat in range(4)]
    events = [{"ev": "deal"}] + aces + [{"ev": "card", "player": 1, "rank": "10", "won": False}]
    events += [{"ev": "end", "points": [40, 40, 40]}, {"ev": "deal"}]
    device = booted(root, journal(BRUSQUEMBELLE, *events))
    before = read(root + "/match.jsonl")
    open_deal(device, 1, 1)
    device.cursor("2: Dix perdu")
    device.press("ok")
    device.cursor("As perdu")
    device.press("ok")
    device.press("ok")  # still 2
    device.cursor("Nouveaux totaux")
    device.press("ok")
    text = refusal(device)
    assert text.startswith("La donne 1 ne va plus:"), text
    assert "4 cartes de rang As" in text
    assert read(root + "/match.jsonl") == before


@in_folder
def test_no_from_a_brusquembelle_correction_s_totals_writes_nothing(root):
    device = from_log(root, BRUSQUEMBELLE_LOG)
    before = read(root + "/match.jsonl")
    open_deal(device, 1, 3)
    device.cursor("Fin 50/40/30")
    device.press("ok")
    device.number(30)
    device.press("ok")
    device.press("ok")  # 2's 40: 3 has 50, and the pool
    assert options(device)[-2] == "Fin 30/40/50"
    totals(device)
    device.hold("ok")  # no
    device.hold("ok")
    assert len(device.app.stack) == 1
    assert read(root + "/match.jsonl") == before


@in_folder
def test_a_brusquembelle_pairs_card_points_are_each_pair_s(root):
    device = from_log(root, PAIRS_LOG)
    before = read(root + "/match.jsonl")
    open_deal(device, 1, 1)
    assert options(device)[1:] == ["Fin 70/50", "Nouveaux totaux"]
    device.cursor("Fin 70/50")
    device.press("ok")
    assert device.screen().title == "Points de A"
    device.number(40)
    device.press("ok")  # B has the rest: 80, and the pool
    assert options(device)[1] == "Fin 40/80"
    said = totals(device)
    assert said == [
        "Nouveaux totaux",
        "A: -4▶-8",
        "B: 0▶4",
        "Pot: 4▶4",
        "Donne 1:",
        "A: -2▶-6",
        "B: +2▶+6",
    ]
    device.press("ok")
    _, added = added_lines(root, before)
    assert '{"ev":"end","points":[40,80,0,0]}' in added
    assert device.app.match.game.deal_open  # the deal in progress, entered again


@in_folder
def test_a_brusquembelle_pair_s_points_split_between_partners_are_added(root):
    header = dict(BRUSQUEMBELLE, players=4, pairs=True)
    events = [{"ev": "deal"}, {"ev": "end", "points": [30, 20, 40, 30]}]
    device = booted(root, journal(header, *events))
    open_deal(device, 1, 1)
    assert options(device) == ["Fin 70/50", "Nouveaux totaux"]
    device.press("ok")
    assert device.screen().value == 70
