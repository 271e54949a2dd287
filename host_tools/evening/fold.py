"""A match log folded as its lines arrive: what `read_match_log` gives from the whole
file, kept up to date one line at a time.

The organiser's copy (copy.py) holds one `Fold` per file it writes. Each line
it appends is folded in by the rules core (`scoring.Match.apply`), checked
as `scoring.fold_lines` checks a line (too long, not JSON by the core's own
scan, refused by the rules), so a log folds here exactly when it folds
there, and is refused at the same line for the same reason. Each event in
force is kept with the state before and after it, an undo taking back the
last; `log()` is then the MatchLog read_match_log would make of the file
(tests/evening/test_fold.py checks it on every log of tests/logs and on
random ones), without folding the file again at each line nor copying the
match at each step: a 16-deal session took some 0.3 s to read again whole,
a line takes some 0.1 ms here.

One thing is left out: a Step's `match_before` (the match just before the
event, which only the Bruus slate's deal reading asks for) is None. The
standing (live.py) never reads it; `ardoise slate` and `ardoise tournament`
read the files with read_match_log, as ever.
"""

import json

import host_tools  # noqa: F401  (puts the rules core on the path)
from host_tools.logs.matchlog import MatchLog, Step, read_match_log
from scoring import LINE_LIMIT, LogError, Match, Refused
from scoring.match import _syntax


class Fold:
    """The log at `path`, folded line by line; `data` its bytes so far."""

    def __init__(self, path):
        self.path = path
        self.data = b""
        self.number = 0  # lines read, blank ones too (a LogError's line counts them)
        self.match = None
        self.header = None
        self.state = None  # the match's state after the last event in force
        self.steps = []
        self.undone = 0
        self.error = None  # the first LogError: nothing after it is folded

    @classmethod
    def of(cls, path, data):
        """The fold of a whole file's bytes (lines ending with a newline)."""
        fold = cls(path)
        for line in data.split(b"\n")[:-1]:
            fold.add(line)
        return fold

    def add(self, line):
        """Fold in one more line of the file (`line` without its newline)."""
        self.data += line + b"\n"
        self.number += 1
        if self.error is None:
            try:
                self.fold(line)
            except LogError as error:
                self.error = error

    def fold(self, line):
        number = self.number
        if len(line) > LINE_LIMIT:
            raise LogError(number, "too long")
        line = line.strip(b" \t\n\r")
        if not line:
            return
        reason = _syntax(line)
        if reason:
            raise LogError(number, reason)
        try:
            event = json.loads(line)
        except Exception:
            raise LogError(number, "not valid JSON") from None
        try:
            if self.match is None:
                self.match = Match(event)
                self.header = event
                self.state = self.match.state()
            else:
                self.step(event)
        except Refused as refusal:
            raise LogError(number, str(refusal)) from None

    def step(self, event):
        match = self.match
        before = self.state
        match.apply(event)  # Refused: nothing changed
        self.state = match.state()
        if event.get("ev") == "undo":
            self.undone += 1
            self.steps.pop()
            return
        decoded = match.game.decode(match.in_force.last())
        self.steps.append(Step(decoded, before, self.state))

    def log(self):
        """The MatchLog of the lines so far, or the LogError that refuses them."""
        if self.error is not None:
            return self.error
        if self.match is None:
            return LogError(self.number + 1, "the log has no match event")
        match = self.match
        return MatchLog(
            str(self.path),
            self.header,
            match.names,
            match.game.seats,
            list(self.steps),
            self.undone,
            self.state,
            self.data,
        )


def read_whole(path, data):
    """read_match_log's answer for the same bytes: MatchLog or LogError (for the tests)."""
    try:
        return read_match_log(path, data)
    except LogError as error:
        return error
