"""The evening itself: the broker started, every board's lines kept, the page served.

`Runner` subscribes to every board's /line and /status with paho-mqtt,
keeps each board's journal (copy.py), publishes what it holds (/have,
retained: only what is synced to the disk, in rounds, a thread of its own
syncing the files the lines of the round went to, so that a line costs no
disk sync of its own) and each table's seating (/seating, retained), and the standing
(/ranking, retained, for MQTT clients; live.py serves the page). Mosquitto's
own log is read for the clients it refuses (a board of another evening)
and two clients under one id (two boards deployed with the same id).
"""

import json
import re
import threading
import time

from host_tools.evening import broker as broker_module
from host_tools.evening import lang
from host_tools.evening.copy import CONFIRM, CONFLICT, GAP, TAKEN, BoardCopy, parse, sync_files
from host_tools.evening.folder import ORGANISER, EveningError, write_json
from host_tools.evening.live import Live

ASK_AGAIN = 0.5  # s: a gap asks again at most this often per board, unless the copy grew
ROUND = 0.02  # s: the lines taken meanwhile are synced to the disk, then said held (/have)
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
        self.seating_said = None  # the seating said sent last: (session, boards)
        self.finished = set()  # the sessions said finished
        self.connected = threading.Event()
        self.failure = None
        self.dirty = set()  # boards with lines taken since the last round
        self.wake = threading.Event()
        self.closing = False
        self.rounds = threading.Thread(target=self.sync_rounds, daemon=True)
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
        self.rounds.start()
        if not self.connected.wait(timeout) or self.failure:
            self.stop()
            raise EveningError(self.failure or "the broker at %s did not answer" % self.address)

    def stop(self):
        self.closing = True
        self.wake.set()
        if self.rounds.is_alive():
            self.rounds.join(10)
        self.client.disconnect()
        self.client.loop_stop()
        self.live.close()

    # -- the copies on the disk -------------------------------------------------------

    def sync_rounds(self):
        """Each round: the files appended to since the last synced at once, then the
        boards told what their copy holds (a round waits for the first line taken)."""
        while not self.closing:
            self.wake.wait()
            self.wake.clear()
            self.sync_round()
            time.sleep(ROUND)
        self.sync_round()

    def sync_round(self):
        with self.lock:
            taken = [(board, *self.copies[board].unsynced_now()) for board in self.dirty]
            self.dirty.clear()
        for _, unsynced, _ in taken:
            sync_files(unsynced)  # outside the lock: lines go on arriving meanwhile
        with self.lock:
            for board, unsynced, have in taken:
                self.copies[board].synced_to(unsynced, have)
                self.publish_have(board, again=False, fresh=True)

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
                self.dirty.add(board)  # said held once synced, in the next round
            elif verdict in (CONFIRM, GAP):
                copy.sync()  # a question says all the copy holds: on the disk first
                if verdict == CONFIRM:
                    # Said twice: a /have that repeats the last asks for what follows.
                    self.publish_have(board, again=False, fresh=True)
                self.publish_have(board, again=verdict == CONFIRM)
        if verdict == TAKEN:
            self.wake.set()
            if index == 0:
                self.say("table %d: board %s began match %d" % (self.table(board), board, number))
            self.live.changed()
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

    def publish_have(self, board, again=True, fresh=False):
        """Say what the copy holds of `board` on the disk; a gap asks again only every
        ASK_AGAIN s; `fresh`: only if it is not what was said last."""
        have = self.copy(board).synced
        now = time.monotonic()
        last = self.asked.get(board)
        if fresh and last and last[1] == have:
            return
        if not again and last and last[1] == have and now - last[0] < ASK_AGAIN:
            return
        self.asked[board] = (now, have)
        self.client.publish(
            self.evening.prefix(board) + "/have", b"%d %d" % have, qos=1, retain=True
        )

    def publish_seating(self):
        """Each board's table of the session drawn last (retained), and say so once a
        session; a draw taken back (settings "seated" False): an empty seating, which
        the slates forget it by."""
        settings = self.evening.settings
        draws = settings.get("draws", [])
        taken_back = settings.get("seated") is False
        if not draws and not taken_back:
            return
        draw = draws[-1] if draws else {"tables": []}
        sent = []
        for board, entry in self.evening.boards.items():
            if taken_back:
                self.client.publish(self.evening.prefix(board) + "/seating", b"", 1, True)
                continue
            for table in draw["tables"]:
                if table["table"] == entry["table"]:
                    payload = seating_payload(self.evening, draw, table)
                    self.client.publish(
                        self.evening.prefix(board) + "/seating", payload, qos=1, retain=True
                    )
                    sent.append((table["table"], board))
        said = ("taken back", len(draws)) if taken_back else (draw.get("session"), len(sent))
        if said == self.seating_said:
            return
        self.seating_said = said
        texts = lang.of(self.evening)
        if taken_back:
            self.say(texts("run_seating_forgotten", session=len(draws) + 1))
            return
        online = [board for _, board in sent if self.online.get(board) == "online"]
        self.say(
            texts(
                "run_seating_sent",
                session=draw.get("session"),
                tables=", ".join("%d (%s)" % item for item in sorted(sent)),
                online=len(online),
                count=len(sent),
            )
        )
        missing = sorted({t["table"] for t in draw["tables"]} - {table for table, _ in sent})
        if missing:
            self.say(texts("run_no_board", tables=", ".join(map(str, missing))))

    def say_finished(self, standing):
        """Say once when every table has finished the session drawn last, and what next."""
        draws = self.evening.settings.get("draws", [])
        for session in standing.get("session_standings", []):
            number = session["session"]
            if not session["finished"] or number != len(draws) or number in self.finished:
                continue
            self.finished.add(number)
            texts = lang.of(self.evening)
            last = number >= (self.evening.settings.get("sessions") or 0)
            self.say(
                texts(
                    "run_session_done_last" if last else "run_session_done",
                    tables=session["tables"],
                    session=number,
                    folder=self.evening.folder,
                )
            )

    def updated(self, standing):
        """The standing was made again: published, and new refusals said."""
        self.say_finished(standing)
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
