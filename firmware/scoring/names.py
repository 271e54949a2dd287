"""Player names, read only when a match event names its players.

Kept out of the modules every fold loads: most matches name no one, and a
board's heap is small.
"""

from scoring.events import Refused, shown


def player_names(names, seats):
    """The optional "names" of a match event: one name per seat, or None.

    They label the seats on the screen and let a tournament report add up
    each player's points across matches with changing partners.
    """
    if names is None:
        return None
    if type(names) is not list or len(names) != seats:
        raise Refused("bad_value", "names", "a list of %d names" % seats, shown(names))
    for name in names:
        if type(name) is not str or not 0 < len(name) <= 16:
            raise Refused("bad_value", "names", "names of 1 to 16 characters", shown(name))
    return tuple(names)
