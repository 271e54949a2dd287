"""A stand-in for MicroPython's `machine` module, to run board code on a host.

Put this folder on sys.path and `import machine` loads this file, on CPython
(which has no `machine`) and on the MicroPython unix port alike: the port's
built-in `machine` is an extensible module, like `time` or `os`, and
MicroPython imports a file of that name found on sys.path before falling back
to the built-in (checked on the unix port, 1.29). So the name stays `machine`
and board code runs unchanged.

I2C records what it would send; Pin reads the level a script sets with
drive(); freq(), idle() and lightsleep() return at once; reset() ends the
program (SystemExit), as a restart ends the board's.
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
        return self._record(address, bytes(buffer))

    def writevto(self, address, buffers, stop=True):
        joined = bytearray()
        for buffer in buffers:
            joined.extend(buffer)
        return self._record(address, bytes(joined))

    def clear(self):
        """Forget the writes recorded so far."""
        self.writes = []

    def _record(self, address, data):
        if address not in self.devices:
            raise OSError(_ENODEV)
        self.writes.append((address, data))
        return len(data)  # machine.I2C returns the count of bytes acknowledged


SoftI2C = I2C


# Levels put on pins from outside, by pin id: every Pin object made for the
# same id is the same wire, as on a board (firmware makes its own objects,
# a test drives the pin by its number).
_driven = {}
# Pins with an irq() handler, which drive() calls on a matching edge.
_listening = []


class Pin:
    """A GPIO whose input level a script sets with drive().

    An input reads the driven level, else its pull (1 with PULL_UP, otherwise
    0); an output reads back what value() last set. irq() handlers run inside
    drive() on a matching edge. Driving a pin drives it for every Pin object
    with that id.
    """

    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 1
    IRQ_RISING = 2

    def __init__(self, pin_id, mode=IN, pull=None, *, value=None):
        self.pin_id = pin_id
        self.mode = mode
        self.pull = pull
        self._output = 1 if value else 0
        self._handler = None
        self._trigger = 0

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
        listeners = [(pin, pin.value()) for pin in _listening if pin.pin_id == self.pin_id]
        if level is None:
            _driven.pop(self.pin_id, None)
        else:
            _driven[self.pin_id] = 1 if level else 0
        for pin, was in listeners:
            now = pin.value()
            if now != was and pin._trigger & (Pin.IRQ_RISING if now else Pin.IRQ_FALLING):
                pin._handler(pin)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, **options):
        """Call handler(pin) on the trigger edges; other options are ignored."""
        self._handler = handler
        self._trigger = trigger
        if self in _listening:
            _listening.remove(self)
        if handler is not None:
            _listening.append(self)


def release_all():
    """Let go of every driven pin (a fresh board for the next test)."""
    _driven.clear()


_cpu_hz = 125000000


def freq(hz=None):
    """The CPU frequency in Hz; freq(hz) only records the new one."""
    global _cpu_hz
    if hz is None:
        return _cpu_hz
    _cpu_hz = hz


def idle():
    """Return at once: the host has no clock to gate."""


def lightsleep(milliseconds=None):
    """Return at once: a script moves time forward itself."""


def reset():
    """End the program, as a restart ends the board's."""
    raise SystemExit("machine.reset()")
