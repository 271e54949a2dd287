"""The tournament report on what slates make (host_tools/logs/ranking.py, ranking_page.py).

Logs as `ardoise pull-log` lays them out (a folder per board, each file
named after it), without names: ranked by board and seat, named afterwards
by the organiser's names file, never by an edit of the logs; which logs were
ranked and which skipped, and why; each player's statistics; the PNG and the
self-contained HTML page.
"""

import html
import json
import shutil

import pytest
from PIL import Image

from host_tools.common import ROOT
from host_tools.logs import ranking_page, tournament

TIER = "quick"

LOGS = ROOT / "tests" / "logs"
SESSIONS = sorted((LOGS / "tournament").glob("session-*.jsonl"))
EXAMPLES = ROOT / "docs" / "examples"


def report(capsys, *args):
    code = tournament.main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def write_log(path, events):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    return path


def nameless(session):
    """A session's log as a slate writes it when nobody chose names."""
    lines = session.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    del header["names"]
    return json.dumps(header) + "\n" + "".join(lines[1:])


@pytest.fixture
def evening(tmp_path):
    """Two boards' logs as pull-log lays them out: board 3 played the three sessions
    (nobody named), board 5 a Le Brouc match whose slate named its players, and
    a match just begun on board 3's slate."""
    folder = tmp_path / "evening"
    for number, session in enumerate(SESSIONS, 1):
        path = folder / "3" / ("3-%04d.jsonl" % number)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(nameless(session), encoding="utf-8")
    write_log(folder / "3" / "3-match.jsonl", [{"ev": "match", "game": "bruus"}])
    (folder / "5").mkdir()
    shutil.copy(EXAMPLES / "etivaz-match.jsonl", folder / "5" / "5-0001.jsonl")
    return folder


def snapshot(folder):
    return {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def test_logs_without_names_rank_by_board_and_seat(evening, capsys):
    before = snapshot(evening)
    code, lines, err = report(capsys, evening)
    assert code == 0
    # The sessions' totals (test_tournament.py) by seat: team A, seats 1 and 3,
    # 18 + 23 + 33; team B, seats 2 and 4, 7 + 11 + 5.
    assert lines[:6] == [
        "Bruus, schwesing: matchsticks (3 matches)",
        "rank  name               total  matches",
        "   1  Ardoise 3, seat 1     74        3",
        "   1  Ardoise 3, seat 3     74        3",
        "   3  Ardoise 3, seat 2     23        3",
        "   3  Ardoise 3, seat 4     23        3",
    ]
    assert "   1  Marcel       5        1" in lines  # board 5's slate named them
    assert lines[lines.index("Logs: 4 ranked, 1 skipped") :] == [
        "Logs: 4 ranked, 1 skipped",
        "  ranked   %s (board and seat)" % (evening / "3" / "3-0001.jsonl"),
        "  ranked   %s (board and seat)" % (evening / "3" / "3-0002.jsonl"),
        "  ranked   %s (board and seat)" % (evening / "3" / "3-0003.jsonl"),
        "  ranked   %s (names in the log)" % (evening / "5" / "5-0001.jsonl"),
        "  skipped  %s: no deal played yet" % (evening / "3" / "3-match.jsonl"),
    ]
    assert err == "%s: skipped: no deal played yet\n" % (evening / "3" / "3-match.jsonl")
    assert snapshot(evening) == before


def test_the_organiser_names_the_seats_afterwards(evening, tmp_path, capsys):
    names = tmp_path / "names.txt"
    names.write_text(
        "# who sat where at board 3\n"
        "3-0001.jsonl: Anke, Boy, Carsten, Dörte\n"
        "\n"
        "board 3, match 2: Anke, Carsten, Boy, Eike\n"
        "3/3-0003.jsonl: Anke, -, Dörte, Boy\n",  # seat 2 left to the board and seat
        encoding="utf-8",
    )
    before = snapshot(evening)
    code, lines, err = report(capsys, evening, "--names", names)
    assert code == 0, err
    # As in test_tournament.py, Eike's 11 + 5 split: the 5 of session 3 stays with the seat.
    assert lines[:8] == [
        "Bruus, schwesing: matchsticks (3 matches)",
        "rank  name               total  matches",
        "   1  Anke                  74        3",
        "   2  Dörte                 40        2",
        "   3  Boy                   35        3",
        "   4  Carsten               29        2",
        "   5  Eike                  11        1",
        "   6  Ardoise 3, seat 2      5        1",
    ]
    assert "  ranked   %s (names file line 4)" % (evening / "3" / "3-0002.jsonl") in lines
    assert snapshot(evening) == before  # no log was touched


@pytest.mark.parametrize(
    "line, message",
    [
        ("3-0009.jsonl: A, B, C, D", "line 1: no log 3-0009.jsonl among those given"),
        ("board 4, match 1: A, B, C, D", "line 1: no log board 4, match 1 among those given"),
        ("3-0001.jsonl: A, B, C", "line 1: 3 names for the 4 seats of "),
        ("3-0001.jsonl: A, B, A, D", "line 1: 'names' must be names each at one seat only"),
        ("3-0001.jsonl: A, B\x85b, C, D", "line 1: 'names' must be names without a control"),
        ("3-0001.jsonl: A, B, C, " + "x" * 17, "names of 1 to 16 characters"),
        ("3-0001.jsonl A, B, C, D", "line 1: expected a log and its players"),
        (
            "3-0001.jsonl: A, B, C, D\n3/3-0001.jsonl: E, F, G, H",
            "/3/3-0001.jsonl is already named on line 1",
        ),
    ],
)
def test_a_names_file_that_does_not_fit_stops_the_report(evening, tmp_path, capsys, line, message):
    names = tmp_path / "names.txt"
    names.write_text(line + "\n", encoding="utf-8")
    code, lines, err = report(capsys, evening, "--names", names)
    assert (code, lines) == (1, [])
    assert err.startswith(str(names)) and message in err and len(err.splitlines()) == 1, err


def test_a_file_name_two_logs_share_needs_its_folder(tmp_path, capsys):
    for day, team in (("monday", "A"), ("tuesday", "B")):  # board a pulled on two days
        write_log(
            tmp_path / day / "a" / "a-0001.jsonl",
            [{"ev": "match", "game": "bruus"}, {"ev": "deal"}, {"ev": "trick", "team": team}],
        )
    names = tmp_path / "names.txt"
    for key in ("a-0001.jsonl", "board a, match 1"):
        names.write_text(key + ": A, B, C, D\n", encoding="utf-8")
        code, _, err = report(capsys, tmp_path / "monday", tmp_path / "tuesday", "--names", names)
        assert code == 1 and "%s is 2 logs" % key in err and "write its folder too" in err
    names.write_text("tuesday/a/a-0001.jsonl: A, B, C, D\n", encoding="utf-8")
    code, lines, _ = report(capsys, tmp_path / "monday", tmp_path / "tuesday", "--names", names)
    assert code == 0
    tuesday = tmp_path / "tuesday" / "a" / "a-0001.jsonl"
    assert "  ranked   %s (names file line 1)" % tuesday in lines
    assert "   1  Ardoise a, seat 1      0        1" in lines  # Monday's: by board and seat


def test_the_same_match_twice_is_counted_once(evening, tmp_path, capsys):
    again = tmp_path / "again"
    again.mkdir()
    shutil.copy(evening / "5" / "5-0001.jsonl", again / "copy.jsonl")  # pulled twice
    # The match on board 5's slate when it was pulled at half time, finished since.
    match = (EXAMPLES / "etivaz-match.jsonl").read_bytes().splitlines(keepends=True)
    (evening / "5" / "5-match.jsonl").write_bytes(b"".join(match[:20]))
    code, lines, err = report(capsys, evening, again)
    assert code == 0
    assert "   1  Marcel       5        1" in lines
    first = evening / "5" / "5-0001.jsonl"
    assert "  skipped  %s: the same match as %s" % (again / "copy.jsonl", first) in lines
    earlier = evening / "5" / "5-match.jsonl"
    assert "  skipped  %s: an earlier copy of the match in %s" % (earlier, first) in lines


def test_le_brouc_statistics(tmp_path, capsys):
    header = {"ev": "match", "game": "brouc", "names": ["Pia", "Quentin", "Rolf", "Sara"]}
    write_log(  # A: Pia and Rolf; B: Quentin and Sara
        tmp_path / "one.jsonl",
        [
            header,
            {"ev": "deal", "trump": "H"},
            {"ev": "declare", "team": "A", "suit": "S", "kind": "KQ"},
            {"ev": "declare", "team": "B", "suit": "D", "kind": "KQ"},
            {"ev": "end", "cape": "A"},  # a cape: 2 coches to A, the slate stays
            {"ev": "deal", "trump": "S"},
            {"ev": "end", "A": 120},
            {"ev": "deal", "trump": "D"},
            {"ev": "out", "team": "B", "points": 50},  # wrong: the game and 2 coches to A
        ],
    )
    write_log(  # A: Sara and Quentin; B: Pia and Rolf
        tmp_path / "two.jsonl",
        [
            dict(header, names=["Sara", "Pia", "Quentin", "Rolf"]),
            {"ev": "deal", "trump": "H"},
            {"ev": "end", "A": 120},
            {"ev": "deal", "trump": "H"},
            {"ev": "end", "A": 120},
            {"ev": "deal", "trump": "S"},
            {"ev": "trick", "team": "A"},
            {"ev": "out", "team": "A", "points": 61},  # right: the game and 2 coches to A
        ],
    )
    shutil.copy(EXAMPLES / "etivaz-match.jsonl", tmp_path)  # won by Marcel and Pierrot
    code, lines, _ = report(capsys, tmp_path)
    assert code == 0
    start = lines.index("Le Brouc, etivaz: statistics per player")
    assert lines[start + 1] == (
        "player   matches  matches won  games won  coches  capes  dehors right  dehors wrong"
        "  marriages declared"
    )
    table = {
        line.split()[0]: [int(cell) for cell in line.split()[1:]]
        for line in lines[start + 2 : start + 10]
    }
    # matches, won, games, coches, capes, dehors right and wrong, marriages declared
    assert table["Pia"] == [2, 0, 1, 4, 1, 0, 0, 1]
    assert table["Rolf"] == [2, 0, 1, 4, 1, 0, 0, 1]
    assert table["Quentin"] == [2, 0, 1, 2, 0, 1, 1, 1]
    assert table["Sara"] == [2, 0, 1, 2, 0, 1, 1, 1]
    assert table["Marcel"][:2] == [1, 1] and table["Josiane"][:2] == [1, 0]


def test_brusquembelle_statistics(tmp_path, capsys):
    five = (LOGS / "brusquembelle-five.jsonl").read_text().splitlines()
    header = json.loads(five[0])
    header["names"] = ["Pia", "Quentin", "Rolf", "Sara", "Tom"]
    (tmp_path / "purse.jsonl").write_text("\n".join([json.dumps(header)] + five[1:]) + "\n")
    cards = [json.loads(line) for line in five[1:] if '"card"' in line]
    code, lines, _ = report(capsys, tmp_path)
    assert code == 0
    start = lines.index("Brusquembelle: statistics per player")
    table = {line.split()[0]: line.split()[1:] for line in lines[start + 2 : start + 7]}
    balances = {"Pia": 6, "Quentin": -4, "Rolf": -9, "Sara": 21, "Tom": -14}
    for seat, name in enumerate(header["names"]):
        aces = sum(1 for card in cards if card["player"] == seat and card["rank"] == "A")
        tens = sum(1 for card in cards if card["player"] == seat and card["rank"] == "10")
        assert table[name] == ["1", str(balances[name]), str(aces), str(tens)], name
    assert sum(int(row[2]) + int(row[3]) for row in table.values()) == len(cards) > 0


def test_every_example_ranks(capsys):
    code, lines, err = report(capsys, EXAMPLES)
    assert (code, err) == (0, "")
    assert "Logs: 4 ranked, 0 skipped" in lines
    assert (
        "  ranked   %s (names in the log; session of 16 deals over)"
        % (EXAMPLES / "bruus-session.jsonl")
    ) in lines


def test_the_picture_and_the_page(evening, tmp_path, capsys, monkeypatch):
    written = []
    write = ranking_page.Sheet.write

    def recording(self, draw, position, text, *args):
        written.append(text)
        return write(self, draw, position, text, *args)

    monkeypatch.setattr(ranking_page.Sheet, "write", recording)
    names = tmp_path / "names.txt"
    names.write_text("3-0001.jsonl: Anke, <Boy>, Carsten, Dörte\n", encoding="utf-8")
    png, page = tmp_path / "ranking.png", tmp_path / "ranking.html"
    code, lines, _ = report(capsys, evening, "--names", names, "--png", png, "--html", page)
    assert code == 0
    with Image.open(png) as picture:
        assert picture.format == "PNG" and picture.width > 600 and picture.height > 1000
    for text in (
        "The evening's ranking",
        "Ardoise 3, seat 1",
        "Dörte",
        "Marcel",
        "5-1 coches, won",
    ):
        assert text in written, text
    assert str(evening / "3" / "3-match.jsonl") in written
    assert "skipped: no deal played yet" in written
    document = page.read_text(encoding="utf-8")
    assert document.startswith("<!DOCTYPE html>") and document.rstrip().endswith("</html>")
    for outside in ("http:", "https:", "src=", "<link", "<script", "url("):
        assert outside not in document  # nothing to fetch: one file
    assert "&lt;Boy&gt;" in document and "<Boy>" not in document
    assert html.escape("Dörte") in document and "Ardoise 3, seat 2" in document
    # Each name in a ranking links to the player's matches.
    assert '<a href="#player-1">Ardoise 3, seat 1</a>' in document
    assert '<h3 id="player-1">Ardoise 3, seat 1' in document
    assert "5-1 coches, won" in document and "skipped: no deal played yet" in document


def test_the_docs_show_what_the_report_makes(tmp_path, capsys, monkeypatch):
    """docs/host-tools.md's picture of the ranking and its player's statistics are the
    report's own (the README's once; its section moved there)."""
    monkeypatch.chdir(ROOT)  # the logs named as the document names them
    document = (ROOT / "docs" / "host-tools.md").read_text(encoding="utf-8")
    command = "ardoise tournament tests/logs/tournament --png ranking.png --html ranking.html"
    assert command in document
    png = tmp_path / "ranking.png"
    code, lines, _ = report(capsys, "tests/logs/tournament", "--png", png)
    assert code == 0
    block = document.split("One player's statistics")[1].split("```text\n")[1].split("```")[0]
    shown = block.splitlines()
    assert shown[0] in lines and shown[1] in lines and shown[2] in lines
    assert lines.index(shown[1]) == lines.index(shown[0]) + 1
    if not ranking_page.font(18)[1]:
        pytest.skip("the picture is drawn in DejaVu Sans, which this system has not")
    committed = ROOT / "docs" / "images" / "ranking.png"
    with Image.open(png) as made, Image.open(committed) as shown_picture:
        assert (
            made.size == shown_picture.size
            and made.tobytes() == shown_picture.convert(made.mode).tobytes()
        ), "stale: make it again with docs/host-tools.md's command, into docs/images/"


def test_a_seat_the_slate_left_anonymous_ranks_by_board_and_seat(tmp_path, capsys):
    names = ["Rösli", "-", "Paul", "\u2013"]  # "-" as the slate writes a seat left as it is
    log = write_log(
        tmp_path / "evening" / "3" / "3-0001.jsonl",
        [
            {"ev": "match", "game": "bruus", "names": names},
            {"ev": "deal"},
            {"ev": "dare", "team": "B", "kind": "dare"},
        ],
    )
    code, lines, err = report(capsys, tmp_path / "evening")
    assert (code, err) == (0, "")
    assert lines[2:6] == [
        "   1  Ardoise 3, seat 2      1        1",
        "   1  Ardoise 3, seat 4      1        1",
        "   3  Paul                   0        1",
        "   3  Rösli                  0        1",
    ]
    assert "  ranked   %s (names in the log, board and seat)" % log in lines


def test_names_given_to_an_earlier_copy_stay_with_its_match(tmp_path, capsys):
    """Issue 20 item 10: board 3 pulled at half time into d1, after the match into d2."""
    match = (EXAMPLES / "etivaz-match.jsonl").read_bytes().splitlines(keepends=True)
    for day, lines in (("d1", match[:20]), ("d2", match)):
        (tmp_path / day / "3").mkdir(parents=True)
        (tmp_path / day / "3" / "3-0002.jsonl").write_bytes(b"".join(lines))
    names = tmp_path / "names.txt"
    later = tmp_path / "d2" / "3" / "3-0002.jsonl"
    for key in ("d1/3/3-0002.jsonl", "board 3, match 2", "3-0002.jsonl"):
        names.write_text(key + ": Anne, Paul, Zoë, Gérald\n", encoding="utf-8")
        code, lines, err = report(capsys, tmp_path / "d1", tmp_path / "d2", "--names", names)
        assert code == 0, err
        assert "  ranked   %s (names file line 1)" % later in lines
        assert not any("Ardoise" in line for line in lines), lines


def test_a_relative_key_the_report_recommends_is_taken(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for folder, team in (("a", "A"), ("b", "B")):
        events = [{"ev": "match", "game": "bruus"}, {"ev": "deal"}, {"ev": "trick", "team": team}]
        write_log(tmp_path / folder / "m.jsonl", events)
    names = tmp_path / "names.txt"
    names.write_text("m.jsonl: A, B, C, D\n", encoding="utf-8")
    code, _, err = report(capsys, "a/m.jsonl", "b/m.jsonl", "--names", names)
    assert code == 1 and "write its folder too" in err
    names.write_text("a/m.jsonl: A, B, C, D\n", encoding="utf-8")
    code, lines, err = report(capsys, "a/m.jsonl", "b/m.jsonl", "--names", names)
    assert code == 0, err
    assert "  ranked   a/m.jsonl (names file line 1)" in lines


def test_a_names_line_for_the_match_on_a_slate_names_one_match(tmp_path, capsys):
    """Issue 20 item 9: a "now" key would name whatever match the slate holds next."""
    write_log(tmp_path / "3" / "3-0001.jsonl", [{"ev": "match", "game": "bruus"}, {"ev": "deal"}])
    names = tmp_path / "names.txt"
    names.write_text("board 3, now: A, B, C, D\n", encoding="utf-8")
    code, _, err = report(capsys, tmp_path, "--names", names)
    assert code == 1
    assert "no log board 3, now among those given: the match on a slate moves on" in err
