"""The base of every screen, and the drawing they share (always loaded).

A screen draws itself on the whole frame (`draw`) and handles one keypad
event at a time (`key`); the app keeps a stack of them and redraws the top
one after each event. The display driver sends only what changed, so
redrawing everything is cheap on the bus. Here: Screen, SlateScreen (what
every game's slate does), Message (the app's notes) and the drawing. The
widgets built on them (lists, numbers, questions) are in widgets.py, the
history in history.py, the menus every game shares in menus.py: each
loaded when one is opened, and kept only while the screens opened next use
them (ardoise.Modules).

Rows are 8 pixels: 8 on a 128x64 panel, 4 on a 128x32 one.
"""

from micropython import const

# The keys a screen handles and the font's drawing, which every screen
# imports from here (one module name less in each screen's .mpy).
from ardoise.buttons import BACK, EXTRA, MENU, NEXT, OK, PREV, UNDO
from ardoise.font import CENTER, LEFT, RIGHT, draw_text, fit, suit_symbol, text_width  # noqa: F401

ROW = 8
WIDTH = 128
_COLUMNS = const(16)
STROKE = const(5)  # pixels from one chalk stroke to the next


def title_bar(fb, text):
    """The top row, inverted: says where the player is."""
    fb.fill_rect(0, 0, WIDTH, ROW, 1)
    draw_text(fb, fit(text, WIDTH), WIDTH // 2, 0, color=0, align=CENTER)


def strokes(fb, count, x, y, leftward, width):
    """`count` chalk strokes (/), coches or matchsticks, from x over `width`
    pixels (toward the left if `leftward`), or a number when they do not fit."""
    if count * STROKE > width:
        draw_text(fb, "%d/" % count, x, y, align=RIGHT if leftward else LEFT)
        return
    for index in range(count):
        left = x - STROKE * (index + 1) if leftward else x + STROKE * index
        fb.line(left, y + 6, left + 3, y, 1)
        fb.line(left + 1, y + 6, left + 4, y, 1)  # two pixels wide, as chalk


def status_row(app, fb, forms, inverted=False):
    """The slate's last row: the first of `forms` (a text, or a list of
    them, longest first) that fits, centred; inverted while a deal is open,
    so that it cannot be missed. At an evening its last cell is the
    network's sign (App.redraw)."""
    y = (app.rows - 1) * ROW
    if inverted:
        fb.fill_rect(0, y, WIDTH, ROW, 1)
    width = row_width(app)
    if type(forms) is str:
        forms = (forms,)
    for text in forms:
        if len(text) * 8 <= width:
            break
    draw_text(fb, fit(text, width), width // 2, y, color=0 if inverted else 1, align=CENTER)


def row_width(app):
    """The pixels of the slate's last row that texts may take: all but the
    network's sign at an evening (net.Evening.draw)."""
    return WIDTH - ROW if app.net is not None else WIDTH


def wrap(text, columns=_COLUMNS):
    """Lines of at most `columns` characters, broken at spaces where possible."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            while len(word) > columns:  # a word longer than a line is cut
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:columns])
                word = word[columns:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= columns:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def scroll_marks(fb, rows, first, count):
    """▲ and ▼ at the ends of the title bar when lines are hidden above or
    below (`rows` shown from `first` of `count`): there they cover no line
    (a title that scrolls holds 14 characters)."""
    if first > 0:
        draw_text(fb, "▲", 0, 0, color=0)
    if first + rows < count:
        draw_text(fb, "▼", WIDTH, 0, color=0, align=RIGHT)


class Screen:
    """Base screen: BACK (held OK) and the fourth button go back one screen."""

    # Buttons whose held event repeats on this screen (see Keypad.set_repeat).
    repeat: tuple = ()

    def key(self, app, key):
        if key == BACK or key == EXTRA:
            app.pop()


class Later(Screen):
    """Opens `opener(app)` at its first draw: once the key handler that
    asked for it has returned, the modules it ran from can go first."""

    def __init__(self, opener):
        self.opener = opener

    def draw(self, app, fb):
        app.stack.pop()
        self.opener(app)
        app.stack[-1].draw(app, fb)


class SlateScreen(Screen):
    """A game's slate. In every game held Prev asks to undo, and held Next
    (or the fourth button) opens the menu; OK begins a deal or, during one,
    opens its actions (`deal_menu(app)` of the game's screens). A game's
    Slate handles its other keys and passes these on."""

    def key(self, app, key):
        if key == OK:
            if app.match.game.deal_open:
                app.screens.deal_menu(app)
            else:
                app.act({"ev": "deal"})
        elif key == UNDO:
            app.load("menus").ask_undo(app)
        elif key == MENU or key == EXTRA:
            app.load("menus").main_menu(app)


class Message(Screen):
    """Text to read: Prev/Next scroll, OK or back closes it.

    The history (ardoise/history.py) holds rows of its own in `lines`,
    maybe a `header` row of column heads that stays under the title, and
    the rows it shows `inverted`; `home` makes OK go back to the slate.
    """

    header = None
    inverted = ()  # type: tuple
    home = False

    def __init__(self, title, text):
        self.title = title
        self.lines = wrap(text)
        self.first = 0

    def key(self, app, key):
        rows = app.rows - 1 - (self.header is not None)
        if key == NEXT:
            self.first = min(self.first + 1, max(0, len(self.lines) - rows))
        elif key == PREV:
            self.first = max(0, self.first - 1)
        elif key == OK and self.home:
            app.home()
        elif key == OK or key == BACK or key == EXTRA:
            app.pop()

    def draw(self, app, fb):
        title_bar(fb, self.title)
        top = ROW
        if self.header is not None:
            draw_text(fb, self.header, 0, ROW)
            top += ROW
        rows = app.rows - top // ROW
        for line in range(rows):
            index = self.first + line
            if index >= len(self.lines):
                break
            y = top + line * ROW
            inverted = index in self.inverted
            if inverted:
                fb.fill_rect(0, y, WIDTH, ROW, 1)
            draw_text(fb, fit(self.lines[index], WIDTH), 0, y, color=0 if inverted else 1)
        scroll_marks(fb, rows, self.first, len(self.lines))
