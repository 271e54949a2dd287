"""Who sits where: a new match's players, chosen from the roster on the slate.

After a new match's last question, on a board with a roster
(ardoise/roster.py), each seat's player is chosen from it: Prev/Next, OK.
"-" keeps a seat anonymous; the player who sat there in the match on the
slate is offered first, so that a second match is one press per seat. The
names go into the match event's "names" (an anonymous seat among named ones
as "-", which the host tools read as the seat's number); with no name
chosen the event names no one, as without a roster. Held OK goes back a
seat. The roster is edited on the slate by roster_edit.py.

Loaded only while a new match is begun on a board with a roster (the RAM
policy: ardoise/__init__.py). Names cost RAM for good (qstrs, see
docs/architecture.md): what the slate loads when no roster is there brings
none, and the names here are few.
"""

from ardoise import forget, sweep
from ardoise.base import BACK, EXTRA
from ardoise.widgets import Choice

ANONYMOUS = "-"  # no name: the host tools read the seat's number (and "-" is a static qstr)


def roster_names(app):
    """The names on the board, [] if none or the flash cannot say."""
    try:
        return app.load("roster").load(app.root)
    except OSError:
        return []
    finally:
        forget("ardoise.roster")  # read once: its RAM goes back at once


def new_match(app, header, seats):
    """Each seat's player, then the match whose event is `header` begins.
    `seats` are the new game's (0: Brusquembelle, whose event counts its
    players): asking its rules would load them beside the match on the slate."""
    seats = seats or header.get("players")
    names = roster_names(app)
    if not names:
        _begin(app, header)
        return
    last = app.match.names or ()
    chosen = []  # type: list[str]

    def seat_screen(app):
        seat = len(chosen)
        if seat == seats:
            if [name for name in chosen if name != ANONYMOUS]:
                header["names"] = chosen
            _begin(app, header)
            return
        options = [ANONYMOUS] + [name for name in names if name not in chosen]
        index = options.index(last[seat]) if seat < len(last) and last[seat] in options else 0

        def pick(app, index):
            chosen.append(options[index])
            seat_screen(app)

        app.push(_Seat(app.t("player_of") % app.seat(seat, False), options, pick, index, chosen))

    seat_screen(app)


def _begin(app, header):
    """Begin the match, the screens that led here and their modules gone
    first: archiving the match on the slate is the largest job there is."""
    del app.stack[1:]
    if app.resident is not None:
        name = app.match.game.name if app.match.game is not None else ""
        sweep(app.resident, "ardoise.games." + name, "scoring." + name)
    app.new_match(header)


class _Seat(Choice):
    """One seat's player; going back forgets the seat before's choice too."""

    def __init__(self, title, options, pick, index, chosen):
        Choice.__init__(self, title, options, pick, index)
        self.seat = len(chosen)
        self.chosen = chosen

    def key(self, app, key):
        if key == BACK or key == EXTRA:
            del self.chosen[self.seat - 1 if self.seat else 0 :]
        Choice.key(self, app, key)
