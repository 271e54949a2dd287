"""The players' names on the slate end to end: the unchanged firmware,
compiled to .mpy, played by its buttons under MicroPython's unix port (see
tests/test_device_e2e.py, whose build and checks this reuses).

tests/support/names-{fr,de,en}.keys play, on a slate with a roster, a Le
Brouc match won by named players in French and in German, and one in
English with a seat left anonymous. Each frame is
checked, pixel for pixel, against tests/reference/<height>/names-*.pbm on a
128x64 panel with four buttons and on a 128x32 one with three: the seats'
teams, the columns' players in a form that fits, the winners by name.
"""

import pytest

from host_tools.common import ROOT
from tests import test_device_e2e as e2e

TIER = "slow micropython"

SUPPORT = ROOT / "tests" / "support"
build = e2e.build  # the fixture: the firmware and the host pieces as .mpy
# These check screens, not the heap (make bench measures it): a match with
# four names, its frames kept by the harness, needs 117 KiB on the 128x64
# panel (the English one; measured as tests/test_device_e2e.py's HEAP, the
# same from any folder; the roster checks each name with the rules core's
# scoring/names.py since issue 31, 2 KiB more); this leaves room.
HEAP = "128k"
# Each script's language and the match it leaves on the slate: who sits where.
PLAYS = {
    "fr": '"names":["Rösli","Émile","Paul","Anne"]',
    "de": '"names":["Rösli","Émile","Paul","Anne"]',
    "en": '"names":["Émile","Rösli","Anne","-"]',
}


@pytest.mark.parametrize("language", sorted(PLAYS))
@pytest.mark.parametrize("height, buttons", [(64, 4), (32, 3)])
def test_names_where_people_look(build, tmp_path, height, buttons, language):
    script = SUPPORT / ("names-%s.keys" % language)
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "roster.txt").write_text("Rösli\nÉmile\nPaul\nAnne\n", encoding="utf-8")
    (flash / "settings.json").write_text('{"lang": "%s"}' % language)
    e2e.play(build, tmp_path, height, buttons, script, HEAP)
    header = (flash / "match.jsonl").read_text(encoding="utf-8").splitlines()[0]
    assert PLAYS[language] in header, header
    names = e2e.frame_names(script)
    assert names and all(name.startswith("names-") for name in names)
    e2e.check_frames(tmp_path, height, script)
