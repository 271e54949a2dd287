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

from ardoise.lang import KEYS, Texts
from scoring import reasons as english_reasons
from scoring import reasons_0, reasons_1, reasons_2, reasons_3, reasons_4
from scoring.match import Refused, place

TIER = "quick"
TIER_OF = {
    "test_the_slate_says_each_refusal_in_its_language": "slow",
}

PARTS = (reasons_0, reasons_1, reasons_2, reasons_3, reasons_4)  # the English refusals

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware" / "ardoise"
LANGUAGES = ("fr", "de", "en")
CONVERSION = re.compile(r"%[-+ 0#]*\d*[sdr%]")


def keys():
    """The keys of the screens' texts, in the order each TEXT gives them."""
    return KEYS.decode().split()


@pytest.mark.parametrize("table", (KEYS, english_reasons.KEYS))
def test_each_key_is_found_at_its_own_place(table):
    """A key is one name between newlines, written once, and `place` finds
    it there and nowhere else (not inside a longer key)."""
    assert table.startswith(b"\n") and table.endswith(b"\n")
    names = table.decode().split("\n")[1:-1]
    assert all(name and name.isidentifier() for name in names)
    assert len(set(names)) == len(names)
    assert [place(table, name) for name in names] == list(range(len(names)))
    assert place(table, names[0][:-1]) is None


def texts(language):
    """A language's TEXT as a dict: its lines, in the order of the keys."""
    namespace = {}
    exec((FIRMWARE / "lang" / (language + ".py")).read_text(encoding="utf-8"), namespace)
    lines = namespace["TEXT"].split("\n")
    assert lines.pop() == "", "TEXT ends with a newline"
    assert len(lines) == len(keys()), "one line per key"
    return dict(zip(keys(), lines, strict=True))


def reasons(language):
    """A language's refusals as a dict: its lines, in the order of the
    core's KEYS (English: the core's own, scoring/reasons_<n>.py)."""
    if language == "en":
        texts = {}
        for part in PARTS:
            lines = part.TEXT.split("\n")
            assert lines.pop() == "", "TEXT ends with a newline"
            texts.update(zip(part.KEYS.decode().split(), lines, strict=True))
        order = english_reasons.KEYS.decode().split()
        assert sorted(texts) == sorted(order), "every key's text in a part, no other"
        return {key: texts[key] for key in order}
    namespace = {}
    path = FIRMWARE / "lang" / (language + "_reasons.py")
    exec(path.read_text(encoding="utf-8"), namespace)
    lines = namespace["REASONS"].split("\n")
    assert lines.pop() == "", "REASONS ends with a newline"
    return dict(zip(english_reasons.KEYS.decode().split(), lines, strict=True))


@pytest.mark.parametrize(
    "path, table",
    [("lang/%s.py" % language, KEYS) for language in LANGUAGES]
    + [("lang/%s_reasons.py" % language, english_reasons.KEYS) for language in ("fr", "de")]
    + [("../scoring/reasons_%d.py" % number, part.KEYS) for number, part in enumerate(PARTS)],
)
def test_the_translators_notes_name_each_lines_key(path, table):
    """Each line of a TEXT or REASONS notes its key for whoever translates
    it; the notes follow the keys, so a line out of place is caught."""
    source = (FIRMWARE / path).read_text(encoding="utf-8")
    notes = re.findall(r'^    ["\'].*(?:\\n["\']|["\'],)  # (\w+)$', source, re.M)
    assert notes == table.decode().split()


def test_a_missing_text_shows_its_key():
    texts = Texts(None)
    texts.apply_settings({"lang": "de"})
    assert texts.t("menu") == "Menü"
    assert texts.t("no_such_text") == "no_such_text"
    assert texts.words("no_such_list") == ["no_such_list"]


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


def module_texts(name, keys):
    """ardoise/lang/<language>_<name>.py's TEXT by language, each checked: a
    line per key in `keys`, its key as the translators' note, and English's
    % conversions."""
    tables = {}
    for language in LANGUAGES:
        source = (FIRMWARE / "lang" / ("%s_%s.py" % (language, name))).read_text(encoding="utf-8")
        namespace = {}  # type: dict
        exec(source, namespace)
        tables[language] = namespace["TEXT"]
        assert tuple(re.findall(r"# (\w+)$", source, re.MULTILINE)) == keys, language
        assert len(tables[language]) == len(keys), language
    for language in LANGUAGES:
        for english, text in zip(tables["en"], tables[language], strict=True):
            assert CONVERSION.findall(text) == CONVERSION.findall(english), text
    return tables


def test_the_correction_has_each_text_in_each_language():
    """ardoise/lang/<language>_correct.py: a line for each of correct.KEYS,
    with English's % conversions, and each key its translators' note."""
    source = (FIRMWARE / "correct.py").read_text(encoding="utf-8")
    keys = re.search(r"^KEYS = \((.*?)\)", source, re.M | re.S)[1]
    CORRECT_KEYS = tuple(re.findall(r'"(\w+)"', keys))
    assert "title" in CORRECT_KEYS
    tables = module_texts("correct", CORRECT_KEYS)
    for language in LANGUAGES:
        # The title row and the note over the slate: one row of 16 columns,
        # up to deal 99.
        for key in ("title", "done"):
            text = tables[language][CORRECT_KEYS.index(key)] % 99
            assert len(text) <= 16, (language, text)
    used = set()
    editors = sorted((FIRMWARE / "games").glob("*_correct.py"))
    assert len(editors) == 3  # every game's
    for path in [FIRMWARE / "correct.py"] + editors:
        used |= set(re.findall(r'\bt\(app, "(\w+)"\)', path.read_text(encoding="utf-8")))
    assert used and used <= set(CORRECT_KEYS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_slate_says_each_refusal_in_its_language(language):
    """What the device shows for each key: its language's text, filled in
    (in English the core's own, read from the part that holds the key)."""
    texts = Texts(None)
    texts.apply_settings({"lang": language})
    for key, text in reasons(language).items():
        values = tuple(3 if each.endswith("d") else "B" for each in CONVERSION.findall(text))
        said = texts.reason(Refused(key, *values), values)
        assert said == text % values, key
        if language == "en":
            assert said == str(Refused(key, *values)), key


def test_the_evenings_texts_are_in_each_language():
    """ardoise/lang/<language>_net.py: a line for each of net.py's keys (its
    constants _PASSWORD...), with English's % conversions and the key as the
    translators' note; net.py itself holds no screen text (issue 35)."""
    source = (FIRMWARE / "net.py").read_text(encoding="utf-8")
    block = source[source.index("# What the slate says: the lines of lang/<language>_net.py") :]
    block = block[: block.index("\n\n")]
    consts = re.findall(r"^_(\w+) = const\((\d+)\)", block, re.MULTILINE)
    assert [int(number) for _, number in consts] == list(range(len(consts)))
    net_keys = tuple(name.lower() for name, _ in consts)
    assert "no_broker" in net_keys and "round_short" in net_keys
    tables = module_texts("net", net_keys)
    # No sentence of any language left in net.py's own code.
    for language in LANGUAGES:
        for text in tables[language]:
            start = text.split("%")[0].rstrip()
            assert len(start) < 10 or start not in source, (language, text)
    used = set(re.findall(r"self\.(?:say|text)\(_(\w+)", source))
    assert used and {name.lower() for name in used} <= set(net_keys)
