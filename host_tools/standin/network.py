"""A stand-in for a Wi-Fi board's `network` module, on the PC.

The unix port's `socket` is real, so the firmware talks to a real broker;
only the Wi-Fi join is played here. The network "in range" is the file
AIR (the environment variable ARDOISE_WIFI, or set by a test): its first
line the SSID, its second the password, read at each status() (a test
removes the file to cut the Wi-Fi and writes it back to bring it back).
Without it, no network is in range.

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


def _in_range():
    """(SSID, password) of the network in range, or None."""
    if not AIR:
        return None
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
        air = _in_range()
        if air is None or air[0] != self.wanted[0]:
            return STAT_NO_AP_FOUND
        if air[1] != self.wanted[1]:
            return STAT_WRONG_PASSWORD
        return STAT_GOT_IP

    def isconnected(self):
        return self.status() == STAT_GOT_IP
