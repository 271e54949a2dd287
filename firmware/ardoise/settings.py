"""The device's settings, in a small JSON file of their own beside the journal.

The app holds the values as a plain dict (`app.settings.get("lang")`): this
module reads them at boot and writes a change, and is not kept in RAM
between the two.

Written safely: the whole file goes to `settings.tmp` first, flushed, then
replaces `settings.json`; a power loss at any moment leaves the old settings
or the new ones, and `load` finishes an interrupted replacement. A missing or
unreadable file means the defaults; a bad value falls back to its default.
"""

import json
import os

from micropython import const

_ENOSPC = const(28)  # POSIX errno, which MicroPython's OSError uses too

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


def load(folder):
    """The settings stored in `folder`, a dict with every key of DEFAULTS:
    whatever is missing or wrong keeps its default."""
    values = dict(DEFAULTS)
    path = folder + "/settings.json"
    temporary = folder + "/settings.tmp"
    try:
        if _exists(temporary):
            if _exists(path):
                os.remove(temporary)  # never finished: the old file stands
            else:
                os.rename(temporary, path)  # finish the replacement
        with open(path) as file:
            stored = json.load(file)
    except (OSError, ValueError):
        return values
    if type(stored) is dict:
        for key in DEFAULTS:
            if key in stored and _valid(key, stored[key]):
                values[key] = stored[key]
    return values


def _valid(key, value):
    if key == "target":
        return type(value) is int and 1 <= value <= 99
    for choice in _CHOICES[key]:
        if value == choice and type(value) is type(choice):
            return True
    return False


def store(folder, values, key, value):
    """Set `values[key]` and save them all in `folder`; OSError (nothing
    changed) if flash refuses."""
    if not _valid(key, value):
        raise ValueError(key)
    before = values[key]
    values[key] = value
    try:
        _save(folder, values)
    except OSError:
        values[key] = before
        raise


def cycle(values, key):
    """The next of a key's choices after its current value (wrapping)."""
    choices = _CHOICES[key]
    index = 0
    for position, choice in enumerate(choices):
        if choice == values[key]:
            index = position + 1
    return choices[index % len(choices)]


def _save(folder, values):
    path = folder + "/settings.json"
    temporary = folder + "/settings.tmp"
    data = json.dumps(values)
    try:
        with open(temporary, "w") as file:
            # A short count is how FAT reports a full disk on some ports.
            if file.write(data) != len(data):
                raise OSError(_ENOSPC)
            file.flush()
    except OSError:
        try:
            os.remove(temporary)  # give a full flash its space back
        except OSError:
            pass  # never created
        raise
    try:
        os.rename(temporary, path)
    except OSError:
        # FAT will not rename over a file: remove it first; load finishes
        # the rename if power goes in between.
        os.remove(path)
        os.rename(temporary, path)
