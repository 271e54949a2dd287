"""The power-safe match journal, on real files in a fresh folder under /tmp.

Power losses are files cut or spoiled the way a lost write leaves them; a
full filesystem is an opener whose files take only so many more bytes, then
fail like flash does (part of the data written, then OSError 28).
"""

import os

from folders import Full, exists, in_folder, read, remove_tree, write

from ardoise.journal import Journal, StorageError, encode
from scoring import LINE_LIMIT, Refused, fold_lines

HEADER = {"ev": "match", "game": "brouc"}
EVENTS = (
    {"ev": "deal", "trump": "H"},
    {"ev": "declare", "team": "A", "suit": "S", "kind": "KQ"},
    {"ev": "end", "A": 70},
    {"ev": "deal", "trump": "D"},
    {"ev": "end", "B": 65, "A": 55},
    {"ev": "deal", "trump": "C"},
)
NEXT = {"ev": "trick", "team": "B"}


# -- helpers --------------------------------------------------------------


def log(*events):
    """The journal bytes of a match with these events."""
    return b"".join(encode(event) for event in (HEADER,) + events)


def folded(data):
    """(state, events in force) of journal bytes, through the rules core alone."""
    match = fold_lines(data.split(b"\n"))
    return (match.state(), list(match.in_force))


def live(journal):
    return (journal.match.state(), list(journal.match.in_force))


def loaded(root, **options):
    """A journal as the board loads it at boot, and the Repair it reports."""
    journal = Journal(root, **options)
    return journal, journal.load()


def played(root, events=EVENTS, **options):
    journal = Journal(root, **options)
    journal.new_match(HEADER)
    for event in events:
        appended(journal, event)
    return journal


def appended(journal, event):
    """`journal.append(event)` as the slate does it: then, once the screen
    shows it, the line moved from the journal's tail to its file (tidy)."""
    written = journal.append(event)
    journal.tidy()
    return written


def expect_storage_full(action, *arguments):
    try:
        action(*arguments)
    except StorageError as error:
        assert error.key == "storage_full", error.key
        assert str(error) == "storage full: the action was not saved", str(error)
        return
    raise AssertionError("the write succeeded on a full filesystem")


# -- writing ----------------------------------------------------------------


def test_lines_are_compact_with_ev_first_and_keys_sorted():
    assert encode({"team": "A", "ev": "declare", "suit": "S", "kind": "KQJ"}) == (
        b'{"ev":"declare","kind":"KQJ","suit":"S","team":"A"}\n'
    )
    assert encode({"points": [60, 0, 60], "ev": "end"}) == b'{"ev":"end","points":[60,0,60]}\n'
    assert encode({"ev": "match", "pairs": False, "game": "brusquembelle"}) == (
        b'{"ev":"match","game":"brusquembelle","pairs":false}\n'
    )


def test_bytes_per_typical_action():
    assert len(encode({"ev": "deal", "trump": "H"})) == 26
    assert len(encode({"ev": "trick", "team": "A"})) == 26
    assert len(encode({"ev": "end", "A": 70})) == 20
    assert len(encode({"ev": "out", "team": "A", "points": 45})) == 36
    assert len(encode({"ev": "undo"})) == 14


@in_folder
def test_each_append_is_one_line_on_the_journal(root):
    journal = Journal(root)
    assert journal.new_match(HEADER) == len(encode(HEADER))
    total = len(encode(HEADER))
    for event in EVENTS:
        written = appended(journal, event)
        assert written == len(encode(event))
        total += written
        assert journal.size == total
    assert read(root + "/match.jsonl") == log(*EVENTS)
    assert live(journal) == folded(log(*EVENTS))


@in_folder
def test_an_append_is_a_single_write_of_the_whole_line(root):
    opened = []

    def opener(path, mode):
        file = Recording(open(path, mode))
        opened.append((path, mode, file))
        return file

    journal = played(root, (), opener=opener)
    del opened[:]
    size = journal.size
    journal.append(EVENTS[0])
    # To the tail, which begins with the size of the journal it continues.
    assert [(path, mode) for path, mode, file in opened] == [(root + "/match.tail", "ab")]
    assert opened[0][2].writes == [b"%d\n" % size + encode(EVENTS[0])]
    assert opened[0][2].flushed and opened[0][2].closed
    assert read(root + "/match.jsonl") == log()
    del opened[:]
    journal.append(EVENTS[1])  # a second action before the first was tidied
    assert opened[0][2].writes == [encode(EVENTS[1])]
    del opened[:]
    journal.tidy()  # both lines to the journal's file, in one write; the tail emptied
    assert [(path, mode) for path, mode, file in opened] == [
        (root + "/match.tail", "rb"),
        (root + "/match.jsonl", "ab"),
        (root + "/match.tail", "wb"),
    ]
    assert opened[1][2].writes == [encode(EVENTS[0]) + encode(EVENTS[1])]
    assert opened[1][2].flushed and opened[1][2].closed
    assert read(root + "/match.jsonl") == log(*EVENTS[:2])
    assert read(root + "/match.tail") == b"" and journal.body == journal.size  # emptied, kept


class Recording:
    def __init__(self, file):
        self.file = file
        self.writes = []
        self.flushed = self.closed = False

    def write(self, data):
        self.writes.append(bytes(data))
        return self.file.write(data)

    def read(self, *count):
        return self.file.read(*count)

    def flush(self):
        self.flushed = not self.closed
        self.file.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def close(self):
        self.closed = True
        self.file.close()


@in_folder
def test_a_refused_event_writes_nothing_and_changes_nothing(root):
    journal = played(root)
    before = live(journal)
    for event in ({"ev": "deal", "trump": "H"}, {"ev": "trick"}, {"ev": "match"}, ["deal"]):
        try:
            journal.append(event)
        except Refused:
            pass
        else:
            raise AssertionError("accepted %r" % (event,))
        assert live(journal) == before
        assert read(root + "/match.jsonl") == log(*EVENTS)
        assert journal.size == len(log(*EVENTS))


@in_folder
def test_no_append_before_a_match(root):
    journal, repair = loaded(root)
    try:
        journal.append(EVENTS[0])
    except Refused as refusal:
        assert refusal.key == "first_match"
    else:
        raise AssertionError("an event without a match was accepted")
    assert not exists(root + "/match.jsonl")


@in_folder
def test_undo_is_one_more_line(root):
    journal = played(root)
    before = live(journal)
    appended(journal, NEXT)
    assert journal.undo() == 14
    journal.tidy()
    assert live(journal) == before
    assert read(root + "/match.jsonl") == log(*EVENTS + (NEXT, {"ev": "undo"}))
    journal.undo()
    assert live(journal) == folded(log(*EVENTS[:-1]))


@in_folder
def test_reload_equals_live_state(root):
    journal = played(root)
    journal.append(NEXT)
    journal.undo()
    journal.undo()
    journal.append({"ev": "deal", "trump": "S"})
    again, repair = loaded(root)
    assert repair is None
    assert live(again) == live(journal)
    assert again.size == journal.size == len(read(root + "/match.jsonl"))
    again.append(NEXT)
    journal, repair = loaded(root)
    assert repair is None and live(journal) == live(again)


# -- loading ----------------------------------------------------------------


@in_folder
def test_missing_journal_means_no_match(root):
    journal, repair = loaded(root)
    assert repair is None and journal.match is None and journal.size == 0
    assert journal.archives() == []


@in_folder
def test_empty_or_blank_journal_means_no_match(root):
    for data in (b"", b"\n\n"):
        write(root + "/match.jsonl", data)
        journal, repair = loaded(root)
        assert repair is None and journal.match is None
        assert read(root + "/match.jsonl") == data
        journal.new_match(HEADER)
        assert journal.archives() == []  # nothing worth archiving
        assert read(root + "/match.jsonl") == log()


@in_folder
def test_torn_last_line_at_every_byte_is_dropped_and_cut_off(root):
    intact = log(*EVENTS[:-1])
    line = encode(EVENTS[-1])
    for cut in range(len(line)):
        write(root + "/match.jsonl", intact + line[:cut])
        journal, repair = loaded(root)
        if cut:
            assert repair.key == "torn", cut
            assert str(repair) == "the last action was cut off by a power loss and is dropped"
        else:
            assert repair is None
        assert live(journal) == folded(intact), cut
        assert read(root + "/match.jsonl") == intact, cut
        appended(journal, EVENTS[-1])
        assert read(root + "/match.jsonl") == intact + line
        assert loaded(root)[1] is None
    assert not exists(root + "/archive")


def expect_set_aside(root, intact, data, line, reason=None):
    """`data` on flash loads as the match of `intact`, its line `line` named
    damaged, and `data` kept whole in the archive."""
    write(root + "/match.jsonl", data)
    journal, repair = loaded(root)
    assert repair is not None and repair.key == "damaged", (data, repair and repair.key)
    assert repair.line == line, (repair.line, line)
    if reason is not None:
        assert repair.reason == reason, repair.reason
    assert live(journal) == folded(intact)
    assert read(root + "/match.jsonl") == intact
    assert journal.archives() == ["0001.damaged"]
    assert read(journal.archive_file("0001.damaged")) == data
    remove_tree(root + "/archive")


@in_folder
def test_a_complete_last_line_that_is_not_json_is_damage_kept(root):
    # Only a line without its newline is a torn write: a complete line that
    # does not read is damage, set aside, never dropped.
    intact = log(*EVENTS[:-1])
    line = encode(EVENTS[-1])
    for cut in range(1, len(line) - 1):
        expect_set_aside(root, intact, intact + line[:cut] + b"\n", 7)


@in_folder
def test_a_nul_filled_tail_is_torn_without_its_newline_and_damage_with_it(root):
    intact = log(*EVENTS[:-1])
    for tail in (b"\x00" * 26, b"\x00" * 600, encode(EVENTS[-1])[:9] + b"\x00" * 17):
        write(root + "/match.jsonl", intact + tail)
        journal, repair = loaded(root)
        assert repair.key == "torn", tail
        assert live(journal) == folded(intact)
        assert read(root + "/match.jsonl") == intact
        assert not exists(root + "/archive")
        expect_set_aside(root, intact, intact + tail[:-1] + b"\n", 7, "not valid JSON")


@in_folder
def test_json_that_micropython_reads_and_the_pc_does_not_is_damage(root):
    intact = log(*EVENTS[:2])
    for bad in (
        b'{"ev":"end","A":70]',
        b'{"ev" "end","A":70}',
        b'{"ev":"end",,"A":70}',
        b'{"ev":"end","A":70,}',
        b'{"ev":"end","A":070}',
        b'{"ev":"end","A":70}\x0c',
        b'{"ev":"end","A":70,"x":"\xc0\x80"}',
    ):
        for after in (b"", encode(EVENTS[2])):  # the last line, or one in the middle
            data = intact + bad + b"\n" + after
            expect_set_aside(root, intact, data, 4)


@in_folder
def test_only_one_line_is_ever_dropped(root):
    intact = log(*EVENTS[:-2])
    damaged = intact + b'{"ev":"de\n{"ev":"deal","tr'
    write(root + "/match.jsonl", damaged)
    journal, repair = loaded(root)
    assert repair.key == "damaged" and repair.line == 6
    assert live(journal) == folded(intact)
    assert read(root + "/archive/0001.damaged") == damaged


@in_folder
def test_corrupt_byte_in_the_middle_sets_the_journal_aside(root):
    lines = log(*EVENTS).split(b"\n")
    start = len(b"\n".join(lines[:3])) + 1  # the fourth line: the first end
    for offset in range(start, start + len(lines[3]) + 1):
        data = log(*EVENTS)
        damaged = data[:offset] + b"\xff" + data[offset + 1 :]
        write(root + "/match.jsonl", damaged)
        journal, repair = loaded(root)
        assert repair.key == "damaged" and repair.line == 4, (offset, repair)
        assert str(repair).startswith("line 4 of the journal is damaged (not valid ")
        assert live(journal) == folded(log(*EVENTS[:2]))
        assert read(root + "/match.jsonl") == log(*EVENTS[:2])
        assert journal.archives() == ["0001.damaged"]
        assert read(journal.archive_file("0001.damaged")) == damaged
        journal.append(EVENTS[2])
        assert loaded(root)[1] is None
        remove_tree(root + "/archive")


@in_folder
def test_refused_event_in_the_middle_sets_the_journal_aside(root):
    events = EVENTS[:3] + ({"ev": "end", "A": 70},) + EVENTS[3:]
    data = log(*events)
    write(root + "/match.jsonl", data)
    journal, repair = loaded(root)
    assert repair.key == "damaged" and repair.line == 5
    assert repair.reason == "no deal is in progress"
    assert live(journal) == folded(log(*EVENTS[:3]))
    assert read(root + "/archive/0001.damaged") == data


@in_folder
def test_refused_last_line_is_set_aside_not_dropped(root):
    data = log(*EVENTS) + b'{"ev":"deal","trump":"X"}\n'
    write(root + "/match.jsonl", data)
    journal, repair = loaded(root)
    assert repair.key == "damaged" and repair.line == 8
    assert live(journal) == folded(log(*EVENTS))
    assert read(root + "/archive/0001.damaged") == data
    assert read(root + "/match.jsonl") == log(*EVENTS)


@in_folder
def test_damaged_first_line_leaves_no_match(root):
    data = b'{"ev":"match","game":"poker"}\n' + log(*EVENTS)[len(encode(HEADER)) :]
    write(root + "/match.jsonl", data)
    journal, repair = loaded(root)
    assert repair.key == "damaged" and repair.line == 1
    assert journal.match is None
    assert read(root + "/match.jsonl") == b""
    journal.new_match(HEADER)
    assert journal.archives() == ["0001.damaged"]
    assert read(journal.archive_file("0001.damaged")) == data


@in_folder
def test_a_line_over_the_limit_is_damage_too_long(root):
    intact = log(*EVENTS[:2])
    # JSON within the limit: a board's read in pieces must not fold its start.
    too_long = b'{"ev":"undo"}' + b" " * LINE_LIMIT
    for bad in (b"{" + b" " * 1000 + b"}x" * 200, too_long, b"\x00" * 5000):
        for after in (b"\n" + encode(EVENTS[2]), b"\n", b""):
            expect_set_aside(root, intact, intact + bad + after, 4, "too long")


@in_folder
def test_the_longest_header_the_rules_accept_folds(root):
    for escaped in (True, False):
        char = "\\ud83d\\ude00" if escaped else "\U0001f600"
        # Five names of their own (none sits twice): the last character differs.
        names = [
            '"%s%s"' % (char * 15, ("\\ud83d\\ude0%d" % seat) if escaped else chr(0x1F600 + seat))
            for seat in range(5)
        ]
        header = (
            '{"ev": "match", "game": "brusquembelle", "players": 5, "ante": 100,'
            ' "pairs": false, "names": [%s]}\n' % ", ".join(names)
        ).encode()
        assert len(header) <= LINE_LIMIT + 1, len(header)
        data = header + b'{"ev":"deal"}\n'
        write(root + "/match.jsonl", data)
        journal, repair = loaded(root)
        assert repair is None, str(repair)
        assert len(journal.match.names) == 5 and journal.match.state()["deal_open"]
        assert read(root + "/match.jsonl") == data
        journal.append({"ev": "undo"})
        assert loaded(root)[1] is None


@in_folder
def test_names_escaped_as_surrogate_pairs_are_written_back_as_utf8(root):
    # MicroPython's json reads "\ud83d\ude00" as two 3-byte sequences: a
    # journal holding them would not be UTF-8, and would be damage at boot.
    import json

    header = json.loads(
        '{"ev":"match","game":"bruus","rules":"two","names":["\\ud83d\\ude00 Eva","Fritz"]}'
    )
    journal = Journal(root)
    journal.new_match(header)
    assert read(root + "/match.jsonl").decode() == (
        '{"ev":"match","game":"bruus","names":["\U0001f600 Eva","Fritz"],"rules":"two"}\n'
    )
    journal.append({"ev": "deal"})
    again, repair = loaded(root)
    assert repair is None, str(repair)
    assert [name.encode() for name in again.match.names] == ["\U0001f600 Eva".encode(), b"Fritz"]


@in_folder
def test_an_interrupted_swap_is_finished_at_boot(root):
    played(root)
    # Power lost in new_match after the old journal went to the archive.
    os.mkdir(root + "/archive")
    os.rename(root + "/match.jsonl", root + "/archive/0001.jsonl")
    write(root + "/match.tmp", encode(HEADER))
    journal, repair = loaded(root)
    assert repair is None and live(journal) == folded(log())
    assert not exists(root + "/match.tmp")
    # Power lost while the temporary file was being written.
    journal.append(EVENTS[0])
    write(root + "/match.tmp", log()[:5])
    journal, repair = loaded(root)
    assert repair is None and live(journal) == folded(log(EVENTS[0]))
    assert not exists(root + "/match.tmp")


# -- a full filesystem ----------------------------------------------------


@in_folder
def test_full_filesystem_keeps_state_and_journal(root):
    storage = Full()
    journal = played(root, opener=storage)
    before = live(journal)
    for room in (0, 10):  # nothing written, or a torn piece of the line
        storage.room = room
        expect_storage_full(journal.append, NEXT)
        assert live(journal) == before
        assert journal.size == len(log(*EVENTS))
        # After a power loss now, the board sees the same match.
        again, repair = loaded(root)
        assert live(again) == before
    storage.room = 1 << 20
    appended(journal, NEXT)
    assert read(root + "/match.jsonl") == log(*EVENTS + (NEXT,))
    assert not exists(root + "/match.tmp")
    again, repair = loaded(root)
    assert repair is None and live(again) == live(journal)


@in_folder
def test_a_failed_write_is_cut_off_at_once_when_there_is_room(root):
    failures = []

    def opener(path, mode):
        file = open(path, mode)
        return file if "r" in mode or not failures else Failing(file, failures.pop())

    journal = played(root, opener=opener)
    before = live(journal)
    failures.append(OSError(5))
    try:
        journal.append(NEXT)
    except StorageError as error:
        assert error.key == "storage_error" and error.errno == 5
    else:
        raise AssertionError("the failed write was reported as saved")
    assert live(journal) == before
    assert read(root + "/match.jsonl") == log(*EVENTS)
    assert not exists(root + "/match.tmp")


class Failing:
    """A file whose one write stores half of the data, then fails with `error`."""

    def __init__(self, file, error):
        self.file = file
        self.error = error

    def write(self, data):
        self.file.write(data[: len(data) // 2])
        raise self.error

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.file.close()


@in_folder
def test_full_filesystem_on_undo_restores_the_undone_event(root):
    storage = Full()
    journal = played(root, opener=storage)
    before = live(journal)
    storage.room = 5
    expect_storage_full(journal.undo)
    assert live(journal) == before
    storage.room = 1 << 20
    appended(journal, {"ev": "undo"})
    assert read(root + "/match.jsonl") == log(*EVENTS + ({"ev": "undo"},))
    assert live(journal) == folded(log(*EVENTS[:-1]))


@in_folder
def test_full_filesystem_on_new_match_changes_nothing(root):
    storage = Full()
    journal = played(root, opener=storage)
    before = live(journal)
    storage.room = 3
    expect_storage_full(journal.new_match, {"ev": "match", "game": "brouc", "rules": "31"})
    assert live(journal) == before
    assert read(root + "/match.jsonl") == log(*EVENTS)
    assert journal.archives() == [] and not exists(root + "/match.tmp")
    storage.room = 1 << 20
    journal.append(NEXT)
    assert loaded(root)[1] is None


@in_folder
def test_repairs_wait_for_room_at_boot(root):
    storage = Full(0)
    intact = log(*EVENTS[:-1])
    write(root + "/match.jsonl", intact + encode(EVENTS[-1])[:9])
    journal, repair = loaded(root, opener=storage)
    # No room to cut the torn line off: the flash is full, and the boot says so.
    assert repair.key == "full" and live(journal) == folded(intact)
    assert str(repair) == "the flash is full: the last action was not saved"
    expect_storage_full(journal.append, EVENTS[-1])
    storage.room = 1 << 20
    appended(journal, EVENTS[-1])
    assert read(root + "/match.jsonl") == log(*EVENTS)


@in_folder
def test_set_aside_waits_for_room_and_loses_nothing(root):
    storage = Full(0)
    damaged = log(*EVENTS[:2]) + b"{oops}\n" + log(*EVENTS[2:])[len(encode(HEADER)) :]
    write(root + "/match.jsonl", damaged)
    journal, repair = loaded(root, opener=storage)
    assert repair.key == "damaged" and live(journal) == folded(log(*EVENTS[:2]))
    assert read(root + "/match.jsonl") == damaged and journal.archives() == []
    storage.room = 1 << 20
    appended(journal, EVENTS[2])
    assert journal.archives() == ["0001.damaged"]
    assert read(root + "/archive/0001.damaged") == damaged
    assert read(root + "/match.jsonl") == log(*EVENTS[:3])


def test_storage_error_messages():
    assert str(StorageError(OSError(28))) == "storage full: the action was not saved"
    error = StorageError(OSError(5))
    assert error.key == "storage_error" and error.errno == 5
    assert str(error) == "storage error 5: the action was not saved"


# -- the tail and the state kept beside the journal ---------------------------

TAIL = "/match.tail"
STATE = "/match.state"


@in_folder
def test_a_boot_moves_the_lines_a_power_cut_left_in_the_tail(root):
    journal = played(root)
    line = encode(NEXT)
    journal.append(NEXT)  # on the screen, not tidied yet: the power goes
    assert read(root + "/match.jsonl") == log(*EVENTS)
    assert read(root + TAIL) == b"%d\n" % len(log(*EVENTS)) + line
    again, repair = loaded(root)
    assert repair is None and live(again) == live(journal)
    assert read(root + "/match.jsonl") == log(*EVENTS + (NEXT,)) and read(root + TAIL) == b""
    # The move cut short, after none, some or all of the line: moved once, whole.
    for moved in (0, 5, len(line)):
        write(root + "/match.jsonl", log(*EVENTS) + line[:moved])
        write(root + TAIL, b"%d\n" % len(log(*EVENTS)) + line)
        again, repair = loaded(root)
        assert repair is None and live(again) == live(journal), moved
        assert read(root + "/match.jsonl") == log(*EVENTS + (NEXT,)), moved
        assert read(root + TAIL) == b""
    # A line of the tail torn by the cut: dropped, and said.
    write(root + "/match.jsonl", log(*EVENTS))
    write(root + TAIL, b"%d\n" % len(log(*EVENTS)) + line[:-1])
    again, repair = loaded(root)
    assert repair.key == "torn" and live(again) == folded(log(*EVENTS))
    assert read(root + "/match.jsonl") == log(*EVENTS) and read(root + TAIL) == b""
    # A tail of another journal (it goes on from other bytes): not this one's end.
    write(root + TAIL, b"%d\n" % len(log()) + line)
    again, repair = loaded(root)
    assert repair is None and live(again) == folded(log(*EVENTS)) and read(root + TAIL) == b""


@in_folder
def test_the_state_kept_beside_the_journal_gives_the_match_it_folds_to(root):
    journal = played(root)
    journal.keep()  # 7 lines: not yet worth a state
    assert not exists(root + STATE)
    journal.keep(True)  # the slate dimmed: any line
    assert exists(root + STATE) and journal.kept == journal.lines == 1 + len(EVENTS)
    for event in (NEXT, {"ev": "undo"}, NEXT):
        appended(journal, event)
    checked = []
    import scoring.match

    syntax = scoring.match._syntax
    scoring.match._syntax = lambda line: checked.append(line) or syntax(line)
    try:
        again, repair = loaded(root)
    finally:
        scoring.match._syntax = syntax
    assert repair is None and live(again) == live(journal)
    # Only the lines after the state were folded (NEXT's line once: each kind is checked once).
    assert checked == [encode(NEXT).strip(), encode({"ev": "undo"}).strip()]
    assert again.kept == 1 + len(EVENTS) and again.lines == journal.lines
    assert again.crc == journal.crc and again.size == journal.size
    # Sixteen lines ahead of it: kept again at the next quiet moment.
    for index in range(13):
        appended(journal, {"ev": "undo"} if index % 2 else NEXT)
    journal.keep()
    assert journal.kept == journal.lines == 1 + len(EVENTS) + 16
    assert live(loaded(root)[0]) == live(journal)


@in_folder
def test_a_state_that_does_not_fit_its_journal_is_thrown_away(root):
    journal = played(root)
    journal.keep(True)
    state = read(root + STATE)
    first, codes = state.split(b"\n", 1)
    intact = log(*EVENTS)
    for journal_bytes, state_bytes in (
        (log(*EVENTS[:-1]), state),  # a journal shorter than its state
        (intact.replace(b'"H"', b'"S"'), state),  # other bytes of the same length
        (intact, first + b"\n" + codes.replace(b"1", b"2")),  # damaged codes
        (intact, state[:-3]),  # cut short
        (intact, b"garbage\n"),
    ):
        write(root + "/match.jsonl", journal_bytes)
        write(root + STATE, state_bytes)
        again, repair = loaded(root)
        assert repair is None and live(again) == folded(journal_bytes), state_bytes
        assert not exists(root + STATE) and again.kept == 0
    # A new match: the old match's state goes.
    write(root + STATE, state)
    journal, repair = loaded(root)
    assert journal.kept == 1 + len(EVENTS)
    journal.new_match(HEADER)
    assert not exists(root + STATE) and journal.kept == 0


# -- the archive ----------------------------------------------------------


@in_folder
def test_new_match_archives_under_the_next_number(root):
    journal = played(root)
    first = read(root + "/match.jsonl")
    header = {"ev": "match", "game": "brouc", "rules": "31"}
    assert journal.new_match(header) == len(encode(header))
    assert journal.archives() == ["0001.jsonl"]
    assert read(journal.archive_file("0001.jsonl")) == first
    assert journal.match.state()["rules"] == "31" and journal.size == len(encode(header))
    appended(journal, EVENTS[0])
    write(root + "/archive/0007.jsonl", first)
    write(root + "/archive/notes.txt", b"not an archive")
    journal.new_match(HEADER)
    assert journal.archives() == ["0001.jsonl", "0007.jsonl", "0008.jsonl"]
    assert read(journal.archive_file("0008.jsonl"))[-len(encode(EVENTS[0])) :] == (
        encode(EVENTS[0])
    )
    assert read(root + "/match.jsonl") == log()


@in_folder
def test_an_unreadable_journal_is_archived_not_replaced(root):
    write(root + "/match.jsonl", log(*EVENTS))

    def opener(path, mode):
        if "r" in mode:
            raise OSError(5)
        return open(path, mode)

    journal = Journal(root, opener=opener)
    try:
        journal.load()
    except StorageError as error:
        assert error.errno == 5 and journal.match is None
    else:
        raise AssertionError("an unreadable journal loaded")
    journal.new_match(HEADER)
    assert journal.archives() == ["0001.jsonl"]
    assert read(journal.archive_file("0001.jsonl")) == log(*EVENTS)
    assert read(root + "/match.jsonl") == log()


@in_folder
def test_archive_numbers_go_past_four_digits_in_order(root):
    os.mkdir(root + "/archive")
    write(root + "/archive/9999.jsonl", log())
    journal = played(root, ())
    journal.new_match(HEADER)
    assert journal.archives() == ["9999.jsonl", "10000.jsonl"]


@in_folder
def test_a_refused_header_changes_nothing(root):
    journal = played(root)
    try:
        journal.new_match({"ev": "match", "game": "poker"})
    except Refused:
        pass
    else:
        raise AssertionError("a poker match was begun")
    assert journal.archives() == [] and read(root + "/match.jsonl") == log(*EVENTS)
