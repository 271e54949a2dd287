"""The match log itself: the match event, undo, and reading lines (match-log.md)."""

from checks import ev, fold, match, play, refused, snapshot, teams

import scoring.match
from scoring import LogError, Match, Refused, fold_lines

TIER = "quick"


def expect_log_error(lines, line, words):
    try:
        fold_lines(lines)
    except LogError as error:
        assert error.line == line, (error.line, line)
        assert words in error.reason, error.reason
        assert str(error) == "line %d: %s" % (line, error.reason)
        return
    raise AssertionError("the log was accepted")


def refused_header(header, words):
    try:
        Match(header)
    except Refused as refusal:
        assert words in str(refusal), str(refusal)
        return
    raise AssertionError("header accepted: %r" % header)


def test_match_defaults():
    state = match().state()
    assert state["rules"] == "etivaz" and state["target"] == 5 and state["dealer"] == 0
    assert state["slate"] == {"A": 0, "B": 0} and state["bottom"] == {"A": 0, "B": 0}
    assert state["coches"] == {"A": 0, "B": 0} and state["games"] == 0
    assert state["deal_open"] is False and state["winner"] is None
    assert match(rules="brou1802").state()["target"] == 12


def test_match_header_refusals():
    refused_header(ev("deal", trump="H"), 'first event must be a "match"')
    refused_header(ev("match"), "unknown game None")
    refused_header(ev("match", game="poker"), "unknown game 'poker'")
    refused_header(ev("match", game="brouc", rules="1803"), "'rules' must be one of")
    refused_header(ev("match", game="brouc", dealer=4), "'dealer' must be a whole number")
    refused_header(ev("match", game="brouc", target=0), "'target'")
    refused_header(ev("match", game="brouc", players=4), "unknown key 'players'")
    refused_header([1, 2], "JSON object")


def test_the_core_collects_garbage_only_when_the_device_asks():
    """The heap's policy is the device's (ardoise/app.py hands in gc.collect):
    by default the core collects nothing, on either interpreter; handed a
    collector, it calls it before loading a game's rules and a refusal's text."""
    assert scoring.match.collect is None
    calls = []
    scoring.match.collect = lambda: calls.append(len(calls))  # type: ignore[assignment]
    try:
        game = match()
        assert calls == [0]
        try:
            game.apply(ev("end", A=60))
        except Refused as refusal:
            assert "no deal" in str(refusal), str(refusal)
        assert calls == [0, 1]
    finally:
        scoring.match.collect = None


def test_a_second_match_event_is_refused():
    refused(match(), ev("match", game="brouc"), "already begun")


def test_unknown_events_and_keys():
    game = play(match(), ev("deal", trump="H"))
    refused(game, ev("shuffle"), "unknown event 'shuffle'")
    refused(game, {"team": "A"}, 'needs "ev"')
    refused(game, {"ev": 3}, 'needs "ev"')
    refused(game, ev("trick", team="A", count=2), "unknown key 'count'")
    refused(game, ev("undo", steps=2), "unknown key 'steps'")


def test_undo_takes_back_events_one_by_one():
    game = match()
    states = [snapshot(game)]
    for event in (
        ev("deal", trump="S"),
        ev("declare", team="A", suit="S", kind="KQ"),
        ev("trick", team="A"),
        ev("table", team="A", suit="H", kind="KQ"),
    ):
        play(game, event)
        states.append(snapshot(game))
    for expected in reversed(states[:-1]):
        play(game, ev("undo"))
        assert snapshot(game) == expected
    refused(game, ev("undo"), "nothing to undo")


def test_undo_across_a_scored_deal_a_cape_and_a_won_game():
    game = play(match(), ev("deal", trump="H"), ev("end", A=120))
    before_cape = snapshot(game)
    play(game, ev("deal", trump="H"), ev("end", cape="B"))
    assert teams(game, "coches") == (0, 2)
    play(game, ev("undo"))
    assert game.state()["deal_open"] and teams(game, "coches") == (0, 0)
    play(game, ev("undo"))
    assert snapshot(game) == before_cape
    play(game, ev("deal", trump="H"), ev("out", team="B", points=0))
    assert game.state()["games"] == 1
    play(game, ev("undo"))
    assert game.state()["games"] == 0 and teams(game, "slate") == (12, 0)


def test_undo_then_new_events_continue_from_the_earlier_state():
    game = play(match(), ev("deal", trump="H"), ev("end", A=100), ev("undo"), ev("end", A=20))
    assert teams(game, "slate") == (2, 10)
    assert game.last_event() == {"ev": "end", "A": 20, "B": 100}


def test_decode_gives_back_every_kind_of_event():
    events = [
        ev("deal", trump="C"),
        ev("trick", team="B"),
        ev("declare", team="B", suit="D", kind="KQJ"),
        ev("table", team="B", suit="H", kind="KQ"),
        ev("announce", team="B", call="cape-dedouble"),
        ev("out", team="A", points=77),
        ev("end", A=64, B=56),
        ev("end", cape="A"),
    ]
    game = match()
    for event in events:
        assert game.game.decode(game.game.encode(event)) == event


def test_fold_lines_reads_json_lines_and_skips_blank_ones():
    lines = [
        '{"ev":"match","game":"brouc"}',
        "",
        '  {"ev":"deal","trump":"H"}  ',
        '{"ev":"end","A":75}\n',
    ]
    assert fold_lines(lines).state()["slate"] == {"A": 8, "B": 5}
    assert fold_lines([line.encode() for line in lines]).state()["slate"] == {"A": 8, "B": 5}


def test_fold_lines_names_the_failing_line():
    header = '{"ev":"match","game":"brouc"}'
    expect_log_error([header, "", '{"ev":"deal","trump":"X"}'], 3, "'trump' must be one of")
    expect_log_error([header, '{"ev":"deal",'], 2, "not valid JSON")
    expect_log_error([header, "[]"], 2, "JSON object")
    expect_log_error([b'{"ev":"match","game":"brouc"}', b'{"ev":"\xff"}'], 2, "UTF-8")
    expect_log_error([], 1, "no match event")
    expect_log_error(["", ""], 3, "no match event")
    expect_log_error(['{"ev":"deal","trump":"H"}'], 1, "first event must be")


def test_fold_equals_applying_events_one_by_one():
    events = [ev("deal", trump="D"), ev("trick", team="A"), ev("undo"), ev("end", A=10)]
    folded = fold(ev("match", game="brouc"), *events)
    played = play(match(), *events)
    assert snapshot(folded) == snapshot(played)


def test_player_names_label_the_seats_of_every_game():
    names = ["Anne", "Bruno", "Claire", "Denis"]
    assert match(names=names).state()["names"] == names
    assert match("bruus", rules="two", names=["Eva", "Fritz"]).state()["names"] == ["Eva", "Fritz"]
    state = match("brusquembelle", players=3, names=["Gil", "Hugo", "Ida"]).state()
    assert state["names"] == ["Gil", "Hugo", "Ida"]
    assert "names" not in match().state()
    refused_header(ev("match", game="brouc", names=["Anne"]), "a list of 4 names")
    refused_header(ev("match", game="brouc", names="Anne"), "a list of 4 names")
    refused_header(ev("match", game="brouc", names=["A", "B", "", "D"]), "1 to 16 characters")
    refused_header(ev("match", game="brouc", names=["A", "B", 3, "D"]), "1 to 16 characters")
    header = ev("match", game="brouc", names=names)
    Match(header)
    assert header["names"] == names, "the caller's event is left as it was"


def test_codes_extended_at_once_are_those_appended_one_by_one():
    from scoring.match import Codes

    for before in (0, 5, 31, 32, 40):
        for count in (0, 1, 27, 32, 33, 100):
            codes = list(range(1000, 1000 + before + count))
            one_by_one, at_once = Codes(), Codes()
            for code in codes:
                one_by_one.append(code)
            for code in codes[:before]:
                at_once.append(code)
            at_once.extend(codes[before:])
            assert list(at_once) == codes and len(at_once) == len(codes)
            assert [len(chunk) for chunk in at_once._chunks] == [
                len(chunk) for chunk in one_by_one._chunks
            ]
            if codes:
                assert at_once.last() == codes[-1]


def test_fold_lines_goes_on_from_a_match_and_counts_its_lines():
    header = '{"ev":"match","game":"bruus"}'
    deal = '{"ev":"deal"}'
    started = fold_lines([header, deal])
    # Two more lines after the first two: numbered from 3 on.
    more = fold_lines(['{"ev":"trick","team":"A"}'], started, 2)
    assert more is started and len(more.in_force) == 2
    try:
        fold_lines(['{"ev":"deal"}'], started, 3)  # a deal in a deal: line 4
    except LogError as error:
        assert error.line == 4, error.line
    else:
        raise AssertionError("a deal in a deal was folded")


def test_a_name_holds_no_control_character_nor_a_space_at_either_end():
    """The spec's "Player names": U+0000-U+001F and U+007F-U+009F refused
    (a newline broke the tournament's table and its PNG), as a space that
    begins or ends a name; a space inside, and any other character, taken."""
    for name in ("An\nne", "Tab\t", "\x1b[2J", "\x00", "Del\x7f", "Ne\x85l", "C1\x9f", "\x80"):
        refused_header(ev("match", game="brouc", names=["A", name, "C", "D"]), "control")
    for name in (" Anne", "Anne ", " "):
        refused_header(ev("match", game="brouc", names=["A", "B", name, "D"]), "space")
    taken = ["Marie Claire", "\xa0Zoé", "\U0001f600" * 16, "\u2029"]
    assert match(names=taken).state()["names"] == taken


def test_a_name_sits_at_one_seat_only():
    refused_header(ev("match", game="brouc", names=["Anne", "B", "Anne", "D"]), "one seat only")
    refused_header(
        ev("match", game="brusquembelle", players=3, names=["Gil", "Gil", "-"]), "one seat only"
    )
    # "-" is nobody's name: any number of seats may be left unnamed.
    assert match(names=["-", "Anne", "-", "-"]).state()["names"] == ["-", "Anne", "-", "-"]
    assert match(names=["Anne", "anne", "B", "C"]).state()["names"][:2] == ["Anne", "anne"]


def test_a_name_is_counted_in_characters_on_both_interpreters():
    # 16 characters of 2, 3 and 4 bytes each: taken; 17 are refused.
    for char in ("é", "\u20ac", "\U0001f600"):
        assert match(names=[char * 16, "B", "C", "D"]).state()["names"][0] == char * 16
        refused_header(ev("match", game="brouc", names=[char * 17, "B", "C", "D"]), "1 to 16")


def test_the_log_names_the_line_of_a_name_refused():
    header = '{"ev":"match","game":"bruus","names":["A\\nB","C","D","E"]}'
    expect_log_error([header], 1, "control character")
    header = '{"ev":"match","game":"bruus","names":["A","C","A","E"]}'
    expect_log_error(["", header], 2, "one seat only")


def test_the_one_check_of_a_name():
    from scoring.names import refusal

    assert refusal("Rösli") is None and refusal("a b") is None and refusal("-") is None
    assert "control" in refusal("a\tb") and "space" in refusal("b ")
    assert "1 to 16" in refusal("") and "1 to 16" in refusal(None) and "1 to 16" in refusal(3)
