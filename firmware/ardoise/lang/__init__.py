"""What the screens say, in French (the default), German and English.

One module per language, loaded alone: TEXT holds the screens' words, one
line each in the order of the keys below (one string costs a board far
less RAM than a dict of them, and the keys are written once, here, not in
each language); a list is "a|b|c". fr_reasons.py and de_reasons.py hold the
rules core's refusals, a line each in the order of the core's own English
ones ("key=text" lines, scoring/reasons.py), loaded only to show one. A "…"
after a key's name on screen means holding it.

`Texts` reads them for the app: the screens ask it through `app.t`,
`app.words`, `app.team` and `app.seat`.
"""

import sys
from array import array

from ardoise import forget, load
from scoring.match import line, place

# The keys of the screens' texts, one line of each language's TEXT each, in
# this order (each language names a line's key in its comment):
#
#   note not_saved undone match_started compass_teams compass_seats refused
#   storage_full storage_error torn damaged flash_full flash_error
#   settings_damaged confirm_keys no_match no_screens ok_new_match menu
#   history undo undo_what new_match first_dealer archived settings set_rules
#   set_target set_lang set_contrast set_sleep set_off set_tricks set_seats
#   games rules_names bq_players bq_pack bq_ante bq_pool bq_pairs bq_paired
#   bq_rules bq_ranks bq_won bq_who bq_left bq_deal bq_end bq_took bq_tie
#   seat_styles never yes no target_31 coches parties parties_short match_won
#   game_won gained dealer suits trump_mark trump_title deal_menu do_end
#   do_marriage do_trick do_dehors do_announce do_cape do_vole card_points
#   marriage_team kinds calls calls_short count right wrong no_deal_yet
#   ev_deal ev_trick ev_declare ev_table ev_out ev_end ev_cape bruus_rules
#   bruus_tricks bruus_kinds bruus_games bruus_game_won bruus_double
#   bruus_bock set_names player_of add_name remove_name name_keys name_taken
#   roster_full
#
# The board keeps each key as its two bytes `scoring.match.code(key)`, in
# the same order:
# a fifth of the keys' text. tests/test_lang.py checks CODES against the
# keys above (and says it anew when a key is added).
CODES = (
    b"\xaf\xf2\xd2\x1b\x3d\x9b\x2c\x07\x14\x49\xfd\xa1\x22\xd0\xed\xd3\x6f\x44\x69\xf7\xe2\xd5"
    b"\x61\x7e\x70\xf9\x72\xb9\x38\x13\x35\xc7\xb1\x09\x93\xc3\x15\x5f\xe4\x94\xd8\xe4\x79\x3f"
    b"\x2e\x66\x62\x88\x37\xe2\xbc\x23\x16\xda\x60\x0e\xfb\xab\x56\x3f\xfc\xba\x98\x12\xc9\xfd"
    b"\xc0\xf1\x32\xc1\xae\x00\xb5\xc2\x68\x09\xc9\x4e\x9e\x0c\xb0\xe9\x6a\xe9\x01\x07\xf1\xd7"
    b"\x48\xa6\x47\xce\xa5\xf7\x02\x5c\x04\xeb\x6f\x87\x3c\xa0\xe8\x5c\xca\x8c\xd2\xe7\x0d\xc1"
    b"\x43\xcc\x8a\x3f\xca\x04\x1e\x81\x6b\x1c\xfe\xc9\x74\x5e\x9e\x19\x57\x06\xf2\x52\xa7\x73"
    b"\xb5\x52\x87\x27\xc1\xfe\xaa\x9f\xa7\xbd\xa5\x9d\x46\x07\x1d\x26\x4c\xf2\x38\xb2\x37\x5f"
    b"\xd1\xd5\x45\x92\x51\x0f\xc2\x1c\x6d\xad\xf5\x53\xef\x3a\x76\x45\xb7\xdc\xa2\xc0\x2a\xc0"
    b"\x04\x4d\x6d\xa1\x55\x3b\x57\xbc\x43\xa3\x3f\x05\x5c\x05\xf8\x0d\x94\xb1\xa5\x2b\xdf\xf5"
    b"\xf7\x69\xed\x66\x4b\x28\xe6\x13\x8b\xc3"
)


class Texts:
    """The player's language: the screens' words, the names of teams and
    seats, and why the rules refused. `match` is the view of the match
    (ardoise.app.View), whose players' names name the seats."""

    def __init__(self, match):
        self.match = match
        self.language = None
        self.text = b""
        self.starts = array("H", (0, 1))  # of the lines of `text`: one, empty
        self.compass = False  # seats S, E, N, W and teams N-S, E-W

    def apply_settings(self, settings):
        """Take the settings' language and seat names into use."""
        language = settings.get("lang")
        if language != self.language:
            self.text = b""  # the old texts go before the new ones come
            # As UTF-8 bytes: a str's find and slices count characters from
            # its start, a bytes' do not (a late key took 30 ms on a Pico).
            # A copy: the module, its str, goes at once.
            text = self.text = load(language, "ardoise.lang.").TEXT.encode()
            forget("ardoise.lang." + language)
            self.language = language
            # Where each line starts (and the end): a text is two slices
            # away, not a find per line before it (a late key took ~1 ms).
            starts = self.starts = array("H", (0,))
            at = text.find(b"\n") + 1
            while at:
                starts.append(at)
                at = text.find(b"\n", at) + 1
        self.compass = settings.get("seats") == "compass"

    def t(self, key):
        """The text `key` in the player's language: TEXT's line of its place
        among the keys (None for no key of theirs)."""
        at = place(CODES, key)
        if at is None:
            return None
        return str(self.text[self.starts[at] : self.starts[at + 1] - 1], "utf-8")

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
            players = []
            for seat in range(side, len(names), 2):
                players.append(self.seat(seat))
            text = " & ".join(players)
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
        """Why the rules refused, `values` filled in (the key if no text says it).

        The core's English reasons (scoring/reasons.py) place each key among
        their CODES; fr_reasons.py and de_reasons.py have their texts in the
        same order. Each is loaded only while it is read: a refusal is rare.
        """
        english = _loaded("scoring.reasons")
        codes = english.CODES
        table = english.REASONS if self.language == "en" else None
        english = None  # the English texts go before a translation comes
        if table is None:
            table = _loaded("ardoise.lang.%s_reasons" % self.language).REASONS
        template = line(table, codes, refusal.key)
        return refusal.key if template is None else template % values


def _loaded(name):
    """The module `name`, loaded for the moment unless it was already."""
    kept = name in sys.modules
    module = load(name, "")
    if not kept:
        forget(name)
    return module
