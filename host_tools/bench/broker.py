"""The evening's own Mosquitto for the board's tests and bench (issue 22),
and a peer that never answers.

    with Broker(folder, "e1", {"b3": "pw", "organiser": "op"}) as broker:
        ... broker.port ...
        broker.stop(kill=True); broker.start()     # a broker restart, same port

The config, password file, ACL and process are the evening's
(host_tools/evening/broker.py), on 127.0.0.1 on a free port, without the
WebSockets listener, its retained messages kept on disk across a restart.
`BlackHole` is a TCP listener that takes connections and never says a word.
"""

import socket
import threading

from host_tools.evening import broker


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Broker:
    def __init__(self, folder, evening_id, users, port=None):
        self.port = port or free_port()
        conf = broker.config_text(folder, evening_id, self.port, bind="127.0.0.1", keep=True)
        self.mosquitto = broker.Mosquitto(broker.write_files(folder, evening_id, users, conf))

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        self.mosquitto.start()
        try:
            self.mosquitto.wait_listening(self.port)
        except broker.EveningError:
            self.stop()
            raise

    def stop(self, kill=False):
        self.mosquitto.stop(kill)


class BlackHole:
    """A TCP listener on 127.0.0.1 that takes connections and never answers;
    `connections()` counts those taken."""

    def __init__(self):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.taken = []
        self.thread = threading.Thread(target=self.take, daemon=True)
        self.thread.start()

    def take(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:  # closed
                return
            self.taken.append(connection)  # held open, never read nor written

    def connections(self):
        return len(self.taken)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        self.thread.join(5)
        for connection in self.taken:
            connection.close()
