"""The slate's MQTT client at an evening (ardoise/net.py): micropython-lib's
umqtt.simple, its connect in two steps that never hold the loop.

umqtt.simple's connect() makes its own socket, connects it, sends CONNECT
and waits for the broker's answer: on a board, the loop held for as long
as the broker takes. So `Client` is umqtt.simple's MQTTClient with another
way in: `hello` sends CONNECT (MQTT 3.1.1) on a socket net.py connected
without blocking, and `answer`, once that socket is readable, reads the
CONNACK. The rest (subscribe, publish, check_msg, ping, the callback) is
umqtt.simple's own, through the socket it reads and writes as `sock`, so a
new micropython-lib release drops in. The web page replaces this module
with host_tools/web/webmqtt.py, the same API over its mqtt.js.
"""

from umqtt.simple import MQTTClient, MQTTException


class Client(MQTTClient):
    """A clean session as `user` (its client id too), with a retained will
    at QoS 1 sent by the broker if the slate goes silent."""

    def __init__(self, user, password, keepalive, will_topic, will):
        super().__init__(user, "", keepalive=keepalive)
        # CONNECT's fields in the order the protocol puts them, as bytes
        # (a str's len counts characters, the packet counts bytes).
        self.fields = [
            field if type(field) is bytes else field.encode()
            for field in (user, will_topic, will, user, password)
        ]
        self.keepalive_s = keepalive

    def hello(self, sock):
        """CONNECT on `sock`, connected already, in one write: clean session,
        the will retained at QoS 1, user and password."""
        self.sock = sock
        size = 10  # the variable header
        for field in self.fields:
            size += 2 + len(field)
        packet = bytearray(b"\x10")
        while size > 0x7F:  # the remaining length, 7 bits a byte
            packet.append(size & 0x7F | 0x80)
            size >>= 7
        packet.append(size)
        # Protocol "MQTT" level 4; flags user, password, will retain,
        # will QoS 1, will, clean session; the keepalive.
        packet += b"\x00\x04MQTT\x04\xee"
        packet += self.keepalive_s.to_bytes(2, "big")
        for field in self.fields:
            packet += len(field).to_bytes(2, "big")
            packet += field
        sock.write(packet)

    def answer(self):
        """The broker's CONNACK, once the socket is readable: MQTTException
        with its code if the broker refused (user or password), OSError if
        what came is not a CONNACK."""
        answer = self.sock.read(4)
        if not answer or len(answer) < 4 or answer[0] != 0x20 or answer[1] != 2:
            raise OSError(-1)
        if answer[3]:
            raise MQTTException(answer[3])
