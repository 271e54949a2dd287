"""Time the slate under the MicroPython unix port beside a reference operation (`make bench`).

    MICROPYPATH=... micropython -m mp_bench_device SCRIPT FLASH HEIGHT [ENROLMENT AIR]

With ENROLMENT (an evening.json) and AIR (the stand-in network's file:
host_tools/standin/network.py), the board is enrolled in an evening
and its network's steps count in each press (host_tools/bench/evening.py).

Imports the firmware (through host_tools/standin/harness.py), boots it on an
empty folder FLASH (made by the caller: a heap-limited run is handed a
symlink to it, host_tools/common.py's run_micropython) and plays the key
script on a TimedDevice; then times, in the same process, the reference: a
whole 128x64 frame drawn (fill, then text on every row) and its 1 KiB sent
through the stand-in I2C as a whole-frame driver sends it. Prints one JSON
object, times in µs.
"""

import gc
import sys
from time import ticks_diff, ticks_us

STARTED = ticks_us()

import framebuf  # noqa: E402
import machine  # noqa: E402
from harness import Device  # noqa: E402

IMPORTED = ticks_diff(ticks_us(), STARTED)
REFERENCE_RUNS = 200


class TimedDevice(Device):
    """The harness's Device, timed and weighed.

    Real time in µs from the start of the boot to the first show() is
    `boot_us`, and from a press to the first show() after it, summed over
    the `timed_presses` that show one, is `press_us` (the most
    `worst_press_us`); `peak_heap` is the most of gc.mem_alloc() after a
    gc.collect() at the end of the boot and of each press.
    """

    def __init__(self, root, **options):
        self.since = ticks_us()
        self.delay = None
        self.peak_heap = self.press_us = self.worst_press_us = self.timed_presses = 0
        super().__init__(root, **options)
        self.boot_us = self.measured()

    def shown(self):
        if self.since is not None:
            self.delay = ticks_diff(ticks_us(), self.since)
            self.since = None

    def press(self, key, ms=80, *, times=1, gap=80):
        for _ in range(times):
            self.since = ticks_us()
            super().press(key, ms, gap=gap)
            delay = self.measured()
            if delay is not None:
                self.timed_presses += 1
                self.press_us += delay
                self.worst_press_us = max(self.worst_press_us, delay)

    def measured(self):
        """End a measured step: the heap in use; its delay to show() (None if none)."""
        delay, self.delay, self.since = self.delay, None, None
        gc.collect()
        self.peak_heap = max(self.peak_heap, gc.mem_alloc())
        return delay


def reference_us():
    """Average µs to draw a whole frame and send it through the stand-in I2C."""
    buffer = bytearray(1024)
    frame = framebuf.FrameBuffer(buffer, 128, 64, framebuf.MONO_VLSB)
    i2c = machine.I2C(0)
    started = ticks_us()
    for run in range(REFERENCE_RUNS):
        frame.fill(run & 1)
        for row in range(8):
            frame.text("Ardoise %8d" % run, 0, row * 8, 1)
        i2c.writevto(0x3C, (b"\x40", buffer))
        i2c.clear()
    return ticks_diff(ticks_us(), started) // REFERENCE_RUNS


def timed_network(device):
    """Time the network's steps: `net_us` sums those inside a timed press
    (between its key and its show()), `worst_net_us` is the longest of all."""
    device.net_us = device.worst_net_us = 0
    step = device.app.net.step

    def timed():
        started = ticks_us()
        step()
        took = ticks_diff(ticks_us(), started)
        device.worst_net_us = max(device.worst_net_us, took)
        if device.since is not None:
            device.net_us += took

    device.app.net.step = timed


def main(script, flash, height, enrolment=None, air=None):
    if enrolment:
        import network

        network.AIR = air
        with open(enrolment, "rb") as source, open(flash + "/evening.json", "wb") as target:
            target.write(source.read())
    device = TimedDevice(flash, height=height, extra=False)
    if enrolment:
        timed_network(device)
        # A broker down or silent is said once (after 5 s at most), as a
        # note that a player closes: closed, so that the script plays as written.
        device.run(6000)
        if type(device.screen()).__name__ == "Message":
            device.press("ok")
        device.net_us = device.worst_net_us = 0
    device.play(script)
    print(
        '{"boot_us": %d, "press_us": %d, "worst_press_us": %d, "timed_presses": %d,'
        ' "peak_heap": %d, "reference_us": %d, "net_us": %d, "worst_net_us": %d}'
        % (
            IMPORTED + device.boot_us,
            device.press_us // device.timed_presses,
            device.worst_press_us,
            device.timed_presses,
            device.peak_heap,
            reference_us(),
            getattr(device, "net_us", 0) // device.timed_presses,
            getattr(device, "worst_net_us", 0),
        )
    )


main(sys.argv[1], sys.argv[2], int(sys.argv[3]), *sys.argv[4:])
