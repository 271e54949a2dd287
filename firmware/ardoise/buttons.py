"""Polled push buttons: debounce, short and long presses, repeated holds, wake.

Buttons are read by polling, never from interrupts: the main loop calls
`Keypad.poll()` every few milliseconds and gets back at most one event, a
small int. Nothing here allocates once built, so a poll costs no garbage.

Hardware stays outside: the keypad takes pin-like objects whose `.value()`
returns 0 or 1 and a millisecond clock (`time.ticks_ms` on the board). Times
are compared with `ticks_diff`, so the tick counter may wrap around.

Events, and the three-button mapping (Prev / Next / OK)::

    short Prev  -> PREV       held Prev  -> UNDO
    short Next  -> NEXT       held Next  -> MENU
    short OK    -> OK         held OK    -> BACK
    short Extra -> EXTRA      held Extra -> nothing (letting go cancels)

A level change counts only once it has lasted 20 ms (so polls must come
at least that often; `settled` says when they may be that slow). "Short"
is reported on release, and only if the button was let go within 600 ms;
"held" is reported once, as soon as the button has been down for 600 ms,
and its release reports nothing. Hold times run from the moment the
press settled, not from when the debounce confirmed it. The optional
fourth button is a shortcut whose meaning is the app's.

A screen may make the held event of some buttons repeat (`set_repeat`),
e.g. Prev and Next while entering a number, where a tap counts one and a
hold jumps: such a button still reports its short event on a short release,
and held, its held event at 600 ms and again every 300 ms while it stays
down, every 100 ms after 6 repeats.

Sleep: the app calls `sleep()` when it dims or blanks the screen (say once
`idle_ms` passes its timeout). From then on the first fresh press of any
button returns WAKE and nothing else: neither its short, held nor repeated
events, nor those of buttons already down, are reported; they act again only
once released and pressed anew.
"""

from array import array

from micropython import const

try:
    from time import ticks_diff
except ImportError:  # CPython: the same wrapping arithmetic as the boards' 30-bit ticks

    def ticks_diff(new, old):
        """Signed milliseconds from `old` to `new` on a counter that wraps at 2**30."""
        return ((new - old + (1 << 29)) & ((1 << 30) - 1)) - (1 << 29)


# What Keypad.poll reports.
NONE = const(0)
PREV = const(1)
NEXT = const(2)
OK = const(3)
EXTRA = const(4)
UNDO = const(5)
MENU = const(6)
BACK = const(7)
WAKE = const(8)

# Per button, in the order prev, next, ok, extra.
_SHORT = (PREV, NEXT, OK, EXTRA)
_HELD = (UNDO, MENU, BACK, NONE)

_DEBOUNCE_MS = const(20)
_LONG_MS = const(600)
_REPEAT_MS = const(300)
_FAST_REPEAT_MS = const(100)
_FAST_AFTER = const(6)  # repeats before the fast ones

# What one button's update reports.
_CLICK = const(1)  # a short press
_HOLD = const(2)  # down for _LONG_MS, or a repeat of it

# What the press under way may still report.
_TAP = const(0)  # _CLICK on release, or _HOLD at _LONG_MS
_AUTO = const(1)  # held with repeat on: _HOLD again while held
_DONE = const(2)  # nothing until released: _HOLD reported, or swallowed

_QUEUE_SIZE = const(8)
# Idle time stops growing here (about three days), far below both the small
# int limit and the half tick period that ticks_diff can measure.
_IDLE_CAP = const(1 << 28)


class Keypad:
    """Prev, Next, OK and an optional fourth button, polled together.

    `pins` are the buttons' pins in that order (three or four); `pressed`
    gives, for each, the level its pin reads while the button is down (0
    for a button to ground with a pull-up). `clock()` returns millisecond
    ticks (e.g. `time.ticks_ms`). Each `poll()` reads every button once and
    returns one event (NONE if none); events from buttons that fire in the
    same poll wait in a small queue and come out in order, one per poll.

    `settled` is True when the last poll (before the first: start-up) found
    every button up and still (no bounce under way); such a poll only reads
    the pins. `idle_ms` is the time since the last press, release
    or event, as of the last poll: a button left held (say under a book)
    stops counting as activity once its held event is out, so it cannot keep
    the screen awake. A button already down at start-up (held at power-on)
    reports nothing until released.

    Some of its own attributes drop the leading underscore on purpose: on
    MicroPython every distinct name is a qstr kept for good, and these share
    theirs with names the firmware or MicroPython already has.
    """

    def __init__(self, clock, pins, pressed):
        count = len(pins)
        self.clock = clock
        self.pins = pins
        # Each button's (pin, level it reads while down).
        self.buttons = tuple((pins[index], pressed[index]) for index in range(count))
        # Per button: the level last read (1: down) and when it last changed;
        # the debounced state, and when the press under way settled.
        self.raw = bytearray(count)
        self._raw_at = array("i", [0] * count)
        self.down = bytearray(count)
        self._down_at = array("i", [0] * count)
        # Per button: what its press may still report (_TAP...), whether its
        # held event repeats (read as a hold begins), its repeats so far and
        # when it last reported one.
        self.mode = bytearray(count)
        self.repeat = bytearray(count)
        self._repeats = bytearray(count)
        self._click_at = array("i", [0] * count)
        for index in range(count):
            down = 1 if pins[index].value() == pressed[index] else 0
            self.raw[index] = self.down[index] = down
            self.mode[index] = _DONE
        self._queue = bytearray(_QUEUE_SIZE)
        self.head = 0
        self.count = 0
        self._last_poll = clock()
        self.idle_ms = 0
        self.settled = not self.any_pressed()
        self.asleep = False

    def any_pressed(self):
        """True while any button is down (debounced)."""
        for down in self.down:
            if down:
                return True
        return False

    def set_repeat(self, *events):
        """Held events that repeat while held, for the buttons whose short
        events are given, e.g. `set_repeat(PREV, NEXT)`; off for all others.
        `set_repeat()` stops it. It applies from each button's next hold."""
        count = len(self.pins)
        for event in events:
            if event not in _SHORT[:count]:
                raise ValueError("no button reports event %r" % event)
        for index in range(count):
            self.repeat[index] = _SHORT[index] in events

    def sleep(self):
        """The screen is off: the next fresh press returns WAKE and nothing else.

        Buttons down now report nothing until released, and events not yet
        returned are dropped.
        """
        self.asleep = True
        self.count = 0
        self._swallow()

    def poll(self):
        """Read every button; return the next event, or NONE."""
        now = self.clock()
        elapsed = ticks_diff(now, self._last_poll)
        self._last_poll = now
        if self.settled:
            # Every button was up and still: most polls, a board's idle work.
            # While every pin still reads up, nothing but the idle time moves.
            for pin, level in self.buttons:
                if pin.value() == level:
                    break
            else:
                if elapsed > 0:
                    self.idle_ms = min(self.idle_ms + elapsed, _IDLE_CAP)
                return self.pop() if self.count else NONE
        active = False
        woken = False
        settled = True
        buttons = self.buttons
        for index in range(len(buttons)):
            pin, level = buttons[index]
            raw = 1 if pin.value() == level else 0
            was_down = self.down[index]
            if not (raw or was_down or self.raw[index]):
                continue  # up and settled: nothing to do (most polls, without a call)
            settled = False
            gesture = self.update(index, now, raw)
            if self.down[index] != was_down:
                active = True
                woken = woken or not was_down
            if gesture == NONE:
                continue
            active = True
            if self.asleep:
                continue
            event = _SHORT[index] if gesture == _CLICK else _HELD[index]
            if event != NONE:
                self.push(event)
        self.settled = settled
        if active:
            self.idle_ms = 0
        elif elapsed > 0:
            self.idle_ms = min(self.idle_ms + elapsed, _IDLE_CAP)
        if self.asleep and woken:
            # Only buttons not swallowed by sleep() can have gone down here.
            self.asleep = False
            self._swallow()
            self.push(WAKE)
        return self.pop()

    def pop(self):
        """The oldest event queued, taken off the queue; NONE if none."""
        if not self.count:
            return NONE
        event = self._queue[self.head]
        self.head = (self.head + 1) % _QUEUE_SIZE
        self.count -= 1
        return event

    def update(self, index, now, raw):
        """Button `index` read `raw` (1: down) at time `now`; NONE, _CLICK or _HOLD."""
        if raw != self.raw[index]:
            self.raw[index] = raw
            self._raw_at[index] = now
            return NONE
        mode = self.mode[index]
        if raw != self.down[index]:
            # Not settled yet: maybe a bounce. Hold times wait too, so a press
            # let go just before _LONG_MS stays short.
            if ticks_diff(now, self._raw_at[index]) < _DEBOUNCE_MS:
                return NONE
            self.down[index] = raw
            if not raw:
                return _CLICK if mode == _TAP else NONE
            self._down_at[index] = self._raw_at[index]
            self.mode[index] = _TAP
            return NONE
        if not raw or mode == _DONE:
            return NONE
        if mode == _TAP:
            if ticks_diff(now, self._down_at[index]) >= _LONG_MS:
                # Repeat is read here, so a change applies from the next hold.
                self.mode[index] = _AUTO if self.repeat[index] else _DONE
                self._repeats[index] = 0
                self._click_at[index] = now
                return _HOLD
            return NONE
        repeats = self._repeats[index]
        wait = _REPEAT_MS if repeats < _FAST_AFTER else _FAST_REPEAT_MS
        if ticks_diff(now, self._click_at[index]) < wait:
            return NONE
        self._click_at[index] = now
        if repeats < _FAST_AFTER:
            self._repeats[index] = repeats + 1
        return _HOLD

    def _swallow(self):
        """Make the presses under way report nothing more."""
        for index in range(len(self.pins)):
            if self.down[index]:
                self.mode[index] = _DONE

    def push(self, event):
        # A full queue drops the newest: it takes a burst far beyond four
        # buttons between two polls.
        if self.count < _QUEUE_SIZE:
            self._queue[(self.head + self.count) % _QUEUE_SIZE] = event
            self.count += 1
