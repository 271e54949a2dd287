"""The evening's commands refuse what cannot be played, and a refused one changes
nothing (issue 31, items 11 to 16): `new`'s sessions, deals, network and
players, its secrets kept out of git; `wifi`, the network set later; `enrol`'s
tables checked against the draw, and nothing written to a board it refuses
(a virtual board: MicroPython's unix port on a flash folder)."""

import json
import subprocess

import pytest

from host_tools.evening import command
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import Evening
from tests.evening.conftest import NAMES

TIER = "network"
TIER_OF = {
    "test_enrol": "micropython",
}

WIFI = ["--ssid", "club", "--wifi-password", "secret"]


def new(tmp_path, *options, names=NAMES, folder="evening"):
    players = tmp_path / "names.txt"
    players.write_text(names, encoding="utf-8")
    # In English: the texts below are the English ones (French is new's default).
    command = ["new", str(tmp_path / folder), "--players", str(players), "--lang", "en"]
    return evening_main(command + list(options))


@pytest.mark.parametrize(
    "options, said",
    [
        (["--deals", "0"], "--deals 0: a session has 1 to 99 deals"),
        (["--deals", "-3"], "--deals -3: a session has 1 to 99 deals"),
        (["--deals", "100"], "--deals 100: a session has 1 to 99 deals"),
        (["--sessions", "0"], "--sessions 0: an evening plays 1 to 99 sessions"),
        ([], "which Wi-Fi network do the boards join? Give --ssid NETWORK"),
        (["--ssid", ""], "'' cannot be a Wi-Fi network's name"),
        (["--ssid", "x" * 33], "cannot be a Wi-Fi network's name: 1 to 32 bytes"),
        (["--ssid", "club\n"], "cannot be a Wi-Fi network's name"),
        (["--ssid", "club"], "the Wi-Fi password of club: give it with --wifi-password"),
    ],
)
def test_what_cannot_be_played_is_refused_and_nothing_written(tmp_path, capsys, options, said):
    wifi = [] if "--ssid" in options or not options else WIFI
    assert new(tmp_path, *options, *wifi) == 1
    assert said in capsys.readouterr().err
    assert not (tmp_path / "evening").exists()


def test_a_file_without_names_says_what_an_evening_needs(tmp_path, capsys):
    assert new(tmp_path, *WIFI, names="\n  \n") == 1
    err = capsys.readouterr().err
    assert "names.txt holds no names: an evening needs its players' names, one a line" in err
    assert "--clear" not in err and "roster" not in err


def test_the_players_names_follow_the_spec(tmp_path, capsys):
    names = NAMES.replace("Paul", "Pa\x85ul").replace("Hans", "Hans\tH")
    assert new(tmp_path, *WIFI, names=names) == 1
    err = capsys.readouterr().err
    assert "line 2: 'Pa\\x85ul' is no name: a match log takes names without a control" in err
    assert "line 5: 'Hans\\tH' is no name" in err
    assert not (tmp_path / "evening").exists()


class Terminal:
    def isatty(self):
        return True


def test_a_missing_network_is_asked_at_a_terminal(tmp_path, monkeypatch, capsys):
    answers = iter(["  ClubWifi ", ""])
    monkeypatch.setattr(command.sys, "stdin", Terminal())
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    monkeypatch.setattr(command.getpass, "getpass", lambda prompt: "pass word")
    assert new(tmp_path) == 0
    assert Evening.load(tmp_path / "evening").secrets["wifi"] == {
        "ssid": "ClubWifi",
        "password": "pass word",
    }
    # Enter: the network later, said so.
    assert new(tmp_path, folder="second") == 0
    assert Evening.load(tmp_path / "second").secrets["wifi"] == {}
    assert "no Wi-Fi network yet: `ardoise evening wifi " in capsys.readouterr().out


def test_the_network_is_set_later_and_changed(tmp_path, capsys):
    folder = tmp_path / "evening"
    assert new(tmp_path, "--wifi-later") == 0
    assert "no Wi-Fi network yet" in capsys.readouterr().out
    assert Evening.load(folder).secrets["wifi"] == {}
    assert evening_main(["wifi", str(folder)]) == 1  # no terminal to ask at
    assert "Give --ssid NETWORK" in capsys.readouterr().err
    assert evening_main(["wifi", str(folder), *WIFI]) == 0
    assert "the boards join Wi-Fi 'club'" in capsys.readouterr().out
    evening = Evening.load(folder)
    assert evening.secrets["wifi"] == {"ssid": "club", "password": "secret"}
    evening.enrol("b1", None, 1)
    evening.save()
    assert evening_main(["wifi", str(folder), "--ssid", "Hall", "--wifi-password", "x"]) == 0
    out = capsys.readouterr().out
    assert "the boards enrolled still have 'club': enrol each again" in out and "(b1)" in out
    assert Evening.load(folder).secrets["wifi"] == {"ssid": "Hall", "password": "x"}


def git(folder, *args):
    return subprocess.run(
        ["git", "-C", str(folder), *args], capture_output=True, text=True, check=True
    ).stdout


def test_an_evening_made_in_a_repository_keeps_its_passwords_out_of_git(tmp_path, capsys):
    repository = tmp_path / "clone"
    repository.mkdir()
    git(repository, "init", "-q")
    assert new(repository, *WIFI) == 0
    out = capsys.readouterr().out
    folder = repository / "evening"
    assert (
        "the passwords: %s and %s" % (folder / "secrets.json", folder / "broker" / "passwd") in out
    )
    assert "is in the git repository %s" % repository in out
    git(repository, "add", ".")
    added = git(repository, "diff", "--cached", "--name-only").split()
    assert "evening/evening.json" in added and "evening/.gitignore" in added
    assert not [path for path in added if path.endswith(("secrets.json", "passwd", ".tmp"))]
    # The passwords are there, for the organiser alone.
    assert (folder / "secrets.json").stat().st_mode & 0o077 == 0
    assert json.loads((folder / "secrets.json").read_text())["wifi"]["ssid"] == "club"


# -- enrol: a board on the virtual port ------------------------------------------


def enrol(folder, flash, *options):
    return evening_main(
        ["enrol", str(folder), "--port", "virtual", "--virtual-flash", str(flash)]
        + ["--broker-host", "127.0.0.1", "--page-host", "127.0.0.1", *options]
    )


def board_files(flash):
    return sorted(str(path.relative_to(flash)) for path in flash.rglob("*") if path.is_file())


@pytest.fixture
def drawn(tmp_path):
    """An evening of 12 players (three tables), session 1 drawn."""
    assert new(tmp_path, *WIFI) == 0
    folder = tmp_path / "evening"
    assert evening_main(["draw", str(folder), "--seed", "7"]) == 0
    return folder


def test_enrol_a_board_the_evening_refuses_and_nothing_is_written_to_it(drawn, tmp_path, capsys):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    assert enrol(drawn, first, "--board-id", "b1", "--table", "1") == 0
    capsys.readouterr()
    before = (drawn / "evening.json").read_bytes(), (drawn / "secrets.json").read_bytes()
    # Another board given the same id: refused, and that board keeps no id.
    assert enrol(drawn, second, "--board-id", "b1") == 1
    assert "board b1 is already enrolled, and it was another board" in capsys.readouterr().err
    assert board_files(second) == []
    assert ((drawn / "evening.json").read_bytes(), (drawn / "secrets.json").read_bytes()) == before
    # So it can be enrolled under its own id at once, with no `deploy --id`.
    assert enrol(drawn, second, "--board-id", "b2") == 0
    assert board_files(second) == ["data/board_id.txt", "data/evening.json"]


def test_enrol_checks_the_table_against_the_draw(drawn, tmp_path, capsys):
    boards = [tmp_path / ("board%d" % number) for number in range(5)]
    for flash in boards:
        flash.mkdir()
    for table in ("9", "0", "4", "-1"):
        assert enrol(drawn, boards[0], "--board-id", "b0", "--table", table) == 1
        err = capsys.readouterr().err
        assert "there is no table %s: the draw seats tables 1 to 3" % table in err, err
        assert board_files(boards[0]) == []
    for number, flash in enumerate(boards[:3], 1):
        assert enrol(drawn, flash, "--board-id", "b%d" % number) == 0
        assert "enrolled at table %d" % number in capsys.readouterr().out
    # A fourth board: no table left to seat players at.
    assert enrol(drawn, boards[3], "--board-id", "b4") == 1
    assert "every table has its board (1 b1, 2 b2, 3 b3)" in capsys.readouterr().err
    assert board_files(boards[3]) == []
    assert sorted(Evening.load(drawn).boards) == ["b1", "b2", "b3"]


def test_enrol_refuses_an_evening_without_its_network(tmp_path, capsys):
    assert new(tmp_path, "--wifi-later") == 0
    flash = tmp_path / "board"
    flash.mkdir()
    assert enrol(tmp_path / "evening", flash, "--board-id", "b1") == 1
    assert "has no Wi-Fi network yet: give it with `ardoise evening wifi" in capsys.readouterr().err
    assert board_files(flash) == []
