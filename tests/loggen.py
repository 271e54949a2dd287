"""Random Le Brouc match logs that are valid by construction (CPython, for tests).

The generator follows the rulings itself: it never asks the rules core whether
an event is allowed. It reads only the running slate and the winner from the
folded state, the way a player reads the slate before calling dehors or
announcing a cape.

    python -m tests.loggen --seed 7 --deals 30 > match.jsonl
"""

import argparse
import json
import random
import sys

TEAMS = "AB"
SUITS = "HDCS"


def marriage_value(suit, kind, trump):
    value = 30 if kind == "KQJ" else 20
    return value * 2 if suit == trump else value


class LogMaker:
    """Writes one valid match log event by event, folding it as it goes."""

    def __init__(self, rng, rules="etivaz", target=None, dealer=None):
        import host_tools  # noqa: F401  (puts the rules core on the path)
        from scoring import Match

        header = {"ev": "match", "game": "brouc", "rules": rules}
        if target is not None:
            header["target"] = target
        if dealer is not None:
            header["dealer"] = dealer
        self.rng = rng
        self.rules = rules
        self.events = [header]
        self.match = Match(header)

    def state(self):
        return self.match.state()

    def emit(self, event):
        self.match.apply(event)  # a refusal here is a failure of the rules core or of this model
        self.events.append(event)

    def lines(self):
        return [json.dumps(event, separators=(",", ":")) for event in self.events]

    def deal(self):  # noqa: C901, PLR0912, PLR0915  (one deal as the rulings play it)
        """One whole deal: trump, optional tricks, marriages, calls, its end."""
        rng = self.rng
        trump = rng.choice(SUITS)
        self.emit({"ev": "deal", "trump": trump})
        record = rng.random() < 0.6
        suits_free = list(SUITS)
        rng.shuffle(suits_free)
        won = {"A": 0, "B": 0}
        table = {"A": 0, "B": 0}
        bottom = dict(self.state()["bottom"])
        announcer = None
        slate = self.state()["slate"]

        def marriage(team, recorded):
            if not suits_free:
                return
            kind = rng.choice(("KQ", "KQJ"))
            in_trick = rng.random() < 0.5
            cards_left = 8 - recorded
            if not in_trick and record and cards_left < (3 if kind == "KQJ" else 2):
                return
            suit = suits_free.pop()
            value = marriage_value(suit, kind, trump)
            if in_trick:
                table[team] += value * (2 if self.rules == "brou1802" else 1)
            else:
                bottom[team] += value
            self.emit(
                {"ev": "table" if in_trick else "declare", "team": team, "suit": suit, "kind": kind}
            )

        def maybe_announce(recorded):
            nonlocal announcer
            if announcer is not None or self.rules == "31" or rng.random() > 0.15:
                return
            team = rng.choice(TEAMS)
            other = "B" if team == "A" else "A"
            if record and (won[other] or recorded > (4 if self.rules == "brou1802" else 6)):
                return
            if self.rules == "brou1802":
                call = "partie-vole"
            elif slate[team] < 19:
                return
            else:
                call = (
                    "cape-dedouble" if slate[other] <= 14 and rng.random() < 0.5 else "cape-dehors"
                )
            announcer = team
            self.emit({"ev": "announce", "team": team, "call": call})

        def maybe_out(points_of):
            """A dehors call; returns True if one was made (it ends the deal)."""
            if self.rules == "brou1802" or rng.random() > 0.08:
                return False
            team = rng.choice(TEAMS)
            other = "B" if team == "A" else "A"
            points = points_of(team)
            if self.rules == "31":
                count = slate[team] * 10 + points + bottom[team] + table[team] - table[other]
                if count < 310:
                    return False
            self.emit({"ev": "out", "team": team, "points": points})
            return True

        if record:
            # Favour capes now and then so that every path is walked.
            lean = rng.random()
            winners = [
                ("A" if lean < 0.1 else "B" if lean < 0.2 else rng.choice(TEAMS)) for _ in range(8)
            ]
            if announcer is None and lean < 0.2:
                maybe_announce(0)
            split = rng.randint(0, 120)
            for index, team in enumerate(winners):
                maybe_announce(index)
                if maybe_out(lambda t: rng.randint(0, split) if won[t] else 0):
                    return
                self.emit({"ev": "trick", "team": team})
                won[team] += 1
                other = "B" if team == "A" else "A"
                if announcer == other:
                    if self.rules == "etivaz":
                        return  # the announced cape failed at once
                    announcer = None  # partie et vole lapses
                if won[team] == 8:
                    return  # cape or vole, resolved by the tricks
                if rng.random() < 0.3:
                    marriage(rng.choice([t for t in TEAMS if won[t]]), index + 1)
            if maybe_out(lambda t: rng.randint(0, 120)):
                return
            points_a = rng.randint(0, 120)
            if won["A"] == 0:
                points_a = 0
            elif won["B"] == 0:
                points_a = 120
            self.emit({"ev": "end", "A": points_a})
            return
        for _ in range(rng.randint(0, 3)):
            marriage(rng.choice(TEAMS), 0)
        maybe_announce(0)
        if maybe_out(lambda t: rng.randint(0, 120)):
            return
        if rng.random() < 0.1:
            winner = announcer if announcer and rng.random() < 0.7 else rng.choice(TEAMS)
            loser = "B" if winner == "A" else "A"
            if table[loser]:
                winner = loser
            if not (table["A"] and table["B"]):
                self.emit({"ev": "end", "cape": winner})
                return
        points_a = rng.randint(0, 120)
        event = {"ev": "end", "A": points_a}
        if rng.random() < 0.3:
            event["B"] = 120 - points_a
        self.emit(event)

    def undo_some(self):
        """Now and then a player takes back one or two events and plays on."""
        for _ in range(self.rng.choice((1, 1, 2))):
            if len(self.match.in_force) == 0:
                return
            self.emit({"ev": "undo"})


def random_log(seed, deals=30, rules=None, undo=True, target=None):
    """Event lines of a valid match of up to `deals` deals (it stops when the match is won)."""
    rng = random.Random(seed)
    rules = rules or rng.choice(("etivaz", "etivaz", "31", "brou1802"))
    if target is None and rules != "31":
        target = rng.choice((None, 3, 5, 7, 12))
    maker = LogMaker(rng, rules, target=target, dealer=rng.randint(0, 3))
    for _ in range(deals):
        if maker.state()["winner"] is not None:
            break
        maker.deal()
        if undo and rng.random() < 0.1 and maker.state()["winner"] is None:
            maker.undo_some()
            if maker.state()["deal_open"]:
                # Finish what the undo reopened with a plain count.
                state = maker.state()
                recorded = state["tricks"]["A"] + state["tricks"]["B"]
                while recorded < 8 and recorded > 0 and maker.state()["deal_open"]:
                    maker.emit({"ev": "trick", "team": "A" if recorded % 2 else "B"})
                    recorded += 1
                if maker.state()["deal_open"]:
                    tricks = maker.state()["tricks"]
                    points = 0 if recorded and not tricks["A"] else 60
                    maker.emit({"ev": "end", "A": points})
    return maker.lines()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--rules", choices=("etivaz", "31", "brou1802"))
    parser.add_argument("--target", type=int)
    parser.add_argument("--no-undo", action="store_true")
    args = parser.parse_args(argv)
    lines = random_log(args.seed, args.deals, args.rules, undo=not args.no_undo, target=args.target)
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
