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
    """The deals of the match, one row each (`rows`: a row's lines apart by
    "\n", each of 16 characters at most), the last one under the cursor;
    above them, when the match names its players, who sat where ("1
    Rösli"); `header` a row of column heads under the title. `module` gives
    `details(app, number)`."""
    screen = Deals(app, title, rows, header, module)
    app.push(screen)


class Deals(Message):
    """The list of deals: a Message whose inverted lines, a deal's, are the
    cursor."""

    def __init__(self, app, title, rows, header, module):
        lines = []
        names = app.match.names
        if names:
            for seat, name in enumerate(names):
                lines.append(app.seat(seat, False) + " " + name)
        super().__init__(title, "")
        self.header = header
        self.module = module
        self.starts = []  # each deal's first line in `lines`, then their end
        for row in rows:
            self.starts.append(len(lines))
            lines += row.split("\n")
        self.starts.append(len(lines))
        self.count = len(rows)
        self.lines = lines if rows else lines + [app.t("no_deal_yet")]
        self.select(app, self.count - 1)

    def select(self, app, index):
        """The cursor on deal `index` (0 the first), scrolled into view."""
        self.cursor = index
        rows = app.rows - 1 - (self.header is not None)
        if index < 0:  # no deal: nothing under the cursor
            self.inverted = ()
            self.first = max(0, len(self.lines) - rows)
            return
        starts = self.starts
        start, end = starts[index], starts[index + 1]
        self.inverted = tuple(range(start, end))
        if end > self.first + rows:
            # Down to the deal's end, from the start of a deal above it.
            first = index
            while first > 0 and end - starts[first - 1] <= rows:
                first -= 1
            self.first = starts[first]
        if start < self.first or end - start > rows:
            self.first = start  # a deal longer than the screen: from its start

    def key(self, app, key):
        rows = app.rows - 1 - (self.header is not None)
        if self.count and (key == PREV or key == NEXT):
            cursor = self.cursor
            if key == PREV and cursor == 0 and self.first <= self.starts[0]:
                self.first = 0  # the seats above the first deal
            elif key == NEXT and self.starts[cursor + 1] > self.first + rows:
                self.first += 1  # the rest of a deal longer than the screen
            elif key == PREV and self.starts[cursor] < self.first:
                self.first -= 1
            elif key == NEXT:
                if cursor + 1 < self.count:
                    self.select(app, cursor + 1)
            elif cursor:
                self.select(app, cursor - 1)
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
