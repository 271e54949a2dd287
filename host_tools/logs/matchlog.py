"""A match log read back deal by deal, for the slate summary, its drawing and the tournament.

Nothing here computes a rule. The log is folded by the rules core
(`scoring.fold_lines`, which names a bad line); the events still in force
are read back from the folded match, so an undone event is simply gone; and
those events are folded again one at a time, keeping the state before and
after each. A deal's outcome is whatever the core did to the slate between
the two.
"""

import copy
import json
from dataclasses import dataclass, field

import host_tools  # noqa: F401  (puts the rules core on the path)
from host_tools.logs.seats import seat_name
from scoring import Match, fold_lines, read_lines
from scoring.brouc import round_card_points

TEAMS = ("A", "B")
SUIT_NAMES = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}


@dataclass
class Step:
    """One event in force, with the match's state just before and just after it."""

    event: dict
    before: dict
    after: dict
    match_before: Match  # a copy, for asking "what would this event score"


@dataclass
class MatchLog:
    """A folded match log: its header, player names and every step in force."""

    path: str
    header: dict
    names: tuple | None
    seats: int
    steps: list
    undone: int  # undo events in the log
    final: dict  # the state after the last event, as replay prints it

    @property
    def game(self):
        return self.header["game"]

    @property
    def rules(self):
        """The rules variant the core settled on (None for Brusquembelle, which has none)."""
        return self.final.get("rules")

    def seat_name(self, seat):
        """The player's name, or "seat N" counted from 1 (host_tools/logs/seats.py)."""
        return seat_name(self.names, seat)

    def team_seats(self, team):
        """Team A holds the even seats, B the odd ones (seats 0 and 1 with two players)."""
        return list(range(TEAMS.index(team), self.seats, 2))

    def team_label(self, team):
        """The team's letter, with its players when the log names them: "A (Anne & Claude)"."""
        if not self.names:
            return team
        return "%s (%s)" % (team, " & ".join(map(self.seat_name, self.team_seats(team))))


def read_match_log(path):
    """Fold the log at `path` and read it back step by step.

    Raises scoring.LogError (line and reason, as replay prints them) or OSError.
    """
    with open(path, "rb") as log:
        lines = list(read_lines(log))  # bounded, as replay and the board read
    match = fold_lines(lines)  # the core checks every line first
    # Every line the core read as non-blank is a JSON object now.
    events = [json.loads(line) for line in lines if line.strip(b" \t\n\r")]
    header = events[0]
    in_force = [match.game.decode(code) for code in match.in_force]
    refold = Match(header)
    steps = []
    for event in in_force:
        before = refold.state()
        match_before = copy.deepcopy(refold)
        refold.apply(event)
        steps.append(Step(event, before, refold.state(), match_before))
    undone = sum(1 for event in events if event.get("ev") == "undo")
    return MatchLog(str(path), header, match.names, match.game.seats, steps, undone, match.state())


def opponent(team):
    return "B" if team == "A" else "A"


def per_team(before, after, key):
    """How much each team's `key` grew from `before` to `after`."""
    return {team: after[key][team] - before[key][team] for team in TEAMS}


def closes_deal(step):
    return step.before["deal_open"] and not step.after["deal_open"]


# -- Le Brouc ---------------------------------------------------------------


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


def brouc_match(log):
    """The deals of a Le Brouc log, each described from the core's states."""
    rules = log.rules
    tally = "parties" if rules == "brou1802" else "coches"
    deals = []
    bottom_marks = {"A": [], "B": []}
    deal = None
    for step in log.steps:
        event, before, after = step.event, step.before, step.after
        kind = event["ev"]
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


# -- Bruus ------------------------------------------------------------------


def points_scored(step):
    """Matchsticks each team wins by one event, as the core scores it.

    A won game sets both teams back to 0, so the state after the game's last
    event no longer shows what it scored: that event is folded again into a
    copy of the match whose game target cannot be reached.
    """
    trial = copy.deepcopy(step.match_before)
    trial.game.target = 1 << 30
    trial.apply(step.event)
    return per_team(step.before, trial.state(), "points")


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


@dataclass
class BruusMatch:
    log: MatchLog
    deals: list

    def matchsticks(self):
        """Points each team won over the whole match, across games (the tournament's total)."""
        won = {"A": 0, "B": 0}
        for deal in self.deals:
            for dare in deal.dares:
                won[dare.team] += dare.points
            if deal.winner:
                won[deal.winner] += deal.points
        return won


def bruus_match(log):
    """The deals of a Bruus log, each described from the core's states."""
    deals = []
    deal = None
    for step in log.steps:
        event, before, after = step.event, step.before, step.after
        kind = event["ev"]
        if kind == "deal":
            games_played = before["games_played"]
            deal = BruusDeal(len(deals) + 1, games_played + 1, before["dealer"])
            deals.append(deal)
            # A deal just begun already shows the tricks, points and games as they stand.
            deal.tricks = after["tricks"]
            deal.score = after["points"]
            deal.games = after["games"]
            deal.bock_waiting = after["bock"]
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
    return BruusMatch(log, deals)


# -- Brusquembelle ----------------------------------------------------------


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


def brusquembelle_deals(log):
    """The deals of a Brusquembelle log, each described from the core's states."""
    deals = []
    deal = None
    for step in log.steps:
        event, before, after = step.event, step.before, step.after
        kind = event["ev"]
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
