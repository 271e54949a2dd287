"""People count seats from 1: no host tool ever shows them a "seat 0".

Every output of every tool that reads match logs (replay, the slate's
summary, CSV and drawing, the tournament report's text, CSV, PNG and HTML)
is made from every example log (docs/examples/, tests/logs/), on stdout and
stderr alike, and searched for a seat 0 in any of the players' languages.
The drawings' text is caught as it is written onto the picture.
"""

import json
import re

import pytest
from PIL import Image

from host_tools.common import ROOT
from host_tools.logs import chalk, ranking_page, replay, slate, tournament
from host_tools.logs.seats import seat_name, seat_numbers
from scoring import LogError, fold_lines

TIER = "quick"
TIER_OF = {
    "test_the_report_of_an_evening": "slow",
}

LOGS = sorted((ROOT / "docs" / "examples").glob("*.jsonl")) + sorted(
    (ROOT / "tests" / "logs").rglob("*.jsonl")
)
# "seat 0", "Seat 0", "seats 0 and 2", "points_seat 0", "siège 0", "Platz 0"...
SEAT_ZERO = re.compile(
    r"(?i)(?<![a-zà-ÿ])(seats?|si[eè]ges?|places?|pl[aä]tze?|sitz|player|joueur|spieler)"
    r"\W{0,2}(\d+\W+(and|et|und|&)\W+)?0(?!\d)"
)


def test_the_pattern_finds_a_seat_zero():
    for text in ("seat 0", "Seat 0:", "seats 0 and 2", "points_seat 0", "siège 0", "Platz 0"):
        assert SEAT_ZERO.search(text), text
    for text in ("seat 1", "seats 1 and 3", "seat 10", "coches A 0, B 1", "Ardoise 0, seat 2"):
        assert not SEAT_ZERO.search(text), text


def test_a_seat_is_named_from_1_or_by_its_player():
    assert [seat_name(None, seat) for seat in range(3)] == ["seat 1", "seat 2", "seat 3"]
    assert seat_name(("Rösli", "Paul"), 0) == "Rösli"
    assert seat_name(None, 1, "Ardoise 3") == "Ardoise 3, seat 2"
    # A seat the slate left anonymous among named ones: a dash in the log.
    assert [seat_name(("Rösli", "\u2013", "-", "\u2014"), seat) for seat in range(4)] == [
        "Rösli",
        "seat 2",
        "seat 3",
        "seat 4",
    ]
    assert (seat_numbers([0, 2]), seat_numbers([1])) == ("seats 1 and 3", "seat 2")


@pytest.fixture
def drawn(monkeypatch):
    """Every text written on a drawing of the slate."""
    texts = []
    write = chalk.Board.write

    def recording(self, position, text, *args, **kwargs):
        texts.append(text)
        return write(self, position, text, *args, **kwargs)

    monkeypatch.setattr(chalk.Board, "write", recording)
    sheet = ranking_page.Sheet.write

    def on_sheet(self, draw, position, text, *args):
        texts.append(text)
        return sheet(self, draw, position, text, *args)

    monkeypatch.setattr(ranking_page.Sheet, "write", on_sheet)
    # Only the text goes into this test: the pictures are drawn, but not
    # encoded as PNG (a third of a tool run's time; other tests save them).
    monkeypatch.setattr(Image.Image, "save", lambda self, *args, **kwargs: None)
    return texts


def outputs(log, tmp_path, capsys, drawn):
    """Everything each tool writes for `log`: (tool and output, text)."""
    found = []
    for name, tool, args in (
        ("replay", replay.main, []),
        ("slate", slate.main, ["--csv", tmp_path / "deals.csv", "--png", tmp_path / "slate.png"]),
        (
            "tournament",
            tournament.main,
            [
                "--csv",
                tmp_path / "ranking.csv",
                "--png",
                tmp_path / "r.png",
                "--html",
                tmp_path / "r.html",
            ],
        ),
    ):
        for path in tmp_path.iterdir():
            path.unlink()
        drawn.clear()
        tool([str(log)] + [str(arg) for arg in args])
        captured = capsys.readouterr()
        found += [(name + " stdout", captured.out), (name + " stderr", captured.err)]
        found += [(name + " " + path.name, path.read_text("utf-8")) for path in _texts(tmp_path)]
        found += [(name + " drawing", text) for text in drawn]
    return found


def _texts(folder):
    return [path for path in folder.iterdir() if path.suffix in (".csv", ".html", ".txt")]


@pytest.mark.parametrize("log", LOGS, ids=[log.name for log in LOGS])
def test_no_tool_says_seat_0(log, tmp_path, capsys, drawn):
    out = tmp_path / "out"
    out.mkdir()
    found = outputs(log, out, capsys, drawn)
    assert any(where.startswith("slate std") and text for where, text in found)  # it ran
    said = [(where, match.group()) for where, text in found for match in SEAT_ZERO.finditer(text)]
    assert not said


def test_the_report_of_an_evening_of_boards_says_no_seat_0(tmp_path, capsys, drawn):
    """Every example log the rules take, from a board as pull-log lays them out, ranked by
    board and seat (their names taken out)."""
    board = tmp_path / "evening" / "3"
    board.mkdir(parents=True)
    for number, log in enumerate(LOGS, 1):
        try:
            fold_lines(log.read_bytes().splitlines(keepends=True))
        except LogError:
            continue  # tests/logs/*-error-*: the report would stop there
        lines = log.read_text("utf-8").splitlines(keepends=True)
        header = json.loads(lines[0])
        header.pop("names", None)
        text = json.dumps(header) + "\n" + "".join(lines[1:])
        (board / ("3-%04d.jsonl" % number)).write_text(text, "utf-8")
    out = tmp_path / "out"
    out.mkdir()
    args = [tmp_path / "evening", "--csv", out / "r.csv", "--png", out / "r.png"]
    assert tournament.main([str(arg) for arg in args + ["--html", out / "r.html"]]) == 0
    captured = capsys.readouterr()
    texts = [captured.out, captured.err] + drawn
    texts += [(out / name).read_text("utf-8") for name in ("r.csv", "r.html")]
    assert "Ardoise 3, seat 1" in captured.out and "Ardoise 3, seat 5" in captured.out
    said = [match.group() for text in texts for match in SEAT_ZERO.finditer(text)]
    assert not said
