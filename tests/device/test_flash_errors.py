"""A flash that fails at any step, on the whole app: the screen shows what a boot finds.

Runs under MicroPython only (tests/mp_runner.py, or pytest through
tests/test_micropython.py): the app boots through
host_tools/standin/harness.py on the simulated flash of
test_power_cuts.py, whose every call (open, write, flush, close, sync,
rename, remove, mkdir, stat, listdir, read) is one operation that can be
made to fail.

Each action (a first match, a new match that archives the old one, an
action, an undo, a first and a later settings change, a change of rules,
which brings its target) is run once to count its operations, then once
per operation with that one failing. After the
failed action the app must say "not saved" exactly when nothing changed,
and its slate (the message read) must be pixel for pixel the slate of a
fresh boot on the same flash, with the same match and settings; the action
again and the next one must then be saved, and a boot must still agree.
The boots themselves (repairs, a folder to make, settings to set aside)
are tried the same way: a failed operation at boot is said on the screen,
or the slate is the one a healthy boot shows.

The same actions, and a first roster and one edited on the slate, are
cut by a power loss at their steps (`every_power_cut`): the board booted
again shows the match, settings and roster before the action or after it,
never a mix, and the action again leaves the same flash.

The other tests are what a flash or its files can do at boot: settings too
large for the heap, a data folder that cannot be made, a full flash that
cut a write short.
"""

import json
import os
import sys


def _folder_of(path):
    cut = path.rfind("/")
    return path[:cut] if cut > 0 else "."


_ROOT = _folder_of(_folder_of(_folder_of(__file__)))
for _folder in (_ROOT + "/host_tools/standin", _ROOT + "/boards"):
    if _folder not in sys.path:
        sys.path.insert(0, _folder)

from folders import Full, in_folder, read, write  # noqa: E402
from harness import Device, is_a  # noqa: E402
from test_power_cuts import SECOND, Flash, PowerCut, on_flash  # noqa: E402

import ardoise.journal as journal_module  # noqa: E402
from ardoise import roster  # noqa: E402
from ardoise.journal import Journal, encode  # noqa: E402

ROOT = "/flash"
JOURNAL = ROOT + "/match.jsonl"
HEADER = {"ev": "match", "game": "brouc", "rules": "etivaz", "dealer": 0, "target": 5}
EVENTS = ({"ev": "deal", "trump": "H"}, {"ev": "trick", "team": "A"})
TRICK = {"ev": "trick", "team": "B"}
DEAL = {"ev": "deal", "trump": "S"}


# -- a board on a simulated flash ------------------------------------------------


def device_on(flash):
    """A board booting on `flash` (inside on_flash)."""
    journal = Journal(ROOT, opener=flash.open)
    journal.flash = flash  # for `state`
    return Device(ROOT, journal=journal)


def booted(flash):
    return on_flash(flash, lambda: device_on(flash))


def state(app):
    """What the app holds: the match (state, events in force), the settings,
    and the roster that the slate would offer (read on a copy of its flash)."""
    match = app.journal.match
    held = None if match is None else (match.state(), list(match.in_force))
    flash = getattr(app.journal, "flash", None)
    if flash is None:  # on real files
        return held, sorted(app.settings.items()), roster.load(app.root)
    flash = flash.copy()
    names = on_flash(flash, lambda: roster.load(ROOT, flash.open))
    return held, sorted(app.settings.items()), names


def said(app, key, *values):
    """True if the message on top says the text `key`."""
    top = app.stack[-1]
    text = app.t(key)
    # Its letters: a text that scrolls is wrapped again, at 15 columns.
    letters = "".join((text % values if values else text).split())
    return is_a(top, "Message") and "".join("".join(top.lines).split()) == letters


def not_saved(app):
    top = app.stack[-1]
    return is_a(top, "Message") and top.title == app.t("not_saved")


def slate(device):
    """The slate as the app shows it once every message is read and the note gone."""
    app = device.app
    app.home()
    app.toast_text = None
    app.redraw()
    return device.pbm()


def agrees_with_a_boot(device, flash, where, quiet=True):
    """The slate, match and settings are those of a fresh boot on a copy of `flash`
    (`quiet`: a boot with nothing to say)."""
    image = slate(device)
    other = flash.copy()
    fresh = booted(other)
    if quiet:
        assert len(fresh.app.stack) == 1, (where, type(fresh.app.stack[-1]).__name__)
    assert state(device.app) == state(fresh.app), (where, state(device.app), state(fresh.app))
    assert image == slate(fresh), where


def journal_of(*events):
    return bytearray(b"".join(encode(event) for event in (HEADER,) + events))


def empty(flash):
    """A board's first boot: nothing on the flash, not even the data folder."""


def played(flash):
    flash.folders.add(ROOT)
    flash.files[JOURNAL] = journal_of(*EVENTS)


def with_roster(flash):
    """A match played, and a roster as the PC writes it."""
    played(flash)
    flash.files[ROOT + "/roster.txt"] = bytearray(b"Anne\nPaul\n")


def played_and_set(flash):
    played(flash)
    flash.files[ROOT + "/settings.json"] = bytearray(json.dumps({"lang": "de"}).encode())


def counted(base, action):
    """`action(app)` on a board booted on a copy of `base`: (the operations and
    the steps it takes, the state after it, that flash's contents after it)."""
    flash = base.copy()

    def run():
        app = device_on(flash).app
        operations, steps = flash.operations, flash.steps
        action(app)
        assert len(app.stack) == 1, type(app.stack[-1]).__name__  # saved, no message
        return flash.operations - operations, flash.steps - steps, state(app)

    operations, steps, after = on_flash(flash, run)
    return operations, steps, after, flash.contents()


def shown(action):
    """`action(app)` as the slate's step does it: then, once the screen shows
    it, the journal tidied (the action's line moved out of the tail)."""

    def run(app):
        action(app)
        app.journal.tidy()

    return run


def every_failed_operation(prepare, action, then):
    """`action(app)` on the flash `prepare` makes, once for each of its operations
    failing; then the action again if it was not saved, and `then(app)`."""
    action, then = shown(action), shown(then)
    base = Flash()
    prepare(base)
    count = counted(base, action)[0]
    assert count >= 5, count
    for failing in range(count):
        flash = base.copy()
        on_flash(
            flash, lambda flash=flash, failing=failing: failed_once(flash, failing, action, then)
        )


def failed_once(flash, failing, action, then):
    device = device_on(flash)
    app = device.app
    before = state(app)
    log = []
    flash.fail_at = flash.operations + failing
    flash.log = log
    action(app)
    flash.fail_at = flash.log = None
    where = (failing, log[failing:])
    refused = not_saved(app)
    assert refused == (state(app) == before), (where, refused)
    agrees_with_a_boot(device, flash, where)
    if refused:
        action(app)
        assert len(app.stack) == 1, where
    then(app)
    assert len(app.stack) == 1, where
    agrees_with_a_boot(device, flash, where)


def test_a_first_match():
    every_failed_operation(empty, lambda app: app.new_match(HEADER), lambda app: app.act(DEAL))


def test_a_new_match_that_archives_the_match_on_the_slate():
    every_failed_operation(played, lambda app: app.new_match(SECOND), lambda app: app.act(DEAL))


def test_an_action():
    every_failed_operation(played, lambda app: app.act(TRICK), lambda app: app.undo())


def test_an_undo():
    every_failed_operation(played, lambda app: app.undo(), lambda app: app.act(TRICK))


def test_a_first_settings_change():
    every_failed_operation(
        played, lambda app: app.change("lang", "de"), lambda app: app.change("seats", "compass")
    )


def test_a_settings_change():
    every_failed_operation(
        played_and_set,
        lambda app: app.change("lang", "en"),
        lambda app: app.change("contrast", 32),
    )


def save_roster(*names):
    """The roster edited on the slate, saved as `names` (then back on the slate)."""

    def action(app):
        editing = app.load("roster")
        editing.edit(app)
        editing._save(app, list(names))
        if not not_saved(app):
            app.home()

    return action


def test_a_first_roster():
    every_failed_operation(played, save_roster("Anne", "Paul"), save_roster("Anne"))


def test_a_roster_edited_on_the_slate():
    every_failed_operation(with_roster, save_roster("Anne", "Luc"), save_roster("Luc"))


def change_rules(app):
    """Rules in the settings' menu: the next rule set, which brings its own target."""
    app.load("menus").SettingsMenu(app).change(app, 0)


def test_a_change_of_rules():
    every_failed_operation(played_and_set, change_rules, lambda app: app.change("contrast", 32))


def test_a_change_of_rules_on_a_full_flash():
    """Whatever room is left, the rule set and its target are saved together or not
    at all, and "not saved" is said exactly when nothing changed."""
    # Up to twice the settings' file: two writes, each beside the file it replaces.
    for room in range(0, 320, 8):
        flash = Flash()
        played_and_set(flash)
        flash.room = room + sum(len(data) for data in flash.files.values())
        device = booted(flash)
        app = device.app
        before = state(app)
        on_flash(flash, lambda app=app: change_rules(app))
        refused = not_saved(app)
        assert refused == (state(app) == before), (room, refused)
        assert refused or app.settings.get("target") == 31, (room, app.settings)
        flash.room = None
        agrees_with_a_boot(device, flash, room)


# -- power cuts in an action of the app ----------------------------------------------

# A cut at every step of an action at full size (make proof); every third
# (each flash alternately) in make test, where a write's bytes are most of them.
CUT_EVERY = 1 if os.getenv("ARDOISE_PROOF") == "full" else 3


def every_power_cut(prepare, action):
    """`action(app)` on the flash `prepare` makes, cut at its steps (CUT_EVERY) on a
    flash that keeps what was written and on one that loses what was not flushed;
    the board booted again shows the state before the action or after it, and
    the action again (if lost) leaves the same flash."""
    action = shown(action)
    base = Flash()
    prepare(base)
    _, steps, after, final = counted(base, action)
    for keep_unflushed in (True, False):
        for cut in range(keep_unflushed, steps, CUT_EVERY):
            flash = base.copy()
            flash.keep_unflushed = keep_unflushed
            on_flash(flash, lambda flash=flash, cut=cut: cut_once(flash, cut, action, after, final))


def cut_once(flash, cut, action, after, final):
    app = device_on(flash).app
    before = state(app)
    flash.cut_at = flash.steps + cut
    try:
        action(app)
    except PowerCut:
        pass
    else:
        raise AssertionError("the power never went")
    flash.reboot()
    where = (cut, flash.keep_unflushed)
    device = device_on(flash)
    found = state(device.app)
    assert found in (before, after), (where, found)
    agrees_with_a_boot(device, flash, where, quiet=False)
    if found == before:
        action(device.app)
    assert state(device.app) == after, where
    # The roster is read only when used (the boot finishes the rest): its
    # next use renames a roster.tmp left in force.
    roster.load(ROOT, flash.open)
    assert flash.contents() == final, where


def test_a_power_cut_in_a_change_of_rules():
    every_power_cut(played_and_set, change_rules)


def test_a_power_cut_in_every_file_the_slate_writes():
    # The journal (a first match, a new match with its archive rename, an
    # action), the settings (first written, then replaced), the roster
    # (first written, then edited on the slate).
    every_power_cut(empty, lambda app: app.new_match(HEADER))
    every_power_cut(played, lambda app: app.new_match(SECOND))
    every_power_cut(played, lambda app: app.act(TRICK))
    every_power_cut(played, lambda app: app.change("lang", "de"))
    every_power_cut(played_and_set, lambda app: app.change("contrast", 32))
    every_power_cut(played, save_roster("Anne", "Paul"))
    every_power_cut(with_roster, save_roster("Anne", "Luc"))


# -- failed operations at boot ----------------------------------------------------


def torn(flash):
    played(flash)
    flash.files[JOURNAL] += encode(TRICK)[:9]


def damaged(flash):
    played(flash)
    flash.files[JOURNAL] = journal_of(EVENTS[0]) + b"garbage\n" + encode(EVENTS[1])


def swapped_half_way(flash):
    """A new match whose last rename failed: the old journal archived, the new one
    still under the temporary name."""
    played(flash)
    flash.folders.add(ROOT + "/archive")
    flash.files[ROOT + "/archive/0001.jsonl"] = flash.files.pop(JOURNAL)
    flash.files[ROOT + "/match.tmp"] = bytearray(encode(SECOND))


def left_over(flash):
    played(flash)
    flash.files[ROOT + "/match.tmp"] = bytearray(encode(SECOND)[:7])


def bad_settings(flash):
    played(flash)
    flash.files[ROOT + "/settings.json"] = bytearray(b'{"lang": "de"')


def settings_half_replaced(flash):
    played(flash)
    flash.files[ROOT + "/settings.tmp"] = bytearray(json.dumps({"lang": "en"}).encode())


def every_failed_operation_at_boot(prepare):
    base = Flash()
    prepare(base)
    count = on_flash(base.copy(), lambda: boot_operations())
    for failing in range(count):
        flash = base.copy()
        log = []
        flash.fail_at = failing
        flash.log = log
        device = booted(flash)
        flash.fail_at = flash.log = None
        app = device.app
        where = (prepare.__name__, failing, log[failing:])
        # Nothing lost: a boot now finds what a boot on the flash before found.
        assert state(booted(flash.copy()).app) == state(booted(base.copy()).app), where
        if said(app, "flash_full") or said(app, "flash_error", 5):
            continue  # the flash failed the boot, and the screen says so
        agrees_with_a_boot(device, flash, where, quiet=False)


def boot_operations():
    flash = journal_module.os  # the Flash on_flash put there
    device_on(flash)
    return flash.operations


def test_failed_operations_at_boot():
    for prepare in (
        empty,
        played,
        torn,
        damaged,
        swapped_half_way,
        left_over,
        bad_settings,
        settings_half_replaced,
    ):
        every_failed_operation_at_boot(prepare)


# -- what the board reads at boot -------------------------------------------------


@in_folder
def test_settings_too_large_for_the_heap_are_set_aside_and_said_once(root):
    # 600 KB of a JSON list: the defaults, the file kept aside, said once.
    data = b"[" + b"0," * 300000 + b"0]"
    write(root + "/match.jsonl", journal_of(*EVENTS))
    write(root + "/settings.json", data)
    device = Device(root)
    assert said(device.app, "settings_damaged")
    assert device.app.settings.get("lang") == "fr"
    assert sorted(os.listdir(root)) == ["match.jsonl", "settings.damaged"]
    assert read(root + "/settings.damaged") == data
    del data
    device.press("ok")
    assert len(device.app.stack) == 1 and device.app.journal.match.game.deal_open
    assert len(Device(root).app.stack) == 1  # said once


@in_folder
def test_any_unreadable_settings_are_set_aside_and_kept(root):
    unreadable = (b'{"lang": "de"', b"\xff\xfe", b'["de"]', b"", b" " * 600, b'"fr"')
    for data in unreadable:
        write(root + "/settings.json", data)
        device = Device(root)
        assert said(device.app, "settings_damaged"), data
        assert device.app.settings.get("lang") == "fr"
    names = sorted(os.listdir(root))
    assert names == ["settings-%d.damaged" % n for n in range(2, 7)] + ["settings.damaged"]
    kept = [read(root + "/" + name) for name in names]
    assert sorted(kept) == sorted(unreadable)
    # Good settings with a bad value are not damage: that value only keeps its default.
    write(root + "/settings.json", json.dumps({"lang": "en", "sleep": 7}).encode())
    device = Device(root)
    assert len(device.app.stack) == 1 and device.app.text.language == "en"


@in_folder
def test_a_data_folder_that_cannot_be_made_is_said_not_a_crash(root):
    device = Device(root + "/missing/data")
    assert said(device.app, "flash_error", 2), device.app.stack[-1].lines
    device.press("ok")  # read: the slate asks for a match, which cannot be saved
    assert is_a(device.screen(), "NoMatch")


def test_a_full_flash_for_the_data_folder_is_said():
    flash = Flash()
    flash.log = []
    booted(flash)
    mkdir = flash.log.index("mkdir")
    flash = Flash()
    flash.fail_at = mkdir
    device = booted(flash)
    assert ROOT not in flash.folders
    assert said(device.app, "flash_full"), device.app.stack[-1].lines


@in_folder
def test_a_write_that_a_full_flash_cut_short_leaves_nothing_behind(root):
    write(root + "/match.jsonl", journal_of(*EVENTS))
    full = Full(9, short=True)  # FAT on some ports: short counts, no error
    device = Device(root, journal=Journal(root, opener=full))
    device.app.act(TRICK)
    assert not_saved(device.app) and said(device.app, "storage_full")
    # The part of the line in the tail went: the tail emptied gave its room back.
    assert read(root + "/match.jsonl") == journal_of(*EVENTS)
    assert read(root + "/match.tail") == b""
    # The next boot, on the still full flash, finds the match as it was, and says nothing.
    device = Device(root, journal=Journal(root, opener=full))
    assert len(device.app.stack) == 1
    assert state(device.app)[0][1] == state(Device(root).app)[0][1]
