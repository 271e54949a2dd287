"""The slate in a real browser: headless Chromium plays the page built by
`make web` (host_tools/web/), clicking its buttons.

- The scripted Le Brouc match (tests/support/etivaz-match.keys) played with
  the mouse on the page's buttons leaves the unix port's journal byte for
  byte (tests/logs/device-etivaz-match.jsonl), and each named frame, read
  from the panel's memory the page draws, is the reference image.
- Reloaded in mid-deal, the page comes back to the same journal and the same
  picture: the flash is the browser's storage, synced after each action.
- The match log and the archive download; a log loads to be continued, and a
  bad one is refused with nothing changed.
- Offline, once opened: the service worker serves the page.
- A phone-sized screenshot for the README: ARDOISE_SCREENSHOT=update writes
  it to docs/images/web.png.

The page runs with ?clock=manual: its time moves only with
window.ardoise.advance(ms), as in the tests' harness, so the frames are the
same every time. Skipped, with one line, without Chromium or Playwright.
"""

import io
import json
import os
import pathlib
import shutil
import threading
import zipfile

import pytest

from host_tools.web.build import server
from host_tools.web.keyscript import Player
from tests.test_device_e2e import EXPECTED_LOG, SCRIPT
from tests.web.test_node import assert_frames

HEADER = b'{"ev":"match","dealer":0,"game":"brouc","rules":"etivaz","target":5}\n'
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOT = ROOT / "docs" / "images" / "web.png"


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser():
    playwright_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright not installed (make venv installs it)"
    )
    executable = chromium()
    if executable is None:
        pytest.skip("no Chromium (apt-get install chromium): the browser tests skip")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def site(web_folder):
    """The built folder served on a free port of 127.0.0.1, for this module's tests."""
    httpd = server(web_folder, 0)
    thread = threading.Thread(target=httpd.serve_forever)
    thread.start()
    try:
        yield "http://127.0.0.1:%d/" % httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture
def context(browser):
    """A browser profile of its own (its own storage) for one test."""
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    try:
        yield context
    finally:
        context.close()


def open_page(context, url):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url + "?clock=manual")
    page.evaluate("window.ardoise.ready")
    page.errors = errors
    return page


class PageDriver:
    """keyscript.Player's driver: the page's own buttons, clicked with the mouse."""

    def __init__(self, page):
        self.page = page
        self.centres = {}

    def centre(self, key):
        if key not in self.centres:
            box = self.page.locator('[data-key="%s"]' % key).bounding_box()
            self.centres[key] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        return self.centres[key]

    def press(self, key, ms, gap):
        mouse = self.page.mouse
        mouse.move(*self.centre(key))
        mouse.down()
        self.wait(ms)
        mouse.up()
        self.wait(gap)

    def wait(self, ms):
        self.page.evaluate("ms => window.ardoise.advance(ms)", ms)

    def probe(self):
        return self.page.evaluate("window.ardoise.probe()")

    def frame(self):
        frame = self.page.evaluate("window.ardoise.frame()")
        frame["memory"] = bytes(frame["memory"])
        return frame

    def read(self, name):
        data = self.page.evaluate("name => window.ardoise.read(name)", name)
        return None if data is None else bytes(data)

    def stored(self, name):
        """The file as the browser's storage holds it (IndexedDB), not the page's memory."""
        data = self.page.evaluate("name => window.ardoise.stored(name)", name)
        return None if data is None else bytes(data)


def test_the_match_played_on_the_page_with_a_reload_in_mid_deal(context, site, tmp_path):
    page = open_page(context, site)
    driver = PageDriver(page)
    reloaded = []

    def on_command(number, name, args):
        # Deal 1, the slate after a marriage: the page is reloaded
        # (closed and opened) and must come back exactly as it was.
        if reloaded or not (tmp_path / "slate-bottom.pbm").exists():
            return
        journal = driver.read("match.jsonl")
        assert journal.count(b"\n") == 3  # the match, the deal, a marriage
        assert driver.stored("match.jsonl") == journal
        picture = driver.frame()
        page.reload()
        page.evaluate("window.ardoise.ready")
        driver.centres.clear()
        assert driver.read("match.jsonl") == journal
        assert driver.frame() == picture
        assert driver.probe()["depth"] == 1
        reloaded.append(number)

    Player(driver, tmp_path, on_command).play(SCRIPT.read_text(encoding="utf-8"), SCRIPT.name)
    assert reloaded
    assert driver.read("archive/0001.jsonl") == EXPECTED_LOG.read_bytes()
    assert driver.read("match.jsonl") == HEADER
    assert driver.stored("archive/0001.jsonl") == EXPECTED_LOG.read_bytes()
    assert_frames(tmp_path, 64)
    assert page.errors == []

    # The downloads: the current match, and the archive as a zip.
    with page.expect_download() as download:
        page.click("#download")
    assert download.value.suggested_filename.endswith(".jsonl")
    assert pathlib_bytes(download.value) == HEADER
    with page.expect_download() as download:
        page.click("#archive")
    archive = zipfile.ZipFile(io.BytesIO(pathlib_bytes(download.value)))
    assert archive.namelist() == ["archive/0001.jsonl"]
    assert archive.read("archive/0001.jsonl") == EXPECTED_LOG.read_bytes()


def pathlib_bytes(download):
    with open(download.path(), "rb") as file:
        return file.read()


def test_a_log_loads_to_be_continued_and_a_bad_one_changes_nothing(context, site, tmp_path):
    page = open_page(context, site)
    driver = PageDriver(page)
    lines = EXPECTED_LOG.read_bytes().splitlines(keepends=True)
    begun = tmp_path / "begun.jsonl"
    begun.write_bytes(b"".join(lines[:12]))
    load(page, begun, "Match chargé")
    assert driver.read("match.jsonl") == begun.read_bytes()
    assert driver.stored("match.jsonl") == begun.read_bytes()
    assert driver.probe()["depth"] == 1  # the slate of the loaded match

    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(lines[0] + b'{"ev":"deal","trump":"X"}\n')
    load(page, bad, "pas un match lisible")
    assert "line 2" in page.text_content("#note")  # the rules' own words, the line named
    huge = tmp_path / "huge.jsonl"
    huge.write_bytes(lines[0] * 10000)
    load(page, huge, "plus de 512 Kio")
    assert driver.read("match.jsonl") == begun.read_bytes()
    assert driver.read("archive/0001.jsonl") is None  # the empty flash had no match to keep

    # Played on from where the log left it, after a reload.
    page.reload()
    page.evaluate("window.ardoise.ready")
    assert driver.read("match.jsonl") == begun.read_bytes()
    assert page.errors == []


def load(page, path, said):
    """Load the log at `path` with the page's file input; wait for the note saying `said`."""
    page.set_input_files("#load", str(path))
    page.wait_for_function(
        "said => document.querySelector('#note').textContent.includes(said)", arg=said
    )


def test_offline_once_opened(context, site):
    page = open_page(context, site)
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now under the service worker's control
    page.evaluate("window.ardoise.ready")
    assert page.evaluate("!!navigator.serviceWorker.controller")
    context.set_offline(True)
    try:
        page.reload()
        page.evaluate("window.ardoise.ready")
        driver = PageDriver(page)
        driver.press("ok", 80, 80)  # no match yet: OK asks for one
        assert driver.probe()["kinds"][0] == "Choice"
    finally:
        context.set_offline(False)
    manifest = json.loads(page.evaluate("fetch('manifest.webmanifest').then(r => r.text())"))
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}


def test_a_tap_shorter_than_the_debounce_is_a_press_and_keys_work(context, site):
    page = open_page(context, site)
    driver = PageDriver(page)
    page.mouse.move(*driver.centre("ok"))
    page.mouse.down()
    driver.wait(5)
    page.mouse.up()  # 5 ms: the page holds it long enough for the firmware
    driver.wait(200)
    assert driver.probe()["kinds"][0] == "Choice"
    page.keyboard.down("ArrowRight")
    driver.wait(80)
    page.keyboard.up("ArrowRight")
    driver.wait(80)
    assert driver.probe()["index"] == 1
    page.keyboard.press("S")  # the simulator's held OK (800 ms): back
    driver.wait(1000)
    assert driver.probe()["kinds"][0] == "NoMatch"


def test_a_held_touch_does_its_held_action_once_then_pauses(context, site):
    page = open_page(context, site)
    driver = PageDriver(page)
    for key in ("ok",) * 8:
        # A new Le Brouc match, dealer 1, confirmed; a deal with the first
        # trump; its actions; "Fin de donne": the card points, 60 to begin with.
        driver.press(key, 80, 80)
    assert driver.probe()["value"] == 60, driver.probe()
    button = page.locator('[data-key="next"]')
    page.mouse.move(*driver.centre("next"))
    page.mouse.down()
    driver.wait(500)
    assert "held" not in button.get_attribute("class")
    driver.wait(450)  # 0.95 s: held once, the repeat at 0.9 s left out
    assert driver.probe()["value"] == 65
    assert "held" in button.get_attribute("class")  # a sign that it is held
    driver.wait(600)  # 1.55 s: still the pause
    assert driver.probe()["value"] == 65
    driver.wait(400)  # 1.95 s: past the pause, it repeats (1.8 s)
    assert driver.probe()["value"] == 70
    page.mouse.up()
    driver.wait(80)
    assert "held" not in button.get_attribute("class")
    assert page.errors == []


def test_the_note_on_a_loaded_log_says_what_happened_in_the_language(context, site, tmp_path):
    page = open_page(context, site)
    lines = EXPECTED_LOG.read_bytes().splitlines(keepends=True)
    begun = tmp_path / "begun.jsonl"
    begun.write_bytes(b"".join(lines[:12]))
    load(page, begun, "Match chargé.")  # no match before: nothing archived
    assert page.text_content("#note") == "Match chargé."
    page.select_option("#language", "de")
    assert page.text_content("#note") == "Partie geladen."
    load(page, begun, "die bisherige ist im Archiv")
    page.select_option("#language", "en")
    assert page.text_content("#note") == "Match loaded: the previous one is in the archive."
    assert page.errors == []


def test_panel_size_and_language_choices_stay(context, site):
    page = open_page(context, site)
    driver = PageDriver(page)
    assert page.text_content("#download") == "Télécharger le match (JSONL)"
    page.select_option("#language", "en")
    assert driver.read("settings.json") is not None  # the firmware's own setting
    assert json.loads(driver.read("settings.json"))["lang"] == "en"
    assert page.text_content("#download") == "Download the match (JSONL)"
    page.select_option("#size", "32")
    assert driver.frame()["pages"] == 4  # the board started again with a 128x32 panel
    driver.press("ok", 80, 80)
    assert driver.probe()["options"][0].strip() == "Le Brouc"
    page.reload()
    page.evaluate("window.ardoise.ready")
    assert driver.frame()["pages"] == 4
    assert page.input_value("#language") == "en"
    assert page.text_content("#download") == "Download the match (JSONL)"
    assert page.errors == []


def test_phone_screenshot(context, site, tmp_path):
    """The page on a phone, a match under way: docs/images/web.png in the README."""
    page = open_page(context, site)
    lines = EXPECTED_LOG.read_bytes().splitlines(keepends=True)
    begun = tmp_path / "begun.jsonl"
    begun.write_bytes(b"".join(lines[:16]))  # game 2, a deal open, a marriage
    load(page, begun, "Match chargé")
    page.evaluate("window.ardoise.advance(3000)")  # the note on the slate goes
    shot = tmp_path / "web.png"
    page.screenshot(path=str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    if os.environ.get("ARDOISE_SCREENSHOT") == "update":
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENSHOT)


# -- below the panel: the match's totals and deals, the roster, the evening's link --

NARROW = {"width": 360, "height": 740}  # the narrowest phone the page is made for


@pytest.fixture
def narrow(browser):
    context = browser.new_context(viewport=NARROW)
    try:
        yield context
    finally:
        context.close()


def below(page):
    """What the page shows under the panel: the totals, the line under them, the deals."""
    return page.evaluate(
        """() => ({
        hidden: document.querySelector('#match').hidden,
        totals: [...document.querySelectorAll('#totals div')].map(cell => [
            cell.querySelector('span').textContent, Number(cell.querySelector('b').textContent)]),
        line: document.querySelector('#tally').textContent,
        rows: [...document.querySelectorAll('#history li')].map(row => row.textContent),
        names: [...document.querySelectorAll('#names li')].map(item => item.firstChild.textContent),
        wide: document.documentElement.scrollWidth,
    })"""
    )


def folded(lines):
    from scoring import fold_lines

    return fold_lines(lines).game


def test_the_totals_and_deals_under_the_panel_follow_each_press(narrow, site, tmp_path):
    page = open_page(narrow, site)
    driver = PageDriver(page)
    assert below(page)["hidden"]  # no match: nothing to show
    lines = EXPECTED_LOG.read_bytes().splitlines(keepends=True)[:10]  # two deals ended
    begun = tmp_path / "begun.jsonl"
    begun.write_bytes(b"".join(lines))
    load(page, begun, "Match chargé")
    game = folded(lines)
    shown = below(page)
    assert shown["totals"] == [["A", game.slate[0]], ["B", game.slate[1]]] == [["A", 13], ["B", 16]]
    assert shown["line"] == "A 0 coches · B 0 coches"
    rows = ["1♥ 75/45 A♠ B♦\n+7 +8     7   8", "2♦ 64/56 B♣\n+6 +8    13  16"]
    assert shown["rows"] == rows  # the slate's own history rows: a deal's lines
    assert len(shown["rows"]) == game.deals
    assert shown["wide"] <= NARROW["width"]  # no scrolling sideways

    page.evaluate("window.kept = true")  # gone if the page reloads
    driver.press("prev", 800, 80)  # held Prev: undo the last deal's end?
    driver.press("ok", 80, 80)  # yes
    assert driver.read("match.jsonl").endswith(b'{"ev":"undo"}\n')
    game = folded(lines + [b'{"ev":"undo"}\n'])
    shown = below(page)
    assert shown["totals"] == [["A", game.slate[0]], ["B", game.slate[1]]] == [["A", 7], ["B", 8]]
    assert shown["rows"] == rows[:1]
    assert page.evaluate("window.kept")
    assert page.errors == []


def add(page, name, said):
    page.fill("#name", name)
    page.click("#add")
    page.wait_for_function(
        "said => document.querySelector('#roster-note').textContent.includes(said)", arg=said
    )


def test_names_added_and_removed_on_the_page_are_the_slates_roster(narrow, site):
    from host_tools.board.roster import roster_bytes

    page = open_page(narrow, site)
    driver = PageDriver(page)
    for name in ("Rösli", "Émile", "Paul"):
        add(page, name, name + " ajouté")
    page.click('#names button[data-name="Rösli"]')
    page.wait_for_function("document.querySelector('#roster-note').textContent.includes('retiré')")
    assert below(page)["names"] == ["Émile", "Paul"]
    # Written by the firmware's roster.save, as the slate and `ardoise roster` write it.
    written = "Émile\nPaul\n\x0412\n".encode()
    assert written == roster_bytes(["Émile", "Paul"])
    assert driver.read("roster.txt") == written
    assert driver.stored("roster.txt") == written  # in the browser's storage too
    # The slate offers them at the next new match, with no restart.
    for _ in range(10):
        top = driver.probe()
        if (top["title"] or "").startswith("Joueur 1"):
            break
        driver.press("ok", 80, 80)
    assert top["options"] == ["-", "Émile", "Paul"], top
    assert page.errors == []


def test_a_refused_name_says_why_and_changes_nothing(narrow, site):
    from host_tools.board.roster import roster_bytes

    page = open_page(narrow, site)
    driver = PageDriver(page)
    add(page, "Émile", "Émile ajouté")
    before = driver.read("roster.txt")
    for name, said in (
        ("-", "la place vide de l'ardoise"),
        ("Ñandú", "ne sait pas écrire Ñ ú"),
        ("Bartholomew Jr", "12 caractères au plus"),
        (" Émile ", "Émile est déjà dans la liste"),
        ("   ", "Tapez un nom"),
    ):
        add(page, name, said)
        assert page.get_attribute("#roster-note", "class") == "error"
        assert page.input_value("#name") == name  # kept, to be corrected
        assert driver.read("roster.txt") == before
    assert below(page)["names"] == ["Émile"]
    full = ["Joueur%d" % number for number in range(32)]
    page.evaluate("b => window.ardoise.put('roster.txt', b)", list(roster_bytes(full)))
    add(page, "Zoé", "déjà 32 noms")
    assert driver.read("roster.txt") == roster_bytes(full)
    page.select_option("#language", "en")
    assert page.text_content("#roster-note") == "The list already has 32 names, the most it can."
    assert below(page)["wide"] <= NARROW["width"]
    assert page.errors == []


def test_the_live_ranking_link_only_at_an_evening_that_gives_it(narrow, site):
    page = open_page(narrow, site)
    assert page.is_hidden("#live")
    enrolment = {"evening": "e1", "ssid": "Club", "broker_host": "127.0.0.1", "user": "T1"}
    page.evaluate(
        "b => window.ardoise.put('evening.json', b)", list(json.dumps(enrolment).encode())
    )
    assert page.is_hidden("#live")  # an evening whose page the board does not know
    enrolment["live"] = "http://127.0.0.1:8080/"
    page.evaluate(
        "b => window.ardoise.put('evening.json', b)", list(json.dumps(enrolment).encode())
    )
    assert page.is_visible("#live")
    assert page.get_attribute("#live a", "href") == "http://127.0.0.1:8080/"
    assert page.text_content("#live a") == "Classement de la soirée en direct"
    assert page.errors == []
