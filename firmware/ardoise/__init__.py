"""The Ardoise device: display, buttons, journal and screens around the rules core.

Nothing here imports `machine`: the board file builds the hardware objects
and hands them in.

This package's own module is the RAM policy (loaded with the package, it
costs no module of its own): what stays loaded, what is loaded for a
moment, and when it goes. The slate's modules stay: those the boot loads
(app, driver, font, keypad, journal, the rules core, the texts' code,
the games' settings: ardoise/games/__init__.py) and the match's own slate
and rules (`ardoise.games.<game>`, `scoring.<game>`).
Everything else a screen needs (the menus, the widgets, a deal's actions,
the settings' file code, the roster) is imported by `Modules.load` when it
is opened, and kept when the slate is back for as long as the next trips
away from it use it: the deal menu, opened again and again, then opens at
once. What the whole-file work of the journal and the translated
refusals load is dropped after that one job (`forget`, or the next
`Modules.drop`).
"""

import gc
import sys


def load(name, package="ardoise."):
    """The module `package + name`, imported if need be.

    Garbage is collected first, so that the module's code lands in what it
    leaves free, in one piece on a fragmented heap.
    """
    name = package + name
    if name not in sys.modules:
        gc.collect()
        __import__(name)
    return sys.modules[name]


def forget(name):
    """Drop the module `name` from sys.modules and from its package, so that
    nothing refers to it and its RAM can go."""
    sys.modules.pop(name, None)
    cut = name.rfind(".")
    package = sys.modules.get(name[:cut])
    if cut > 0 and package is not None and hasattr(package, name[cut + 1 :]):
        delattr(package, name[cut + 1 :])


class Modules:
    """The modules the screens load, for one App (`App.load`, `App.home`).

    A trip is what happens away from the slate, from the press that leaves
    it to the one that brings it back. Each import a trip makes brings in a
    group of modules (the one asked for and what it imports that was not
    loaded yet), kept in the order they came: a group may use any kept
    before it, never one after. A trip uses the groups up to the last one
    it has loaded from. Before it imports, the groups it does not use go
    (so RAM never holds the modules of two trips at once), and so do they
    when the slate is back: what stays is what the last trip that used any
    used, which the next trip opens without importing (a Pico took 20 to
    50 ms to import a screen's modules, a third of such a press).
    """

    def __init__(self):
        self.resident = list(sys.modules)  # what the boot loaded: stays
        self.groups = []  # lists of module names, oldest first
        self.used = 0  # groups[:used] are the trip's so far
        self.slate = self.rules = ""  # the match's modules: they stay

    def load(self, name, package="ardoise."):
        """The module `package + name`, imported if need be."""
        name = package + name
        module = sys.modules.get(name)
        if module is None:
            self.drop(self.used)
            before = list(sys.modules)
            module = load(name, "")
            self.groups.append([other for other in sys.modules if other not in before])
            self.used = len(self.groups)
        else:
            for index in range(self.used, len(self.groups)):
                if name in self.groups[index]:
                    self.used = index + 1
        return module

    def back(self, slate, rules):
        """The slate is back, for a match whose slate and rules are the
        modules `slate` and `rules`: what the trip did not use goes, unless
        it used nothing (an action taken on the slate itself keeps what the
        last trip loaded); everything goes when the game changed."""
        if slate != self.slate:
            self.slate = slate
            self.rules = rules
            self.used = 0
        elif not self.used:
            self.used = len(self.groups)
        self.drop(self.used)
        self.used = 0

    def drop(self, keep):
        """Drop the groups after the first `keep`, and every other module
        of the device and of the rules core loaded since boot but the
        match's slate and rules and the packages they are in: the match's
        classes live on, and importing them again would load a copy."""
        del self.groups[keep:]
        kept = self.resident + [self.rules]
        for group in self.groups:
            kept += group
        for name in list(sys.modules):
            if name not in kept and (name.startswith("ardoise.") or name.startswith("scoring.")):
                if not self.slate.startswith(name):
                    forget(name)
