"""The pairs' ranking of a Le Brouc championship (host_tools/logs/pairs.py, ruling 35)
and `ardoise tournament --pairs`."""

import json
import random
from types import SimpleNamespace

import pytest

from host_tools.logs import pairs
from host_tools.logs.tournament import main as tournament
from tests.evening.journals import brouc_match

TIER = "quick"

ANNE = ("Anne", "Marc")
PAUL = ("Paul", "Jo")
RÖSLI = ("Rösli", "Hans")
VRENI = ("Vreni", "Sepp")


def result(first, second, coches, winner=None, slate=(0, 0)):
    """A finished (or, with winner None and coches short of 5, unfinished) match."""
    if winner is None and max(coches) >= 5:
        winner = 0 if coches[0] > coches[1] else 1
    source = SimpleNamespace(path="x", short="x")
    return pairs.Result(source, (first, second), coches, slate, winner)


def places(ranked):
    return [(pair.place, pair.pair) for pair in ranked]


def test_matches_won_then_difference_then_coches():
    ranked = pairs.rank(
        [
            result(ANNE, PAUL, (5, 1)),  # Anne +4
            result(RÖSLI, VRENI, (5, 3)),  # Rösli +2
            result(ANNE, RÖSLI, (2, 5)),  # Rösli +3, Anne -3
            result(PAUL, VRENI, (5, 4)),  # Paul +1, Vreni -1
        ]
    )
    assert places(ranked) == [(1, RÖSLI), (2, ANNE), (3, PAUL), (4, VRENI)]
    assert ranked[0].row() == {
        "place": 1,
        "pair": ["Rösli", "Hans"],
        "won": 2,
        "played": 2,
        "coches": 10,
        "conceded": 5,
    }
    # Equal difference: more coches won ranks ahead.
    ranked = pairs.rank([result(ANNE, PAUL, (5, 3)), result(RÖSLI, VRENI, (6, 4))])
    assert places(ranked)[:2] == [(1, RÖSLI), (2, ANNE)]


def test_the_match_between_tied_pairs_decides_else_they_share():
    # Anne and Rösli: 1 won, 9 coches won and 9 conceded each; Anne beat Rösli.
    tied = [result(ANNE, RÖSLI, (5, 4)), result(RÖSLI, PAUL, (5, 4)), result(VRENI, ANNE, (5, 4))]
    ranked = pairs.rank(tied)  # Vreni: 1 won, +1; Paul: none won
    assert [(p.pair, p.won, p.difference, p.coches) for p in ranked[1:3]] == [
        (ANNE, 1, 0, 9),
        (RÖSLI, 1, 0, 9),
    ]
    assert places(ranked) == [(1, VRENI), (2, ANNE), (3, RÖSLI), (4, PAUL)]
    tied[0] = result(ANNE, RÖSLI, (4, 5))  # the other way round: Rösli beat Anne
    tied[1] = result(RÖSLI, PAUL, (4, 5))
    tied[2] = result(VRENI, ANNE, (4, 5))
    assert places(pairs.rank(tied))[1:3] == [(2, RÖSLI), (3, ANNE)]
    # Two pairs tied that never met share the place, and the next place skips.
    ranked = pairs.rank([result(ANNE, PAUL, (5, 3)), result(RÖSLI, VRENI, (5, 3))])
    assert places(ranked) == [(1, ANNE), (1, RÖSLI), (3, PAUL), (3, VRENI)]


def test_a_bye_is_a_match_won_without_coches():
    registered = [ANNE, PAUL, RÖSLI]
    ranked = pairs.rank([result(ANNE, PAUL, (5, 2))], byes=[(1, RÖSLI)], registered=registered)
    rows = {pair.pair: pair.row() for pair in ranked}
    assert rows[RÖSLI] == {"place": 2, "pair": list(RÖSLI), "won": 1, "played": 1, "coches": 0,
                           "conceded": 0}  # fmt: skip
    assert places(ranked) == [(1, ANNE), (2, RÖSLI), (3, PAUL)]


def test_an_unfinished_match_does_not_count():
    ranked = pairs.rank([result(ANNE, PAUL, (3, 2))])
    assert [(p.played, p.coches) for p in ranked] == [(0, 0), (0, 0)]


def test_the_end_rule_of_the_time_limit():
    state = {"deal_open": False, "coches": {"A": 2, "B": 3}, "slate": {"A": 20, "B": 3}}
    assert pairs.time_winner(state) == 1  # more coches
    state["coches"] = {"A": 3, "B": 3}
    assert pairs.time_winner(state) == 0  # equal coches: ahead on the slate
    state["slate"] = {"A": 3, "B": 3}
    assert pairs.time_winner(state) is None  # still equal: one more deal
    state.update(deal_open=True, coches={"A": 4, "B": 0})
    assert pairs.time_winner(state) is None  # the deal in play is finished first


def write_logs(folder, tables, seed=1):
    """Each table's match to 5 coches as a board's log (board t, its match 1)."""
    rng = random.Random(seed)
    for number, (first, second) in enumerate(tables, 1):
        names = [first[0], second[0], first[1], second[1]]
        board = folder / ("b%d" % number)
        board.mkdir(parents=True)
        lines = brouc_match(rng, names)
        (board / ("b%d-0001.jsonl" % number)).write_bytes(b"".join(x + b"\n" for x in lines))


def test_tournament_pairs_from_logs_alone(tmp_path, capsys):
    write_logs(tmp_path / "logs", [(ANNE, PAUL), (RÖSLI, VRENI)])
    assert tournament([str(tmp_path / "logs"), "--pairs", "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)
    keys = [(-row["won"], row["conceded"] - row["coches"], -row["coches"]) for row in ranked]
    assert keys == sorted(keys) and [row["won"] for row in ranked] == [1, 1, 0, 0]
    # Tied pairs here never met: they share the place.
    assert [row["place"] for row in ranked] == [1 + sum(k < key for k in keys) for key in keys]
    assert {tuple(row["pair"]) for row in ranked} == {ANNE, PAUL, RÖSLI, VRENI}
    assert all(row["played"] == 1 and row["won"] in (0, 1) for row in ranked)
    winners = [row for row in ranked if row["won"]]
    assert all(row["coches"] >= 5 for row in winners)
    # The text, the CSV, the page and the picture.
    out = tmp_path / "out"
    out.mkdir()
    files = ["--csv", out / "p.csv", "--html", out / "p.html", "--png", out / "p.png"]
    assert tournament([str(tmp_path / "logs"), "--pairs"] + [str(part) for part in files]) == 0
    text = capsys.readouterr().out
    assert "Le Brouc championship: pairs (4 pairs)" in text and "Anne & Marc" in text
    assert (out / "p.csv").read_text().startswith("place,pair,won,played,coche_difference")
    assert "Rösli &amp; Hans" in (out / "p.html").read_text()
    assert (out / "p.png").read_bytes().startswith(b"\x89PNG")


def test_json_needs_pairs(capsys):
    with pytest.raises(SystemExit):
        tournament(["x", "--json"])
    assert "add --pairs" in capsys.readouterr().err


def test_other_games_are_skipped_and_said(tmp_path, capsys):
    write_logs(tmp_path / "logs", [(ANNE, PAUL)])
    bruus = tmp_path / "logs" / "bruus.jsonl"
    bruus.write_text('{"ev":"match","game":"bruus","names":["A","B","C","D"]}\n{"ev":"deal"}\n')
    assert tournament([str(tmp_path / "logs"), "--pairs", "--json"]) == 0
    captured = capsys.readouterr()
    assert len(json.loads(captured.out)) == 2
    assert "bruus.jsonl: skipped: not a Le Brouc etivaz match of four" in captured.err
    bruus.rename(tmp_path / "only.jsonl")
    assert tournament([str(tmp_path / "only.jsonl"), "--pairs"]) == 1
    assert "no Le Brouc etivaz match to rank pairs from" in capsys.readouterr().err


def test_the_evening_folder_gives_byes_and_the_time_limit(tmp_path, capsys):
    """An evening's folder: its registered pairs, a bye, and a match the time limit
    ended (its round's clock started long ago; the log stops between deals)."""
    folder = tmp_path / "evening"
    rng = random.Random(3)
    names = [ANNE[0], PAUL[0], ANNE[1], PAUL[1]]

    def unequal(match):  # stop once the time rule has a winner: 2 deals in
        return match.game.deals >= 2 and match.game.slate[0] != match.game.slate[1]

    lines = brouc_match(rng, names, stop=unequal)
    board = folder / "logs" / "b1"
    board.mkdir(parents=True)
    (board / "b1-0001.jsonl").write_bytes(b"".join(x + b"\n" for x in lines))
    settings = {
        "pairs": [list(ANNE), list(PAUL), list(RÖSLI)],
        "round_minutes": 30,
        "draws": [
            {
                "round": 1,
                "tables": [{"table": 1, "pairs": [list(ANNE), list(PAUL)]}],
                "bye": list(RÖSLI),
            }
        ],
    }
    (folder / "evening.json").write_text(json.dumps(settings))
    assert tournament([str(folder / "logs"), "--pairs", "--json"]) == 0  # logs alone
    alone = json.loads(capsys.readouterr().out)
    assert all(row["played"] == 0 for row in alone)
    (folder / "state").mkdir()
    (folder / "state" / "rounds.json").write_text(
        json.dumps({"1": {"started": 1000.0, "matches": {"b1": [1]}}})
    )
    assert tournament([str(folder), "--pairs", "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)
    by_pair = {tuple(row["pair"]): row for row in ranked}
    assert by_pair[RÖSLI]["won"] == 1 and by_pair[RÖSLI]["coches"] == 0
    assert by_pair[ANNE]["played"] == by_pair[PAUL]["played"] == 1
    assert by_pair[ANNE]["won"] + by_pair[PAUL]["won"] == 1
    assert tournament([str(folder), "--pairs"]) == 0
    text = capsys.readouterr().out
    assert "won (by the time limit)" in text and "round 1: bye for Rösli & Hans" in text
