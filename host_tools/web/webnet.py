"""The page's network, for the firmware's ardoise/net.py, unchanged: a board's
Wi-Fi and socket, played by the page, whose MQTT client is mqtt.js (page/net.mjs).

MicroPython code, loaded beside webboard.py only on a page enrolled in an
evening (data/evening.json), and put in sys.modules as `network` (which
ardoise/wifi.py imports) and `socket` (net.py's), as host_tools/standin's
`machine` stands in for the hardware. net.py's MQTT client (ardoise/mqtt.py,
umqtt.simple's) is replaced in the page's build by webmqtt.py, its API over
this socket.

- The Wi-Fi (`WLAN`) is joined while the browser says it is online
  (navigator.onLine, told by the page): offline, net.py drops the broker
  and waits for the network as a board waits for its Wi-Fi.
- A `Socket` is a pipe of messages to the page, not of bytes: what is
  written to it (a connect, a publish, a subscribe, by webmqtt.py) goes to
  the page's queue (`commands`), which mqtt.js carries out; what mqtt.js
  says (connected, refused, a message, closed) comes back in (`event`),
  and the socket's poll (select.poll, through `ioctl`) says so as a TCP
  socket's would: writable at once, readable when something came, hung up
  once closed. net.py's _Link, its state machine, its retries and its
  protocol run over it as over the board's TCP connection.

Nothing here raises into the page: the page reads the queue as JSON and
hands each event in as JSON.
"""

import io
import json
import select
from binascii import unhexlify

STA_IF = 0
_POLL = 3  # MicroPython's MP_STREAM_POLL, the request select.poll makes
_HUNG_UP = select.POLLHUP | select.POLLERR

online = True  # what the browser says (navigator.onLine)
# The last the broker said of the connection net.py holds: "" none yet (or
# closed), "up", or "refused" (user or password: taken back).
said = ""
_queue = []  # commands for the page: [socket id, command...]
_sockets = {}  # id: the Socket, while it is open
_made = 0


class WLAN:
    """network.WLAN: the station joined once asked and while the browser is online."""

    def __init__(self, interface=STA_IF):
        self.asked = False

    def active(self, flag=None):
        return True

    def connect(self, ssid=None, password=None):
        self.asked = True

    def isconnected(self):
        return self.asked and online

    def status(self):
        return 3 if self.isconnected() else 0  # STAT_GOT_IP, else joining


def getaddrinfo(host, port, *rest):
    return [(0, 0, 0, "", (host, port))]


class Socket(io.IOBase):
    """One connection to the evening's broker, carried by the page's mqtt.js."""

    def __init__(self, *rest):
        global _made
        _made += 1
        self.id = _made
        self.inbox = []  # what the page said, oldest first
        self.closed = False  # by the page (mqtt.js's connection ended)
        _sockets[self.id] = self

    def setblocking(self, flag):
        pass  # never blocks: a read with nothing there gives None

    def settimeout(self, timeout):
        pass

    def connect(self, address):
        self.address = address  # the connection is made at the MQTT connect (webmqtt)

    def write(self, command, length=-1):
        """A command for the page (a tuple, from webmqtt.py)."""
        if self.closed:
            raise OSError(104)  # ECONNRESET: the page's connection ended
        if command[0] == "connect":  # where to: the address net.py connected to
            command[1]["host"], command[1]["port"] = self.address
        _queue.append([self.id] + list(command))
        return 1

    def read(self, count=-1):
        """The next thing the page said, b"" once closed, None if nothing yet."""
        if self.inbox:
            return self.inbox.pop(0)
        return b"" if self.closed else None

    def ioctl(self, request, flags):
        if request != _POLL:
            return 0
        ready = select.POLLOUT
        if self.inbox or self.closed:
            ready |= select.POLLIN
        if self.closed:
            ready |= select.POLLHUP
        return (ready & flags) | (ready & _HUNG_UP)

    def close(self):
        global said
        if _sockets.pop(self.id, None) is not None and not self.closed:
            _queue.append([self.id, "end"])
        self.closed = True
        if said == "up":
            said = ""


socket = Socket


# -- what the page calls (through webboard) -----------------------------------------


def commands():
    """The commands waiting for the page, as JSON, and none left: [id, "connect",
    {options}], [id, "subscribe", topic, qos], [id, "publish", topic, payload
    in hex, retain, qos], [id, "end"]."""
    global _queue
    if not _queue:
        return "[]"
    taken, _queue = _queue, []
    return json.dumps(taken)


def event(text):
    """What mqtt.js said of connection `id`, as JSON: [id, "up"], [id, "refused",
    code], [id, "message", topic, payload in hex], [id, "closed"]. For a
    connection net.py no longer holds, nothing."""
    global said
    told = json.loads(text)
    link = _sockets.get(told[0])
    if link is None:
        return
    kind = told[1]
    if kind == "closed":
        link.closed = True
        if said == "up":
            said = ""
    elif kind == "message":
        link.inbox.append(("message", told[2].encode(), unhexlify(told[3])))
    else:
        said = kind
        link.inbox.append(tuple(told[1:]))


def set_online(flag):
    global online
    online = bool(flag)
