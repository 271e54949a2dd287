"""One language an evening (issue 34, item 1): `new --lang fr|de|en`, French by
default as on the slate; the seating plan, the table cards, `status`, the results,
the page and the organiser's messages of `evening run` follow it. The texts are in
one place a language (host_tools/evening/lang/): the same keys in each, each text
with the same fields.
"""

import re
import string

import pytest

from host_tools.evening.folder import Evening
from host_tools.evening.lang import LANGUAGES, Texts
from tests.evening.boards import Board, attempt
from tests.evening.conftest import make_evening, start_run, stop_run
from tests.evening.test_evening_e2e import connects, ok
from tests.support.commands import ardoise
from tests.test_device_evening import until

TIER = "slow network"


def fields(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


def test_every_language_has_every_text_with_the_same_fields():
    english = Texts("en").texts
    for code in LANGUAGES:
        texts = Texts(code).texts
        assert list(texts) == list(english), code  # the same keys, in the same order
        for key, text in texts.items():
            assert fields(text) == fields(english[key]), (code, key)
            assert text.count("|") == english[key].count("|"), (code, key)


def test_french_is_the_default(tmp_path):
    names = tmp_path / "names.txt"
    names.write_text("Anne\nPaul\nÉmile\nRösli\n", encoding="utf-8")
    said = ok(ardoise("evening", "new", tmp_path / "e", "--players", names, "--wifi-later"))
    assert said.startswith("soirée ") and "ensuite : ardoise evening draw" in said
    evening = Evening.load(tmp_path / "e")
    assert evening.settings["lang"] == "fr" and evening.settings["title"] == "Soirée de tournoi"
    refused = ardoise("evening", "new", tmp_path / "x", "--players", names, "--lang", "it")
    assert refused.returncode == 2 and "invalid choice: 'it'" in refused.stderr


@pytest.mark.parametrize(
    "lang, plan, card, head",
    [
        ("de", "Runde 1 von 3", "Tisch 2", "Abend %s: Runde 1 von 3 ausgelost"),
        ("fr", "Séance 1 sur 3", "Table 2", "soirée %s : séance 1 sur 3 tirée"),
        ("en", "Session 1 of 3", "Table 2", "evening %s: session 1 of 3 drawn"),
    ],
)
def test_an_evening_speaks_its_language(tmp_path, lang, plan, card, head):
    evening = make_evening(tmp_path / "evening", lang=lang)
    seating = evening.folder / "seating"
    page = (seating / "session-1.html").read_text(encoding="utf-8")
    assert '<html lang="%s">' % lang in page and "<h2>%s</h2>" % plan in page
    cards = (seating / "session-1-cards.html").read_text(encoding="utf-8")
    assert '<p class="number">%s</p>' % card in cards
    status = ok(ardoise("evening", "status", evening.folder))
    assert status.startswith(head % evening.id)
    shown = ok(ardoise("evening", "draw", evening.folder, "--show", 1))
    assert Texts(lang)("plan_table", table=1, teams="") in shown
    from host_tools.evening.live import page_html

    served = page_html(evening)
    assert '<html lang="%s">' % lang in served and '"fr": {' in served and '"de": {' in served


def test_the_organisers_messages_follow_the_evening(tmp_path):
    evening = make_evening(tmp_path / "evening", lang="de")
    run = start_run(evening)
    board = None
    try:
        port = evening.settings["broker"]["port"]
        until(lambda: connects(port), "the evening's broker")
        board = Board(evening, "b1", {})  # a slate at table 1: it hears its seating
        until(lambda: board.seatings, "session 1's seating")
        ok(ardoise("evening", "draw", evening.folder, "--take-back"))
        until(lambda: board.seatings[-1] == b"", "the seating taken back")
        ok(ardoise("evening", "draw", evening.folder, "--seed", 3))
        until(lambda: board.seatings[-1], "drawn again")
        # A board of another evening: the broker's refusal said in German too.
        assert attempt(port, "b1", "another evening's").is_failure
    finally:
        if board:
            board.close()
        output = stop_run(run)
    assert re.search(r"Sitzordnung der Runde 1 an die Tafeln gesendet: Tisch 1 \(b1\)", output)
    assert "Sitzordnung der Runde 1 zurückgenommen" in output
    assert "Abend %s: Server mqtt://" % evening.id in output
    assert "3 Tafeln angemeldet\ndie Rangliste live: http://" in output
    assert "Tisch 1: Tafel b1 online" in output and "beendet: der Ordner" in output
    assert "der Server hat einen Client abgelehnt: ein Benutzer oder Passwort" in output


def test_the_commands_say_what_they_did_in_the_evenings_language(tmp_path, capsys):
    """new, wifi, players and results speak French in a French evening (the default)."""
    from host_tools.evening.command import main as evening_main

    names = tmp_path / "names.txt"
    names.write_text("Anne\nPaul\nÉmile\nRösli\nUrs\n", encoding="utf-8")
    folder = str(tmp_path / "e")
    assert evening_main(["new", folder, "--players", str(names), "--wifi-later"]) == 0
    said = capsys.readouterr().out
    assert "pas encore de réseau Wi-Fi" in said and "les mots de passe :" in said
    assert evening_main(["wifi", folder, "--ssid", "club", "--wifi-password", "secret"]) == 0
    assert "les ardoises rejoignent le Wi-Fi 'club'" in capsys.readouterr().out
    assert evening_main(["players", folder, "--add", "Vreni", "--withdraw", "Urs"]) == 0
    said = capsys.readouterr().out
    assert "Urs part : plus tiré au sort" in said and "Vreni ajouté" in said
    assert "5 joueurs dès la séance 1 (0 tirées)" in said
    assert evening_main(["players", folder]) == 0
    assert "partis : Urs" in capsys.readouterr().out
    assert "withdrawn" not in said and "added" not in said
