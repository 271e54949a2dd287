"""Power cuts on the emulated Pico: MicroPython's own littlefs on the modelled
flash chip, the power cut at a random instruction, or as a flash program or
erase starts (left part done), then the board powered on again from the
flash as it was.

From a Le Brouc match in progress (the first 22 lines of the scripted
match, tricks recorded on the slate), the slate records tricks one press at
a time, an undo among them. An uncut run gives the journal after each
press; after each cut the board must boot to the slate, its journal must
fold and be what the uncut run had before or after the press in flight (at
most that action lost), and a line the cut left torn must be said on the
screen. `make test` tries a few cuts; make proof (--hypothesis-profile=proof) at least 500.

Every other file the slate writes is cut too (EVERY_FILE): the settings
changed, a new match begun (the old one renamed into the archive) and the
roster edited on the slate, each cut as a flash operation starts; the next
boot must find every file, as the firmware reads it, before the write in
flight or after it.
"""

import collections
import json
import random

import pytest

from host_tools.common import ROOT
from host_tools.web.keyscript import Player, commands
from scoring import fold_lines
from tests.pico.conftest import image, slate_on
from tests.support.proof import FULL

TIER = "slow emulator"

MATCH = (ROOT / "tests" / "logs" / "device-etivaz-match.jsonl").read_bytes()
PROLOGUE = b"".join(MATCH.splitlines(keepends=True)[:22])  # ends with a deal begun
# Each line one press; each but the held Prev (it asks whether to undo) writes a line.
SCRIPT = "\n".join(
    [
        "tricks A",
        "tricks B",
        "tricks A",
        "hold prev",
        "press ok",
        "tricks B",
        "tricks A",
        "tricks A",
    ]
)
WRITTEN = 7
CUTS = 500 if FULL else 2  # at random instructions
OPERATION_CUTS = 100 if FULL else 1  # as a flash program or erase starts


@pytest.fixture(scope="module")
def start(deployed, tmp_path_factory):
    """The flash to start from, and the uncut run: instructions and flash
    operations when the slate first answered and at the end, the journal
    after each command."""
    folder = tmp_path_factory.mktemp("power")
    flash = image(
        deployed, folder, files={"match.jsonl": PROLOGUE, "settings.json": b'{"tricks": true}'}
    )
    journals = []
    with slate_on(deployed, flash) as slate:
        booted = slate.pico.stats()
        player = Player(slate)
        for _, _, name, args in commands(SCRIPT):
            player.command(name, args, None)
            journals.append(slate.answer["journal"])
        ended = slate.pico.stats()
        final = slate.read("/data/match.jsonl")
    assert final.startswith(PROLOGUE) and final.count(b"\n") == 22 + WRITTEN
    assert final.endswith(
        b'{"ev":"undo"}\n' + b'{"ev":"trick","team":"B"}\n' + 2 * b'{"ev":"trick","team":"A"}\n'
    )
    return deployed, flash, booted, ended, [len(PROLOGUE)] + journals, final


def played_until_the_cut(deployed, flash, tmp_path, trap, play):
    """Power on from `flash` with `trap` set (EmulatedPico.trap), `play(slate)`
    until the power goes (or cut it once played): (the flash the cut left, a
    path; whether the slate had started)."""
    started = False
    slate = slate_on(deployed, flash)
    try:
        try:
            slate.start(trap=trap)
            started = True
            play(slate)
        except Exception:  # the slate stopped answering: the power went
            if not slate.dead:
                raise
        if not slate.dead:  # the cut was due after the script: now, then
            slate.pico.cut()
        cut = tmp_path / "cut.img"
        slate.pico.save(cut)
    finally:
        slate.stop()
    return cut, started


def trial(start, tmp_path, tally, **trap):
    """Cut the power as `trap` says (EmulatedPico.trap), power on again, check;
    what happened is counted in `tally`."""
    deployed, flash, _, _, sizes, final = start
    in_flight = 0

    def play(slate):
        nonlocal in_flight
        player = Player(slate)
        for index, (_, _, name, args) in enumerate(commands(SCRIPT)):
            in_flight = index
            player.command(name, args, None)
        in_flight = len(sizes) - 1

    cut, started = played_until_the_cut(deployed, flash, tmp_path, trap, play)
    with slate_on(deployed, cut) as slate:
        answer = slate.answer
        journal = slate.read("/data/match.jsonl")
    tally["cuts"] += 1
    tally["in the boot"] += started is False
    lost = started and in_flight < len(sizes) - 1 and sizes[in_flight] < sizes[in_flight + 1]
    tally["actions lost"] += lost and journal == final[: sizes[in_flight]]
    tally["torn lines said"] += bool(answer["torn_at_boot"])
    # At most the press in flight lost: the journal before it or after it.
    after = sizes[min(in_flight + 1, len(sizes) - 1)]
    assert journal in (final[: sizes[in_flight]], final[:after]), (trap, in_flight, journal)
    assert fold_lines(journal.splitlines(keepends=True)) is not None
    # Booted to the slate, with a note over it if the cut tore a line.
    if answer["torn_at_boot"]:
        assert "Message" in answer["kinds"], answer
        assert " ".join(answer["lines"]) == " ".join(answer["torn"].split()), answer
    else:
        assert answer["kinds"][0] == "Slate" and answer["depth"] == 1, answer
    return in_flight


def test_power_cuts_at_random_instructions(start, tmp_path):
    _, _, booted, ended, _, _ = start
    rng = random.Random(12)
    tally = collections.Counter()
    for number in range(CUTS):
        # In the script, and one in four anywhere from power-on: in the boot.
        first = 0 if number % 4 == 3 else booted["total_instructions"]
        cut_at = rng.randrange(first, ended["total_instructions"])
        trial(start, tmp_path, tally, instructions=cut_at)
    print("\npower cuts at random instructions: %s" % dict(tally))
    assert tally["cuts"] == CUTS


def test_power_cuts_as_flash_operations_start(start, tmp_path):
    _, _, booted, ended, _, _ = start
    rng = random.Random(34)
    operations = range(booted["operations"], ended["operations"])
    assert len(operations) >= WRITTEN  # at least one program per line written
    tally = collections.Counter()
    for _ in range(OPERATION_CUTS):
        operation = rng.choice(operations)
        trial(start, tmp_path, tally, operation=operation, fraction=rng.random())
    print("\npower cuts in flash operations: %s" % dict(tally))
    assert tally["cuts"] == OPERATION_CUTS
    if FULL:
        # littlefs commits a write whole or not at all: a cut in a program or
        # an erase loses the line in flight, and leaves no torn line to report.
        assert tally["actions lost"] > 0


# -- every file the slate writes (issue 20) --------------------------------------

ROSTER = "Anne\nPaul\nZoë\nEmil\n".encode() + b"\x0420\n"
# From the same match in progress, with a roster: the settings changed (the
# rule set, with its own target), a new match (the old one to the archive,
# the players from the roster) and the roster edited on the slate. Each
# entry: a command, and whether it writes (the press that confirms).
EVERY_FILE = (
    ("hold next", False),  # held Next: the menu
    ("pick Réglages", False),
    ("pick Règles Etivaz", True),  # OK turns it to 31: rules and target, one write
    ("hold ok", False),
    ("hold ok", False),
    ("hold next", False),
    ("pick Nouveau match", False),
    ("pick Le Brouc", False),
    ("pick Anne", False),
    ("pick Paul", False),
    ("pick Zoë", False),
    ("pick Emil", False),  # the last seat
    ("press ok", False),  # Anne deals first
    ("press ok", True),  # the confirmation: the match archived, the new one begun
    ("hold next", False),
    ("pick Réglages", False),
    ("pick Joueurs", False),
    ("pick Paul", False),
    ("press ok", True),  # Paul removed from the roster
)
NEW_MATCH = (
    '{"ev":"match","dealer":0,"game":"brouc","names":["Anne","Paul","Zoë","Emil"],"rules":"31"}\n'
)
# What the board holds before each write and after the last: (rule set,
# target, roster, archive, journal), as the slate's own readers see them.
VIEWS = (
    ["etivaz", 5, ["Anne", "Paul", "Zoë", "Emil"], [], PROLOGUE],
    ["31", 31, ["Anne", "Paul", "Zoë", "Emil"], [], PROLOGUE],
    ["31", 31, ["Anne", "Paul", "Zoë", "Emil"], [PROLOGUE], NEW_MATCH.encode()],
    ["31", 31, ["Anne", "Zoë", "Emil"], [PROLOGUE], NEW_MATCH.encode()],
)
# Read on the board, with the slate stopped: the settings, the roster and
# the archive as the firmware reads them (a whole .tmp taken, a torn one not).
VIEW = """
import json, os
from ardoise import roster, settings
values = settings.load("data")[0]
try:
    archive = sorted(os.listdir("data/archive"))
except OSError:
    archive = []
print(json.dumps([values["rules"], values["target"], roster.load("data"), archive]))
"""
EVERY_FILE_CUTS = 60 if FULL else 2  # as a flash program or erase starts


def board_view(slate):
    """The board's VIEWS entry, read on it (stops the slate)."""
    pico = slate.pico
    pico.enter_raw_repl()
    rules, target, names, archive = json.loads(pico.exec(VIEW).strip().splitlines()[-1])
    archived = [slate.read("/data/archive/" + name) for name in archive]
    return [rules, target, names, archived, slate.read("/data/match.jsonl")]


def play_every_file(slate, played):
    """Play EVERY_FILE; `played[0]`: how many of its commands have been played."""
    player = Player(slate)
    for command, _ in EVERY_FILE:
        name, *args = command.split()
        player.command(name, args, None)
        played[0] += 1


@pytest.fixture(scope="module")
def every_file(deployed, tmp_path_factory):
    """The flash to start from and the flash operations of the uncut run."""
    folder = tmp_path_factory.mktemp("every-file")
    files = {"match.jsonl": PROLOGUE, "settings.json": b'{"tricks": true}', "roster.txt": ROSTER}
    flash = image(deployed, folder, files=files)
    with slate_on(deployed, flash) as slate:
        booted = slate.pico.stats()
        play_every_file(slate, [0])
        ended = slate.pico.stats()
        assert board_view(slate) == VIEWS[-1]
    return deployed, flash, booted, ended


def test_power_cuts_in_every_file_the_slate_writes(every_file, tmp_path):
    """Cut as a flash operation starts, anywhere in EVERY_FILE: the next boot
    finds every file before the write in flight or after it, never a mix."""
    deployed, flash, booted, ended = every_file
    rng = random.Random(56)
    operations = range(booted["operations"], ended["operations"])
    seen = collections.Counter()
    for _ in range(EVERY_FILE_CUTS):
        trap = {"operation": rng.choice(operations), "fraction": rng.random()}
        played = [0]
        cut, _ = played_until_the_cut(
            deployed,
            flash,
            tmp_path,
            trap,
            lambda slate, played=played: play_every_file(slate, played),
        )
        with slate_on(deployed, cut) as slate:
            view = board_view(slate)
        # The writes confirmed, and the command in flight (if it writes, its
        # write may have landed or not; none other may have).
        done = sum(writes for _, writes in EVERY_FILE[: played[0]])
        in_flight = played[0] < len(EVERY_FILE) and EVERY_FILE[played[0]][1]
        allowed = VIEWS[done : done + 1 + in_flight]
        assert view in allowed, (trap, played[0], view)
        seen[done + allowed.index(view)] += 1
    print("\npower cuts in every file: boots that found each view %s" % dict(seen))
