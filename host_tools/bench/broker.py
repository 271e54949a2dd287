"""A Mosquitto of its own, and a peer that never answers, for the evening's
board tests and bench (issue 22).

    with Broker(folder, {"b3": "pw", "org": "op"}, acl) as broker:
        ... broker.port ...
        broker.stop(); broker.start()     # a broker restart, same port

Mosquitto (the Debian package) runs on 127.0.0.1 on a free port with a
password per user, an ACL and its retained messages kept on disk across a
restart, as an evening's broker keeps them; `stop` ends it and the folder
holds all it wrote. `BlackHole` is a TCP listener that takes connections
and never says a word.
"""

import os
import shutil
import socket
import subprocess
import threading
import time

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
START_S = 10


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def acl_for_boards(evening, boards, organiser):
    """Each board reads and writes only under its own topic; the organiser everywhere."""
    lines = ["user %s" % organiser, "topic readwrite ardoise/#", ""]
    for board in boards:
        lines += ["user %s" % board, "topic readwrite ardoise/%s/%s/#" % (evening, board), ""]
    return "\n".join(lines)


class Broker:
    def __init__(self, folder, users, acl, port=None):
        self.folder = folder
        self.port = port or free_port()
        self.process = None
        folder.mkdir(parents=True, exist_ok=True)
        passwords = folder / "passwords"
        passwords.write_text("")
        for user, password in users.items():
            subprocess.run([PASSWD, "-b", str(passwords), user, password], check=True)
        (folder / "acl").write_text(acl)
        (folder / "mosquitto.conf").write_text(
            "listener %d 127.0.0.1\n"
            # Run as root (a container, CI), Mosquitto would become the
            # user "mosquitto", who may not read this folder: stay who we are.
            "user %s\n"
            "allow_anonymous false\n"
            "password_file %s\n"
            "acl_file %s\n"
            "persistence true\n"
            "persistence_location %s/\n"
            "autosave_interval 1\n"
            "log_dest file %s\n"
            % (
                self.port,
                user_name(),
                passwords,
                folder / "acl",
                folder,
                folder / "log",
            )
        )

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        self.process = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.folder / "mosquitto.conf")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode()
                raise RuntimeError("mosquitto did not start: " + error)
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("mosquitto did not listen on port %d" % self.port)

    def stop(self, kill=False):
        process, self.process = self.process, None
        if process is None:
            return
        if kill:
            process.kill()
        else:
            process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stderr.close()


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


def user_name():
    """Who runs this (POSIX, as Mosquitto is run here): imported here, so that
    `ardoise bench` starts on Windows too."""
    import pwd

    return pwd.getpwuid(os.getuid()).pw_name
