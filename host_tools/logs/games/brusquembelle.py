"""Brusquembelle as the log tools report it (see host_tools/logs/games/__init__.py)."""

from dataclasses import dataclass, field

from host_tools.logs import games
from host_tools.logs.matchlog import TEAMS, events
from host_tools.logs.wording import dealt_by, plural, signed, undo_note

TITLE = "Brusquembelle"

# -- the deals ----------------------------------------------------------------


@dataclass
class Card:
    player: int
    rank: str  # "A" or "10"
    won: bool
    units: int  # what the player collected (or paid, below 0) for it


@dataclass
class BrusquembelleDeal:
    """One deal; `points` stays None while the deal is in progress."""

    number: int
    dealer: int
    pool_at_start: int  # after the antes
    cards: list = field(default_factory=list)
    points: list | None = None
    takers: list | None = None  # seats that took the pool; [] on a tie
    pool_taken: int = 0
    balance: list | None = None
    pool: int = 0


def read(log):
    """The deals of a Brusquembelle log, each described from the core's states."""
    deals = []
    deal = None
    for kind, event, before, after, _ in events(log):
        if kind == "deal":
            deal = BrusquembelleDeal(len(deals) + 1, before["dealer"], after["pool"])
            deals.append(deal)
        elif kind == "card":
            player = event["player"]
            units = after["balance"][player] - before["balance"][player]
            deal.cards.append(Card(player, event["rank"], event["won"], units))
        elif kind == "end":
            deal.points = event["points"]
            deal.takers = after["taker"]
            deal.pool_taken = before["pool"] - after["pool"]
        deal.balance = after["balance"]
        deal.pool = after["pool"]
    return deals


# -- the slate command ----------------------------------------------------------


RANK_NAMES = {"A": "Ace", "10": "Ten"}


def summary(log):
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
    for deal in read(log):
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


def rows(log):
    labels = [log.seat_name(seat) for seat in range(log.seats)]
    rows = [
        ["deal", "dealer", "pool_at_start", "cards"]
        + ["points_" + label for label in labels]
        + ["takers", "pool_taken"]
        + ["balance_" + label for label in labels]
        + ["pool"]
    ]
    for deal in read(log):
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


# -- the slate chalked ------------------------------------------------------------


def draw(log):
    """The slate chalked: a table of the purses and the pool."""
    from host_tools.logs import chalk  # pillow, for drawings only

    final = log.final
    deals = read(log)
    players = final["players"]
    row = 64
    height = max(480, 260 + players * row)
    board = chalk.Board(height, chalk.seed_of(log))
    head = "BRUSQUEMBELLE  ·  %d players  ·  ante %d" % (players, final["ante"])
    chalk.title(board, head + ("  ·  pairs" if final["pairs"] else ""))
    left, split, right, top = 70, 400, 600, 100
    board.write((left + 10, top), "player", 24, chalk.BLUE)
    board.write((right - 20, top), "balance", 24, chalk.BLUE, "right")
    board.line((left, top + 44), (right, top + 44), width=4)
    board.line((split, top - 6), (split, top + 54 + players * row), width=4)
    for seat in range(players):
        y = top + 60 + seat * row
        name = log.seat_name(seat)
        if final["pairs"]:
            name += " (%s)" % TEAMS[seat % 2]
        board.write((left + 10, y), name, 30)
        balance = final["balance"][seat]
        board.write(
            (right - 20, y),
            "%+d" % balance,
            34,
            chalk.PINK if balance < 0 else chalk.CHALK,
            "right",
        )
    pool_centre = (800, top + 150)
    board.write((pool_centre[0], top), "pool", 24, chalk.BLUE, "center")
    board.circle(pool_centre, 92)
    board.write(
        (pool_centre[0], pool_centre[1] - 34), str(final["pool"]), 56, chalk.YELLOW, "center"
    )
    note = "%s played" % plural(len(deals), "deal")
    if final["pairs"]:
        pairs = final["pair_balance"]
        note += "  ·  pair A %+d, pair B %+d" % (pairs["A"], pairs["B"])
    if final["deal_open"]:
        note += "  ·  deal %d in progress" % len(deals)
    board.write((chalk.WIDTH / 2, height - 80), note, 24, chalk.BLUE, "center")
    return board.picture()


# -- the tournament -------------------------------------------------------------


def kind(log):
    return TITLE, "units"


def seat_scores(log):
    """Each player's own balance."""
    return list(log.final["balance"])


# The statistics of each player, (key, heading); "total": the ranking's, the balance.
COLUMNS = [
    ("matches", "matches"),
    ("total", "balance"),
    ("aces", "aces"),
    ("tens", "tens"),
]


def seat_counts(log):
    """The Aces and Tens each player entered."""
    seats = [dict(aces=0, tens=0) for _ in range(log.seats)]
    for deal in read(log):
        for card in deal.cards:
            seats[card.player]["aces" if card.rank == "A" else "tens"] += 1
    return seats


def result(log, seat, scores, unit):
    return "balance %+d" % scores[seat]


def partners(log, seat):
    """With pairs, seats 0 and 2 against 1 and 3; else every player alone."""
    if not log.final.get("pairs"):
        return []
    return [other for other in range(seat % 2, log.seats, 2) if other != seat]


def opponents(log, seat):
    if not log.final.get("pairs"):
        return [other for other in range(log.seats) if other != seat]
    return list(range(1 - seat % 2, log.seats, 2))


class Report(games.Report):
    TITLE = TITLE
    DRAWS = RANKS = True
    COLUMNS = COLUMNS
    summary, rows, draw = staticmethod(summary), staticmethod(rows), staticmethod(draw)
    kind, seat_scores = staticmethod(kind), staticmethod(seat_scores)
    seat_counts, result = staticmethod(seat_counts), staticmethod(result)
    partners, opponents = staticmethod(partners), staticmethod(opponents)
