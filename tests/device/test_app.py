"""The slate's app on the host board: what each kind of input does.

Runs under MicroPython only: tests/mp_runner.py, or pytest through
tests/test_micropython.py. Each test boots the firmware from its sources
through host_tools/standin/harness.py in a fresh folder under /tmp and
presses buttons by name; the whole match, with its reference frames, is
tests/test_device_e2e.py.
"""

import json
import os
import sys

import framebuf
from folders import Full, host_board, in_folder, remove_tree

host_board()

import machine  # noqa: E402  (the stand-in)
from harness import Device, is_a  # noqa: E402

from ardoise import boot, font, forget  # noqa: E402
from ardoise.journal import Journal, encode  # noqa: E402

HEADER = {"ev": "match", "game": "brouc", "rules": "etivaz", "dealer": 0, "target": 5}
EXTENDED_HEARTS = {"ev": "declare", "team": "A", "suit": "H", "kind": "KQJ"}


# -- helpers --------------------------------------------------------------


def write(path, text):
    with open(path, "w") as file:
        file.write(text)


def read(path):
    with open(path) as file:
        return file.read()


def journal_of(*events):
    return "".join(encode(event).decode() for event in (HEADER,) + events)


def with_journal(root, *events, settings=None):
    """A device booting on a journal (and settings) already on flash."""
    write(root + "/match.jsonl", journal_of(*events))
    if settings is not None:
        write(root + "/settings.json", json.dumps(settings))
    return Device(root)


def options(device):
    screen = device.screen()
    assert is_a(screen, "Choice"), screen
    return [" ".join(option.split()) for option in screen.options]


def open_deal(device, suit="♥ Cœur"):
    device.press("ok")
    device.cursor(suit)
    device.press("ok")


def forget_games():
    """Drop what other tests' devices left loaded, which a device booting
    now would count as its boot's own."""
    for game in ("brouc", "bruus", "brusquembelle"):
        for name in ("ardoise.games.", "scoring."):
            forget(name + game)
    for name in ("ardoise.games.brouc_deal", "ardoise.menus", "ardoise.widgets"):
        forget(name)


def refusal(device):
    screen = device.screen()
    assert is_a(screen, "Message"), screen
    assert screen.title == device.app.t("refused"), screen.title
    return " ".join(screen.lines)


def row_shows(device, text, row, inverted=False):
    """True if text row `row` of the screen is exactly `text`, centred."""
    page = bytearray(128)
    image = framebuf.FrameBuffer(page, 128, 8, framebuf.MONO_VLSB)
    image.fill(1 if inverted else 0)
    font.draw_text(image, text, 64, 0, color=0 if inverted else 1, align=font.CENTER)
    return device.display.buffer[row * 128 : (row + 1) * 128] == page


def shows(device, text, x, y, align=font.LEFT, scale=1, inverted=False):
    """True if the panel shows `text` drawn at (x, y) as the font draws it."""
    display = device.display
    width = font.text_width(text, scale=scale)
    left = x - width if align == font.RIGHT else x - width // 2 if align == font.CENTER else x
    height = 8 * scale
    image = framebuf.FrameBuffer(bytearray(width * height), width, height, framebuf.MONO_HLSB)
    image.fill(1 if inverted else 0)
    font.draw_text(image, text, 0, 0, color=0 if inverted else 1, scale=scale)
    for row in range(height):
        for column in range(width):
            if display.pixel(left + column, y + row) != image.pixel(column, row):
                return False
    return True


# -- boot -----------------------------------------------------------------


@in_folder
def test_first_boot_asks_for_a_match_and_the_dealer(root):
    device = Device(root)
    assert device.journal() == ""
    device.press("ok")
    assert options(device) == ["Le Brouc", "Bruus", "Brusquembelle"]
    device.press("ok")  # Le Brouc
    assert options(device) == ["1 (A)", "2 (B)", "3 (A)", "4 (B)"]  # who deals first
    device.press("next", times=2)  # seat 3
    device.press("ok")
    assert device.screen().lines(device.app) == ["Etivaz, 5 coches", "Donneur 3"]
    device.press("ok")
    assert device.journal() == journal_of().replace('"dealer":0', '"dealer":2')
    assert len(device.app.stack) == 1


@in_folder
def test_boot_folds_the_journal_onto_the_slate(root):
    device = with_journal(root, {"ev": "deal", "trump": "S"}, {"ev": "end", "A": 75})
    game = device.app.journal.match.game
    assert (game.slate, game.dealer, game.deal_open) == ([8, 5], 1, False)
    assert len(device.app.stack) == 1


@in_folder
def test_the_app_hands_the_rules_core_its_heap_policy(root):
    """On the board the core collects garbage before a fold's largest
    allocations (a game's rules, a refusal's text), as the app asks it to
    once loaded, before any journal is folded; left alone, it collects
    nothing (tests/core/test_log.py)."""
    import gc

    import scoring.match

    Device(root)
    assert scoring.match.collect is gc.collect


@in_folder
def test_an_idle_slate_allocates_nothing_from_poll_to_poll(root):
    """Most polls see no press: they make no garbage (the heap is locked),
    on the slate and dimmed, with a match open."""
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:  # CPython has no heap to lock
        return
    device = with_journal(root, {"ev": "deal", "trump": "S"}, {"ev": "end", "A": 75})
    device.run(1000)  # the boot's note and first frame are past
    app = device.app
    heap_lock()
    try:
        for _ in range(100):
            device.clock.advance(5)
            app.step()
    finally:
        heap_unlock()
    device.run(121000)  # dimmed (the "sleep" delay: 120 s), the drawing still moving
    assert app.asleep
    heap_lock()
    try:
        for _ in range(100):
            device.clock.advance(20)
            app.step()
    finally:
        heap_unlock()


@in_folder
def test_a_torn_last_line_is_dropped_and_said(root):
    write(root + "/match.jsonl", journal_of({"ev": "deal", "trump": "S"}) + '{"ev":"en')
    device = Device(root)
    assert "coupée" in " ".join(device.screen().lines)
    device.press("ok")
    assert device.app.journal.match.game.deal_open
    assert device.journal() == journal_of({"ev": "deal", "trump": "S"})


@in_folder
def test_a_damaged_journal_is_set_aside_and_said(root):
    write(root + "/match.jsonl", journal_of({"ev": "deal", "trump": "S"}) + "garbage\n{}\n")
    device = Device(root)
    assert "ligne 3" in " ".join(device.screen().lines).lower()
    assert device.app.journal.archives() == ["0001.damaged"]


def test_a_board_without_its_display_reports_on_the_console_and_stops():
    machine.release_all()
    import host

    description = host.describe()
    description["oled"]["address"] = 0x3D  # nothing answers there
    assert boot.boot(description, "/tmp/ardoise-never-made") is None


def test_a_bare_pin_is_a_button_to_ground_and_a_tuple_says_its_wiring():
    machine.release_all()
    import host

    from ardoise.hardware import Hardware

    description = host.describe()
    assert type(description["buttons"]["prev"]) is int  # the host board states pins only
    description["buttons"]["extra"] = (13, "down", "high")  # a button to 3V3
    hardware = Hardware(description, clock=lambda: 0)
    prev, _, _, extra = hardware.keypad.pins
    assert (prev.pull, prev.value()) == (machine.Pin.PULL_UP, 1)  # held high, pressed low
    assert (extra.pull, extra.value()) == (machine.Pin.PULL_DOWN, 0)
    assert bytes(level for _, level in hardware.keypad.buttons) == b"\x00\x00\x00\x01"
    # Completed in place, as the stand-ins read it back.
    assert description["buttons"]["prev"] == (10, "up", "low")


@in_folder
def test_a_crash_is_shown_and_waits_for_a_fresh_press_before_restarting(root):
    device = Device(root)
    ok = machine.Pin(12)
    ok.drive(0)  # OK already held when it crashed: that press must not count
    naps = []

    def nap(ms, screen_off):
        device.clock.advance(ms)
        naps.append(ms)
        if len(naps) == 60:
            ok.drive(None)  # let go...
        elif len(naps) == 200:
            ok.drive(0)  # ...and pressed anew

    device.hardware.nap = nap
    try:
        boot.crash(device.hardware, ValueError("boom"), root)
    except SystemExit:
        pass
    else:
        raise AssertionError("no restart after the press")
    ok.drive(None)
    assert len(naps) > 200, len(naps)  # waited for the fresh press
    assert "ValueError: boom" in read(root + "/crash.txt")
    assert device.display.buffer != bytearray(len(device.display.buffer))


class _Enough(Exception):
    pass


def tapped_in_the_quiet(root, down_at):
    """App.run's own loop on a fresh board, OK down for 45 ms from `down_at` ms:
    (the keys its screen got, App.run's naps in order)."""
    remove_tree(root)
    os.mkdir(root)
    device = Device(root)  # no match: the screen asking for one
    keys = []
    device.screen().key = lambda app, key: keys.append(key)
    pin, level = device.pins["ok"], device.pressed["ok"]
    naps = []

    def nap(ms, screen_off):
        naps.append(ms)
        device.clock.advance(ms)
        now = sum(naps)
        pin.drive(level if down_at <= now < down_at + 45 else None)
        if now >= 3000:
            raise _Enough()

    try:
        device.app.run(nap)
    except _Enough:
        pass
    return keys, naps


@in_folder
def test_a_quiet_slate_polls_less_often_and_still_sees_a_short_tap(root):
    # 5 ms naps while the buttons are in use, 20 ms after a second without a
    # press; a 45 ms tap in the quiet counts, whatever the phase of the naps
    # it comes in, and the loop polls fast again at once.
    for phase in range(0, 20, 3):
        down_at = 1500 + phase
        keys, naps = tapped_in_the_quiet(root, down_at)
        assert keys == [3], (phase, keys)  # OK, once
        up_at = down_at + 45
        start = 0
        for ms in naps:  # each nap by when it began
            if start < 990 or up_at + 45 <= start < up_at + 950:
                assert ms == 5, (phase, start, ms)  # in use, or just used
            elif 1020 <= start < down_at or start >= up_at + 1100:
                assert ms == 20, (phase, start, ms)  # quiet
            start += ms


# -- actions and refusals -------------------------------------------------


@in_folder
def test_a_refused_input_says_why_and_changes_nothing(root):
    device = with_journal(root, {"ev": "deal", "trump": "H"}, {"ev": "trick", "team": "A"})
    before = device.journal()
    state = device.app.journal.match.state()
    device.press("ok")
    device.cursor("Mariage")
    device.press("ok")
    device.cursor("B")
    device.press("ok")
    device.cursor("♥R-D ±40 pli")  # in a trick (♥ trumps)
    device.press("ok")
    assert refusal(device) == "B n'a encore fait aucun pli dans cette donne"
    assert device.journal() == before
    assert device.app.journal.match.state() == state
    device.press("ok")  # read: back to the choice, to correct it
    assert is_a(device.screen(), "Choice")


@in_folder
def test_refusals_speak_the_chosen_language(root):
    settings = {"lang": "de"}
    device = with_journal(root, settings=settings)
    device.hold("prev")  # undo: nothing to take back
    assert refusal(device) == "nichts zurückzunehmen: der Matchbeginn bleibt"
    write(root + "/settings.json", json.dumps({"lang": "en"}))
    device = Device(root)
    device.hold("prev")
    assert refusal(device) == "nothing to undo: the match event cannot be undone"
    assert "ardoise.lang.de_reasons" not in sys.modules  # read, then given back


@in_folder
def test_a_trip_s_modules_stay_for_the_next_trip_that_uses_them(root):
    deal, menus = "ardoise.games.brouc_deal", "ardoise.menus"
    forget_games()
    device = with_journal(root, {"ev": "deal", "trump": "H"}, settings={"tricks": True})
    assert deal not in sys.modules
    device.press("ok")  # the deal's actions
    actions = sys.modules[deal]
    device.hold("ok")  # back on the slate: kept
    assert is_a(device.screen(), "Slate") and sys.modules[deal] is actions
    device.press("next")  # a trick, on the slate itself: kept too
    assert device.journal().count('"ev":"trick"') == 1 and sys.modules[deal] is actions
    device.press("ok")  # open at once: the same module, not imported again
    assert is_a(device.screen(), "Choice") and sys.modules[deal] is actions
    device.hold("ok")
    device.hold("prev")  # undo: the deal's actions go before the menus come
    assert is_a(device.screen(), "Confirm")
    assert deal not in sys.modules and menus in sys.modules
    device.hold("ok")
    device.press("ok")  # and the other way round
    assert deal in sys.modules and menus not in sys.modules


@in_folder
def test_a_new_match_of_another_game_drops_the_former_game_s_modules(root):
    forget_games()
    device = with_journal(root, {"ev": "deal", "trump": "H"})
    device.press("ok")
    device.hold("ok")
    assert "ardoise.games.brouc_deal" in sys.modules
    device.app.new_match({"ev": "match", "game": "bruus", "dealer": 0})
    assert is_a(device.screen(), "Slate")
    assert "ardoise.games.bruus" in sys.modules and "scoring.bruus" in sys.modules
    for name in ("ardoise.games.brouc", "ardoise.games.brouc_deal", "scoring.brouc"):
        assert name not in sys.modules, name


@in_folder
def test_a_full_flash_says_so_and_keeps_the_match(root):
    write(root + "/match.jsonl", journal_of({"ev": "deal", "trump": "H"}))
    flash = Full(10)
    device = Device(root, journal=Journal(root, opener=flash))
    before = device.journal()
    device.press("ok")
    device.cursor("Fin de donne")
    device.press("ok")
    device.press("ok")  # 60 each
    device.press("ok")  # what it gives: confirmed
    screen = device.screen()
    assert is_a(screen, "Message") and screen.title == "Non enregistré", screen
    assert "Mémoire pleine" in " ".join(screen.lines)
    # A full flash may keep the start of the line, in the journal's tail:
    # not confirmed, it goes with the tail, and a reboot finds the match as
    # it was, with nothing to say.
    assert device.app.journal.size == len(before)
    assert device.app.journal.match.game.deal_open
    assert device.journal() == before and Journal(root).load() is None
    # Room again: the same action goes through.
    flash.room = 1 << 20
    device.press("ok")
    device.press("ok")
    assert device.app.journal.match.game.slate == [6, 6]


@in_folder
def test_undo_says_what_it_takes_back_and_appends_an_undo(root):
    device = with_journal(root, {"ev": "deal", "trump": "H"}, EXTENDED_HEARTS)
    device.hold("prev")
    assert device.screen().lines(device.app) == ["Reprendre:", "Mariage A ♥ R-D-V"]
    device.hold("ok")  # no: nothing changes
    assert device.journal().count("\n") == 3
    device.hold("prev")
    device.press("ok")
    assert device.journal().endswith('{"ev":"undo"}\n')
    assert device.app.journal.match.game.bottom == [0, 0]


@in_folder
def test_a_note_longer_than_the_row_shows_a_row_at_a_time(root):
    """Issue 33: "Annulé: Mariage A ♥ R-D-V" was cut to "Annulé: Mariage…"
    on the status row. It now shows its first row, then its second, 2.5 s
    each, whole; then the slate's own row comes back."""
    device = with_journal(root, {"ev": "deal", "trump": "H"}, EXTENDED_HEARTS)
    device.hold("prev")
    device.press("ok")
    assert device.app.toast_text == "Annulé: Mariage A ♥ R-D-V"
    assert row_shows(device, "Annulé: Mariage", 7, inverted=True)
    device.wait(2600)
    assert row_shows(device, "A ♥ R-D-V", 7, inverted=True)
    device.wait(2600)
    assert device.app.toast_text is None
    assert row_shows(device, "♥ Donneur 1", 7, inverted=True)


@in_folder
def test_end_of_deal_splits_the_points_and_shows_both_rounded(root):
    device = with_journal(root, {"ev": "deal", "trump": "H"})
    device.press("ok")
    device.press("ok")  # Fin de donne: no question of who counted
    assert shows(device, "60", 32, 20, align=font.CENTER, scale=2)
    device.press("prev")  # Prev: a point to the left team, A
    assert shows(device, "61", 32, 20, align=font.CENTER, scale=2)
    assert shows(device, "59", 96, 20, align=font.CENTER, scale=2)
    device.hold("next")  # held Next: B to the next five, where the rounding changes
    device.hold("next")
    device.hold("next")
    assert device.screen().value == 70
    device.press("prev", times=25)
    assert shows(device, "75", 32, 20, align=font.CENTER, scale=2)
    assert shows(device, "▶80", 32, 38, align=font.CENTER)
    assert shows(device, "45", 96, 20, align=font.CENTER, scale=2)
    assert shows(device, "▶50", 96, 38, align=font.CENTER)
    device.press("ok")
    assert device.screen().lines(device.app) == ["A +8  B +5"]  # what it gives
    device.press("ok")
    assert device.journal().endswith('{"ev":"end","A":75,"B":45}\n')


@in_folder
def test_between_deals_prev_and_next_open_the_trump_list_as_its_first_step(root):
    device = with_journal(root)
    device.press("prev")  # the list wraps round: Prev is on the last suit
    screen = device.screen()
    assert screen.title == "Atout? Donneur 1"
    assert options(device)[screen.index] == "♠ Pique"
    assert device.journal().count("\n") == 1  # nothing written before OK
    device.hold("ok")  # back: no deal
    assert len(device.app.stack) == 1 and device.journal().count("\n") == 1
    device.press("next")
    assert options(device)[device.screen().index] == "♦ Carreau"
    device.press("next")  # the list's own Next from there
    device.press("ok")
    assert device.journal().endswith('{"ev":"deal","trump":"C"}\n')
    device.hold("prev")  # undo takes the deal back as before
    device.press("ok")
    assert not device.app.match.game.deal_open
    device.press("ok")  # OK: the list on its first suit, as before
    assert options(device)[device.screen().index] == "♥ Cœur"


@in_folder
def test_held_ok_during_a_deal_goes_straight_to_its_end(root):
    device = with_journal(root)
    device.hold("ok")  # between deals: nothing
    assert len(device.app.stack) == 1 and device.journal().count("\n") == 1
    device = with_journal(root, {"ev": "deal", "trump": "H"})
    device.hold("ok")  # the end's split at once, over the deal's actions
    assert is_a(device.screen(), "Number") and device.screen().value == 60
    assert len(device.app.stack) == 3
    device.hold("ok")  # back: the deal's actions, on the end
    assert options(device)[device.screen().index] == "Fin de donne"
    device.press("ok")
    device.press("prev", times=15)
    device.press("ok", times=2)  # the points, then what they give
    assert device.journal().endswith('{"ev":"end","A":75,"B":45}\n')


@in_folder
def test_number_entry_taps_one_and_held_jumps_to_the_fives(root):
    device = with_journal(root, {"ev": "deal", "trump": "H"})
    device.press("ok")
    device.press("ok")
    screen = device.screen()
    assert is_a(screen, "Number")
    device.press("next", times=3)  # quick taps, released each time: one each
    assert screen.value == 63
    device.hold("next", 700)  # held: to the next five...
    assert screen.value == 65
    device.hold("next", 700)
    assert screen.value == 70
    device.hold("prev", 700)  # ...down as well
    device.press("prev")
    assert screen.value == 64
    device.hold("prev", 700)
    assert screen.value == 60
    # Held on: again every 300 ms (at 600, 900, 1200, 1500 ms)...
    device.hold("next", 1550)
    assert screen.value == 80
    device.hold("next", 5000)  # ...then faster, up to the top and no further
    assert screen.value == 120
    assert len(device.app.stack) == 3  # nothing else: no menu, no undo


@in_folder
def test_cape_announcements_are_offered_only_when_the_rules_allow_them(root):
    deal = {"ev": "deal", "trump": "H"}
    device = with_journal(root, deal)
    device.press("ok")
    assert "Annonce" not in options(device)  # both slates at 0
    remove_tree(root)
    os.mkdir(root)
    device = with_journal(
        root,
        deal,
        {"ev": "end", "A": 100},  # 10 and 2
        {"ev": "deal", "trump": "D"},
        EXTENDED_HEARTS,  # 30 at the bottom for A
        {"ev": "end", "A": 120},  # A 10 + 12 + 3, B 2 + 0
    )
    assert device.app.journal.match.game.slate == [25, 2]
    open_deal(device)
    device.press("ok")
    device.cursor("Annonce")
    device.press("ok")
    assert options(device) == ["A cape et dehors", "A pas dédoublé"]


@in_folder
def test_dehors_shows_its_verdict_before_it_counts(root):
    device = with_journal(root, {"ev": "deal", "trump": "H"}, {"ev": "end", "A": 120})
    open_deal(device)
    device.press("ok")
    device.cursor("Dehors")
    device.press("ok")
    device.press("next")
    device.press("ok")  # B calls
    device.number(40)
    assert device.screen().detail(device.app, 40) == ["Compte:", "40/301"]
    device.press("ok")
    # Ruling 8: A (the callers' opponents) at 12, below 15: 2 coches.
    assert device.screen().lines(device.app) == ["Dehors faux!", "Jeu A: +2 coches"]
    assert device.journal().count("\n") == 4  # not yet
    device.press("ok")
    assert device.app.journal.match.game.coches == [2, 0]


@in_folder
def test_dehors_points_start_where_the_call_becomes_right(root):
    deal = {"ev": "deal", "trump": "H"}
    device = with_journal(root, deal, {"ev": "end", "A": 120}, deal, {"ev": "end", "A": 120})
    open_deal(device)
    device.press("ok")
    device.cursor("Dehors")
    device.press("ok")
    device.press("ok")  # A calls at 24: 61 card points make 301
    screen = device.screen()
    assert screen.value == 61 and screen.detail(device.app, 61) == ["Compte:", "301/301 ✓"]
    device.hold("ok")
    device.press("next")
    device.press("ok")  # B, at 0: no card points would do
    assert device.screen().value == 0


@in_folder
def test_a_short_dehors_in_31_is_refused(root):
    write(
        root + "/match.jsonl",
        '{"ev":"match","game":"brouc","rules":"31"}\n{"ev":"deal","trump":"H"}\n',
    )
    device = Device(root)
    device.press("ok")
    device.cursor("Dehors")
    device.press("ok")
    device.press("ok")
    device.number(30)
    device.press("ok")
    assert refusal(device) == "A compte 30: dehors demande 310"


@in_folder
def test_tricks_from_the_slate_and_a_cape_that_ends_itself(root):
    device = with_journal(root, {"ev": "deal", "trump": "H"}, settings={"tricks": True})
    for _ in range(8):
        device.press("next")
    game = device.app.journal.match.game
    assert (game.coches, game.deal_open) == ([0, 2], False)
    assert device.journal().count('{"ev":"trick","team":"B"}') == 8
    device.press("next")  # no deal open: no trick, the trump list (nothing written)
    assert device.journal().count("\n") == 10
    assert options(device)[device.screen().index] == "♦ Carreau"


# -- settings, names, sleep -------------------------------------------------


@in_folder
def test_player_names_in_the_match_event_name_the_seats(root):
    names = '"names":["Jean","Marc","Anne","Luc"]'
    write(root + "/match.jsonl", '{"ev":"match","game":"brouc","dealer":1,%s}\n' % names)
    device = Device(root)
    assert row_shows(device, "Donneur Marc", 7)  # no room left for " · OK"
    device.press("ok")
    device.press("ok")  # ♥
    device.wait(3000)
    assert row_shows(device, "♥ Donneur Marc", 7, inverted=True)
    # A new match names no one yet: its first dealer is a seat.
    device.hold("next")
    device.cursor("Nouveau match")
    device.press("ok")
    device.press("ok")  # Le Brouc
    assert options(device)[0] == "1 (A)"
    device.press("ok")
    assert device.screen().lines(device.app)[1:] == [
        "Donneur 1",
        "Le match de l'ardoise part aux archives.",
    ]


@in_folder
def test_settings_are_kept_in_their_own_file_and_used_at_once(root):
    device = with_journal(root)
    device.hold("next")
    device.cursor("Réglages")
    device.press("ok")
    device.cursor("Langue Français")
    device.press("ok")  # Deutsch
    assert options(device)[2] == "Sprache Deutsch"
    device.cursor("Plätze 1-4")
    device.press("ok")
    device.hold("ok")
    device.hold("ok")
    stored = json.loads(read(root + "/settings.json"))
    assert (stored["lang"], stored["seats"]) == ("de", "compass")
    assert "settings.tmp" not in os.listdir(root)
    device = Device(root)  # after a restart
    assert device.app.t("dealer") == "Geber %s"
    assert (device.app.team(1), device.app.seat(3)) == ("O-W", "W")


@in_folder
def test_an_interrupted_settings_write_leaves_old_or_new_settings(root):
    write(root + "/settings.json", json.dumps({"lang": "en"}))
    write(root + "/settings.tmp", '{"lang": "d')  # the power went while writing
    assert Device(root).app.text.language == "en"
    assert "settings.tmp" not in os.listdir(root)
    os.remove(root + "/settings.json")
    write(root + "/settings.tmp", json.dumps({"lang": "de"}))  # ...while replacing
    assert Device(root).app.text.language == "de"
    write(root + "/settings.json", '{"lang": "xx", "sleep": 7, "contrast": 255}')
    device = Device(root)
    assert (device.app.text.language, device.app.settings.get("sleep")) == ("fr", 120)
    assert device.app.settings.get("contrast") == 255


@in_folder
def test_a_changed_rule_set_is_for_the_next_match_with_its_target(root):
    device = with_journal(root)
    device.hold("next")
    device.cursor("Réglages")
    device.press("ok")
    device.press("ok")  # Règles: 31
    device.press("ok")  # Règles: Brou 1802, target 12 parties
    assert options(device)[:2] == ["Règles Brou 1802", "But 12"]
    assert device.app.journal.match.game.rules == 0  # the match goes on in etivaz
    device.hold("ok")
    device.cursor("Nouveau match")
    device.press("ok")
    device.press("ok")  # Le Brouc
    device.press("ok")  # seat 1 deals first
    assert device.screen().lines(device.app)[0] == "Brou 1802, 12 parties"
    device.press("ok")
    assert (
        device.journal()
        == '{"ev":"match","dealer":0,"game":"brouc","rules":"brou1802","target":12}\n'
    )
    assert device.app.journal.archives() == ["0001.jsonl"]


@in_folder
def test_a_game_s_setting_is_its_line_alone(root):
    """A setting a game declares (its line in ardoise/games/__init__.py) has
    its default, its checked value in settings.json and its row in the
    menu, with nothing else changed: here an option of Bruus, shown by its
    key for want of a text."""
    import ardoise.games

    declared = ardoise.games.SETTINGS
    ardoise.games.SETTINGS = declared + ("bruus jokers",)
    forget("ardoise.settings")  # it reads the lines when loaded
    try:
        device = with_journal(root, settings={"jokers": "yes", "tricks": True})
        assert device.app.settings.get("jokers") is False  # "yes" is no value of it
        assert device.app.settings.get("tricks") is True
        device.hold("next")
        device.cursor("Réglages")
        device.press("ok")
        assert options(device)[6:8] == ["Plis oui", "set_jokers non"]
        device.cursor("set_jokers non")
        device.press("ok")
        assert options(device)[7] == "set_jokers oui"
        assert json.loads(read(root + "/settings.json"))["jokers"] is True
        assert Device(root).app.settings.get("jokers") is True  # after a restart
    finally:
        ardoise.games.SETTINGS = declared
        forget("ardoise.settings")


def watch_panel(device):
    """What the app asks of the panel from now on: ("on"/"off"/contrast) in order."""
    seen = []
    display = device.display

    def watch(name):
        method = getattr(display, name)

        def watched(*args):
            seen.append(args[0] if args else name[5:])
            method(*args)

        setattr(display, name, watched)

    for name in ("poweron", "poweroff", "contrast"):
        watch(name)
    return seen


def idle(device, ms):
    """`ms` without a press, in one poll: the idle time grows by what passed."""
    device.clock.advance(ms)
    device.app.step()


@in_folder
def test_a_match_stays_in_sight_dimmed_and_the_waking_press_does_nothing_else(root):
    device = with_journal(root)
    seen = watch_panel(device)
    slate = bytes(device.display.buffer)
    device.wait(119000)
    assert not device.app.asleep and seen == []
    device.wait(2000)  # two minutes: dimmed, not dark
    assert device.app.asleep and seen == [0]
    assert bytes(device.display.buffer) == slate
    # Each minute the drawing moves by a pixel (right, down, left, up).
    idle(device, 60000)
    for x in range(127):
        for y in range(64):
            assert device.display.pixel(x + 1, y) == (slate[y // 8 * 128 + x] >> y % 8 & 1)
    idle(device, 60000)
    assert device.display.pixel(1, 1) == slate[0] & 1
    device.press("ok")  # wakes only: no trump screen, the slate where it was
    assert not device.app.asleep and len(device.app.stack) == 1
    assert seen == [0, 128] and bytes(device.display.buffer) == slate
    device.press("ok")
    assert is_a(device.screen(), "Choice")
    device.hold("ok")
    # Half an hour without a press (the "off" setting): dark.
    idle(device, 1799000)
    assert device.app.asleep == 1 and seen[-1] == 0  # dimmed
    idle(device, 1000)
    assert device.app.asleep and seen[-2:] == [0, "off"]
    device.press("next")  # wakes only
    assert not device.app.asleep and seen[-2:] == ["on", 128] and len(device.app.stack) == 1


@in_folder
def test_without_a_match_the_panel_goes_dark_at_the_sleep_delay(root):
    device = Device(root)
    seen = watch_panel(device)
    idle(device, 119000)
    assert seen == []
    idle(device, 1000)
    assert device.app.asleep and seen == ["off"]
    device.press("ok")  # wakes only: no new match asked
    assert seen == ["off", "on", 128] and device.journal() == ""
    assert len(device.app.stack) == 1


@in_folder
def test_a_changed_sleep_delay_holds_from_the_next_poll(root):
    # Polls before the delay end at the key (App.step): they wait for the
    # delay as it is now, not as it was at boot.
    device = with_journal(root)
    device.wait(10000)
    assert device.app.change("sleep", 15)
    device.wait(4000)
    assert not device.app.asleep
    device.wait(2000)
    assert device.app.asleep == 1
    assert device.app.change("sleep", 0) and device.app.change("off", 0)
    device.press("ok")  # wakes only
    idle(device, 3700000)  # an hour without a press: neither dimmed nor dark
    assert not device.app.asleep


@in_folder
def test_a_change_of_language_redraws_the_screens_under_the_settings(root):
    device = with_journal(root)
    device.hold("next")
    device.cursor("Réglages")
    device.press("ok")
    device.cursor("Langue Français")
    device.press("ok")  # Deutsch
    assert shows(device, "Einstellungen", 64, 0, align=font.CENTER, inverted=True)
    device.hold("ok")  # back to the menu opened in French: in German at once
    assert options(device) == ["Verlauf", "Zurücknehmen", "Neues Match", "Einstellungen"]
    assert row_shows(device, "Menü", 0, inverted=True)
    assert shows(device, "Verlauf", 0, 8) and shows(device, "Einstellungen", 0, 32, inverted=True)
    device.hold("ok")
    assert row_shows(device, "Geber 1 · OK", 7)


@in_folder
def test_three_buttons_are_enough_and_a_fourth_is_a_shortcut_back(root):
    device = with_journal(root)
    device.press("extra")  # on the slate: the menu
    assert is_a(device.screen(), "Choice")
    device.press("extra")  # back
    assert len(device.app.stack) == 1
    device = Device(root, extra=False)
    assert "extra" not in device.pins
    device.hold("next")  # held Next: the same menu
    assert is_a(device.screen(), "Choice")


@in_folder
def test_a_question_longer_than_the_panel_scrolls(root):
    """Issue 33: on 128x32, New match over a match on the slate showed "Le
    match de" and no more of "Le match de l'ardoise part aux archives.". A
    question too long for its rows scrolls with Prev/Next, the marks at the
    ends of its title bar, over no line."""
    write(root + "/match.jsonl", journal_of())
    device = Device(root, height=32)
    device.hold("next")
    device.cursor("Nouveau match")
    device.press("ok")
    device.press("ok")  # Le Brouc
    device.press("ok")  # seat 1 deals first
    lines = ["Etivaz, 5 coches", "Donneur 1", "Le match de", "l'ardoise part", "aux archives."]
    assert device.screen().count == len(lines)
    assert shows(device, "Etivaz, 5 coches", 0, 8) and shows(device, "Donneur 1", 0, 16)
    assert shows(device, "▼", 128, 0, font.RIGHT, inverted=True)  # at the title's end
    device.press("next", times=9)  # to the end, and no further
    assert shows(device, "l'ardoise part", 0, 8) and shows(device, "aux archives.", 0, 16)
    assert shows(device, "▲", 0, 0, inverted=True)
    assert shows(device, "OK=oui  tenu=non", 0, 24)
    device.press("prev", times=2)
    assert shows(device, "Donneur 1", 0, 8) and shows(device, "▲", 0, 0, inverted=True)
    device.press("ok")
    assert device.app.journal.archives() == ["0001.jsonl"]


@in_folder
def test_three_oks_record_no_deal_unseen_and_a_cape_shows_its_coches_first(root):
    """Issue 33: OK, OK, OK from the slate during a deal recorded it at
    60/60, and a cape was written as soon as its team was chosen. Both now
    show what they give first, and need a confirming OK, as dehors does."""
    device = with_journal(root, {"ev": "deal", "trump": "H"})
    before = device.journal()
    device.press("ok", times=3)  # the deal's actions, Fin de donne, 60/60
    screen = device.screen()
    assert is_a(screen, "Confirm") and screen.title == "Fin de donne"
    assert screen.lines(device.app) == ["A +6  B +6"]
    assert device.journal() == before
    device.hold("ok")  # no: back to the points
    assert is_a(device.screen(), "Number") and device.journal() == before
    device.hold("ok")
    device.cursor("Cape")
    device.press("ok")
    device.cursor("B")
    device.press("ok")
    screen = device.screen()
    assert screen.title == "Cape" and screen.lines(device.app) == ["B +2 coches"]
    assert device.journal() == before
    device.press("ok")
    assert device.journal().endswith('{"ev":"end","cape":"B"}\n')
    assert device.app.toast_text == "B +2 coches"


@in_folder
def test_a_marriage_is_one_list_of_every_suit_and_held_keys_jump_a_suit(root):
    """Issue 33: the end's confirmation costs a press; the marriage gives one
    back. Its suit and cards are one list, four a suit (held Prev and Next
    jump a suit), the declared simple marriage of ♥ first: Prev, OK."""
    device = with_journal(root, {"ev": "deal", "trump": "S"})
    device.press("prev")  # a marriage of A
    screen = device.screen()
    assert screen.title == "Mariage A" and screen.index == 0
    assert options(device)[:4] == ["♥R-D +20", "♥R-D-V +30", "♥R-D ±20 pli", "♥R-D-V ±30 pli"]
    assert options(device)[12:] == ["♠R-D +40", "♠R-D-V +60", "♠R-D ±40 pli", "♠R-D-V ±60 pli"]
    device.hold("next")
    assert screen.index == 4  # ♦
    device.press("next")
    device.hold("prev")  # back to ♦'s first, then ♥'s
    assert screen.index == 4
    device.hold("prev")
    device.hold("prev")  # round to ♠
    assert screen.index == 12
    device.press("next", times=3)
    device.press("ok")
    assert device.journal().endswith('{"ev":"table","kind":"KQJ","suit":"S","team":"A"}\n')
    device.wait(3000)
    device.press("next")  # B's, from ♥ R-D: one press
    device.press("ok")
    assert device.journal().endswith('{"ev":"declare","kind":"KQ","suit":"H","team":"B"}\n')
