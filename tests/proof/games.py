"""Random legal games replayed with the rules core (CPython).

Every match that tests/proof/brouc_table.py plays is folded event by event
with scoring.Match; after each event the replayed state must show what the
table's own count says (the keys of docs/match-log.md).
"""

import collections
import json
import time
from typing import NamedTuple

import host_tools  # noqa: F401  (puts the rules core on the path)
from scoring import Match, Refused
from tests.proof.brouc_table import play_match

SPEC_KEYS = ("slate", "bottom", "coches", "parties", "dealer", "deal_open", "games", "winner")


def reproduce(seed):
    return (
        "reproduce: .venv/bin/python -m tests.proof.brouc_table --seed %d > match.jsonl"
        " && .venv/bin/python -m host_tools.replay match.jsonl" % seed
    )


def check_match(seed, played):
    """Fold a played match; raise AssertionError at the first event the core counts otherwise."""
    events = [json.loads(line) for line in played.lines]
    match = Match(events[0])
    for number, (event, expected) in enumerate(zip(events, played.expected, strict=True), 1):
        if number > 1:
            try:
                match.apply(event)
            except Refused as refusal:
                raise AssertionError(
                    "seed %d, line %d %s: refused (%s); %s"
                    % (seed, number, played.lines[number - 1], refusal, reproduce(seed))
                ) from None
        if expected is None:
            continue  # a slip that the next line undoes
        state = match.state()
        replayed = {key: state.get(key) for key in SPEC_KEYS}
        if replayed != expected:
            raise AssertionError(
                "seed %d, after line %d %s:\n  core:  %s\n  cards: %s\n%s"
                % (seed, number, played.lines[number - 1], replayed, expected, reproduce(seed))
            )


class GamesProof(NamedTuple):
    matches: int
    deals: int
    seconds: float
    outcomes: collections.Counter

    @property
    def deals_per_second(self):
        return self.deals / self.seconds


def prove_games(deal_count, first_seed=0):
    """Play and check whole matches from `first_seed` on until `deal_count` deals are played."""
    started = time.perf_counter()
    outcomes = collections.Counter()
    matches = deals = 0
    while deals < deal_count:
        seed = first_seed + matches
        played = play_match(seed)
        check_match(seed, played)
        outcomes.update(played.outcomes)
        outcomes["rules " + json.loads(played.lines[0])["rules"]] += 1
        matches += 1
        deals += played.deals
    return GamesProof(matches, deals, time.perf_counter() - started, outcomes)


def deals_per_second(deal_count=2000):
    """Throughput of the proof (deal, play, fold and compare) for `make bench`."""
    return prove_games(deal_count).deals_per_second
