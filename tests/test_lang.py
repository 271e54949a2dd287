"""The screens' words in French, German and English: none missing, none that
cannot be filled in.

Read on CPython from the sources: every `app.t("key")` and
`app.words("key")` in firmware/ardoise has a text in each language, each
language has the same keys with the same % conversions as English, and the
French and German refusals match the core's English ones key for key.
"""

import pathlib
import re

import pytest

from scoring.match import code

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware" / "ardoise"
LANGUAGES = ("fr", "de", "en")
CONVERSION = re.compile(r"%[-+ 0#]*\d*[sdr%]")


def codes(keys):
    """What a table of CODES holds for these keys, in this order."""
    return b"".join(code(key) for key in keys)


def found_in_place(table, keys):
    """Each key's code is found first at its own place (no two keys share one)."""
    return all(table.find(code(key)) == 2 * index for index, key in enumerate(keys))


def keys():
    """The keys of the screens' texts, in the order each TEXT gives them: the
    comment of ardoise/lang/__init__.py that lists them."""
    source = (FIRMWARE / "lang" / "__init__.py").read_text(encoding="utf-8")
    listed = source[source.index("# The keys of the screens' texts") : source.index("CODES = (")]
    return " ".join(re.findall(r"^#   ([a-z0-9_ ]+)$", listed, re.M)).split()


def test_the_board_knows_each_key_by_its_code():
    """CODES is the keys' codes in their order, and a key's code is found at
    its own place first (two keys never share one)."""
    from ardoise.lang import CODES

    expected = codes(keys())
    assert CODES == expected, "ardoise/lang/__init__.py: CODES = %r" % expected
    assert found_in_place(CODES, keys())


def texts(language):
    """A language's TEXT as a dict: its lines, in the order of the keys."""
    namespace = {}
    exec((FIRMWARE / "lang" / (language + ".py")).read_text(encoding="utf-8"), namespace)
    lines = namespace["TEXT"].split("\n")
    assert lines.pop() == "", "TEXT ends with a newline"
    assert len(lines) == len(keys()), "one line per key"
    return dict(zip(keys(), lines, strict=True))


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_line_names_its_key_in_a_comment_in_the_order_of_keys(language):
    """A translator reads which text a line is; a line out of place is caught."""
    source = (FIRMWARE / "lang" / (language + ".py")).read_text(encoding="utf-8")
    assert re.findall(r'^    ".*\\n"  # (\w+)$', source, re.M) == keys()
    assert len(set(keys())) == len(keys())


def reasons(language):
    """A language's refusals as a dict: its lines, each naming its key in a
    comment (English: the core's own, scoring/reasons.py)."""
    if language == "en":
        path = ROOT / "firmware" / "scoring" / "reasons.py"
    else:
        path = FIRMWARE / "lang" / (language + "_reasons.py")
    source = path.read_text(encoding="utf-8")
    keys = re.findall(r'^    ["\'].*\\n["\']  # (\w+)$', source, re.M)
    namespace = {}
    exec(source, namespace)
    lines = namespace["REASONS"].split("\n")
    assert lines.pop() == "", "REASONS ends with a newline"
    return dict(zip(keys, lines, strict=True))


def test_the_board_knows_each_refusal_by_its_code():
    from scoring.reasons import CODES

    english = list(reasons("en"))
    assert CODES == codes(english), "scoring/reasons.py: CODES = %r" % codes(english)
    assert found_in_place(CODES, english)


def used_keys():
    """Keys the screens ask for: literal ones, and the do_<item> of the deal menu."""
    keys = set()
    for path in FIRMWARE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        keys.update(re.findall(r'\b(?:t|words)\("([a-z_0-9]+)"\)', source))
        keys.update(
            "set_" + key
            for key in re.findall(r'"(rules|target|lang|contrast|sleep|off|tricks|seats)"', source)
        )
    deal = (FIRMWARE / "games" / "brouc_deal.py").read_text(encoding="utf-8")
    keys.update("do_" + name for name in re.findall(r'item == "(\w+)"', deal))
    keys.update(("do_announce", "do_cape", "do_vole", "ev_declare", "ev_table"))
    return keys


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_the_screens_use_exists(language):
    missing = used_keys() - set(texts(language))
    assert not missing


@pytest.mark.parametrize("language", ("fr", "de"))
def test_languages_have_the_same_keys_and_conversions_as_english(language):
    english, other = texts("en"), texts(language)
    assert set(other) == set(english)
    for key, text in english.items():
        assert CONVERSION.findall(other[key]) == CONVERSION.findall(text), key
        assert other[key].count("|") == text.count("|"), key


@pytest.mark.parametrize("language", ("fr", "de"))
def test_refusals_match_the_cores_reasons(language):
    translated = reasons(language)
    english = reasons("en")
    assert list(translated) == list(english), "the same keys in the same order"
    for key, text in english.items():
        assert CONVERSION.findall(translated[key]) == CONVERSION.findall(text), key


def test_lists_fit_their_use():
    for language in LANGUAGES:
        words = texts(language)
        assert len(words["suits"].split("|")) == 4
        assert len(words["compass_seats"]) == 4
        for key in ("compass_teams", "seat_styles", "kinds", "coches", "parties"):
            assert len(words[key].split("|")) == 2, key
        for key in ("rules_names", "calls", "calls_short"):
            assert len(words[key].split("|")) == 3, key
