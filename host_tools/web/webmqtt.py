"""umqtt.simple's API, as ardoise/net.py uses it, over the page's mqtt.js.

MicroPython code: the page's build puts it in place of micropython-lib's
umqtt/simple.py (host_tools/web/build.py), which speaks MQTT's bytes over
a TCP socket and waits for each acknowledgement in a blocking read, which
a page cannot make: its messages arrive only once the firmware's poll has
handed control back. Here each call is one command through the page's
socket (webnet.py), and mqtt.js, the well-kept browser client, speaks MQTT
over WebSockets, acknowledgements, keepalive and all.

As umqtt.simple, the client takes its socket from the module's `socket`,
which net.py sets to its _Link: the connect writes, then reads the broker's
answer, which _Link makes net.py ask again later until it has come. What
net.py decides stays its own: when to connect and retry, what to subscribe
to, which line to publish (QoS 1; a line the broker never took is sent
again from the organiser's /have, as on a board).
"""

import socket  # the page's (webnet.py); net.py sets it to its _Link
from binascii import hexlify


class MQTTException(Exception):
    pass


def _text(data):
    return data.decode() if isinstance(data, (bytes, bytearray)) else data


class MQTTClient:
    def __init__(self, client_id, server, port=0, user=None, password=None, keepalive=0, **rest):
        self.client_id = client_id
        self.server = server
        self.port = port
        self.user = user
        self.password = password
        self.keepalive = keepalive
        self.will = None
        self.cb = None
        self.sock = None

    def set_callback(self, f):
        self.cb = f

    def set_last_will(self, topic, msg, retain=False, qos=0):
        self.will = {
            "topic": _text(topic),
            "payload": hexlify(msg).decode(),
            "retain": retain,
            "qos": qos,
        }

    def connect(self, clean_session=True, timeout=None):
        """Connect, as umqtt does: the request written, then the broker's answer read
        (net.py's _Link makes the read ask again later until the page has it)."""
        self.sock = socket.socket()
        self.sock.connect(socket.getaddrinfo(self.server, self.port)[0][-1])
        options = {
            "client_id": _text(self.client_id),
            "user": _text(self.user),
            "password": _text(self.password),
            "keepalive": self.keepalive,
            "clean": clean_session,
            "will": self.will,
        }
        self.sock.write(("connect", options))
        answer = self.sock.read(1)
        if not answer:  # b"": the page's connection ended before an answer
            raise OSError(-1)
        if answer[0] == "refused":
            raise MQTTException(answer[1])
        return False

    def disconnect(self):
        self.sock.close()

    def ping(self):
        pass  # mqtt.js keeps the connection alive itself

    def publish(self, topic, msg, retain=False, qos=0):
        self.sock.write(("publish", _text(topic), hexlify(msg).decode(), retain, qos))

    def subscribe(self, topic, qos=0):
        self.sock.write(("subscribe", _text(topic), qos))

    def wait_msg(self):
        """The next thing the page said: a message goes to the callback."""
        said = self.sock.read(1)
        if said is None:
            return None
        if said == b"":
            raise OSError(-1)  # the page's connection ended
        if said[0] == "message":
            self.cb(said[1], said[2])
            return 0x30
        return None

    def check_msg(self):
        self.sock.setblocking(False)
        return self.wait_msg()
