"""An evening from the boards to the ranking, with no file edited by hand (issue 14).

Two slates play on the PC (the unchanged firmware under MicroPython, driven
by its buttons: tests/support/*.keys): board 3 a Le Brouc match, then a new
match is begun; board 5 a game of Bruus, then a Treia match left in
progress. Their flash folders become two virtual boards, which `ardoise
deploy --id` names; `ardoise roster` puts the players' names on board 3 and
the slate's own reader reads them back there; `ardoise pull-log` copies each
board's logs into a folder of its own; `ardoise tournament` ranks them by
board and seat, then with the organiser's names file made of the roster's
names.

The second test is the issue's own: the roster deployed by `ardoise
roster`, three matches played on the slate with each seat's player chosen
from it (tests/support/named-evening.keys), the logs pulled through the
virtual board and ranked with the names, no file edited by hand.
"""

import json
import shutil

from host_tools.common import ROOT, run_micropython
from tests import test_device_e2e as e2e
from tests.support.commands import ardoise

TIER = "micropython"

build = e2e.build  # the fixture: the firmware and the harness as .mpy
SUPPORT = ROOT / "tests" / "support"
ROSTER = "Rösli\nÉmile\nPaul\nAnne\nJosiane\n"


def tool(*args):
    return ardoise(*args, timeout=300)


def ok(*args):
    result = tool(*args)
    assert result.returncode == 0, " ".join(map(str, args)) + "\n" + result.stdout + result.stderr
    return result.stdout


def a_board(build, tmp_path, name, script):
    """A virtual board's flash whose data/ is what the slate left after `script`."""
    played = tmp_path / ("played-" + name)
    played.mkdir()
    e2e.play(build, played, 64, 4, SUPPORT / script)
    flash = tmp_path / ("board-" + name)
    flash.mkdir()
    shutil.move(played / "flash", flash / "data")  # the slate's files, as they are
    ok("deploy", "--board", "pico", "--port", "virtual", "--virtual-flash", flash, "--id", name)
    return flash


def test_an_evening_from_the_boards_to_the_ranking(build, tmp_path):
    board3 = a_board(build, tmp_path, "3", "etivaz-match.keys")
    board5 = a_board(build, tmp_path, "5", "bruus-game.keys")

    names = tmp_path / "names.txt"
    names.write_text(ROSTER, encoding="utf-8")
    said = ok("roster", "--port", "virtual", "--virtual-flash", board3, names)
    assert said == "roster on the board: 5 names: Rösli, Émile, Paul, Anne, Josiane\n"
    shown = ok("roster", "--port", "virtual", "--virtual-flash", board3)  # the slate's reader
    assert shown == "the roster on the board: Rösli, Émile, Paul, Anne, Josiane\n"

    evening = tmp_path / "evening"
    for flash in (board3, board5):
        ok("pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", evening)
    assert sorted(str(path.relative_to(evening)) for path in evening.rglob("*.jsonl")) == [
        "3/3-0001.jsonl",
        "3/3-0002.jsonl",  # the match on the slate, by the number its archive will give it
        "5/5-0001.jsonl",
        "5/5-0002.jsonl",
    ]

    # Nobody was named on the slates: ranked by board and seat.
    result = tool("tournament", evening)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "Le Brouc, etivaz: coches (1 match)" in lines
    assert any(line.endswith("Ardoise 3, seat 1      6        1") for line in lines), lines
    assert "Bruus, schwesing: matchsticks (1 match)" in lines
    assert "Bruus, treia: matchsticks (1 match)" in lines  # the match left in progress
    assert any("Ardoise 5, seat 2" in line for line in lines)
    assert "  skipped  %s: no deal played yet" % (evening / "3" / "3-0002.jsonl") in lines
    assert "Logs: 3 ranked, 1 skipped" in lines

    # The organiser names the seats afterwards, from the roster.
    seats = tmp_path / "seats.txt"
    seats.write_text(
        "3-0001.jsonl: Rösli, Émile, Paul, Anne\n"
        "board 5, match 1: Rösli, Josiane, Paul, Anne\n"
        "board 5, match 2: Émile, Josiane, Paul, Anne\n",
        encoding="utf-8",
    )
    before = {path: path.read_bytes() for path in evening.rglob("*.jsonl")}
    png, page = tmp_path / "ranking.png", tmp_path / "ranking.html"
    result = tool("tournament", evening, "--names", seats, "--png", png, "--html", page)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    etivaz = lines[lines.index("Le Brouc, etivaz: coches (1 match)") + 2 :][:4]
    assert [line.split()[1] for line in etivaz] == ["Paul", "Rösli", "Anne", "Émile"]
    assert not any("Ardoise" in line for line in lines)
    assert {path: path.read_bytes() for path in evening.rglob("*.jsonl")} == before
    assert png.stat().st_size > 10_000 and "Rösli" in page.read_text(encoding="utf-8")


def test_three_matches_named_on_the_slate_rank_with_their_names(build, tmp_path):
    flash = tmp_path / "board"
    ok("deploy", "--board", "pico", "--port", "virtual", "--virtual-flash", flash, "--id", "3")
    roster = tmp_path / "names.txt"
    roster.write_text("Rösli\nÉmile\nPaul\nAnne\n", encoding="utf-8")
    ok("roster", "--port", "virtual", "--virtual-flash", flash, roster)

    # The slate, on the board's own data/ (the roster there), played by its buttons.
    script = SUPPORT / "named-evening.keys"
    frames = tmp_path / "frames"
    frames.mkdir()
    play = "import sys\nfrom harness import Device\nDevice(sys.argv[1]).play(*sys.argv[2:])\n"
    # Two games in one session (their rules and screens both named) take
    # more than one match does (tests/test_device_e2e.py's heap).
    arguments = ["-c", play, flash / "data", script, frames]
    result = run_micropython(arguments, heap="160k", path=build, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr

    evening = tmp_path / "evening"
    ok("pull-log", "--port", "virtual", "--virtual-flash", flash, "--to", evening)
    logs = sorted(evening.rglob("*.jsonl"))
    assert [str(path.relative_to(evening)) for path in logs] == [
        "3/3-0001.jsonl",
        "3/3-0002.jsonl",
        "3/3-0003.jsonl",
    ]
    headers = [json.loads(path.read_text(encoding="utf-8").splitlines()[0]) for path in logs]
    assert [header["names"] for header in headers] == [
        ["Rösli", "Émile", "Paul", "Anne"],
        ["Rösli", "Émile", "Paul", "Anne"],  # offered first: one press a seat
        ["Émile", "Rösli", "Anne", "-"],  # seat 4 left anonymous
    ]

    result = tool("tournament", evening)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # Le Brouc: match 1, A (Rösli, Paul) 6 coches by three capes; match 3, B
    # (Rösli and seat 4) 2 coches by a cape. Bruus: A (Rösli, Paul) 1 point, B 2.
    brouc = lines.index("Le Brouc, etivaz: coches (2 matches)")
    assert lines[brouc + 2 : brouc + 7] == [
        "   1  Rösli                  8        2",
        "   2  Paul                   6        1",
        "   3  Ardoise 3, seat 4      2        1",
        "   4  Anne                   0        2",
        "   4  Émile                  0        2",
    ]
    assert "Bruus, schwesing: matchsticks (1 match)" in lines
    assert "Logs: 3 ranked, 0 skipped" in lines
    assert "  ranked   %s (names in the log, board and seat)" % logs[2] in lines
