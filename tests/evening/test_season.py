"""A season (issue 34, item 7): `ardoise tournament` over several evenings' folders
ranks the season, each evening's result a column.

Two evenings, each with its own Mosquitto and `ardoise evening run`, are
played by three boards; the season's columns are each evening's own
ranking, its totals their sum.
"""

import random
import re

from tests.evening.boards import Board
from tests.evening.conftest import make_evening, start_run, stop_run
from tests.evening.test_evening_e2e import connects, ok
from tests.evening.test_printouts import BOARDS, play
from tests.support.commands import ardoise
from tests.test_device_evening import until

TIER = "slow network"


def an_evening(folder, seed, date):
    """An evening of one session played through its own broker and `evening run`."""
    evening = make_evening(folder, seed=seed)
    evening.settings["date"] = date
    evening.save()
    run = start_run(evening)
    boards = {}
    try:
        until(lambda: connects(evening.settings["broker"]["port"]), "the evening's broker")
        boards = {name: Board(evening, name, {}) for name in BOARDS}
        won = play(evening, boards, 1, random.Random(seed), 2)
    finally:
        for board in boards.values():
            board.close()
        stop_run(run)
    return {name: points[1] for name, points in won.items()}


def table(text, title):
    """{name: [cells]} of the text table under `title`."""
    lines = text[text.index(title) :].splitlines()[2:]
    rows = {}
    for line in lines:
        if not line.strip():
            break
        cells = line.split()
        rows[cells[1]] = cells
    return rows


def test_the_season_of_two_evenings(tmp_path):
    first = an_evening(tmp_path / "friday-1", 3, "2025-11-07")
    second = an_evening(tmp_path / "friday-2", 4, "2025-11-14")
    assert first != second
    said = ok(ardoise("tournament", tmp_path / "friday-1", tmp_path / "friday-2",
                      "--csv", tmp_path / "season.csv"))  # fmt: skip
    title = "Season: Bruus, schwesing: matchsticks (2 evenings)"
    assert said.startswith(title)
    heading = said.splitlines()[1].split()
    assert heading == ["rank", "name", "2025-11-07", "2025-11-14", "total", "evenings"]
    rows = table(said, title)
    assert set(rows) == set(first) == set(second)
    for name, cells in rows.items():
        assert [int(cell) for cell in cells[2:]] == [
            first[name],
            second[name],
            first[name] + second[name],
            2,
        ]
    totals = [int(cells[4]) for cells in rows.values()]
    assert totals == sorted(totals, reverse=True)
    # Each column is that evening's own ranking.
    for folder, won in (("friday-1", first), ("friday-2", second)):
        alone = ok(ardoise("tournament", tmp_path / folder))
        for name, points in won.items():
            assert re.search(r"\n\s*\d+  %s\s+%d\s+1\n" % (name, points), alone)
    csv = (tmp_path / "season.csv").read_text(encoding="utf-8").splitlines()
    assert csv[0] == "kind,unit,rank,name,2025-11-07,2025-11-14,total,evenings"
    assert len(csv) == 1 + len(first)


def test_a_season_of_pulled_folders_is_asked_for(tmp_path):
    """Logs pulled into a folder an evening (no evening.json): --season says so."""
    lone = ok(ardoise("tournament", "tests/logs/tournament"))
    assert "Season" not in lone
    said = ardoise("tournament", "tests/logs/tournament", "--season")
    assert said.returncode == 1 and "--season ranks two evenings or more" in said.stderr
    both = ok(ardoise("tournament", "--season", "tests/logs/tournament", "docs/examples"))
    assert "Season: Bruus, schwesing: matchsticks (2 evenings)" in both


def a_championship(folder, seed):
    """A championship of 7 pairs, its round 1 played through its own broker and `run`:
    three tables and a bye."""
    import json

    from tests.evening.journals import brouc_match
    from tests.evening.test_championship_e2e import new_championship

    folder.mkdir()
    evening = new_championship(folder)
    ok(ardoise("evening", "draw", evening.folder, "--seed", seed))
    evening.reload()
    run = start_run(evening)
    boards = {}
    try:
        until(lambda: connects(evening.settings["broker"]["port"]), "the evening's broker")
        rng = random.Random(seed)
        for table in evening.settings["draws"][0]["tables"]:
            name = evening.board_at(table["table"])
            boards[name] = Board(evening, name, {1: brouc_match(rng, table["names"])})
            boards[name].write(len(boards[name].order))
        for board in boards.values():
            assert board.wait_held(board.end)
    finally:
        for board in boards.values():
            board.close()
        stop_run(run)
    alone = json.loads(ok(ardoise("tournament", evening.folder, "--pairs", "--json")))
    return evening.folder, {" & ".join(row["pair"]): row for row in alone}


def test_the_season_of_two_championships_ranks_pairs(tmp_path):
    first_folder, first = a_championship(tmp_path / "one", 7)
    second_folder, second = a_championship(tmp_path / "two", 8)
    said = ok(ardoise("tournament", first_folder, second_folder, "--pairs"))
    title = "Season: Le Brouc championship: matches won (2 evenings)"
    assert said.startswith(title)
    lines = said.splitlines()
    assert lines[1].split()[-3:] == ["coche", "difference", "evenings"]
    rows = {}
    for line in lines[2:]:
        if not line.strip():
            break
        cells = line.split()
        rows[" ".join(cells[1:4])] = [int(cell) for cell in cells[4:]]
    assert set(rows) == set(first) == set(second)  # every pair played (or had its bye)
    for pair, cells in rows.items():
        one, two = first[pair], second[pair]
        difference = one["coches"] - one["conceded"] + two["coches"] - two["conceded"]
        assert cells == [one["won"], two["won"], one["won"] + two["won"], difference, 2], pair
    wins = [(cells[2], cells[3]) for cells in rows.values()]
    assert wins == sorted(wins, reverse=True)  # matches won, then the coche difference
