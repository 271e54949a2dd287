"""The slate at an evening (ardoise/net.py), what it does without a broker:
a board that is not enrolled loads no network code; a wrong Wi-Fi password,
a board without Wi-Fi, an unreadable enrolment or a broker that is not
there is said once, in the player's language, and the slate plays on.
Under MicroPython, on the host board (its `network` is the stand-in's).
The lines' way to a real broker: tests/test_device_evening.py.
"""

import json
import socket
import sys

from folders import ROOT, host_board, in_folder, read, write

host_board()

import network  # noqa: E402  (host_tools/standin/network.py)
from harness import Device, is_a  # noqa: E402

ENROLMENT = {
    "evening": "e1",
    "ssid": "club",
    "wifi_password": "secret",
    "broker_host": "127.0.0.1",
    "broker_port": 1,  # nothing listens there
    "user": "b3",
    "password": "pw",
}


def enrol(root, **changes):
    enrolment = dict(ENROLMENT)
    enrolment.update(changes)
    write(root + "/evening.json", json.dumps(enrolment).encode())


def air(root, ssid="club", password="secret"):
    """The Wi-Fi network in range of the stand-in: `ssid` with `password`."""
    write(root + "/air", ("%s\n%s\n" % (ssid, password)).encode())
    network.AIR = root + "/air"


def said(device):
    """The text of the note on top of the slate, or None."""
    screen = device.screen()
    return " ".join(screen.lines) if is_a(screen, "Message") else None


def corner(device):
    """The slate's bottom right corner, where the sign goes: rows of 0/1."""
    image = device.pbm()
    bits = image[image.rfind(b"\n") + 1 :]
    rows = []
    for y in range(56, 64):
        byte = bits[y * 16 + 15]  # pixels 120..127
        rows.append("".join("1" if byte >> (7 - x) & 1 else "0" for x in range(8)))
    return rows


# The sign in the last cell of the last row: 7x7 pixels, hollow (some lines
# not sent yet) or filled (issue 33: a bigger sign than 4x5).
HOLLOW = ["01111111", "01000001", "01000001", "01000001", "01000001", "01000001", "01111111"]


def new_brouc(device):
    for _ in range(4):  # a match, Le Brouc, seat 1 deals, the confirmation
        device.press("ok")


@in_folder
def test_a_board_not_enrolled_loads_no_network_code(root):
    network_modules = ("ardoise.net", "ardoise.mqtt", "umqtt.simple", "umqtt")
    for name in network_modules:
        sys.modules.pop(name, None)  # left by another test
    device = Device(root)
    new_brouc(device)
    assert device.app.net is None
    assert [name for name in network_modules if name in sys.modules] == []


@in_folder
def test_a_wrong_wifi_password_is_said_once_and_the_slate_plays_on(root):
    enrol(root)
    air(root, password="other")
    device = Device(root)
    device.run(1000)
    assert said(device) == "Wi-Fi club : mot de passe refusé. L'ardoise joue sans réseau."
    device.press("ok")
    new_brouc(device)
    device.run(60000)
    assert said(device) is None  # once
    assert device.journal().count("\n") == 1
    assert corner(device) == ["0" * 8] * 8  # a plain slate: no sign
    enrol(root, wifi_password="other")  # the same board, its password right: it joins
    device = Device(root)
    device.run(1000)
    assert device.app.net.state != 0
    assert said(device).startswith("Le serveur de la soirée (127.0.0.1:1) ne répond pas.")
    device.press("ok")
    assert corner(device)[:7] == HOLLOW  # lines not sent yet


@in_folder
def test_a_broker_that_is_not_there_is_said_once_in_the_players_language(root):
    enrol(root)
    air(root)
    write(root + "/settings.json", b'{"lang":"de"}')
    device = Device(root)
    device.run(2000)
    assert said(device) == (
        "Der Server des Abends (127.0.0.1:1) antwortet nicht. Die Tafel versucht es weiter."
    )
    device.press("ok")
    new_brouc(device)
    attempts = device.app.net.retry
    device.run(60000)
    assert said(device) is None
    assert device.app.net.retry > attempts  # it went on trying, spaced out
    assert device.journal().count("\n") == 1


@in_folder
def test_no_wifi_network_in_range_is_said_and_looked_for_again(root):
    enrol(root, ssid="elsewhere")
    air(root)
    device = Device(root)
    device.run(19000)
    assert said(device) is None  # a join takes its time
    device.run(2000)
    assert said(device) == (
        "Wi-Fi elsewhere introuvable. L'ardoise le cherche encore et garde tout."
    )


@in_folder
def test_an_unreadable_enrolment_or_a_board_without_wifi_is_said(root):
    write(root + "/evening.json", b'{"evening": "e1"')
    device = Device(root)
    device.run(100)
    assert said(device) == "Inscription à la soirée illisible (evening.json) : pas de réseau."
    enrol(root)
    # A board without Wi-Fi: no `network` to import (the unix port has none).
    path = sys.path[:]
    sys.path[:] = [folder for folder in path if not folder.endswith("standin")]
    for name in ("network", "ardoise.wifi"):
        sys.modules.pop(name, None)
    try:
        device = Device(root)
        device.run(100)
    finally:
        sys.path[:] = path
        sys.modules["network"] = network
    assert said(device) == (
        "Pas de Wi-Fi ou de client MQTT sur cette carte : l'ardoise joue sans réseau."
    )
    assert "ardoise.wifi" not in sys.modules


def enrolled_slate(root):
    """A slate enrolled at an evening whose broker is not there, its note gone."""
    enrol(root)
    air(root)
    device = Device(root)
    device.run(2000)
    device.press("ok")  # the note: no broker on port 1
    return device


@in_folder
def test_the_seating_pushed_is_offered_at_new_match_and_back_gives_the_games(root):
    device = enrolled_slate(root)
    net = device.app.net
    seating = read(ROOT + "/tests/support/evening-seating.json")  # as the organiser pushes it
    net.heard_on(b"ardoise/e1/b3/seating", b"not json")  # ignored
    net.heard_on(b"ardoise/e1/b3/seating", seating)
    net.heard_on(b"ardoise/e1/b3/seating", b'{"session": 3}')  # not a seating: ignored
    begun = []
    device.app.new_match = begun.append  # what OK begins (the rules judge it there)
    device.press("ok")  # no match yet: OK asks for one, the seating first
    screen = device.screen()
    assert screen.title == "Qui donne?"  # who deals first, by name
    assert screen.options == ["Anna", "Bruno", "Carla", "Dan"]
    device.hold("ok")  # back: the games, as on a board not at an evening
    assert is_a(device.screen(), "Choice") and device.screen().title == "Nouveau match"
    device.hold("ok")
    device.press("ok")  # the seating again
    device.press("next")
    device.press("ok")
    screen = device.screen()
    assert screen.title == "Nouveau match"
    lines = ["Séance 2, table 3\nAnna, Bruno, Carla, Dan", "Donneur Bruno"]
    assert screen.lines(device.app) == lines
    device.press("ok")
    assert begun == [
        {
            "ev": "match",
            "game": "bruus",
            "rules": "schwesing",
            "dealer": 1,
            "names": ["Anna", "Bruno", "Carla", "Dan"],
            "session": 16,
        }
    ]
    assert len(device.app.stack) == 1


@in_folder
def test_a_table_of_two_is_offered_its_two_players(root):
    """`draw --two`: two players left over play a table of two with Bruus's `two`
    rules; the slate offers them as it offers four (it ignored them before)."""
    device = enrolled_slate(root)
    net = device.app.net
    two = {"session": 1, "table": 4, "names": ["Eva", "Max"], "deals": 16, "game": "bruus"}
    for rules, names in (("schwesing", ["Eva", "Max"]), ("two", ["Eva", "Max", "Ida"])):
        net.heard_on(b"ardoise/e1/b3/seating", json.dumps(dict(two, rules=rules, names=names)))
    assert net.seating is None  # two players for four seats, three for two: not a seating
    net.heard_on(b"ardoise/e1/b3/seating", json.dumps(dict(two, rules="two")))
    begun = []
    device.app.new_match = begun.append
    device.press("ok")
    assert device.screen().options == ["Eva", "Max"]  # who deals first: two seats
    device.press("next")  # the second
    device.press("ok")
    screen = device.screen()
    assert screen.title == "Nouveau match"
    assert screen.lines(device.app) == ["Séance 1, table 4\nEva, Max", "Donneur Max"]
    device.press("ok")
    assert begun == [
        {
            "ev": "match",
            "game": "bruus",
            "rules": "two",
            "dealer": 1,
            "names": ["Eva", "Max"],
            "session": 16,
        }
    ]


@in_folder
def test_a_draw_taken_back_is_no_longer_offered(root):
    """`draw --take-back`: the organiser empties the table's retained seating; the
    slate forgets it and offers the games at New match, as before any draw."""
    device = enrolled_slate(root)
    net = device.app.net
    net.heard_on(b"ardoise/e1/b3/seating", read(ROOT + "/tests/support/evening-seating.json"))
    assert net.seating is not None
    net.heard_on(b"ardoise/e1/b3/seating", b"")
    assert net.seating is None
    device.press("ok")  # no match yet: OK asks for one, the games (no seating first)
    assert is_a(device.screen(), "Choice")


def listening():
    """A TCP socket listening on 127.0.0.1, as a broker that takes the
    connection and never answers, and its port (the first free one from 47000)."""
    for port in range(47000, 47500):
        server = socket.socket()
        try:
            server.bind(socket.getaddrinfo("127.0.0.1", port)[0][-1])
        except OSError:
            server.close()
            continue
        server.listen(1)
        return server, port
    raise AssertionError("no free port from 47000")


@in_folder
def test_connect_leaves_umqtts_module_as_it_is_and_never_waits(root):
    """The MQTT client is umqtt.simple's, used through its public API
    (ardoise/mqtt.py): connecting assigns nothing in umqtt.simple's module
    (issue 35), sends CONNECT on the link net.py connected without
    blocking, and the slate waits for the answer between two polls."""
    from umqtt import simple

    before = dict(simple.__dict__)
    server, port = listening()
    try:
        enrol(root, broker_port=port)
        air(root)
        device = Device(root)
        device.run(2000)
        net = device.app.net
        assert net.state == 4  # _ANSWER: CONNECT sent, the broker's answer awaited
        peer = server.accept()[0]
        try:
            peer.settimeout(5)
            packet = peer.recv(256)
            device.run(1000)
            assert net.state == 4 and said(device) is None  # still waiting, the slate free
            device.run(5000)  # no answer in 5 s: dropped, said once, tried again later
            assert said(device).startswith("Le serveur de la soirée (127.0.0.1:")
        finally:
            peer.close()
    finally:
        server.close()
    assert dict(simple.__dict__) == before
    # CONNECT, MQTT 3.1.1: clean session, a retained will at QoS 1, user
    # and password; the client id is the board's user.
    will = b"ardoise/e1/b3/status"
    body = b"\x00\x04MQTT\x04\xee\x00\x3c\x00\x02b3"
    body += b"\x00%c%s\x00\x07offline\x00\x02b3\x00\x02pw" % (len(will), will)
    assert packet == b"\x10%c" % len(body) + body
