"""What the screens say, in French (the default), German and English.

One module per language, loaded alone: TEXT holds the screens' words, one
line each in the order of KEYS below (one string costs a board far less
RAM than a dict of them, and the keys are written once, here, not in each
language); a list is "a|b|c". fr_reasons.py and de_reasons.py hold the
rules core's refusals, a line each in the order of the core's own English
ones ("key=text" lines, scoring/reasons.py), loaded only to show one. A "…"
after a key's name on screen means holding it.

`Texts` reads them for the app: the screens ask it through `app.t`,
`app.words`, `app.team` and `app.seat`.
"""

import sys

from ardoise import forget, load
from scoring.match import lookup

# The keys of the screens' texts, one line of each language's TEXT each, in
# this order; a space before and after every key.
KEYS = (
    " note not_saved undone match_started compass_teams compass_seats refused"
    " storage_full storage_error torn damaged flash_full flash_error settings_damaged"
    " confirm_keys no_match no_screens ok_new_match menu history undo undo_what"
    " new_match first_dealer archived settings set_rules set_target set_lang"
    " set_contrast set_sleep set_off set_tricks set_seats games rules_names"
    " bq_players bq_pack bq_ante bq_pool bq_pairs bq_paired bq_rules bq_ranks bq_won"
    " bq_who bq_left bq_deal bq_end bq_took bq_tie seat_styles never yes no target_31"
    " coches parties parties_short match_won game_won gained dealer suits trump_mark"
    " trump_title deal_menu do_end do_marriage do_trick do_dehors do_announce do_cape"
    " do_vole card_points marriage_team kinds calls calls_short count"
    " right wrong no_deal_yet ev_deal ev_trick ev_declare ev_table ev_out ev_end"
    " ev_cape bruus_rules bruus_tricks bruus_kinds bruus_games bruus_game_won"
    " bruus_double bruus_bock set_names player_of add_name remove_name name_keys"
    " name_taken roster_full "
)


class Texts:
    """The player's language: the screens' words, the names of teams and
    seats, and why the rules refused. `match` is the view of the match
    (ardoise.app.View), whose players' names name the seats."""

    def __init__(self, match):
        self.match = match
        self.language = None
        self.text = b""
        self.compass = False  # seats S, E, N, W and teams N-S, E-W

    def apply_settings(self, settings):
        """Take the settings' language and seat names into use."""
        language = settings.get("lang")
        if language != self.language:
            self.text = b""  # the old texts go before the new ones come
            # As UTF-8 bytes: a str's find and slices count characters from
            # its start, a bytes' do not (a late key took 30 ms on a Pico).
            # A copy: the module, its str, goes at once.
            self.text = load(language, "ardoise.lang.").TEXT.encode()
            forget("ardoise.lang." + language)
            self.language = language
        self.compass = settings.get("seats") == "compass"

    def t(self, key):
        """The text `key` in the player's language: TEXT's line of its place in KEYS."""
        start = KEYS.find(" " + key + " ")
        if start < 0:
            return None
        return _line(self.text, KEYS.count(" ", 0, start))

    def words(self, key):
        """The list `key` ("a|b|c") in the player's language."""
        return self.t(key).split("|")

    def team(self, side, width=0):
        """A team's name on screen, from 0/1 or "A"/"B"; given a `width` in
        characters, its players ("Rösli & Paul") when the match names them
        and they fit."""
        if type(side) is str:
            side = 0 if side == "A" else 1
        names = self.match.names
        if width and names:
            text = " & ".join([self.seat(seat) for seat in range(side, len(names), 2)])
            if len(text) <= width:
                return text
        if self.compass:
            return self.words("compass_teams")[side]
        return "AB"[side]

    def seat(self, seat, named=True):
        """A seat's name on screen, seats 0..3 in playing order: the player's
        name if the match event gives names (and `named`), else as the
        settings say."""
        names = self.match.names
        if named and names and names[seat] != "-":  # a seat left anonymous (seats.py)
            return names[seat]
        if self.compass:
            return self.t("compass_seats")[seat]
        return str(seat + 1)

    def reason(self, refusal, values):
        """Why the rules refused, `values` filled in (the key if no text says it)."""
        key = refusal.key
        table = _reasons("scoring.reasons")  # English, "key=text" lines
        start = table.find("\n" + key + "=")
        if start < 0:
            return key
        if self.language == "en":
            template = lookup(table, key)
        else:  # the same line of the translation
            line = table.count("\n", 0, start)
            table = ""  # the English texts go before the translation comes
            table = _reasons("ardoise.lang.%s_reasons" % self.language)
            template = _line(table.encode(), line)
        return template % values


def _line(text, index):
    """Line `index` (from 0) of the UTF-8 bytes `text` (lines each end in a
    newline), as a str."""
    at = 0
    for _ in range(index):
        at = text.find(b"\n", at) + 1
    return str(text[at : text.find(b"\n", at)], "utf-8")


def _reasons(name):
    """The REASONS of the module `name`, loaded only while they are read
    (a refusal is rare) unless they were loaded already."""
    kept = name in sys.modules
    reasons = load(name, "").REASONS
    if not kept:
        forget(name)
    return reasons
