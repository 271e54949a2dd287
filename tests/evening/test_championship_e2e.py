"""Le Brouc's championship, live (issue 32): 7 pairs over 4 Swiss rounds, a bye each
round, played by three slates through the real Mosquitto and `ardoise evening run`.

The slates are tests/evening/boards.py's (paho clients speaking the slate's
protocol), each at its table; their journals are etivaz matches to 5 coches
played at random by the rules core from the round's seating (the names the
slate writes in its match event: the first pair on seats 1 and 3). Each round
is drawn by `ardoise evening draw`, which refuses while a table still plays.
At the end the page's ranking (/state), `ardoise tournament FOLDER --pairs`
and `ardoise tournament` over the logs as pull-log would give them agree.
"""

import json
import random
import signal
import socket

import pytest

from host_tools.bench.broker import free_port
from host_tools.evening import broker
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import Evening
from tests.evening.boards import Board, wait_until
from tests.evening.conftest import start_run
from tests.evening.journals import brouc_match
from tests.evening.load import page_state
from tests.support.commands import ardoise

TIER = "slow network"

PAIRS = "Anne & Marc\nPaul & Jo\nRösli & Hans\nVreni & Sepp\nZoë & Max\nLena & Otto\nÉmile & Ida\n"
BOARDS = ("b1", "b2", "b3")


def new_championship(tmp_path, *options):
    folder = tmp_path / "evening"
    pairs = tmp_path / "pairs.txt"
    pairs.write_text(PAIRS, encoding="utf-8")
    ports = [free_port() for _ in range(3)]
    assert evening_main(["new", str(folder), "--pairs", str(pairs), "--ssid", "club",
                         "--wifi-password", "secret", "--broker-port", str(ports[0]),
                         "--websockets-port", str(ports[1]), "--page-port", str(ports[2]),
                         "--lang", "en"]
                        + [str(option) for option in options]) == 0  # fmt: skip
    evening = Evening.load(folder)
    for table, board in enumerate(BOARDS, 1):
        evening.enrol(board, None, table)
    evening.save()
    broker.write_config(evening)
    return evening


def listening(port):
    try:
        socket.create_connection(("127.0.0.1", port), 0.5).close()
        return True
    except OSError:
        return False


class Slates:
    """The three boards, each publishing its journal as the rounds add matches to it."""

    def __init__(self, evening):
        self.evening = evening
        self.boards = {name: Board(evening, name, {}) for name in BOARDS}
        self.rng = random.Random(32)

    def play_round(self, number):
        """Each table's match of round `number` written, a line at a time, on its board."""
        draw = Evening.load(self.evening.folder).settings["draws"][number - 1]
        for table in draw["tables"]:
            board = self.boards[BOARDS[table["table"] - 1]]
            lines = brouc_match(self.rng, table["names"])
            with board.lock:
                board.matches[number] = lines
                board.order += [(number, index) for index in range(len(lines))]
            board.write(len(lines))
        for table in draw["tables"]:
            board = self.boards[BOARDS[table["table"] - 1]]
            assert board.wait_held(board.end), (board.prefix, board.last_have, board.end)

    def pulled(self, folder):
        """The boards' journals as `pull-log --to FOLDER` files them: b1/b1-0001.jsonl..."""
        for name, board in self.boards.items():
            (folder / name).mkdir(parents=True)
            for number, lines in board.matches.items():
                data = b"".join(line + b"\n" for line in lines)
                (folder / name / ("%s-%04d.jsonl" % (name, number))).write_bytes(data)

    def close(self):
        for board in self.boards.values():
            board.close()


def ok(result):
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_seven_pairs_four_swiss_rounds_on_three_slates(tmp_path):
    evening = new_championship(tmp_path)
    assert evening.settings["rounds"] == 4  # the default for 7 pairs
    folder = evening.folder
    run = start_run(evening)
    slates = None
    page = evening.settings["page_port"]
    try:
        assert wait_until(lambda: listening(page), 30), "the page did not answer"
        slates = Slates(evening)
        byes = []
        for number in range(1, 5):
            drawn = ok(ardoise("evening", "draw", folder, "--seed", 7))
            assert "Round %d of 4" % number in drawn and "Bye: " in drawn
            if number == 2:  # asked again before the round is played: refused, the tables said
                early = ardoise("evening", "draw", folder)
                assert early.returncode == 1
                assert "round 2 is still played: table 1 (" in early.stderr
                assert "not begun" in early.stderr
            slates.play_round(number)
            byes.append(Evening.load(folder).settings["draws"][-1]["bye"])
        assert len({tuple(bye) for bye in byes}) == 4  # a bye each round, never twice
        status = ok(ardoise("evening", "status", folder))
        assert "round 4 of 4; every match won" in status
        assert ardoise("evening", "draw", folder).returncode == 1  # the 4 rounds are drawn

        def final():
            shown = page_state(page).get("championship") or {}
            return sum(row["played"] for row in shown.get("ranking", ())) == 4 * 7 and shown

        assert wait_until(final, 30), page_state(page).get("championship")
        shown = final()
    finally:
        if slates:
            slates.close()
        run.send_signal(signal.SIGINT)
        output = run.communicate(timeout=30)[0]
    assert run.returncode == 0, output
    assert "began a match of" not in output  # every table played its round's pairs
    # Nothing played twice: the Swiss draw found fresh opponents every round.
    draws = Evening.load(folder).settings["draws"]
    met = [frozenset(map(tuple, table["pairs"])) for d in draws for table in d["tables"]]
    assert len(met) == len(set(met)) == 12
    page_rows = [{k: row[k] for k in row if k != "difference"} for row in shown["ranking"]]
    ranked = json.loads(ok(ardoise("tournament", folder, "--pairs", "--json")))
    assert page_rows == ranked
    assert [row["place"] for row in ranked] == sorted(row["place"] for row in ranked)
    assert sum(row["won"] for row in ranked) == 3 * 4 + 4  # a winner a match, and the byes
    pulled = tmp_path / "pulled"
    slates.pulled(pulled)
    agree_with_pulled_logs(ranked, pulled, byes)


def agree_with_pulled_logs(ranked, pulled, byes):
    """The logs as pull-log gives them: the same pairs' results, byes aside (the logs
    do not know them), and each player credited with their pair's coches."""
    alone = {tuple(row["pair"]): row for row in json.loads(
        ok(ardoise("tournament", pulled, "--pairs", "--json")))}  # fmt: skip
    bye_count = {pair: sum(tuple(bye) == pair for bye in byes) for pair in alone}
    for row in ranked:
        pair = tuple(row["pair"])
        other = alone[pair]
        assert (other["won"] + bye_count[pair], other["played"] + bye_count[pair]) == (
            row["won"],
            row["played"],
        )
        assert (other["coches"], other["conceded"]) == (row["coches"], row["conceded"])
    players = ok(ardoise("tournament", pulled))
    table = players.split("\n\n")[0].splitlines()
    assert table[0] == "Le Brouc, etivaz: coches (12 matches)"
    credited = {}
    for line in table[2:]:
        parts = line.split()
        credited[" ".join(parts[1:-2])] = (int(parts[-2]), int(parts[-1]))
    for row in ranked:
        pair = tuple(row["pair"])
        for name in pair:
            assert credited[name] == (row["coches"], row["played"] - bye_count[pair]), name


@pytest.mark.parametrize("names", [["Anne", "Vreni", "Marc", "Sepp"]])
def test_a_slate_whose_names_are_not_its_tables_pairs_is_said_and_counted(tmp_path, names):
    evening = new_championship(tmp_path)
    ok(ardoise("evening", "draw", evening.folder, "--seed", 7))
    run = start_run(evening)
    board = None
    try:
        assert wait_until(lambda: listening(evening.settings["page_port"]), 30)
        lines = brouc_match(random.Random(1), names)
        board = Board(evening, "b1", {1: lines})
        board.write(len(lines))
        assert board.wait_held(board.end)
        status = ok(ardoise("evening", "status", evening.folder))
    finally:
        if board:
            board.close()
        run.send_signal(signal.SIGINT)
        output = run.communicate(timeout=30)[0]
    assert "table 1 (board b1) began a match of Anne & Marc against Vreni & Sepp, not its " \
           "round's pairs" in output  # fmt: skip
    assert "table 1 (" in status and "not begun" in status  # its own match is still to come
    ranked = json.loads(ok(ardoise("tournament", evening.folder, "--pairs", "--json")))
    played = {tuple(row["pair"]): row["played"] for row in ranked}
    assert played[("Anne", "Marc")] == played[("Vreni", "Sepp")] == 1  # counted as it carries
