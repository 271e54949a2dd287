"""Brusquembelle: a new match's questions, loaded when "new match" picks the game.

The number of players (with the pack it needs), the ante (with the pool it
makes), pairs (asked only with four players), then the confirmation every
game ends with. No first dealer is asked: the match log's Brusquembelle
match event names none, so seat 1 deals first. A Brusquembelle match on
the slate gives the answers their first values.
"""

from ardoise.inputs import Choice, Number

GAME = "brusquembelle"


def ask_players(app):
    current = app.journal.match
    players, ante, pairs = 4, 1, False
    if current is not None and current.game.name == GAME:
        game = current.game
        players, ante, pairs = game.players, game.ante, game.pairs

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
            app.push(Choice(app.t("bq_pairs"), options, paired, 1 if pairs else 0))

        app.push(Number(app.t("bq_ante"), ante, 0, 100, paid, pool))

    app.push(Number(app.t("bq_players"), players, 2, 5, chosen, pack))


def confirm(app, count, units, pairs):
    rules = app.t("bq_paired") % units if pairs else app.t("bq_rules") % (count, units)

    def header(dealer):  # always seat 0 (no seats to choose from)
        return {"ev": "match", "game": GAME, "players": count, "ante": units, "pairs": pairs}

    app.load("screens").confirm_new_match(app, rules, header, 0)
