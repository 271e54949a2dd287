"""Between two polls of the slate, answers the PC's questions (MicroPython, on the board).

Only on the emulated Pico's test images (tests/pico/, `make bench`), never
on a player's board: host_tools/emulator/slate.py puts it there as
/_probe.mpy, imported by /boot.py (slate.boot_py), which MicroPython runs
before main.py. main.py and the firmware stay as deployed; this swaps
ardoise.boot's Hardware for a subclass whose nap() (the wait between polls)
first reads one byte the PC may have sent on the USB serial:

    ?   prints one line "@P{...}@E": the top screen (kinds, options, index,
        value, title, a message's lines; "refused" and "torn": the app's
        texts for a refusal's title and for an action lost to a power cut),
        the stack's depth, asleep, the heap in use after a collection
        ("heap", "free"; a ballast boot.py took first is left out, and
        "room" is the heap it left free), the
        time (time.ticks_us()) at the end of each show() since the last
        "?" ("shows"), and for each show() that followed a key event the µs
        from the poll that returned the event to the end of that show()
        ("responses", and when each such show() ended: "answered"), any
        crash ("crash"), and whether the journal ended in
        a torn line when the board powered on ("torn_at_boot"), and the
        journal's size ("journal")
    !   the same without the collection: "heap" and "free" are null (a
        test's look, which leaves the heap as a player's board has it)

and, if boot.py set `timed` (the bench), makes show() and the keypad's
poll() note their times; the tests leave them as the firmware has them. The
heap this module holds is in "hooks" (the top screen's reader,
host_tools/web/topscreen.py as /_topscreen.mpy, is imported for a look
only once the heap is measured, and dropped after such a look).
"""

import gc
import json
import os
import select
import sys
from time import ticks_diff, ticks_us


def _torn(path):
    """1 if the file at `path` ends in an unfinished line (read before the app repairs it)."""
    try:
        with open(path, "rb") as file:
            size = file.seek(0, 2)
            if not size:
                return 0
            file.seek(size - 1)
            return 0 if file.read(1) == b"\n" else 1
    except OSError:
        return 0


torn_at_boot = _torn("data/match.jsonl")
ballast = ()  # boot.py's bytearrays, if any
timed = False  # boot.py's: time show() and poll()
room = None  # the heap left free by the ballast

import ardoise.app  # noqa: E402
import ardoise.boot  # noqa: E402
from ardoise.hardware import Hardware  # noqa: E402

gc.collect()
_imported = gc.mem_alloc()

# The app (once it runs), show() end times since the last look, a crash's
# text, the time of a key event not yet shown, event-to-show() times, and
# the end times of those show() calls.
state = [None, [], None, None, [], []]


class ProbedApp(ardoise.app.App):
    def run(self, nap):
        state[0] = self
        super().run(nap)


class ProbedHardware(Hardware):
    def __init__(self, description, **options):
        super().__init__(description, **options)
        if timed:
            self.time_shows_and_polls()
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)

    def time_shows_and_polls(self):
        display = self.display
        send = display.show
        shows = state[1]

        def show():
            send()
            now = ticks_us()
            shows.append(now)
            if state[3] is not None:
                state[4].append(ticks_diff(now, state[3]))
                state[5].append(now)
                state[3] = None

        display.show = show
        keypad = self.keypad
        poll = keypad.poll

        def polled():
            event = poll()
            if event and state[3] is None:
                state[3] = ticks_us()
            return event

        keypad.poll = polled

    def nap(self, ms, screen_off):
        if self.poller.poll(0):
            asked = sys.stdin.read(1)
            if asked == "?" or asked == "!":
                look(asked == "?")
        super().nap(ms, screen_off)


def look(heap):
    used = free = None
    if heap:
        gc.collect()
        used = gc.mem_alloc() - sum(len(part) for part in ballast)
        free = gc.mem_free()
    answer = {
        "heap": used,
        "free": free,
        "hooks": hooks,
        "crash": state[2],
        "torn_at_boot": torn_at_boot,
        "room": room,
    }
    try:
        answer["journal"] = os.stat("data/match.jsonl")[6]
    except OSError:
        answer["journal"] = 0
    if state[0] is not None:
        # The top screen as the key scripts read it, imported once the heap
        # is measured, and dropped after a look that measured it: none of
        # the slate's heap, which it would take some 1 KiB of.
        from _topscreen import top

        answer.update(top(state[0]))
        if heap:
            del sys.modules["_topscreen"]
    answer["shows"] = state[1][:]
    answer["responses"] = state[4][:]
    answer["answered"] = state[5][:]
    answer["now"] = ticks_us()
    del state[1][:]
    del state[4][:]
    del state[5][:]
    print("@P" + json.dumps(answer) + "@E")


_crash = ardoise.boot.crash


def crash(hardware, error, root):
    state[2] = "%s: %s" % (type(error).__name__, error)
    _crash(hardware, error, root)


ardoise.boot.crash = crash
ardoise.boot.Hardware = ProbedHardware
ardoise.app.App = ProbedApp
gc.collect()
hooks = gc.mem_alloc() - _imported
