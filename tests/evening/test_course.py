"""The evening's course (issue 34, items 2 and 3), through the real Mosquitto and
`ardoise evening run`, three boards playing: a draw refused while the session is
played, the end of a session said with what comes next, a player who comes late
(drawn from the next session, sitting out after the others) and one who leaves
(drawn no more, keeping what they won), `--sit-out` remembered, a draw taken back
before it is played (the slates told to forget it) and refused once begun, the
seating said sent to the slates.
"""

import json
import random

from host_tools.evening.folder import Evening
from tests.evening.boards import Board
from tests.evening.conftest import start_run, stop_run
from tests.evening.journals import session
from tests.evening.test_evening_e2e import connects, ok
from tests.support.commands import ardoise
from tests.test_device_evening import until

TIER = "slow network"

BOARDS = ("b1", "b2", "b3")
DEALS = 2


def refused(*args):
    said = ardoise("evening", *args)
    assert said.returncode == 1, said.stdout
    return said.stderr


def table_names(evening, board, number):
    table = evening.boards[board]["table"]
    return Evening.load(evening.folder).settings["draws"][number - 1]["tables"][table - 1]["names"]


def play(boards, evening, number, rng, cut=None):
    """Each board begins and plays its table's session `number` (to line `cut`)."""
    for name, board in boards.items():
        if number not in board.matches:
            lines = session(rng, table_names(evening, name, number), DEALS)
            board.matches[number] = lines
            board.order += [(number, index) for index in range(len(lines))]
        left = len(board.order) - board.written
        board.write(left if cut is None else min(cut, left))
    for board in boards.values():
        written = board.order[board.written - 1]
        assert board.wait_held((written[0], written[1] + 1))


def seatings(boards):
    """Each board's seatings heard, as its slate hears them (b"": taken back)."""
    return [board.seatings or [b"null"] for board in boards.values()]


def test_an_evening_with_late_arrivals_a_draw_taken_back_and_its_rhythm(evening):
    evening.settings["lang"] = "en"  # the organiser's messages in English
    evening.save()
    folder = evening.folder
    run = start_run(evening)
    boards = {}
    rng = random.Random(4)
    try:
        port = evening.settings["broker"]["port"]
        until(lambda: connects(port), "the evening's broker")
        boards = {name: Board(evening, name, {}) for name in BOARDS}
        play(boards, evening, 1, rng, cut=3)  # session 1 begun everywhere, not over
        # Session 2 cannot be drawn while 1 is played; nothing changes.
        said = refused("draw", folder)
        assert "session 1 is still played: table 1 (deal " in said and "--force" in said
        assert len(Evening.load(folder).settings["draws"]) == 1
        play(boards, evening, 1, rng)  # every table finishes it
        late_arrival_and_take_back(folder, boards)
        # A player leaves after session 2: drawn no more, keeps what they won.
        leaving = table_names(evening, "b1", 2)[0]
        ok(ardoise("evening", "players", folder, "--withdraw", leaving))
        play(boards, evening, 2, rng)
        won = ranked(folder, leaving)
        third = ok(ardoise("evening", "draw", folder, "--seed", 3))
        seated = {
            n for t in Evening.load(folder).settings["draws"][2]["tables"] for n in t["names"]
        }
        assert leaving not in seated and "Nina" in seated and "sitting out" not in third
        assert ranked(folder, leaving) == won
        # Begun (a match event, no deal yet): no taking back.
        play(boards, evening, 3, rng, cut=1)
        assert "session 3 is begun at tables 1, 2, 3" in refused("draw", folder, "--take-back")
    finally:
        for board in boards.values():
            board.close()
        output = stop_run(run)
    assert "session 1's seating sent to the slates: table 1 (b1), 2 (b2), 3 (b3)" in output
    assert "all 3 tables finished session 1: next, ardoise evening draw %s" % folder in output
    assert "session 2's seating taken back" in output
    assert "all 3 tables finished session 2: next" in output


def ranked(folder, name):
    """`name`'s total and matches as `ardoise tournament` ranks the folder."""
    for line in ok(ardoise("tournament", folder)).splitlines():
        cells = line.split()
        if len(cells) == 4 and cells[1] == name:
            return cells[2:]
    raise AssertionError("%s is not ranked" % name)


def late_arrival_and_take_back(folder, boards):
    """Nina comes late; session 2 drawn with --sit-out, taken back, drawn again."""
    # A player comes late: 13 players, one sits out; --sit-out is chosen once.
    ok(ardoise("evening", "players", folder, "--add", "Nina"))
    assert "--sit-out" in refused("draw", folder)
    drawn = ok(ardoise("evening", "draw", folder, "--sit-out", "--seed", 1))
    out = Evening.load(folder).settings["draws"][1]["sit_out"]
    assert len(out) == 1 and out != ["Nina"]  # she missed session 1: the others first
    assert "sitting out: %s" % out[0] in drawn
    until(lambda: all(json.loads(s[-1])["session"] == 2 for s in seatings(boards)),
          "session 2's seating")  # fmt: skip
    # Taken back before any table plays it: the slates are told to forget it.
    ok(ardoise("evening", "draw", folder, "--take-back"))
    assert len(Evening.load(folder).settings["draws"]) == 1
    assert not (folder / "seating" / "session-2.png").exists()
    until(lambda: all(s[-1] == b"" for s in seatings(boards)), "the seating forgotten")
    # Drawn again: --sit-out stands.
    ok(ardoise("evening", "draw", folder, "--seed", 2))
    second = Evening.load(folder).settings["draws"][1]
    assert len(second["sit_out"]) == 1 and "Nina" not in second["sit_out"]
    until(lambda: all(s[-1] for s in seatings(boards)), "session 2's seating again")


def test_pairs_come_and_go_between_rounds_of_a_championship(tmp_path):
    """Round 1 played through the real Mosquitto and `run`; a pair leaves, another
    comes: round 2 draws the one and not the other, the one who left keeps its result."""
    from tests.evening.test_championship_e2e import new_championship
    from tests.evening.test_season import a_championship

    folder, first = a_championship(tmp_path / "one", 7)
    leaving = next(pair for pair, row in first.items() if row["won"] and row["coches"])
    ok(ardoise("evening", "players", folder, "--withdraw", leaving, "--add", "Nina & Ueli"))
    listed = ok(ardoise("evening", "players", folder))
    assert "Nina & Ueli" in listed and "withdrawn: %s" % leaving in listed
    ok(ardoise("evening", "draw", folder, "--seed", 9))
    second = Evening.load(folder).settings["draws"][1]
    drawn = [" & ".join(pair) for table in second["tables"] for pair in table["pairs"]]
    drawn += [" & ".join(second["bye"])] if second["bye"] else []
    assert leaving not in drawn and "Nina & Ueli" in drawn and len(drawn) == 7
    ranked = json.loads(ok(ardoise("tournament", folder, "--pairs", "--json")))
    kept = next(row for row in ranked if " & ".join(row["pair"]) == leaving)
    assert (kept["won"], kept["coches"]) == (first[leaving]["won"], first[leaving]["coches"])
    # A round robin's schedule is its pairs': none come or go.
    (tmp_path / "two").mkdir()
    robin = new_championship(tmp_path / "two", "--format", "round-robin", "--rounds", 3)
    said = refused("players", robin.folder, "--add", "Nina & Ueli")
    assert "a round robin's schedule is made for its pairs" in said
