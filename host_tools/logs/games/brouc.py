"""Le Brouc as the log tools report it.

Its deals read back from the rules core's states (`match`), the slate
command's text and CSV rows (`summary`, `rows`), the slate chalked (`draw`),
and what a tournament credits each seat with and counts of each player
(`kind`, `seat_scores`, `COLUMNS`, `seat_counts`, `result`): what every
game's module gives, see host_tools/logs/games/__init__.py.
"""

from dataclasses import dataclass, field

from host_tools.logs import games
from host_tools.logs.matchlog import (
    SUIT_NAMES,
    TEAMS,
    MatchLog,
    closes_deal,
    events,
    opponent,
    per_team,
)
from host_tools.logs.wording import dealt_by, gains, pair, plural, signed, team_lines, undo_note
from scoring.brouc import round_card_points

TITLE = "Le Brouc"

# -- the deals ----------------------------------------------------------------


@dataclass
class Marriage:
    team: str
    suit: str
    kind: str  # "KQ" or "KQJ"
    declared: bool  # at the bottom of the slate, else lying in a trick
    value: int  # as the core counted it (doubled in a trick in brou1802)
    trumps: bool


@dataclass
class BroucDeal:
    """One deal of Le Brouc; `outcome` stays None while the deal is in progress."""

    number: int
    game: int
    dealer: int
    trump: str
    marriages: list = field(default_factory=list)
    announce: dict | None = None
    announce_lapsed: bool = False  # brou1802: partie et vole after a lost trick
    tricks: dict = field(default_factory=lambda: {"A": 0, "B": 0})
    # One of "scored", "cape", "vole", "cape announced won", "cape announced
    # lost", "partie et vole", "dehors right", "dehors wrong".
    outcome: str | None = None
    team: str | None = None  # whose cape, call or announcement the outcome is
    card_points: dict | None = None
    out_points: int | None = None
    slate_gain: dict | None = None  # None when the game ended and the slate was wiped
    match_gain: dict = field(default_factory=lambda: {"A": 0, "B": 0})
    game_won_by: str | None = None
    slate: dict | None = None
    bottom: dict | None = None
    coches: dict | None = None
    parties: dict | None = None

    @property
    def rounded(self):
        if self.card_points is None:
            return None
        return {team: round_card_points(points) for team, points in self.card_points.items()}


@dataclass
class BroucGame:
    number: int
    deals: list
    won_by: str | None  # None while the game goes on
    match_gain: dict  # coches or parties scored during this game, capes included


@dataclass
class BroucMatch:
    log: MatchLog
    deals: list
    bottom_marks: dict  # declared marriages waiting at the bottom, one value each

    @property
    def tally_key(self):
        """What wins the match: "coches" (etivaz), "parties" (brou1802), none for "31"."""
        return {"etivaz": "coches", "brou1802": "parties"}.get(self.log.rules)

    def games(self):
        grouped = {}
        for deal in self.deals:
            grouped.setdefault(deal.game, []).append(deal)
        games = []
        for number, deals in sorted(grouped.items()):
            gain = {team: sum(deal.match_gain[team] for deal in deals) for team in TEAMS}
            games.append(BroucGame(number, deals, deals[-1].game_won_by, gain))
        return games

    def games_won(self):
        won = {"A": 0, "B": 0}
        for deal in self.deals:
            if deal.game_won_by:
                won[deal.game_won_by] += 1
        return won


def read(log):
    """The deals of a Le Brouc log, each described from the core's states."""
    rules = log.rules
    tally = "parties" if rules == "brou1802" else "coches"
    deals = []
    bottom_marks = {"A": [], "B": []}
    deal = None
    for kind, event, before, after, step in events(log):
        if kind == "deal":
            deal = BroucDeal(len(deals) + 1, before["games"] + 1, before["dealer"], after["trump"])
            deals.append(deal)
        elif kind in ("declare", "table"):
            gain = per_team(before, after, "bottom" if kind == "declare" else "table")
            team = event["team"]
            deal.marriages.append(
                Marriage(
                    team,
                    event["suit"],
                    event["kind"],
                    kind == "declare",
                    gain[team],
                    event["suit"] == before["trump"],
                )
            )
            if kind == "declare":
                bottom_marks[team].append(gain[team])
        elif kind == "announce":
            deal.announce = after["announce"]
        if before["announce"] and not after["announce"] and not closes_deal(step):
            deal.announce_lapsed = True  # brou1802: a lost trick ends partie et vole
        if kind == "trick" and not closes_deal(step):
            deal.tricks = dict(after["tricks"])
        if closes_deal(step):
            _close_brouc_deal(deal, step, rules, tally)
        for team in TEAMS:
            if after["bottom"][team] == 0:
                bottom_marks[team] = []  # scored, or wiped with the game
    return BroucMatch(log, deals, bottom_marks)


def _close_brouc_deal(deal, step, rules, tally):
    event, before, after = step.event, step.before, step.after
    kind = event["ev"]
    if kind == "trick":
        deal.tricks = dict(before["tricks"])
        deal.tricks[event["team"]] += 1
    deal.match_gain = per_team(before, after, tally)
    game_won = after["games"] > before["games"]
    if game_won:
        if rules == "31":
            deal.game_won_by = after["winner"]
        else:
            deal.game_won_by = max(TEAMS, key=lambda team: deal.match_gain[team])
    if not game_won or rules == "31":  # "31" keeps its final slate
        deal.slate_gain = per_team(before, after, "slate")
    deal.slate = after["slate"]
    deal.bottom = after["bottom"]
    deal.coches = after["coches"]
    deal.parties = after["parties"]

    all_tricks_to = None
    if kind == "end" and "cape" in event:
        all_tricks_to = event["cape"]
    elif kind == "trick" and deal.tricks[event["team"]] == 8:
        all_tricks_to = event["team"]
    announcer = before["announce"]["team"] if before["announce"] else None

    if kind == "out":
        deal.team = event["team"]
        deal.out_points = event["points"]
        deal.outcome = "dehors right" if deal.game_won_by == event["team"] else "dehors wrong"
    elif announcer and rules == "etivaz":
        deal.team = announcer
        won = deal.match_gain[announcer] > 0
        deal.outcome = "cape announced won" if won else "cape announced lost"
    elif all_tricks_to and announcer == all_tricks_to and rules == "brou1802":
        deal.team = announcer
        deal.outcome = "partie et vole"
    elif all_tricks_to:
        deal.team = all_tricks_to
        deal.outcome = "vole" if rules == "brou1802" else "cape"
    else:
        deal.outcome = "scored"
        deal.card_points = {"A": event["A"], "B": event["B"]}
    if announcer and deal.outcome != "partie et vole" and rules == "brou1802":
        deal.announce_lapsed = True  # not all eight tricks: the deal scores as usual


# -- the slate command ----------------------------------------------------------


CALL_NAMES = {
    "cape-dehors": "cape et dehors",
    "cape-dedouble": "cape, dehors et pas dédoublé",
    "partie-vole": "partie et vole",
}


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


def summary(log):
    match = read(log)
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


def rows(log):
    match = read(log)
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


# -- the slate chalked ------------------------------------------------------------

COLUMN_WIDTH = 420
ROW_HEIGHT = 52
NOTE_HEIGHT = 50
TOTAL_SIZE = 34


def chalked_totals(game):
    """Each team's running totals as written down: a new one whenever its slate changes."""
    columns = {"A": [], "B": []}
    for deal in game.deals:
        if deal.slate_gain:
            for team in TEAMS:
                if deal.slate_gain[team]:
                    columns[team].append(deal.slate[team])
    return columns


def game_note(game, rules):
    """A short chalk note under a game: its capes and how it ended."""
    notes = []
    for deal in game.deals:
        gained = [team for team in TEAMS if deal.match_gain[team]]
        if deal.outcome in ("cape", "vole") and gained:
            notes.append("%s %s +%d" % (deal.outcome, deal.team, deal.match_gain[deal.team]))
        elif deal.outcome == "cape announced lost":
            notes.append(
                "cape lost by %s, %s +%d" % (deal.team, gained[0], deal.match_gain[gained[0]])
            )
    last = game.deals[-1]
    if game.won_by:
        how = {
            "dehors right": "dehors %s, right" % last.team,
            "dehors wrong": "dehors %s, wrong" % last.team,
            "cape announced won": "cape et dehors %s" % last.team,
            "partie et vole": "partie et vole %s" % last.team,
        }.get(last.outcome, "31 reached" if rules == "31" else "301 reached")
        gain = last.match_gain[game.won_by]
        notes.append(
            "game %d to %s (%s)%s" % (game.number, game.won_by, how, " +%d" % gain if gain else "")
        )
    if game.won_by is None and game.deals[-1].outcome is None:
        notes.append("deal %d in progress" % game.deals[-1].number)
    return "  ·  ".join(notes)


def brouc_result(log, tally):
    """The line under the slate: who won the match, or where it stands."""
    final = log.final
    winner = final["winner"]
    score = final[tally or "slate"]  # "31" is decided on the slate itself
    if winner:
        unit = " " + tally if tally else ""
        return "%s wins the match, %d%s to %d" % (
            winner,
            score[winner],
            unit,
            score[opponent(winner)],
        )
    return "match in progress: %s A %d, B %d" % (tally or "slate", score["A"], score["B"])


def chalk_bottom(board, match, final, tally, y):
    """The slate's bottom and, where the rules keep one, its tally chalked from `y`
    down; the `y` below them."""
    from host_tools.logs import chalk

    # The bottom of the slate: declared marriages waiting for the next count.
    y += 8
    board.line((60, y), (chalk.WIDTH - 60, y), width=5)
    board.write((46, y + 8), "bottom", 22, chalk.BLUE)
    for team in TEAMS:
        marks = match.bottom_marks[team]
        board.write(
            (chalk.CENTRES[team], y + 34),
            "   ".join(str(mark) for mark in marks),
            34,
            chalk.CHALK,
            "center",
        )
    y += 100
    if tally:
        # Coches (or parties) are chalked on the losers' side of the slate.
        board.line((60, y), (chalk.WIDTH - 60, y), width=3)
        board.write((46, y + 8), tally, 22, chalk.BLUE)
        for team in TEAMS:
            against = final[tally][opponent(team)]
            board.tally(chalk.CENTRES[team], y + 38, against)
            if against:
                board.write(
                    (chalk.CENTRES[team], y + 104),
                    "%d for %s" % (against, opponent(team)),
                    22,
                    chalk.BLUE,
                    "center",
                )
        y += 150
    return y


def draw(log):
    """The slate chalked: two columns of running totals, the bottom, the coches."""
    from host_tools.logs import chalk  # pillow, for drawings only

    match = read(log)
    final = log.final
    tally = match.tally_key
    # One block per game: the totals chalked in each column, then a note on the game.
    blocks = [(chalked_totals(game), game_note(game, log.rules)) for game in match.games()]
    written = [str(total) for columns, _ in blocks for team in TEAMS for total in columns[team]]
    # Cells as wide as the widest total (brou1802 keeps points: "-120", "290").
    cell = max([66] + [chalk.font(TOTAL_SIZE).getlength(text) + 24 for text in written])
    per_row = int(COLUMN_WIDTH // cell)
    rows = [max(1, -(-max(len(c["A"]), len(c["B"])) // per_row)) for c, _ in blocks]
    notes = sum(1 for _, note in blocks if note)
    height = 390 + sum(rows) * ROW_HEIGHT + NOTE_HEIGHT * notes + (150 if tally else 0)
    board = chalk.Board(height, chalk.seed_of(log))
    if tally:
        chalk.title(board, "LE BROUC  ·  %s  ·  to %d %s" % (log.rules, final["target"], tally))
    else:
        chalk.title(board, "LE BROUC  ·  31  ·  first to 31")
    top = chalk.team_heading(board, log, 80)
    board.line((60, top), (chalk.WIDTH - 60, top), width=5)
    divider_top = top - 96
    y = top + 22

    for (columns, note), row_count in zip(blocks, rows, strict=True):
        for team in TEAMS:
            totals = columns[team]
            left = chalk.CENTRES[team] - COLUMN_WIDTH / 2 + 10
            for index, total in enumerate(totals):
                x = left + cell * (index % per_row)
                row_top = y + ROW_HEIGHT * (index // per_row)
                board.write((x + cell / 2, row_top), str(total), TOTAL_SIZE, chalk.CHALK, "center")
                if index < len(totals) - 1:  # an old total is struck out for the new one
                    board.line((x + 12, row_top + 38), (x + cell - 14, row_top + 10), width=3)
        y += row_count * ROW_HEIGHT
        if note:
            # A game's end is ruled off across the slate, with how it went.
            board.line((chalk.WIDTH / 2, divider_top), (chalk.WIDTH / 2, y + 4), width=5)
            board.line((70, y + 4), (chalk.WIDTH - 70, y + 4), width=3)
            board.write((chalk.WIDTH / 2, y + 12), note, 24, chalk.YELLOW, "center")
            y += NOTE_HEIGHT
            divider_top = y - 8

    y = chalk_bottom(board, match, final, tally, y)
    board.line((chalk.WIDTH / 2, divider_top), (chalk.WIDTH / 2, y - 10), width=5)
    board.write((chalk.WIDTH / 2, y + 4), brouc_result(log, tally), 32, chalk.YELLOW, "center")
    return board.picture()


# -- the tournament -------------------------------------------------------------

UNITS = {"etivaz": "coches", "brou1802": "parties", "31": "games won"}
# (key, heading) of each statistic; "total" is the ranking's own.
COLUMNS = [
    ("matches", "matches"),
    ("won", "matches won"),
    ("games", "games won"),
    ("total", None),
    ("capes", "capes"),
    ("dehors_right", "dehors right"),
    ("dehors_wrong", "dehors wrong"),
    ("marriages", "marriages declared"),
]
CAPES = ("cape", "vole", "cape announced won", "partie et vole")


def kind(log):
    """The ranking a match counts toward: one per rule set, each with its unit."""
    return "%s, %s" % (TITLE, log.rules), UNITS[log.rules]


def seat_scores(log):
    """The coches (etivaz), parties (brou1802) or games ("31") each seat's team won."""
    if log.rules == "31":
        won = read(log).games_won()
    else:
        won = log.final["parties" if log.rules == "brou1802" else "coches"]
    return [won[TEAMS[seat % 2]] for seat in range(log.seats)]


def seat_counts(log):
    """What each seat's team did in this match, by statistic."""
    counts = games.team_counts(log, COLUMNS)
    match = read(log)
    won = match.games_won()
    for team in TEAMS:
        counts[team]["won"] = int(log.final.get("winner") == team)
        counts[team]["games"] = won[team]
    for deal in match.deals:
        if deal.outcome in CAPES:
            counts[deal.team]["capes"] += 1
        elif deal.outcome in ("dehors right", "dehors wrong"):
            counts[deal.team][deal.outcome.replace(" ", "_")] += 1
        for marriage in deal.marriages:
            counts[marriage.team]["marriages"] += marriage.declared
    return games.seat_of_team(log, counts)


def result(log, seat, scores, unit):
    """How the match went for the player at `seat`: "5-1 coches, won"."""
    winner = log.final.get("winner")
    outcome = ", in progress" if not winner else ", won" if winner == TEAMS[seat % 2] else ", lost"
    return games.team_result(log, seat, scores, unit) + outcome


class Report(games.Report):
    TITLE = TITLE
    DRAWS = RANKS = True
    COLUMNS = COLUMNS
    summary, rows, draw = staticmethod(summary), staticmethod(rows), staticmethod(draw)
    kind, seat_scores = staticmethod(kind), staticmethod(seat_scores)
    seat_counts, result = staticmethod(seat_counts), staticmethod(result)
