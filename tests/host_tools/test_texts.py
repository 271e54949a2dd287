"""The slate's texts come from one table (firmware/texts.toml, issue 35 item 4):
the modules the board loads are made from it by host_tools/texts.py, and a
made module edited by hand, or a table edited without `make texts`, fails
here."""

import os
import re
import shutil
import subprocess

import pytest

from host_tools import cli, texts
from host_tools.common import FIRMWARE, ROOT

TIER = "quick"


@pytest.fixture
def firmware(tmp_path):
    """A copy of firmware/'s sources and table, to make the modules into."""
    copy = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mpy"))
    return copy


def module(path, name="TEXT"):
    namespace = {}
    exec(path.read_text(encoding="utf-8"), namespace)
    return namespace[name]


def table_with(firmware, added):
    """The copy's table with `added` (TOML) at its end, its path."""
    path = firmware / "texts.toml"
    path.write_text(path.read_text(encoding="utf-8") + added, encoding="utf-8")
    return path


def test_the_made_files_are_current(firmware):
    """Made again into a copy of firmware/, every file is byte for byte the
    one committed: no made file was edited by hand, no table edit is left
    unmade (run `make texts`)."""
    assert (
        cli.main(["texts", "--table", str(firmware / "texts.toml"), "--firmware", str(firmware)])
        == 0
    )
    made = texts.made(texts.read(firmware / "texts.toml"), firmware)
    assert len(made) == 3 * 3 + 2 + 1 + 5 + 5  # per language 3, 2 refusals, keys, parts, code
    differ = [
        str(path.relative_to(firmware))
        for path in sorted(firmware.rglob("*.py"))
        if path.read_bytes() != (FIRMWARE / path.relative_to(firmware)).read_bytes()
    ]
    assert not differ, "not made from firmware/texts.toml: run make texts"
    assert cli.main(["texts", "--check"]) == 0


def test_a_made_file_edited_by_hand_is_caught(firmware, capsys):
    german = firmware / "ardoise" / "lang" / "de.py"
    german.write_text(german.read_text(encoding="utf-8").replace('"Menü\\n"', '"Menu\\n"'))
    table = texts.read(firmware / "texts.toml")
    assert texts.stale(table, firmware) == [german]
    check = [
        "texts",
        "--check",
        "--table",
        str(firmware / "texts.toml"),
        "--firmware",
        str(firmware),
    ]
    assert cli.main(check) == 1
    said = capsys.readouterr().err
    assert "run make texts" in said and str(german) in said
    assert texts.write(table, firmware) == [german]
    assert "Menü" in module(german) and texts.stale(table, firmware) == []


def test_a_table_edited_without_making_is_caught(firmware):
    path = firmware / "texts.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('de = "Menü"', 'de = "Hauptmenü"'))
    table = texts.read(path)
    german = firmware / "ardoise" / "lang" / "de.py"
    assert texts.stale(table, firmware) == [german]
    texts.write(table, firmware)
    assert "Hauptmenü\n" in module(german)


def test_a_new_text_is_written_once(firmware):
    """A new screen text and a new refusal: one block each in the table, and
    every module that has to know it is made."""
    path = table_with(
        firmware,
        '\n[screens.kitty]\nfr = "Cagnotte %d"\nde = "Kasse %d"\nen = "Kitty %d"\n'
        '\n[refusals.no_kitty]\nfr = "pas de cagnotte"\nde = "keine Kasse"\nen = "no kitty"\n',
    )
    texts.write(texts.read(path), firmware)
    lang = firmware / "ardoise" / "lang"
    keys = re.search(r"^KEYS = \((.*?)\)", (lang / "__init__.py").read_text(), re.M | re.S)[1]
    assert keys.split()[-1] == 'b"kitty\\n"'
    for code, said in (("fr", "Cagnotte %d"), ("de", "Kasse %d"), ("en", "Kitty %d")):
        assert module(lang / (code + ".py")).split("\n")[-2] == said
    assert module(firmware / "scoring" / "reasons.py", "KEYS").endswith(b"\nno_kitty\n")
    part = firmware / "scoring" / ("reasons_%d.py" % (len("no_kitty") % 5))
    assert module(part).endswith("no kitty\n")
    assert module(lang / "de_reasons.py", "REASONS").endswith("keine Kasse\n")


def test_a_new_language_is_a_column(firmware):
    """Italian: its name in [languages] and its text in each block make its
    four modules, the settings' choice and the menu's name."""
    path = firmware / "texts.toml"
    source = path.read_text(encoding="utf-8")
    source = re.sub(r"^(en = (.*))$", r"\1\nit = \2", source, flags=re.M)  # English for now
    source = source.replace('it = "English"\n', 'it = "Italiano"\n', 1)  # its name
    path.write_text(source, encoding="utf-8")
    written = texts.write(texts.read(path), firmware)
    lang = firmware / "ardoise" / "lang"
    for name in ("it.py", "it_correct.py", "it_net.py", "it_reasons.py"):
        assert lang / name in written
    assert module(lang / "it.py") == module(lang / "en.py")
    settings = (firmware / "ardoise" / "settings.py").read_text(encoding="utf-8")
    assert '"lang": ("fr", "de", "en", "it"),' in settings
    menus = (firmware / "ardoise" / "menus.py").read_text(encoding="utf-8")
    assert '("Français", "Deutsch", "English", "Italiano")[index]' in menus


@pytest.mark.parametrize(
    "added, said",
    [
        ('\n[screens.odd]\nfr = "a"\nen = "b"\n', "[screens.odd] has no text in de"),
        ('\n[screens.odd]\nfr = "%d"\nde = "%s"\nen = "%d"\n', "the slate fills in %d"),
        ('\n[screens.odd]\nfr = "a\\nb"\nde = "a"\nen = "a"\n', "one line of printable"),
        ('\n[screens.odd]\nfr = "a"\nde = "a"\nen = "a"\nit = "a"\n', "it is no language"),
        ('\n[screen.odd]\nfr = "a"\n', "no part ['screen']"),
        ("\n[screens.odd\n", "texts.toml: "),
    ],
)
def test_a_table_that_cannot_be_made_is_refused(firmware, added, said):
    """A translator's slip is named (the block, the language), and nothing is written."""
    path = table_with(firmware, added)
    with pytest.raises(texts.TableError, match=re.escape(said)):
        texts.read(path)
    assert texts.stale(texts.read(FIRMWARE / "texts.toml"), firmware) == []


def test_a_module_without_its_marks_is_refused(firmware):
    net = firmware / "ardoise" / "net.py"
    net.write_text(net.read_text(encoding="utf-8").replace(texts.END, ""), encoding="utf-8")
    with pytest.raises(texts.TableError, match="ardoise/net.py: no lines marked"):
        texts.made(texts.read(), firmware)


def test_make_makes_the_texts_before_compiling_them():
    """A table newer than the modules: make mpy makes them, then compiles each
    from its source (not from the stamp of the made texts)."""
    plan = subprocess.run(
        [
            "make",
            "-n",
            "--no-print-directory",
            "-W",
            "firmware/texts.toml",
            "build/mpy/ardoise/lang/de.mpy",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={key: value for key, value in os.environ.items() if not key.startswith("MAKE")},
        check=True,
    ).stdout
    made = plan.index("-m host_tools.texts")
    compiled = plan.index("-o build/mpy/ardoise/lang/de.mpy firmware/ardoise/lang/de.py\n")
    assert made < compiled
