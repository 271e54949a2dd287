"""The slate tool (host_tools/logs/slate.py): summaries, drawings and CSV from match logs.

The expected lines are worked out by hand from the rulings, e.g. 75/45 is
rounded to 80/50 (ruling 2) and chalked as 8 and 5 (ruling 6); a marriage
declared by B (20) is added to B's 15 -> 20 card points: 40, so B chalks 4.
"""

import csv
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from host_tools.common import ROOT
from host_tools.logs import slate
from host_tools.logs.chalk import CHALK, SLATE, STICK_HEAD, WOOD, YELLOW
from host_tools.logs.games import brouc
from host_tools.logs.matchlog import read_match_log
from tests.loggen import random_log
from tests.support.commands import ardoise

TIER = "quick"
TIER_OF = {
    "test_deals_read_back_agree": "slow",
    "test_a_long_log_is_read_in_the_memory": "slow",
}

LOGS = ROOT / "tests" / "logs"
EXAMPLE = ROOT / "docs" / "examples" / "etivaz-match.jsonl"


def summary(log, capsys):
    assert slate.main([str(log)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out.splitlines()


def write_log(path, events):
    path.write_text("".join(json.dumps(event) + "\n" for event in events), encoding="utf-8")
    return path


# -- Le Brouc ---------------------------------------------------------------


def test_seed_75_45_is_rounded_to_80_50_and_chalked_8_5(capsys):
    lines = summary(LOGS / "brouc-seed-75-45.jsonl", capsys)
    assert "    card points 75/45 -> 80/50: A +8, B +5" in lines
    assert "    slate: A 8, B 5" in lines
    assert lines[-1] == "Match in progress: coches A 0, B 0."


def test_seed_23_then_71_and_out_wins_two_coches(capsys):
    lines = summary(LOGS / "brouc-seed-23-and-71-out.jsonl", capsys)
    assert "  Deal 1, dealt by seat 4, trumps spades" in lines  # the match's dealer 3
    assert "    B declares K-Q of hearts: 20 at the bottom" in lines
    # 105 -> 110 for A; 15 -> 20, plus the 20 at the bottom, is 40 for B.
    assert "    card points 105/15 -> 110/20: A +11, B +4" in lines
    assert "    slate: A 23, B 4" in lines
    # 230 + 71 = 301: right; B's slate 4 is below 15, so 2 coches (ruling 8).
    assert "    A calls dehors with 71 card points: right, game to A; A +2 coches" in lines
    assert "Game 1 won by A (dehors); coches now A 2, B 0" in lines


def test_recorded_cape_keeps_the_slate_and_the_bottom(capsys):
    lines = summary(LOGS / "brouc-cape-recorded.jsonl", capsys)
    assert "    K-Q-J of hearts (trumps) in a trick of A: A +60, B -60" in lines
    assert "    tricks recorded: A 8, B 0" in lines
    assert "    cape for A (all eight tricks): A +2 coches; the slate stays" in lines
    assert "    slate: A 0, B 0; bottom: A 0, B 20; coches: A 2, B 0" in lines


def test_announced_cape_lost_at_the_first_lost_trick(capsys):
    lines = summary(LOGS / "brouc-cape-dehors-lost.jsonl", capsys)
    assert "    A announces cape et dehors" in lines
    assert "    A loses a trick after announcing: B +3 coches; the slate stays" in lines
    assert "    slate: A 19, B 5; coches: A 0, B 3" in lines


def test_wrong_dehors_call_wins_the_game_for_the_opponents(tmp_path, capsys):
    log = write_log(
        tmp_path / "wrong.jsonl",
        [
            {"ev": "match", "game": "brouc"},
            {"ev": "deal", "trump": "H"},
            {"ev": "end", "A": 120},
            {"ev": "deal", "trump": "D"},
            {"ev": "out", "team": "B", "points": 50},
        ],
    )
    lines = summary(log, capsys)
    # B counts 0 + 50 < 301: wrong; A's slate 12 is below 15: 2 coches for A.
    assert "    B calls dehors with 50 card points: wrong, game to A; A +2 coches" in lines
    assert "Game 1 won by A (wrong dehors call by B); coches now A 2, B 0" in lines


def test_brou1802_vole_and_a_game_in_points(capsys):
    lines = summary(LOGS / "brouc-1802-vole-and-game.jsonl", capsys)
    assert "    la vole for A (all eight tricks): A +3 parties; the slate stays" in lines
    assert "    card points 120/0 -> 120/0: A +120, B +0" in lines
    assert "    slate: A 240, B 0" in lines
    # 240 + 70 = 310: game; B has 60, from 0 to 149: 2 parties (ruling 21).
    assert "    card points 65/55 -> 70/60: game to A; A +2 parties" in lines
    assert lines[-1] == "Match in progress: parties A 5, B 0."


def test_31_cape_and_the_winning_deal(capsys):
    lines = summary(LOGS / "brouc-31-won.jsonl", capsys)
    # A cape in "31": 120 card points (12) and 2 more (ruling 18).
    assert "    cape for B (all eight tricks): A +0, B +14" in lines
    assert "    card points 0/120 -> 0/120: A +0, B +18; game to B" in lines
    assert "Game 1 won by B (31 reached)" in lines
    assert lines[-1] == "Match won by B: slate A 0, B 32."


def test_an_undone_event_does_not_appear(capsys):
    lines = summary(LOGS / "brouc-undo-after-match-won.jsonl", capsys)
    assert not any("dehors" in line for line in lines)
    assert "    card points 40/80 -> 40/80: A +4, B +8" in lines
    assert lines[-1] == "(1 event taken back by undo, not shown)"


def test_names_label_teams_and_dealers(capsys):
    lines = summary(EXAMPLE, capsys)
    assert "Team A: Marcel & Pierrot (seats 1 and 3)" in lines
    assert "Team B: Josiane & Lucie (seats 2 and 4)" in lines
    assert "  Deal 2, dealt by Josiane, trumps clubs" in lines
    # 64 -> 60, plus 60 for a trump K-Q-J in A's trick: 120; B 60 - 60 = 0.
    assert "    card points 64/56 -> 60/60: A +12, B +0" in lines
    # The 39/81 entered by mistake was undone and re-entered as 81/39.
    assert "    card points 81/39 -> 80/40: A +8, B +4" in lines
    assert not any("39/81" in line for line in lines)
    assert "    slate: A 13, B 16; bottom: A 20, B 0; coches: A 5, B 1" in lines
    assert "Match won by A (Marcel & Pierrot): coches A 5, B 1." in lines


def test_a_deal_in_progress(tmp_path, capsys):
    log = write_log(
        tmp_path / "open.jsonl",
        [
            {"ev": "match", "game": "brouc"},
            {"ev": "deal", "trump": "S"},
            {"ev": "trick", "team": "B"},
        ],
    )
    lines = summary(log, capsys)
    deal = lines.index("  Deal 1, dealt by seat 1, trumps spades")
    assert lines[deal + 1 : deal + 3] == ["    tricks recorded: A 0, B 1", "    in progress"]


# -- Bruus and Brusquembelle ------------------------------------------------


def test_bruus_schwesing_game_won_by_daring(capsys):
    lines = summary(LOGS / "bruus-schwesing.jsonl", capsys)
    assert "    B strike: 2 points" in lines
    assert "    A takes the deal: 1 point" in lines
    assert "    B takes the deal: 2 points" in lines  # 5 tricks to none
    assert "    A counterstrike: 4 points" in lines
    assert not any("strike-dare" in line for line in lines)  # undone
    # 1 + 4 + 3 + 1 = 9, then a strike (2) and a dare (1) win in mid-deal.
    assert "    points: A 9, B 4" in lines
    assert "Game 1 won by A (A 12, B 4)" in lines
    assert "Matchsticks won in the match: A 12, B 4." in lines


def test_bruus_treia_bocks_and_the_double_game(capsys):
    lines = summary(LOGS / "bruus-treia-bock.jsonl", capsys)
    assert "    four tricks each: Bock, 2 points waiting" in lines
    assert "    B takes the deal: 3 points (2 points from Bock)" in lines
    assert "Matches still to give back: A 7, B 7." in lines
    lines = summary(LOGS / "bruus-treia-double.jsonl", capsys)
    # B's only points were for a strike: the game counts double (ruling 27).
    assert "Game 1 won by A (A 10, B 2): counts double" in lines
    assert "Games won: A 2, B 0." in lines


def test_a_game_won_past_the_target_counts_every_matchstick(capsys):
    lines = summary(LOGS / "tournament" / "session-1.jsonl", capsys)
    assert "Game 1 won by A (A 14, B 4)" in lines  # 10 + a counterstrike of 4
    assert "Matchsticks won in the match: A 18, B 7." in lines


def test_brusquembelle_payments_pool_and_balances(capsys):
    lines = summary(LOGS / "brusquembelle-five.jsonl", capsys)
    assert "Deal 1, dealt by seat 1: pool 10 after the antes" in lines
    assert "  seat 1: Ace won, +8" in lines  # 2 from each of 4 others
    assert "  seat 3: Ten lost, -4" in lines
    assert "  tie: the pool stays for the next deal" in lines
    assert "  seat 4 takes the pool of 20" in lines
    assert lines[-1] == "Balances: seat 1 +6, seat 2 -4, seat 3 -9, seat 4 +21, seat 5 -14; pool 0."


def test_brusquembelle_pairs_share_the_pool(capsys):
    lines = summary(LOGS / "brusquembelle-pairs.jsonl", capsys)
    assert "  seat 1 & seat 3 take the pool of 8 (4 each)" in lines
    assert "(1 event taken back by undo, not shown)" in lines


# -- CSV ----------------------------------------------------------------------


def rows_of(log, tmp_path):
    out = tmp_path / "deals.csv"
    assert slate.main([str(log), "--csv", str(out)]) == 0
    with open(out, newline="", encoding="utf-8") as table:
        return list(csv.DictReader(table))


def test_brouc_csv_one_row_per_deal(tmp_path, capsys):
    rows = rows_of(EXAMPLE, tmp_path)
    assert [row["deal"] for row in rows] == [str(number) for number in range(1, 13)]
    first = rows[0]
    assert (first["dealer"], first["trump"], first["outcome"]) == ("Marcel", "H", "scored")
    assert (first["card_points_A"], first["card_points_B"]) == ("75", "45")
    assert (first["rounded_A"], first["rounded_B"]) == ("80", "50")
    assert (first["slate_A"], first["slate_B"]) == ("8", "7")
    dehors = rows[3]
    assert (dehors["outcome"], dehors["team"], dehors["out_points"]) == ("dehors right", "A", "71")
    assert (dehors["coches_A"], dehors["game_won_by"]) == ("1", "A")
    assert (rows[-1]["outcome"], rows[-1]["tricks_A"], rows[-1]["coches_A"]) == ("cape", "8", "5")


def test_bruus_and_brusquembelle_csv(tmp_path, capsys):
    rows = rows_of(LOGS / "bruus-treia-bock.jsonl", tmp_path)
    assert [row["bock"] for row in rows] == ["yes", "yes", "", ""]
    assert [row["deal_points"] for row in rows] == ["0", "0", "3", "2"]
    assert (rows[-1]["points_A"], rows[-1]["points_B"]) == ("3", "3")
    rows = rows_of(LOGS / "brusquembelle-five.jsonl", tmp_path)
    assert len(rows) == 2
    assert rows[1]["points_seat 4"] == "95" and rows[1]["takers"] == "seat 4"
    assert [rows[1]["balance_seat %d" % seat] for seat in range(1, 6)] == [
        "6",
        "-4",
        "-9",
        "21",
        "-14",
    ]


# -- PNG ----------------------------------------------------------------------


def pixels_near(image, colour, tolerance=12):
    """How many pixels are within `tolerance` of `colour` on every channel."""
    bands = [
        band.point(lambda value, wanted=wanted: 255 if abs(value - wanted) <= tolerance else 0)
        for band, wanted in zip(image.split(), colour, strict=True)
    ]
    mask = bands[0]
    for band in bands[1:]:
        mask = Image.composite(band, Image.new("L", image.size, 0), mask)
    return mask.histogram()[255]


def draw(log, tmp_path, name="slate.png"):
    out = tmp_path / name
    assert slate.main([str(log), "--png", str(out)]) == 0
    return Image.open(out)


def test_brouc_png_is_chalk_on_a_slate_in_a_frame(tmp_path, capsys):
    image = draw(EXAMPLE, tmp_path)
    assert image.format == "PNG" and image.mode == "RGB"
    assert image.width == 1000 and image.height > 700
    area = image.width * image.height
    assert pixels_near(image, SLATE) > area // 4  # mostly slate
    assert pixels_near(image, CHALK, 20) > 2000  # chalk writing and strokes
    assert pixels_near(image, YELLOW, 20) > 300  # team letters and game notes
    assert image.getpixel((3, image.height // 2)) != SLATE  # the wooden frame
    assert pixels_near(image.crop((0, 0, 20, image.height)), WOOD, 40) > 0


def test_more_games_make_a_taller_slate_and_a_log_always_draws_the_same(tmp_path, capsys):
    short = draw(LOGS / "brouc-seed-75-45.jsonl", tmp_path, "short.png")
    full = draw(EXAMPLE, tmp_path, "full.png")
    assert full.height > short.height
    again = draw(EXAMPLE, tmp_path, "again.png")
    assert again.tobytes() == full.tobytes()


def test_bruus_png_shows_each_teams_matchsticks(tmp_path, capsys):
    log = write_log(
        tmp_path / "sticks.jsonl",
        [
            {"ev": "match", "game": "bruus", "names": ["Hauke", "Inken", "Jens", "Karin"]},
            {"ev": "deal"},
            {"ev": "dare", "team": "A", "kind": "counterstrike"},
            {"ev": "dare", "team": "A", "kind": "counterstrike"},
            {"ev": "dare", "team": "B", "kind": "strike"},
        ],
    )
    image = draw(log, tmp_path)
    left = pixels_near(image.crop((0, 0, 500, image.height)), STICK_HEAD, 2)
    right = pixels_near(image.crop((500, 0, 1000, image.height)), STICK_HEAD, 2)
    assert right > 0 and 3 < left / right < 5  # 8 red heads against 2


def test_brusquembelle_png_has_the_purses(tmp_path, capsys):
    image = draw(LOGS / "brusquembelle-five.jsonl", tmp_path)
    assert image.width == 1000 and image.height >= 480
    assert pixels_near(image, (242, 168, 174), 20) > 50  # negative balances in pink chalk


# -- bad input ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("brouc-error-not-json", "line 2: not valid JSON"),
        ("brouc-error-declare-before-trick", "line 4: team B has not won a trick in this deal"),
        ("brusquembelle-end-sum", "line 3: card points must add up to 120, not 60 + 50 = 110"),
    ],
)
def test_a_bad_log_names_the_line(name, message):
    result = ardoise("slate", LOGS / (name + ".jsonl"))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.strip() == message


def test_a_truncated_log_names_its_last_line(tmp_path):
    whole = EXAMPLE.read_bytes()
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(whole[: whole.index(b'"A":81') + 4])  # the board lost power mid-line
    result = ardoise("slate", cut, "--png", tmp_path / "no.png", "--csv", tmp_path / "no.csv")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.strip() == "line 37: not valid JSON"
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "no.png").exists() and not (tmp_path / "no.csv").exists()


def test_missing_and_empty_files(tmp_path):
    result = ardoise("slate", tmp_path / "absent.jsonl")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("cannot read ") and "Traceback" not in result.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    result = ardoise("slate", empty)
    assert (result.returncode, result.stderr.strip()) == (1, "line 1: the log has no match event")


def test_an_unwritable_output_is_a_clear_error(tmp_path):
    result = ardoise(
        "slate", LOGS / "brouc-seed-75-45.jsonl", "--csv", tmp_path / "no" / "such" / "x.csv"
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("cannot write ") and "Traceback" not in result.stderr


def test_an_output_never_replaces_the_log(tmp_path):
    log = tmp_path / "match.jsonl"
    log.write_bytes(EXAMPLE.read_bytes())
    (tmp_path / "link.csv").symlink_to(log)
    (tmp_path / "sub").mkdir()
    refused = [
        (("--csv", log), "will not write %s: a .jsonl file is a match log" % log),
        (("--png", log), "will not write %s: a .jsonl file is a match log" % log),
        (("--csv", tmp_path / "link.csv"), "it would replace %s" % log),
        (("--png", tmp_path / "sub" / ".." / "link.csv"), "it would replace %s" % log),
        (("--csv", tmp_path / "new.jsonl"), "a .jsonl file is a match log"),
        (("--png", tmp_path / "x", "--csv", tmp_path / "x"), "they are one file"),
    ]
    for args, message in refused:
        result = ardoise("slate", log, *args)
        assert (result.returncode, result.stdout) == (1, ""), args
        assert message in result.stderr and "Traceback" not in result.stderr, result.stderr
    assert log.read_bytes() == EXAMPLE.read_bytes()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["link.csv", "match.jsonl", "sub"]


def test_the_command_runs_end_to_end(tmp_path):
    result = ardoise("slate", EXAMPLE, "--png", tmp_path / "s.png", "--csv", tmp_path / "s.csv")
    assert result.returncode == 0, result.stderr
    assert "Match won by A (Marcel & Pierrot): coches A 5, B 1." in result.stdout
    assert (tmp_path / "s.png").stat().st_size > 10_000


# -- every path through random logs -------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_deals_read_back_agree_with_the_core(tmp_path_factory, seed):
    """Whatever a random valid log holds, the deals add up to the core's final state."""
    log_file = tmp_path_factory.mktemp("random") / "match.jsonl"
    log_file.write_text("\n".join(random_log(seed, deals=20)) + "\n", encoding="utf-8")
    log = read_match_log(log_file)
    match = brouc.read(log)
    final = log.final
    ended = [deal for deal in match.deals if deal.outcome]
    assert len(ended) == final["deals"]
    assert len(match.deals) == final["deals"] + final["deal_open"]
    if match.tally_key:
        for team in "AB":
            earned = sum(deal.match_gain[team] for deal in match.deals)
            assert earned == final[match.tally_key][team]
    assert sum(1 for deal in ended if deal.game_won_by) == final["games"]
    if ended and not ended[-1].game_won_by:
        assert ended[-1].slate == final["slate"]
    assert brouc.summary(log) and brouc.rows(log)


# -- a long log in bounded memory (issue 20: 58 MB took 1.68 GB) --------------

PEAK = """
import resource, subprocess, sys
subprocess.run([sys.executable, "-m", "host_tools", "slate", sys.argv[1]], check=True,
               stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_kib(log):
    """The most memory `ardoise slate LOG` held (KiB), measured in a process
    of its own, whose only child it is."""
    result = subprocess.run(
        [sys.executable, "-c", PEAK, str(log)], cwd=ROOT, capture_output=True, text=True,
        timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return int(result.stdout)


def test_a_long_log_is_read_in_the_memory_of_its_match(tmp_path):
    """A long log costs the memory of the match it leaves, not of its lines:
    here 4 MB of deals each taken back (the first undone at once, the last in
    force), next to the same match alone."""
    header = json.dumps({"ev": "match", "game": "brouc", "rules": "etivaz", "dealer": 0})
    taken_back = '{"ev":"deal","trump":"S"}\n{"ev":"undo"}\n' * 100_000
    short = write_log(tmp_path / "short.jsonl", [json.loads(header), {"ev": "deal", "trump": "S"}])
    long = tmp_path / "long.jsonl"
    long.write_text(header + "\n" + taken_back + '{"ev":"deal","trump":"S"}\n', encoding="utf-8")
    assert long.stat().st_size > 4_000_000
    assert read_match_log(long).undone == 100_000
    # The lines alone, read whole, took some 80 MB more.
    assert peak_kib(long) - peak_kib(short) < 8 * 1024
