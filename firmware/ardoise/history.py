"""The history: the deals of the match, one row each, and each deal in detail.

A game's module `ardoise.games.<game>_history` makes both: `history(app)`
the rows (through `show`), `details(app, number)` the lines of one deal,
read on demand from the rules core (View.deal: the deal's events folded
again), so that RAM never holds more than one deal's details.

The list: Prev/Next move the cursor (inverted) over the deals, OK opens
the deal under it, held OK goes back to the slate. A deal: its lines under
"Deal 3/7"; Prev/Next scroll them and, past the first or the last line,
open the previous or next deal; held OK goes back to the list, on the
deal last shown, and OK corrects the deal (ardoise/correct.py, opened
from the slate once the history is gone).
Loaded while the history is open (ardoise.Modules).
"""

from ardoise.base import BACK, EXTRA, NEXT, OK, PREV, Later, Message, wrap


def show(app, title, rows, header=None, module=None):
    """The deals of the match, one row each (`rows`), the last one under
    the cursor; above them, when the match names its players, who sat
    where ("1 Rösli"); `header` a row of column heads under the title.
    `module` gives `details(app, number)`."""
    screen = Deals(app, title, rows, header, module)
    app.push(screen)


class Deals(Message):
    """The list of deals: a Message whose inverted row is the cursor."""

    def __init__(self, app, title, rows, header, module):
        seats = []
        names = app.match.names
        if names:
            for seat, name in enumerate(names):
                seats.append(app.seat(seat, False) + " " + name)
        super().__init__(title, "")
        self.header = header
        self.module = module
        self.top = len(seats)  # the deals' first row in `lines`
        self.count = len(rows)
        self.lines = seats + (rows or [app.t("no_deal_yet")])
        self.select(app, self.count - 1)

    def select(self, app, index):
        """The cursor on deal `index` (0 the first), scrolled into view."""
        self.cursor = index
        rows = app.rows - 1 - (self.header is not None)
        if index < 0:  # no deal: nothing under the cursor
            self.inverted = ()
            self.first = max(0, len(self.lines) - rows)
            return
        line = self.top + index
        self.inverted = (line,)
        if line < self.first:
            self.first = line
        elif line >= self.first + rows:
            self.first = line - rows + 1

    def key(self, app, key):
        if self.count and (key == PREV or key == NEXT):
            if key == PREV and self.cursor == 0:
                self.first = 0  # the seats above the first deal
                return
            step = 1 if key == NEXT else -1
            self.select(app, min(self.count - 1, max(0, self.cursor + step)))
        elif key == OK and self.count:
            app.push(Detail(app, self, self.cursor + 1))
        elif key == OK:
            app.pop()
        else:
            super().key(app, key)


class Detail(Message):
    """One deal's lines: `deals.module.details(app, number)`."""

    def __init__(self, app, deals, number):
        super().__init__("", "")
        self.deals = deals
        self.open(app, number)

    def open(self, app, number):
        self.number = number
        self.title = app.t("hist_deal") % (number, self.deals.count)
        self.lines = []  # the last deal's lines go before the next's come
        self.lines = wrap("\n".join(self.deals.module.details(app, number)))
        self.first = 0

    def key(self, app, key):
        rows = app.rows - 1
        if key == NEXT:
            if self.first + rows < len(self.lines):
                self.first += 1
            elif self.number < self.deals.count:
                self.open(app, self.number + 1)
        elif key == PREV:
            if self.first:
                self.first -= 1
            elif self.number > 1:
                self.open(app, self.number - 1)
        elif key == OK:
            # The correction opens from the slate, the history's screens
            # and modules gone first (RAM): back from it is the slate.
            app.home()
            app.sweep()
            app.push(Later(self.correct))
        elif key == BACK or key == EXTRA:
            self.deals.select(app, self.number - 1)
            app.pop()

    def correct(self, app):
        """Open the correction of this deal (base.Later, once the slate is back)."""
        app.load("correct").start(app, self.number)
