"""A stand-in for MicroPython's `machine` module, to run board code on a host.

Put this folder on sys.path and `import machine` loads this file, on CPython
(which has no `machine`) and on the MicroPython unix port alike: the port's
built-in `machine` is an extensible module, like `time` or `os`, and
MicroPython imports a file of that name found on sys.path before falling back
to the built-in (checked on the unix port, 1.29). So the name stays `machine`
and board code runs unchanged.

I2C records what it would send; Pin reads the level a script sets with
drive(); lightsleep() returns at once; reset() ends the program
(SystemExit), as a restart ends the board's. Only what the firmware and
the board files call is here: it is in the heap `make bench` measures.
"""

_ENODEV = 19  # errno a real bus raises when no device answers


class I2C:
    """An I2C bus that records writes instead of sending them.

    ``writes`` lists every transaction as ``(address, bytes)``, oldest first.
    Devices at ``devices`` (the display's 0x3C by default) answer scan() and
    take writes; writing to any other address raises OSError(ENODEV) as a
    real bus does, so a test can unplug the display by emptying ``devices``.
    Any bus id and scl/sda/freq/timeout options are accepted and ignored.
    """

    def __init__(self, bus_id=0, *, devices=(0x3C,), **options):
        self.devices = list(devices)
        self.writes = []

    def scan(self):
        return list(self.devices)

    def writeto(self, address, buffer, stop=True):
        return self.writevto(address, (buffer,), stop)

    def writevto(self, address, buffers, stop=True):
        if address not in self.devices:
            raise OSError(_ENODEV)
        joined = bytearray()
        for buffer in buffers:
            joined.extend(buffer)
        self.writes.append((address, bytes(joined)))
        return len(joined)  # machine.I2C returns the count of bytes acknowledged

    def clear(self):
        """Forget the writes recorded so far."""
        self.writes = []


# Levels put on pins from outside, by pin id: every Pin object made for the
# same id is the same wire, as on a board (firmware makes its own objects,
# a test drives the pin by its number).
_driven = {}


class Pin:
    """A GPIO whose input level a script sets with drive().

    An input reads the driven level, else its pull (1 with PULL_UP, otherwise
    0); an output reads back what value() last set. Driving a pin drives it
    for every Pin object with that id.
    """

    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, pin_id, mode=IN, pull=None, *, value=None):
        self.pin_id = pin_id
        self.mode = mode
        self.pull = pull
        self._output = 1 if value else 0

    def value(self, level=None):
        """The pin's level, or set an output's level when given one."""
        if level is not None:
            self._output = 1 if level else 0
            return None
        driven = _driven.get(self.pin_id)
        if driven is not None:
            return driven
        if self.mode == Pin.OUT:
            return self._output
        return 1 if self.pull == Pin.PULL_UP else 0

    def drive(self, level):
        """Put level (0 or 1) on the pin from outside, as a pressed button
        does; None lets go, back to the pull."""
        if level is None:
            _driven.pop(self.pin_id, None)
        else:
            _driven[self.pin_id] = 1 if level else 0


def release_all():
    """Let go of every driven pin (a fresh board for the next test)."""
    _driven.clear()


def lightsleep(milliseconds=None):
    """Return at once: a script moves time forward itself."""


def reset():
    """End the program, as a restart ends the board's."""
    raise SystemExit("machine.reset()")
