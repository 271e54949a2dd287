"""ardoise.ssd1306 on the recording I2C stand-in: what each call puts on the bus.

Runs under MicroPython only (framebuf): tests/mp_runner.py, or pytest through
tests/test_micropython.py. The panel picture itself is checked against
Adafruit's driver in tests/test_ssd1306_against_adafruit.py.
"""

import sys

import micropython


def _folder_of(path):
    cut = path.rfind("/")
    return path[:cut] if cut > 0 else "."


_STANDIN = _folder_of(_folder_of(_folder_of(__file__))) + "/host_tools/standin"
if _STANDIN not in sys.path:
    sys.path.insert(0, _STANDIN)

import machine  # noqa: E402  (the stand-in: see host_tools/standin/machine.py)

from ardoise import ssd1306  # noqa: E402
from ardoise.ssd1306 import SSD1306  # noqa: E402

FULL_PAGE = 4 + 1 + 128  # position write, data control byte, 128 columns


def display_on_bus(**options):
    """A display shown once (its first show() sends the blank frame whole and
    turns the panel on), those writes cleared from its bus."""
    i2c = machine.I2C(0)
    display = SSD1306(i2c, **options)
    display.show()
    i2c.clear()
    return display, i2c


def position(page, column):
    return bytes((0x00, column & 0x0F, 0x10 | column >> 4, 0xB0 | page))


def column_on_same_page(column):
    return bytes((0x00, column & 0x0F, 0x10 | column >> 4))


def data_writes(i2c):
    return [payload for _, payload in i2c.writes if payload[0] == 0x40]


def test_init_configures_with_the_panel_off_and_the_first_show_turns_it_on():
    i2c = machine.I2C(0)
    display = SSD1306(i2c)
    configuration = i2c.writes[0][1]
    assert configuration[:2] == b"\x00\xae"  # display off first
    for command in (b"\xa8\x3f", b"\xda\x12", b"\x8d\x14", b"\x20\x02", b"\xa1\xc8"):
        assert command in configuration
    # Nothing else until the first show(): the panel stays off, its memory noise.
    assert len(i2c.writes) == 1 and b"\xaf" not in configuration
    display.show()
    assert data_writes(i2c) == [b"\x40" + bytes(128)] * 8  # the whole frame, blank
    assert i2c.writes[-1] == (0x3C, b"\x00\xaf")  # then on
    assert display.bytes_sent == sum(len(payload) for _, payload in i2c.writes)
    i2c.clear()
    display.pixel(0, 0, 1)
    display.show()
    assert (0x3C, b"\x00\xaf") not in i2c.writes  # once only


def test_a_failed_first_show_leaves_the_panel_off_and_the_next_turns_it_on():
    i2c = machine.I2C(0)
    display = SSD1306(i2c)
    i2c.devices = []  # unplugged before the first show
    try:
        display.show()
    except OSError:
        pass
    i2c.devices = [0x3C]
    i2c.clear()
    display.show()
    assert len(data_writes(i2c)) == 8 and i2c.writes[-1] == (0x3C, b"\x00\xaf")


def test_init_128x32_uses_32_rows_sequential_com_pins_and_4_pages():
    i2c = machine.I2C(0)
    display = SSD1306(i2c, height=32)
    configuration = i2c.writes[0][1]
    assert b"\xa8\x1f" in configuration
    assert b"\xda\x02" in configuration
    display.show()
    assert len(data_writes(i2c)) == 4
    assert len(display.buffer) == 512


def test_external_vcc_leaves_the_charge_pump_off():
    i2c = machine.I2C(0)
    SSD1306(i2c, external_vcc=True)
    assert b"\x8d\x10" in i2c.writes[0][1]


def test_other_address():
    i2c = machine.I2C(0, devices=(0x3D,))
    SSD1306(i2c, address=0x3D)
    assert i2c.writes
    assert all(address == 0x3D for address, _ in i2c.writes)


def test_unsupported_size_is_refused():
    for width, height in ((128, 48), (64, 32)):
        try:
            SSD1306(machine.I2C(0), width=width, height=height)
        except ValueError:
            continue
        raise AssertionError("accepted %dx%d" % (width, height))


def test_show_without_change_sends_nothing_and_allocates_nothing():
    display, i2c = display_on_bus()
    display.text("Nord 12", 0, 0)
    display.show()
    i2c.clear()
    before = display.bytes_sent
    micropython.heap_lock()
    try:
        display.show()
    finally:
        micropython.heap_unlock()
    assert i2c.writes == []
    assert display.bytes_sent == before


def test_one_pixel_sends_one_column_of_one_page():
    display, i2c = display_on_bus()
    before = display.bytes_sent
    display.pixel(37, 20, 1)
    display.show()
    assert i2c.writes == [(0x3C, position(2, 37)), (0x3C, b"\x40\x10")]
    assert display.bytes_sent - before == 6


def test_changes_far_apart_on_one_page_go_as_spans_of_their_own():
    display, i2c = display_on_bus()
    display.pixel(3, 0, 1)
    display.pixel(100, 7, 1)
    display.pixel(127, 63, 1)
    display.show()
    assert [payload for _, payload in i2c.writes] == [
        position(0, 3),
        b"\x40\x01",
        column_on_same_page(100),  # the page is already 0
        b"\x40\x80",
        position(7, 127),
        b"\x40\x80",
    ]


def test_a_few_unchanged_columns_between_changes_are_sent_along():
    # Up to 6 unchanged columns cost no more on the bus than another span:
    # its 3-byte column write, its data control byte and the two address bytes.
    display, i2c = display_on_bus()
    display.pixel(10, 0, 1)
    display.pixel(17, 0, 1)  # 6 unchanged columns after column 10: one span
    display.pixel(25, 0, 1)  # 7 after column 17: a span of its own
    display.show()
    assert [payload for _, payload in i2c.writes] == [
        position(0, 10),
        b"\x40\x01" + bytes(6) + b"\x01",
        column_on_same_page(25),
        b"\x40\x01",
    ]


def test_each_show_sets_the_page_of_its_first_span_again():
    # The panel's page after a show() is not relied on: a write may have
    # failed halfway.
    display, i2c = display_on_bus()
    display.pixel(5, 63, 1)
    display.show()
    i2c.clear()
    display.pixel(90, 63, 1)
    display.show()
    assert [payload for _, payload in i2c.writes] == [position(7, 90), b"\x40\x80"]


def test_one_character_sends_a_fraction_of_a_full_frame():
    display, i2c = display_on_bus()
    display.text("7", 56, 24)
    before = display.bytes_sent
    display.show()
    character = display.bytes_sent - before
    display.invalidate()
    before = display.bytes_sent
    display.show()
    assert display.bytes_sent - before == 8 * FULL_PAGE
    assert character <= 4 + 1 + 8


def test_change_undone_before_show_sends_nothing():
    display, i2c = display_on_bus()
    display.text("12", 0, 0)
    display.text("12", 0, 0, 0)
    display.show()
    assert i2c.writes == []


def test_invalidate_resends_every_page_once():
    display, i2c = display_on_bus(height=32)
    display.invalidate()
    display.show()
    assert [payload for _, payload in i2c.writes[::2]] == [position(page, 0) for page in range(4)]
    display.show()
    assert len(i2c.writes) == 8


def test_failed_write_makes_the_next_show_resend_everything():
    display, i2c = display_on_bus()
    display.pixel(5, 5, 1)
    i2c.devices = []  # display unplugged
    try:
        display.show()
    except OSError:
        pass
    else:
        raise AssertionError("show() hid the bus error")
    i2c.devices = [0x3C]
    display.show()
    assert len(data_writes(i2c)) == 8
    assert data_writes(i2c)[0][1 + 5] == 0x20


def test_init_display_again_blanks_frame_and_panel():
    display, i2c = display_on_bus()
    display.fill(1)
    display.show()
    i2c.clear()
    display.init_display()
    assert display.buffer == bytearray(len(display.buffer))
    assert i2c.writes[0][1][:2] == b"\x00\xae" and not data_writes(i2c)  # off, configured
    display.show()
    assert data_writes(i2c) == [b"\x40" + bytes(128)] * 8
    assert i2c.writes[-1] == (0x3C, b"\x00\xaf")


def test_contrast_invert_and_power_commands():
    display, i2c = display_on_bus()
    display.contrast(0x20)
    display.invert(True)
    display.invert(False)
    display.poweroff()
    display.poweron()
    assert [payload for _, payload in i2c.writes] == [
        b"\x00\x81\x20",
        b"\x00\xa7",
        b"\x00\xa6",
        b"\x00\xae",
        b"\x00\xaf",
    ]


def test_contrast_out_of_range_is_refused():
    display, i2c = display_on_bus()
    for value in (-1, 256):
        try:
            display.contrast(value)
        except ValueError:
            continue
        raise AssertionError("accepted contrast %d" % value)
    assert i2c.writes == []


def test_power_cycle_keeps_the_panel_memory():
    display, i2c = display_on_bus()
    display.poweroff()
    display.poweron()
    i2c.clear()
    display.show()
    assert i2c.writes == []


def frames_to_compare(count):
    """(before, after) 128-column pages, both ways round, from a fixed
    seed: random, sparse, and changes just 6, 7 and 8 columns apart (where
    two changes share a span or not), at the edges too."""
    import random

    random.seed(1906)
    pages = []
    for gap in (6, 7, 8):  # unchanged columns between two changes
        for first in (0, 1, 120 - gap, 126 - gap):
            after = bytearray(128)
            after[first] = after[first + gap + 1] = 0x81
            pages.append((bytearray(128), after))
    pages.append((bytearray(128), bytearray(b"\xff" * 128)))
    pages.append((bytearray(b"\x55" * 128), bytearray(b"\x55" * 128)))  # no change
    for index in range(count):
        before = bytearray(random.getrandbits(8) for _ in range(128))
        after = bytearray(before)
        for _ in range(random.getrandbits(5) if index % 3 else 128):
            after[random.getrandbits(7)] ^= 1 << random.getrandbits(3)
        pages.append((before, after))
    return pages + [(after, before) for before, after in pages]


def diffed(diff, before, after, start):
    """diff's spans of the page at `start` of a 3-page frame, and `sent` after."""
    frame = bytearray(3 * 128)
    sent = bytearray(3 * 128)
    frame[start : start + 128] = after
    sent[start : start + 128] = before
    spans = bytearray(64)  # the most a page can need: 17 spans
    count = diff(frame, sent, start, spans)
    return list(spans[: 2 * count]), bytes(sent)


def test_the_native_span_diff_gives_the_bytecodes_spans():
    # The unix port has a native emitter: the driver compiled the viper diff.
    assert ssd1306._diff is not ssd1306._bytecode_diff
    for before, after in frames_to_compare(200):
        for start in (0, 128, 256):
            native = diffed(ssd1306._diff, before, after, start)
            assert native == diffed(ssd1306._bytecode_diff, before, after, start), (before, after)
            spans, sent = native
            assert sent[start : start + 128] == after  # the page is now the frame's
            assert sent[:start] + sent[start + 128 :] == bytes(256)  # the other pages not
            changed = [x for x in range(128) if before[x] != after[x]]
            # Every changed column in a span, no span begins or ends unchanged,
            # and spans are apart by more than 6 unchanged columns.
            pairs = [(spans[at], spans[at + 1]) for at in range(0, len(spans), 2)]
            assert all(any(a <= x < b for a, b in pairs) for x in changed)
            assert all(before[a] != after[a] and before[b - 1] != after[b - 1] for a, b in pairs)
            assert all(pairs[at + 1][0] - pairs[at][1] > 6 for at in range(len(pairs) - 1))
