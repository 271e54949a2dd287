"""The live ranking: the standing as `ardoise tournament` gives it from the evening's
files at this moment, each table's state, and the page that shows them.

The page is served read-only on the LAN by a plain http.server: `/` the
page, `/state` the standing as JSON, `/events` the same as Server-Sent
Events (one message each time a confirmed line changes it; the page
updates without a reload), `/qr.svg` a QR code of the page's address for
the tables. Nothing in it names a password: the standing is made from the
journals alone. Under /slate/, the slate's page for the tables' phones
(phones.py).
"""

import html
import json
import pathlib
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from host_tools.evening import championship, lang
from host_tools.evening import results as results_module
from host_tools.evening.folder import EveningError
from host_tools.logs import ranking as ranking_module
from host_tools.logs import standings
from host_tools.logs.matchlog import read_match_log
from scoring import LogError

SCORES = ("session_points", "games", "points", "coches", "parties", "slate", "balance")


def lan_address():
    """This computer's address on the LAN (the one a route to the outside leaves from)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: only the route is chosen
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Logs:
    """The evening's logs folded, each read again only when its bytes changed.

    Only the reading of the bytes holds `lock` (the copy appends and renames
    under it); the folding does not, so lines go on arriving meanwhile.
    """

    def __init__(self, folder, lock=None):
        self.folder = folder
        self.lock = lock or threading.Lock()
        self.cache = {}  # path: (size, mtime_ns, MatchLog or LogError)

    def read(self, skip=()):
        """{path: MatchLog or LogError} for every *.jsonl under the folder but `skip`."""
        changed = {}
        found = {}
        with self.lock:
            for path in sorted(self.folder.rglob("*.jsonl")):
                if path in skip:
                    continue
                stat = path.stat()
                key = (stat.st_size, stat.st_mtime_ns)
                found[path] = key
                if self.cache.get(path, (None, None))[:2] != key:
                    changed[path] = path.read_bytes()
        for path, data in changed.items():
            try:
                folded = read_match_log(path, data)
                folded.data = data
            except LogError as error:
                folded = error
            self.cache[path] = found[path] + (folded,)
        for path in set(self.cache) - set(found):
            del self.cache[path]
        return {path: self.cache[path][2] for path in found}


class Held:
    """The evening's logs as `run` holds them: each board's copy folded as its lines
    came (copy.py, fold.py), never read nor folded again, and any other log under
    the folder (a board without Wi-Fi pulled there with pull-log) through Logs.

    `copies` is the runner's {board: BoardCopy}, changed under `lock`.
    """

    OTHERS = 2.0  # s: the folder is looked through for other logs at most this often

    def __init__(self, folder, copies, lock):
        self.copies = copies
        self.lock = lock
        self.others = Logs(folder, lock)
        self.found = {}  # the other logs, as last looked for
        self.looked = None

    def read(self):
        with self.lock:
            held = {}
            for copy in self.copies.values():
                held.update(copy.logs())
        now = time.monotonic()
        if self.looked is None or now - self.looked >= self.OTHERS:
            self.found = self.others.read(skip=held)
            self.looked = now
        logs = dict(self.found)
        logs.update(held)  # a copy's own, as folded now, whatever was found
        return dict(sorted(logs.items(), key=lambda item: item[0].parts))  # Path's own order


def score_of(state):
    """A table's score without its players' names: [the first of SCORES the state has,
    A's, B's], or None (a balance per seat: [key, values...])."""
    for key in SCORES:
        value = state.get(key)
        if isinstance(value, dict):
            return [key, value.get("A"), value.get("B")]
        if isinstance(value, list):
            return [key, *value]
    return None


def score_text(state):
    """A table's score in a few words, in English (the state for MQTT clients)."""
    score = score_of(state)
    if not score:
        return ""
    if len(score) == 3:
        return "%s A %s, B %s" % (score[0].replace("_", " "), score[1], score[2])
    return "%s %s" % (score[0], " ".join(map(str, score[1:])))


def table_state(board, entry, log, seen, online=None):
    """One table as the page shows it: its teams and score as players see them
    ("teams", "scores": the ranking's unit), the deal, and its deals one by one."""
    row = {"table": entry["table"], "board": board, "seen": seen.get(board)}
    row["status"] = (online or {}).get(board)  # online, offline, or None: not heard
    if log is None:
        row["state"] = "no match yet"
        return row
    if isinstance(log, LogError):
        row["state"] = "refused: %s" % log
        return row
    session = log.header.get("session")
    table = results_module.match_table(entry["table"], log)
    named = log.header.get("names")  # the slate's own (the report credits seats too)
    row["names"] = list(named or ())
    row["deal"] = table.deal
    row["deals"] = session
    if named:  # the teams by their names, as the players see them
        row["teams"] = table.teams
        row["scores"] = table.scores
        row["unit"] = table.unit
    row["over"] = table.over
    row["deal_rows"] = results_module.deals(log)
    # A session's points are what its players are credited with; a match
    # without a session is told by its games, as on the slate.
    final = log.final if session else dict(log.final, session_points=None)
    row["score"] = score_of(final)
    row["state"] = score_text(final)
    if session and log.final.get("session_left") == 0:
        row["state"] += " (session over)"
    return row


def lines_json(lines):
    """A standing's lines for the page: [place, name, won, difference, matches, {session: won}]."""
    return [
        [line.place, line.name, line.won, line.difference, line.matches, line.sessions]
        for line in lines
    ]


def standing(evening, logs, seen=None, online=None):
    """The evening's standing now: a dict the page and `status` show."""
    folded = logs.read()
    good = {path: log for path, log in folded.items() if not isinstance(log, LogError)}
    refused = [
        "%s: %s" % (path.relative_to(evening.folder), error)
        for path, error in folded.items()
        if isinstance(error, LogError)
    ]
    result = {"evening": evening.id, "title": evening.settings.get("title", ""), "refused": refused}
    result["lang"] = evening.settings.get("lang", lang.DEFAULT)
    draws = evening.settings.get("draws", [])
    result["session"] = len(draws)
    result["sessions"] = evening.settings.get("sessions")
    result["standings"] = []  # the evening's places, with the tie-break (results.py)
    result["session_standings"] = []
    try:
        made = results_module.results(evening, good)
        result["lines"] = standings.report_lines(made.ranked, made.skipped)
        result["rankings"] = [
            {
                "kind": ranking.kind,
                "unit": ranking.unit,
                "matches": ranking.matches,
                "rows": [
                    [rank, standing.name, standing.total, standing.matches]
                    for rank, standing in standings.ranks(ranking.standings)
                ],
            }
            for ranking in made.ranked
        ]
        result["standings"] = [
            {"kind": kind, "unit": unit, "rows": lines_json(lines)}
            for kind, unit, lines in made.standings
        ]
        result["session_standings"] = [
            {
                "session": session.session,
                "finished": session.finished,
                "tables": len(session.tables),
                "begun": sum(1 for table in session.tables if table.scores),
                "sit_out": session.sit_out,
                "standings": [
                    {"kind": kind, "unit": unit, "rows": lines_json(lines)}
                    for kind, unit, lines in session.standings
                ],
            }
            for session in made.sessions
        ]
    except (standings.ReportError, ranking_module.RankingError) as error:
        result["lines"] = []
        result["rankings"] = []
        result["refused"].append(str(error))
    tables = []
    by_folder = {}
    for path in folded:
        by_folder.setdefault(path.parent, []).append(path)
    for board, entry in sorted(evening.boards.items(), key=lambda item: item[1]["table"]):
        # The match on the slate: the board's highest number (pull.log_name).
        held = by_folder.get(evening.logs / board)
        log = folded[max(held)] if held else None
        row = table_state(board, entry, log, seen or {}, online)
        if held:
            # What the organiser holds of the board: its match, and lines of it.
            row["match"] = ranking_module.board_of(max(held))[1]
            if getattr(log, "data", None) is not None:
                row["lines"] = log.data.count(b"\n")
        tables.append(row)
    result["tables"] = tables
    if championship.is_championship(evening.settings):
        try:
            result["championship"] = championship.live(evening, good)
        except EveningError as error:
            result["refused"].append(error.said(lang.of(evening)))
    return result


class Live:
    """The standing, made again (at most every `pause` s) when `changed()` is called,
    from the runner's `copies` ({board: BoardCopy}) if given, else from the files."""

    def __init__(
        self, evening, seen, on_update=None, pause=0.2, lock=None, copies=None, online=None
    ):
        self.evening = evening
        lock = lock or threading.Lock()
        # The runner's copies when it gives them, else the files read as they change.
        self.logs = Logs(evening.logs, lock) if copies is None else Held(evening.logs, copies, lock)
        self.seen = seen  # {board: "HH:MM:SS"}, kept by the runner
        self.online = online  # {board: "online" or "offline"}, kept by the runner
        self.on_update = on_update
        self.pause = pause
        self.condition = threading.Condition()
        self.version = 0
        self.dirty = True
        self.closing = False
        self.current = standing(evening, self.logs, seen, online)
        self.thread = threading.Thread(target=self._work, daemon=True)
        self.thread.start()

    def changed(self):
        with self.condition:
            self.dirty = True
            self.condition.notify_all()

    def _work(self):
        while True:
            with self.condition:
                while not self.dirty and not self.closing:
                    self.condition.wait()
                if self.closing:
                    return
                self.dirty = False
            try:
                made = standing(self.evening, self.logs, self.seen, self.online)
            except OSError:  # a match archived (renamed) while it was read: again
                self.changed()
                time.sleep(self.pause)
                continue
            made["updated"] = time.strftime("%H:%M:%S")
            with self.condition:
                self.current = made
                self.version += 1
                self.condition.notify_all()
            if self.on_update:
                self.on_update(made)
            time.sleep(self.pause)

    def wait(self, version, timeout):
        """The standing once its version passes `version` (or after `timeout`)."""
        with self.condition:
            self.condition.wait_for(lambda: self.version > version or self.closing, timeout)
            return self.version, self.current

    def close(self):
        with self.condition:
            self.closing = True
            self.condition.notify_all()
        self.thread.join(5)


PAGE = pathlib.Path(__file__).with_name("page.html")


def page_html(evening):
    """The page, in the evening's language; every language's texts in it, to switch."""
    texts = {code: lang.Texts(code).texts for code in lang.LANGUAGES}
    title = evening.settings.get("title") or lang.of(evening)("page_title")
    return PAGE.read_text(encoding="utf-8") % {
        "title": html.escape(title),
        "lang": evening.settings.get("lang", lang.DEFAULT),
        # In a <script>: no "</" may close it early.
        "texts": json.dumps(texts, ensure_ascii=False).replace("</", "<\\/"),
    }


def qr_svg(url):
    import io

    import segno

    out = io.BytesIO()
    # Four modules of quiet zone, as the standard asks: a phone finds the code at once.
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=4)
    return out.getvalue()


def serve(live, port, url, bind="", phones=None):
    """The page's server, started in a thread; stop it with stop_server(server).
    `phones`: the phones' slate page and copies (phones.Pages), at /slate/."""
    page = page_html(live.evening).encode()
    qr = qr_svg(url)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # the organiser's terminal shows the evening, not this
            pass

        def send(self, body, kind):
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):  # noqa: N802 (http.server's name)
            if self.path == "/":
                self.send(page, "text/html; charset=utf-8")
            elif self.path == "/state":
                self.send(json.dumps(live.current).encode(), "application/json")
            elif self.path == "/qr.svg":
                self.send(qr, "image/svg+xml")
            elif self.path == "/events":
                self.events()
            elif not (phones and phones.answer(self)):
                self.send_error(404)

        def events(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            version, state = live.version, live.current
            message = b"data: %s\n\n" % json.dumps(state).encode()
            try:
                while not live.closing:
                    self.wfile.write(message)
                    self.wfile.flush()
                    newer, state = live.wait(version, 15)
                    # Nothing new: a comment keeps the connection open.
                    message = (
                        b"data: %s\n\n" % json.dumps(state).encode()
                        if newer != version
                        else b": still here\n\n"
                    )
                    version = newer
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = ThreadingHTTPServer((bind, port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
