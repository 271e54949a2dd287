"""MQTT clients for the tests: a board as the protocol wants it, the organiser, a phone.

`Board` holds a journal (its matches' lines, as numbered on the board) and
publishes it line by line as a slate does; it answers the organiser's /have
as the protocol says: a /have that says again what the last one said asks
for everything after it, and so does the first /have after a (re)connection.
Faults are the test's: lines not sent, sent twice, sent out of order.
"""

import threading
import time

import paho.mqtt.client as mqtt


def wait_until(condition, timeout=10):
    """Whether `condition()` came true within `timeout` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def client(port, user=None, password=None, client_id=""):
    made = mqtt.Client(
        mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv311
    )
    if user:
        made.username_pw_set(user, password)
    return made


def attempt(port, user=None, password=None, client_id=""):
    """A client's connection: its CONNACK's reason (None if none came)."""
    made = client(port, user, password, client_id)
    answer = threading.Event()
    reasons = []

    def on_connect(made, userdata, flags, reason, properties):
        reasons.append(reason)
        answer.set()

    made.on_connect = on_connect
    made.connect("127.0.0.1", port)
    made.loop_start()
    answer.wait(5)
    made.loop_stop()
    made.disconnect()
    return reasons[0] if reasons else None


class Inbox:
    """A client subscribed to `topics`, its messages collected."""

    def __init__(self, port, topics, user=None, password=None):
        self.messages = []
        self.client = client(port, user, password)
        self.client.on_message = lambda c, u, m: self.messages.append((m.topic, m.payload))
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        done = threading.Event()
        self.client.on_subscribe = lambda *a: done.set()
        self.client.subscribe([(topic, 1) for topic in topics])
        assert done.wait(5)

    def payloads(self, topic):
        return [payload for t, payload in self.messages if t == topic]

    def close(self):
        self.closing = True
        self.client.disconnect()
        self.client.loop_stop()


class Board:
    """A slate's publishing side: `matches` is {number: [line bytes, ...]}, the journal
    it will write, in order; `write()` writes the next line and publishes it."""

    def __init__(self, evening, board, matches):
        self.prefix = evening.prefix(board)
        self.port = evening.settings["broker"]["port"]
        self.matches = matches
        self.order = [(m, i) for m in sorted(matches) for i in range(len(matches[m]))]
        self.written = 0  # lines of `order` in the journal so far
        self.last_have = None
        self.seatings = []  # the table's seatings heard (b"": the draw taken back)
        self.closing = False
        self.lock = threading.Lock()
        self.client = client(self.port, board, evening.board_password(board), board)
        self.client.will_set(self.prefix + "/status", b"offline", qos=1, retain=True)
        self.client.on_connect = self.on_connect
        self.client.on_message = self.on_message
        self.client.reconnect_delay_set(1, 1)
        self.client.connect("127.0.0.1", self.port)
        self.client.loop_start()

    @property
    def end(self):
        """What the organiser holds once it has the whole journal: (last match, lines)."""
        last = max(self.matches)
        return last, len(self.matches[last])

    def on_connect(self, client, userdata, flags, reason, properties):
        self.last_have = None  # the retained /have after a connection asks for what follows
        client.publish(self.prefix + "/status", b"online", qos=1, retain=True)
        client.subscribe([(self.prefix + "/have", 1), (self.prefix + "/seating", 1)])

    def on_message(self, client, userdata, message):
        if message.topic.endswith("/seating"):  # as a slate hears it: kept, in order
            self.seatings.append(message.payload)
            return
        have = tuple(int(part) for part in message.payload.split())
        with self.lock:
            again = self.last_have is None or have == self.last_have
            self.last_have = have
        if again:
            self.resend(have)

    def resend(self, have):
        """Every line written after what `have` says the organiser holds, in order."""
        with self.lock:
            written = self.order[: self.written]
        for match, index in written:
            if (match, index) >= have or (match > have[0]):
                self.send(match, index)

    def write(self, count=1, send=True):
        """Write the next `count` lines; publish them (in reverse order with `send` "swap")."""
        with self.lock:
            lines = self.order[self.written : self.written + count]
            self.written += len(lines)
        if send == "swap":
            lines = lines[::-1]
        if send:
            for match, index in lines:
                self.send(match, index)
        return lines

    def send(self, match, index):
        payload = b"%d %d %s" % (match, index, self.matches[match][index])
        self.client.publish(self.prefix + "/line", payload, qos=1)

    def nudge(self, pause=1.0):
        """As a slate does when what the organiser holds stays short of its journal:
        after `pause` s without progress, send again what follows /have."""

        def watch():
            seen = None
            while not self.closing:
                time.sleep(pause)
                have = self.last_have
                if have is not None and have == seen and have != self.written_end():
                    self.resend(have)
                seen = have

        threading.Thread(target=watch, daemon=True).start()

    def written_end(self):
        match, index = self.order[self.written - 1]
        return match, index + 1

    def wait_held(self, have, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.last_have == have:
                return True
            time.sleep(0.05)
        return False

    def close(self):
        self.closing = True
        self.client.disconnect()
        self.client.loop_stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
