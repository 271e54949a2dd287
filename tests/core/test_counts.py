"""Ruling 34: a count in the log is a JSON integer. 16.0, "16" and true are
refused, naming the line, in every count of every game (the match event's
and every other event's), on CPython and MicroPython alike."""

import json

from scoring import LogError, fold_lines

TIER = "quick"

# (the lines before, the line with the count, its key): each count the rules read.
COUNTS = [  # type: list[tuple[list[dict], dict, str]]
    ([], {"ev": "match", "game": "bruus", "session": 16}, "session"),
    ([], {"ev": "match", "game": "bruus", "dealer": 1}, "dealer"),
    ([], {"ev": "match", "game": "brouc", "target": 16}, "target"),
    ([], {"ev": "match", "game": "brouc", "dealer": 1}, "dealer"),
    ([], {"ev": "match", "game": "brusquembelle", "players": 3}, "players"),
    ([], {"ev": "match", "game": "brusquembelle", "players": 3, "ante": 16}, "ante"),
    (
        [{"ev": "match", "game": "brouc"}, {"ev": "deal", "trump": "H"}],
        {"ev": "end", "A": 60},
        "A",
    ),
    (
        [{"ev": "match", "game": "brouc"}, {"ev": "deal", "trump": "H"}],
        {"ev": "end", "A": 60, "B": 60},
        "B",
    ),
    (
        [{"ev": "match", "game": "bruus"}, {"ev": "deal"}],
        {"ev": "trick", "team": "A", "count": 2},
        "count",
    ),
    (
        [{"ev": "match", "game": "brusquembelle", "players": 3}, {"ev": "deal"}],
        {"ev": "card", "player": 1, "rank": "A", "won": True},
        "player",
    ),
]


def lines_of(events):
    return [json.dumps(event) for event in events]


def test_every_count_is_taken_as_an_integer():
    for before, event, _ in COUNTS:
        fold_lines(lines_of(before + [event]))


def test_a_count_that_is_no_integer_is_refused_naming_its_line():
    for before, event, key in COUNTS:
        for value in (float(event[key]), str(event[key]), True):
            bad = dict(event)
            bad[key] = value
            lines = lines_of(before + [bad])
            try:
                fold_lines(lines)
            except LogError as error:
                assert error.line == len(lines), (key, value, error.line)
                assert ("%r" % key) in error.reason and "whole number" in error.reason, (
                    key,
                    value,
                    error.reason,
                )
                continue
            raise AssertionError("%s = %r accepted" % (key, value))


def test_a_count_written_with_a_fraction_or_an_exponent_is_refused():
    # JSON's 16.0, 1.6e1 and 16e0 are numbers, but no integer: as a file holds them.
    for written in ("16.0", "1.6e1", "16e0", "16E0"):
        line = '{"ev":"match","game":"bruus","session":%s}' % written
        try:
            fold_lines([line])
        except LogError as error:
            assert error.line == 1 and "whole number" in error.reason, error.reason
            continue
        raise AssertionError(line + " accepted")


def test_card_points_in_a_list_are_integers_too():
    header = {"ev": "match", "game": "brusquembelle", "players": 3}
    for points in ([40, 40, 40.0], [40, "40", 40], [True, 40, 79]):
        lines = lines_of([header, {"ev": "deal"}, {"ev": "end", "points": points}])
        try:
            fold_lines(lines)
        except LogError as error:
            assert error.line == 3 and "whole numbers" in error.reason, error.reason
            continue
        raise AssertionError("points %r accepted" % points)
