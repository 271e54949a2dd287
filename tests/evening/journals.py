"""Bruus journals as slates write them at an evening, played at random by the rules core.

`session(rng, names, deals)`: one tournament session (the match event the
slate writes from the seating pushed, then `deals` deals), each event tried
on a scoring.Match and kept only when the rules take it: tricks (now and
then double or triple), dares of every kind, and an undo now and then, as
a table corrects a press. The lines are the journal's, compact JSON as the
firmware writes it.
"""

import json

from scoring import Match, Refused
from scoring.bruus import KINDS

TEAMS = ("A", "B")


def line(event):
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()


def session(rng, names, deals, rules="schwesing"):
    """The lines of one session of `deals` deals at a table of `names`."""
    header = {"ev": "match", "game": "bruus", "rules": rules, "dealer": rng.randrange(len(names))}
    header.update(names=list(names), session=deals)
    match = Match(header)
    lines = [line(header)]
    while match.game.deals < deals:
        if not match.game.deal_open:
            event = {"ev": "deal"}
        else:
            event = random_event(rng)
        try:
            match.apply(event)
        except Refused:
            continue
        lines.append(line(event))
    return lines


def random_event(rng):
    roll = rng.random()
    if roll < 0.04:
        return {"ev": "undo"}
    if roll < 0.12:
        return {"ev": "dare", "team": rng.choice(TEAMS), "kind": rng.choice(KINDS)}
    event = {"ev": "trick", "team": rng.choice(TEAMS)}
    count = rng.choice((1,) * 8 + (2, 3))
    if count > 1:
        event["count"] = count
    return event


def brouc_match(rng, names, target=5, stop=None):
    """The lines of a Le Brouc etivaz match to `target` coches at a table of `names`
    (a pair on seats 1 and 3, the other on 2 and 4), as a championship's slate writes
    it from the round's seating; deals played at random by the rules core (card
    points, now and then a cape; a team that can call dehors rightly does, most
    times). `stop(match)`: stop early, between deals, once it says so."""
    header = {"ev": "match", "game": "brouc", "rules": "etivaz", "dealer": rng.randrange(4)}
    header.update(target=target, names=list(names))
    match = Match(header)
    lines = [line(header)]
    while match.game.winner < 0:
        game = match.game
        if not game.deal_open:
            if stop and stop(match):
                break
            event = {"ev": "deal", "trump": rng.choice("HDCS")}
        elif max(game.slate) >= 19 and rng.random() < 0.7:
            team = TEAMS[0 if game.slate[0] >= game.slate[1] else 1]
            event = {"ev": "out", "team": team, "points": 120}
        elif rng.random() < 0.04:
            event = {"ev": "end", "cape": rng.choice(TEAMS)}
        else:
            event = {"ev": "end", "A": rng.randrange(121)}
        try:
            match.apply(event)
        except Refused:
            continue
        lines.append(line(event))
    return lines
