"""The slate at a Le Brouc championship (ardoise/net.py, ruling 35): the round's two
pairs offered at New match in one press, the round and its time left shown under
the coches, and once the time is up the end rule: the deal in play is finished,
more coches win, else the pair ahead on the slate, else one more deal; the slate
says so and begins no deal. Under MicroPython, on the host board, its clock moved
by the test; the organiser's seating given as the broker would hand it.
"""

import json

from folders import host_board, in_folder

host_board()

from harness import is_a  # noqa: E402  (host_tools/standin/harness.py)
from test_evening import enrolled_slate, said  # noqa: E402

ROUND = {
    "round": 2,
    "table": 1,
    "names": ["Anne", "Paul", "Marc", "Jo"],
    "game": "brouc",
    "rules": "etivaz",
    "target": 5,
}


def seat(device, **changes):
    seating = dict(ROUND)
    seating.update(changes)
    device.app.net.heard_on(b"ardoise/e1/b3/seating", json.dumps(seating).encode())


def round_row_pixels(device):
    """The pixels set in each pixel row of the band under the coches (y 36..43),
    columns 32..95: the middle line alone sets one a row."""
    image = device.pbm()
    bits = image[image.rfind(b"\n") + 1 :]
    counts = []
    for y in range(36, 44):
        row = bits[y * 16 + 4 : y * 16 + 12]
        counts.append(sum(bin(byte).count("1") for byte in row))
    return counts


def begin(device):
    """New match: the round's seating, OK: the match begun (seat 1 deals)."""
    device.press("ok")
    device.press("ok")
    assert device.journal().count("\n") == 1


@in_folder
def test_the_rounds_pairs_are_one_press_at_new_match(root):
    device = enrolled_slate(root)
    seat(device)
    seat(device, names=["Anne", "Paul", "Marc"])  # three names: not a seating, ignored
    seat(device, target=None, round=None)  # no target: ignored too
    begun = []
    device.app.new_match = begun.append
    device.press("ok")
    screen = device.screen()
    assert screen.title == "Nouveau match"
    assert screen.lines(device.app)[0] == "Tour 2, table 1\nAnne & Marc - Paul & Jo"
    device.press("ok")
    assert begun == [
        {
            "ev": "match",
            "game": "brouc",
            "rules": "etivaz",
            "dealer": 0,
            "names": ["Anne", "Paul", "Marc", "Jo"],
            "target": 5,
        }
    ]


@in_folder
def test_the_round_is_shown_under_the_coches_of_its_match_only(root):
    device = enrolled_slate(root)
    for _ in range(4):  # a plain Le Brouc match first (its dealer asked): no round
        device.press("ok")
    device.run(200)
    assert round_row_pixels(device) == [1] * 8
    seat(device, minutes=30)
    device.run(200)
    assert round_row_pixels(device) == [1] * 8  # not the round's match
    device.hold("next")  # the menu: New match, the round's seating, OK
    device.press("next", times=2)
    device.press("ok")
    device.press("ok")
    assert json.loads(device.journal().splitlines()[0])["names"] == ROUND["names"]
    device.run(200)
    assert max(round_row_pixels(device)) > 1  # "Tour 2"
    assert device.app.net.minutes_left() == -1  # the round's clock has not started


def wake(device):
    """A press that wakes the panel, if it dimmed meanwhile (and only wakes)."""
    if device.app.asleep:
        device.press("prev")
    device.run(200)


def play(device, *events):
    for event in events:
        assert device.app.act(event), event


@in_folder
def test_a_round_ended_by_its_time_limit(root):
    device = enrolled_slate(root)
    seat(device, left=120)
    begin(device)
    net = device.app.net
    play(device, {"ev": "deal", "trump": "H"}, {"ev": "end", "A": 80})  # 8 to 4
    device.run(200)
    assert net.minutes_left() == 2 and net.over() == -1
    play(device, {"ev": "deal", "trump": "S"})
    device.run(121000)
    assert net.minutes_left() == 0
    assert net.over() == -1 and said(device) is None  # the deal in play is finished first
    play(device, {"ev": "end", "A": 60})  # 14 to 10: A ahead on the slate, no coche
    wake(device)
    assert net.over() == 0
    assert said(device) == "Temps écoulé : Anne & Marc gagne le match."
    device.press("ok")
    lines = device.journal()
    device.press("ok")  # no deal begins: the match is over, New match is offered
    assert device.screen().title == "Nouveau match"
    assert device.journal() == lines
    device.hold("ok")
    device.hold("ok")
    assert device.screen() is device.app.stack[0]
    device.press("prev")  # nor the trump list between deals
    assert device.screen() is device.app.stack[0] and device.journal() == lines
    play(device, {"ev": "undo"})  # the last deal taken back: one is in play again
    device.run(200)
    assert net.over() == -1


@in_folder
def test_all_square_when_time_is_up_one_more_deal_in_german(root):
    device = enrolled_slate(root)
    device.app.settings["lang"] = "de"
    seat(device, left=0)
    begin(device)  # time is up before a deal: 0 to 0, all square
    net = device.app.net
    device.run(200)
    assert net.over() == -1
    assert said(device) == "Zeit um, Gleichstand: noch ein Spiel."
    device.press("ok")
    device.press("ok")  # OK deals: the trump list
    assert is_a(device.screen(), "Choice")
    device.hold("ok")
    play(device, {"ev": "deal", "trump": "H"})
    device.run(200)
    play(device, {"ev": "end", "A": 60})  # 6 to 6: all square again
    device.run(200)
    assert said(device) == "Zeit um, Gleichstand: noch ein Spiel."
    device.press("ok")
    play(device, {"ev": "deal", "trump": "C"}, {"ev": "end", "A": 40})  # 10 to 14: B
    device.run(200)
    assert net.over() == 1
    assert said(device) == "Zeit um: Paul & Jo gewinnt das Match."


@in_folder
def test_the_round_in_english_and_a_new_round(root):
    device = enrolled_slate(root)
    device.app.settings["lang"] = "en"
    seat(device, left=0)
    begin(device)
    play(device, {"ev": "deal", "trump": "H"}, {"ev": "end", "A": 100})
    device.run(200)
    assert said(device) == "Time is up: Anne & Marc wins the match."
    device.press("ok")
    seat(device, round=3, names=["Anne", "Vreni", "Marc", "Sepp"], minutes=30)
    device.press("ok")  # the match is over: New match, round 3's seating
    assert device.screen().lines(device.app)[0] == "Round 3, table 1\nAnne & Marc - Vreni & Sepp"
