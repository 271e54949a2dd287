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

from scoring.reasons import REASONS

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware" / "ardoise"
LANGUAGES = ("fr", "de", "en")
CONVERSION = re.compile(r"%[-+ 0#]*\d*[sdr%]")


def table(text):
    """The "key=text" lines of a language string, as a dict."""
    entries = {}
    for line in text.strip("\n").split("\n"):
        key, _, value = line.partition("=")
        assert key not in entries, key
        entries[key] = value
    return entries


def keys():
    """The keys of the screens' texts, in the order each TEXT gives them."""
    namespace = {}
    source = (FIRMWARE / "lang" / "__init__.py").read_text(encoding="utf-8")
    exec(source[source.index("KEYS = (") : source.index("\n)\n") + 3], namespace)
    return namespace["KEYS"].split()


def texts(language):
    """A language's TEXT as a dict: its lines, in the order of KEYS."""
    namespace = {}
    exec((FIRMWARE / "lang" / (language + ".py")).read_text(encoding="utf-8"), namespace)
    lines = namespace["TEXT"].split("\n")
    assert lines.pop() == "", "TEXT ends with a newline"
    assert len(lines) == len(keys()), "one line per key of KEYS"
    return dict(zip(keys(), lines, strict=True))


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_line_names_its_key_in_a_comment_in_the_order_of_keys(language):
    """A translator reads which text a line is; a line out of place is caught."""
    source = (FIRMWARE / "lang" / (language + ".py")).read_text(encoding="utf-8")
    assert re.findall(r'^    ".*\\n"  # (\w+)$', source, re.M) == keys()
    assert len(set(keys())) == len(keys())


def reasons(language):
    """A language's refusals as a dict: its lines, in the order of the core's
    English reasons, each line naming its key in a comment."""
    path = FIRMWARE / "lang" / (language + "_reasons.py")
    source = path.read_text(encoding="utf-8")
    english = list(table(REASONS))
    assert re.findall(r'^    ["\'].*\\n["\']  # (\w+)$', source, re.M) == english
    namespace = {}
    exec(source, namespace)
    lines = namespace["REASONS"].split("\n")
    assert lines.pop() == "", "REASONS ends with a newline"
    return dict(zip(english, lines, strict=True))


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
    english = table(REASONS)
    assert set(translated) == set(english)
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
