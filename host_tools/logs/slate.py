"""Read a match log back as the players would: deal by deal, game by game.

    ardoise slate LOG.jsonl [--png SLATE.png] [--csv DEALS.csv]

Prints a summary of the match for Le Brouc, Bruus or Brusquembelle; `--png`
also draws the slate (chalk on slate for Le Brouc, matchsticks for Bruus, a
table of purses for Brusquembelle) and `--csv` writes one row per deal.
Everything is read from the rules core (host_tools/logs/matchlog.py). Exit 0, or
exit 1 with `line N: reason` (or why the file cannot be read) on stderr and
nothing on stdout.
"""

import argparse
import csv
import sys

from host_tools.common import OutputError, check_outputs
from host_tools.logs.matchlog import (
    SUIT_NAMES,
    TEAMS,
    brouc_match,
    brusquembelle_deals,
    bruus_match,
    opponent,
    read_match_log,
)
from host_tools.logs.replay import read_or_report
from host_tools.logs.seats import seat_numbers

CALL_NAMES = {
    "cape-dehors": "cape et dehors",
    "cape-dedouble": "cape, dehors et pas dédoublé",
    "partie-vole": "partie et vole",
}
RANK_NAMES = {"A": "Ace", "10": "Ten"}


def signed(number):
    return "%+d" % number


def pair(values):
    """{"A": 8, "B": 5} as "A 8, B 5"."""
    return ", ".join("%s %s" % (team, values[team]) for team in TEAMS)


def plural(count, word):
    return "%d %s%s" % (count, word, "" if count == 1 else "s")


def gains(match_gain, unit):
    """What each team scored toward the match, e.g. "A +2 coches"."""
    won = [team for team in TEAMS if match_gain[team]]
    return ", ".join("%s +%s" % (team, plural(match_gain[team], unit)) for team in won)


def team_lines(log):
    if not log.names:
        return []
    lines = []
    for team in TEAMS:
        seats = log.team_seats(team)
        lines.append(
            "Team %s: %s (%s)"
            % (
                team,
                " & ".join(map(log.seat_name, seats)),
                seat_numbers(seats),
            )
        )
    return lines


def dealt_by(log, seat):
    return "dealt by %s" % log.seat_name(seat)


def undo_note(log):
    if not log.undone:
        return []
    return ["(%s taken back by undo, not shown)" % plural(log.undone, "event")]


# -- Le Brouc ---------------------------------------------------------------

TALLY_UNITS = {"coches": "coche", "parties": "partie"}


def marriage_text(marriage):
    name = "K-Q" if marriage.kind == "KQ" else "K-Q-J"
    suit = SUIT_NAMES[marriage.suit] + (" (trumps)" if marriage.trumps else "")
    if marriage.declared:
        return "%s declares %s of %s: %d at the bottom" % (
            marriage.team,
            name,
            suit,
            marriage.value,
        )
    return "%s of %s in a trick of %s: %s %+d, %s %+d" % (
        name,
        suit,
        marriage.team,
        marriage.team,
        marriage.value,
        opponent(marriage.team),
        -marriage.value,
    )


def brouc_ending(deal, unit):
    """How a finished deal ended, in one line."""
    gain = gains(deal.match_gain, unit)
    game = "game to %s" % deal.game_won_by if deal.game_won_by else ""
    slate_gain = ""
    if deal.slate_gain:
        slate_gain = pair({team: signed(deal.slate_gain[team]) for team in TEAMS})
    if deal.outcome == "scored":
        card, rounded = deal.card_points, deal.rounded
        text = "card points %d/%d -> %d/%d" % (card["A"], card["B"], rounded["A"], rounded["B"])
        details = [part for part in (slate_gain, game, gain) if part]
        return text + ": " + "; ".join(details)
    if deal.outcome in ("cape", "vole"):
        name = "la vole" if deal.outcome == "vole" else "cape"
        text = "%s for %s (all eight tricks)" % (name, deal.team)
        if gain:
            return text + ": %s; the slate stays" % gain
        return text + ": " + slate_gain  # "31": the cape is scored on the slate
    if deal.outcome.startswith("dehors"):
        right = deal.outcome == "dehors right"
        text = "%s calls dehors with %d card points: %s, %s" % (
            deal.team,
            deal.out_points,
            "right" if right else "wrong",
            game,
        )
        return text + ("; " + gain if gain else "")
    if deal.outcome == "cape announced won":
        return "%s takes all eight tricks as announced: %s, %s" % (deal.team, gain, game)
    if deal.outcome == "cape announced lost":
        return "%s loses a trick after announcing: %s; the slate stays" % (deal.team, gain)
    return "partie et vole for %s: %s, %s" % (deal.team, gain, game)  # brou1802


def game_ending(deal, rules):
    """How the deal that ended a game ended it, in a few words."""
    if deal.outcome in ("scored", "cape"):  # a "31" cape is scored like any deal
        return "31 reached" if rules == "31" else "301 reached"
    if deal.outcome == "dehors wrong":
        return "wrong dehors call by %s" % deal.team
    return {
        "dehors right": "dehors",
        "cape announced won": "announced cape",
        "partie et vole": "partie et vole",
    }[deal.outcome]


def brouc_summary(log):
    match = brouc_match(log)
    rules = log.rules
    tally = match.tally_key
    final = log.final
    if rules == "31":
        lines = ["Le Brouc, rules 31: the first team to 31 on the slate wins."]
    else:
        lines = [
            "Le Brouc, rules %s: the first team to %s wins the match."
            % (rules, plural(final["target"], TALLY_UNITS[tally]))
        ]
    lines += team_lines(log)
    for game in match.games():
        lines.append("")
        lines.append("Game %d" % game.number)
        for deal in game.deals:
            lines += ["  " + line for line in brouc_deal_lines(log, deal, tally)]
        if game.won_by:
            how = game_ending(game.deals[-1], rules)
            text = "Game %d won by %s (%s)" % (game.number, game.won_by, how)
            if tally:
                text += "; %s now %s" % (tally, pair(getattr(game.deals[-1], tally)))
            lines.append(text)
    lines.append("")
    if rules == "31":
        standing = "slate " + pair(final["slate"])
    else:
        standing = "%s %s" % (tally, pair(final[tally]))
    if final["winner"]:
        lines.append("Match won by %s: %s." % (log.team_label(final["winner"]), standing))
    else:
        lines.append("Match in progress: %s." % standing)
    return lines + undo_note(log)


def brouc_deal_lines(log, deal, tally):
    lines = [
        "Deal %d, %s, trumps %s" % (deal.number, dealt_by(log, deal.dealer), SUIT_NAMES[deal.trump])
    ]
    body = [marriage_text(marriage) for marriage in deal.marriages]
    if deal.announce:
        text = "%s announces %s" % (deal.announce["team"], CALL_NAMES[deal.announce["call"]])
        if deal.announce_lapsed:
            text += " (lapsed)"
        body.append(text)
    if deal.tricks["A"] or deal.tricks["B"]:
        body.append("tricks recorded: " + pair(deal.tricks))
    if deal.outcome is None:
        body.append("in progress")
    else:
        body.append(brouc_ending(deal, TALLY_UNITS.get(tally, "")))
        if not deal.game_won_by:
            text = "slate: " + pair(deal.slate)
            if deal.bottom["A"] or deal.bottom["B"]:
                text += "; bottom: " + pair(deal.bottom)
            if tally and any(deal.match_gain.values()):
                text += "; %s: %s" % (tally, pair(getattr(deal, tally)))
            body.append(text)
    return lines + ["  " + line for line in body]


def brouc_rows(log):
    match = brouc_match(log)
    tally = match.tally_key
    header = [
        "deal",
        "game",
        "dealer",
        "trump",
        "tricks_A",
        "tricks_B",
        "marriages",
        "announce",
        "outcome",
        "team",
        "out_points",
        "card_points_A",
        "card_points_B",
        "rounded_A",
        "rounded_B",
        "slate_gain_A",
        "slate_gain_B",
        "slate_A",
        "slate_B",
        "bottom_A",
        "bottom_B",
    ]
    if tally:
        header += [tally + "_A", tally + "_B"]
    header.append("game_won_by")
    rows = [header]
    for deal in match.deals:
        ended = deal.outcome is not None
        row = [
            deal.number,
            deal.game,
            log.seat_name(deal.dealer),
            deal.trump,
            deal.tricks["A"],
            deal.tricks["B"],
            "; ".join(marriage_text(marriage) for marriage in deal.marriages),
            "%s %s" % (deal.announce["team"], deal.announce["call"]) if deal.announce else "",
            deal.outcome or "in progress",
            deal.team or "",
            blank(deal.out_points),
        ]
        for values in (deal.card_points, deal.rounded, deal.slate_gain):
            row += [values["A"], values["B"]] if values else ["", ""]
        for key in ("slate", "bottom") + ((tally,) if tally else ()):
            values = getattr(deal, key) if ended else None
            row += [values["A"], values["B"]] if values else ["", ""]
        row.append(deal.game_won_by or "")
        rows.append(row)
    return rows


def blank(value):
    return "" if value is None else value


# -- Bruus ------------------------------------------------------------------


def bruus_summary(log):
    match = bruus_match(log)
    final = log.final
    treia = final["rules"] == "treia"
    lines = ["Bruus, rules %s: game to %d points." % (final["rules"], final["target"])]
    if treia:
        lines[0] = "Bruus, rules treia: each team gives back 10 matches, one per point."
    lines += team_lines(log)
    game = None
    for deal in match.deals:
        if deal.game != game:
            game = deal.game
            lines += ["", "Game %d" % game]
        lines += ["  " + line for line in bruus_deal_lines(log, deal)]
        if deal.game_won_by:
            text = "Game %d won by %s (%s)" % (deal.game, deal.game_won_by, pair(deal.game_score))
            if deal.game_value == 2:
                text += ": counts double"
            lines.append(text)
    lines.append("")
    lines.append("Games won: %s." % pair(final["games"]))
    lines.append("Matchsticks won in the match: %s." % pair(match.matchsticks()))
    if final["bock"]:
        lines.append(
            "Bock: %s waiting for the next deal's winner." % plural(final["bock"], "point")
        )
    if treia:
        lines.append("Matches still to give back: %s." % pair(final["matches"]))
    return lines + undo_note(log)


def dare_text(dare):
    return "%s %s: %s" % (dare.team, dare.kind, plural(dare.points, "point"))


def bruus_deal_lines(log, deal):
    lines = [
        "Deal %d, %s: tricks %s" % (deal.number, dealt_by(log, deal.dealer), pair(deal.tricks))
    ]
    body = [dare_text(dare) for dare in deal.dares]
    if deal.winner:
        text = "%s takes the deal: %s" % (deal.winner, plural(deal.points, "point"))
        if deal.bock_paid:
            text += " (%s from Bock)" % plural(deal.bock_paid, "point")
        body.append(text)
    elif deal.bock:
        body.append("four tricks each: Bock, %s waiting" % plural(deal.bock_waiting, "point"))
    if not deal.ended:
        body.append("in progress")
    if not deal.game_won_by:
        body.append("points: " + pair(deal.score))
    return lines + ["  " + line for line in body]


def bruus_rows(log):
    rows = [
        [
            "deal",
            "game",
            "dealer",
            "tricks_A",
            "tricks_B",
            "dares",
            "deal_winner",
            "deal_points",
            "bock",
            "game_won_by",
            "game_value",
            "points_A",
            "points_B",
            "games_A",
            "games_B",
        ]
    ]
    for deal in bruus_match(log).deals:
        rows.append(
            [
                deal.number,
                deal.game,
                log.seat_name(deal.dealer),
                deal.tricks["A"],
                deal.tricks["B"],
                "; ".join(dare_text(dare) for dare in deal.dares),
                deal.winner or ("" if deal.ended else "in progress"),
                deal.points,
                "yes" if deal.bock else "",
                deal.game_won_by or "",
                deal.game_value or "",
                deal.score["A"],
                deal.score["B"],
                deal.games["A"],
                deal.games["B"],
            ]
        )
    return rows


# -- Brusquembelle ----------------------------------------------------------


def brusquembelle_summary(log):
    final = log.final
    names = [log.seat_name(seat) for seat in range(log.seats)]
    head = "Brusquembelle: %d players, ante %d a deal" % (final["players"], final["ante"])
    if final["pairs"]:
        head += ", in pairs (%s & %s against %s & %s)" % (names[0], names[2], names[1], names[3])
    lines = [head + "."]
    if log.names:
        lines.append(
            "Players: " + ", ".join("%d %s" % (seat, name) for seat, name in enumerate(names, 1))
        )
    for deal in brusquembelle_deals(log):
        lines.append("")
        lines.append(
            "Deal %d, %s: pool %d after the antes"
            % (deal.number, dealt_by(log, deal.dealer), deal.pool_at_start)
        )
        for card in deal.cards:
            lines.append(
                "  %s: %s %s, %s"
                % (
                    names[card.player],
                    RANK_NAMES[card.rank],
                    "won" if card.won else "lost",
                    signed(card.units),
                )
            )
        if deal.points is None:
            lines.append("  in progress")
        else:
            lines.append("  card points: " + balances(names, deal.points))
            lines.append("  " + pool_text(names, deal))
        lines.append("  balances: %s; pool %d" % (balances(names, deal.balance, signed), deal.pool))
    lines.append("")
    lines.append(
        "Balances: %s; pool %d." % (balances(names, final["balance"], signed), final["pool"])
    )
    return lines + undo_note(log)


def balances(names, values, shown=str):
    return ", ".join(
        "%s %s" % (name, shown(value)) for name, value in zip(names, values, strict=True)
    )


def pool_text(names, deal):
    if not deal.takers:
        return "tie: the pool stays for the next deal"
    takers = " & ".join(names[seat] for seat in deal.takers)
    text = "%s take%s the pool of %d" % (
        takers,
        "" if len(deal.takers) > 1 else "s",
        deal.pool_taken,
    )
    if len(deal.takers) > 1:
        text += " (%d each)" % (deal.pool_taken // len(deal.takers))
    return text


def brusquembelle_rows(log):
    labels = [log.seat_name(seat) for seat in range(log.seats)]
    rows = [
        ["deal", "dealer", "pool_at_start", "cards"]
        + ["points_" + label for label in labels]
        + ["takers", "pool_taken"]
        + ["balance_" + label for label in labels]
        + ["pool"]
    ]
    for deal in brusquembelle_deals(log):
        cards = "; ".join(
            "%s %s %s %s"
            % (labels[card.player], card.rank, "won" if card.won else "lost", signed(card.units))
            for card in deal.cards
        )
        ended = deal.points is not None
        rows.append(
            [deal.number, labels[deal.dealer], deal.pool_at_start, cards]
            + (deal.points if ended else [""] * len(labels))
            + [
                " & ".join(labels[seat] for seat in deal.takers or ()) if ended else "in progress",
                deal.pool_taken,
            ]
            + deal.balance
            + [deal.pool]
        )
    return rows


# -- command line -----------------------------------------------------------

SUMMARIES = {"brouc": brouc_summary, "bruus": bruus_summary, "brusquembelle": brusquembelle_summary}
ROWS = {"brouc": brouc_rows, "bruus": bruus_rows, "brusquembelle": brusquembelle_rows}


def write_csv(log, path):
    with open(path, "w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows(ROWS[log.game](log))


def write_png(log, path):
    from host_tools.logs.chalk import draw  # pillow is needed for drawings only

    draw(log).save(path, "PNG")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="ardoise slate", description=__doc__.split("\n\n")[0])
    parser.add_argument("log", help="a match log (JSON Lines)")
    parser.add_argument("--png", metavar="FILE", help="draw the slate into this PNG file")
    parser.add_argument("--csv", metavar="FILE", help="write one row per deal to this CSV file")
    args = parser.parse_args(argv)
    try:
        check_outputs([args.png, args.csv], [args.log])
    except OutputError as error:
        print(error, file=sys.stderr)
        return 1
    log = read_or_report(read_match_log, args.log)
    if log is None:
        return 1
    for path, write in ((args.png, write_png), (args.csv, write_csv)):
        if path:
            try:
                write(log, path)
            except OSError as error:
                print("cannot write %s: %s" % (path, error.strerror or error), file=sys.stderr)
                return 1
    print("\n".join(SUMMARIES[log.game](log)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
