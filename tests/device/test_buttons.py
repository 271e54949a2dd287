"""Buttons and keypad against scripted pins and a clock the test drives.

Times in these tests are milliseconds since the test began; the keypad sees
them as wrapping ticks. Polls come every millisecond, so bounces of a
millisecond or two are really seen. Default timings: 20 ms debounce, 600 ms
long press; held events that repeat every 300 ms, every 100 ms after 6.
"""

from ardoise import buttons
from ardoise.buttons import (
    BACK,
    EXTRA,
    MENU,
    NEXT,
    NONE,
    OK,
    PREV,
    UNDO,
    WAKE,
    Keypad,
)

try:
    from time import ticks_add
except ImportError:  # CPython: buttons falls back to the boards' 30-bit ticks

    def ticks_add(ticks, delta):
        return (ticks + delta) & ((1 << 30) - 1)


class Clock:
    """`elapsed` ms since the start; `ticks()` is what the code under test sees."""

    def __init__(self, start=0):
        self.elapsed = 0
        self.now = start

    def ticks(self):
        return self.now

    def advance(self, ms=1):
        self.elapsed += ms
        self.now = ticks_add(self.now, ms)


class Pin:
    """Electrical level `level` until the first of `steps`, (elapsed ms, level) in order."""

    def __init__(self, clock, level, steps):
        self.clock = clock
        self.level = level
        self.steps = steps
        self.index = 0

    def value(self):
        while self.index < len(self.steps) and self.steps[self.index][0] <= self.clock.elapsed:
            self.level = self.steps[self.index][1]
            self.index += 1
        return self.level


def pin(clock, presses=(), *, bounce=0, active_low=True):
    """A pin pressed during each (down, up) of `presses`; each edge bounces
    `bounce` times, a millisecond apart, before it settles."""
    down = 0 if active_low else 1
    steps = []
    for start, end in presses:
        for at, level in ((start, down), (end, 1 - down)):
            for flip in range(bounce):
                steps.append((at + 2 * flip, level))
                steps.append((at + 2 * flip + 1, 1 - level))
            steps.append((at + 2 * bounce, level))
    return Pin(clock, 1 - down, steps)


def keypad(clock, prev=(), next=(), ok=(), extra=None, *, bounce=0):
    """A keypad over scripted pull-up buttons; `extra=None` leaves the fourth off."""
    presses = [prev, next, ok] if extra is None else [prev, next, ok, extra]
    pins = [pin(clock, times, bounce=bounce) for times in presses]
    return Keypad(clock.ticks, pins, [0] * len(pins))


def run(pad, clock, until):
    """Poll every ms up to `until`; [(elapsed, event)] for every event."""
    seen = []
    while clock.elapsed < until:
        clock.advance()
        event = pad.poll()
        if event != NONE:
            seen.append((clock.elapsed, event))
    return seen


def events(pad, clock, until):
    return [event for _, event in run(pad, clock, until)]


def test_short_press_is_reported_on_release():
    clock = Clock()
    pad = keypad(clock, prev=[(100, 250)])
    assert run(pad, clock, 260) == []
    # Released at 250, settled for 20 ms at 270.
    assert run(pad, clock, 1000) == [(270, PREV)]


def test_each_button_has_its_short_event():
    clock = Clock()
    pad = keypad(clock, prev=[(100, 200)], next=[(300, 400)], ok=[(500, 600)], extra=[(700, 800)])
    assert events(pad, clock, 1000) == [PREV, NEXT, OK, EXTRA]


def test_bounces_are_filtered():
    clock = Clock()
    pad = keypad(clock, ok=[(100, 300), (500, 700)], bounce=4)
    assert events(pad, clock, 1000) == [OK, OK]


def test_glitches_shorter_than_debounce_are_ignored():
    clock = Clock()
    # A 5 ms and a 19 ms press: noise, not presses.
    pad = keypad(clock, ok=[(100, 105), (200, 219)])
    assert events(pad, clock, 1000) == []
    assert pad.idle_ms == 1000


def test_settled_until_a_button_moves_and_again_once_it_is_up_and_still():
    clock = Clock()
    # A 5 ms glitch, then a press with bounces as it closes and opens.
    pad = keypad(clock, ok=[(100, 105), (200, 400)], bounce=2)
    steps = []
    while clock.elapsed < 500:
        clock.advance()
        pad.poll()
        if not steps or steps[-1][1] != pad.settled:
            steps.append((clock.elapsed, pad.settled))
    # Unsettled from the first poll that sees a pin move: a glitch until its
    # pin is back up (its bounces end at 109), a press until the poll after
    # its release is confirmed (bounces end at 404, confirmed at 424).
    assert steps == [(1, True), (100, False), (110, True), (200, False), (425, True)], steps


def test_a_short_drop_while_held_does_not_split_the_press():
    clock = Clock()
    pad = keypad(clock, ok=[(100, 300), (310, 400)])
    assert events(pad, clock, 1000) == [OK]


def test_long_press_fires_once_while_held_and_release_says_nothing():
    clock = Clock()
    pad = keypad(clock, ok=[(100, 3000)])
    assert run(pad, clock, 5000) == [(700, BACK)]


def test_long_press_is_timed_from_the_settled_press():
    clock = Clock()
    pad = keypad(clock, ok=[(100, 3000)], bounce=3)
    # The bounces settle at 106.
    assert run(pad, clock, 5000) == [(706, BACK)]


def test_press_let_go_just_before_long_ms_is_short():
    clock = Clock()
    pad = keypad(clock, ok=[(100, 699)])
    assert run(pad, clock, 1000) == [(719, OK)]


def test_held_events_of_each_button():
    clock = Clock()
    pad = keypad(
        clock,
        prev=[(100, 900)],
        next=[(1000, 1800)],
        ok=[(2000, 2800)],
        extra=[(3000, 3800)],
    )
    # A held fourth button reports nothing: letting go cancels.
    assert events(pad, clock, 5000) == [UNDO, MENU, BACK]


def test_repeated_held_event_timing():
    clock = Clock()
    pad = keypad(clock, next=[(100, 3000), (3500, 3600)])
    pad.set_repeat(NEXT)
    seen = run(pad, clock, 4000)
    # Held: at the long press, then 6 more every 300 ms, then every 100 ms
    # until let go, which says nothing; a short press is still reported on
    # release.
    times = [700 + 300 * step for step in range(7)]
    times += [2500 + 100 * step for step in range(1, 5)]
    assert seen == [(at, MENU) for at in times] + [(3620, NEXT)]


def test_repeat_is_for_its_buttons_only():
    clock = Clock()
    pad = keypad(clock, next=[(100, 1300), (2800, 4000)], ok=[(1400, 2600)])
    pad.set_repeat(NEXT)
    assert events(pad, clock, 2700) == [MENU, MENU, BACK]
    pad.set_repeat()
    assert events(pad, clock, 4100) == [MENU]


def test_set_repeat_applies_from_the_next_hold():
    clock = Clock()
    pad = keypad(clock, next=[(100, 1200), (1300, 2500)])
    run(pad, clock, 800)
    pad.set_repeat(NEXT)  # the hold under way stays one event
    assert events(pad, clock, 1250) == []
    assert events(pad, clock, 2600) == [MENU, MENU]


def test_set_repeat_refuses_events_of_no_button():
    clock = Clock()
    pad = keypad(clock)
    for event in (EXTRA, BACK, WAKE):
        try:
            pad.set_repeat(event)
        except ValueError:
            continue
        raise AssertionError("set_repeat(%r) accepted" % event)


def test_active_high_and_active_low():
    clock = Clock()
    # Prev is wired to VCC (pressed: high), Next to ground (pressed: low);
    # OK is wired to ground but said to read high when pressed.
    pins = [
        pin(clock, [(100, 300)], active_low=False),
        pin(clock, [(100, 300)]),
        pin(clock, [(100, 300)]),
    ]
    pad = Keypad(clock.ticks, pins, [1, 0, 1])
    assert pad.any_pressed()  # OK, read the wrong way round
    # OK is seen as held from the start, so swallowed; then its real press
    # looks like its release and the real release like a press, held: BACK.
    assert run(pad, clock, 1000) == [(320, PREV), (321, NEXT), (900, BACK)]


def test_tick_counter_wrap_around():
    # The tick counter wraps 300 ms into the test.
    clock = Clock(ticks_add(0, -300))
    assert buttons.ticks_diff(ticks_add(0, 5), ticks_add(0, -5)) == 10
    # Prev goes down just before the wrap and settles just after it.
    pad = keypad(clock, prev=[(290, 400)], ok=[(100, 1500)], next=[(2000, 3000)])
    pad.set_repeat(NEXT)
    assert run(pad, clock, 1900) == [(420, PREV), (700, BACK)]
    assert pad.idle_ms == 1900 - 1500 - 20
    clock = Clock(ticks_add(0, -300))
    pad = keypad(clock, next=[(100, 1400)])
    pad.set_repeat(NEXT)
    assert [at for at, _ in run(pad, clock, 1500)] == [700, 1000, 1300]


def test_mashing_gives_one_short_press_per_press():
    clock = Clock()
    # 40 ms down, 35 ms up, with bounces: 1.5 s of mashing, longer than a long press.
    presses = [(100 + 75 * n, 140 + 75 * n) for n in range(20)]
    pad = keypad(clock, next=presses, bounce=3)
    assert events(pad, clock, 2000) == [NEXT] * 20
    assert not pad.any_pressed()


def test_mashing_two_buttons_loses_nothing():
    clock = Clock()
    prev = [(100 + 100 * n, 150 + 100 * n) for n in range(10)]
    ok = [(120 + 100 * n, 190 + 100 * n) for n in range(10)]
    pad = keypad(clock, prev=prev, ok=ok, bounce=2)
    seen = events(pad, clock, 1500)
    assert seen == [PREV, OK] * 10


def test_a_long_press_after_mashing_is_still_long():
    clock = Clock()
    presses = [(100 + 60 * n, 130 + 60 * n) for n in range(10)]
    presses.append((800, 1600))
    pad = keypad(clock, prev=presses, bounce=2)
    seen = events(pad, clock, 2000)
    assert seen == [PREV] * 10 + [UNDO]


def test_simultaneous_presses_come_out_one_per_poll():
    clock = Clock()
    pad = keypad(clock, prev=[(100, 200)], next=[(100, 200)], ok=[(100, 200)], extra=[(100, 200)])
    assert run(pad, clock, 1000) == [(220, PREV), (221, NEXT), (222, OK), (223, EXTRA)]


def test_a_held_button_does_not_block_the_others():
    clock = Clock()
    pad = keypad(clock, ok=[(100, 1500)], next=[(200, 300), (800, 900)])
    assert run(pad, clock, 2000) == [(320, NEXT), (700, BACK), (920, NEXT)]


def test_the_press_that_wakes_does_nothing_else():
    clock = Clock()
    pad = keypad(clock, ok=[(100, 200), (300, 2000), (2100, 2200)])
    pad.sleep()
    assert pad.asleep
    assert run(pad, clock, 250) == [(120, WAKE)]
    assert not pad.asleep
    pad.sleep()
    # Held past long_ms: still only the wake.
    assert run(pad, clock, 2050) == [(320, WAKE)]
    assert run(pad, clock, 2500) == [(2220, OK)]


def test_waking_with_repeat_on_does_not_repeat():
    clock = Clock()
    pad = keypad(clock, next=[(100, 2000), (2100, 2200)])
    pad.set_repeat(NEXT)
    pad.sleep()
    assert run(pad, clock, 2050) == [(120, WAKE)]
    assert run(pad, clock, 2500) == [(2220, NEXT)]


def test_waking_swallows_every_button_down_at_the_time():
    clock = Clock()
    pad = keypad(clock, prev=[(100, 500)], ok=[(100, 1500)], next=[(300, 400)])
    pad.sleep()
    # Prev and OK wake together; Next, pressed afterwards, is a press of its own.
    assert run(pad, clock, 2000) == [(120, WAKE), (420, NEXT)]


def test_a_button_held_when_falling_asleep_does_not_wake():
    clock = Clock()
    pad = keypad(clock, prev=[(100, 3000)], next=[(3500, 3600)])
    assert events(pad, clock, 1000) == [UNDO]
    pad.sleep()
    assert run(pad, clock, 3400) == []
    assert pad.asleep
    assert run(pad, clock, 4000) == [(3520, WAKE)]


def test_a_glitch_does_not_wake():
    clock = Clock()
    pad = keypad(clock, ok=[(100, 110)])
    pad.sleep()
    assert run(pad, clock, 1000) == []
    assert pad.asleep


def test_falling_asleep_drops_pending_events():
    clock = Clock()
    pad = keypad(clock, prev=[(100, 200)], next=[(100, 200)])
    assert events(pad, clock, 220) == [PREV]
    pad.sleep()
    assert events(pad, clock, 1000) == []


def test_idle_time_and_any_pressed():
    clock = Clock()
    pad = keypad(clock, ok=[(1000, 3000)])
    run(pad, clock, 900)
    assert pad.idle_ms == 900
    assert not pad.any_pressed()
    run(pad, clock, 1100)
    assert pad.any_pressed()
    assert pad.idle_ms == 1100 - 1020
    # Held on: activity ends with the held event (1600), so a stuck button
    # cannot keep the slate awake.
    run(pad, clock, 2500)
    assert pad.any_pressed()
    assert pad.idle_ms == 2500 - 1600
    run(pad, clock, 4000)
    assert not pad.any_pressed()
    assert pad.idle_ms == 4000 - 3020


def test_a_button_held_at_start_up_reports_nothing_until_pressed_again():
    clock = Clock()
    held = Pin(clock, 0, [(500, 1), (700, 0), (800, 1)])
    pad = Keypad(clock.ticks, [pin(clock), pin(clock), held], [0, 0, 0])
    assert pad.any_pressed()
    assert run(pad, clock, 1000) == [(820, OK)]


def test_polling_allocates_nothing():
    try:
        from micropython import heap_lock, heap_unlock
    except ImportError:  # CPython has no heap to lock
        return
    clock = Clock()
    presses = [(100 + 75 * n, 140 + 75 * n) for n in range(10)]
    pad = keypad(clock, prev=presses, next=[(100, 2000)], ok=[(100, 1500)], extra=[], bounce=2)
    pad.set_repeat(NEXT)
    counts = bytearray(WAKE + 1)
    held = longest = 0
    heap_lock()
    try:
        for _ in range(2500):
            clock.advance()
            counts[pad.poll()] += 1
            if pad.any_pressed():
                held += 1
            longest = max(longest, pad.idle_ms)
    finally:
        heap_unlock()
    assert counts[PREV] == 10 and counts[BACK] == 1 and counts[MENU] == 5 and not counts[NEXT]
    # Every edge settles 4 ms late (bounces): all down from 124 to 2024.
    assert held == 2024 - 124
    assert longest == 2500 - 2024
