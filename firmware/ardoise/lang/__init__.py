"""What the screens say, in French (the default), German and English.

One module per language, loaded alone: TEXT holds the screens' words as one
"key=text" line each (one string costs a board far less RAM than a dict of
them); a list is "a|b|c". fr_reasons.py and de_reasons.py hold the rules
core's refusals by `Refused.key` in the same form, loaded only to show
one (English: the core's own scoring/reasons.py). A "…" after a key's
name on screen means holding it.

`Texts` reads them for the app: the screens ask it through `app.t`,
`app.words`, `app.team` and `app.seat`.
"""

import sys

from ardoise import forget, load


def lookup(table, key):
    """The text of `key` in a language table: "key=text" lines in one
    string, or a dict (the core's English reasons)."""
    if type(table) is dict:
        return table.get(key)
    start = table.find("\n" + key + "=")
    if start < 0:
        return None
    start += len(key) + 2
    return table[start : table.find("\n", start)]


class Texts:
    """The player's language: the screens' words, the names of teams and
    seats, and why the rules refused. `match` is the view of the match
    (ardoise.app.View), whose players' names name the seats."""

    def __init__(self, match):
        self.match = match
        self.language = None
        self.text = ""
        self.compass = False  # seats S, E, N, W and teams N-S, E-W

    def apply_settings(self, settings):
        """Take the settings' language and seat names into use."""
        language = settings.get("lang")
        if language != self.language:
            if self.language is not None:
                forget("ardoise.lang." + self.language)
            self.text = ""  # the old texts go before the new ones come
            self.text = load(language, "ardoise.lang.").TEXT
            self.language = language
        self.compass = settings.get("seats") == "compass"

    def t(self, key):
        """The text `key` in the player's language."""
        return lookup(self.text, key)

    def words(self, key):
        """The list `key` ("a|b|c") in the player's language."""
        return lookup(self.text, key).split("|")

    def team(self, side):
        """A team's name on screen, from 0/1 or "A"/"B"."""
        if type(side) is str:
            side = 0 if side == "A" else 1
        if self.compass:
            return self.words("compass_teams")[side]
        return "AB"[side]

    def seat(self, seat, named=True):
        """A seat's name on screen, seats 0..3 in playing order: the player's
        name if the match event gives names (and `named`), else as the
        settings say."""
        names = self.match.names
        if named and names:
            return names[seat]
        if self.compass:
            return self.t("compass_seats")[seat]
        return str(seat + 1)

    def reason(self, refusal, values):
        """Why the rules refused, `values` filled in (the key if no text says it)."""
        # English is the core's own text; the others are loaded only while
        # one is read: a refusal is rare.
        if self.language == "en":
            name, package = "reasons", "scoring."
        else:
            name, package = "lang.%s_reasons" % self.language, "ardoise."
        kept = package + name in sys.modules
        template = lookup(load(name, package).REASONS, refusal.key)
        if not kept:
            forget(package + name)
        return template % values if template else refusal.key
