"""Brusquembelle on the slate: each player's balance and the pool.

One line per player (with pairs, per pair: seats 1 and 3 are A, 2 and 4 are
B), `•` at the dealer, then the pool. The status row names the next dealer
between deals; inverted during one, it counts the Aces and Tens entered.

On the slate: OK starts a deal (the antes go into the pool) or, during one,
opens its actions. Held Prev: undo; held Next (or the fourth button): the
menu. This module stays loaded while the match is on the slate, with a
deal's actions, a new match's questions and the history (few enough to
need no module of their own).
"""

from ardoise.base import (
    RIGHT,
    ROW,
    WIDTH,
    SlateScreen,
    draw_text,
    fit,
    status_row,
    text_width,
)
from scoring.brusquembelle import (
    ANTE,
    CARD_POINTS,
    FEWEST,
    MOST,
    MOST_ANTE,
    OF_EACH_RANK,
    RANK_PAYMENT,
    RANKS,
)


def player(app, seat, width=0):
    """A seat as the screen names it: the match's names, the settings' seats
    at a table of four (compass points name four seats), else 1 to 5. Given
    a `width` in characters, a name longer than it by its first three
    letters, its one short form ("Mar" for Marie-Claire), else the seat."""
    match = app.match
    name = app.seat(seat) if match.game.players == 4 or match.names else str(seat + 1)
    if width and len(name) > width:
        return name[:3] if width >= 3 else str(seat + 1)
    return name


def card_word(app, card):
    """Card `card` of the deal's menu: 0 Ace won, 1 Ace lost, 2 Ten won, 3 Ten lost."""
    return "%s %s" % (app.words("bq_ranks")[card // 2], app.words("bq_won")[card % 2])


def side_name(app, game, side, width=0):
    """A side of the deal's end as the screen names it: a pair (its players
    if they fit `width`), or a player (in `width`: player)."""
    return app.team(side, width) if game.pairs else player(app, side, width)


def snapshot(game):
    """What `outcome` compares: the pool, then each player's balance."""
    return [game.pool] + game.balance


def pool_went(app, game, taken):
    """Where the pool went at the end of a deal: `taken` units to whom, or it stays."""
    if not game.taker:
        return app.t("bq_tie") % game.pool
    side = game.taker[0]  # with pairs, seat 0 or 1: pair A or B
    return app.t("bq_took") % (side_name(app, game, side, 7), taken)


def outcome(app, before, event):
    """The short note the slate shows once `event` is on flash."""
    game = app.match.game
    name = event["ev"]
    if name == "deal":
        return "%s +%d = %d" % (app.t("bq_pool"), game.pool - before[0], game.pool)
    if name == "card":
        seat = event["player"]
        return "%s %+d" % (describe(app, event), game.balance[seat] - before[1 + seat])
    return pool_went(app, game, before[0] - game.pool)


def describe(app, event):
    """One event in a few words: what undo would take back."""
    name = event["ev"]
    if name == "deal":
        return app.t("bq_deal") % player(app, app.match.game.dealer)
    if name == "card":
        card = 2 * RANKS.index(event["rank"]) + (0 if event["won"] else 1)
        word = card_word(app, card)
        return "%s: %s" % (player(app, event["player"], 14 - len(word)), word)
    return app.t("bq_end") % "/".join(map(str, event["points"]))


def shown_value(app, value):
    """A value of a refusal as the screen names it: a rank in the player's words."""
    if value in RANKS:
        return app.words("bq_ranks")[RANKS.index(value)]
    return value


# -- a deal's actions ----------------------------------------------------------
#
# An Ace or a Ten played: which card and whether it won its trick (each with
# what it pays its player), then who played it. The end of the deal: the card
# points of every player but the last, who has the rest of 120; with pairs,
# pair A's points, pair B having the rest. The widgets they show are loaded
# while they are open.


def deal_menu(app):
    """Ace won, Ace lost, Ten won, Ten lost (what each pays), the end of the deal."""
    game = app.match.game
    options = []
    for card in range(4):
        units = RANK_PAYMENT[card // 2] * (game.players - 1)  # rule 32
        options.append("%s %+d" % (card_word(app, card), -units if card % 2 else units))
    options.append(app.t("do_end"))

    def pick(app, index):
        if index == 4:
            ask_points(app, [])
        else:
            ask_player(app, index, _act)

    app.push(app.load("widgets").Choice(app.t("deal_menu"), options, pick))


def _act(app, event):
    app.act(event)


def ask_player(app, card, then, seat=0):
    """Who played the Ace or Ten `card` (see card_word), the cursor on
    `seat`: `then(app, event)`, the card's event (a deal's, a correction's)."""

    def chosen(app, seat):
        then(app, {"ev": "card", "player": seat, "rank": RANKS[card // 2], "won": card % 2 == 0})

    names = []
    for each in range(app.match.game.players):
        names.append(player(app, each))
    title = app.t("bq_who") % card_word(app, card)
    if len(title) > (16 if len(names) < app.rows else 14):  # a list that scrolls: its marks
        title = card_word(app, card)
    app.push(app.load("widgets").Choice(title, names, chosen, seat))


def points_entry(game, points, sides):
    """The card points of the next side after `points` (of `sides`), as a
    deal or its correction asks them: (the points left, whether the side
    after it is the last one, which has the rest; what the number shows
    under it, `detail(app, value)`)."""
    left = CARD_POINTS
    for value in points:
        left -= value
    last = len(points) == sides - 2

    def detail(app, value):
        if last:
            return ["%s: %d" % (side_name(app, game, sides - 1, 3), left - value)]
        return [app.t("bq_left") % (left - value)]

    return left, last, detail


def ask_points(app, points):
    """The card points of the next side after `points` (those entered so far)."""
    game = app.match.game
    sides = 2 if game.pairs else game.players
    side = len(points)
    left, last, detail = points_entry(game, points, sides)

    def done(app, value):
        entered = points + [value]
        if not last:
            ask_points(app, entered)
            return
        # Points past 120 leave the last side none: the rules then say the
        # total is wrong, with the points as entered.
        entered.append(max(0, left - value))
        if game.pairs:
            entered += [0, 0]  # each pair's points on its first seat: rule 30 adds partners'
        app.act({"ev": "end", "points": entered})

    # Starting from an even share of what is left: the fewest presses on average.
    start = max(0, left) // (sides - side)
    title = points_title(app, game, side)
    app.push(app.load("widgets").Number(title, start, 0, CARD_POINTS, done, detail))


def points_title(app, game, side):
    """ "Points de 2" ("Points de Rösli"), or the side alone where that
    leaves the title no room."""
    title = app.t("card_points") % side_name(app, game, side)
    return title if len(title) <= 16 else side_name(app, game, side, 16)


# -- a new match and the history -----------------------------------------------
#
# A new match: the number of players (with the pack it needs), the ante (with
# the pool it makes), pairs (asked only with four players), then the
# confirmation every game ends with. No first dealer is asked: the match
# log's Brusquembelle match event names none, so seat 1 deals first. A
# Brusquembelle match on the slate gives the answers their first values.


def new_match(app):
    widgets = app.load("widgets")  # while the questions are asked
    current = app.match.game
    players, ante, pairs = 4, ANTE, False
    if current is not None and current.name == "brusquembelle":
        players, ante, pairs = current.players, current.ante, current.pairs

    def pack(app, count):
        return [app.t("bq_pack") % (32 if count % 2 == 0 else 30)]  # rule 30

    def chosen(app, count):
        def pool(app, units):
            return ["%s %d" % (app.t("bq_pool"), units * count)]

        def paid(app, units):
            if count != 4:
                confirm(app, count, units, False)
                return

            def paired(app, answer):
                confirm(app, count, units, answer == 1)

            options = [app.t("no"), app.t("yes")]
            app.push(widgets.Choice(app.t("bq_pairs"), options, paired, 1 if pairs else 0))

        app.push(widgets.Number(app.t("bq_ante"), ante, 0, MOST_ANTE, paid, pool))

    app.push(widgets.Number(app.t("bq_players"), players, FEWEST, MOST, chosen, pack))


def confirm(app, count, units, pairs):
    rules = app.t("bq_paired") % units if pairs else app.t("bq_rules") % (count, units)

    def header(dealer):  # always seat 0 (no seats to choose from)
        return {
            "ev": "match",
            "game": "brusquembelle",
            "players": count,
            "ante": units,
            "pairs": pairs,
        }

    app.load("menus").confirm_new_match(app, rules, header, 0)


def history(app):
    """The deals of the match and each in detail (brusquembelle_history.py)."""
    app.load("games.brusquembelle_history").history(app)


# -- the slate ------------------------------------------------------------------


class Slate(SlateScreen):
    """The balances and the pool of the match in progress."""

    def draw(self, app, fb):
        game = app.match.game
        balance = game.balance
        if game.pairs:
            values = [balance[0] + balance[2], balance[1] + balance[3]]
        else:
            values = balance
        dealer = game.dealer % len(values)
        # Lines of equal height above the status row, the pool last; on a
        # 128x32 panel two columns once they do not fit in three rows.
        count = len(values) + 1
        columns = 2 if app.compact and count > 3 else 1
        lines = (count + columns - 1) // columns
        pitch = (app.rows - 1) * ROW // lines
        scale = 2 if pitch >= 2 * ROW else 1
        width = WIDTH // columns
        for index in range(count):
            place = index if index < len(values) else lines * columns - 1
            x = place % columns * width
            y = place // columns * pitch
            if index < len(values):
                label = side_name(app, game, index, 99)
                value = "%+d" % values[index] if values[index] else "0"
                if index == dealer:
                    draw_text(fb, "•", x, y + (pitch - ROW) // 2)
            else:
                label = app.t("bq_pool")
                value = str(game.pool)
                if columns == 1 and pitch > ROW:  # set apart where there is room
                    fb.hline(0, y - 1, WIDTH, 1)
            right = x + width - (3 if columns == 2 and x == 0 else 0)
            draw_text(fb, value, right, y + (pitch - ROW * scale) // 2, scale=scale, align=RIGHT)
            room = right - x - ROW - text_width(value, scale=scale) - 4
            if index < len(values):  # a player too long for it: its short form
                label = side_name(app, game, index, room // 8)
            elif text_width(label) > room:  # the pool's word: its place says it
                label = ""
            draw_text(fb, fit(label, room), x + ROW, y + (pitch - ROW) // 2)
        if columns == 2:
            fb.vline(width - 1, 0, (app.rows - 1) * ROW, 1)
        if game.deal_open:
            played = game.played
            text = "A %d/%d · 10 %d/%d" % (played[0], OF_EACH_RANK, played[1], OF_EACH_RANK)
            status_row(app, fb, text, True)
            return
        dealer = player(app, game.dealer, 15)
        text = app.t("dealer") % dealer
        status_row(app, fb, (text + " · OK", text, dealer))  # OK deals, where it fits
