"""ardoise/mqtt.py's client, as ardoise/net.py uses it, over the page's mqtt.js.

MicroPython code: the page's build puts it in place of ardoise/mqtt.py
(host_tools/web/build.py), whose umqtt.simple speaks MQTT's bytes over a
TCP socket and waits for each acknowledgement in a blocking read, which
a page cannot make: its messages arrive only once the firmware's poll has
handed control back. Here each call is one command through the page's
socket (webnet.py), and mqtt.js, the well-kept browser client, speaks MQTT
over WebSockets, acknowledgements, keepalive and all.

As ardoise/mqtt.py's, the client is handed the socket net.py connected (its
_Link over the page's socket): `hello` writes the connect, `answer` reads
the broker's answer once net.py sees it came. What net.py decides stays its
own: when to connect and retry, what to subscribe to, which line to
publish (QoS 1; a line the broker never took is sent again from the
organiser's /have, as on a board).
"""

from binascii import hexlify


class MQTTException(Exception):
    pass


def _text(data):
    return data.decode() if isinstance(data, (bytes, bytearray)) else data


class Client:
    def __init__(self, user, password, keepalive, will_topic, will):
        self.user = user
        self.password = password
        self.keepalive = keepalive
        self.will = {
            "topic": _text(will_topic),
            "payload": hexlify(will).decode(),
            "retain": True,
            "qos": 1,
        }
        self.cb = None
        self.sock = None

    def set_callback(self, f):
        self.cb = f

    def hello(self, sock):
        """The connect, written on `sock` (net.py's _Link over the page's socket)."""
        self.sock = sock
        options = {
            "client_id": _text(self.user),
            "user": _text(self.user),
            "password": _text(self.password),
            "keepalive": self.keepalive,
            "clean": True,
            "will": self.will,
        }
        sock.write(("connect", options))

    def answer(self):
        """The broker's answer, once net.py sees it came: MQTTException if refused."""
        answer = self.sock.read(1)
        if not answer:  # b"": the page's connection ended before an answer
            raise OSError(-1)
        if answer[0] == "refused":
            raise MQTTException(answer[1])

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
