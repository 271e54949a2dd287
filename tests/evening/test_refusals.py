"""The evening's refusals in its language (issue 34, item 1): every EveningError is
raised with a key of host_tools/evening/lang/'s tables, and `ardoise evening` says
it in the evening's language; before any evening exists (`new`), in `--lang`'s,
else in French, the default.
"""

import ast
import pathlib
import string

import pytest

from host_tools.evening import draw, lang
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import EveningError

TIER = "quick"

PACKAGE = pathlib.Path(lang.__file__).parent.parent
NAMES = "Anne\nPaul\nÉmile\nRösli\nHans\n"
# What reads the same as in English: another's words as they were said, and "table".
SAID_ALIKE = {
    "fr": ("refuse_as_said", "refuse_table_where", "refuse_table_match"),
    "de": ("refuse_as_said",),
}


def raised_keys():
    """Each (file, line, key or key's start, the fields given) of an EveningError or a
    lang.Text made in host_tools/evening/*.py with a literal key."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in ("EveningError", "Text"):
                continue
            given = {keyword.arg for keyword in node.keywords}
            key = node.args[0]
            options = [key.body, key.orelse] if isinstance(key, ast.IfExp) else [key]
            if (path.name, getattr(key, "id", None)) == ("folder.py", "key"):
                continue  # EveningError's own, handing its key on
            for option in options:
                if isinstance(option, ast.BinOp):  # "refuse_%s" % option: its start
                    option = option.left
                assert isinstance(option, ast.Constant), (path.name, node.lineno)
                assert isinstance(option.value, str), (path.name, node.lineno)
                found.append((path.name, node.lineno, option.value.split("%")[0], given))
    return found


def fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_refusal_has_its_text_in_every_language():
    found = raised_keys()
    assert len(found) > 80  # every refusal of the package, not a few
    for code in lang.LANGUAGES:
        texts = lang.Texts(code).texts
        for where, line, key, given in found:
            if key.endswith("_"):  # a key's start: its keys are each checked below
                assert any(name.startswith(key) for name in texts), (code, where, line, key)
                continue
            assert key in texts, (code, where, line, key)
            assert fields(texts[key]) <= given, (code, where, line, key)


def test_every_refusal_is_said_in_every_language():
    """Each refusal's text filled in (the fields numbers, as the ones with a format
    are), in each language: none is left half English or fails to format."""
    english = lang.Texts("en")
    for code in lang.LANGUAGES:
        texts = lang.Texts(code)
        for key in english.texts:
            if key.startswith("refuse_"):
                said = texts(key, **dict.fromkeys(fields(english.texts[key]), 7))
                assert said and "{" not in said, (code, key)
                if code != "en" and key not in SAID_ALIKE.get(code, ()):
                    assert said != english(key, **dict.fromkeys(fields(english.texts[key]), 7))


def test_an_error_is_said_in_the_language_asked_and_french_by_default():
    with pytest.raises(EveningError) as refused:
        draw.draw_session(["Anne", "Paul", "Émile", "Rösli", "Hans"], [], 1)
    error = refused.value
    assert error.said(lang.Texts("en")).startswith("5 players do not make tables of four")
    assert "\n  --sit-out: 1 player sits out each session" in error.said(lang.Texts("en"))
    assert "\n  --sit-out : 1 joueur se repose" in str(error)  # French, the default
    assert "\n  --sit-out: 1 Spieler setzt jede Runde aus" in error.said(lang.Texts("de"))


def new(tmp_path, *options):
    names = tmp_path / "names.txt"
    names.write_text(NAMES, encoding="utf-8")
    return evening_main(["new", str(tmp_path / "e"), "--players", str(names), *options])


@pytest.mark.parametrize(
    "code, said",
    [
        ("fr", "evening: la manche 4 n'est pas tirée (0 tirée(s))\n"),
        ("de", "evening: Runde 4 ist nicht ausgelost (0 ausgelost)\n"),
        ("en", "evening: session 4 is not drawn (0 drawn)\n"),
    ],
)
def test_a_refusal_follows_the_evenings_language(tmp_path, capsys, code, said):
    assert new(tmp_path, "--wifi-later", "--lang", code) == 0
    capsys.readouterr()
    assert evening_main(["draw", str(tmp_path / "e"), "--show", "4"]) == 1
    assert capsys.readouterr().err == said
    assert evening_main(["enrol", str(tmp_path / "e"), "--phone"]) == 1
    expected = {
        "fr": "un téléphone est pour une table",
        "de": "ein Telefon ist für einen Tisch",
        "en": "a phone is for a table",
    }
    assert expected[code] in capsys.readouterr().err


def test_a_refusal_before_any_evening_follows_lang_else_french(tmp_path, capsys):
    names = tmp_path / "three.txt"
    names.write_text("Anne\nPaul\nÉmile\n", encoding="utf-8")
    command = ["new", str(tmp_path / "e"), "--players", str(names), "--wifi-later"]
    assert evening_main(command + ["--lang", "de"]) == 1
    assert "three.txt nennt 3 Spieler: ein Tisch braucht vier" in capsys.readouterr().err
    assert evening_main(command) == 1
    assert "three.txt nomme 3 joueurs : une table en demande quatre" in capsys.readouterr().err
    assert not (tmp_path / "e").exists()
    # No evening in the folder to take a language from: French.
    assert evening_main(["status", str(tmp_path / "nowhere")]) == 1
    assert "n'est pas le dossier d'une soirée (pas de evening.json)" in capsys.readouterr().err


def test_the_questions_at_the_terminal_follow_the_evening(monkeypatch):
    """`new` and `wifi` ask the Wi-Fi network and its password at a terminal, and
    `run --broker` the broker's password, in the evening's language too."""
    from host_tools.evening import broker, command

    asked = []

    def answer(prompt, *, said):
        asked.append(prompt)
        return said

    monkeypatch.setattr(command.sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: answer(prompt, said="club"))
    monkeypatch.setattr("getpass.getpass", lambda prompt: answer(prompt, said="secret"))
    asking = type("Args", (), {"ssid": None, "wifi_password": None})
    wifi = command.wifi_of(asking, "f", lang.Texts("de"))
    assert wifi == {"ssid": "club", "password": "secret"}
    assert asked == [
        "WLAN, dem die Tafeln beitreten: ",
        "WLAN-Passwort von club (Enter: offenes Netz): ",
    ]
    asked.clear()
    command.wifi_of(asking, "f", lang.Texts("fr"), later=True)
    assert asked[0] == "réseau Wi-Fi que les ardoises rejoignent (Entrée : plus tard) : "
    asked.clear()
    monkeypatch.delenv(broker.PASSWORD_VARIABLE, raising=False)
    evening = type("Evening", (), {"settings": {"lang": "en"}, "secrets": {}})
    assert broker.password_for("b1", evening) == "secret"
    assert asked == ["the password of b1 on the broker: "]
