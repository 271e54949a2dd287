"""Bruus as the log tools report it (see host_tools/logs/games/__init__.py)."""

from dataclasses import dataclass, field

from host_tools.logs import games
from host_tools.logs.matchlog import TEAMS, MatchLog, closes_deal, events, per_team
from host_tools.logs.wording import dealt_by, pair, plural, team_lines, undo_note

TITLE = "Bruus"

# -- the deals ----------------------------------------------------------------


def points_scored(step):
    """Matchsticks each team wins by one event, as the core scores it.

    A won game sets both teams' points back to 0, so the points after the
    game's last event no longer show what it scored; the session's points
    (every point since the match began, rule 29) do.
    """
    return per_team(step.before, step.after, "session_points")


@dataclass
class Dare:
    team: str
    kind: str
    points: int


@dataclass
class BruusDeal:
    """One deal of Bruus; `ended` stays False while the deal is in progress."""

    number: int
    game: int
    dealer: int
    tricks: dict = field(default_factory=lambda: {"A": 0, "B": 0})
    dares: list = field(default_factory=list)
    ended: bool = False
    winner: str | None = None  # the team that took five tricks
    points: int = 0  # matchsticks for the tricks (Bocks included)
    bock: bool = False  # Treia: four tricks each
    bock_paid: int = 0  # Bock points the winner collected with this deal
    game_won_by: str | None = None
    game_value: int = 0  # 2 for a Treia double game
    game_score: dict | None = None  # the points that won the game, before both went back to 0
    score: dict | None = None  # points in the current game after the deal
    games: dict | None = None
    bock_waiting: int = 0
    won: dict | None = None  # matchsticks since the match began, after the deal


@dataclass
class BruusMatch:
    log: MatchLog
    deals: list


def matchsticks(log):
    """Points each team won over the whole match, across games: the core's
    session_points, what a tournament credits to both partners (ruling 29)."""
    return log.final["session_points"]


def whole(log):
    """What the matchsticks are counted over: "session" or "match"."""
    return "session" if log.header.get("session") else "match"


def session_note(log):
    """Where a session stands ("session: 7 of 16 deals played", "session of
    16 deals over"), or None for a match that is no session."""
    size = log.header.get("session")
    if size is None:
        return None
    left = log.final["session_left"]
    if not left:
        return "session of %d deals over" % size
    return "session: %d of %d deals played" % (size - left, size)


def read(log):
    """The deals of a Bruus log, each described from the core's states."""
    deals = []
    deal = None
    for kind, event, before, after, step in events(log):
        if kind == "deal":
            games_played = before["games_played"]
            deal = BruusDeal(len(deals) + 1, games_played + 1, before["dealer"])
            deals.append(deal)
            # A deal just begun already shows the tricks, points and games as they stand.
            deal.tricks = after["tricks"]
            deal.score = after["points"]
            deal.games = after["games"]
            deal.bock_waiting = after["bock"]
            deal.won = after["session_points"]
            continue
        scored = points_scored(step)
        if kind == "dare":
            deal.dares.append(Dare(event["team"], event["kind"], scored[event["team"]]))
        elif closes_deal(step) and scored[event["team"]]:
            deal.winner = event["team"]
            deal.points = scored[event["team"]]
            deal.bock_paid = before["bock"]
        if closes_deal(step):
            deal.ended = True
            deal.tricks = after["last_tricks"]
            deal.bock = after["bock"] > before["bock"]
            if after["games_played"] > before["games_played"]:
                deal.game_won_by = after["last_winner"]
                deal.game_value = sum(per_team(before, after, "games").values())
                deal.game_score = {team: before["points"][team] + scored[team] for team in TEAMS}
        else:
            deal.tricks = after["tricks"]
        deal.score = after["points"]
        deal.games = after["games"]
        deal.bock_waiting = after["bock"]
        deal.won = after["session_points"]
    return BruusMatch(log, deals)


# -- the slate command ----------------------------------------------------------


def summary(log):
    match = read(log)
    final = log.final
    treia = final["rules"] == "treia"
    lines = ["Bruus, rules %s: game to %d points." % (final["rules"], final["target"])]
    if treia:
        lines[0] = "Bruus, rules treia: each team gives back 10 matches, one per point."
    session = log.header.get("session")
    if session:
        lines[0] += " A tournament session of %d deals." % session
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
    lines.append("Matchsticks won in the %s: %s." % (whole(log), pair(matchsticks(log))))
    if session_note(log):
        lines.append(session_note(log).capitalize() + ".")
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
    number = str(deal.number)
    if log.header.get("session"):
        number += " of %d" % log.header["session"]
    lines = ["Deal %s, %s: tricks %s" % (number, dealt_by(log, deal.dealer), pair(deal.tricks))]
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


def rows(log):
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
            "matchsticks_A",
            "matchsticks_B",
        ]
    ]
    for deal in read(log).deals:
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
                deal.won["A"],
                deal.won["B"],
            ]
        )
    return rows


# -- the slate chalked ------------------------------------------------------------

STICKS_PER_ROW = 10
STICK_ROW = 120


def draw(log):
    """The slate chalked: each team's matchsticks."""
    from host_tools.logs import chalk  # pillow, for drawings only

    final = log.final
    treia = final["rules"] == "treia"
    # Treia counts down: each team starts with 10 matches and gives one back per point.
    sticks = final["matches"] if treia else final["points"]
    rows = max(1, -(-max(sticks.values()) // STICKS_PER_ROW))
    board = chalk.Board(420 + rows * STICK_ROW, chalk.seed_of(log))
    chalk.title(board, "BRUUS  ·  %s  ·  game to %d" % (final["rules"], final["target"]))
    top = chalk.team_heading(board, log, 80)
    board.line((60, top), (chalk.WIDTH - 60, top), width=5)
    caption = "matches still to give back" if treia else "points this game"
    won = matchsticks(log)
    for team in TEAMS:
        centre = chalk.CENTRES[team]
        board.write(
            (centre, top + 16), "%s: %d" % (caption, sticks[team]), 24, chalk.BLUE, "center"
        )
        for index in range(sticks[team]):
            row, column = divmod(index, STICKS_PER_ROW)
            x = centre - 185 + column * 34 + (column // 5) * 30  # bundles of five
            board.matchstick((x, top + 110 + row * STICK_ROW))
        y = top + 70 + rows * STICK_ROW
        board.write((centre, y), "games won: %d" % final["games"][team], 30, chalk.CHALK, "center")
        board.write(
            (centre, y + 44),
            "matchsticks in the %s: %d" % (whole(log), won[team]),
            24,
            chalk.CHALK,
            "center",
        )
    bottom = top + 70 + rows * STICK_ROW + 86
    board.line((chalk.WIDTH / 2, top - 96), (chalk.WIDTH / 2, bottom), width=5)
    notes = []
    if final["bock"]:
        notes.append("Bock: %d waiting" % final["bock"])
    if final["deal_open"]:
        notes.append("deal %d in progress" % (final["deals"] + 1))
    if session_note(log):
        notes.append(session_note(log))
    board.write((chalk.WIDTH / 2, bottom + 20), "   ·   ".join(notes), 26, chalk.YELLOW, "center")
    return board.picture()


# -- the tournament -------------------------------------------------------------

# (key, heading) of each statistic; "total" is the ranking's own.
COLUMNS = [
    ("matches", "matches"),
    ("games", "games won"),
    ("total", "matchsticks"),
    ("dares", "dares"),
    ("strikes", "strikes"),
]
DARES = ("dare", "double-dare")


def kind(log):
    """The ranking a match counts toward: one per rule set, in matchsticks."""
    return "%s, %s" % (TITLE, log.rules), "matchsticks"


def seat_scores(log):
    """The matchsticks (points) each seat's team won over the whole match, across games."""
    won = matchsticks(log)
    return [won[TEAMS[seat % 2]] for seat in range(log.seats)]


def seat_counts(log):
    """What each seat's team did in this match, by statistic."""
    counts = games.team_counts(log, COLUMNS)
    for team in TEAMS:
        counts[team]["games"] = log.final["games"][team]
    for deal in read(log).deals:
        for dare in deal.dares:
            counts[dare.team]["dares" if dare.kind in DARES else "strikes"] += 1
    return games.seat_of_team(log, counts)


def result(log, seat, scores, unit):
    """How the match went for a seat's team: "18-7 matchsticks", and where its
    session stands."""
    text = games.team_result(log, seat, scores, unit)
    note = session_note(log)
    return "%s, %s" % (text, note) if note else text


class Report(games.Report):
    TITLE = TITLE
    DRAWS = RANKS = True
    COLUMNS = COLUMNS
    summary, rows, draw = staticmethod(summary), staticmethod(rows), staticmethod(draw)
    kind, seat_scores = staticmethod(kind), staticmethod(seat_scores)
    seat_counts, result = staticmethod(seat_counts), staticmethod(result)
    progress = staticmethod(session_note)
