"""The evening itself: the broker started, every board's lines kept, the page served.

`Runner` subscribes to every board's /line and /status with paho-mqtt,
keeps each board's journal (copy.py), publishes what it holds (/have,
retained) and each table's seating (/seating, retained), and the standing
(/ranking, retained, for MQTT clients; live.py serves the page). Mosquitto's
own log is read for the clients it refuses (a board of another evening)
and two clients under one id (two boards deployed with the same id).
"""

import json
import re
import threading
import time

from host_tools.evening import broker as broker_module
from host_tools.evening.copy import CONFIRM, CONFLICT, GAP, TAKEN, BoardCopy, parse
from host_tools.evening.folder import ORGANISER, EveningError, write_json
from host_tools.evening.live import Live

ASK_AGAIN = 0.5  # s: a gap asks again at most this often per board, unless the copy grew
REFUSED = re.compile(r"Client (\S+) disconnected, not authori[sz]ed")
TWICE = re.compile(r"Client (\S+) already connected, closing old connection")


def seating_payload(evening, draw, table):
    return json.dumps(
        {
            "session": draw["session"],
            "table": table["table"],
            "names": table["names"],
            "deals": evening.settings["deals"],
            "game": evening.settings["game"],
            "rules": table["rules"],
        },
        ensure_ascii=False,
    ).encode()


class Runner:
    """The organiser's client on the evening's broker at `address`."""

    def __init__(self, evening, address, say=print):
        import paho.mqtt.client as mqtt

        self.evening = evening
        self.address = address
        self.say = say
        self.lock = threading.Lock()  # the copies: written here, read by the standing
        self.copies = {}
        self.asked = {}  # board: (time, have) of the last /have published
        self.seen = {}  # board: "HH:MM:SS" of its last message
        self.online = {}
        self.shown = set()  # refusals already said
        self.connected = threading.Event()
        self.failure = None
        self.client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2,
            client_id="ardoise-organiser-%s" % evening.id,
            clean_session=False,  # lines published while `run` is down wait for it
            protocol=mqtt.MQTTv311,
        )
        self.client.username_pw_set(address.user, address.password)
        self.client.on_connect = self.on_connect
        self.client.on_message = self.on_message
        self.client.reconnect_delay_set(1, 2)
        for board in evening.boards:
            self.copy(board)
        # Last: its thread publishes the standing with the client at once. The
        # standing is made from the copies as they are folded, line by line.
        self.live = Live(evening, self.seen, self.updated, lock=self.lock, copies=self.copies)

    def copy(self, board):
        if board not in self.copies:
            made = BoardCopy(
                self.evening.logs / board, self.evening.state / (board + ".json"), board
            )
            with self.lock:
                self.copies[board] = made
        return self.copies[board]

    def start(self, timeout=10):
        try:
            self.client.connect(self.address.host, self.address.port, keepalive=15)
        except OSError as error:
            raise EveningError(
                "cannot reach the broker at %s:%d: %s"
                % (self.address.host, self.address.port, error.strerror or error)
            ) from None
        self.client.loop_start()
        if not self.connected.wait(timeout) or self.failure:
            self.stop()
            raise EveningError(self.failure or "the broker at %s did not answer" % self.address)

    def stop(self):
        self.client.disconnect()
        self.client.loop_stop()
        self.live.close()

    # -- MQTT --------------------------------------------------------------------

    def on_connect(self, client, userdata, flags, reason, properties):
        if reason.is_failure:
            self.failure = (
                "the broker refused the organiser (%s): check the user and password" % reason
            )
            self.connected.set()
            return
        for copy in self.copies.values():
            # A line redelivered after a reconnection is no answer to a /have said before.
            copy.pending = None
        root = "ardoise/%s/" % self.evening.id
        client.subscribe([(root + "+/line", 1), (root + "+/status", 1)])
        for board in self.evening.boards:  # after a broker restart too: retained again
            self.publish_have(board)
        self.publish_seating()
        self.connected.set()

    def on_message(self, client, userdata, message):
        parts = message.topic.split("/")
        if len(parts) != 4:
            return
        board, kind = parts[2], parts[3]
        if board not in self.evening.boards:
            self.say(
                "board %s is not enrolled in this evening: its messages are ignored "
                "(ardoise evening enrol --port PORT)" % board
            )
            return
        self.seen[board] = time.strftime("%H:%M:%S")
        if kind == "status":
            state = message.payload.decode("utf-8", "replace")
            if self.online.get(board) != state:
                self.online[board] = state
                self.say("table %d: board %s %s" % (self.table(board), board, state))
            self.live.changed()
        elif kind == "line":
            self.on_line(board, message.payload)

    def on_line(self, board, payload):
        parsed = parse(payload)
        if parsed is None:
            self.say("board %s sent something that is not a journal line: ignored" % board)
            return
        number, index, line = parsed
        copy = self.copy(board)
        with self.lock:
            verdict, text = copy.receive(number, index, line)
        if verdict == TAKEN:
            if index == 0:
                self.say("table %d: board %s began match %d" % (self.table(board), board, number))
            self.publish_have(board)
            self.live.changed()
        elif verdict == CONFIRM:
            self.publish_have(board, again=True)
        elif verdict == GAP:
            self.publish_have(board, again=False)
        elif verdict == CONFLICT:
            self.say(text)

    def follow(self, files):
        """Take in a draw or an enrolment made while the evening runs: the new seating
        published, a new board's topics held. `files`: what Evening.changed() gave last."""
        now = self.evening.changed()
        if now == files:
            return files, False
        boards = dict(self.evening.boards)
        self.evening.reload()
        self.publish_seating()
        for board in set(self.evening.boards) - set(boards):
            self.say("table %d: board %s enrolled" % (self.table(board), board))
            self.publish_have(board)
        self.live.changed()
        return now, self.evening.boards != boards

    def table(self, board):
        return self.evening.boards[board]["table"]

    def publish_have(self, board, again=True):
        """Say what the copy holds of `board`; a gap asks again only every ASK_AGAIN s."""
        have = self.copy(board).have()
        now = time.monotonic()
        last = self.asked.get(board)
        if not again and last and last[1] == have and now - last[0] < ASK_AGAIN:
            return
        self.asked[board] = (now, have)
        self.client.publish(
            self.evening.prefix(board) + "/have", b"%d %d" % have, qos=1, retain=True
        )

    def publish_seating(self):
        draws = self.evening.settings.get("draws", [])
        if not draws:
            return
        draw = draws[-1]
        for board, entry in self.evening.boards.items():
            for table in draw["tables"]:
                if table["table"] == entry["table"]:
                    self.client.publish(
                        self.evening.prefix(board) + "/seating",
                        seating_payload(self.evening, draw, table),
                        qos=1,
                        retain=True,
                    )

    def updated(self, standing):
        """The standing was made again: published, and new refusals said."""
        self.client.publish(
            "ardoise/%s/ranking" % self.evening.id,
            json.dumps({k: standing[k] for k in ("session", "rankings", "tables")}),
            qos=1,
            retain=True,
        )
        for text in standing["refused"]:
            if text not in self.shown:
                self.shown.add(text)
                self.say(
                    "refused by the rules: %s (the file keeps every line the board "
                    "sent, this one and those after it)" % text
                )
        write_json(
            self.evening.state / "boards.json",
            {
                board: {"seen": self.seen.get(board), "status": self.online.get(board)}
                for board in self.evening.boards
            },
        )

    def broker_log(self, text):
        """A line of Mosquitto's log: the refusals an organiser must know of, in words."""
        refused = REFUSED.search(text)
        if refused:
            self.say(
                "the broker refused a client (%s): a user or password this evening does "
                "not know: a board enrolled for another evening? Enrol it again "
                "(ardoise evening enrol --port PORT)" % refused.group(1)
            )
        twice = TWICE.search(text)
        if twice:
            self.say(
                "two clients connect as %s: are two boards using the same id? Deploy one "
                "with another --id and enrol it" % twice.group(1)
            )


def local_address(evening):
    return broker_module.Address(
        "127.0.0.1", evening.settings["broker"]["port"], ORGANISER, evening.secrets["organiser"]
    )
