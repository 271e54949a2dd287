"""Proof 1: random legal games of Le Brouc, replayed with the rules core.

The table (tests/proof/brouc_table.py) deals and plays real cards and keeps
its own count from the cards and the rulings; the core, folding the log the
players entered, must show the same slate after every event.

    .venv/bin/python -m pytest --hypothesis-profile=proof tests/test_proof_games.py -s

plays 200,000 deals instead of 6,000.
"""

import json
import subprocess
import sys

import pytest

from host_tools.common import MICROPYTHON, ROOT, run_micropython
from tests.proof.brouc_table import (
    PACK,
    POINTS,
    cards,
    deal_hands,
    legal_cards,
    marriages_in,
    play_match,
    rounded,
    trick_winner,
)
from tests.proof.games import prove_games
from tests.support.proof import FULL

TIER = "slow micropython"

DEALS = 200_000 if FULL else 6_000

# Every path of the rulings the table must have walked in the normal run.
OUTCOMES = (
    "rules etivaz",
    "rules 31",
    "rules brou1802",
    "deal",
    "deal without tricks",
    "scored",
    "declared marriage",
    "marriage in a trick",
    "dehors right",
    "dehors wrong",
    "cape",
    "announced cape-dehors",
    "announced cape-dedouble",
    "announced cape won",
    "announced cape lost",
    "vole",
    "announced partie-vole",
    "announced vole won",
    "partie et vole lapsed",
    "slip undone",
)


def legal(hand, trick, trump="H"):
    return sorted(map(str, legal_cards(cards(hand), cards(trick), trump)))


# -- the pack and the deal ---------------------------------------------------


def test_pack_of_32_cards_worth_120():
    assert len(set(PACK)) == 32
    assert sum(POINTS[card.rank] for card in PACK) == 120


def test_deal_in_packets_of_one_three_four_from_the_dealers_right():
    hands, trump = deal_hands(PACK, dealer=2)
    # Seats 3, 0, 1, then the dealer (2): one card each, then three, then four.
    assert hands[3] == [PACK[0], *PACK[4:7], *PACK[16:20]]
    assert hands[0] == [PACK[1], *PACK[7:10], *PACK[20:24]]
    assert hands[1] == [PACK[2], *PACK[10:13], *PACK[24:28]]
    assert hands[2] == [PACK[3], *PACK[13:16], *PACK[28:32]]
    assert trump == PACK[31].suit and hands[2][-1] == PACK[31]  # the dealer's last card


def test_rounding_of_ruling_2():
    assert [rounded(points) for points in (75, 45, 64, 56, 0, 120, 5, 4)] == [
        80,
        50,
        60,
        60,
        0,
        120,
        10,
        0,
    ]


# -- the rules of play: Le Brouc's two classic worked examples (hearts trumps)


def test_worked_example_1_overtrump_or_discard_or_marriage():
    trick = "AC KH 8C"  # East leads the ace of clubs, North trumps, West follows
    assert legal("AH 8H JD", trick) == ["AH", "JD"]
    assert legal("AH QH JD", trick) == ["AH", "JD", "QH"]  # undertrump making a marriage
    assert legal("AH 8H", trick) == ["AH"]  # only trumps: must still overtrump
    assert legal("9H 8H", trick) == ["8H", "9H"]  # only trumps and none beats: any
    assert legal("8H JD 7S", trick) == ["7S", "JD"]  # cannot overtrump: discard


def test_worked_example_2_trump_led_beat_or_marriage():
    trick = "QH 10H 7H"  # East leads the queen of trumps, North beats it, West follows
    assert legal("AH 8H", trick) == ["AH"]
    assert legal("AH KH", trick) == ["AH", "KH"]  # the king under the ten, making a marriage
    assert legal("9H 8H AC", trick) == ["8H", "9H"]  # cannot beat: a lower trump, not a club
    assert legal("AC 9S", trick) == ["9S", "AC"]  # no trump: anything


def test_follow_suit_and_free_choice_when_void_before_any_trump():
    assert legal("KC 7C AH 9S", "10C") == ["7C", "KC"]
    assert legal("7H AH 9S", "10C") == ["7H", "9S", "AH"]
    assert legal("AH JH 9S", "10C 9H") == ["9S", "AH", "JH"]


def test_jack_of_trumps_extends_only_a_marriage_in_the_trick():
    assert legal("JH 8D", "AH KH QH") == ["JH"]  # completes K-Q-J, beats nothing
    assert legal("JH 7H", "AH KH") == ["7H", "JH"]  # no marriage: any lower trump
    assert legal("KH 7H 8D", "AH QH JH") == ["KH"]


def test_lhomme_de_brou_any_card_when_void():
    hand, trick = cards("AH 8H JD"), cards("AC KH 8C")
    assert sorted(map(str, legal_cards(hand, trick, "H", any_card_when_void=True))) == [
        "8H",
        "AH",
        "JD",
    ]


def test_trick_winner_and_marriages_in_a_trick():
    assert trick_winner(cards("AC KH 8C AH"), "H") == 3
    assert trick_winner(cards("AC KH 8C 10C"), "D") == 0
    assert trick_winner(cards("9S 7S AD 10S"), "H") == 3
    assert marriages_in(cards("KS QS 7H JS")) == [("S", "KQJ")]
    assert marriages_in(cards("KH QH KD QD")) == [("H", "KQ"), ("D", "KQ")]
    assert marriages_in(cards("KS JS QD 7S")) == []


# -- the proof -----------------------------------------------------------------


def test_random_legal_games_replay_to_the_count_of_the_cards():
    proof = prove_games(DEALS)
    print(
        "\nproof games: %d deals in %d matches, %.1f s, %.0f deals/s"
        % (proof.deals, proof.matches, proof.seconds, proof.deals_per_second)
    )
    print("  " + ", ".join("%s %d" % item for item in sorted(proof.outcomes.items())))
    missing = [outcome for outcome in OUTCOMES if not proof.outcomes[outcome]]
    assert not missing, "paths never walked: %s" % missing


def played_logs(tmp_path, seeds):
    """(path, final expected state) of the matches played from `seeds`."""
    logs = []
    for seed in seeds:
        played = play_match(seed)
        path = tmp_path / ("match-%d.jsonl" % seed)
        path.write_text("\n".join(played.lines) + "\n", encoding="utf-8")
        logs.append((path, played.expected[-1]))
    return logs


def spec_part(state, expected):
    return {key: state.get(key) for key in expected}


def test_replay_command_prints_the_count_of_the_cards(tmp_path):
    for path, expected in played_logs(tmp_path, range(100, 106)):
        result = subprocess.run(
            [sys.executable, "-m", "host_tools.replay", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0 and result.stderr == "", result.stderr
        assert spec_part(json.loads(result.stdout), expected) == expected, path.name


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="no MicroPython in .venv")
def test_micropython_replays_to_the_same_count(tmp_path):
    for path, expected in played_logs(tmp_path, range(200, 204)):
        result = run_micropython(
            ["-m", "mp_replay", str(path)],
            path=[ROOT / "firmware", ROOT / "host_tools" / "bench"],
            timeout=120,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        assert spec_part(json.loads(result.stdout), expected) == expected, path.name
