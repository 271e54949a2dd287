"""Ways to spoil a match log or a journal, for the fuzzing proofs (CPython).

Each mutation takes a random.Random and the bytes and returns new bytes:
hypothesis drives the Random (st.randoms()) for shrinkable examples, and a
seeded random.Random gives the bounded batches run in subprocesses.
"""

import json
import re

# Deep enough to pass both decoders' own limits (CPython's near 1,000 levels).
NESTING_DEPTH_UP_TO = 3000


def random_json(rng, depth=0):
    """A JSON value of any kind, event-shaped now and then."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice((0, -1, 1, 120, 121, 2**31, -(2**63), 10**30))
    if kind == 3:
        return rng.choice((0.5, -0.0, 1e308, 5e-324, 1.0))
    if kind == 4:
        return rng.choice(("", "A", "B", "H", "KQJ", "undo", "é", "\ud800", "\x00", "👍" * 3))
    if kind == 5:
        return rng.choice(("match", "deal", "trick", "end", "brouc", "bruus", "names"))
    if kind == 6:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ("ev", "game", "team", "trump", "A", "B", "cape", "count", "points", "names", "x")
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def split(data):
    return data.split(b"\n")


def flip_byte(rng, data):
    if not data:
        return data
    at = rng.randrange(len(data))
    return data[:at] + bytes([data[at] ^ rng.randrange(1, 256)]) + data[at + 1 :]


def truncate(rng, data):
    return data[: rng.randrange(len(data) + 1)]


def duplicate_line(rng, data):
    lines = split(data)
    at = rng.randrange(len(lines))
    return b"\n".join(lines[: at + 1] + lines[at:])


def remove_line(rng, data):
    lines = split(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def swap_lines(rng, data):
    lines = split(data)
    first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[first], lines[second] = lines[second], lines[first]
    return b"\n".join(lines)


def insert_json_line(rng, data):
    lines = split(data)
    line = json.dumps(random_json(rng)).encode()
    lines.insert(rng.randrange(len(lines) + 1), line)
    return b"\n".join(lines)


def change_a_value(rng, data):
    """One key of one event set to a random JSON value (or a new key added)."""
    lines = split(data)
    at = rng.randrange(len(lines))
    try:
        event = json.loads(lines[at])
    except (ValueError, RecursionError):  # not JSON, or nested too deep for CPython
        return data
    if not isinstance(event, dict):
        return data
    key = rng.choice(sorted(event) + ["extra"])
    event[key] = random_json(rng)
    lines[at] = json.dumps(event).encode()
    return b"\n".join(lines)


def huge_number(rng, data):
    """A number in the log replaced by one no event expects."""
    numbers = list(re.finditer(rb"-?[0-9]+", data))
    if not numbers:
        return data
    found = rng.choice(numbers)
    huge = rng.choice(
        (b"9" * rng.randrange(20, 4300), b"-1" + b"0" * 400, b"1e999", b"-1e999", b"1e-999")
        + (b"1.5", b"120.0", b"0x10", b"NaN", b"Infinity", b"-Infinity", b"00", b"+1")
    )
    return data[: found.start()] + huge + data[found.end() :]


def deep_nesting(rng, data):
    lines = split(data)
    depth = rng.randrange(1, NESTING_DEPTH_UP_TO)
    nested = rng.choice((b"[" * depth + b"]" * depth, b'{"a":' * depth + b"1" + b"}" * depth))
    line = rng.choice((nested, b'{"ev":"deal","trump":' + nested + b"}", b"[" * depth))
    lines.insert(rng.randrange(len(lines) + 1), line)
    return b"\n".join(lines)


def invalid_utf8(rng, data):
    at = rng.randrange(len(data) + 1)
    bad = rng.choice(
        (b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\x80")
    )
    return data[:at] + bad + data[at:]


def nul_byte(rng, data):
    at = rng.randrange(len(data) + 1)
    return data[:at] + b"\x00" * rng.randrange(1, 4) + data[at:]


def crlf(rng, data):
    return data.replace(b"\n", b"\r\n")


def bom(rng, data):
    return b"\xef\xbb\xbf" + data


def blank_lines(rng, data):
    lines = split(data)
    lines.insert(rng.randrange(len(lines) + 1), rng.choice((b"", b"   ", b"\t", b"\r", b"\x0b")))
    return b"\n".join(lines)


def random_bytes(rng, data):
    alphabet = b'{}[]":,\n 0123456789evmatchdealAB\x00\xff'
    return bytes(rng.choice(alphabet) for _ in range(rng.randrange(200)))


MUTATIONS = (
    flip_byte,
    truncate,
    duplicate_line,
    remove_line,
    swap_lines,
    insert_json_line,
    change_a_value,
    huge_number,
    deep_nesting,
    invalid_utf8,
    nul_byte,
    crlf,
    bom,
    blank_lines,
    random_bytes,
)


def mutated(rng, corpus):
    """One of `corpus` with one to four mutations."""
    data = rng.choice(corpus)
    for _ in range(rng.randrange(1, 5)):
        data = rng.choice(MUTATIONS)(rng, data)
    return data
