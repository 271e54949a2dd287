"""The championship's commands without a broker (host_tools/evening/championship.py):
`new --pairs` and its checks, `draw` round after round, the plan, `status`, the
seating a slate is given, and the organiser's record of a round's clock."""

import json
import random

import pytest

from host_tools.evening import championship
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import Evening
from tests.evening.journals import brouc_match

TIER = "network"

SIX = "Anne & Marc\nPaul & Jo\nRösli & Hans\nVreni & Sepp\nZoë & Max\nLena & Otto\n"


def new(tmp_path, pairs=SIX, *options):
    path = tmp_path / "pairs.txt"
    path.write_text(pairs, encoding="utf-8")
    folder = tmp_path / "evening"
    code = evening_main(["new", str(folder), "--pairs", str(path), "--ssid", "club",
                         "--wifi-password", "x", "--lang", "en"]
                        + [str(option) for option in options])  # fmt: skip
    return code, folder


@pytest.mark.parametrize(
    "pairs, said",
    [
        ("Anne & Marc\nPaul\n", "line 2: 'Paul' is not a pair: write two names with & between"),
        ("Anne & Marc & Jo\nA & B\n", "line 1: 'Anne & Marc & Jo' is not a pair"),
        ("Anne & \nA & B\n", "line 1: 'Anne &' is not a pair"),
        (
            "Anne & Marc\nPaul & Anne\n",
            "line 2: Anne is already in the pair on line 1 "
            "(Anne & Marc): a person plays in one pair",
        ),  # fmt: skip
        ("Anne & Marc\nMarc & Anne\n", "line 2: Marc & Anne is already the pair on line 1"),
        ("Anne & Anne\nA & B\n", "line 1: 'Anne' is twice in the pair"),
        ("Anne & Marc\n", "names 1 pair: a championship needs at least two"),
        ("# no one yet\n\n", "names 0 pairs: a championship needs at least two"),
        (
            "Anne & Marc\nPaul & Wilhelmina-Sophie\n",
            "line 2: 'Wilhelmina-Sophie' is 17 characters: at most 12",
        ),  # fmt: skip
        ("Anne & -\nA & B\n", "line 1: '-' is the slate's empty seat, not a name"),
        ("Anne & M\u00e4rc\u2603\nA & B\n", "which the slate cannot draw"),
    ],
)
def test_a_pairs_file_that_cannot_be_is_refused_and_nothing_written(tmp_path, capsys, pairs, said):
    code, folder = new(tmp_path, pairs)
    assert code == 1
    assert said in capsys.readouterr().err
    assert not folder.exists()


def test_the_championships_own_checks(tmp_path, capsys):
    many = "".join("P%d & Q%d\n" % (n, n) for n in range(9))
    assert new(tmp_path, many, "--format", "round-robin")[0] == 1
    assert "a round robin is for 8 pairs or fewer (ruling 35)" in capsys.readouterr().err
    assert new(tmp_path, SIX, "--rounds", "6")[0] == 1
    assert "--rounds 6: 6 pairs play 1 to 5 rounds" in capsys.readouterr().err
    assert new(tmp_path, SIX, "--rules", "31")[0] == 1
    assert "a championship is played with rules etivaz" in capsys.readouterr().err
    assert new(tmp_path, SIX, "--game", "bruus")[0] == 1
    assert "--game bruus goes with --players" in capsys.readouterr().err
    assert new(tmp_path, SIX, "--target", "0")[0] == 1
    assert "a match is played to 1 to 99 coches" in capsys.readouterr().err
    assert new(tmp_path, SIX, "--round-minutes", "0")[0] == 1
    assert new(tmp_path, SIX)[0] == 0
    out = capsys.readouterr().out
    assert "Le Brouc championship, 6 pairs, Swiss rounds, 4 rounds (the default for 6 pairs), " \
           "matches to 5 coches (etivaz), no time limit" in out  # fmt: skip


def play_round(folder, seed=1, stop=None):
    """Each table's match of the last round drawn, written as its board's log."""
    evening = Evening.load(folder)
    draw = evening.settings["draws"][-1]
    rng = random.Random(seed)
    for table in draw["tables"]:
        board = folder / "logs" / ("b%d" % table["table"])
        board.mkdir(parents=True, exist_ok=True)
        lines = brouc_match(rng, table["names"], stop=stop)
        path = board / ("b%d-%04d.jsonl" % (table["table"], draw["round"]))
        path.write_bytes(b"".join(line + b"\n" for line in lines))


def test_a_round_robin_of_six_pairs_draws_five_rounds(tmp_path, capsys):
    code, folder = new(tmp_path, SIX, "--format", "round-robin")
    assert code == 0 and "5 rounds (the default for 6 pairs)" in capsys.readouterr().out
    for number in range(1, 6):
        assert evening_main(["draw", str(folder), "--seed", "4"]) == 0
        play_round(folder, number)
    met = [
        frozenset(map(tuple, table["pairs"]))
        for draw in Evening.load(folder).settings["draws"]
        for table in draw["tables"]
    ]
    assert len(met) == len(set(met)) == 15
    assert evening_main(["draw", str(folder)]) == 1
    assert "the 5 rounds are drawn: --show N prints one again" in capsys.readouterr().err


def test_draw_plan_show_status_and_a_round_still_played(tmp_path, capsys):
    code, folder = new(tmp_path, SIX + "Ida & Emil\n")
    assert code == 0
    capsys.readouterr()
    assert evening_main(["draw", str(folder), "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert "Round 1 of 4 (seed 9)" in out and "Bye: " in out
    plans = folder / "seating"
    assert (plans / "round-1.png").read_bytes().startswith(b"\x89PNG")
    page = (plans / "round-1.html").read_text()
    assert "seats 1 and 3" in page and "Bye: " in page
    assert evening_main(["draw", str(folder), "--show", "1"]) == 0
    assert capsys.readouterr().out == out  # the same plan again
    assert evening_main(["draw", str(folder), "--show", "2"]) == 1
    assert "round 2 is not drawn (1 drawn)" in capsys.readouterr().err
    # Two tables finish, one stops before its end: the draw waits, naming it.
    play_round(folder)
    log = sorted((folder / "logs").rglob("*.jsonl"))[-1]
    log.write_bytes(b"".join(log.read_bytes().splitlines(keepends=True)[:5]))
    assert evening_main(["draw", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "round 1 is still played: table 3: " in err and "table 1" not in err
    assert evening_main(["status", str(folder)]) == 0
    status = capsys.readouterr().out
    assert "championship: round 1 of 4; 1 table still playing" in status
    assert "  table 3: " in status and "bye: " in status
    play_round(folder)  # the match played to its end
    assert evening_main(["draw", str(folder)]) == 0
    drawn = Evening.load(folder).settings["draws"]
    assert drawn[1]["bye"] != drawn[0]["bye"] and drawn[1]["seed"] is None


def test_a_match_ended_by_the_time_limit_ends_the_round(tmp_path, capsys):
    code, folder = new(tmp_path, SIX, "--round-minutes", "30")
    assert code == 0
    assert evening_main(["draw", str(folder), "--seed", "2"]) == 0
    evening = Evening.load(folder)
    for table in (1, 2, 3):
        evening.enrol("b%d" % table, None, table)
    evening.save()
    draw = evening.settings["draws"][0]
    seating = json.loads(championship.seating(evening, draw, draw["tables"][0]))
    assert seating == {"round": 1, "table": 1, "names": draw["tables"][0]["names"],
                       "game": "brouc", "rules": "etivaz", "target": 5,
                       "minutes": 30}  # fmt: skip

    def unequal(match):
        return match.game.deals >= 2 and match.game.slate[0] != match.game.slate[1]

    play_round(folder, stop=unequal)  # every table stops between deals, short of 5 coches
    header = (folder / "logs" / "b1" / "b1-0001.jsonl").read_bytes().splitlines()[0]
    said = championship.note_match(evening, "b1", 1, header, now=1000.0)
    assert said == ["round 1's clock started: it ends at %s (30 minutes)" % __import__(
        "time").strftime("%H:%M", __import__("time").localtime(1000.0 + 1800))]  # fmt: skip
    assert championship.note_match(evening, "b2", 1, b'{"ev":"match","game":"brouc",'
                                   b'"names":["A","B","C","D"]}', now=1010.0) == [
        "table 2 (board b2) began a match of A & C against B & D, not its round's pairs "
        "(%s): it is counted for the names it carries" % championship.table_text(
            draw["tables"][1])]  # fmt: skip
    seating = json.loads(championship.seating(evening, draw, draw["tables"][0], now=1600.0))
    assert seating["left"] == 1200 and "minutes" not in seating
    record = json.loads((folder / "state" / "rounds.json").read_text())
    assert record == {"1": {"started": 1000.0, "matches": {"b1": [1], "b2": [1]}}}
    # Long past its limit: the three matches ended by time, the next round can be drawn.
    assert evening_main(["draw", str(folder)]) == 0
    capsys.readouterr()
    assert evening_main(["draw", str(folder), "--show", "1"]) == 0
    assert "Time limit: 30 minutes a round, from its first match." in capsys.readouterr().out


def test_a_round_taken_back_leaves_no_plan_or_card_behind(tmp_path, capsys):
    """Its plan and table cards go with it, as a session's do: no stale round-1 to print."""
    from tests.evening.test_championship_e2e import new_championship

    evening = new_championship(tmp_path)
    assert evening_main(["draw", str(evening.folder), "--seed", "1"]) == 0
    seating = evening.folder / "seating"
    assert {"round-1.png", "round-1-cards.html", "round-1-table-1.png"} <= {
        path.name for path in seating.iterdir()
    }
    assert evening_main(["draw", str(evening.folder), "--take-back"]) == 0
    assert "round 1 taken back" in capsys.readouterr().out
    assert sorted(path.name for path in seating.iterdir()) == []
