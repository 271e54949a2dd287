"""More helpers for the rules tests of Bruus and Brusquembelle (CPython and MicroPython)."""

from checks import ev, snapshot

from scoring import Match, Refused

UNDO = {"ev": "undo"}
SMALL_INT = 1 << 30  # MicroPython keeps ints below this unboxed on 32-bit boards


def refused_header(header, words):
    """Assert a match event is refused with `words` in the reason."""
    try:
        Match(header)
    except Refused as refusal:
        reason = str(refusal)
        assert words in reason, "reason %r lacks %r" % (reason, words)
        return reason
    raise AssertionError("header accepted: %r" % header)


def undo_each(game_match, *events):
    """Apply each event, checking that an undo right after it restores the
    state exactly, and that applying it again gives the same state.

    Also checks that every code stays a small int and that last_event()
    decodes it back to the event as given (with its defaults filled in when
    the event left them out, so compare only the keys it gave)."""
    for event in events:
        before = snapshot(game_match)
        game_match.apply(event)
        after = snapshot(game_match)
        code = game_match.in_force.last()
        assert type(code) is int and 0 <= code < SMALL_INT, code
        back = game_match.last_event()
        for key in event:
            assert back[key] == event[key], (back, event)
        game_match.apply(UNDO)
        assert snapshot(game_match) == before, "undo of %r did not restore" % (event,)
        game_match.apply(event)
        assert snapshot(game_match) == after, "%r again gave another state" % (event,)
    return game_match


def undo_all(game_match, *events):
    """Apply events, then undo them one by one from the last, checking each
    undo gives back the state recorded before that event."""
    states = []
    for event in events:
        states.append(snapshot(game_match))
        game_match.apply(event)
    while states:
        game_match.apply(UNDO)
        assert snapshot(game_match) == states.pop()
    return game_match


def tricks_of(text, **fields):
    """Trick events from a string like "AAB": ev("trick", team=...)."""
    return [ev("trick", team=side, **fields) for side in text]


class Dice:
    """A tiny seeded generator (the same on CPython and MicroPython)."""

    def __init__(self, seed):
        self.seed = seed

    def below(self, number):
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.seed >> 8) % number


def wander(game_match, dice, make_event, steps, check):
    """Apply `steps` random events: a refusal must move nothing, an undo now
    and then must give back the state before the event, and `check(state)`
    must hold after every accepted event. Returns how many were accepted."""
    accepted = 0
    for _ in range(steps):
        event = make_event(dice)
        before = snapshot(game_match)
        try:
            game_match.apply(event)
        except Refused:
            assert snapshot(game_match) == before, "a refusal moved the state: %r" % (event,)
            continue
        accepted += 1
        check(game_match.state())
        if dice.below(5) == 0:
            after = snapshot(game_match)
            game_match.apply(UNDO)
            assert snapshot(game_match) == before, "undo of %r did not restore" % (event,)
            game_match.apply(event)
            assert snapshot(game_match) == after
    return accepted
