"""The tournament report (host_tools/logs/tournament.py, ruling 29).

tests/logs/tournament/ holds one evening of Bruus (Schwesing) in three
sessions; five players, partners change every session and one player sits
out each time. Worked out by hand from each log:

    session 1  A Anke & Carsten  18  (4+4+2 = 10, +4 wins game 1 at 14, then 1+2+1)
               B Boy & Doerte     7  (2+2, then 3)
    session 2  A Anke & Boy      23  (4+4+3+2 = 13 wins game 1, then 1, then 4+2+3)
               B Carsten & Eike  11  (2, then 4+3, then 2; a dare by B was undone)
    session 3  A Anke & Doerte   33  (12 and 12 by counterstrikes, then 8 and 1)
               B Eike & Boy       5  (2+2, then 1)

so Anke 18 + 23 + 33 = 74 (the example Bruus's tournament rules give), Doerte 7 + 33 = 40,
Boy 7 + 23 + 5 = 35, Carsten 18 + 11 = 29, Eike 11 + 5 = 16.

Games won: A takes game 1 in sessions 1 and 2, both games in session 3;
B none. Dares (dare, double dare) and strikes (the others) in force, by
team: session 1 A 1 and 3, B 0 and 2; session 2 A 0 and 6, B 0 and 2 (its
dare undone); session 3 A 0 and 8, B 1 and 1.
"""

import csv
import json
import shutil

from host_tools.common import ROOT
from host_tools.logs import slate, tournament
from tests.support.commands import ardoise

TIER = "quick"

EVENING = ROOT / "tests" / "logs" / "tournament"
SESSIONS = sorted(EVENING.glob("session-*.jsonl"))

BRUUS_RANKING = [
    "Bruus, schwesing: matchsticks (3 matches)",
    "rank  name     total  matches",
    "   1  Anke        74        3",
    "   2  Dörte       40        2",
    "   3  Boy         35        3",
    "   4  Carsten     29        2",
    "   5  Eike        16        2",
]
BRUUS_STATISTICS = [
    "",
    "Bruus, schwesing: statistics per player",
    "player   matches  games won  matchsticks  dares  strikes",
    "Anke           3          4           74      1       17",
    "Dörte          2          2           40      0       10",
    "Boy            3          1           35      1        9",
    "Carsten        2          1           29      1        5",
    "Eike           2          0           16      1        3",
]


def report(capsys, *args):
    code = tournament.main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def write_log(path, events):
    path.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    return path


def test_three_sessions_with_changing_partners(capsys):
    code, lines, err = report(capsys, *SESSIONS)
    assert (code, err) == (0, "")
    assert lines == BRUUS_RANKING + BRUUS_STATISTICS + [
        "",
        "Logs: 3 ranked, 0 skipped",
    ] + ["  ranked   %s (names in the log)" % session for session in SESSIONS]


def test_a_folder_stands_for_its_logs_and_a_log_named_twice_counts_once(capsys):
    code, lines, _ = report(capsys, EVENING, SESSIONS[0])
    assert code == 0 and lines[: len(BRUUS_RANKING)] == BRUUS_RANKING
    assert "Logs: 3 ranked, 0 skipped" in lines


def test_csv_ranking(tmp_path, capsys):
    out = tmp_path / "ranking.csv"
    code, _, _ = report(capsys, EVENING, "--csv", out)
    assert code == 0
    with open(out, newline="", encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert [(row["rank"], row["name"], row["total"], row["matches"]) for row in rows] == [
        ("1", "Anke", "74", "3"),
        ("2", "Dörte", "40", "2"),
        ("3", "Boy", "35", "3"),
        ("4", "Carsten", "29", "2"),
        ("5", "Eike", "16", "2"),
    ]
    assert {row["kind"] for row in rows} == {"Bruus, schwesing"}


def test_one_ranking_per_kind_of_game(tmp_path, capsys):
    etivaz = {"ev": "match", "game": "brouc"}
    write_log(  # A (Pia & Rolf) take a cape: 2 coches each
        tmp_path / "brouc-1.jsonl",
        [
            dict(etivaz, names=["Pia", "Quentin", "Rolf", "Sara"]),
            {"ev": "deal", "trump": "H"},
            {"ev": "end", "cape": "A"},
        ],
    )
    # B (Quentin & Pia) take a cape: 2; A (Sara & Rolf) reach 24 and call out with
    # 61 (240 + 61 = 301): right, and B's slate is 0, below 15: 2 coches.
    write_log(
        tmp_path / "brouc-2.jsonl",
        [
            dict(etivaz, names=["Sara", "Quentin", "Rolf", "Pia"]),
            {"ev": "deal", "trump": "H"},
            {"ev": "end", "cape": "B"},
            {"ev": "deal", "trump": "S"},
            {"ev": "end", "A": 120},
            {"ev": "deal", "trump": "S"},
            {"ev": "end", "A": 120},
            {"ev": "deal", "trump": "S"},
            {"ev": "out", "team": "A", "points": 61},
        ],
    )
    five = (ROOT / "tests" / "logs" / "brusquembelle-five.jsonl").read_text().splitlines()
    header = json.loads(five[0])
    header["names"] = ["Pia", "Quentin", "Rolf", "Sara", "Tom"]
    (tmp_path / "purse.jsonl").write_text(
        "\n".join([json.dumps(header)] + five[1:]) + "\n", encoding="utf-8"
    )
    code, lines, _ = report(capsys, tmp_path)
    assert code == 0
    lines = lines[: lines.index("Brusquembelle: statistics per player") - 1]
    # Brusquembelle: each player's own balance, [6, -4, -9, 21, -14].
    assert lines[: lines.index("")] == [
        "Brusquembelle: units (1 match)",
        "rank  name     total  matches",
        "   1  Sara        21        1",
        "   2  Pia          6        1",
        "   3  Quentin     -4        1",
        "   4  Rolf        -9        1",
        "   5  Tom        -14        1",
    ]
    # Pia 2 + 2 = 4 and Rolf 2 + 2 = 4 share the first rank; Quentin 0 + 2, Sara 0 + 2.
    assert lines[lines.index("") + 1 :] == [
        "Le Brouc, etivaz: coches (2 matches)",
        "rank  name     total  matches",
        "   1  Pia          4        2",
        "   1  Rolf         4        2",
        "   3  Quentin      2        2",
        "   3  Sara         2        2",
    ]


def test_a_log_without_names_ranks_by_its_file_and_seat(tmp_path, capsys):
    for session in SESSIONS:
        shutil.copy(session, tmp_path)
    shutil.copy(ROOT / "tests" / "logs" / "bruus-two.jsonl", tmp_path)
    code, lines, err = report(capsys, tmp_path)
    assert (code, err) == (0, "")
    # Two players: A takes the first deal (1) and strikes (2), B takes the second (2).
    assert lines[len(BRUUS_RANKING) : len(BRUUS_RANKING) + 5] == [
        "",
        "Bruus, two: matchsticks (1 match)",
        "rank  name               total  matches",
        "   1  bruus-two, seat 1      3        1",
        "   2  bruus-two, seat 2      2        1",
    ]
    assert "  ranked   %s (file and seat)" % (tmp_path / "bruus-two.jsonl") in lines


def test_nothing_to_rank_when_no_deal_is_played(tmp_path, capsys):
    log = write_log(tmp_path / "new.jsonl", [{"ev": "match", "game": "bruus"}])
    code, lines, err = report(capsys, log)
    assert (code, lines) == (1, [])
    assert err == "nothing to rank: %s: no deal played yet\n" % log


def test_a_player_sitting_twice_is_refused(tmp_path, capsys):
    log = write_log(
        tmp_path / "twice.jsonl",
        [{"ev": "match", "game": "bruus", "names": ["Ann", "Bo", "Ann", "Cy"]}],
    )
    code, lines, err = report(capsys, log)
    assert (code, lines) == (1, [])
    assert err.strip() == "%s: line 1: 'names' must be names each at one seat only, not 'Ann'" % log


def test_a_name_the_spec_refuses_stops_the_report_naming_its_line(tmp_path, capsys):
    """Issue 31 item 16: a newline in a name broke the table and the PNG; any
    control character is refused as the rules core reads the log, with its line."""
    for name, why in (("An\nne", "control character"), ("Bo\x85", "control"), ("Cy ", "space")):
        log = write_log(
            tmp_path / "bad.jsonl",
            [{"ev": "match", "game": "bruus", "names": ["A", name, "C", "D"]}, {"ev": "deal"}],
        )
        png = tmp_path / "ranking.png"
        code, lines, err = report(capsys, log, "--png", png)
        assert (code, lines) == (1, []) and not png.exists()
        assert err.startswith("%s: line 1: 'names' must be names without a" % log), err
        assert why in err and "\n" not in err.strip() and "\x85" not in err


# Names the spec takes that a report must still show on one line, in its columns:
# a paragraph separator (pillow's layout refused it), the mark that turns the
# rest of a line around, letters two columns wide, a combining accent.
ODD_NAMES = ["Para\u2029graph", "\u202eevil", "山田太郎", "Zoe\u0301"]


def test_every_report_shows_any_name_the_spec_takes(tmp_path, capsys):
    log = write_log(
        tmp_path / "odd.jsonl",
        [
            {"ev": "match", "game": "bruus", "names": ODD_NAMES},
            {"ev": "deal"},
            {"ev": "trick", "team": "A", "count": 3},
            {"ev": "trick", "team": "A", "count": 2},
        ],
    )
    outputs = {kind: tmp_path / ("ranking." + kind) for kind in ("png", "html", "csv")}
    code, lines, err = report(
        capsys, log, *[arg for kind in outputs for arg in ("--" + kind, outputs[kind])]
    )
    assert code == 0, err
    assert outputs["png"].stat().st_size > 10_000
    assert "Para\u2029graph" in outputs["html"].read_text(encoding="utf-8")
    rows = list(csv.reader(outputs["csv"].open(encoding="utf-8")))
    assert sorted(row[3] for row in rows[1:]) == sorted(ODD_NAMES)
    text = "\n".join(lines)
    assert "\u2029" not in text and "\u202e" not in text
    assert "Para\\u2029graph" in text and "\\u202eevil" in text
    # Each table's columns line up: the totals end in the same terminal column.
    from host_tools.common import columns

    for head in ("rank  name", "player  "):
        start = next(index for index, line in enumerate(lines) if line.startswith(head))
        rows = lines[start : start + 1 + len(ODD_NAMES)]
        assert len({columns(row) for row in rows}) == 1, rows


def test_a_bad_log_names_file_and_line(tmp_path):
    shutil.copy(SESSIONS[0], tmp_path / "a.jsonl")
    bad = tmp_path / "b.jsonl"
    lines = SESSIONS[1].read_text(encoding="utf-8").splitlines()
    bad.write_text("\n".join(lines[:5] + [lines[5][:12]]) + "\n", encoding="utf-8")
    result = ardoise("tournament", tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.strip() == "%s: line 6: not valid JSON" % bad
    assert "Traceback" not in result.stderr


def test_missing_file_and_empty_folder(tmp_path):
    result = ardoise("tournament", tmp_path / "absent.jsonl")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("cannot read ") and "Traceback" not in result.stderr
    result = ardoise("tournament", tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip() == "%s: no match logs (*.jsonl) in this folder" % tmp_path


def test_the_csv_never_replaces_a_log(tmp_path):
    for session in SESSIONS:
        shutil.copy(session, tmp_path)
    first = tmp_path / SESSIONS[0].name
    (tmp_path / "ranking.csv").symlink_to(first)
    for target, message in (
        (first, "will not write %s: a .jsonl file is a match log" % first),
        (tmp_path / "ranking.csv", "it would replace %s" % first),
        (tmp_path / "new.jsonl", "a .jsonl file is a match log"),
    ):
        result = ardoise("tournament", tmp_path, "--csv", target)
        assert (result.returncode, result.stdout) == (1, "")
        assert message in result.stderr and "Traceback" not in result.stderr, result.stderr
    for session in SESSIONS:
        assert (tmp_path / session.name).read_bytes() == session.read_bytes()
    assert not (tmp_path / "new.jsonl").exists()


def test_the_command_runs_end_to_end():
    result = ardoise("tournament", EVENING)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[: len(BRUUS_RANKING)] == BRUUS_RANKING


def test_a_name_cannot_drive_the_terminal_or_a_spreadsheet(tmp_path, capsys):
    """Issue 20 item 12: an escape sequence refused, shown escaped; a formula
    written as text."""
    names = ["=1+2", "\x1b]0;owned\x07Anne", "@SUM(A1)", "-x"]
    events = [
        {
            "ev": "match",
            "game": "bruus",
            "names": names,
        },
        {"ev": "deal"},
        {"ev": "trick", "team": "A"},
    ]
    log = tmp_path / "m.jsonl"
    log.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    ranking = tmp_path / "ranking.csv"
    assert tournament.main([str(log), "--csv", str(ranking)]) == 1
    said = capsys.readouterr()
    assert said.out == "" and not ranking.exists()
    assert "\x1b" not in said.err and "\x07" not in said.err and "\\x1b]0;owned" in said.err
    names[1] = "Anne"
    log.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    assert tournament.main([str(log), "--csv", str(ranking)]) == 0
    names = [row[3] for row in csv.reader(ranking.open(encoding="utf-8"))][1:]
    assert sorted(names) == ["'-x", "'=1+2", "'@SUM(A1)", "Anne"]
    deals = tmp_path / "deals.csv"
    assert slate.main([str(log), "--csv", str(deals)]) == 0
    assert "\x1b" not in capsys.readouterr().out
    assert all(not cell.startswith(("=", "@")) for row in csv.reader(deals.open()) for cell in row)
