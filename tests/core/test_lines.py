"""Reading a log's lines: one verdict on every line, on the board and the PC.

MicroPython's json reads lines that CPython's refuses (`{"a" 1]`,
`[1,,2,]`, `01`...) and its bytes.decode takes UTF-8 that CPython's
refuses, so fold_lines checks each line itself before json.loads. Each case
of LINES says how CPython's json module judges the text: on CPython the test
checks the table against the json module itself; on both interpreters
(tests/mp_runner.py) fold_lines must judge every line as the table says.
"""

import io
import sys

from scoring import LINE_LIMIT, LogError, fold_lines, read_lines

TIER = "quick"
TIER_OF = {
    "test_every_line_is_judged_as_cpythons": "slow",
}

CPYTHON = sys.implementation.name == "cpython"
HEADER = b'{"ev":"match","game":"brouc"}'
DEAL = b'{"ev":"deal","trump":"H"}'
JSON = "JSON"  # valid JSON: what comes of the line is the rules' call
NOT_JSON = "not valid JSON"
NOT_UTF8 = "not valid UTF-8"
BLANK = "blank"

# Line 3 of a log, after HEADER and DEAL, and CPython's json's verdict on it.
LINES = (
    (b'{"ev":"trick","team":"A"}', JSON),
    (b' \t{ "ev" : "trick" ,\t"team" : "A" } \r', JSON),  # JSON's blanks, anywhere
    (b'{"ev":"trick","team":"\\u0041"}', JSON),
    (b'{"\\u0065v":"trick","team":"A"}', JSON),
    (b'{"ev":"trick","team":"B","team":"A"}', JSON),  # a key repeated: the last counts
    (b'{"ev":"trick","team":"\\ud800"}', JSON),  # a lone surrogate
    (b'{"ev":"trick","team":"\\ud83d\\ude00"}', JSON),
    (b'{"ev":"trick","team":"\xc3\x89"}', JSON),
    (b'{"ev":"trick","team":"\xf0\x9f\x98\x80"}', JSON),
    (b'{"ev":"trick","team":"\x7f"}', JSON),  # DEL is no control character to JSON
    (b'{"ev":"trick","team":"\\"\\\\\\/\\b\\f\\n\\r\\t"}', JSON),
    (b'{"ev":"end","A":-0}', JSON),
    (b'{"ev":"end","A":75.0}', JSON),
    (b'{"ev":"end","A":7.5e1}', JSON),
    (b'{"ev":"end","A":1E+2}', JSON),
    (b'{"ev":"end","A":0.5e-0}', JSON),
    (b'{"ev":"end","A":1e999}', JSON),
    (b'{"ev":"end","A":123456789012345678901234567890}', JSON),
    (b'{"ev":"end","A":true,"B":null}', JSON),
    (b'{"ev":"trick","team":[[{"a":[]}, {}], []]}', JSON),
    (b"[]", JSON),
    (b"{}", JSON),
    (b'"trick"', JSON),
    (b"null", JSON),
    (b"0", JSON),
    (b"[" * 640 + b"]" * 640, JSON),  # nested as deep as a line can
    (b'{"ev":"trick","team":"A"]', NOT_JSON),
    (b'{"ev" "trick","team":"A"}', NOT_JSON),
    (b'{"ev":"trick",,"team":"A"}', NOT_JSON),
    (b'{"ev":"trick","team":"A",}', NOT_JSON),
    (b'{"ev":"trick" "team":"A"}', NOT_JSON),
    (b'{"ev"::"trick","team":"A"}', NOT_JSON),
    (b'{"ev":"trick","team":"A"}}', NOT_JSON),
    (b'{"ev":"trick","team":"A"', NOT_JSON),
    (b'{"ev":"trick","team":"A}', NOT_JSON),
    (b'{"ev":"trick","team":["A",]}', NOT_JSON),
    (b'{"ev":"trick","team":[,"A"]}', NOT_JSON),
    (b'{"ev":"trick","team"}', NOT_JSON),
    (b'{"ev":"trick","team":}', NOT_JSON),
    (b'{ev:"trick","team":"A"}', NOT_JSON),
    (b'{1:"trick","team":"A"}', NOT_JSON),
    (b"{'ev':'trick','team':'A'}", NOT_JSON),
    (b'{"ev":"trick","team":"\\x41"}', NOT_JSON),
    (b'{"ev":"trick","team":"\\u041"}', NOT_JSON),
    (b'{"ev":"trick","team":"\\u00G1"}', NOT_JSON),
    (b'{"ev":"trick","team":"\\U0041"}', NOT_JSON),
    (b'{"ev":"trick","team":"A\tB"}', NOT_JSON),  # control characters in a string
    (b'{"ev":"trick","team":"A\x00"}', NOT_JSON),
    (b'{"ev":"trick","team":"A\x1f"}', NOT_JSON),
    (b'{"ev":"trick","team":"A"}\x00', NOT_JSON),
    (b"\x00" * 30, NOT_JSON),
    (b'{"ev":"end","A":075}', NOT_JSON),
    (b'{"ev":"end","A":-075}', NOT_JSON),
    (b'{"ev":"end","A":75.}', NOT_JSON),
    (b'{"ev":"end","A":.5}', NOT_JSON),
    (b'{"ev":"end","A":+75}', NOT_JSON),
    (b'{"ev":"end","A":0x4B}', NOT_JSON),
    (b'{"ev":"end","A":1e}', NOT_JSON),
    (b'{"ev":"end","A":1e+}', NOT_JSON),
    (b'{"ev":"end","A":-}', NOT_JSON),
    (b'{"ev":"end","A":--1}', NOT_JSON),
    (b'{"ev":"end","A":NaN}', NOT_JSON),
    (b'{"ev":"end","A":Infinity}', NOT_JSON),
    (b'{"ev":"end","A":-Infinity}', NOT_JSON),
    (b'{"ev":"end","A":True}', NOT_JSON),
    (b'{"ev":"end","A":tru}', NOT_JSON),
    (b'{"ev":"end","A":nulll}', NOT_JSON),
    (b'{"ev":"trick","team":"A"} {"ev":"trick","team":"A"}', NOT_JSON),
    (b"\x0c{}", NOT_JSON),  # form feed and vertical tab: blanks to Python, not to JSON
    (b"{}\x0b", NOT_JSON),
    (b"\x0b", NOT_JSON),
    (b"\xc2\xa0{}", NOT_JSON),  # a no-break space
    (b"{}\xe3\x80\x80", NOT_JSON),  # an ideographic space
    (b"\xef\xbb\xbf{}", NOT_JSON),  # a byte order mark
    (b'{"ev":"trick","team":"\xff"}', NOT_UTF8),
    (b'{"ev":"trick","team":"\x80"}', NOT_UTF8),
    (b'{"ev":"trick","team":"\xc3"}', NOT_UTF8),
    (b'{"ev":"trick","team":"\xe2\x82"}', NOT_UTF8),
    (b'{"ev":"trick","team":"\xc0\x80"}', NOT_UTF8),  # overlong forms
    (b'{"ev":"trick","team":"\xc1\xbf"}', NOT_UTF8),
    (b'{"ev":"trick","team":"\xe0\x80\x80"}', NOT_UTF8),
    (b'{"ev":"trick","team":"\xf0\x80\x80\x80"}', NOT_UTF8),
    (b'{"ev":"trick","team":"\xed\xa0\x80"}', NOT_UTF8),  # a surrogate
    (b'{"ev":"trick","team":"\xf4\x90\x80\x80"}', NOT_UTF8),  # past U+10FFFF
    (b'{"ev":"trick","team":"\xf5\x80\x80\x80"}', NOT_UTF8),
    (b"", BLANK),
    (b"  \t \r", BLANK),
)


def cpython_verdict(text):
    """How CPython reads `text`: UTF-8, strictly; then its json, without NaN and Infinity."""
    import json

    if not text.strip(b" \t\r"):
        return BLANK
    try:
        decoded = text.decode("utf-8")
    except UnicodeError:
        return NOT_UTF8

    def refuse(constant):
        raise ValueError(constant)

    try:
        json.loads(decoded, parse_constant=refuse)
    except ValueError:
        return NOT_JSON
    return JSON


def verdict(lines):
    """(line, reason) of the LogError that folding `lines` raises, or None."""
    try:
        fold_lines(lines)
    except LogError as error:
        return error.line, error.reason
    return None


def test_the_table_is_what_cpythons_json_says():
    if not CPYTHON:
        return  # checked on CPython; MicroPython checks fold_lines against it
    wrong = [(text, said) for text, said in LINES if cpython_verdict(text) != said]
    assert not wrong, wrong[:12]


def test_every_line_is_judged_as_cpythons_json_judges_it():
    wrong = []
    for text, said in LINES:
        for ending in (b"", b"\n", b"\r\n"):
            lines = [HEADER + b"\n", DEAL + b"\n", text + ending]
            for given in (lines, io.BytesIO(b"".join(lines))):
                found = verdict(given)
                if said in (NOT_JSON, NOT_UTF8):
                    ok = found == (3, said)
                else:  # folded, or refused by the rules
                    ok = found is None or found[0] == 3 and found[1] not in (NOT_JSON, NOT_UTF8)
                    if said == BLANK:
                        ok = found is None
                if not ok:
                    wrong.append((text, ending, found))
    assert not wrong, wrong[:12]


def test_a_repeated_key_counts_its_last_value_on_both():
    state = fold_lines([HEADER, DEAL, b'{"ev":"trick","team":"B","team":"A"}']).state()
    assert state["tricks"] == {"A": 1, "B": 0}
    assert verdict([HEADER, DEAL, b'{"ev":"trick","team":"A","team":"X"}'])[0] == 3


def test_the_first_unknown_key_is_named_in_sorted_order():
    # MicroPython's dicts keep no order: the reason must not depend on it.
    for line in (
        b'{"ev":"trick","team":"A","zz":1,"mm":2,"aa":3,"qq":4}',
        b'{"aa":3,"qq":4,"team":"A","ev":"trick","zz":1,"mm":2}',
    ):
        assert verdict([HEADER, DEAL, line]) == (3, "unknown key 'aa' in a 'trick' event")


# -- the line limit -----------------------------------------------------------


# Five names of 16 characters past U+FFFF, each its own (no name sits twice):
# 15 grinning faces, then U+1F600 to U+1F604.
LONGEST_NAMES = ["\U0001f600" * 15 + chr(0x1F600 + seat) for seat in range(5)]


def longest_header(escaped):
    """The longest match event the rules accept, as CPython's json.dumps writes
    it by default (", " and ": "; ensure_ascii, or not): Brusquembelle's five
    players, each with 16 characters past U+FFFF, escaped as surrogate pairs
    (12 bytes a character) or in UTF-8 (4 bytes)."""
    names = []
    for seat in range(5):
        last = ("\\ud83d\\ude0%d" % seat) if escaped else chr(0x1F600 + seat)
        names.append('"%s"' % (("\\ud83d\\ude00" if escaped else "\U0001f600") * 15 + last))
    return (
        '{"ev": "match", "game": "brusquembelle", "players": 5, "ante": 100,'
        ' "pairs": false, "names": [%s]}' % ", ".join(names)
    ).encode()


def test_the_longest_header_folds_and_one_more_character_is_refused():
    for escaped in (True, False):
        line = longest_header(escaped)
        assert len(line) <= LINE_LIMIT, len(line)
        for lines in ([line], [line + b"\n"], io.BytesIO(line + b"\n" + b'{"ev":"deal"}\n')):
            match = fold_lines(lines)
            assert [name.encode() for name in match.names] == [
                name.encode() for name in LONGEST_NAMES
            ]
        char = ("\\ud83d\\ude00" if escaped else "\U0001f600").encode()
        longer = line.replace(char * 15, char * 16, 1)
        found = verdict([longer])
        assert found[0] == 1 and "names of 1 to 16 characters" in found[1], found


def test_a_name_is_text_however_json_writes_it():
    """An escaped surrogate pair is one character, kept as its own UTF-8 bytes
    (MicroPython's json makes two 3-byte sequences of it); a lone surrogate
    is no character, refused on both."""
    smile = "\U0001f600"
    for written in ('"\\ud83d\\ude00"', '"%s"' % smile, '"a\\ud83d\\ude00b\\u00e9"'):
        line = '{"ev":"match","game":"bruus","rules":"two","names":[%s,"Eva"]}' % written
        names = fold_lines([line.encode()]).names
        assert names[1] == "Eva" and len(names[0]) in (1, 4), names
        assert names[0].encode() in (smile.encode(), ("a" + smile + "b\u00e9").encode())
    for lone in ("\\ud800", "\\udc00", "a\\ud83d", "\\ude00\\ud83d", "\\ud83d\\u0041"):
        line = '{"ev":"match","game":"bruus","rules":"two","names":["%s","Eva"]}' % lone
        found = verdict([line.encode()])
        assert found[0] == 1 and "names of 1 to 16 characters" in found[1], (lone, found)


def test_the_longest_header_is_what_cpython_writes():
    if not CPYTHON:
        return
    import json

    header = {"ev": "match", "game": "brusquembelle", "players": 5, "ante": 100, "pairs": False}
    header["names"] = LONGEST_NAMES
    assert longest_header(True) == json.dumps(header).encode()
    assert longest_header(False) == json.dumps(header, ensure_ascii=False).encode()
    assert len(longest_header(True)) == 1074
    # The other games' longest headers are shorter (four players at most).
    names = LONGEST_NAMES[:4]
    for other in (
        {"ev": "match", "game": "brouc", "rules": "brou1802", "dealer": 3, "target": 99},
        {"ev": "match", "game": "bruus", "rules": "schwesing", "dealer": 3},
    ):
        other["names"] = names
        fold_lines([json.dumps(other)])
        assert len(json.dumps(other)) < len(longest_header(True))


def test_a_line_over_the_limit_is_too_long_on_both():
    exact = HEADER + b" " * (LINE_LIMIT - len(HEADER))
    assert verdict([exact]) is None and verdict([exact + b"\n"]) is None
    assert verdict(io.BytesIO(exact + b"\n" + DEAL + b"\n")) is None
    assert verdict([exact + b" "]) == (1, "too long")
    assert verdict([exact + b"\r\n"]) == (1, "too long")
    assert verdict([HEADER, b"", DEAL + b" " * LINE_LIMIT]) == (3, "too long")
    assert verdict(io.BytesIO(HEADER + b"\n" + b"x" * 100000)) == (2, "too long")
    # Too long is judged before anything else: JSON or not, blank or not.
    assert verdict([HEADER, b" " * (LINE_LIMIT + 1)]) == (2, "too long")


def test_reading_stops_after_a_line_over_the_limit():
    data = HEADER + b"\n" + b"x" * 10000 + b"\n" + DEAL + b"\n"
    assert list(read_lines(io.BytesIO(data))) == [HEADER + b"\n", b"x" * (LINE_LIMIT + 1)]
    exact = b"y" * LINE_LIMIT + b"\n"
    data = HEADER + b"\n" + exact + DEAL
    assert list(read_lines(io.BytesIO(data))) == [HEADER + b"\n", exact, DEAL]
