"""The device's settings, in a small JSON file of their own beside the journal.

Written safely: the whole file goes to `settings.tmp` first, flushed, then
replaces `settings.json`; a power loss at any moment leaves the old settings
or the new ones, and `load` finishes an interrupted replacement. A missing or
unreadable file means the defaults; a bad value falls back to its default.
"""

import json
import os

_ENOSPC = 28  # POSIX errno, which MicroPython's OSError uses too

RULES = ("etivaz", "31", "brou1802")
LANGUAGES = ("fr", "de", "en")
# The panel's 0..255 contrast in eight steps, dimmest first.
CONTRASTS = (1, 32, 64, 96, 128, 160, 208, 255)
# Seconds without a press before the screen goes off; 0: never.
SLEEP_DELAYS = (15, 30, 60, 120, 300, 0)
# How seats and teams are named: "numbers" (seats 1-4, teams A and B) or
# "compass" (seats S, E, N, W in playing order, teams N-S and E-W).
SEAT_NAMES = ("numbers", "compass")
# The target each rule set starts with: coches (etivaz), parties (brou1802).
TARGETS = {"etivaz": 5, "31": 31, "brou1802": 12}

DEFAULTS = {
    "rules": "etivaz",
    "target": 5,
    "lang": "fr",
    "contrast": 128,
    "sleep": 60,
    "tricks": False,
    "seats": "numbers",
}
_CHOICES = {
    "rules": RULES,
    "lang": LANGUAGES,
    "contrast": CONTRASTS,
    "sleep": SLEEP_DELAYS,
    "tricks": (False, True),
    "seats": SEAT_NAMES,
}


def _exists(path):
    try:
        os.stat(path)
    except OSError:
        return False
    return True


class Settings:
    """The values of DEFAULTS' keys, read with `get` and written with `set`."""

    def __init__(self, folder):
        self.path = folder + "/settings.json"
        self._temporary = folder + "/settings.tmp"
        self.values = dict(DEFAULTS)

    def get(self, key):
        return self.values[key]

    def load(self):
        """Read the file; whatever is missing or wrong keeps its default."""
        self.values = dict(DEFAULTS)
        try:
            if _exists(self._temporary):
                if _exists(self.path):
                    os.remove(self._temporary)  # never finished: the old file stands
                else:
                    os.rename(self._temporary, self.path)  # finish the replacement
            with open(self.path) as file:
                stored = json.load(file)
        except (OSError, ValueError):
            return
        if type(stored) is not dict:
            return
        for key in DEFAULTS:
            if key in stored and self._valid(key, stored[key]):
                self.values[key] = stored[key]

    @staticmethod
    def _valid(key, value):
        if key == "target":
            return type(value) is int and 1 <= value <= 99
        for choice in _CHOICES[key]:
            if value == choice and type(value) is type(choice):
                return True
        return False

    def set(self, key, value):
        """Change one value and save; OSError (nothing changed) if flash refuses."""
        if not self._valid(key, value):
            raise ValueError(key)
        before = self.values[key]
        self.values[key] = value
        try:
            self.save()
        except OSError:
            self.values[key] = before
            raise

    def cycle(self, key):
        """The next of a key's choices after the current one (wrapping)."""
        choices = _CHOICES[key]
        index = 0
        for position, choice in enumerate(choices):
            if choice == self.values[key]:
                index = position + 1
        return choices[index % len(choices)]

    def save(self):
        data = json.dumps(self.values)
        try:
            with open(self._temporary, "w") as file:
                # A short count is how FAT reports a full disk on some ports.
                if file.write(data) != len(data):
                    raise OSError(_ENOSPC)
                file.flush()
        except OSError:
            try:
                os.remove(self._temporary)  # give a full flash its space back
            except OSError:
                pass  # never created
            raise
        try:
            os.rename(self._temporary, self.path)
        except OSError:
            # FAT will not rename over a file: remove it first; load finishes
            # the rename if power goes in between.
            os.remove(self.path)
            os.rename(self._temporary, self.path)
