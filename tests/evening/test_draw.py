"""The seating draw: partners never twice together while some seating allows it,
the same seed the same seating, players left over never seated silently."""

import pytest

from host_tools.evening import draw
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import Evening, EveningError
from host_tools.evening.lang import Texts

TIER = "network"

TWELVE = ["P%d" % n for n in range(12)]


def sessions(players, count, seed=1, **options):
    draws = []
    for number in range(count):
        draws.append(draw.draw_session(players, draws, seed + number, **options))
    return draws


@pytest.mark.parametrize("seed", range(10))
def test_partners_never_meet_twice_at_a_schwesing_evening(seed):
    draws = sessions(TWELVE, 3, seed)
    pairs = [pair for d in draws for table in d["tables"] for pair in draw.partner_pairs(table)]
    assert len(pairs) == len(set(pairs)) == 18
    for d in draws:
        seated = [name for table in d["tables"] for name in table["names"]]
        assert sorted(seated) == sorted(TWELVE) and d["repeats"] == 0


def test_when_no_seating_avoids_it_the_draw_says_so():
    four = TWELVE[:4]  # three pairs of partners exist; a fourth session must repeat one
    draws = sessions(four, 4)
    assert [d["repeats"] for d in draws[:3]] == [0, 0, 0]
    assert draws[3]["repeats"] == 2
    lines = draw.plan_lines("x", draws[3], 4, Texts("en"))
    assert "partners who already played together: 2 pairs" in "\n".join(lines)


def test_the_same_seed_draws_the_same_seating():
    assert sessions(TWELVE, 3, 5) == sessions(TWELVE, 3, 5)
    assert sessions(TWELVE, 1, 5) != sessions(TWELVE, 1, 6)


def test_players_left_over_are_never_seated_silently():
    six = TWELVE[:6]
    with pytest.raises(EveningError) as refused:
        draw.draw_session(six, [], 1)
    assert "--sit-out" in str(refused.value) and "--two" in str(refused.value)
    two = draw.draw_session(six, [], 1, two=True)
    assert [len(t["names"]) for t in two["tables"]] == [4, 2]
    assert two["tables"][1]["rules"] == "two"
    with pytest.raises(EveningError, match="--sit-out"):
        draw.draw_session(TWELVE[:5], [], 1, two=True)  # one left over: no table of two


def test_sit_outs_rotate():
    nine = TWELVE[:9]
    draws = sessions(nine, 9, sit_out=True)
    counts = draw.sat_out(draws)
    assert sorted(counts.values()) == [1] * 9  # each player sat out once in nine sessions
    for d in draws:
        seated = [name for table in d["tables"] for name in table["names"]]
        assert len(d["sit_out"]) == 1 and sorted(seated + d["sit_out"]) == nine


def test_new_and_draw_from_the_command_line(tmp_path, capsys):
    names = tmp_path / "names.txt"
    names.write_text("Anne\nPaul\nÉmile\n", encoding="utf-8")
    assert evening_main(["new", str(tmp_path / "e"), "--players", str(names), "--lang", "en"]) == 1
    assert "names 3 players: a table needs four" in capsys.readouterr().err
    assert not (tmp_path / "e").exists()
    names.write_text("Anne\nPaul\nÉmile\nRösli\nHans\n", encoding="utf-8")
    assert (
        evening_main(
            ["new", str(tmp_path / "e"), "--players", str(names), "--wifi-later", "--lang", "en"]
        )
        == 0
    )
    assert evening_main(["draw", str(tmp_path / "e")]) == 1
    assert "5 players do not make tables of four" in capsys.readouterr().err
    assert Evening.load(tmp_path / "e").settings["draws"] == []
    assert evening_main(["draw", str(tmp_path / "e"), "--sit-out", "--seed", "3"]) == 0
    first = capsys.readouterr().out
    plan = (tmp_path / "e" / "seating" / "session-1.png").read_bytes()
    assert evening_main(["draw", str(tmp_path / "e"), "--show", "1"]) == 0
    assert capsys.readouterr().out == first
    assert (tmp_path / "e" / "seating" / "session-1.png").read_bytes() == plan
    assert "sitting out: " in first and "seed 3" in first
