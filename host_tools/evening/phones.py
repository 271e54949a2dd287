"""Phones as slates (issue 37): a table's phone enrolled, its link and QR code, the
slate's page that `run` serves at /slate/, and a new phone's matches from the
organiser's copy.

A table's phone is the slate's web page (host_tools/web/): the unchanged
firmware on MicroPython's WebAssembly port, whose ardoise/net.py publishes
its journal over MQTT on WebSockets (the page's mqtt.js) to the evening's
Mosquitto. To the broker and the organiser it is a board: the user
`phoneN` (table N) with a password of its own, the boards' ACL (it
publishes only under ardoise/EVENING/phoneN; its client id is its user),
a copy in logs/phoneN/ like any board's.

- `ardoise evening enrol FOLDER --phone --table N` prints the link, and its
  QR code, and writes both to FOLDER/phones/ (the organiser's alone: they
  hold the password): http://PAGE/slate/#evening=E&user=phoneN&password=P
  &port=WEBSOCKETS&table=N[&lang=L][&host=BROKER]. The fragment never goes
  to a server; the page takes it out of the address at once and keeps the
  enrolment in the browser's storage (its flash), as a board keeps its own.
- Enrolled again, the table's phone gets a new password (a new link): the
  one before is taken back; `--take-back` gives none. `run` has Mosquitto
  read its passwords again, which closes the old phone's connection and
  refuses it from then on.
- A phone that comes to a table whose slate played already (the one before
  taken back, a flat battery) gets the table's matches from the
  organiser's copy (`/slate/copy`, for the table's user and password)
  before the firmware boots: the same archive numbers, the match on the
  slate with every line the organiser holds. net.py then numbers and sends
  as the phone before did, and the table plays on from the last line held.
"""

import base64
import binascii
import hmac
import json
import mimetypes
import threading

from host_tools.evening.copy import as_on_slate
from host_tools.evening.folder import EveningError, new_password, write_whole

USER = "phone%d"
FOLDER = "phones"  # in the evening's folder: each table's link and QR code
PREFIX = "/slate/"  # where `run` serves the page
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
}


def is_phone(entry):
    return bool(entry.get("phone"))


def give(evening, table, take_back=False):
    """Table `table`'s phone: (its user, its new password, or None with `take_back`,
    and whether a phone was given before, now taken back). A table with a board
    is refused, as is one the evening does not have."""
    if table is None:
        raise EveningError("refuse_phone_table")
    evening.check_table(table)
    user = USER % table
    board = evening.board_at(table)
    if board is not None and board != user:
        raise EveningError("refuse_phone_board", table=table, board=board)
    known = evening.boards.get(user)
    if known and not is_phone(known):
        raise EveningError("refuse_phone_user", user=user)
    passwords = evening.secrets.setdefault("boards", {})
    before = passwords.get(user) is not None
    if take_back and known is None:
        raise EveningError("refuse_no_phone", table=table)
    evening.boards[user] = {"table": table, "unique": None, "phone": True}
    if take_back:
        passwords.pop(user, None)
    else:
        passwords[user] = new_password()
    evening.save()
    return user, passwords.get(user), before


def link(evening, user, password, page_host, broker_host=None):
    """The phone's link: the page `run` serves, its enrolment in the fragment."""
    entry = evening.boards[user]
    fields = [
        ("evening", evening.id),
        ("user", user),
        ("password", password),
        ("port", evening.settings["broker"]["websockets"]),
        ("table", entry["table"]),
    ]
    if evening.settings.get("lang"):
        fields.append(("lang", evening.settings["lang"]))
    if broker_host and broker_host != page_host:
        fields.append(("host", broker_host))
    page = "http://%s:%d%s" % (page_host, evening.settings["page_port"], PREFIX)
    return page + "#" + "&".join("%s=%s" % (key, value) for key, value in fields)


def write_codes(evening, table, url):
    """The link and its QR code for table `table`'s phone, to print or show:
    FOLDER/phones/table-N.txt, .png and .svg, readable by the organiser alone."""
    import io

    import segno

    folder = evening.folder / FOLDER
    code = segno.make(url, error="m")
    written = []
    for suffix, kind, options in ((".png", "png", {"scale": 8}), (".svg", "svg", {"scale": 6})):
        out = io.BytesIO()
        code.save(out, kind=kind, border=4, **options)  # four modules of quiet zone
        written.append(folder / ("table-%d%s" % (table, suffix)))
        write_whole(written[-1], out.getvalue(), private=True)
    written.append(folder / ("table-%d.txt" % table))
    write_whole(written[-1], (url + "\n").encode(), private=True)
    return written


def given(evening, table):
    """The link given to table `table`'s phone (its table card shows its code), or None."""
    entry = evening.boards.get(USER % table)
    if not entry or not is_phone(entry):
        return None
    try:
        return (evening.folder / FOLDER / ("table-%d.txt" % table)).read_text().strip() or None
    except FileNotFoundError:
        return None


def terminal_code(url):
    """The QR code as text for the terminal (two rows of modules a line), for a phone
    to scan from the organiser's screen."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=4)
    return out.getvalue()


def take_back_files(evening, table):
    """A taken-back phone's link and code are no longer handed out."""
    for suffix in (".png", ".svg", ".txt"):
        (evening.folder / FOLDER / ("table-%d%s" % (table, suffix))).unlink(missing_ok=True)


# -- what `run` serves the phones -----------------------------------------------------


def can_build():
    """Whether the page's npm packages are here (`make node`), which `run` builds it from."""
    from host_tools.web import build

    return all(source.exists() for source, _ in build.PACKAGED)


class Pages:
    """The slate's page for the phones, at /slate/ of `run`'s server: built from the
    repository (host_tools/web/build.py) into FOLDER/web unless a build of the same
    sources is there, in a thread of its own (the page answers "being built"
    meanwhile); and /slate/copy, a table's matches for its phone."""

    def __init__(self, evening, say=print):
        self.evening = evening
        self.say = say
        self.folder = evening.folder / "web"
        self.ready = False
        self.failure = None
        self.thread = threading.Thread(target=self.prepare, daemon=True)

    def start(self):
        self.thread.start()

    def prepare(self):
        from host_tools.evening import lang
        from host_tools.web import build

        texts = lang.of(self.evening)
        try:
            if not build.up_to_date(self.folder):
                self.say(texts("phones_building", folder=self.folder))
                build.build(self.folder)
            self.ready = True
        except (build.BuildError, OSError) as error:
            self.failure = str(error)
            self.say(texts("phones_no_page", error=error))
        except Exception as error:  # noqa: BLE001  (mpy-cross failing: said, boards go on)
            self.failure = "%s: %s" % (type(error).__name__, error)
            self.say(texts("phones_no_page", error=self.failure))

    def answer(self, handler):
        """Serve `handler`'s GET if it is the phones' (True), else leave it (False)."""
        path = handler.path.split("?", 1)[0].split("#", 1)[0]
        if path == PREFIX.rstrip("/"):
            handler.send_response(301)
            handler.send_header("Location", PREFIX)
            handler.end_headers()
            return True
        if not path.startswith(PREFIX):
            return False
        if path == PREFIX + "copy":
            self.copy(handler)
        elif not self.ready:
            text = self.failure or "The page is being built: try again in a minute."
            send(handler, 503, text.encode(), "text/plain; charset=utf-8")
        else:
            self.file(handler, path[len(PREFIX) :] or "index.html")
        return True

    def file(self, handler, name):
        root = self.folder.resolve()
        path = (root / name).resolve()
        if root not in path.parents or not path.is_file():
            send(handler, 404, b"not found", "text/plain")
            return
        kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
        send(handler, 200, path.read_bytes(), kind or "application/octet-stream", cache="no-cache")

    def copy(self, handler):
        """A table's matches, for the phone that gives the table's user and password."""
        user, password = credentials(handler.headers.get("Authorization", ""))
        entry = self.evening.boards.get(user)  # as `run` read the folder last
        wanted = self.evening.secrets.get("boards", {}).get(user)
        if entry is None or not is_phone(entry) or wanted is None or password is None:
            send(handler, 401, b"not this evening's phone", "text/plain")
            return
        if not hmac.compare_digest(password.encode(), wanted.encode()):
            send(handler, 401, b"not this evening's phone", "text/plain")
            return
        current, files = as_on_slate(self.evening, user)
        body = {
            "current": current,
            "files": [[name, base64.b64encode(data).decode()] for name, data in files],
        }
        send(handler, 200, json.dumps(body).encode(), "application/json", cache="no-store")


def credentials(header):
    """(user, password) from an HTTP Basic Authorization header; (None, None) if none."""
    kind, _, value = header.partition(" ")
    if kind.lower() != "basic":
        return None, None
    try:
        user, colon, password = base64.b64decode(value, validate=True).decode().partition(":")
    except (ValueError, binascii.Error):
        return None, None
    return (user, password) if colon else (None, None)


def send(handler, status, body, kind, cache="no-store"):
    handler.send_response(status)
    handler.send_header("Content-Type", kind)
    handler.send_header("Content-Length", str(len(body)))
    handler.send_header("Cache-Control", cache)
    handler.end_headers()
    handler.wfile.write(body)
