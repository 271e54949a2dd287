"""A past deal put right: OK on a deal of the history corrects it (Le Brouc:
its trump and card points; Bruus and Brusquembelle: test_correct_games.py),
shows the new totals, refuses a correction that a later deal no longer
fits, and writes the undos, the corrected deal and
the later deals as ordinary events, in one write (the power-cut proof of
that write: test_power_cuts.py)."""

from test_app import Device, in_folder, is_a, read, refusal
from test_history import BRUUS, booted, etivaz, journal, open_history

from scoring import fold_lines


def open_deal(device, number, count=10):
    open_history(device)
    device.press("prev", times=count - number)
    device.press("ok")
    assert device.screen().title == "Donne %d/%d" % (number, count)
    device.press("ok")  # OK: correct it


def options(device):
    screen = device.screen()
    assert is_a(screen, "Choice"), screen
    return [" ".join(option.split()) for option in screen.options]


def state_of(text):
    return fold_lines(text.encode().split(b"\n")).state()


@in_folder
def test_a_deal_s_card_points_corrected_show_the_new_totals_then_write_it_all(root):
    device = etivaz(root)
    before = read(root + "/match.jsonl")
    open_deal(device, 8)
    screen = device.screen()
    assert screen.title == "Corr. donne 8"
    assert options(device) == ["Atout ♠", "A ♠R-D 40", "A 100 / B 20", "Nouveaux totaux"]
    device.press("next", times=2)
    device.press("ok")
    split = device.screen()
    assert is_a(split, "Number") and split.value == 20
    device.number(70)
    device.press("ok")
    assert device.screen() is screen
    assert options(device)[2] == "A 50 / B 70"
    device.cursor("Nouveaux totaux")
    device.press("ok")
    confirm = device.screen()
    assert is_a(confirm, "Confirm") and confirm.title == "Corr. donne 8"
    assert confirm.lines(device.app) == [
        "Nouveaux totaux",  # each figure named
        "A 0▶0 ardoise",
        "A 6▶6 coches",
        "B 0▶0 ardoise",
        "B 3▶3 coches",
        "A gagne le match",
        "Donne 8:",
        "A +14▶+9 ardoise",  # the deals whose result changes
        "B -2▶+3 ardoise",
    ]
    assert read(root + "/match.jsonl") == before  # nothing written yet
    device.press("ok")
    app = device.app
    assert len(app.stack) == 1 and app.toast_text == "Donne 8 refaite"
    after = read(root + "/match.jsonl")
    assert after.startswith(before)
    added = after[len(before) :].splitlines()
    # Deals 8 to 10 taken back (32 events in force), then entered again.
    assert added[:32] == ['{"ev":"undo"}'] * 32 and len(added) == 64
    assert added[32:35] == [
        '{"ev":"deal","trump":"S"}',
        '{"ev":"trick","team":"A"}',
        '{"ev":"table","kind":"KQ","suit":"S","team":"A"}',
    ]
    assert '{"ev":"end","A":50,"B":70}' in added
    # The slate is what a replay of the log gives, and what a boot finds.
    assert app.match.game.state() == state_of(after)
    again = Device(root)
    assert again.app.match.game.state() == state_of(after)
    assert again.app.match.game.deals == 10


@in_folder
def test_a_trump_corrected_changes_what_the_marriages_counted(root):
    device = etivaz(root)
    old = device.app.match.game.state()
    assert device.app.load("games.brouc_history").details(device.app, 1)[1] == "A ♠R-D 20 main"
    open_deal(device, 1)
    device.press("ok")  # the trump
    device.cursor("♠ Pique")
    device.press("ok")
    assert options(device)[0] == "Atout ♠"
    device.cursor("Nouveaux totaux")
    device.press("ok")
    device.press("ok")
    lines = read(root + "/match.jsonl").splitlines()
    assert '{"ev":"deal","trump":"S"}' in lines[-50:]
    # The declared ♠ marriage now trumps: 40, not 20, for A.
    assert device.app.match.game.deals == old["deals"]
    assert device.app.load("games.brouc_history").details(device.app, 1)[1] == "A ♠R-D 40 main"


@in_folder
def test_a_correction_a_later_deal_no_longer_fits_is_refused_and_named(root):
    device = etivaz(root)
    before = read(root + "/match.jsonl")
    open_deal(device, 4)
    device.press("next")
    device.press("ok")
    device.number(120)  # all to B: B wins the match at deal 7
    device.press("ok")
    device.cursor("Nouveaux totaux")
    device.press("ok")
    text = refusal(device)
    assert text.startswith("La donne 8 ne va plus:"), text
    assert "B" in text
    assert read(root + "/match.jsonl") == before
    device.press("ok")  # the note goes: back to the correction
    assert options(device)[1] == "A 0 / B 120"
    device.hold("ok")  # back: the slate (the history went for the correction's RAM)
    assert len(device.app.stack) == 1
    assert device.app.match.game.deals == 10 and device.app.match.game.winner == 0


@in_folder
def test_no_from_the_new_totals_writes_nothing(root):
    device = etivaz(root)
    before = read(root + "/match.jsonl")
    open_deal(device, 10)
    device.cursor("Nouveaux totaux")
    device.press("ok")
    device.hold("ok")  # no
    device.hold("ok")  # back from the correction: the slate
    assert len(device.app.stack) == 1
    assert read(root + "/match.jsonl") == before


@in_folder
def test_a_correction_whose_module_is_missing_says_so(root):
    # Every game has its editor (Bruus's and Brusquembelle's:
    # test_correct_games.py); an install that lost one says so.
    events = [{"ev": "deal"}] + [{"ev": "trick", "team": team, "count": 1} for team in "AAAABBBB"]
    device = booted(root, journal(BRUUS, *events))
    app = device.app
    load = app.load

    def lost(name, *rest):
        if name == "games.bruus_correct":
            raise ImportError(name)
        return load(name, *rest)

    app.load = lost
    open_history(device)
    device.press("ok")
    device.press("ok")
    screen = device.screen()
    assert is_a(screen, "Message")
    assert " ".join(screen.lines) == "Corriger une donne: le module de ce jeu manque."
    device.press("ok")
    assert len(device.app.stack) == 1


@in_folder
def test_the_correction_speaks_german(root):
    device = etivaz(root, '{"lang": "de"}')
    open_history(device, "Verlauf")
    device.press("ok")
    device.press("ok")
    assert device.screen().title == "Spiel 10 ändern"
    assert options(device)[-1] == "Neuer Stand"


@in_folder
def test_the_new_totals_stand_beside_the_old(root):
    header = {"ev": "match", "game": "brouc", "rules": "etivaz", "dealer": 0, "target": 5}
    events = [{"ev": "deal", "trump": "H"}, {"ev": "end", "A": 75, "B": 45}]
    events += [{"ev": "deal", "trump": "D"}, {"ev": "end", "A": 50, "B": 70}]
    events += [{"ev": "deal", "trump": "C"}]  # the deal in progress is entered again too
    device = booted(root, journal(header, *events))
    open_deal(device, 1, 2)
    device.cursor("A 75 / B 45")
    device.press("ok")
    device.number(75)  # B's: the split the other way round
    device.press("ok")
    device.cursor("Nouveaux totaux")
    device.press("ok")
    assert device.screen().lines(device.app) == [
        "Nouveaux totaux",
        "A 13▶10 ardoise",
        "B 12▶15 ardoise",
        "Donne 1:",
        "A +8▶+5 ardoise",
        "B +5▶+8 ardoise",
    ]
    device.press("ok")
    game = device.app.match.game
    assert game.deal_open and game.trump == 2 and game.deals == 2
    added = read(root + "/match.jsonl").splitlines()[-10:]
    assert added == ['{"ev":"undo"}'] * 5 + [
        '{"ev":"deal","trump":"H"}',
        '{"ev":"end","A":45,"B":75}',
        '{"ev":"deal","trump":"D"}',
        '{"ev":"end","A":50,"B":70}',
        '{"ev":"deal","trump":"C"}',
    ]


@in_folder
def test_the_preview_names_each_figure_each_deal_it_changes_and_the_marriages(root):
    """Issue 33: "Nouveaux totaux" said `A 0▶0, 1▶2` with no word for coches
    and nothing of why. Each figure is named, each deal whose result changes
    is named with what it gave before and after ("Donne 3:" "A +2▶+0
    coches"), and a corrected trump shows what it does to the deal's
    marriages (40▶20), which the list left out."""
    header = {"ev": "match", "game": "brouc", "rules": "etivaz", "dealer": 0, "target": 5}
    events = [{"ev": "deal", "trump": "H"}, {"ev": "end", "A": 120, "B": 0}]
    events += [
        {"ev": "deal", "trump": "S"},
        {"ev": "declare", "team": "B", "suit": "S", "kind": "KQ"},
    ]
    events += [{"ev": "end", "A": 120, "B": 0}]
    # Deal 3: A at 24 calls dehors with 70: 310, right; at 18 it would be wrong.
    events += [{"ev": "deal", "trump": "C"}, {"ev": "out", "team": "A", "points": 70}]
    device = booted(root, journal(header, *events))
    open_deal(device, 2, 3)
    assert options(device) == ["Atout ♠", "B ♠R-D 40", "A 120 / B 0", "Nouveaux totaux"]
    device.press("ok")  # the trump
    device.cursor("♥ Cœur")
    device.press("ok")
    assert options(device)[1] == "B ♠R-D 40▶20"  # no longer a marriage in trumps
    device.cursor("A 120 / B 0")
    device.press("ok")
    device.number(60)  # B's card points: A 60
    device.press("ok")
    device.cursor("Nouveaux totaux")
    device.press("ok")
    assert device.screen().lines(device.app) == [
        "Nouveaux totaux",
        "A 0▶0 ardoise",  # the game won wiped the slates
        "A 2▶0 coches",
        "B 0▶0 ardoise",
        "B 0▶2 coches",
        "Donne 2:",
        "A +12▶+6 ardoise",
        "B +4▶+8 ardoise",
        "Donne 3:",
        "A +2▶+0 coches",  # the dehors is wrong now: B's game
        "B +0▶+2 coches",
    ]
