"""The device's settings, in a small JSON file of their own beside the journal.

The slate's own (DEFAULTS, CHOICES) and each game's, which the game
declares (ardoise/games/__init__.py's SETTINGS): this module knows no game,
and a game's setting is added there alone (and its texts).

The app holds the values as a plain dict (`app.settings.get("lang")`): this
module reads them at boot and writes a change (their menu is in menus.py), and
is not kept in RAM between the two.

Written safely, one change one write (journal.replace): the whole file goes
to `settings.tmp` first, synced, then replaces `settings.json`. The
settings in force are those of settings.json, or of settings.tmp when it is
alone and complete (a replacement whose last rename failed or was cut
short), which `load` and the next `store` rename. So a power loss or a
failed step at any moment leaves the old settings or the new ones, and the
app holds what a boot reads.

A missing file means the defaults, and so does an unreadable one (not a JSON
object, too large for the heap): it is set aside as settings.damaged (kept,
never deleted) and `load` says so, once; a flash that fails to read them
means the defaults too, said as such. A bad value falls back to its
default. Flash is reached as the journal reaches it (ardoise.journal's `os`
and `_sync`, and the journal's opener), which tests may replace by a
simulated flash.
"""

import json

from micropython import const

from ardoise import journal
from ardoise.games import SETTINGS
from scoring.match import declared

_ENOENT = const(2)  # POSIX errno, which MicroPython's OSError uses too
_FILE = "/settings.json"
_TEMPORARY = "/settings.tmp"
# The file is about 120 bytes: a longer one is damage, and never read whole.
_MOST = const(512)

# The slate's own settings; each game's are declared with the game
# (ardoise/games/__init__.py's SETTINGS), their defaults and values read
# from there (`game`) when they are needed, not kept in a table.
DEFAULTS = {
    "lang": "fr",
    "contrast": 128,
    "sleep": 120,
    "off": 1800,
    "seats": "numbers",
}
# Each of the slate's settings' values, in the order a press steps through them.
CHOICES = {
    "lang": ("fr", "de", "en"),  # made by `make texts`
    # The panel's 0..255 contrast in eight steps, dimmest first.
    "contrast": (1, 32, 64, 96, 128, 160, 208, 255),
    # Seconds without a press before the panel dims (off if no match is
    # open); 0: never. The "off" delay: before it turns off even during a
    # match.
    "sleep": (15, 30, 60, 120, 300, 0),
    "off": (300, 900, 1800, 3600, 0),
    # How seats and teams are named: "numbers" (seats 1-4, teams A and B) or
    # "compass" (seats S, E, N, W in playing order, teams N-S and E-W).
    "seats": ("numbers", "compass"),
}


def games():
    """The games' settings in the order they are declared: (game, key,
    word after the key's ":" or ""), a tuple each."""
    found = []
    for line in SETTINGS:
        words = line.split()
        for word in words[1:]:
            found.append((words[0],) + tuple((word + ":").split(":")[:2]))
    return found


def game(key):
    """The game setting `key`'s (game, word after its ":"), or None for one of the slate's."""
    for name, setting, word in games():
        if setting == key:
            return name, word
    return None


def choices(key):
    """A setting's values in the order a press steps through them; None for
    a number (a target: 1 to 99)."""
    if key in CHOICES:
        return CHOICES[key]
    name = game(key)[0]
    if key == "rules":
        return declared(name)[0]
    return None if key == "target" else (False, True)


def _read(path, opener):
    """The dict stored at `path`, or None if it is not one; OSError if flash fails
    (or there is no such file)."""
    with opener(path, "rb") as file:
        data = file.read(_MOST)
    try:
        stored = json.loads(data) if len(data) < _MOST else None
    except Exception:  # not JSON (ValueError), or too much for the heap (MemoryError)
        return None
    return stored if type(stored) is dict else None


def _whole(opener):
    """Whether a settings file is whole: JSON's closing brace comes last, so
    a file cut short never reads (journal.in_force)."""
    return lambda path: _read(path, opener) is not None


def load(folder, opener=open):
    """The settings stored in `folder`: (values, problem).

    `values` is a dict with every setting, the slate's and the games':
    whatever is missing or wrong keeps its default. `problem`, for the
    screen to say, is None, "settings_damaged" (the file could not be read
    as settings and was set aside just now) or the StorageError of a flash
    that failed to read it.
    """
    values = dict(DEFAULTS)
    for name, key, _ in games():  # a game's: its first rule set, its target, an option off
        values[key] = choices(key)[0] if key != "target" else declared(name)[1][0]
    try:
        path = journal.in_force(folder + _FILE, folder + _TEMPORARY, _whole(opener))
        stored = _read(path, opener)
    except OSError as error:
        return values, None if error.args[0] == _ENOENT else journal.StorageError(error)
    if stored is None:
        aside = folder + "/settings.damaged"
        number = 1
        try:
            while journal.exists(aside):  # an older one is kept too
                number += 1
                aside = "%s/settings-%d.damaged" % (folder, number)
            journal.os.rename(path, aside)
        except OSError:
            pass  # it stays where it is, and the next boot tries again
        return values, "settings_damaged"
    for key in values:
        if key in stored and _valid(key, stored[key]):
            values[key] = stored[key]
    return values, None


def _valid(key, value):
    values = choices(key)
    if values is None:
        return type(value) is int and 1 <= value <= 99
    for choice in values:
        if value == choice and type(value) is type(choice):
            return True
    return False


def store(folder, values, key, value, opener=open):
    """Set `values[key]` and save them all in `folder`, in one write: a
    new rule set brings its usual target with it. OSError if flash
    refuses: `values` are then as they were, those a boot reads.
    ValueError, nothing changed, for a value `key` does not take."""
    if key not in values or not _valid(key, value):
        raise ValueError(key)
    changed = dict(values)
    changed[key] = value
    if key == "rules" and "target" in values:
        rules, targets = declared(game(key)[0])
        changed["target"] = targets[rules.index(value)]
    data = json.dumps(changed).encode()
    journal.replace(opener, folder + _FILE, folder + _TEMPORARY, data, _whole(opener))
    values.update(changed)


def cycle(values, key):
    """The next of a key's choices after its current value (wrapping)."""
    shown = choices(key)
    return shown[(shown.index(values[key]) + 1) % len(shown)]
