"""What the host tools share (host_tools/common.py): no output ever replaces an input;
every file the PC writes is written whole or not at all, by one function."""

import ast
import errno
import os

import pytest

from host_tools import common
from host_tools.common import ROOT, OutputError, check_outputs, plural, write_whole

TIER = "quick"


def test_an_output_that_is_an_input_by_any_name_is_refused(tmp_path):
    log = tmp_path / "logs" / "match.jsonl"
    log.parent.mkdir()
    log.write_text("{}\n")
    (tmp_path / "soft.csv").symlink_to(log)
    os.link(log, tmp_path / "hard.csv")
    (tmp_path / "other").mkdir()
    for output in (
        tmp_path / "soft.csv",
        tmp_path / "hard.csv",
        tmp_path / "other" / ".." / "logs" / "match.jsonl",
        tmp_path / "logs",  # a folder that holds an input
    ):
        with pytest.raises(OutputError):
            check_outputs([output], [log])
    with pytest.raises(OutputError, match="it would replace"):
        check_outputs([tmp_path / "logs" / "new.csv"], [tmp_path / "logs"])  # in an input folder
    assert log.read_text() == "{}\n"


def test_a_match_log_is_never_an_output_and_two_outputs_are_two_files(tmp_path):
    with pytest.raises(OutputError, match="a .jsonl file is a match log"):
        check_outputs([tmp_path / "ranking.JSONL"])
    with pytest.raises(OutputError, match="they are one file"):
        check_outputs([tmp_path / "a.png", tmp_path / "." / "a.png"])


def test_outputs_beside_the_inputs_are_fine(tmp_path):
    log = tmp_path / "match.jsonl"
    log.write_text("{}\n")
    check_outputs([tmp_path / "match.csv", tmp_path / "match.png", None], [log, None])


def test_a_count_of_one_takes_its_word_alone():
    assert [plural(n, "match") for n in (0, 1, 2)] == ["0 matches", "1 match", "2 matches"]
    assert [plural(n, "name") for n in (1, 5)] == ["1 name", "5 names"]


def test_a_file_is_written_whole_in_a_folder_made_for_it(tmp_path):
    path = tmp_path / "new" / "folder" / "match.jsonl"
    write_whole(path, b"line\n")
    assert path.read_bytes() == b"line\n"
    assert os.stat(path).st_mode & 0o777 == 0o644
    write_whole(path, b"other\n", private=True)
    assert path.read_bytes() == b"other\n"
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert sorted(os.listdir(path.parent)) == ["match.jsonl"]


@pytest.mark.parametrize(
    "stop", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt]
)
def test_a_write_stopped_leaves_the_file_as_it_was_and_nothing_beside(tmp_path, monkeypatch, stop):
    path = tmp_path / "secrets.json"
    path.write_bytes(b"before\n")

    def stopped(descriptor):
        raise stop

    monkeypatch.setattr(common.os, "fsync", stopped)
    with pytest.raises(type(stop) if isinstance(stop, Exception) else stop):
        write_whole(path, b"after\n")
    assert path.read_bytes() == b"before\n"
    assert os.listdir(tmp_path) == ["secrets.json"]


def test_a_link_at_the_path_is_replaced_not_written_through(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_bytes(b"kept\n")
    (tmp_path / "log.jsonl").symlink_to(target)
    write_whole(tmp_path / "log.jsonl", b"new\n")
    assert target.read_bytes() == b"kept\n"
    assert not (tmp_path / "log.jsonl").is_symlink()


def test_the_pc_has_one_atomic_write():
    """No host tool renames a file into place but common.write_whole (the board's
    own writes, in the MicroPython code they send, are the board's)."""
    found = []
    for path in sorted((ROOT / "host_tools").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "write_whole":
                found.append((where, "def write_whole"))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = getattr(node.func.value, "id", None)
                if owner == "os" and node.func.attr in ("replace", "rename"):
                    found.append((where, "os." + node.func.attr))
    assert found == [
        ("host_tools/common.py", "def write_whole"),
        ("host_tools/common.py", "os.replace"),
    ]
