"""A stand-in for a Wi-Fi board's `network` module, on the PC.

The unix port's `socket` is real, so the firmware talks to a real broker;
only the Wi-Fi join is played here. By default the slate on the PC is on
the PC's own network: whatever network its enrolment names joins at once
(so `ardoise sim` and `ardoise virtual-board` join an evening as they are).
A test that needs the Wi-Fi to come and go names a file AIR instead (the
environment variable ARDOISE_WIFI for a slate in a process of its own, or
`network.AIR` set): its first line the SSID, its second the password, read
at each status(); no file, no network in range (the test removes the file
to cut the Wi-Fi and writes it back to bring it back).

The status numbers are the rp2 port's (a Pico W's); the firmware reads
them through ardoise/hardware.py's Wifi, as on a board.
"""

import os

STA_IF = 0
STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_GOT_IP = 3
STAT_CONNECT_FAIL = -1
STAT_NO_AP_FOUND = -2
STAT_WRONG_PASSWORD = -3


AIR = os.getenv("ARDOISE_WIFI")


def _in_range(wanted):
    """(SSID, password) of the network in range, or None."""
    if not AIR:
        return wanted  # the PC's network: the one asked for
    try:
        with open(AIR) as file:
            lines = file.read().split("\n")
    except OSError:
        return None
    return (lines[0], lines[1]) if len(lines) > 1 else None


class WLAN:
    def __init__(self, interface=STA_IF):
        self.on = False
        self.wanted = None  # (ssid, password) asked by connect()

    def active(self, *on):
        if on:
            self.on = bool(on[0])
        return self.on

    def connect(self, ssid, key=None):
        self.wanted = (ssid, key)

    def disconnect(self):
        self.wanted = None

    def status(self):
        if not self.on or self.wanted is None:
            return STAT_IDLE
        air = _in_range(self.wanted)
        if air is None or air[0] != self.wanted[0]:
            return STAT_NO_AP_FOUND
        if air[1] != self.wanted[1]:
            return STAT_WRONG_PASSWORD
        return STAT_GOT_IP

    def isconnected(self):
        return self.status() == STAT_GOT_IP
