"""A table's phone on the organiser's side (issue 37), without a browser: what
`enrol --phone` gives and refuses, a phone taken back, what `run`'s server gives
at /slate/ (the page, and a table's matches for its phone alone), and the page's
build kept while its sources are the same."""

import base64
import json
import stat
import subprocess
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from host_tools.evening import broker, phones
from host_tools.evening.command import main as evening_main
from host_tools.evening.folder import Evening, EveningError
from host_tools.evening.lang import Texts
from host_tools.web import build
from tests.evening.conftest import make_evening

TIER = "network"
TIER_OF = {
    "test_a_build_is_kept": "browser",
}

pytestmark = pytest.mark.xdist_group("phones")


def enrol(evening, *options):
    return evening_main(["enrol", str(evening.folder), "--page-host", "10.0.0.5", *options])


def test_a_phone_s_link_and_what_is_refused(evening, capsys):
    """The three boards of `evening` sit at tables 1 to 3: phones go to none of them."""
    for board in ("b2", "b3"):  # tables 2 and 3 free for phones
        del evening.boards[board]
    evening.save()
    assert enrol(evening, "--phone", "--table", "2") == 0
    out = capsys.readouterr().out
    again = Evening.load(evening.folder)
    password = again.board_password("phone2")
    link = (
        "http://10.0.0.5:%d/slate/#evening=%s&user=phone2&password=%s&port=%d&table=2&lang=en"
        % (
            evening.settings["page_port"],
            evening.id,
            password,
            evening.settings["broker"]["websockets"],
        )
    )
    assert "  %s\n" % link in out
    assert again.boards["phone2"] == {"table": 2, "unique": None, "phone": True}
    passwd = (evening.broker_folder / "passwd").read_text()
    assert "\nphone2:$7$" in passwd or passwd.startswith("phone2:$7$")
    for name in ("table-2.png", "table-2.svg", "table-2.txt"):
        mode = stat.S_IMODE((evening.folder / "phones" / name).stat().st_mode)
        assert mode == 0o600, name
    for options, said in (
        (["--phone", "--table", "1"], "table 1 has board b1: a phone plays at a table without"),
        (["--phone", "--table", "4"], "there is no table 4: the draw seats tables 1 to 3"),
        (["--phone"], "a phone is for a table: give --table N"),
        (["--phone", "--table", "3", "--port", "virtual"], "a phone needs no --port"),
        (["--take-back", "--table", "3"], "table 3 has no phone to take back"),
    ):
        before = (evening.folder / "evening.json").read_bytes()
        assert enrol(evening, *options) == 1, options
        assert said in capsys.readouterr().err, options
        assert (evening.folder / "evening.json").read_bytes() == before
    # A board cannot take a phone's id.
    with pytest.raises(EveningError) as refused:
        Evening.load(evening.folder).enrol("phone2", "e6614103e7", 3)
    assert "phone2 is table 2's phone" in refused.value.said(Texts("en"))


def test_a_phone_given_again_and_taken_back(evening, capsys):
    del evening.boards["b3"]
    evening.save()
    assert enrol(evening, "--phone", "--table", "3") == 0
    first = Evening.load(evening.folder).board_password("phone3")
    capsys.readouterr()
    assert enrol(evening, "--phone", "--table", "3") == 0
    out = capsys.readouterr().out
    assert "the phone given before at table 3 is taken back" in out
    second = Evening.load(evening.folder).board_password("phone3")
    assert second != first and "password=%s" % second in out
    assert enrol(evening, "--take-back", "--table", "3") == 0
    assert "the phone at table 3 is taken back (phone3)" in capsys.readouterr().out
    taken = Evening.load(evening.folder)
    assert taken.board_password("phone3") is None
    assert taken.boards["phone3"]["table"] == 3  # its copy still counts, its table kept
    assert "phone3" not in (evening.broker_folder / "passwd").read_text()
    assert not (evening.folder / "phones" / "table-3.png").exists()
    broker.write_config(taken)  # a folder without its password writes its config all the same


def test_a_phone_s_link_stays_out_of_git(tmp_path, capsys):
    """The links hold the phones' passwords: an evening made inside a repository
    (a clone) keeps them out of `git add .`, as it keeps secrets.json."""
    repository = tmp_path / "clone"
    repository.mkdir()
    subprocess.run(["git", "-C", str(repository), "init", "-q"], check=True)
    evening = make_evening(repository / "evening", boards=())
    assert enrol(evening, "--phone", "--table", "1") == 0
    (evening.folder / "web").mkdir()
    (evening.folder / "web" / "index.html").write_text("a build")
    subprocess.run(["git", "-C", str(repository), "add", "."], check=True)
    added = subprocess.run(
        ["git", "-C", str(repository), "diff", "--cached", "--name-only"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert "evening/evening.json" in added
    assert not [path for path in added if "/phones/" in path or "/web/" in path], added


def copy_files(evening, board, matches):
    """The organiser's copy of `board`: {number: bytes}, the last on the slate."""
    folder = evening.logs / board
    folder.mkdir(parents=True, exist_ok=True)
    for number, data in matches.items():
        (folder / ("%s-%04d.jsonl" % (board, number))).write_bytes(data)
    evening.state.mkdir(exist_ok=True)
    (evening.state / (board + ".json")).write_text(json.dumps({"current": max(matches)}))


@pytest.fixture
def server(tmp_path):
    """A server answering as `run`'s does for /slate/, over an evening with a phone at
    table 1 whose copy holds matches 1 and 3 (2: a damaged journal) and a torn line."""
    evening = make_evening(tmp_path / "evening", boards=("b1",))
    user, password, _ = phones.give(evening, 2)
    copy_files(evening, user, {1: b'{"a":1}\n{"b":2}\n', 3: b'{"c":3}\n{"d"'})
    (evening.folder / "web").mkdir()
    (evening.folder / "web" / "index.html").write_text("<!doctype html><p>slate</p>")
    pages = phones.Pages(evening, say=lambda text: None)
    pages.ready = True

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):  # noqa: N802
            if not pages.answer(self):
                self.send_error(404)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever)
    thread.start()
    try:
        yield "http://127.0.0.1:%d" % httpd.server_address[1], user, password, pages
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def get(url, user=None, password=None):
    request = urllib.request.Request(url)
    if user is not None:
        token = base64.b64encode(("%s:%s" % (user, password)).encode()).decode()
        request.add_header("Authorization", "Basic " + token)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_tables_matches_for_its_phone_alone(server):
    root, user, password, _ = server
    status, body = get(root + "/slate/copy", user, password)
    assert status == 200
    copy = json.loads(body)
    assert copy["current"] == 3
    files = {name: base64.b64decode(data) for name, data in copy["files"]}
    assert files == {
        "archive/0001.jsonl": b'{"a":1}\n{"b":2}\n',
        "archive/0002.damaged": b"",  # a number the copy never had, as the slate kept it
        "match.jsonl": b'{"c":3}\n',  # whole lines only
    }
    for who in ((user, "wrong"), ("b1", "x"), ("organiser", "x"), (None, None), (user, "")):
        assert get(root + "/slate/copy", *who)[0] == 401, who
    assert get(root + "/slate/")[1] == b"<!doctype html><p>slate</p>"
    assert get(root + "/slate/../evening.json")[0] == 404
    assert get(root + "/slate/%2e%2e/secrets.json")[0] == 404


def test_the_page_is_said_while_it_is_built(server):
    root, _, _, pages = server
    pages.ready = False
    status, body = get(root + "/slate/")
    assert status == 503 and b"being built" in body


def test_a_build_is_kept_while_its_sources_are_the_same(web_folder, tmp_path):
    assert build.up_to_date(web_folder)
    manifest = json.loads((web_folder / "files.json").read_text())
    assert manifest["sources"] == build.sources_digest()
    copied = tmp_path / "web"
    copied.mkdir()
    (copied / "files.json").write_text(json.dumps(dict(manifest, sources="0" * 16)))
    assert not build.up_to_date(copied)
    assert not build.up_to_date(tmp_path / "none")


def test_a_table_with_a_phone_has_its_code_on_its_card(evening, capsys):
    """The table card of a table whose slate is a phone shows the phone's code beside the
    live page's (both 3 cm and more, four modules of quiet zone), read back from the
    card's pixels; the cards then hold its password: the organiser's alone, out of git.
    Taken back, the card shows the live page's code alone again."""
    import segno
    from PIL import Image

    from tests.evening.test_printouts import card_code

    del evening.boards["b2"]
    evening.save()
    seating = evening.folder / "seating"
    cards, card = seating / "session-1-cards.html", seating / "session-1-table-2.png"
    assert cards.read_text(encoding="utf-8").count("<svg") == 3  # the page's code a card
    assert enrol(evening, "--phone", "--table", "2") == 0
    link = (evening.folder / "phones" / "table-2.txt").read_text().strip()
    assert "table cards to print:" in capsys.readouterr().out
    page = cards.read_text(encoding="utf-8")
    assert page.count("<svg") == 4 and page.count('class="qr phone"') == 1
    assert "The slate, on a phone" in page
    for path in (cards, card):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE((seating / "session-1-table-1.png").stat().st_mode) == 0o644
    code = segno.make(link, error="m")
    size = code.symbol_size(border=0)[0]
    with Image.open(card) as image:
        picture = image.convert("RGB")
    from host_tools.evening import printouts
    from host_tools.evening.lang import Texts

    table = evening.settings["draws"][0]["tables"][1]
    texts = Texts("en")
    heading = texts("session_of", session=1, sessions=3)
    drawn, _, phone = printouts.card_picture(texts, "x", heading, table, "club", "http://a/", link)
    assert card_code(drawn, phone, size) == [[bool(bit) for bit in row] for row in code.matrix]
    assert size * phone[2] / 300 * 2.54 >= 3.0
    assert picture.size == drawn.size
    ignored = (evening.folder / ".gitignore").read_text()
    assert "seating/*-cards.html" in ignored and "seating/*-table-*.png" in ignored
    assert enrol(evening, "--take-back", "--table", "2") == 0
    assert cards.read_text(encoding="utf-8").count("<svg") == 3
