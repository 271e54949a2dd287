"""Times the parts of each key press's step of the slate (MicroPython, on the board).

Only on the emulated Pico's bench image (`make bench`: host_tools/board/
bench/pico.py's press_parts), imported by /boot.py after the probe: it
wraps, at class level before the slate is built, the keypad's poll, the
journal's writes, the app's redraw, the driver's show() and its spans on
the I2C bus, and for each step of the app whose poll returned an event
and that redrew, appends to `steps`

    (step, journal, redraw, show, i2c, tidy)   µs (time.ticks_us), the poll
                                               and the tidy left out of step

so that the key handled is step - journal - redraw, the drawing redraw -
show, the span diff show - i2c; tidy is the journal's line moved from its
tail to match.jsonl once shown (Journal.tidy, at the end of the step). The
wrappers cost time of their own, which the bench states beside the parts.
"""

from time import ticks_diff, ticks_us

import ardoise.app
import ardoise.buttons
import ardoise.journal
import ardoise.ssd1306

steps = []
# This step's: the event its poll returned, then the µs of its poll,
# journal, redraw, show(), spans and tidy.
_now = [0, 0, 0, 0, 0, 0, 0]


def _timed(cls, name, slot):
    """Wrap method `name` of `cls`: its time adds to _now[slot], its result
    goes to _now[0] if slot is the poll's."""
    method = getattr(cls, name)

    def timed(*args):
        started = ticks_us()
        result = method(*args)
        _now[slot] += ticks_diff(ticks_us(), started)
        if slot == 1:
            _now[0] = result
        return result

    setattr(cls, name, timed)


_timed(ardoise.buttons.Keypad, "poll", 1)
_timed(ardoise.journal.Journal, "append", 2)
_timed(ardoise.journal.Journal, "undo", 2)
_timed(ardoise.app.App, "redraw", 3)
_timed(ardoise.ssd1306.SSD1306, "show", 4)
_timed(ardoise.ssd1306.SSD1306, "_send_span", 5)
_timed(ardoise.journal.Journal, "tidy", 6)

_step = ardoise.app.App.step


def _timed_step(app):
    for slot in range(7):
        _now[slot] = 0
    started = ticks_us()
    _step(app)
    took = ticks_diff(ticks_us(), started) - _now[1] - _now[6]
    if _now[0] and _now[3]:
        steps.append((took, _now[2], _now[3], _now[4], _now[5], _now[6]))


ardoise.app.App.step = _timed_step
