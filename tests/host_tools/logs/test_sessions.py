"""Bruus tournament sessions in every log tool (match-log.md "Tournament
sessions", ruling 29): each credits a session's `session_points` to both
partners and says where the session stands.

tests/logs/schwesing/ is a Schwesing evening as the seed describes it: eight
players, three sessions of 16 deals at two tables, partners drawn anew each
session (nobody twice with the same partner). Worked out by hand, deal by
deal: five tricks to none 2, else 1; a dare 1; a counterstrike 4.

    session 1  Anke & Carsten 16, Boy & Doerte 15  (6 deals of 2 win game 1 at
                   12; 1, five deals to B, two with a dare by A, a counterstrike
                   and A's deal, then B's counterstrike wins game 2 in mid-deal,
                   the 16th deal)
               Eike & Gesa 8, Frauke & Hauke 16
    session 2  Anke & Boy 14, Carsten & Eike 17
               Doerte & Frauke 16, Gesa & Hauke 8
    session 3  Anke & Eike 16, Boy & Frauke 8
               Carsten & Gesa 0, Doerte & Hauke 28

so Doerte 15 + 16 + 28 = 59, Hauke 16 + 8 + 28 = 52, Anke 16 + 14 + 16 = 46,
Eike 8 + 17 + 16 = 41, Frauke 16 + 16 + 8 = 40, Boy 15 + 14 + 8 = 37,
Carsten 16 + 17 + 0 = 33, Gesa 8 + 8 + 0 = 16.
"""

import csv
import json
import shutil

from PIL import Image

from host_tools.common import ROOT
from host_tools.logs import slate, tournament
from host_tools.logs.chalk import YELLOW
from host_tools.logs.games import bruus
from host_tools.logs.matchlog import read_match_log
from host_tools.logs.replay import replay
from tests.host_tools.logs.test_slate import pixels_near

TIER = "quick"

LOGS = ROOT / "tests" / "logs"
EVENING = LOGS / "schwesing"
SESSIONS = sorted(EVENING.glob("*.jsonl"))

RANKING = [
    "Bruus, schwesing: matchsticks (6 matches)",
    "rank  name     total  matches",
    "   1  Dörte       59        3",
    "   2  Hauke       52        3",
    "   3  Anke        46        3",
    "   4  Eike        41        3",
    "   5  Frauke      40        3",
    "   6  Boy         37        3",
    "   7  Carsten     33        3",
    "   8  Gesa        16        3",
]


def run(main, capsys, *args):
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    assert captured.err == ""
    return code, captured.out.splitlines()


def test_the_evening_credits_each_sessions_points_to_both_partners(capsys):
    code, lines = run(tournament.main, capsys, EVENING)
    assert code == 0 and lines[: len(RANKING)] == RANKING
    assert lines[-7:] == ["Logs: 6 ranked, 0 skipped"] + [
        "  ranked   %s (names in the log; session of 16 deals over)" % log for log in SESSIONS
    ]


def test_every_tool_credits_what_replay_prints():
    """The tournament's credit and the slate's total are replay's session_points."""
    for path in SESSIONS + sorted(LOGS.glob("bruus-*.jsonl")):
        expected = path.with_suffix(".expected")
        if expected.exists() and expected.read_text(encoding="utf-8").startswith("line "):
            continue  # a refused log
        won = replay(path)["session_points"]
        log = read_match_log(path)
        assert bruus.seat_scores(log) == [won["AB"[seat % 2]] for seat in range(log.seats)]


def test_a_session_still_played_is_ranked_as_it_stands_and_said(tmp_path, capsys):
    evening = tmp_path / "evening"
    shutil.copytree(EVENING, evening)
    last = evening / "session-3-table-2.jsonl"
    lines = last.read_text(encoding="utf-8").splitlines(keepends=True)
    # Ten deals of B's (each 5 tricks to none, 6 lines), and the 11th just dealt.
    last.write_text("".join(lines[: 1 + 10 * 6 + 1]), encoding="utf-8")
    html = tmp_path / "ranking.html"
    code, out = run(tournament.main, capsys, evening, "--html", html)
    assert code == 0
    # Doerte and Hauke 15 + 16 + 20 and 16 + 8 + 20; the others as before.
    assert out[2:4] == ["   1  Dörte       51        3", "   2  Anke        46        3"]
    assert "   3  Hauke       44        3" in out
    said = "(names in the log; session: 10 of 16 deals played)"
    assert "  ranked   %s %s" % (last, said) in out
    page = html.read_text(encoding="utf-8")
    assert "session: 10 of 16 deals played" in page
    assert "20-0 matchsticks, session: 10 of 16 deals played" in page


def test_the_slate_summary_counts_the_deals_of_the_session(capsys):
    code, lines = run(slate.main, capsys, SESSIONS[0])
    assert code == 0
    assert lines[0] == (
        "Bruus, rules schwesing: game to 12 points. A tournament session of 16 deals."
    )
    assert "  Deal 1 of 16, dealt by Anke: tricks A 5, B 0" in lines
    assert "  Deal 16 of 16, dealt by Dörte: tricks A 0, B 0" in lines
    assert "Game 2 won by B (A 4, B 15)" in lines
    assert lines[-2:] == [
        "Matchsticks won in the session: A 16, B 15.",
        "Session of 16 deals over.",
    ]


def test_the_slate_summary_of_a_session_in_progress(tmp_path, capsys):
    log = tmp_path / "open.jsonl"
    events = [{"ev": "match", "game": "bruus", "rules": "treia", "session": 4}, {"ev": "deal"}]
    log.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    code, lines = run(slate.main, capsys, log)
    assert code == 0
    assert lines[0].endswith("one per point. A tournament session of 4 deals.")
    assert "  Deal 1 of 4, dealt by seat 1: tricks A 0, B 0" in lines
    assert lines[-2:] == [
        "Session: 0 of 4 deals played.",
        "Matches still to give back: A 10, B 10.",
    ]


def test_the_csv_follows_the_matchsticks_deal_by_deal(tmp_path, capsys):
    out = tmp_path / "deals.csv"
    code, _ = run(slate.main, capsys, SESSIONS[0], "--csv", out)
    assert code == 0
    with open(out, newline="", encoding="utf-8") as table:
        rows = list(csv.DictReader(table))
    assert len(rows) == 16
    # Game 1 won in the sixth deal: the game's points go back to 0, the session's do not.
    assert [(row["points_A"], row["matchsticks_A"]) for row in rows[5:7]] == [
        ("0", "12"),
        ("1", "13"),
    ]
    assert (rows[-1]["matchsticks_A"], rows[-1]["matchsticks_B"]) == ("16", "15")


def test_the_chalked_slate_says_where_the_session_stands(tmp_path, capsys):
    """The same deals with and without a session: only the session's note differs."""
    plain = tmp_path / "plain.jsonl"
    lines = SESSIONS[0].read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    del header["session"]
    plain.write_text(json.dumps(header) + "\n" + "".join(lines[1:]), encoding="utf-8")
    pictures = []
    for log in (plain, SESSIONS[0]):
        out = tmp_path / (log.stem + ".png")
        assert slate.main([str(log), "--png", str(out)]) == 0
        pictures.append(Image.open(out))
    capsys.readouterr()
    assert pictures[0].size == pictures[1].size
    assert pixels_near(pictures[1], YELLOW, 20) > pixels_near(pictures[0], YELLOW, 20) + 100
