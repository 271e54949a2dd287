"""The PC side of pull-log (host_tools/board/pull.py): what it writes, and never.

Through `store`, the one writer of pulled logs: a full disk (a small tmpfs,
when the tests run as root), symbolic links, the names a board's matches get.
The pulls through a virtual board are in test_deploy.py.
"""

import contextlib
import os
import subprocess

import pytest

from host_tools.board import pull

TIER = "micropython"

MATCH = b'{"ev":"match","game":"bruus"}\n'
DEAL = b'{"ev":"deal","dealer":0}\n'


def test_each_match_has_one_name_for_good():
    assert pull.next_number([]) == 1
    assert pull.next_number(["0001.jsonl", "0002.damaged", "notes.txt"]) == 3
    assert pull.log_name("3", pull.next_number(["0001.jsonl"])) == "3-0002.jsonl"
    assert pull.log_name("3", 2, ".damaged") == "3-0002.damaged"


@contextlib.contextmanager
def small_disk(folder, kib):
    """A tmpfs of `kib` KiB mounted on `folder`, unmounted after."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=%dk" % kib, "tmpfs", str(folder)],
        capture_output=True,
    )
    if mounted.returncode:
        pytest.skip("no tmpfs to mount here (the tests do not run as root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_a_full_disk_leaves_every_file_whole_and_the_next_pull_works(tmp_path):
    with small_disk(tmp_path / "disk", 16) as disk:
        evening = disk / "evening"
        first = pull.store(evening, "3", [("3-0001.jsonl", MATCH)])
        filler = disk / "filler"
        filler.write_bytes(b"x" * 8192)
        big = MATCH + DEAL * 400  # 10 KiB: more than is free
        with pytest.raises(pull.PullError) as full:
            pull.store(evening, "3", [("3-0001.jsonl", big), ("3-0002.jsonl", MATCH)])
        assert str(full.value).startswith("the disk holding %s is full" % (evening / "3"))
        # As it was: no file cut short, no temporary file left.
        assert sorted(os.listdir(evening / "3")) == ["3-0001.jsonl"]
        assert first[0].read_bytes() == MATCH
        filler.unlink()
        pull.store(evening, "3", [("3-0001.jsonl", big), ("3-0002.jsonl", MATCH)])
        assert first[0].read_bytes() == big
        assert (evening / "3" / "3-0002.jsonl").read_bytes() == MATCH


def test_nothing_is_written_through_a_symbolic_link(tmp_path):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b"")
    evening = tmp_path / "evening"
    (evening / "3").mkdir(parents=True)
    (evening / "3" / "3-0001.jsonl").symlink_to(elsewhere)
    with pytest.raises(pull.PullError, match="3-0001.jsonl is a symbolic link: pull-log never"):
        pull.store(evening, "3", [("3-0002.jsonl", MATCH), ("3-0001.jsonl", MATCH)])
    assert elsewhere.read_bytes() == b""
    assert not (evening / "3" / "3-0002.jsonl").exists()  # nothing written
    # The board's folder a link: refused too.
    (tmp_path / "other").mkdir()
    (evening / "5").symlink_to(tmp_path / "other")
    with pytest.raises(pull.PullError, match="5 is a symbolic link"):
        pull.store(evening, "5", [("5-0001.jsonl", MATCH)])
    assert not any((tmp_path / "other").iterdir())


def test_a_copy_pulled_earlier_is_brought_up_to_date_anything_else_stops(tmp_path):
    pull.store(tmp_path, "3", [("3-0001.jsonl", MATCH + b'{"ev":"de')])  # a line cut by power
    pull.store(tmp_path, "3", [("3-0001.jsonl", MATCH + DEAL)])  # the board dropped it
    assert (tmp_path / "3" / "3-0001.jsonl").read_bytes() == MATCH + DEAL
    with pytest.raises(pull.PullError, match="already holds other logs named 3-0001.jsonl"):
        pull.store(tmp_path, "3", [("3-0002.jsonl", MATCH), ("3-0001.jsonl", MATCH)])
    assert not (tmp_path / "3" / "3-0002.jsonl").exists()


def test_the_lines_left_in_the_journals_tail_are_pulled_as_a_boot_takes_them():
    journal = MATCH + DEAL
    trick = b'{"ev":"trick","team":"A"}\n'
    tail = b"%d\n" % len(journal) + trick
    assert pull.with_tail(journal, tail) == journal + trick
    # The move to the journal cut short, after some or all of the line: taken once.
    for moved in (5, len(trick)):
        assert pull.with_tail(journal + trick[:moved], tail) == journal + trick
    assert pull.with_tail(journal, tail[:-1]) == journal  # a torn line is no part of it
    assert pull.with_tail(journal, b"%d\n" % len(MATCH) + trick) == journal  # another's
    assert pull.with_tail(journal, b"garbage") == journal
