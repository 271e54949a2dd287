"""Each board's short id (host_tools/board/board_id.py), set at deploy and kept on its flash.

Deployed to the virtual board, whose unique id is one per flash folder
(host_tools/standin/virtual_boot.py), as a board has its own.
"""

import hashlib
import sys

import pytest

from host_tools.board import board_id as ids
from tests.support.commands import ardoise

TIER = "micropython"


def deploy(flash, *args):
    virtual = ("--board", "pico", "--port", "virtual", "--virtual-flash", flash)
    return ardoise("deploy", *virtual, *args, timeout=300)


def kept(flash):
    return (flash / "data" / "board_id.txt").read_text()


def test_deploy_gives_a_board_an_id_from_its_unique_id_then_keeps_or_replaces_it(tmp_path):
    flash = tmp_path / "flash"
    first = deploy(flash)
    assert first.returncode == 0, first.stdout + first.stderr
    unique = hashlib.sha256(str(flash.resolve()).encode()).digest()[:8]
    derived = ids.derived(unique.hex())
    assert len(derived) == 4 and int(derived, 16) >= 0
    assert "board id %s (from its unique id)" % derived in first.stdout
    assert kept(flash) == derived
    # --id names it; the next deploy without --id keeps that name.
    named = deploy(flash, "--id", "ardoise-3")
    assert named.returncode == 0 and "board id ardoise-3 (given)" in named.stdout
    assert kept(flash) == "ardoise-3"
    again = deploy(flash)
    assert again.returncode == 0 and "board id ardoise-3 (kept)" in again.stdout
    assert kept(flash) == "ardoise-3"


@pytest.mark.parametrize("bad", ["", "a b", "Rösli", "-3", "x" * 13, "../up"])
def test_a_bad_id_is_refused_before_anything_is_done(tmp_path, bad):
    flash = tmp_path / "flash"
    result = deploy(flash, "--id", bad)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "a board id is 1 to 12 letters or digits" in result.stderr
    assert not flash.exists() or not any(flash.iterdir())


class NoUniqueId:
    """A link to a board that keeps no id and has no machine.unique_id()."""

    def evaluate(self, code):
        assert "unique_id" in code
        return (None, None)


def test_a_board_without_a_unique_id_is_asked_for_one_or_refused(monkeypatch, capsys):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    with pytest.raises(ids.BoardIdError, match="no unique id to name it by: give it one with --id"):
        ids.choose(NoUniqueId(), None)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    answers = iter(["a b", " 7 "])
    assert ids.choose(NoUniqueId(), None, ask=lambda prompt: next(answers)) == ("7", "asked")
    assert "a board id is 1 to 12" in capsys.readouterr().err  # the bad answer, said

    def ended(prompt):
        raise EOFError

    with pytest.raises(ids.BoardIdError, match="no board id given"):
        ids.choose(NoUniqueId(), None, ask=ended)


def test_an_id_on_the_board_that_cannot_name_a_folder_is_not_used():
    class Odd:
        def evaluate(self, code):
            return ("../../etc", "e66138104b2c312a")

    assert ids.read(Odd()) == (ids.derived("e66138104b2c312a"), "from its unique id")

    class Reserved(Odd):
        def evaluate(self, code):
            return ("Com1", "e66138104b2c312a")

    assert ids.read(Reserved()) == (ids.derived("e66138104b2c312a"), "from its unique id")


@pytest.mark.parametrize("name", ["con", "CON", "Aux", "nul", "prn", "com1", "COM9", "lpt3"])
def test_a_name_windows_keeps_for_a_device_is_no_board_id(name):
    """pull-log makes a folder of the id: Windows cannot make "con", whatever its case."""
    with pytest.raises(ids.BoardIdError, match="Windows keeps that name for a device"):
        ids.check(name)
    assert not ids.WINDOWS.fullmatch(name + "-0001")  # a file named after it is fine
    assert ids.WINDOWS.fullmatch(name + ".jsonl")  # and so would be an extension


@pytest.mark.parametrize("name", ["con1", "com0", "com10", "console", "nul_", "lpt", "3", "aux-2"])
def test_names_close_to_a_device_are_board_ids(name):
    assert ids.check(name) == name


def test_deploy_refuses_a_device_name_before_anything_is_done(tmp_path):
    flash = tmp_path / "flash"
    result = deploy(flash, "--id", "Com1")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "'Com1' cannot be a board id: Windows keeps that name" in result.stderr
    assert not flash.exists() or not any(flash.iterdir())
