"""The roster: the players' names kept on the board, and the screens that use it.

`<folder>/roster.txt`, one name per line in UTF-8, written from the laptop
(`ardoise roster`, which says why a name is refused) or by the slate. Read
a line at a time, so a file of any size costs one short line of heap: at
most MOST names of at most LONGEST characters are kept; a line that is too
long, blank, not UTF-8 as CPython reads it, no name by the spec (a control
character, U+0080-U+009F too: scoring/names.py), or repeats a name is left
out, so any file gives a usable roster, and every name a match event takes.

Written safely, as the settings are (journal.replace): the whole list goes
to roster.tmp, synced, then replaces roster.txt. The slate ends the file
with an end line, a control character and the bytes before it ("\x04" "21"),
which any reader of names skips; roster.tmp alone is taken only with it (a
replacement whose rename failed or was cut), never when cut short; the
PC's `ardoise roster` writes it too. A roster.txt is taken as it is.

Who sits where (`ask_players`): after a new match's own questions, on a
board with a roster, each seat's player is chosen from it: Prev/Next, OK
(`Joueur 1 (A)`: with teams, the title says the seat's).
"-" keeps a seat anonymous; the player who sat there in the match on the
slate is offered first, so that a second match is one press per seat. The
names go into the match event's "names" (an anonymous seat among named ones
as "-", which the host tools read as the seat's number); with no name
chosen the event names no one, as without a roster. Held OK goes back a
seat.

The roster edited on the slate (`edit`: the settings' menu, "Players"): OK
on a name removes it, on "+" adds one, letter by letter over the font's
letters: Prev, OK and Next pick one of three groups of letters, then one of
three in it, four presses a letter (`_Name`).

Loaded only while the roster is used (the RAM policy: ardoise/__init__.py),
and never on a board without one. Names cost RAM for good (qstrs, see
docs/architecture.md): what the slate loads when no roster is there brings
none, and the names here are few.
"""

import json

from micropython import const

from ardoise import journal
from ardoise.base import (
    BACK,
    CENTER,
    NEXT,
    OK,
    PREV,
    ROW,
    WIDTH,
    Screen,
    draw_text,
    title_bar,
)
from ardoise.widgets import Choice, Confirm
from scoring.match import _syntax  # the check every journal line passes

# A name as the match event takes it (the spec's, with the rules core's one
# check), and no name: the host tools read the seat's number ("-" is a static qstr).
from scoring.names import ANONYMOUS, refusal

MOST = const(32)
LONGEST = const(12)
_LINE = const(52)  # 12 characters of up to 4 bytes, spaces and CR LF: longer is no name
# A new name's letters, each after its plain letter, each case on its own
# (the one used: capital first and after a space or a hyphen, small after).
_SMALL = "aàâäæbcçdeèéêëfghiîïjklmnoôöœpqrsßtuùûüvwxyÿz"
_CAPITALS = "AÀÂÄÆBCÇDEÈÉÊËFGHIÎÏJKLMNOÔÖŒPQRSTUÙÛÜVWXYŸZ"
# What is no letter: done, rub out, the other case for the next letter,
# space (drawn ·), hyphen, apostrophe, dot.
_KEYS = "✓«▲ -'."


def name_of(raw):
    """The name in the bytes `raw` (a line, its spaces and end aside), or None."""
    # A byte order mark (a PC editor's file) is no character of a name.
    raw = raw.replace(b"\xef\xbb\xbf", b"").strip(b" \t\r\n")
    if not raw or len(raw) > _LINE - 4:
        return None
    try:
        name = raw.decode()
    except UnicodeError:
        return None
    # MicroPython decodes bytes that are no UTF-8 (overlong forms, surrogates)
    # and the journal would write them back as they are: judge the line the
    # match event will be, as every reader of the log does.
    if len(name) > LONGEST or refusal(name) or _syntax(json.dumps(name).encode()):
        return None
    return name


def _read(path, opener):
    """(the names in the file `path`, whether it ends with its end line); OSError."""
    names = []  # type: list[str]
    size = 0  # the bytes before `line`
    whole = False
    with opener(path, "rb") as file:
        while True:
            line = file.readline(_LINE)
            if not line:
                return names, whole
            whole = line[0] == 4 and line == ("\x04%d\n" % size).encode()
            size += len(line)
            if len(line) == _LINE and not line.endswith(b"\n"):
                while line and not line.endswith(b"\n"):  # no name: skip to its end
                    line = file.readline(_LINE)
                    size += len(line)
                continue
            name = name_of(line)
            if name and name not in names and len(names) < MOST:
                names.append(name)


def _files(folder, opener):
    """(roster.txt, roster.tmp, whether a file of names is whole: journal.in_force)."""

    def whole(path):
        return _read(path, opener)[1]

    return folder + "/roster.txt", folder + "/roster.tmp", whole


def load(folder, opener=open):
    """The names in the roster, in its order: [] without one; OSError if flash fails."""
    path, temporary, whole = _files(folder, opener)
    try:
        return _read(journal.in_force(path, temporary, whole), opener)[0]
    except OSError as error:
        if error.args[0] == 2:  # ENOENT: none
            return []
        raise


def save(folder, names, opener=open):
    """Make `names` the roster; ValueError for a name the roster cannot hold,
    OSError if flash refuses (the old roster then stands, whole)."""
    if len(names) > MOST:
        raise ValueError("most")
    data = b""
    for index, name in enumerate(names):
        if name_of(name.encode()) != name or names.index(name) < index:
            raise ValueError(name)
        data += name.encode() + b"\n"
    data += ("\x04%d\n" % len(data)).encode()  # the end line
    path, temporary, whole = _files(folder, opener)
    journal.replace(opener, path, temporary, data, whole)


def _names(app):
    """The names on the board, [] if none or the flash cannot say."""
    try:
        return load(app.root, app.journal.opener)
    except OSError:
        return []


# -- who sits where ------------------------------------------------------------


def ask_players(app, header, seats, then):
    """Each seat's player, then `then(app, header)`, the match event
    `header` naming them if any was chosen. `seats` are the new game's (0:
    Brusquembelle, whose event counts its players): asking its rules would
    load them beside the match on the slate."""
    seats = seats or header.get("players")
    names = _names(app)
    if not names:
        then(app, header)
        return
    last = app.match.names or ()
    chosen = []  # type: list[str]

    def seat_screen(app):
        seat = len(chosen)
        if seat == seats:
            header.pop("names", None)  # held OK may have come back here
            if chosen.count(ANONYMOUS) < seats:  # a name was chosen
                header["names"] = list(chosen)
            then(app, header)
            return
        options = [ANONYMOUS]
        for name in names:
            if name not in chosen:
                options.append(name)
        index = options.index(last[seat]) if seat < len(last) and last[seat] in options else 0

        def pick(app, index):
            # The seats from this one on: held OK may have come back here.
            del chosen[seat:]
            chosen.append(options[index])
            seat_screen(app)

        title = app.t("player_of") % app.seat(seat, False)
        if header.get("pairs", True):  # teams (not Brusquembelle's players): 1 and 3 are A
            title += " (%s)" % app.team(seat % 2, named=False)  # the new match's team
        app.push(Choice(title, options, pick, index))

    seat_screen(app)


# -- the roster edited ---------------------------------------------------------


def edit(app):
    """The roster: OK on a name asks to remove it, on "+" adds one."""
    names = _names(app)

    def pick(app, index):
        if index == len(names):
            if len(names) >= MOST:
                app.alert(app.t("roster_full"))
            else:
                app.push(_Name(names))
            return
        name = names[index]

        def lines(app):
            return [app.t("remove_name") % name]

        def remove(app):
            others = list(names)
            others.remove(name)
            _save(app, others)

        app.push(Confirm(app.t("set_names"), lines, remove))

    app.push(Choice(app.t("set_names"), names + [app.t("add_name")], pick, len(names)))


def _save(app, names):
    """Store the roster and show it again; said if the flash refuses."""
    try:
        save(app.root, names, app.journal.opener)
    except OSError as error:
        app.not_saved(journal.StorageError(error))
        return
    while len(app.stack) > 2 and not isinstance(app.stack[-1], Choice):
        app.pop()
    app.pop()  # the roster as it was
    edit(app)


class _Name(Screen):
    """A new name, three groups at a time (issue 33: any 5-letter name in
    few presses): Prev, OK and Next pick the first, second or third, which
    splits in three again, down to one letter (four presses for any
    letter, the accented ones after their plain letter); at the top the
    letters of either half and the rest (✓ adds the name and « rubs out a
    letter, two presses each; ▲ the other case for the next letter). Held
    OK goes back a step, or leaves."""

    def __init__(self, names):
        self.names = names
        self.text = ""
        self.shift = False  # the other case for the next letter
        self.group = None  # the letters to choose among now (None: the top)

    def groups(self):
        """The three groups to choose among now, each a str of letters."""
        group = self.group
        if group is None:  # a name starts, and goes on after a space or hyphen, capital
            capital = self.text[-1:] in ("", " ", "-")
            letters = _CAPITALS if capital != self.shift else _SMALL
            half = (len(letters) + 1) // 2
            return letters[:half], letters[half:], _KEYS
        if group == _KEYS:
            return group[:1], group[1:2], group[2:]
        if group == _KEYS[2:]:  # ▲, then space and hyphen, then the rest
            return group[:1], group[1:3], group[3:]
        third = (len(group) + 2) // 3
        return group[:third], group[third : 2 * third], group[2 * third :]

    def key(self, app, key):
        if key == PREV or key == OK or key == NEXT:
            group = self.groups()[0 if key == PREV else 1 if key == OK else 2]
            if len(group) > 1:
                self.group = group
                return
            self.group = None
            if group == "✓":
                self.done(app)
            elif group == "«":
                self.text = self.text[:-1]
            elif group == "▲":
                self.shift = not self.shift
            elif len(self.text) < LONGEST:
                self.text += group
                self.shift = False
        elif key == BACK and self.group is not None:
            self.group = None  # back to the top
        else:
            Screen.key(self, app, key)

    def done(self, app):
        name = self.text.strip()
        if not name:
            app.pop()
        elif name in self.names:
            app.alert(app.t("name_taken") % name)
        else:
            _save(app, self.names + [name])

    def draw(self, app, fb):
        # The name so far in the title bar, its next letter a box.
        title_bar(fb, self.text + "_" if self.text else app.t("add_name"))
        top = ROW if app.compact else 2 * ROW
        marks = ("◀", "OK", "▶")
        groups = self.groups()
        for index in range(3):
            group = groups[index]
            if len(group) > 11:  # a range: "a–l" (an en dash: "-" is a letter here)
                group = group[:1] + "–" + group[-1:]
            y = top + index * ROW
            draw_text(fb, marks[index], 0, y)
            draw_text(fb, group.replace(" ", "·"), 3 * ROW, y)
        if not app.compact:
            draw_text(fb, app.t("name_keys"), WIDTH // 2, 7 * ROW, align=CENTER)
