"""The board's Wi-Fi station: the one module that imports `network`.

The board layer's, as hardware.py is for `machine`, and loaded only on a
board enrolled in an evening (ardoise/net.py): on any other board its
names would take RAM for good (the qstr pool, docs/architecture.md).
Importing it raises ImportError on a board without Wi-Fi.
"""

import network


class Wifi:
    """A Wi-Fi station joined in the background.

    `join` only starts the join (as WLAN.connect does on every port);
    `state` says where it is, whatever the port's own status codes: 0
    joining (or not asked yet), 1 joined, 2 wrong password, 3 network not
    found, 4 failed.
    """

    def __init__(self):
        self.wlan = network.WLAN(network.STA_IF)
        self.wlan.active(True)

    def join(self, ssid, password):
        self.wlan.connect(ssid, password)

    def state(self):
        if self.wlan.isconnected():
            return 1
        status = self.wlan.status()
        if status == getattr(network, "STAT_WRONG_PASSWORD", None):
            return 2
        if status == getattr(network, "STAT_NO_AP_FOUND", None):
            return 3
        if status == getattr(network, "STAT_CONNECT_FAIL", None):
            return 4
        return 0
