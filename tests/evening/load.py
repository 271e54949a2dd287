"""An evening played by simulated slates against the real organiser, timed.

`new_evening(folder, slates, sessions, deals)`: `ardoise evening new` with 4
players a slate, every session drawn (`draw`), a slate enrolled at each
table. `play_evening(evening, tick)`: with the evening's Mosquitto already
listening, starts the real `ardoise evening run` on it, and has each slate
(tests/evening/boards.py's Board) write a line of its journal every `tick` s:
Bruus sessions played at random by the rules core (journals.py), a match a
session, with the seating drawn. Returns the figures and what is needed to
check the folder:

- lines, the seconds of play, the lines per second offered and the lines
  per second the organiser took in (from the first line written to the last
  one in a ranking);
- each line's latency, from its writing on a slate to the first standing the
  page sends (its Server-Sent Events, as a phone receives them; the organiser
  publishes the same on /ranking) that holds it (its table's match and lines).

tests/test_proof_evening.py plays 60 slates with it; `make bench`
(host_tools/bench/evening.py) the test evening of 12 players and a club's of
240, by `python -m tests.evening.load [--slates 60]`, which prints the figures
as JSON.
"""

import argparse
import contextlib
import io
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from host_tools.bench.broker import free_port
from host_tools.common import ROOT
from host_tools.evening import broker
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import ORGANISER, Evening
from tests.evening.boards import Board, wait_until
from tests.evening.journals import session


def new_evening(folder, slates, sessions, deals):
    """An evening of 4 players a slate, every session drawn, a slate at each table."""
    folder.mkdir(parents=True, exist_ok=True)
    names = folder.parent / (folder.name + "-names.txt")
    names.write_text("".join("Player %03d\n" % n for n in range(1, 4 * slates + 1)))
    ports = [str(free_port()) for _ in range(3)]
    with contextlib.redirect_stdout(io.StringIO()):  # the plans, a line a table
        assert evening_main(["new", str(folder), "--players", str(names),
                             "--sessions", str(sessions), "--deals", str(deals),
                             "--ssid", "club", "--wifi-password", "secret",
                             "--broker-port", ports[0], "--websockets-port", ports[1],
                             "--page-port", ports[2]]) == 0  # fmt: skip
        for number in range(sessions):
            # Every session drawn before any is played: forced.
            assert evening_main(["draw", str(folder), "--seed", str(number), "--force"]) == 0
    made = Evening.load(folder)
    for table in range(1, slates + 1):
        made.enrol("s%d" % table, None, table)
    made.save()
    broker.write_config(made)
    return made


def journals(evening):
    """{board: {match number: lines}}: each session a match of the slate at its table."""
    rng = random.Random(22)
    deals = evening.settings["deals"]
    boards = {}
    for draw in evening.settings["draws"]:
        for table in draw["tables"]:
            board = evening.board_at(table["table"])
            lines = session(rng, table["names"], deals, table["rules"])
            boards.setdefault(board, {})[draw["session"]] = lines
    return boards


class Ranking:
    """The page's standing as a phone receives it (/events, Server-Sent Events): for
    each line written on a slate, when the first standing that holds it came (its
    latency). The organiser publishes the same standing on /ranking at that moment."""

    def __init__(self, page, written):
        self.written = written  # {board: [(match, index + 1, time written), ...]} in order
        self.seen = {board: 0 for board in written}  # lines of each board in a standing
        self.latencies = []
        self.completed = None  # when the last line came into a standing
        self.lock = threading.Lock()
        self.socket = socket.create_connection(("127.0.0.1", page), timeout=10)
        self.socket.sendall(b"GET /events HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        self.socket.settimeout(None)
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        try:
            with self.socket.makefile("rb") as stream:
                for raw in stream:  # the headers, then a message a standing
                    if raw.startswith(b"data: "):
                        self.heard(json.loads(raw[6:]))
        except (OSError, ValueError):
            pass  # closed

    def heard(self, standing):
        now = time.monotonic()
        with self.lock:
            for table in standing["tables"]:
                board, held = table["board"], (table.get("match") or 0, table.get("lines", 0))
                lines = self.written.get(board, ())
                while self.seen[board] < len(lines) and lines[self.seen[board]][:2] <= held:
                    self.latencies.append(now - lines[self.seen[board]][2])
                    self.seen[board] += 1
                    self.completed = now

    def count(self):
        with self.lock:
            return len(self.latencies)

    def close(self):
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)
        self.thread.join(5)
        self.socket.close()


def start_run(evening, page):
    """`ardoise evening run` on the evening's broker, already listening."""
    url = "mqtt://%s@127.0.0.1:%d" % (ORGANISER, evening.settings["broker"]["port"])
    command = ["evening", "run", evening.folder, "--broker", url, "--page-port", page,
               "--page-host", "127.0.0.1"]  # fmt: skip
    return subprocess.Popen(
        [sys.executable, "-m", "host_tools"] + [str(part) for part in command],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def page_state(port):
    with urllib.request.urlopen("http://127.0.0.1:%d/state" % port, timeout=5) as reply:
        return json.loads(reply.read())


def page_answers(port):
    try:
        page_state(port)
        return True
    except OSError:
        return False


def play(boards, written, tick):
    """Every slate writes its next line each `tick` s, until each journal is written."""
    while any(board.written < len(board.order) for board in boards.values()):
        for name, board in boards.items():
            if board.written < len(board.order):
                match, index = board.order[board.written]
                written[name].append((match, index + 1, time.monotonic()))
                board.write(1)
        time.sleep(tick)


def play_evening(evening, tick):
    """The evening played (see the module's text): (figures, journals, the page's last
    standing, `run`'s output). Raises AssertionError when a line never reached a ranking."""
    matches = journals(evening)
    total = sum(len(lines) for journal in matches.values() for lines in journal.values())
    page = free_port()
    run = start_run(evening, page)
    boards, ranking, output, shown = {}, None, "", None
    written = {board: [] for board in matches}
    try:
        assert wait_until(lambda: page_answers(page), 30), "the page did not answer"
        ranking = Ranking(page, written)
        # No fault here, so no nudge: a line lost would be a line never in a ranking.
        boards = {name: Board(evening, name, matches[name]) for name in sorted(matches)}
        started = time.monotonic()
        play(boards, written, tick)
        played = time.monotonic() - started
        held = wait_until(lambda: ranking.count() == total, 60 + total / 100)
        taken = (ranking.completed or time.monotonic()) - started
        time.sleep(1)  # the standing made once more, then read from the page
        shown = page_state(page)
    finally:
        for board in boards.values():
            board.close()
        if ranking:
            ranking.close()
        run.terminate()
        output = run.communicate(timeout=30)[0]
    assert held, "the ranking never held every line: %s" % {
        name: (ranking.seen[name], len(written[name])) for name in written
    }
    lags = sorted(ranking.latencies)
    figures = {
        "slates": len(matches),
        "sessions": len(evening.settings["draws"]),
        "deals": evening.settings["deals"],
        "lines": total,
        "played": played,
        "offered": total / played,
        "taken": total / taken,
        "median": statistics.median(lags),
        "worst": lags[-1],
    }
    return figures, matches, shown, output


def describe(figures):
    sessions = "1 session" if figures["sessions"] == 1 else "%(sessions)d sessions" % figures
    return sessions.join(("%(slates)d slates, ", " of %(deals)d deals: ")) % figures + (
        "%(lines)d lines in "
        "%(played).1f s of play (offered %(offered).0f lines/s); the organiser took them in at "
        "%(taken).0f lines/s; a line written to the standing the page sent: median %(median).2f s, "
        "worst %(worst).2f s" % figures
    )


def main(argv=None):
    """The test evening of issue 22 (12 players, 3 slates, 3 sessions of 16 deals), or
    `--slates N` of them, at a line every 0.05 s a slate, on a Mosquitto of its own:
    the figures as JSON."""
    parser = argparse.ArgumentParser(prog="python -m tests.evening.load")
    parser.add_argument("--slates", type=int, default=3, help="tables, a slate each")
    slates = parser.parse_args(argv).slates
    with tempfile.TemporaryDirectory() as scratch:
        evening = new_evening(Path(scratch) / "evening", slates, 3, 16)
        mosquitto = broker.Mosquitto(broker.write_config(evening, bind="127.0.0.1"))
        mosquitto.start()
        try:
            mosquitto.wait_listening(evening.settings["broker"]["port"])
            figures = play_evening(evening, 0.05)[0]
        finally:
            mosquitto.stop()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
