"""What the screens say, in French (the default), German and English.

One module per language, loaded alone: TEXT holds the screens' words, one
line each in the order of KEYS below (one string costs a board far less RAM
than a dict of them, and the keys are written once, here, not in each
language); a list is "a|b|c". fr_reasons.py and de_reasons.py hold the
rules core's refusals, a line each in the order of the core's KEYS
(scoring/reasons.py; the English texts are the core's own), loaded only to
show one.

`Texts` reads them for the app: the screens ask it through `app.t`,
`app.words`, `app.team` and `app.seat`.
"""

import sys
from array import array

from ardoise import forget, load
from scoring.match import line, place

# The keys of the screens' texts, in the order of each language's TEXT: one
# bytes, each between newlines (a tuple of strs would make each key a qstr,
# never freed); scoring.match.place finds a key's line.
# Made from firmware/texts.toml by `make texts` down to (made): do not edit.
KEYS = (
    b"\n"
    b"note\n"
    b"not_saved\n"
    b"undone\n"
    b"match_started\n"
    b"compass_teams\n"
    b"compass_seats\n"
    b"refused\n"
    b"storage_full\n"
    b"storage_error\n"
    b"torn\n"
    b"damaged\n"
    b"flash_full\n"
    b"flash_error\n"
    b"settings_damaged\n"
    b"confirm_keys\n"
    b"no_match\n"
    b"no_screens\n"
    b"ok_new_match\n"
    b"menu\n"
    b"history\n"
    b"undo\n"
    b"undo_what\n"
    b"new_match\n"
    b"first_dealer\n"
    b"archived\n"
    b"settings\n"
    b"set_rules\n"
    b"set_target\n"
    b"set_lang\n"
    b"set_contrast\n"
    b"set_sleep\n"
    b"set_off\n"
    b"set_tricks\n"
    b"set_seats\n"
    b"games\n"
    b"rules_names\n"
    b"bq_players\n"
    b"bq_pack\n"
    b"bq_ante\n"
    b"bq_pool\n"
    b"bq_pairs\n"
    b"bq_paired\n"
    b"bq_rules\n"
    b"bq_ranks\n"
    b"bq_won\n"
    b"bq_who\n"
    b"bq_left\n"
    b"bq_deal\n"
    b"bq_end\n"
    b"bq_took\n"
    b"bq_tie\n"
    b"seat_styles\n"
    b"never\n"
    b"yes\n"
    b"no\n"
    b"target_31\n"
    b"coches\n"
    b"parties\n"
    b"parties_short\n"
    b"match_won\n"
    b"game_won\n"
    b"gained\n"
    b"dealer\n"
    b"suits\n"
    b"trump_mark\n"
    b"trump_title\n"
    b"deal_menu\n"
    b"do_end\n"
    b"do_marriage\n"
    b"do_trick\n"
    b"do_dehors\n"
    b"do_announce\n"
    b"do_cape\n"
    b"do_vole\n"
    b"card_points\n"
    b"marriage_team\n"
    b"kinds\n"
    b"calls\n"
    b"calls_short\n"
    b"count\n"
    b"right\n"
    b"wrong\n"
    b"no_deal_yet\n"
    b"ev_deal\n"
    b"ev_trick\n"
    b"ev_declare\n"
    b"ev_table\n"
    b"ev_out\n"
    b"ev_end\n"
    b"ev_cape\n"
    b"bruus_rules\n"
    b"bruus_tricks\n"
    b"bruus_kinds\n"
    b"bruus_kinds_short\n"
    b"bruus_games\n"
    b"bruus_game_won\n"
    b"bruus_double\n"
    b"bruus_bock\n"
    b"set_names\n"
    b"player_of\n"
    b"add_name\n"
    b"remove_name\n"
    b"name_keys\n"
    b"name_taken\n"
    b"roster_full\n"
    b"bruus_session_q\n"
    b"bruus_session\n"
    b"bruus_session_end\n"
    b"hist_deal\n"
    b"hist_tricks\n"
    b"hist_where\n"
)  # (made)


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
        in KEYS (the key itself if no line says it)."""
        at = place(KEYS, key)
        starts = self.starts
        if at is None or at + 1 >= len(starts):
            return key
        return str(self.text[starts[at] : starts[at + 1] - 1], "utf-8")

    def words(self, key):
        """The list `key` ("a|b|c") in the player's language."""
        return self.t(key).split("|")

    def team(self, side, width=0, named=True):
        """A team's name on screen, from 0/1 or "A"/"B". In a match that
        names its players (and `named`), the players: whole ("Rösli & Paul")
        where a `width` in characters holds them, else their one short form,
        the same on every screen: their initials ("R&P"), or the team's
        letter should the other team's initials be the same. A team of one
        (two players, Bruus's `two`): the player, else its first three
        letters."""
        if type(side) is str:
            side = 0 if side == "A" else 1
        names = self.match.names
        if named and names:
            two = len(names) == 2
            whole = self.seat(side) if two else self.seat(side) + " & " + self.seat(side + 2)
            if width and len(whole) <= width:
                return whole
            # Slices, not indexing: a one-character str made by indexing is
            # interned for good (docs/architecture.md).
            if two:
                short, other = whole[:3], self.seat(1 - side)[:3]
            else:
                short = whole[:1] + "&" + self.seat(side + 2)[:1]
                other = self.seat(1 - side)[:1] + "&" + self.seat(3 - side)[:1]
            if short != other:
                return short
        if self.compass:
            return self.words("compass_teams")[side]
        return "AB"[side]

    def winners(self, key, side, width=16):
        """The banner `key` ("%s gagne le match") for team `side`, on a
        row of `width` characters: with the players when the match names
        them, as "✓ Rösli & Paul" (or "✓ A") where the sentence leaves no
        room."""
        text = self.t(key)
        shown = text % self.team(side, width + 2 - len(text))
        if len(shown) > width:
            shown = "✓ " + self.team(side, width - 2)
        return shown

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

        The English text is the core's own, from the part that holds the key
        (scoring/reasons_<len(key) % 5>.py, as str() of a refusal reads it);
        a translation's line is in the place of the key among the core's
        KEYS (scoring/reasons.py). Each is loaded only while it is read: a
        refusal is rare.
        """
        key = refusal.key
        if self.language == "en":
            part = _loaded("scoring.reasons_%d" % (len(key) % 5))
            keys, table = part.KEYS, part.TEXT
        else:
            keys = _loaded("scoring.reasons").KEYS
            table = _loaded("ardoise.lang.%s_reasons" % self.language).REASONS
        template = line(table, keys, key)
        return key if template is None else template % values


def _loaded(name):
    """The module `name`, loaded for the moment unless it was already."""
    kept = name in sys.modules
    module = load(name, "")
    if not kept:
        forget(name)
    return module
