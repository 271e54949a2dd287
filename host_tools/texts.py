"""The slate's texts, from their one table to the modules the board loads.

    ardoise texts            write the modules that are not current
    ardoise texts --check    say which are not, change nothing (status 1)

firmware/texts.toml holds every text the slate shows, a block per key with a
line per language (docs/texts.md says why TOML, and how to add a text or a
language). A board cannot afford that table: it loads one language's texts
at a time, as one str of lines matched by place to a bytes of keys (a dict
or a tuple of strs would cost far more RAM). So the modules it loads keep
their shape and are made from the table here, committed, each with a header
saying so; where the keys stand in a module of code (the screens' KEYS in
ardoise/lang/__init__.py, the correction's, net.py's constants, the
settings' languages), only the lines between two marks are made.
`make texts` runs this, and make mpy, firmware and deploy run it first;
tests/test_texts.py fails when a made file is not what the table gives.
"""

import argparse
import pathlib
import re
import textwrap
import tomllib

from host_tools.common import FIRMWARE, CommandError, write_whole

TABLE = FIRMWARE / "texts.toml"
# A made module's first line, its docstring's: a statement on the line it
# had in the module written by hand keeps the .mpy's bytes (line numbers).
HEADER = "Generated from firmware/texts.toml by host_tools/texts.py (make texts): do not edit.\n"
# In a module of code: the lines made down to the one ending in END, or the
# one line ending in ONE.
BEGIN = "# Made from firmware/texts.toml by `make texts` down to (made): do not edit."
END = "  # (made)"
ONE = "  # made by `make texts`"
# The table's parts: each is a [part.key] block per text.
PARTS = ("screens", "refusals", "correct", "net")
ENGLISH = "en"  # the rules core's language: its refusals are what replay prints
CONVERSION = re.compile(r"%[-+ 0#]*\d*[sdr%]")
# The rules core's English refusals come in five parts, a key's part being
# its length modulo 5 (scoring/match.py: str() of a Refused loads one).
REASON_PARTS = 5


class TableError(CommandError):
    """A table the modules cannot be made from, said in a sentence."""


def read(path=TABLE):
    """The table: {"languages": {code: name}, part: {key: {language: text}}},
    checked: every text in every language, one line each, with the English
    text's % conversions."""
    try:
        table = tomllib.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise TableError("%s: %s" % (path, error)) from None
    languages = table.get("languages")
    if not isinstance(languages, dict) or ENGLISH not in languages:
        raise TableError("%s: [languages] must name each language, English (en) among them" % path)
    for code, name in languages.items():
        if not re.fullmatch(r"[a-z]{2}", code) or not isinstance(name, str) or not name:
            raise TableError("%s: language %r: a two-letter code and its name" % (path, code))
    unknown = set(table) - {"languages", *PARTS}
    if unknown:
        raise TableError("%s: no part %s (the parts: %s)" % (path, sorted(unknown), PARTS))
    for part in PARTS:
        for key, texts in table.setdefault(part, {}).items():
            check(path, part, key, texts, languages)
    return table


def check(path, part, key, texts, languages):
    where = "%s: [%s.%s]" % (path, part, key)
    if not key.isidentifier() or not key.isascii() or not isinstance(texts, dict):
        raise TableError("%s: a key is a name of letters, digits and _" % where)
    missing = [code for code in languages if code not in texts]
    if missing:
        raise TableError("%s has no text in %s" % (where, ", ".join(missing)))
    other = set(texts) - set(languages) - {"note"}
    if other:
        raise TableError("%s: %s is no language of [languages]" % (where, ", ".join(sorted(other))))
    for code in languages:
        text = texts[code]
        if not isinstance(text, str) or not text.isprintable():
            raise TableError("%s %s: a text is one line of printable characters" % (where, code))
        english = CONVERSION.findall(texts[ENGLISH])
        if CONVERSION.findall(text) != english:
            raise TableError(
                "%s %s: the slate fills in %s, as in English, not %s"
                % (where, code, " ".join(english) or "nothing", " ".join(CONVERSION.findall(text)))
            )


def literal(text):
    """`text` as a Python string literal, as ruff's formatter writes it."""
    quote = "'" if '"' in text and "'" not in text else '"'
    return quote + text.replace("\\", "\\\\").replace(quote, "\\" + quote) + quote


def lines_of(name, texts, newline):
    """A module's `name = (...)`: a line per text, its key as the translators'
    note; each ending in a newline (one str) or a comma (a tuple)."""
    out = ["%s = (\n" % name]
    for key, text in texts:
        quoted = literal(text)
        quoted = quoted[:-1] + "\\n" + quoted[-1] if newline else quoted + ","
        out.append("    %s  # %s\n" % (quoted, key))
    out.append(")\n")
    return "".join(out)


def keys_bytes(keys):
    """KEYS: one bytes, each key between newlines (scoring.match.place)."""
    return 'KEYS = (\n    b"\\n"\n' + "".join('    b"%s\\n"\n' % key for key in keys) + ")\n"


def module(docstring, body):
    return '"""%s%s"""\n\n%s' % (HEADER, docstring, body)


def files(table):
    """{path under firmware/: a whole module's text} for every module made.

    Each statement on the line it had when the modules were written by hand:
    a .mpy keeps line numbers, and so its bytes stay the same."""
    languages = table["languages"]
    made = {}
    screens, refusals = table["screens"], table["refusals"]
    for code in languages:
        lang = "ardoise/lang/%s" % code
        made[lang + ".py"] = module(
            "The screens in language %s: TEXT's lines, a text each." % code,
            '# In the order of ardoise/lang/__init__.py\'s KEYS; lists are "a|b|c".\n'
            + lines_of("TEXT", [(key, texts[code]) for key, texts in screens.items()], True),
        )
        made[lang + "_correct.py"] = module(
            "The correction of a past deal (ardoise/correct.py) in language %s." % code,
            lines_of("TEXT", [(key, t[code]) for key, t in table["correct"].items()], False),
        )
        made[lang + "_net.py"] = module(
            "The slate at an evening (ardoise/net.py) in language %s: a line each in the\n"
            "order of net.py's constants (_PASSWORD...), loaded only at an evening." % code,
            lines_of("TEXT", [(key, t[code]) for key, t in table["net"].items()], False),
        )
        if code != ENGLISH:
            made[lang + "_reasons.py"] = module(
                "Why the rules refuse, in language %s (the core's English is its own)." % code,
                "# One text a line, in the order of the core's KEYS (scoring/reasons.py): one\n"
                "# string in RAM while a refusal is read, not one object per reason.\n"
                + lines_of("REASONS", [(key, t[code]) for key, t in refusals.items()], True),
            )
    made["scoring/reasons.py"] = module(
        "The keys of the reasons why the rules refuse an event (a Refused's key).\n\n"
        "Their English texts, what replay prints, are in scoring/reasons_<n>.py, n\n"
        "the key's length modulo 5: str() of a refusal loads only the part that holds\n"
        "its key (scoring/match.py), so that a refusal costs a board little more heap\n"
        "than the fold of its log (tests/test_heap.py, make bench). The device's other\n"
        "languages are in ardoise/lang/<language>_reasons.py, a line each in the\n"
        "order of KEYS below.\n",
        "# One bytes, as the screens' keys (ardoise/lang): line i names line i of\n"
        "# each translation.\n" + keys_bytes(refusals),
    )
    for number in range(REASON_PARTS):
        keys = [key for key in refusals if len(key) % REASON_PARTS == number]
        made["scoring/reasons_%d.py" % number] = module(
            "English refusal texts, for the keys (scoring/reasons.py) of length %d modulo 5.\n\n"
            "What str() of a Refused loads (scoring/match.py): only the part holding its\n"
            "key, so that a refusal costs little more heap than the fold (tests/test_heap.py).\n"
            % number,
            keys_bytes(keys)
            + lines_of("TEXT", [(key, refusals[key][ENGLISH]) for key in keys], True),
        )
    return made


def regions(table):
    """{path under firmware/: its lines made from the table}, in modules of
    code: the lines after BEGIN down to the one ending in END, or the one
    line ending in ONE."""
    languages = table["languages"]
    return {
        "ardoise/lang/__init__.py": keys_bytes(table["screens"]),
        "ardoise/correct.py": "KEYS = (\n%s\n)  # fmt: skip\n"
        % textwrap.fill(
            " ".join(literal(key) + "," for key in table["correct"]),
            72,
            initial_indent="    ",
            subsequent_indent="    ",
        ),
        "ardoise/net.py": "".join(
            "_%s = const(%d)\n" % (key.upper(), number) for number, key in enumerate(table["net"])
        ),
        "ardoise/settings.py": '"lang": (%s),\n' % ", ".join(literal(code) for code in languages),
        "ardoise/menus.py": "return (%s)[index]\n"
        % ", ".join(literal(name) for name in languages.values()),
    }


def fill(path, source, lines):
    """`source` with `lines` in its marked place, indented as the marks."""
    lines = lines.splitlines()
    one = re.search(r"^([ \t]*)\S.*%s$" % re.escape(ONE), source, re.M)
    if one:
        [line] = lines
        return source[: one.start()] + one.group(1) + line + ONE + source[one.end() :]
    begin = re.search(r"^([ \t]*)%s\n" % re.escape(BEGIN), source, re.M)
    end = (
        re.compile(r"^.*%s$" % re.escape(END), re.M).search(source, begin.end()) if begin else None
    )
    if end is None:
        raise TableError("%s: no lines marked %r ... %r" % (path, BEGIN, END))
    indent = begin.group(1)
    lines[-1] += END
    body = "".join((indent + line if line else "") + "\n" for line in lines)
    return source[: begin.end()] + body[:-1] + source[end.end() :]


def made(table, firmware=FIRMWARE):
    """{path: the text the table gives it}, every file it makes under `firmware`."""
    out = {firmware / path: text for path, text in files(table).items()}
    for path, lines in regions(table).items():
        source = (firmware / path).read_text(encoding="utf-8")
        out[firmware / path] = fill(path, source, lines)
    return out


def stale(table, firmware=FIRMWARE):
    """The files under `firmware` that are not what `table` makes them."""
    found = []
    for path, text in made(table, firmware).items():
        try:
            current = path.read_bytes()
        except FileNotFoundError:
            current = None
        if current != text.encode("utf-8"):
            found.append(path)
    return found


def write(table, firmware=FIRMWARE):
    """Write each file `table` makes that is not current; the paths written."""
    written = stale(table, firmware)
    texts = made(table, firmware)
    for path in written:
        write_whole(path, texts[path].encode("utf-8"))
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise texts",
        description="Make the modules of the slate's texts from firmware/texts.toml.",
    )
    parser.add_argument(
        "--check", action="store_true", help="say what is not current, write nothing"
    )
    parser.add_argument("--table", type=pathlib.Path, default=TABLE, help=argparse.SUPPRESS)
    parser.add_argument("--firmware", type=pathlib.Path, default=FIRMWARE, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    table = read(options.table)
    if options.check:
        behind = stale(table, options.firmware)
        if behind:
            raise TableError(
                "not made from %s (run make texts): %s"
                % (options.table.name, " ".join(str(path) for path in behind))
            )
        return 0
    for path in write(table, options.firmware):
        print("made %s" % path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
