"""The evening's texts, one module a language: what a player or the organiser reads
(the live page, the seating plan, the table cards, the results, the prize list,
the organiser's messages) follows the evening's language (`new --lang`).

Each of fr.py, de.py and en.py holds TEXTS, {key: text}, the same keys in
each (tests/evening/test_lang.py); a text's {name} fields are filled by
`Texts.__call__`. French is the default, as on the slate.
"""

import importlib

LANGUAGES = ("fr", "de", "en")
DEFAULT = "fr"


class Texts:
    """The texts of language `lang`: texts("key", name=value) is one filled in."""

    def __init__(self, lang=DEFAULT):
        if lang not in LANGUAGES:
            raise ValueError("no texts in %r (%s)" % (lang, ", ".join(LANGUAGES)))
        self.lang = lang
        self.texts = importlib.import_module("host_tools.evening.lang." + lang).TEXTS

    def __call__(self, key, **values):
        text = self.texts[key]
        return text.format(**values) if values else text

    def count(self, key, number):
        """ "1 match", "3 matches": text `key` is "one|more", each with {n}; French
        says 0 in the singular, English and German in the plural."""
        one, more = self.texts[key].split("|")
        singular = number <= 1 if self.lang == "fr" else number == 1
        return (one if singular else more).format(n=number)


class Text:
    """A text said later, once its language is known: a key and its fields; a field
    may itself be a Text, or a list of them, said one a line (a refusal's choices).
    EveningError holds one: it is said in the language of whoever catches it."""

    def __init__(self, key, **values):
        self.key = key
        self.values = values

    def said(self, texts):
        values = {name: said(value, texts) for name, value in self.values.items()}
        return texts(self.key, **values)


def said(value, texts):
    if isinstance(value, Text):
        return value.said(texts)
    if isinstance(value, list):
        return "\n  ".join(said(part, texts) for part in value)
    return value


def of(evening):
    """The texts of an evening's language (French for an evening made before it had one)."""
    return Texts(evening.settings.get("lang", DEFAULT))
