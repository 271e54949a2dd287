"""A championship round ended by its time limit (ruling 35), the whole way: the
unchanged firmware on MicroPython's unix port as a slate (realtime keys, the PC's
socket: tests/test_device_evening.py's Slate), enrolled by `ardoise evening
enrol`, the real `ardoise evening run` with its Mosquitto. Three pairs (a table
and a bye), a minute a round: the slate begins the round's match from the
seating in one press, plays one deal (75 to 45: 8 to 5 on the slate, no coche),
and the time runs out. The organiser then counts the match won by the pair
ahead on the slate (`status`, `draw` of the next round, `tournament --pairs`),
and the slate, asked to deal, offers New match instead: the next round's match.
"""

import json
import time

from host_tools.bench.broker import free_port
from host_tools.evening.folder import Evening
from tests.evening.conftest import start_run
from tests.evening.test_evening_e2e import connects
from tests.support.commands import ardoise
from tests.test_device_evening import DEAL, Slate, until

TIER = "slow micropython network"

PAIRS = "Anne & Marc\nPaul & Jo\nRösli & Hans\n"


def ok(result):
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_a_round_ended_by_its_time_limit_on_a_slate(tmp_path):
    folder = tmp_path / "evening"
    pairs = tmp_path / "pairs.txt"
    pairs.write_text(PAIRS, encoding="utf-8")
    port = free_port()
    ok(ardoise("evening", "new", folder, "--pairs", pairs, "--round-minutes", 1, "--ssid", "club",
               "--wifi-password", "secret", "--broker-port", port, "--websockets-port",
               free_port(), "--page-port", free_port(), "--lang", "en"))  # fmt: skip
    ok(ardoise("evening", "draw", folder, "--seed", 3))
    slate = Slate(tmp_path / "b1", port)
    (slate.data / "settings.json").write_text('{"sleep": 0}')  # the panel never dims
    enrol = ("--port", "virtual", "--virtual-flash", slate.flash, "--board-id", "b1")
    ok(ardoise("evening", "enrol", folder, *enrol, "--table", 1, "--broker-host", "127.0.0.1"))
    evening = Evening.load(folder)
    table = evening.settings["draws"][0]["tables"][0]
    run = start_run(evening)
    try:
        until(lambda: connects(port), "the evening's broker")
        slate.start()
        time.sleep(3)  # joined, the seating heard
        slate.keys("oo" + DEAL)  # New match: the round's pairs, OK; a deal, A 75
        until(lambda: slate.lines() == 3, "the match and its deal")
        header = json.loads(slate.journal().splitlines()[0])
        assert header["names"] == table["names"] and header["target"] == 5
        played = slate.journal()
        until(
            lambda: "every match won" in ardoise("evening", "status", folder).stdout,
            "the organiser's end of the round",
            timeout=120,
        )
        ranked = json.loads(ok(ardoise("tournament", folder, "--pairs", "--json")))
        won = {tuple(row["pair"]): (row["won"], row["played"]) for row in ranked}
        first, second = (tuple(pair) for pair in table["pairs"])
        assert won[first] == (1, 1) and won[second] == (0, 1)  # 8 to 5 on the slate
        text = ok(ardoise("tournament", folder, "--pairs"))
        assert "%s won (by the time limit)" % " & ".join(first) in text
        time.sleep(5)  # the slate's own count of the minute is over too
        ok(ardoise("evening", "draw", folder))  # round 2: the organiser pushes its seating
        nxt = Evening.load(folder).settings["draws"][1]["tables"][0]
        time.sleep(3)
        # OK closes the note the slate showed (time is up: Anne & Marc win), OK on the
        # slate gives no deal but New match, round 2's pairs first, OK begins it.
        slate.keys("ooo")
        until(lambda: (slate.data / "archive" / "0001.jsonl").exists(), "round 2's match")
        assert (slate.data / "archive" / "0001.jsonl").read_bytes() == played
        assert json.loads(slate.journal().splitlines()[0])["names"] == nxt["names"]
    finally:
        slate.stop()
        run.terminate()
        output = run.communicate(timeout=30)[0]
    assert "round 1's clock started" in output, output
