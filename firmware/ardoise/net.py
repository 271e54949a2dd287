"""The slate at a tournament evening: each confirmed journal line to the
organiser's MQTT broker over Wi-Fi, and the table's seating back (issue 22).

Loaded by the App (ardoise/app.py) only on a board enrolled in an evening,
one whose flash holds data/evening.json (`ardoise evening enrol` writes it):

    {"evening": E, "ssid": ..., "wifi_password": ..., "broker_host": ...,
     "broker_port": 1883, "user": BOARD, "password": ...}

A board without it never imports this module nor umqtt. The MQTT client is
micropython-lib's umqtt.simple, unchanged, through ardoise/mqtt.py (its
connect in two steps). Topics, with P = "ardoise/E/BOARD":

- P/line (the board, QoS 1): b"M I " and the journal line without its
  newline: line I (0: the match event) of match M, the number its file
  takes in archive/ (the current match's: the next free one);
- P/have (the organiser, retained): b"M C", it holds lines 0..C-1 of match
  M and every earlier match whole. The board sends from there, in order,
  and sends nothing before it has heard it;
- P/status (the board, retained): b"online", and b"offline" as last will;
- P/seating (the organiser, retained): the table's players for the
  session, offered at New match (`offer`), empty when the draw was taken
  back (nothing offered then); at a Le Brouc championship (ruling 35),
  the round's two pairs, the target and, with a time limit, the minutes
  left (`left`, said again while the round's clock runs).

At a championship the slate shows the round and the time left under the
coches of the round's match (the match whose names are the seating's);
once the time is up and no deal is open, ruling 35's end rule (`over`):
more coches win, else the higher slate, else one more deal. The slate
then says who won and begins no deal (games/brouc.py asks `over`), as
for a match won; the log has no key for it (docs/host-tools.md).

The journal stays the truth: a line goes only once it is on flash, read
back from its file (never a copy in RAM), so after a Wi-Fi loss, a broker
or organiser restart or a power cut the board sends exactly what /have
says is missing. A /have that is not above the last one heard and below
what was sent says the organiser lost lines (it restarted): they go again.

Nothing here holds the loop for long: App.run calls `step(budget)` between
two polls; the Wi-Fi join runs in the background, the TCP connect (_Link)
and the broker's answer to CONNECT are waited for without blocking, and a
wait that umqtt makes blocking (SUBACK, PUBACK) lasts at most _WAIT_S.
Any trouble drops the connection; the next attempt comes later, spaced out.
"""

import json
import select
import socket
from time import ticks_add, ticks_diff

from micropython import const

from ardoise import forget, load
from ardoise.base import CENTER, draw_text, status_row, text_width

try:
    from ardoise import mqtt
except ImportError:  # umqtt not deployed: the slate says so and plays without the network
    mqtt = None

_EINPROGRESS = const(115)
_BUDGET_MS = const(10)  # no new line sent after this much of a step
# ardoise/wifi.py's Wifi.state()
_WIFI_JOINED = const(1)
_WIFI_PASSWORD = const(2)
_WIFI_ABSENT = const(3)
_WIFI_FAILED = const(4)
_WAIT_S = 0.2  # the longest a read or write umqtt makes blocking may wait
_CHECK_MS = const(500)  # the Wi-Fi's state is asked this often
_LISTEN_MS = const(100)  # and the broker's socket this often
_JOIN_MS = const(20000)  # a join not done by then starts again
_ANSWER_MS = const(5000)  # a broker that has not answered CONNECT by then is dropped
_RETRY_MS = const(1000)  # the first retry after a failure; doubled each time...
_RETRY_MAX_MS = const(16000)  # ...up to this
_KEEPALIVE_S = const(60)
_PING_MS = const(20000)  # a ping after this long without sending

# Where the board is: off (a plain slate), joining the Wi-Fi, waiting to
# try the broker, connecting to it, waiting for its answer, connected.
_OFF = const(0)
_JOIN = const(1)
_WAIT = const(2)
_TCP = const(3)
_ANSWER = const(4)
_UP = const(5)

# What the slate says: the lines of lang/<language>_net.py, in this order.
# Made from firmware/texts.toml by `make texts` down to (made): do not edit.
_PASSWORD = const(0)
_NOT_FOUND = const(1)
_NO_BROKER = const(2)
_REFUSED = const(3)
_NO_WIFI = const(4)
_BAD_FILE = const(5)
_SEATING = const(6)
_ROUND = const(7)
_TIME_UP = const(8)
_ONE_MORE = const(9)
_ROUND_SHORT = const(10)  # (made)
_SEATED = ("table", "names", "game", "rules")
_KEYS = ("evening", "ssid", "wifi_password", "broker_host", "broker_port", "user", "password")


class _Link:
    """The TCP connection to the broker, made without blocking, and the
    socket the MQTT client (ardoise/mqtt.py) reads and writes: a read or
    write that umqtt makes blocking (its check_msg() leaves the socket so)
    waits at most _WAIT_S."""

    def __init__(self, address):
        sock = self.sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.connect(address)
        except OSError as error:
            if error.args[0] != _EINPROGRESS:
                sock.close()
                raise
        self.poller = select.poll()
        self.poller.register(sock, select.POLLOUT)

    def connected(self):
        """True once the TCP connect is done; OSError if it failed."""
        events = self.poller.poll(0)
        if not events:
            return False
        if events[0][1] & (select.POLLERR | select.POLLHUP):
            raise OSError(events[0][1])
        self.poller.modify(self.sock, select.POLLIN)
        self.sock.settimeout(_WAIT_S)
        return True

    def readable(self):
        for _ in self.poller.ipoll(0):  # ipoll: no list made at each poll of the loop
            return True
        return False

    def close(self):
        self.sock.close()

    # -- the client's socket ------------------------------------------------

    def setblocking(self, flag):
        self.sock.settimeout(_WAIT_S if flag else 0)

    def write(self, data, length=-1):
        if length >= 0:
            data = memoryview(data)[:length]
        return self.sock.write(data)

    def read(self, count):
        return self.sock.read(count)


class Evening:
    """The board's part of the evening, for `app`, on the board's Wi-Fi
    (ardoise/wifi.py).

    `sent` is True when the organiser holds every confirmed line (the
    slate's sign); `seating` the table's seating for the session, or None.
    """

    def __init__(self, app):
        self.app = app
        self.journal = app.journal
        self.clock = app.clock
        self.state = _OFF
        self.said = 0  # the texts said already, one bit each
        self.language = self.lines = None  # the texts' language and its lines (`text`)
        self.was_up = False  # connected to the broker since the boot
        self.notes = []  # texts to say when the slate is shown
        self.sent = False
        self.seating = None
        self.ends = None  # the round's end (ticks) once its clock runs, at a championship
        self.shown_left = -1  # the minutes left as drawn last
        self.ended = -2  # the end rule's answer as said last (timed)
        self.over_kept = None  # (match, its events, side) the end rule ended
        self.client = self.link = None
        self.have = None  # the last /have heard (match, count)
        self.heard = None  # a /have heard and not yet acted on
        self.placed = False  # the cursor is where a /have of this connection put it
        self.match = self.index = self.offset = 0  # the next line to send
        self.shown_match = self  # the Match whose number `current` is (none yet)
        self.current = 0
        self.at = self.last_sent = self.listened = 0
        self.checked = ticks_add(self.clock(), -_CHECK_MS)
        self.retry = _RETRY_MS
        try:
            with open(self.journal.root + "/evening.json") as file:
                config = json.load(file)
            for key in _KEYS:
                config[key]  # noqa: B018  (each must be there)
        except (OSError, ValueError, KeyError, TypeError):
            self.say(_BAD_FILE)
            return
        try:
            from ardoise.wifi import Wifi

            self.wifi = Wifi()
        except ImportError:  # no `network`: a board without Wi-Fi
            self.say(_NO_WIFI)
            return
        if mqtt is None:
            self.say(_NO_WIFI)
            return
        self.config = config
        prefix = "ardoise/%s/%s/" % (config["evening"], config["user"])
        self.topics = [(prefix + name).encode() for name in ("line", "have", "status", "seating")]
        self.address = None
        self.join()

    # -- the loop's share ---------------------------------------------------------

    def step(self):
        """A bounded piece of the network's work: at most one wait of
        _WAIT_S, and no new line sent after _BUDGET_MS. None while a button
        is down: a press never waits for the network, but for a step that
        had begun."""
        app = self.app
        if self.notes and len(app.stack) == 1 and not app.asleep:
            key, values = self.notes.pop(0)
            text = self.text(key)
            app.alert(text % values if values else text)
            app.dirty = True
        if self.ends is not None:  # a round's clock: kept with or without the network
            self.timed()
        if self.state == _OFF:
            return
        keypad = app.keypad
        for level in keypad.raw:
            if level:  # a button is touched: the press goes first
                return
        if keypad.any_pressed():  # or let go and not settled yet
            return
        now = self.clock()
        try:
            self.work(now)
        except Exception:  # noqa: BLE001  (the network never stops the slate)
            if self.state == _UP:
                self.drop()
            else:  # the broker refused the TCP connection or the line broke
                self.fail()
        sent = self.sent
        self.sent = self.is_sent()
        if sent != self.sent:
            self.app.dirty = True

    def work(self, now):  # noqa: C901, PLR0912  (one state machine; a method more is a name more)
        state = self.state
        if ticks_diff(now, self.checked) >= _CHECK_MS:
            self.checked = now
            wifi = self.wifi.state()
            if wifi != _WIFI_JOINED:
                if state != _JOIN:
                    self.drop()
                    self.join()
                elif wifi == _WIFI_PASSWORD:
                    self.say(_PASSWORD, self.config["ssid"])
                    self.state = _OFF
                elif ticks_diff(now, self.at) >= _JOIN_MS:
                    if (wifi == _WIFI_ABSENT or wifi == _WIFI_FAILED) and not self.was_up:
                        self.say(_NOT_FOUND, self.config["ssid"])
                    self.join()
                return
            if state == _JOIN:
                self.state = state = _WAIT
                self.at = now
        # The socket is asked every _LISTEN_MS only (a poll is a system call,
        # at every turn of the loop a cost), at once when a line is due.
        if state > _WAIT and ticks_diff(now, self.listened) < _LISTEN_MS and not self.due():
            return
        self.listened = now
        if state == _WAIT:
            if ticks_diff(now, self.at) >= 0:
                self.open()
        elif state == _TCP:
            if self.link.connected():
                self.state = _ANSWER
                self.at = now
                self.hello()
        elif state == _ANSWER:
            if self.link.readable():
                self.answered()
            elif ticks_diff(now, self.at) >= _ANSWER_MS:
                self.fail()
        elif state == _UP:
            self.exchange(now)

    def join(self):
        self.state = _JOIN
        self.at = self.clock()
        self.wifi.join(self.config["ssid"], self.config["wifi_password"])

    def open(self):
        config = self.config
        if self.address is None:  # looked up once: a name's lookup may block
            host = config["broker_host"]
            self.address = socket.getaddrinfo(host, config["broker_port"])[0][-1]
        self.link = _Link(self.address)
        self.state = _TCP

    def hello(self):
        """CONNECT on the link just connected; the answer is waited for in `work`."""
        if self.client is None:
            config = self.config
            client = self.client = mqtt.Client(
                config["user"], config["password"], _KEEPALIVE_S, self.topics[2], b"offline"
            )
            client.set_callback(self.heard_on)
        self.client.hello(self.link)

    def answered(self):
        """The broker's answer to CONNECT, then the subscriptions and "online"."""
        try:
            self.client.answer()
        except mqtt.MQTTException:  # refused: user or password
            self.say(_REFUSED)
            self.drop()
            self.state = _OFF
            return
        self.placed = False
        self.heard = None
        self.client.subscribe(self.topics[1], 1)
        self.client.subscribe(self.topics[3], 1)
        self.client.publish(self.topics[2], b"online", True, 1)
        self.state = _UP
        self.was_up = True  # troubles from now on are the sign's to say
        self.retry = _RETRY_MS
        self.last_sent = self.clock()

    def exchange(self, now):
        """What came from the broker, then the next lines, within the budget."""
        client = self.client
        while self.link.readable():
            client.check_msg()
        heard = self.heard
        if heard is not None:
            self.heard = None
            self.hear(heard)
        if self.shown_match is not self.journal.match:
            self.number()
        while self.placed and ticks_diff(self.clock(), now) < _BUDGET_MS:
            line = self.next_line()
            if line is None:
                break
            payload = b"%d %d " % (self.match, self.index) + line[:-1]
            client.publish(self.topics[0], payload, False, 1)
            self.index += 1
            self.offset += len(line)
            self.last_sent = now
        if ticks_diff(now, self.last_sent) >= _PING_MS:
            client.ping()
            self.last_sent = now

    def fail(self):
        """The broker did not answer: try again later. Said once if it never
        did since the boot (later, the slate's sign says it)."""
        if not self.was_up:
            self.say(_NO_BROKER, "%s:%d" % (self.config["broker_host"], self.config["broker_port"]))
        self.drop()

    def drop(self):
        """Close the connection; the next attempt comes after the retry delay."""
        if self.link is not None:
            try:
                self.link.close()
            except OSError:
                pass
        self.link = None
        self.placed = False
        if self.state != _OFF:
            self.state = _WAIT if self.state != _JOIN else _JOIN
            self.at = ticks_add(self.clock(), self.retry)
            self.retry = min(self.retry * 2, _RETRY_MAX_MS)

    # -- what the organiser says --------------------------------------------------

    def heard_on(self, topic, message):
        """umqtt's callback: acted on in `exchange`, outside umqtt's reads."""
        if topic == self.topics[1]:
            try:
                match, count = message.split()
                self.heard = (int(match), int(count))
            except ValueError:
                pass  # not a /have: nothing is guessed from it
        elif topic == self.topics[3]:
            if not message:  # the organiser took the draw back
                self.seating = None
                return
            try:
                seating = json.loads(message)
                for key in _SEATED:
                    seating[key]  # noqa: B018  (each must be there)
                if "round" in seating:  # a championship's: two pairs, a target
                    seating["target"] + seating["round"]  # noqa: B018
                    seats = 4
                else:  # a session's: four players, or two at a table of two
                    seating["session"] + seating["deals"]  # noqa: B018
                    seats = 2 if seating["rules"] == "two" else 4
                if len(seating["names"]) == seats:
                    seating["names"] = tuple(seating["names"])  # as the match holds them
                    self.seated(seating)
            except (ValueError, KeyError, TypeError):
                pass  # not a seating: the last one stands

    def seated(self, seating):
        """A seating heard: a new round's says its end rule afresh; the time left
        (`left`, s) sets the round's end on the slate's clock."""
        old = self.seating
        if old is None or old.get("round") != seating.get("round"):
            self.ended = -2
        self.seating = seating
        left = seating.get("left")
        self.ends = None if left is None else ticks_add(self.clock(), int(left) * 1000)
        self.app.dirty = True

    def hear(self, have):
        """A /have: the first of a connection places the cursor; a later one
        not above the last heard and below the cursor says that lines were
        lost on the way (the organiser restarted): they go again."""
        if not self.placed or (have <= self.have and have < (self.match, self.index)):
            if self.shown_match is not self.journal.match:
                self.number()
            self.seek(*have)
            self.placed = True
        self.have = have

    # -- the journal's files --------------------------------------------------------

    def number(self):
        """The current match's number: the next free one in the archive."""
        names = self.journal.archives()
        forget("ardoise.journal_files")  # loaded for that alone
        self.current = int(names[-1].split(".")[0]) + 1 if names else 1
        self.shown_match = self.journal.match

    def path(self, match):
        """The file of match number `match`, or None if the board has none."""
        if match == self.current:
            return self.journal.path
        if match < self.current:
            return self.journal.archive_file("%04d.jsonl" % match)
        return None

    def seek(self, match, count):
        """The cursor on line `count` of match `match`, or its end if shorter."""
        self.match = match
        self.index = self.offset = 0
        path = self.path(match)
        if path is None:
            return
        try:
            with self.journal.opener(path, "rb") as file:
                while self.index < count:
                    line = file.readline()
                    if not line.endswith(b"\n") or (
                        match == self.current and self.offset + len(line) > self.journal.size
                    ):
                        break
                    self.index += 1
                    self.offset += len(line)
        except OSError:
            pass  # no such file (a damaged journal's number): nothing to send there

    def next_line(self):
        """The line under the cursor, read from flash, or None when all is sent."""
        while self.match <= self.current:
            current = self.match == self.current
            if current and self.offset >= self.journal.size:
                return None
            try:
                with self.journal.opener(self.path(self.match), "rb") as file:
                    file.seek(self.offset)
                    line = file.readline()
            except OSError:
                line = b""
            if line.endswith(b"\n"):
                return line
            if current:
                return None
            self.match += 1  # that match is sent whole: the next one
            self.index = self.offset = 0
        return None

    def due(self):
        """Whether a line is known to wait (of an earlier match, or the current one's)."""
        return self.placed and (
            self.match < self.current
            or (self.match == self.current and self.offset < self.journal.size)
        )

    def is_sent(self):
        """Whether the organiser holds every confirmed line."""
        have = self.have  # no tuple made: this runs at each poll of the loop
        return (
            self.match == self.current
            and self.offset == self.journal.size
            and have is not None
            and have[0] == self.match
            and have[1] == self.index
        )

    # -- a championship's round ---------------------------------------------------------

    def round_game(self):
        """The rules' state of the match on the slate if it is the round's (the
        seating's names, not won), else None."""
        seating = self.seating
        match = self.app.match
        if seating is None or "round" not in seating or match.names != seating["names"]:
            return None
        game = match.game
        return game if game.winner < 0 else None

    def minutes_left(self):
        """The round's minutes left, rounded up (0: time is up), or -1 if unknown."""
        if self.ends is None:
            return -1
        left = ticks_diff(self.ends, self.clock())
        return (left + 59999) // 60000 if left > 0 else 0

    def over(self):
        """Ruling 35's end rule, once the round's time is up: 0 or 1, the side that
        wins (more coches, else the higher slate), or -1 (time left, a deal open,
        still equal: one more deal, or not the round's match)."""
        match = self.journal.match
        kept = self.over_kept
        if kept is not None and kept[0] is match and kept[1] == len(match.in_force):
            return kept[2]  # ended so, and unchanged since: the next round's seating came
        game = self.round_game()
        if game is None or game.deal_open or self.minutes_left() != 0:
            return -1
        for tally in (game.coches, game.slate):
            if tally[0] != tally[1]:
                side = 0 if tally[0] > tally[1] else 1
                self.over_kept = (match, len(match.in_force), side)
                return side
        return -1

    def timed(self):
        """Redraw when the minutes left change; say the end rule's answer once."""
        left = self.minutes_left()
        if left != self.shown_left:
            self.shown_left = left
            self.app.dirty = True
        if left:
            return
        # The answer: a side that wins, -1 all square between deals (one more
        # deal), -2 a deal in play (or not the round's match).
        answer = self.over()
        if answer < 0:
            game = self.round_game()
            answer = -1 if game is not None and not game.deal_open else -2
        if answer != self.ended:
            self.ended = answer
            self.app.dirty = True
            # Said each time it comes: a deal ended all square, then won.
            self.said &= ~(1 << _TIME_UP | 1 << _ONE_MORE)
            if answer >= 0:
                self.say(_TIME_UP, self.app.team(answer, 16))
            elif answer == -1:
                self.say(_ONE_MORE)

    # -- on the slate ------------------------------------------------------------------

    def say(self, key, *values):
        """Say text `key` once, when the slate is shown."""
        if not self.said & 1 << key:
            self.said |= 1 << key
            self.notes.append((key, values))

    def text(self, key):
        """Text `key` in the player's language, its lines kept until it changes."""
        language = self.app.settings.get("lang")
        if language != self.language:
            self.lines = None  # the old lines go before the new ones come
            name = "ardoise.lang.%s_net" % language
            self.lines = load(name, "").TEXT
            forget(name)
            self.language = language
        return self.lines[key]

    def draw(self, fb, y):
        """The slate's sign in the last cell of the row at `y` (its last
        row; the title bar without a match): a filled box of 7x7 pixels
        when the organiser holds every line, a hollow one while some are
        not sent yet. None on a plain slate."""
        if self.round_game() is not None:
            self.draw_round(fb)
        if self.state == _OFF:
            return
        back = fb.pixel(fb.width - 1, y + 7)  # the row inverted or not
        fb.fill_rect(fb.width - 8, y, 8, 8, back)
        if self.sent:
            fb.fill_rect(fb.width - 7, y, 7, 7, 1 - back)
        else:
            fb.rect(fb.width - 7, y, 7, 7, 1 - back)

    def draw_round(self, fb):
        """The round and its time left under the coches (a 64-row panel), and
        the end rule's winner on the last row once the time is up."""
        app = self.app
        side = self.over()
        if side >= 0:
            status_row(app, fb, app.text.winners("match_won", side), True)
        if fb.height < 64:
            return
        text = self.text(_ROUND_SHORT) % self.seating["round"]
        left = self.minutes_left()
        if left >= 0:
            text += " · %d'" % left
        width = text_width(text) + 4
        fb.fill_rect(64 - width // 2, 36, width, 8, 0)
        draw_text(fb, text, 64, 36, align=CENTER)

    def offer(self, app):
        """New match: the seating pushed for the session (the round's pairs at a
        championship), if any, one press to begin it."""
        seating = self.seating
        if seating is None:
            return
        names = list(seating["names"])
        if "round" in seating:
            text = self.text(_ROUND) % (seating["round"], seating["table"])
            text += "\n%s & %s - %s & %s" % (names[0], names[2], names[1], names[3])
        else:
            text = self.text(_SEATING) % (seating["session"], seating["table"])
            text += "\n" + ", ".join(names)

        def header(dealer):
            event = {
                "ev": "match",
                "game": seating["game"],
                "rules": seating["rules"],
                "dealer": dealer,
                "names": names,
            }
            if "round" in seating:
                event["target"] = seating["target"]
            else:
                event["session"] = seating["deals"]
            return event

        # A championship's round is one press (issue 32): seat 1 deals, as
        # the pairs are drawn; an evening's session asks who deals first.
        seats = 0 if "round" in seating else len(names)
        app.load("menus").confirm_new_match(app, text, header, seats)
