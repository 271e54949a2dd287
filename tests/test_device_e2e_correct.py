"""A past deal put right end to end, in every game and language: the
unchanged firmware, compiled to .mpy, played by its buttons under
MicroPython's unix port (see tests/test_device_e2e.py, whose build, heap
and checks this reuses; its own test plays etivaz-correct.keys, in French).

tests/support/etivaz-correct-{de,en}.keys correct Le Brouc's deal 8 at the
end of the whole match as etivaz-correct.keys does, in German and English;
bruus-correct-{fr,de,en}.keys give deal 1's strike of the Schwesing match
of bruus-game.keys to the other team; brusquembelle-correct-{fr,de,en}.keys
correct an Ace and the card points of the last deal of
brusquembelle-session.keys's match. Each starts from that match's log on
flash, in the heap Le Brouc's correction is held to, and is checked
against the journal a replay gives and, frame by frame, against
tests/reference/<height>/ on a 128x64 panel with four buttons and on a
128x32 one with three.
"""

import pytest

from host_tools.common import ROOT
from scoring import fold_lines
from tests import test_device_e2e as e2e

TIER = "slow micropython"

SUPPORT = ROOT / "tests" / "support"
LOGS = ROOT / "tests" / "logs"
build = e2e.build  # the fixture: the firmware and the host pieces as .mpy
# Each script's match on flash, and what the correction leaves: deals
# finished, events in force, and a line the corrected deal now writes.
PLAYS = {
    "etivaz": ("device-etivaz-match.jsonl", 10, 50, '{"ev":"end","A":90,"B":30}'),
    # A's strike won the game a deal earlier: deal 5 is open again.
    "bruus": ("device-bruus-game.jsonl", 4, 33, '{"ev":"dare","kind":"strike","team":"A"}'),
    "brusquembelle": (
        "device-brusquembelle-session.jsonl",
        3,
        13,
        '{"ev":"end","points":[20,45,55]}',
    ),
}
SCRIPTS = [("etivaz", "de"), ("etivaz", "en")]
for game in ("bruus", "brusquembelle"):
    SCRIPTS += [(game, language) for language in ("fr", "de", "en")]


@pytest.mark.parametrize("game, language", SCRIPTS)
@pytest.mark.parametrize("height, buttons", [(64, 4), (32, 3)])
def test_a_past_deal_corrected_in_each_game_and_language(
    build, tmp_path, height, buttons, game, language
):
    script = SUPPORT / ("%s-correct-%s.keys" % (game, language))
    log_name, deals, in_force, line = PLAYS[game]
    flash = tmp_path / "flash"
    flash.mkdir()
    log = (LOGS / log_name).read_bytes()
    (flash / "match.jsonl").write_bytes(log)
    (flash / "settings.json").write_text('{"lang": "%s"}' % language)
    e2e.play(build, tmp_path, height, buttons, script, heap=e2e.CORRECT_HEAP)
    journal = (flash / "match.jsonl").read_bytes()
    assert journal.startswith(log)
    added = journal[len(log) :].decode().splitlines()
    assert line in added and added.count('{"ev":"undo"}') == len(added) // 2
    match = fold_lines(journal.split(b"\n"))
    assert match.game.deals == deals and len(list(match.in_force)) == in_force
    names = e2e.frame_names(script)
    assert names and all(name.split("-")[-1] == language for name in names if language != "fr")
    e2e.check_frames(tmp_path, height, script)
