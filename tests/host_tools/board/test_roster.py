"""The roster from the laptop (host_tools/board/roster.py) onto a board's flash.

The names are checked on the PC against the firmware's own limits and font;
a file with any problem leaves the board untouched. The board's side
(firmware/ardoise/roster.py) is tested under MicroPython in
tests/device/test_roster.py; here it reads, in a small heap, a file far
larger than any roster.
"""

import contextlib

import pytest

from host_tools.board import roster
from host_tools.board.link import LinkError
from host_tools.common import FIRMWARE, compile_tree, run_micropython, smallest_heap
from tests.support.commands import ardoise

TIER = "micropython"


def test_the_limits_are_the_firmwares():
    most, longest, extra = roster.limits()
    assert (most, longest) == (32, 12)
    assert "é" in extra and "Ö" in extra and "ß" in extra and "🙂" not in extra


def test_a_good_file_gives_its_names():
    data = "\ufeffRösli\r\n\n  Paul \nE\u0301mile\nJean-Luc\nZoë\n".encode()
    # A byte order mark, CR LF, a blank line, spaces, an accent typed as a combining mark.
    assert roster.check(data) == ["Rösli", "Paul", "Émile", "Jean-Luc", "Zoë"]


@pytest.mark.parametrize("data", [b"", b"\n\n", b" \t\r\n  \n", "\ufeff\n".encode()])
def test_a_file_without_names_is_refused_clearing_is_asked_for(data):
    with pytest.raises(roster.RosterError, match="names.txt holds no names: .* --clear"):
        roster.check(data, "names.txt")


def test_a_byte_order_mark_is_no_character():
    # Files pasted together: each one's mark at the start of a line.
    data = "\ufeffAnne\n\ufeffPaul\nZo\ufeffë\n".encode()
    assert roster.check(data) == ["Anne", "Paul", "Zoë"]


def test_the_empty_seats_dash_is_no_name():
    with pytest.raises(roster.RosterError) as refused:
        roster.check("Anne\n-\n – \n".encode(), "names.txt")
    assert str(refused.value).splitlines()[1:] == [
        "  line 2: '-' is the slate's empty seat, not a name",
        "  line 3: '–' is the slate's empty seat, not a name",
    ]


def test_every_problem_is_said_with_its_line():
    data = "Rösli\nThirteen char\nZoë🙂\nRösli\nTab\there\nNext\x85line\n".encode()
    with pytest.raises(roster.RosterError) as refused:
        roster.check(data, "names.txt")
    # A control character, U+0085 too, is no name's (the spec's rule): said so,
    # and "\x85" ends no line (the slate splits at "\n" alone).
    control = "is no name: a match log takes names without a control character"
    assert str(refused.value).splitlines() == [
        "names.txt cannot be the roster:",
        "  line 2: 'Thirteen char' is 13 characters: at most 12",
        "  line 3: 'Zoë🙂' has '🙂', which the slate cannot draw",
        "  line 4: 'Rösli' is already on line 1",
        "  line 5: 'Tab\\there' %s, not U+0009 (a control)" % control,
        "  line 6: 'Next\\x85line' %s, not U+0085 (a control)" % control,
    ]
    with pytest.raises(roster.RosterError, match="33 names: the slate keeps at most 32"):
        roster.check(b"".join(b"P%d\n" % number for number in range(33)))
    with pytest.raises(roster.RosterError, match="line 2: not UTF-8 text"):
        roster.check(b"Anne\nR\xf6sli\n")  # Latin-1


# What the PC writes: the names, then the slate's end line ("\x04" and the bytes before it).
WRITTEN = "Rösli\nÉmile\nPaul\n\x0419\n"


def test_the_roster_goes_to_the_virtual_board_whole_or_not_at_all(tmp_path):
    flash = tmp_path / "flash"
    names = tmp_path / "names.txt"
    names.write_text("Rösli\nÉmile\nPaul\n", encoding="utf-8")
    result = ardoise("roster", "--port", "virtual", "--virtual-flash", flash, names)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "roster on the board: 3 names: Rösli, Émile, Paul\n"
    stored = flash / "data" / "roster.txt"
    assert stored.read_text(encoding="utf-8") == WRITTEN
    assert not (flash / "data" / "roster.tmp").exists()
    # A bad file: said, and the board keeps its roster.
    names.write_text("Anne\n" + "x" * 13 + "\n", encoding="utf-8")
    refused = ardoise("roster", "--port", "virtual", "--virtual-flash", flash, names)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "line 2: 'xxxxxxxxxxxxx' is 13 characters: at most 12" in refused.stderr
    assert stored.read_text(encoding="utf-8") == WRITTEN
    # An empty file is refused, the roster kept; --clear empties it.
    names.write_text("\n", encoding="utf-8")
    empty = ardoise("roster", "--port", "virtual", "--virtual-flash", flash, names)
    assert empty.returncode == 1 and "holds no names" in empty.stderr
    assert stored.read_text(encoding="utf-8") == WRITTEN
    cleared = ardoise("roster", "--port", "virtual", "--virtual-flash", flash, "--clear")
    assert (cleared.returncode, cleared.stdout) == (0, "roster on the board: none (cleared)\n")
    assert stored.read_bytes() == b"\x040\n"  # an empty roster, whole
    missing = ardoise(
        "roster", "--port", "virtual", "--virtual-flash", flash, tmp_path / "absent.txt"
    )
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    # Without the slate on the board, the roster cannot be read as the slate reads it.
    shown = ardoise("roster", "--port", "virtual", "--virtual-flash", flash)
    assert shown.returncode == 1
    assert "the slate is not on this board: make deploy first" in shown.stderr


def test_the_boards_reader_needs_no_more_heap_for_a_huge_file(tmp_path):
    """A megabyte of junk lines, a line of 200 KB, then names: read in the smallest heap
    that a roster of two names needs (the firmware's .mpy imported, as on the board)."""
    compile_tree(FIRMWARE, tmp_path / "mpy")

    def reader(name, data):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "roster.txt").write_bytes(data)
        script = "import sys\nfrom ardoise import roster\n"
        script += "print(repr([n.encode() for n in roster.load(sys.argv[1])]))"
        return lambda kib: run_micropython(
            ["-c", script, folder], heap="%dk" % kib, path=[tmp_path / "mpy"], timeout=120
        )

    names = b"R\xc3\xb6sli\nPaul\n"
    small = reader("small", names)
    heap = smallest_heap(lambda kib: small(kib).returncode == 0, 64)
    junk = b"".join(b"%d bad \xc3\x28\n" % number for number in range(50_000))
    result = reader("huge", junk + b"y" * 200_000 + b"\n" + names)(heap)
    assert result.returncode == 0, (heap, result.stdout + result.stderr)
    assert result.stdout.strip() == "[b'R\\xc3\\xb6sli', b'Paul']"


class Refusing:
    """A link to a board whose flash refuses the roster, and that resets fine or not."""

    def __init__(self, reset_fails=False):
        self.ran = []
        self.reset_fails = reset_fails

    def evaluate(self, code):
        raise LinkError("the board's filesystem is full")

    def run(self, *args):
        self.ran.append(args)
        if self.reset_fails:
            raise LinkError("no answer")


@pytest.mark.parametrize("reset_fails", [False, True])
def test_a_failed_roster_hands_the_board_back_running_the_slate(monkeypatch, capsys, reset_fails):
    """Issue 20 item 8: the slate the write stopped runs again, or the message says how."""
    link = Refusing(reset_fails)
    monkeypatch.setattr(roster, "connect", lambda port, flash: contextlib.nullcontext(link))
    with pytest.raises(LinkError, match="filesystem is full"):
        roster.put("/dev/ttyACM0", ["Anne"], None)
    assert link.ran == [("reset",)]
    with pytest.raises(LinkError):
        roster.show("/dev/ttyACM0", None)
    assert link.ran == [("reset",), ("reset",)]
    said = capsys.readouterr().err
    assert ("unplug it and plug it in again" in said) == reset_fails


def test_a_roster_tmp_the_pc_left_alone_is_taken_whole_and_only_whole(tmp_path):
    """A cut between the PC's write of roster.tmp and its rename leaves roster.tmp
    alone: the slate (its .mpy, under MicroPython) takes it when whole, never torn."""
    compile_tree(FIRMWARE, tmp_path / "mpy")
    data = roster.roster_bytes(["Rösli", "Émile", "Paul"])
    assert data.decode() == WRITTEN
    script = "from ardoise import roster\nprint(repr([n.encode() for n in roster.load(%r)]))"
    for name, written, names in (
        ("whole", data, "[b'R\\xc3\\xb6sli', b'\\xc3\\x89mile', b'Paul']"),
        ("torn", data[: data.index(b"Paul") + 2], "[]"),  # "Pa": no name invented
    ):
        (tmp_path / name).mkdir()
        (tmp_path / name / "roster.tmp").write_bytes(written)
        result = run_micropython(
            ["-c", script % str(tmp_path / name)], path=[tmp_path / "mpy"], timeout=120
        )
        assert result.stdout.strip() == names, result.stdout + result.stderr
