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

# Made from firmware/texts.toml by `make texts` down to (made): do not edit.
KEYS = (
    "title", "trump", "totals", "later", "done", "ends", "missing",
    "deal", "slate", "points", "sticks",
)  # fmt: skip  # (made)


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


def fold(app, begin, end, codes, read, each=None):
    """The match folded with `codes` for its events begin..end: `read(game)`
    (not a list), or the list [refusal, the deal it was in] if the rules
    refuse an event; [None, the deal] if the corrected deal would end
    before its last event or not with it (a Bruus deal's five tricks
    reached earlier, or never): its events stay those of one deal.
    `each(game)` is called as the match begins and at each deal's end."""
    match = app.journal.match
    game = match.game
    index = 0
    try:
        game.reset()
        if each:
            each(game)
        for code in match.in_force:
            deals = game.deals
            if index == begin:
                for new in codes:
                    if game.deals != deals:
                        return [None, deals + 1]
                    game.apply(new)
                if game.deals == deals:
                    return [None, deals + 1]
            if not begin <= index < end:
                game.apply(code)
            if each and game.deals != deals:
                each(game)
            index += 1
        return read(game)
    except Refused as refusal:
        return [refusal, _deal_of(game, match, index)]
    finally:
        match.deals()


def later(app, number, begin, end, codes, editor):
    """What each deal from `number` on gave, before and after the correction,
    for each whose result changes: "Donne 4:", then "A +1▶+2 coches" (the
    editor's `compare`, its gains). What a deal gave is the preview's totals after
    it less those before it; they are kept for the deals from `number` on
    only, as small integers."""
    ends = [_ends(app, -1, -1, None, editor, number), _ends(app, begin, end, codes, editor, number)]
    width = len(editor.totals(app.match.game))
    lines = []  # type: list[str]
    deal = 0
    while (deal + 2) * width <= min(len(ends[0]), len(ends[1])):
        gave = []
        for kept in ends:
            start = deal * width
            gave.append([kept[start + width + at] - kept[start + at] for at in range(width)])
        if gave[0] != gave[1]:
            said = editor.compare(app, gave[0], gave[1], True)
            if said:  # "Donne 4:", then "A +1▶+2 coches"
                lines += [t(app, "deal") % (number + deal)] + said
        deal += 1
    return lines


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


def _ends(app, begin, end, codes, editor, number):
    """The preview's totals at the end of each deal from `number` - 1 on (0:
    as the match begins), one after the other in an array."""
    kept = array("i")

    def each(game):
        if game.deals >= number - 1:
            kept.extend(editor.totals(game))

    fold(app, begin, end, codes, editor.totals, each)
    return kept


def compare_teams(app, old, new, named, gains=False, won=False):
    """The preview's lines for two teams: each team's number (old[0],
    old[1]) and tally (old[2], old[3]), before ▶ after, each figure named by
    `named(figure, count)` (0 its number, 1 its tally): "A 13▶10 ardoise",
    "A 1▶2 coches" (a tally only where it is not 0); with `gains`, what a
    deal gave, signed, and only what changed: not its numbers if it `won` a
    game (which wipes them), only what the game gave (Le Brouc's and
    Bruus's editors)."""
    lines = [] if gains else [t(app, "totals")]
    form = "%s %+d▶%+d %s" if gains else "%s %d▶%d %s"
    for side in (0, 1):
        for figure in (1,) if won else (0, 1):
            at = side + 2 * figure
            if old[at] != new[at] or not gains and (not figure or old[at] or new[at]):
                lines.append(form % (app.team(side), old[at], new[at], named(figure, new[at])))
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
    lines = editor.compare(app, old, result) + later(app, number, begin, end, codes, editor)

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
