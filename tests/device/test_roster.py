"""The roster on the board's flash (firmware/ardoise/roster.py), on real files under /tmp."""

import os

from folders import exists, in_folder, read, write

from ardoise import journal as journal_module
from ardoise import roster


@in_folder
def test_names_with_accents_go_and_come_back(root):
    assert roster.load(root) == []  # no roster yet
    names = ["Rösli", "Émile", "Paul", "Zoë-Anaïs", "Jean Paul", "Ÿvon"]
    roster.save(root, names)
    written = "\n".join(names).encode() + b"\n"
    assert read(root + "/roster.txt") == written + b"\x04%d\n" % len(written)  # its end line
    assert roster.load(root) == names
    assert not exists(root + "/roster.tmp")
    roster.save(root, names[:2])  # replaced whole
    assert roster.load(root) == names[:2]
    roster.save(root, [])
    assert roster.load(root) == []


@in_folder
def test_any_file_gives_a_roster_of_the_names_it_can_hold(root):
    lines = [
        b"R\xc3\xb6sli\r\n",  # CR LF, as a PC may write it
        b"\n",
        b"   \n",
        b"  Paul \t\n",  # spaces around: the name alone
        b"Twelve chars\n",
        b"Thirteen char\n",  # 13: too long
        b"x" * 300 + b"\n",  # far too long, read in pieces
        b"bad \xc3\x28\n",  # not UTF-8
        b"over\xc1\x81\n",  # an overlong "A", which MicroPython would decode
        b"half \xed\xa0\x80\n",  # a surrogate
        b"tab\tinside\n",  # a control character
        b"next \xc2\x85line\n",  # U+0085, a control character too (the spec's U+007F-U+009F)
        b"del\x7f\n",
        b"Paul\n",  # twice
        b"\xc3\x89mile",  # the last line, without its newline
    ]
    write(root + "/roster.txt", b"".join(lines))
    assert roster.load(root) == ["Rösli", "Paul", "Twelve chars", "Émile"]


@in_folder
def test_a_byte_order_mark_is_no_character(root):
    # Notepad's UTF-8 starts with one; files pasted together have one a line.
    write(root + "/roster.txt", b"\xef\xbb\xbfAnne\r\n\xef\xbb\xbfPaul\n\xef\xbb\xbf\n")
    assert roster.load(root) == ["Anne", "Paul"]


@in_folder
def test_at_most_32_names_are_kept(root):
    write(root + "/roster.txt", b"".join(b"P%d\n" % number for number in range(40)))
    assert roster.load(root) == ["P%d" % number for number in range(32)]


@in_folder
def test_a_name_the_roster_cannot_hold_is_refused_and_nothing_changes(root):
    roster.save(root, ["Anne"])
    before = read(root + "/roster.txt")
    for names in (
        ["Anne", "Thirteen char"],
        ["Anne", ""],
        ["Anne", " Paul"],
        ["Anne", "Anne"],
        ["Anne", "tab\there"],
        ["Anne", "C1\x9f"],
        ["Anne", "Paul "],
        ["P%d" % number for number in range(33)],
    ):
        try:
            roster.save(root, names)
        except ValueError:
            pass
        else:
            raise AssertionError("saved %r" % (names,))
        assert read(root + "/roster.txt") == before
        assert not exists(root + "/roster.tmp")


@in_folder
def test_a_cut_replacement_leaves_the_old_roster_or_the_new_one(root):
    roster.save(root, ["Anne", "Paul"])
    write(root + "/roster.tmp", b"Emi")  # cut while written: roster.txt still in force
    assert roster.load(root) == ["Anne", "Paul"]
    roster.save(root, ["Luc"])  # the torn file is simply written over
    assert roster.load(root) == ["Luc"]
    os.rename(root + "/roster.txt", root + "/roster.tmp")  # cut between remove and rename
    assert roster.load(root) == ["Luc"]
    roster.save(root, ["Luc", "Marc"])
    assert roster.load(root) == ["Luc", "Marc"] and not exists(root + "/roster.tmp")


@in_folder
def test_a_first_roster_cut_while_written_is_no_roster(root):
    # roster.tmp alone: a first save cut short, whatever it holds but its end line.
    whole = b"Anne\nPaul\n\x0410\n"
    for torn in (b"Anne\nPa", b"Anne\nPaul\n", b"Anne\nPaul\n\x041", b"Anne\nPaul\n\x049\n"):
        write(root + "/roster.tmp", torn)
        assert roster.load(root) == [], torn
        assert not exists(root + "/roster.tmp")  # gone: it never was the roster
    write(root + "/roster.tmp", whole)  # whole: a rename that failed or was cut
    assert roster.load(root) == ["Anne", "Paul"]
    assert read(root + "/roster.txt") == whole and not exists(root + "/roster.tmp")


@in_folder
def test_a_roster_from_the_pc_reads_as_before(root):
    # What `ardoise roster` writes: the names, no end line.
    write(root + "/roster.txt", b"Anne\nPaul\n")
    assert roster.load(root) == ["Anne", "Paul"]
    roster.save(root, ["Anne", "Paul", "Luc"])
    assert roster.load(root) == ["Anne", "Paul", "Luc"]


class NoRenameOver:
    """A port's os whose rename will not replace a file (FAT on some ports)."""

    def __init__(self, real):
        self.real = real

    def rename(self, old, new):
        if exists(new):
            raise OSError(17)
        self.real.rename(old, new)

    def remove(self, path):
        self.real.remove(path)

    def stat(self, path):
        return self.real.stat(path)


class NoRename(NoRenameOver):
    """A port's os whose renames fail for good (and its removes too, with `stuck`)."""

    def __init__(self, real, stuck=False):
        NoRenameOver.__init__(self, real)
        self.stuck = stuck

    def rename(self, old, new):
        raise OSError(5)

    def remove(self, path):
        if self.stuck:
            raise OSError(5)
        self.real.remove(path)


@in_folder
def test_a_port_that_will_not_rename_over_a_file(root):
    saved = journal_module.os
    journal_module.os = NoRenameOver(saved)
    try:
        roster.save(root, ["Anne"])
        roster.save(root, ["Anne", "Paul"])
    finally:
        journal_module.os = saved
    assert roster.load(root) == ["Anne", "Paul"] and not exists(root + "/roster.tmp")


@in_folder
def test_saved_is_said_exactly_when_the_roster_changed(root):
    # Renames that fail for good: once roster.txt is removed, roster.tmp is
    # the roster (the new one), so the save did not fail; a roster.txt that
    # cannot be removed stands, and then the save failed.
    saved = journal_module.os
    for stuck in (False, True):
        roster.save(root, ["Luc"])
        journal_module.os = NoRename(saved, stuck)
        try:
            roster.save(root, ["Anne", "Paul"])
            failed = False
        except OSError:
            failed = True
        finally:
            journal_module.os = saved
        assert failed == stuck, stuck
        assert roster.load(root) == (["Luc"] if stuck else ["Anne", "Paul"]), stuck
        assert not exists(root + "/roster.tmp")
