"""A past deal put right: "Correct" on a deal of the history (OK on it).

The deal's events are changed by the game's own editor
(`ardoise.games.<game>_correct`, `edit(app, number, codes, done)`), as the
rules core's codes; then the whole match is folded again with them by the
rules core, nothing written yet: the deals after it that the rules now
refuse are named (the first of them, and why), or the new totals are shown
beside the old ones for one confirmation. Confirmed, the journal takes
back every event from the deal on and enters the corrected deal and the
later ones again, as ordinary events of the log, in one write that a power
cut leaves whole or absent (journal_rewrite.py).

Loaded with its game's editor only while a correction is made, dropped
when the slate is back (ardoise.Modules). The one screen module that
reads the match's events in force: from the journal's Match, folding its
game again and leaving it folded to the end.
"""

from array import array

from ardoise import load
from ardoise.widgets import Confirm
from scoring import Refused

# The lines of ardoise/lang/<language>_correct.py, in this order.
KEYS = ("title", "trump", "totals", "later", "done", "ends", "missing")


def t(app, key):
    """A correction's text in the player's language."""
    texts = app.load("%s_correct" % app.text.language, "ardoise.lang.").TEXT
    return texts[KEYS.index(key)]


def start(app, number):
    """Correct finished deal `number` (1 the first), if the game can."""
    game = app.match.game
    try:
        editor = app.load("games.%s_correct" % game.name)
    except ImportError:
        app.alert(t(app, "missing"))  # every game has one: an install that lost it
        return
    begin, end = span(app, number)
    codes = array("i")
    index = 0
    for code in app.journal.match.in_force:
        if begin <= index < end:
            codes.append(code)
        index += 1

    def done(app, codes):
        check(app, number, begin, end, codes, editor)

    editor.edit(app, number, codes, done)


def span(app, number):
    """Where deal `number`'s codes begin and end among the events in force."""
    match = app.journal.match
    game = match.game
    begin = -1
    end = index = 0
    try:
        game.reset()
        for code in match.in_force:
            if begin < 0 and game.deals == number - 1:
                begin = index
            game.apply(code)
            index += 1
            if game.deals == number:
                end = index
                break
    finally:
        match.deals()  # the match's own game, folded to the end again
    return begin, end


def fold(app, begin, end, codes, read):
    """The match folded with `codes` for its events begin..end: `read(game)`
    (not a list), or the list [refusal, the deal it was in] if the rules
    refuse an event; [None, the deal] if the corrected deal would end
    before its last event or not with it (a Bruus deal's five tricks
    reached earlier, or never): its events stay those of one deal."""
    match = app.journal.match
    game = match.game
    index = 0
    try:
        game.reset()
        for code in match.in_force:
            if index == begin:
                deals = game.deals
                for new in codes:
                    if game.deals != deals:
                        return [None, deals + 1]
                    game.apply(new)
                if game.deals == deals:
                    return [None, deals + 1]
            if not begin <= index < end:
                game.apply(code)
            index += 1
        return read(game)
    except Refused as refusal:
        return [refusal, _deal_of(game, match, index)]
    finally:
        match.deals()


def _deal_of(game, match, at):
    """The deal event `at` of the match is in, as the slate numbered it
    before the correction: a game now won earlier (a Bruus strike) would
    have the fold count it in the next one."""
    deals = index = 0
    for code in match.in_force:
        if index > at:
            break
        if game.decode(code)["ev"] == "deal":
            deals += 1
        index += 1
    return deals


def compare_teams(app, old, new, unit):
    """The preview's lines for two teams: each team's number (old[0],
    old[1]) and tally (old[2], old[3]), before ▶ after, the tally named by
    `unit(count)` where that fits its row; on a 128x32 panel two rows, the
    numbers then the tallies (Le Brouc's and Bruus's editors)."""
    if app.compact:
        lines = ["%s %d▶%d %s %d▶%d" % (app.team(0), old[0], new[0], app.team(1), old[1], new[1])]
        return lines + ["%d▶%d %d▶%d %s" % (old[2], new[2], old[3], new[3], unit(2))]
    lines = [t(app, "totals")]
    for side in (0, 1):
        text = "%s %d▶%d" % (app.team(side), old[side], new[side])
        if old[2 + side] or new[2 + side]:
            text += ", %d▶%d" % (old[2 + side], new[2 + side])
            named = text + " " + unit(new[2 + side])
            text = named if len(named) <= 16 else text  # on one row
        lines.append(text)
    return lines


class _Events:
    """The events of `codes`, as the log writes them, at each iteration."""

    def __init__(self, game, codes):
        self.game = game
        self.codes = codes

    def __iter__(self):
        decode = self.game.decode
        for code in self.codes:
            yield decode(code)


def check(app, number, begin, end, codes, editor):
    """Fold the match with the corrected deal; say what refuses it, or show
    the new totals and write it all on OK."""
    result = fold(app, begin, end, codes, editor.totals)
    if type(result) is list:
        refusal, deal = result
        if refusal is None:
            app.alert(t(app, "ends") % deal, app.t("refused"))
            return
        values = []
        for value in refusal.values:
            values.append(app.screens.shown_value(app, value))
        text = t(app, "later") % deal + "\n" + app.text.reason(refusal, tuple(values))
        app.alert(text, app.t("refused"))
        return
    old = editor.totals(app.match.game)
    lines = editor.compare(app, old, result)

    def show(app):
        return lines

    def yes(app):
        match = app.journal.match
        later = array("i", codes)
        index = 0
        for code in match.in_force:
            if index >= end:
                later.append(code)
            index += 1
        batch = (index - begin, _Events(match.game, later))
        done = t(app, "done") % number
        # The slate first: the history's and the correction's screens and
        # modules go before the journal's whole-file work comes (a refusal
        # or a flash error is then said over the slate).
        app.home()
        if app.write(_rewrite(app), batch):
            app.toast(done)
        app.sweep()  # a correction is rare: its modules are not kept for the next trip

    app.push(Confirm(t(app, "title") % number, show, yes))


def _rewrite(app):
    def rewrite(batch):
        return load("journal_rewrite").rewrite(app.journal, batch[0], batch[1])

    return rewrite
