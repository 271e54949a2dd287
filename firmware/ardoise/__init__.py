"""The Ardoise device: display, buttons, journal and screens around the rules core.

Nothing here imports `machine`: the board file builds the hardware objects
and hands them in.

This package's own module is the RAM policy (loaded with the package, it
costs no module of its own): what stays loaded, what is loaded for a
moment, and when it goes. Only the slate's modules stay: those the boot
loads (app, driver, font, keypad, journal, the rules core, the texts' code)
and the match's own slate and rules (`ardoise.games.<game>`,
`scoring.<game>`). Everything else a screen needs (the menus, the widgets,
a deal's actions, the settings' file code, the whole-file work of the
journal, the translated refusals) is imported by `load` when it is opened,
and dropped again by `sweep` when the slate is back (App.home), or at once
by `forget` when it was needed for one job.
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


def sweep(resident, slate, rules):
    """Drop every module of the device and of the rules core loaded since
    `resident` (the names in sys.modules at boot), but the modules `slate`
    and `rules` (the match's) and the packages they are in: the match's
    classes live on, and importing them again would load a copy."""
    for name in list(sys.modules):
        if name not in resident and (name.startswith("ardoise.") or name.startswith("scoring.")):
            if not slate.startswith(name) and name != rules:
                forget(name)
