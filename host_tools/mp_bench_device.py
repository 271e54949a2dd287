"""Time the slate under the MicroPython unix port beside a reference operation (`make bench`).

    MICROPYPATH=... micropython -m mp_bench_device SCRIPT FLASH HEIGHT

Imports the firmware (through host_tools/standin/harness.py), boots it on a
fresh folder FLASH and plays the key script with the harness measuring
(see Device); then times, in the same process, the reference: a whole
128x64 frame drawn (fill, then text on every row) and its 1 KiB sent
through the stand-in I2C as a whole-frame driver sends it. Prints one JSON
object, times in µs.
"""

import os
import sys
from time import ticks_diff, ticks_us

os.mkdir(sys.argv[2])
STARTED = ticks_us()

import framebuf  # noqa: E402
import machine  # noqa: E402
from harness import Device  # noqa: E402

IMPORTED = ticks_diff(ticks_us(), STARTED)
REFERENCE_RUNS = 200


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


def main(script, flash, height):
    device = Device(flash, height=height, extra=False, measure=True)
    device.play(script)
    print(
        '{"boot_us": %d, "press_us": %d, "worst_press_us": %d, "timed_presses": %d,'
        ' "peak_heap": %d, "reference_us": %d}'
        % (
            IMPORTED + device.boot_us,
            device.press_us // device.timed_presses,
            device.worst_press_us,
            device.timed_presses,
            device.peak_heap,
            reference_us(),
        )
    )


main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
