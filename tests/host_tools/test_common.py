"""What the host tools share (host_tools/common.py): no output ever replaces an input."""

import os

import pytest

from host_tools.common import OutputError, check_outputs, plural


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
