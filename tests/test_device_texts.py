"""No text of any screen, in any language, on either panel, is cut or covered
(issue 33): the unchanged firmware, compiled to .mpy, plays key scripts under
MicroPython's unix port with tests/support/screen_texts.py watching every
frame it sends to the panel: a text cut by font.fit() ("…") or running off
the panel, a text with anything drawn over it or under it but its own
background, a question's or a number's line not shown and no mark saying
more follows, all fail.

The scripts: the tours tests/support/tour-{brouc,bruus,brusquembelle}.keys
(every screen of each game, options chosen by their place) in French,
German and English with a roster (a long name among them);
tour-evening.keys on a slate enrolled in an evening, its sign on the screen
without a match and on each slate's last row; and every key script of the
end-to-end tests (tests/test_device_e2e*.py), on the flash each needs. Each
on a 128x64 panel with four buttons and a 128x32 one with three.
"""

import json

import pytest

from host_tools.common import ROOT, STANDIN, compile_file, compile_tree, run_micropython
from tests.test_device_e2e_correct import PLAYS as CORRECTED

TIER = "slow micropython"

SUPPORT = ROOT / "tests" / "support"
LOGS = ROOT / "tests" / "logs"
ROSTER = "Rösli\nÉmile\nPaul\nMarie-Claire\n"
ENROLMENT = {
    "evening": "e1",
    "ssid": "club",  # not in range: the sign says lines are not sent yet
    "wifi_password": "secret",
    "broker_host": "127.0.0.1",
    "broker_port": 1,
    "user": "b3",
    "password": "pw",
}
LANGUAGES = ("fr", "de", "en")
# (script, language, files on flash: name -> text)
PLAYS = [
    ("tour-" + game, language, {"roster.txt": ROSTER})
    for game in ("brouc", "bruus", "brusquembelle")
    for language in LANGUAGES
]
PLAYS += [
    ("tour-evening", language, {"roster.txt": ROSTER, "evening.json": json.dumps(ENROLMENT)})
    for language in LANGUAGES
]
PLAYS += [(name, "fr", {}) for name in ("etivaz-match", "bruus-game", "bruus-session")]
PLAYS += [("brusquembelle-session", "fr", {})]
PLAYS += [
    ("names-" + language, language, {"roster.txt": "Rösli\nÉmile\nPaul\nAnne\n"})
    for language in LANGUAGES
]
for game, (log, *_) in CORRECTED.items():
    for language in LANGUAGES:
        name = "%s-correct-%s" % (game, language)
        if name == "etivaz-correct-fr":
            name = "etivaz-correct"
        PLAYS.append((name, language, {"match.jsonl": (LOGS / log).read_text(encoding="utf-8")}))


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """The firmware, the host pieces and the watcher as .mpy files."""
    folder = tmp_path_factory.mktemp("mpy")
    compile_tree(ROOT / "firmware", folder / "firmware")
    compile_file(ROOT / "boards" / "host.py", folder / "host" / "host.mpy")
    for name in ("machine", "harness", "network"):
        compile_file(STANDIN / (name + ".py"), folder / "host" / (name + ".mpy"))
    compile_file(SUPPORT / "screen_texts.py", folder / "host" / "screen_texts.mpy")
    return [folder / "firmware", folder / "host"]


@pytest.mark.parametrize("height, buttons", [(64, 4), (32, 3)])
@pytest.mark.parametrize(
    "script, language, files", PLAYS, ids=[play[0] + "-" + play[1] for play in PLAYS]
)
def test_no_text_is_cut_or_covered(build, tmp_path, script, language, files, height, buttons):
    flash = tmp_path / "flash"
    flash.mkdir()
    files = dict(files, **{"settings.json": '{"lang": "%s"}' % language})
    for name, text in files.items():
        (flash / name).write_text(text, encoding="utf-8")
    result = run_micropython(
        [
            "-m",
            "screen_texts",
            SUPPORT / (script + ".keys"),
            tmp_path,
            str(height),
            str(buttons),
        ],
        heap="4m",
        path=build,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    found = json.loads((tmp_path / "texts.json").read_text(encoding="utf-8"))
    assert found["frames"] > 10
    assert not found["problems"], "\n".join(found["problems"])


def test_the_watcher_finds_a_text_cut_and_a_text_covered(build, tmp_path):
    """The watcher itself: a toast too long for its row (cut) and the
    network's sign of before issue 33, drawn over a status row's end
    (covered), are both found."""
    flash = tmp_path / "flash"
    flash.mkdir()
    script = tmp_path / "bad.keys"
    script.write_text("press ok\n", encoding="utf-8")
    code = (
        "import screen_texts, sys\n"
        "from ardoise import font\n"
        "device = screen_texts.Checked(%r)\n"
        "display = device.display\n"
        "font.draw_text(display, font.fit('Annulé: Mariage A ♥ R-D-V', 128), 0, 56)\n"
        "font.draw_text(display, 'OK=nouveau match', 0, 48)\n"
        "display.fill_rect(122, 49, 6, 7, 0)\n"
        "display.show()\n"
        "print('\\n'.join(device.problems))\n"
    ) % str(flash)
    result = run_micropython(["-c", code], heap="4m", path=build, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    said = result.stdout
    assert "'Annulé: Mariage…': cut" in said, said
    assert "'OK=nouveau match': covered by a fill at 122,49 6x7" in said, said
