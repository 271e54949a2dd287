"""The organiser's fold (host_tools/evening/fold.py) is read_match_log's, line by line.

For every log of tests/logs (three games, refused ones too), whole Le Brouc
matches played card by card, Bruus sessions played at random with undos,
and logs mutated as the fuzz proof mutates them: the Fold fed one line at
a time gives, at the end and at random points on the way, the MatchLog
(header, names, seats, every step's event and states, undos, final state)
or the LogError (line and reason) that read_match_log gives from the same
bytes.
"""

import random

from host_tools.common import ROOT
from host_tools.evening.fold import Fold, read_whole
from scoring import LogError
from tests.evening.journals import session
from tests.proof import mutations
from tests.proof.brouc_table import RULES, play_match

TIER = "network"

LOGS = ROOT / "tests" / "logs"


def seen(log):
    """What a fold gives, as comparable values."""
    if isinstance(log, LogError):
        return ("refused", log.line, log.reason)
    steps = [(step.event, step.before, step.after) for step in log.steps]
    return (log.path, log.header, log.names, log.seats, steps, log.undone, log.final)


def corpus():
    logs = [path.read_bytes() for path in sorted(LOGS.rglob("*.jsonl"))]
    logs += [("\n".join(play_match(seed, rules).lines) + "\n").encode()
             for seed, rules in enumerate(RULES)]  # fmt: skip
    rng = random.Random(22)
    for rules, seats in (("schwesing", 4), ("treia", 4), ("two", 2)):
        names = ["P%d" % seat for seat in range(seats)]
        logs.append(b"".join(line + b"\n" for line in session(rng, names, 8, rules)))
    return logs


def whole_lines(data):
    """The bytes as the copy holds them: whole lines, each ending with a newline."""
    return data if data.endswith(b"\n") else data + b"\n"


def check(path, data, rng, points=2):
    """The fold of `data` agrees with read_match_log at the end and at `points` prefixes."""
    lines = data.split(b"\n")[:-1]
    fold = Fold(path)
    cuts = {len(lines)} | {rng.randrange(1, len(lines) + 1) for _ in range(points)}
    for count, line in enumerate(lines, 1):
        fold.add(line)
        if count in cuts:
            prefix = b"".join(piece + b"\n" for piece in lines[:count])
            assert fold.data == prefix
            assert seen(fold.log()) == seen(read_whole(path, prefix)), (count, prefix[-300:])


def test_the_fold_of_each_log_is_read_match_logs(tmp_path):
    rng = random.Random(1)
    logs = corpus()
    assert any(b'"undo"' in data for data in logs)
    for data in logs:
        check(tmp_path / "b1" / "b1-0001.jsonl", whole_lines(data), rng)


def test_the_fold_of_mutated_logs_is_read_match_logs(tmp_path):
    rng = random.Random(2)
    logs = corpus()
    refused = 0
    for _ in range(300):
        data = whole_lines(mutations.mutated(rng, logs))
        refused += isinstance(read_whole(tmp_path / "m.jsonl", data), LogError)
        check(tmp_path / "m.jsonl", data, rng, points=1)
    assert 50 < refused < 300  # both kinds were tried


def test_a_fold_of_a_file_is_the_fold_of_its_lines(tmp_path):
    data = (LOGS / "bruus-schwesing.jsonl").read_bytes()
    one = Fold.of(tmp_path / "x.jsonl", data)
    assert seen(one.log()) == seen(read_whole(tmp_path / "x.jsonl", data))
    assert one.log().data == data
