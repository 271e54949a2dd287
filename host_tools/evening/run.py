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

import errno
import json
import re
import threading
import time

from host_tools.common import printable
from host_tools.evening import broker as broker_module
from host_tools.evening import championship, lang
from host_tools.evening.copy import CONFIRM, CONFLICT, GAP, TAKEN, BoardCopy, sync_files
from host_tools.evening.folder import ORGANISER, EveningError, write_json
from host_tools.evening.intake import STATUSES, Unfit, read_line, read_status, shown
from host_tools.evening.live import Live

ASK_AGAIN = 0.5  # s: a gap asks again at most this often per board, unless the copy grew
ROUND = 0.02  # s: the lines taken meanwhile are synced to the disk, then said held (/have)
RETRY = 2.0  # s: a board whose lines the disk could not take is asked for them again
SAY_AGAIN = 10.0  # s: of a board's refused messages, SAID_MOST are said each SAY_AGAIN s
SAID_MOST = 3
REFUSED = re.compile(r"Client (\S+) disconnected, not authori[sz]ed")
CONNECTED = re.compile(r"New client connected from (\S+):\d+ as (\S+) ")
GONE = re.compile(
    r"Client (\S+) (?:disconnected[.:]|disconnected due|closed its|has exceeded|been disc)"
)
UNKNOWN = "<unknown>"  # Mosquitto's name for a client refused its user or password
SEEN = re.compile(r"\d\d:\d\d:\d\d")  # when a board was last seen, as kept


def seating_payload(evening, draw, table):
    if championship.is_championship(evening.settings):
        return championship.seating(evening, draw, table)
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
        # Everything said is escaped (common.printable) as a last guard: what a
        # board or a client sends is quoted by intake.shown already.
        self.say = lambda text: say(printable(text))
        self.lock = threading.Lock()  # the copies: written here, read by the standing
        self.copies = {}
        self.asked = {}  # board: (time, have) of the last /have published
        before = kept(evening)  # what the last run knew: a restart forgets nothing
        self.seen = {b: held["seen"] for b, held in before.items() if held["seen"]}
        self.online = {}  # board: online or offline, as it says now
        self.refused = {b: held["refused"] for b, held in before.items() if held["refused"]}
        self.unknown = set()  # boards not enrolled already said
        self.refusals_said = {}  # board: (since when, refusals said, and not said since)
        self.addresses = {}  # user: the address it is connected from (Mosquitto's log)
        self.twice = {}  # user: when its id was last said used twice
        self.shown = set()  # refusals already said
        self.seating_said = None  # the seating said sent last: (session, boards)
        self.finished = set()  # the sessions said finished
        self.ticked = 0.0  # when a round's time left was last said (tick)
        self.connected = threading.Event()
        self.failure = None
        self.dirty = set()  # boards with lines taken since the last round
        self.blocked = {}  # board: what the disk said when its lines could not be written
        self.unsaved = None  # what the disk said when state/boards.json could not be
        self.too_long = False  # a ranking too long for the broker said
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
        self.live = Live(
            evening, self.seen, self.updated, lock=self.lock, copies=self.copies, online=self.online
        )

    def copy(self, board):
        if board not in self.copies:
            made = BoardCopy(
                self.evening.logs / board, self.evening.state / (board + ".json"), board
            )
            if made.note:
                self.say("board %s: %s" % (board, made.note))
            with self.lock:
                self.copies[board] = made
        return self.copies[board]

    def start(self, timeout=10):
        try:
            self.client.connect(self.address.host, self.address.port, keepalive=15)
        except OSError as error:
            raise EveningError(
                "refuse_broker_unreachable",
                host=self.address.host,
                port=self.address.port,
                error=error.strerror or error,
            ) from None
        self.client.loop_start()
        self.rounds.start()
        if not self.connected.wait(timeout) or self.failure:
            self.stop()
            raise self.failure or EveningError("refuse_broker_silent", address=self.address)

    def stop(self):
        self.closing = True
        self.wake.set()
        if self.rounds.is_alive():
            self.rounds.join(10)
        self.client.disconnect()
        self.client.loop_stop()
        self.live.close()
        self.save_boards()  # the last seen, even of a board heard since the last standing

    # -- the copies on the disk -------------------------------------------------------

    def sync_rounds(self):
        """Each round: the files appended to since the last synced at once, then the
        boards told what their copy holds (a round waits for the first line taken)."""
        asked = time.monotonic()
        while not self.closing:
            self.wake.wait(RETRY)
            self.wake.clear()
            self.sync_round()
            # A board's lines left untaken by a full disk: asked for every RETRY s.
            if self.blocked and time.monotonic() - asked >= RETRY:
                asked = time.monotonic()
                self.ask_again()
            time.sleep(ROUND)
        self.sync_round()

    def sync_round(self):
        with self.lock:
            taken = [(board, *self.copies[board].unsynced_now()) for board in self.dirty]
            self.dirty.clear()
        synced = []
        for board, unsynced, have in taken:
            try:
                sync_files(unsynced)  # outside the lock: lines go on arriving meanwhile
                synced.append((board, unsynced, have))
            except OSError as error:  # never said held; synced again in the next round
                with self.lock:
                    self.dirty.add(board)
                self.disk_trouble(board, error)
                self.wake.set()
        with self.lock:
            for board, unsynced, have in synced:
                self.copies[board].synced_to(unsynced, have)
                self.publish_have(board, again=False, fresh=True)

    def disk_trouble(self, board, error):
        """The disk refused `board`'s lines (full, say): said once, never said held,
        asked for again every RETRY s until there is room (no restart needed)."""
        with self.lock:
            first = board not in self.blocked
            self.blocked[board] = error
        if first:
            self.say(self.texts("run_disk_lines", disk=self.disk_words(error), board=board,
                                error=error.strerror or error))  # fmt: skip

    def ask_again(self):
        """Each board the disk refused: /have said again, so that it sends what follows."""
        with self.lock:
            for board in self.blocked:
                self.publish_have(board, again=True)

    def disk_room(self, board):
        with self.lock:
            came_back = self.blocked.pop(board, None) is not None
        if came_back:
            self.say(self.texts("run_disk_back", board=board))

    # -- MQTT --------------------------------------------------------------------

    def on_connect(self, client, userdata, flags, reason, properties):
        if reason.is_failure:
            self.failure = EveningError("refuse_broker_refused", reason=reason)
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
        self.live.changed()  # the ranking published again: a broker started again lost it
        self.connected.set()

    def on_message(self, client, userdata, message):
        """Every message, whatever its bytes, is taken or refused here: an exception
        would end paho's thread, and the message, never acknowledged, would come
        again at each start of the organiser's session."""
        try:
            self.take(message.topic, message.payload)
        except Exception as error:  # noqa: BLE001 (the intake goes on, and says why)
            self.say(
                self.texts(
                    "run_message_error",
                    topic=shown(message.topic),
                    kind=type(error).__name__,
                    error=shown(str(error)),
                )
            )

    def take(self, topic, payload):
        parts = topic.split("/")
        if len(parts) != 4:
            return
        board, kind = parts[2], parts[3]
        if board not in self.evening.boards:
            if board not in self.unknown and len(self.unknown) < 100:
                self.unknown.add(board)
                self.say(lang.of(self.evening)("run_not_enrolled", board=shown(board)))
            return
        self.seen[board] = time.strftime("%H:%M:%S")
        try:
            if kind == "status":
                self.on_status(board, read_status(payload))
            elif kind == "line":
                self.on_line(board, *read_line(payload))
        except Unfit as unfit:
            self.refuse(board, "a %s" % kind, unfit)

    def refuse(self, board, what, reason):
        """A message of `board` that is not what the protocol says: kept for `status`
        (its last, and how many), never stored, acknowledged all the same; said, at
        most SAID_MOST every SAY_AGAIN s a board (a flood is not a line a message)."""
        now = time.monotonic()
        with self.lock:
            last = self.refused.get(board, {})
            count = last.get("count", 0) + 1
            self.refused[board] = {
                "what": what,
                "reason": str(reason),
                "at": time.strftime("%H:%M:%S"),
                "count": count,
            }
            since, said, unsaid = self.refusals_said.get(board, (now, 0, 0))
            if now - since >= SAY_AGAIN:
                since, said = now, 0
            quiet = said >= SAID_MOST
            if quiet:
                self.refusals_said[board] = (since, said, unsaid + 1)
            else:
                self.refusals_said[board] = (since, said + 1, 0)
        if not quiet:
            more = " (and %d more not said)" % unsaid if unsaid else ""
            self.say("board %s: %s refused, not stored: %s%s" % (board, what, reason, more))
        self.live.changed()  # state/boards.json written with it

    def on_status(self, board, state):
        if self.online.get(board) != state:
            self.online[board] = state
            texts = lang.of(self.evening)
            word = texts("status_%s" % state) if state in ("online", "offline") else state
            self.say(texts("run_board_state", table=self.table(board), board=board, state=word))
        self.live.changed()

    def on_line(self, board, number, index, line):
        copy = self.copy(board)
        try:
            with self.lock:
                verdict, text = copy.receive(number, index, line)
                if verdict == TAKEN:
                    self.dirty.add(board)  # said held once synced, in the next round
                elif verdict in (CONFIRM, GAP) and board not in self.blocked:
                    # (A board the disk refused is asked every RETRY s, not at each
                    # line: a resend refused again would ask for the next at once.)
                    copy.sync()  # a question says all the copy holds: on the disk first
                    if verdict == CONFIRM:
                        # Said twice: a /have that repeats the last asks for what follows.
                        self.publish_have(board, again=False, fresh=True)
                    self.publish_have(board, again=verdict == CONFIRM)
        except OSError as error:  # the line is not taken, and asked for again later
            self.disk_trouble(board, error)
            return
        if verdict == TAKEN:
            self.disk_room(board)
            self.wake.set()
            if index == 0:
                self.say(
                    lang.of(self.evening)(
                        "run_began", table=self.table(board), board=board, match=number
                    )
                )
                try:
                    self.began(board, number, line)
                except OSError as error:  # a full disk: said, the evening goes on
                    self.say(self.texts("run_disk_round", disk=self.disk_words(error),
                                        error=error.strerror or error))  # fmt: skip
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
        passwords = dict(self.evening.secrets.get("boards", {}))
        self.evening.reload()
        self.publish_seating()
        for board in set(self.evening.boards) - set(boards):
            self.say(lang.of(self.evening)("run_enrolled", table=self.table(board), board=board))
            self.publish_have(board)
        given = self.evening.secrets.get("boards", {})
        for board in boards:
            if board in passwords and given.get(board) != passwords[board]:
                self.say(self.texts("run_password_changed", table=self.table(board), board=board))
        self.live.changed()
        return now, self.evening.boards != boards or given != passwords

    def began(self, board, number, line):
        """A championship's round: the match noted as the round's, its clock started
        with the round's first (the slates told their time left), names checked."""
        if not championship.is_championship(self.evening.settings):
            return
        running = championship.clock_runs(self.evening)
        for text in championship.note_match(self.evening, board, number, line):
            self.say(text)
        if not running and championship.clock_runs(self.evening):
            self.publish_seating()

    def tick(self):
        """Between two looks at the folder: a round's time left said again to the slates
        every REPUBLISH s while its clock runs (a slate that joins late counts from it)."""
        now = time.monotonic()
        if now - self.ticked >= championship.REPUBLISH and championship.clock_runs(self.evening):
            self.ticked = now
            self.publish_seating()

    def table(self, board):
        return self.evening.boards[board]["table"]

    def texts(self, key, **values):
        """A text in the evening's language (lang/)."""
        return lang.of(self.evening)(key, **values)

    def disk_words(self, error):
        """What a disk error means for the organiser, in two words."""
        key = {errno.ENOSPC: "disk_full", errno.EDQUOT: "disk_quota"}.get(error.errno)
        return self.texts(key or "disk_cannot")

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
        said = ("taken back", len(draws)) if taken_back else (len(draws), len(sent))
        if said == self.seating_said:
            return
        self.seating_said = said
        texts = lang.of(self.evening)
        # A session's, or a championship's round.
        kind = "round" if championship.is_championship(settings) else "seating"
        if taken_back:
            self.say(texts("run_%s_forgotten" % kind, number=len(draws) + 1))
            return
        online = [board for _, board in sent if self.online.get(board) == "online"]
        self.say(
            texts(
                "run_%s_sent" % kind,
                number=len(draws),
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
        kept_keys = ("session", "rankings", "tables", "championship")
        kept = {k: standing[k] for k in kept_keys if k in standing}
        # Each table's deals are the page's (a tap opens them): not for MQTT clients.
        kept["tables"] = [dict(t, deal_rows=None) for t in kept.get("tables", [])]
        ranking = json.dumps(kept)
        if len(ranking) <= broker_module.MESSAGE_LIMIT:
            topic = "ardoise/%s/ranking" % self.evening.id
            self.client.publish(topic, ranking, qos=1, retain=True)
        elif not self.too_long:  # the page has it all the same
            self.too_long = True
            self.say(
                self.texts("run_ranking_big", size=len(ranking), limit=broker_module.MESSAGE_LIMIT)
            )
        for text in standing["refused"]:
            if text not in self.shown:
                self.shown.add(text)
                self.say(lang.of(self.evening)("run_rules_refuse", text=text))
        self.save_boards()

    def save_boards(self):
        """state/boards.json: what `status` and the next `run` know of each board;
        a disk that refuses it is said once, and the next standing writes it again."""
        try:
            self.write_boards()
        except OSError as error:
            if self.unsaved is None:
                self.say(self.texts("run_disk_boards", disk=self.disk_words(error),
                                    error=error.strerror or error))  # fmt: skip
            self.unsaved = error
        else:
            self.unsaved = None

    def write_boards(self):
        write_json(
            self.evening.state / "boards.json",
            {
                board: {
                    "seen": self.seen.get(board),
                    "status": self.online.get(board),
                    "refused": self.refused.get(board),
                }
                for board in self.evening.boards
            },
        )

    def broker_log(self, text):
        """A line of Mosquitto's log: what an organiser must know of, in words."""
        refused = REFUSED.search(text)
        if refused and refused.group(1) == UNKNOWN:
            self.say(self.texts("run_refused_unknown"))
        elif refused:
            self.say(self.texts("run_refused_anonymous", id=refused.group(1)))
        gone = GONE.search(text)
        if gone:
            self.addresses.pop(gone.group(1), None)
        connected = CONNECTED.search(text)
        if connected:
            address, user = connected.groups()
            before = self.addresses.get(user)
            self.addresses[user] = address
            # Connected again from the same address: the same board back in a hurry.
            # Two boards with one id take turns: said once a minute, not at each turn.
            last = self.twice.get(user)
            if before and before != address and (last is None or time.monotonic() - last > 60):
                self.twice[user] = time.monotonic()
                self.say_twice(user, address, before)

    def say_twice(self, user, address, before):
        if user == ORGANISER:
            self.say(self.texts("run_two_organisers", address=address, before=before))
            return
        self.say(self.texts("run_two_boards", board=user, address=address, before=before))


def kept(evening):
    """What the last `run` kept of each enrolled board (state/boards.json): when it
    was last seen, its status, its last message refused. Read as a board's own
    words are, since a board sent them: anything unexpected dropped or escaped."""
    try:
        data = json.loads((evening.state / "boards.json").read_bytes())
    except (OSError, ValueError):
        data = {}
    boards = {}
    for board in evening.boards:
        entry = data.get(board) if isinstance(data, dict) else None
        entry = entry if isinstance(entry, dict) else {}
        seen = entry.get("seen")
        status = entry.get("status")
        refused = entry.get("refused")
        boards[board] = {
            "seen": seen if isinstance(seen, str) and SEEN.fullmatch(seen) else None,
            "status": None if status is None else status if status in STATUSES else shown(status),
            "refused": refusal(refused) if isinstance(refused, dict) else None,
        }
    return boards


def refusal(kept):
    """A refusal as `kept` by Runner.refuse, each text escaped and bounded."""
    count = kept.get("count")
    made = {key: printable(str(kept.get(key)))[:200] for key in ("what", "reason", "at")}
    made["count"] = count if type(count) is int else 1
    return made


def local_address(evening):
    return broker_module.Address(
        "127.0.0.1", evening.settings["broker"]["port"], ORGANISER, evening.secrets["organiser"]
    )
