"""The widgets of every game's screens: a list, a number, a question.

Built on ardoise/base.py's Screen. They call back into the code that made
them with `(app, choice)` and know nothing of games.
Loaded with the screens that use them and dropped with them
(ardoise.Modules).
"""

from ardoise.base import (
    CENTER,
    MENU,
    NEXT,
    OK,
    PREV,
    RIGHT,
    ROW,
    UNDO,
    WIDTH,
    Screen,
    draw_text,
    fit,
    scroll_marks,
    text_width,
    title_bar,
    wrap,
)


def draw_lines(fb, lines, top, rows):
    """Draw the first `rows` of `lines`, from pixel row `top`."""
    for index in range(min(rows, len(lines))):
        draw_text(fb, lines[index], 0, top + index * ROW)


class Choice(Screen):
    """A list: Prev/Next move the cursor (wrapping), OK picks.

    `pick(app, index)` is called with the chosen option's index. The rows
    shown move only when the cursor would leave them (`first` is the top
    one's index). Given `refresh(app)`, it takes its title and options from
    it at each draw: in the language of the moment.
    """

    def __init__(self, title, options, pick, index=0, refresh=None):
        self.title = title
        self.options = options
        self.pick = pick
        self.index = index
        self.first = 0
        self.refresh = refresh

    def key(self, app, key):
        count = len(self.options)
        if key == PREV:
            self.index = (self.index - 1) % count
        elif key == NEXT:
            self.index = (self.index + 1) % count
        elif key == OK:
            self.pick(app, self.index)
        else:
            Screen.key(self, app, key)

    def draw(self, app, fb):
        if self.refresh:
            self.title, self.options = self.refresh(app)
        title_bar(fb, self.title)
        rows = app.rows - 1
        # Scrolling redraws every row, moving the cursor only two labels.
        if self.index < self.first:
            self.first = self.index
        elif self.index >= self.first + rows:
            self.first = self.index - rows + 1
        first = self.first
        for row in range(rows):
            index = first + row
            if index >= len(self.options):
                break
            y = ROW * (row + 1)
            text = fit(self.options[index], WIDTH)
            chosen = index == self.index
            if chosen:
                # Inverted under the label only: a row-wide bar would make
                # each move of the cursor change two whole rows.
                fb.fill_rect(0, y, text_width(text), ROW, 1)
            draw_text(fb, text, 0, y, color=0 if chosen else 1)
        scroll_marks(fb, rows, first, len(self.options))


class Number(Screen):
    """A number from `low` to `high`: a tap of Prev/Next -1/+1; held, they jump
    to the next multiple of 5 down or up, again and again while held (card
    points round at the fives: those are where a result changes, and every
    value stays a tap away from one). OK gives `done(app, value)`.

    `detail(app, value)` returns lines shown under the number (what it means).
    """

    repeat = (PREV, NEXT)  # their held events (UNDO, MENU) repeat

    def __init__(self, title, value, low, high, done, detail=None):
        self.title = title
        self.value = value
        self.low = low
        self.high = high
        self.done = done
        self.detail = detail

    def key(self, app, key):
        if key == PREV or key == NEXT or key == UNDO or key == MENU:
            value = self.value
            if key == PREV:
                value -= 1
            elif key == NEXT:
                value += 1
            elif key == UNDO:
                value = (value - 1) // 5 * 5
            else:
                value = (value // 5 + 1) * 5
            self.value = min(self.high, max(self.low, value))
        elif key == OK:
            self.done(app, self.value)
        else:
            Screen.key(self, app, key)

    def draw(self, app, fb):
        title_bar(fb, self.title)
        value = str(self.value)
        if app.compact:
            draw_text(fb, value, 0, ROW, scale=2)
            lines = self.detail(app, self.value) if self.detail else ()
            # Beside the number: two rows of what it leaves.
            left = text_width(value, scale=2) + 8
            for index in range(min(2, len(lines))):
                draw_text(fb, fit(lines[index], WIDTH - left), left, ROW * (index + 1))
            draw_text(fb, "◀ ▶   OK ✓", WIDTH // 2, 3 * ROW, align=CENTER)
            return
        draw_text(fb, "◀", 16, 2 * ROW)
        draw_text(fb, value, WIDTH // 2, ROW + 4, scale=2, align=CENTER)
        draw_text(fb, "▶", WIDTH - 16, 2 * ROW, align=RIGHT)
        if self.detail:
            draw_lines(fb, self.detail(app, self.value), 4 * ROW, 3)
        draw_text(fb, "OK ✓", WIDTH, 7 * ROW, align=RIGHT)


class Confirm(Screen):
    """A question: OK says yes (`yes(app)`), back says no. `lines(app)`
    gives the text, drawn afresh (in the language of the moment); Prev/Next
    scroll it when it is longer than the screen."""

    def __init__(self, title, lines, yes):
        self.title = title
        self.lines = lines
        self.yes = yes
        self.first = self.count = 0  # the lines drawn last: how far Next scrolls

    def key(self, app, key):
        if key == OK:
            self.yes(app)
        elif key == PREV or key == NEXT:
            last = max(0, self.count - (app.rows - 2))
            self.first = max(0, min(last, self.first + (1 if key == NEXT else -1)))
        else:
            Screen.key(self, app, key)

    def draw(self, app, fb):
        title_bar(fb, self.title)
        rows = app.rows - 2
        lines = []
        for line in self.lines(app):
            lines += wrap(line)
        self.count = len(lines)
        draw_lines(fb, lines[self.first :], ROW, rows)
        scroll_marks(fb, rows, self.first, len(lines))
        draw_text(fb, app.t("confirm_keys"), 0, (app.rows - 1) * ROW)
