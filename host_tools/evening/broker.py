"""The evening's broker: Mosquitto's config, password file and ACL, and its process.

Every board has its own user (its id) and may publish only under its own
topics, ardoise/EVENING/BOARD/line and /status; it reads its /have and
/seating. The organiser's user reads and writes the whole evening. A
client's id is its user (use_username_as_clientid, on every listener), so
no client can take another's id, which would make Mosquitto drop the one
connected; a client without a user is refused (Mosquitto 2.0 has no other
way to keep it from taking an id: phones read the live page, not MQTT).
The password file holds salted PBKDF2-SHA512
hashes in Mosquitto 2's own format, as mosquitto_passwd writes them: no
password is ever on a command line, in a log or in a page.

Any other MQTT 3.1.1 broker can stand in, given by URL (mqtt://organiser@host:1883,
the password apart: `password_for`): its owner sets its users and ACL as
broker/acl says.
"""

import base64
import ctypes
import errno
import getpass
import hashlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from collections import deque

from host_tools.common import printable
from host_tools.evening import lang
from host_tools.evening.folder import ORGANISER, EveningError, write_whole

MOSQUITTO = "/usr/sbin/mosquitto"
PASSWORD_VARIABLE = "ARDOISE_BROKER_PASSWORD"  # an existing broker's password, if not asked
PR_SET_PDEATHSIG = 1
# The largest message the evening's broker passes on (message_size_limit): a
# board's line is at most some 1,300 bytes, the organiser's ranking of a club's
# evening some tens of KB. A larger one is acknowledged and dropped; a packet
# larger still (max_packet_size: the topic and header's room more) ends its
# client's connection before Mosquitto reads it into memory. A board's flood
# of 150 lines of 1 MiB took `run` from 27 to 334 MB before.
MESSAGE_LIMIT = 256 * 1024
PACKET_LIMIT = MESSAGE_LIMIT + 1024
# Mosquitto stopped this many times within RESTART_WINDOW s: something keeps it
# from running (its config, its port), and the evening stops, saying why.
RESTARTS = 5
RESTART_WINDOW = 60
ITERATIONS = 101  # mosquitto_passwd's own count (Mosquitto 2.0)


def password_line(user, password, salt=None):
    """One line of Mosquitto's password file: user:$7$101$salt$hash (PBKDF2-SHA512)."""
    salt = salt or secrets.token_bytes(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, ITERATIONS)
    return "%s:$7$%d$%s$%s\n" % (
        user,
        ITERATIONS,
        base64.b64encode(salt).decode(),
        base64.b64encode(digest).decode(),
    )


def acl_text(evening_id):
    """The evening's ACL: who may read and write which topic."""
    root = "ardoise/%s" % evening_id
    return "\n".join(
        [
            "# The ACL of evening %s, made by `ardoise evening` (broker.py)." % evening_id,
            "# No client without a user, and each client's id is its user",
            "# (use_username_as_clientid): none can take a board's or the organiser's.",
            "# Each board (user = its id): publish its lines and its status, read what",
            "# the organiser holds of it and its table's seating. Nothing else.",
            "pattern write %s/%%u/line" % root,
            "pattern readwrite %s/%%u/status" % root,
            "pattern read %s/%%u/have" % root,
            "pattern read %s/%%u/seating" % root,
            "# The organiser: the whole evening.",
            "user %s" % ORGANISER,
            "topic readwrite %s/#" % root,
            "",
        ]
    )


def config_text(folder, evening_id, port, websockets=None, bind="", keep=False):
    """Mosquitto's config for the files in `folder`: boards on `port`, pages on
    `websockets` (none if None); `keep` keeps retained messages on disk across a
    restart (the tests' and bench's broker killed and started again)."""
    folder = folder.resolve()
    return "\n".join(
        [
            "# Mosquitto for evening %s, made by `ardoise evening` (broker.py)." % evening_id,
            "per_listener_settings false",
            "# Every client has a user, and its id is that user (each listener below):",
            "# a client without one could take a board's id, which drops the board.",
            "allow_anonymous false",
            "password_file %s" % (folder / "passwd"),
            "acl_file %s" % (folder / "acl"),
            *(
                ["persistence true", "persistence_location %s/" % folder, "autosave_interval 1"]
                if keep
                else ["persistence false"]
            ),
            "# The organiser may fall behind a room of slates for a moment: its lines wait",
            "# for it (Mosquitto drops QoS 1 messages past 1000 queued by default; its 0,",
            "# no limit, made 2.0.11 drop a client's messages in the tests).",
            "max_queued_messages 100000",
            "# No message past this, whoever sends it (a line is at most some 1,300 bytes).",
            "message_size_limit %d" % MESSAGE_LIMIT,
            "max_packet_size %d" % PACKET_LIMIT,
            *(
                # Started as root, Mosquitto would become the user mosquitto, who
                # cannot read the organiser's password file.
                ["user root"] if os.geteuid() == 0 else []
            ),
            "# stderr: unbuffered, each line said at once (stdout, a pipe, is block-buffered:",
            "# a refusal came only at the end of the evening). run.py reads it.",
            "log_dest stderr",
            "log_type error",
            "log_type warning",
            "log_type notice",
            "log_type information",
            "connection_messages true",
            "# The boards, on the LAN.",
            ("listener %d %s" % (port, bind)).strip(),
            "protocol mqtt",
            "use_username_as_clientid true",
            *(
                [
                    "# MQTT over WebSockets, for the same users.",
                    ("listener %d %s" % (websockets, bind)).strip(),
                    "protocol websockets",
                    "use_username_as_clientid true",
                ]
                if websockets
                else []
            ),
            "",
        ]
    )


def write_files(folder, evening_id, users, conf):
    """Write passwd (`users`: user to password, hashed), the evening's acl and
    mosquitto.conf (`conf`) in `folder`; the config's path."""
    lines = [password_line(user, password) for user, password in users.items()]
    write_whole(folder / "passwd", "".join(lines).encode(), private=True)
    write_whole(folder / "acl", acl_text(evening_id).encode())
    write_whole(folder / "mosquitto.conf", conf.encode())
    return folder / "mosquitto.conf"


def write_config(evening, bind=""):
    """Write broker/mosquitto.conf, passwd and acl for the evening as it stands."""
    broker = evening.settings["broker"]
    users = {ORGANISER: evening.secrets["organiser"]}
    for board in sorted(evening.boards):
        password = evening.board_password(board)
        if password is not None:  # none: a phone taken back, which no longer connects
            users[board] = password
    folder = evening.broker_folder
    conf = config_text(folder, evening.id, broker["port"], broker["websockets"], bind)
    return write_files(folder, evening.id, users, conf)


class Address:
    """Where the organiser's client connects: host, port, user, password."""

    def __init__(self, host, port, user, password):
        self.host, self.port, self.user, self.password = host, port, user, password

    def __str__(self):  # never the password
        return "mqtt://%s@%s:%d" % (self.user or "", self.host, self.port)


def parse_url(url):
    """An Address, its password None, from mqtt://USER@HOST:PORT (USER the organiser's
    by default); EveningError for anything else. The URL is never repeated: it may
    hold a password, which is never taken from a command line (`password_for`)."""
    parts = urllib.parse.urlsplit(url)
    try:
        host, port = parts.hostname, parts.port or 1883
    except ValueError:
        raise EveningError("refuse_url_port") from None
    if parts.scheme != "mqtt" or not host:
        raise EveningError("refuse_url")
    if parts.password is not None:
        raise EveningError("refuse_url_password", variable=PASSWORD_VARIABLE)
    user = urllib.parse.unquote(parts.username) if parts.username else ORGANISER
    return Address(host, port, user, None)


def password_for(user, evening, password_file=None):
    """The password of `user` on an existing broker, never from a command line: the
    file given, else $ARDOISE_BROKER_PASSWORD, else secrets.json's for the organiser's
    user, else asked on the terminal (never echoed)."""
    if password_file:
        try:
            with open(password_file, encoding="utf-8") as file:
                return file.readline().rstrip("\r\n")
        except (OSError, UnicodeError) as error:
            raise EveningError(
                "refuse_password_file",
                path=password_file,
                error=getattr(error, "strerror", None) or error,
            ) from None
    if os.environ.get(PASSWORD_VARIABLE):
        return os.environ[PASSWORD_VARIABLE]
    if user == ORGANISER:
        return evening.secrets["organiser"]
    if sys.stdin.isatty():
        return getpass.getpass(lang.of(evening)("ask_broker_password", user=user))
    raise EveningError("refuse_no_password", user=user, variable=PASSWORD_VARIABLE)


def check_free(port, option, bind=""):
    """EveningError if TCP `port` cannot be listened on, saying what to do: `option`
    is run's that gives another (page-port, broker-port, websockets-port)."""
    what = lang.Text("port_" + option.replace("-", "_"))
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # As the servers bind: a port left in TIME_WAIT by a run just ended is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((bind, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise EveningError(
                    "refuse_port_used", port=port, what=what, option=option
                ) from None
            raise EveningError("refuse_port", port=port, what=what, error=error.strerror) from None


def end_with_parent():
    """In the broker's process: Linux ends it when `run` ends, even killed outright."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Mosquitto:
    """Mosquitto running the evening's config, its log read line by line.

    `on_line(text)` is called for each line it logs (from a thread).
    """

    def __init__(self, config, on_line=None):
        self.config = config
        self.on_line = on_line
        self.tail = deque(maxlen=20)
        self.process = None
        self.reader = None
        self.stops = []  # when it stopped by itself, within the last RESTART_WINDOW s

    def start(self):
        self.tail.clear()  # what this process says
        executable = MOSQUITTO if os.path.exists(MOSQUITTO) else shutil.which("mosquitto")
        if not executable:
            raise EveningError("refuse_no_mosquitto")
        self.process = subprocess.Popen(
            [executable, "-c", str(self.config)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            preexec_fn=end_with_parent,
        )
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for raw in self.process.stdout:
            # Client ids and users are the clients' words: never the terminal's.
            text = printable(raw.decode("utf-8", "backslashreplace").rstrip())
            self.tail.append(text)
            if self.on_line:
                self.on_line(text)

    def wait_listening(self, port, timeout=10):
        """Wait until the broker accepts connections on `port`; EveningError if it ends first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.reader.join(2)
                raise EveningError("refuse_mosquitto_stopped", said=list(self.tail))
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        self.process.kill()  # never to run beside the next one
        raise EveningError("refuse_mosquitto_silent", port=port, seconds=timeout)

    def keep_up(self, port, say, texts):
        """Mosquitto stopped by itself (killed, say): started again, said in `texts`'
        language, spaced out (0, 1, 2, 3 s), while the page and the copies go on;
        EveningError, saying why, once it stopped RESTARTS times within RESTART_WINDOW s."""
        while True:
            now = time.monotonic()
            self.stops = [at for at in self.stops if now - at < RESTART_WINDOW] + [now]
            why = self.why_stopped(texts)
            self.stop()
            if len(self.stops) >= RESTARTS:
                raise EveningError("refuse_mosquitto_stops", times=len(self.stops), why=why)
            say(texts("run_mosquitto_stopped", why=why, times=len(self.stops), most=RESTARTS))
            time.sleep(len(self.stops) - 1)
            self.start()
            try:
                self.wait_listening(port)
            except EveningError:
                continue  # stopped at once, or never listened: it counts
            say(texts("run_mosquitto_back", port=port))
            return

    def why_stopped(self, texts):
        """How the process ended, and the last line it logged, in a few words."""
        code = self.process.poll() if self.process else None
        if code is None:
            how = texts("mosquitto_silent")
        elif code < 0:
            how = texts("mosquitto_killed", signal=signal.Signals(-code).name)
        else:
            how = texts("mosquitto_exit", code=code)
        if self.reader:
            self.reader.join(2)
        said = [line.split(": ", 1)[-1] for line in self.tail]
        errors = [line for line in said if line.startswith("Error")] or said[-1:]
        if code and code > 0 and errors:
            how += ": " + " ".join(errors[:2])
        return how

    def reload(self):
        """Read the password file and the ACL again (Mosquitto does on SIGHUP)."""
        self.process.send_signal(signal.SIGHUP)

    def running(self):
        return self.process is not None and self.process.poll() is None

    def stop(self, kill=False):
        """End it (SIGTERM, or SIGKILL: a broker dying), wait for it."""
        if self.process is None:
            return
        if self.process.poll() is None:
            if kill:
                self.process.kill()
            else:
                self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.reader:
            self.reader.join(2)
        self.process.stdout.close()
        self.process = None
