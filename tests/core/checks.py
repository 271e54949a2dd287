"""Helpers for the rules tests: plain Python that runs on CPython and MicroPython."""

from scoring import Match, Refused, fold_lines


def ev(name, **fields):
    """One match-log event: ev("deal", trump="H")."""
    event = {"ev": name}
    for key in fields:
        event[key] = fields[key]
    return event


def match(game="brouc", **header):
    """A new match; e.g. match(rules="31", dealer=2)."""
    header["game"] = game
    return Match(ev("match", **header))


def play(game_match, *events):
    """Apply events in order; returns the match for chaining."""
    for event in events:
        game_match.apply(event)
    return game_match


def snapshot(game_match):
    """Everything a refused event must leave as it was."""
    return (game_match.state(), list(game_match.in_force))


def refused(game_match, event, words):
    """Assert the event is refused with `words` in the reason, and nothing moved."""
    before = snapshot(game_match)
    try:
        game_match.apply(event)
    except Refused as refusal:
        reason = str(refusal)
        assert words in reason, "reason %r lacks %r" % (reason, words)
        assert snapshot(game_match) == before, "state moved on a refusal"
        return reason
    raise AssertionError("accepted %r, expected refusal with %r" % (event, words))


def teams(game_match, key):
    """(A, B) of a per-team state entry, e.g. teams(m, "slate")."""
    pair = game_match.state()[key]
    return (pair["A"], pair["B"])


def fold(*events):
    """Fold events given as dicts through the log reader (as JSON lines)."""
    import json

    return fold_lines([json.dumps(event) for event in events])
