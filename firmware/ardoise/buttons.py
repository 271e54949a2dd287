"""Polled push buttons: debounce, short and long presses, auto-repeat, wake.

Buttons are read by polling, never from interrupts: the main loop calls
`Keypad.poll()` every few milliseconds and gets back at most one event, a
small int. Nothing here allocates once built, so a poll costs no garbage.

Hardware stays outside: a button takes any pin-like object whose `.value()`
returns 0 or 1, and the keypad takes a millisecond clock (`time.ticks_ms` on
the board). Times are compared with `ticks_diff`, so the tick counter may
wrap around.

Events, and the three-button mapping (Prev / Next / OK)::

    short Prev  -> PREV       held Prev  -> UNDO
    short Next  -> NEXT       held Next  -> MENU
    short OK    -> OK         held OK    -> BACK
    short Extra -> EXTRA      held Extra -> nothing (letting go cancels)

"Short" is reported on release, and only if the button was let go before
`long_ms`; "held" is reported once, as soon as the button has been down for
`long_ms`, and its release reports nothing. The optional fourth button is a
shortcut whose meaning is the app's.

A screen may switch auto-repeat on for some buttons (`set_repeat`), e.g.
Prev and Next while entering a number: such a button reports its short event
at once when pressed, again after `repeat_delay_ms` and then every
`repeat_ms`, faster (`fast_repeat_ms`) after `fast_after` repeats. It has no
held event meanwhile: with repeat on Prev there is no UNDO, so keep repeat off
OK to keep BACK.

Sleep: the app calls `sleep()` when it blanks the screen (say once
`idle_ms` passes its timeout). From then on the first fresh press of any
button returns WAKE and nothing else: neither its short, held nor repeated
events, nor those of buttons already down, are reported; they act again only
once released and pressed anew.
"""

try:
    from micropython import const
except ImportError:  # CPython (tests, simulator)

    def const(value):
        return value


try:
    from time import ticks_diff
except ImportError:  # CPython: the same wrapping arithmetic as the boards' 30-bit ticks

    def ticks_diff(new, old):
        """Signed milliseconds from `old` to `new` on a counter that wraps at 2**30."""
        return ((new - old + (1 << 29)) & ((1 << 30) - 1)) - (1 << 29)


NONE = const(0)

# What Button.update reports.
CLICK = const(1)  # a short press; with auto-repeat, a press or one of its repeats
HOLD = const(2)  # down for long_ms (never with auto-repeat)

# What Keypad.poll reports.
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

# What the press under way may still report.
_TAP = const(0)  # CLICK on release, or HOLD at long_ms
_AUTO = const(1)  # auto-repeat: CLICK already reported on press, more while held
_DONE = const(2)  # nothing until released: HOLD reported, or swallowed

_QUEUE_SIZE = const(8)
# Idle time stops growing here (about three days), far below both the small
# int limit and the half tick period that ticks_diff can measure.
_IDLE_CAP = const(1 << 28)


class Button:
    """One push button on one pin, updated by polling.

    `update(now)` reads the pin and returns NONE, CLICK or HOLD. A level
    change counts only once it has lasted `debounce_ms` (so polls must come
    more often than that); hold times run from the moment the press settled,
    not from when the debounce confirmed it.
    """

    def __init__(
        self,
        pin,
        *,
        active_low=True,
        debounce_ms=20,
        long_ms=600,
        repeat_delay_ms=500,
        repeat_ms=150,
        fast_repeat_ms=50,
        fast_after=8,
    ):
        self._pin = pin
        # Pull-up wiring reads 0 when pressed.
        self._down_level = 0 if active_low else 1
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.fast_repeat_ms = fast_repeat_ms
        self.fast_after = fast_after
        # Read at each press, so switching takes effect from the next press.
        self.repeat = False
        self._raw = pin.value() == self._down_level
        self._raw_at = 0
        # Debounced state. A button already down at start-up (held at power-on)
        # reports nothing until released.
        self.pressed = self._raw
        self._mode = _DONE
        self._pressed_at = 0
        self._last_click_at = 0
        self._repeats = 0

    def swallow(self):
        """Make the press under way, if any, report nothing more."""
        if self.pressed:
            self._mode = _DONE

    def update(self, now):
        """Read the pin at time `now` (ms ticks); NONE, CLICK or HOLD."""
        raw = self._pin.value() == self._down_level
        if raw != self._raw:
            self._raw = raw
            self._raw_at = now
            return NONE
        if raw != self.pressed:
            # Not settled yet: maybe a bounce. Hold times wait too, so a press
            # let go just before long_ms stays short.
            if ticks_diff(now, self._raw_at) < self.debounce_ms:
                return NONE
            self.pressed = raw
            if raw:
                return self._press(now)
            return CLICK if self._mode == _TAP else NONE
        if not raw or self._mode == _DONE:
            return NONE
        if self._mode == _TAP:
            if ticks_diff(now, self._pressed_at) >= self.long_ms:
                self._mode = _DONE
                return HOLD
            return NONE
        return self._repeat(now)

    def _press(self, now):
        self._pressed_at = self._raw_at
        if not self.repeat:
            self._mode = _TAP
            return NONE
        self._mode = _AUTO
        self._repeats = 0
        self._last_click_at = now
        return CLICK

    def _repeat(self, now):
        if self._repeats == 0:
            wait = self.repeat_delay_ms
        elif self._repeats < self.fast_after:
            wait = self.repeat_ms
        else:
            wait = self.fast_repeat_ms
        if ticks_diff(now, self._last_click_at) < wait:
            return NONE
        self._last_click_at = now
        if self._repeats < self.fast_after:
            self._repeats += 1
        return CLICK


class Keypad:
    """Prev, Next, OK and an optional fourth button, polled together.

    `clock()` returns milliseconds ticks (e.g. `time.ticks_ms`). Each
    `poll()` updates every button once and returns one event (NONE if none);
    events from buttons that fire in the same poll wait in a small queue and
    come out in order, one per poll.
    """

    def __init__(self, *, clock, prev, next, ok, extra=None):
        self._clock = clock
        self._buttons = (prev, next, ok) if extra is None else (prev, next, ok, extra)
        self._queue = bytearray(_QUEUE_SIZE)
        self._head = 0
        self._count = 0
        self._last_poll = clock()
        self._idle = 0
        self.asleep = False

    @property
    def idle_ms(self):
        """Milliseconds since the last press, release or event, as of the last poll.

        A button left held (say under a book) stops counting as activity once
        its held event is out, so it cannot keep the screen awake.
        """
        return self._idle

    def any_pressed(self):
        """True while any button is down (debounced)."""
        for button in self._buttons:
            if button.pressed:
                return True
        return False

    def set_repeat(self, *events):
        """Auto-repeat for the buttons whose short events are given, e.g.
        `set_repeat(PREV, NEXT)`; off for all others. `set_repeat()` stops it.
        It applies from each button's next press."""
        for event in events:
            if event not in _SHORT[: len(self._buttons)]:
                raise ValueError("no button reports event %r" % event)
        for index in range(len(self._buttons)):
            self._buttons[index].repeat = _SHORT[index] in events

    def sleep(self):
        """The screen is off: the next fresh press returns WAKE and nothing else.

        Buttons down now report nothing until released, and events not yet
        returned are dropped.
        """
        self.asleep = True
        self._count = 0
        for button in self._buttons:
            button.swallow()

    def poll(self):
        """Update every button; return the next event, or NONE."""
        now = self._clock()
        elapsed = ticks_diff(now, self._last_poll)
        self._last_poll = now
        active = False
        woken = False
        for index in range(len(self._buttons)):
            button = self._buttons[index]
            was_pressed = button.pressed
            gesture = button.update(now)
            if button.pressed != was_pressed:
                active = True
                woken = woken or button.pressed
            if gesture == NONE:
                continue
            active = True
            if self.asleep:
                continue
            event = _SHORT[index] if gesture == CLICK else _HELD[index]
            if event != NONE:
                self._push(event)
        if active:
            self._idle = 0
        elif elapsed > 0:
            self._idle = min(self._idle + elapsed, _IDLE_CAP)
        if self.asleep and woken:
            # Only buttons not swallowed by sleep() can have gone down here.
            self.asleep = False
            for button in self._buttons:
                button.swallow()
            self._push(WAKE)
        return self._pop()

    def _push(self, event):
        # A full queue drops the newest: it takes a burst far beyond four
        # buttons between two polls.
        if self._count < _QUEUE_SIZE:
            self._queue[(self._head + self._count) % _QUEUE_SIZE] = event
            self._count += 1

    def _pop(self):
        if not self._count:
            return NONE
        event = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE_SIZE
        self._count -= 1
        return event
