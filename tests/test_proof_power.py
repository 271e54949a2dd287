"""Proof 3: power cuts at every step of every journal write (CPython), and the bench numbers.

Runs tests/device/test_power_cuts.py (which tests/test_micropython.py also
runs under MicroPython) on CPython, and adds what is too slow for the
MicroPython run: cuts inside the boot that follows a cut (a repair
interrupted by the next power loss), an error at each operation of every
action, settings change and of the boot after a cut (the MicroPython run
tries every third action), and journals of random bytes (hypothesis).
Prints the numbers; `power_cut_numbers()` returns them.

    .venv/bin/python -m pytest --hypothesis-profile=proof tests/test_proof_power.py -s

cuts the boot after every 5th cut (not every 150th) at each of its steps,
and fails each of its operations in turn.
"""

import importlib.util
import pathlib
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_tools.common import MICROPYTHON, ROOT, run_micropython
from scoring import Refused
from tests.proof import mutations
from tests.support.proof import FULL

TIER = "slow micropython"

# Every Nth cut also has the boot after it cut at every one of its steps.
BOOT_CUT_EVERY = 5 if FULL else 150
JOURNAL_EXAMPLES = 5_000 if FULL else 300

_PATH = pathlib.Path(__file__).resolve().parent / "device" / "test_power_cuts.py"
_SPEC = importlib.util.spec_from_file_location("device_test_power_cuts", _PATH)
device = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(device)


globals().update((name, getattr(device, name)) for name in dir(device) if name.startswith("test_"))


def power_cut_numbers(boot_cut_every=BOOT_CUT_EVERY):
    """Cut points and failed operations tried, and what the boots showed (`make bench`);
    raises if any lost an action or showed what a boot would not."""
    started = time.perf_counter()
    counts = device.prove_power_cuts(boot_cut_every=boot_cut_every)
    counts.update(device.prove_flash_errors(every=1, boot_every=boot_cut_every))
    counts.update(device.prove_settings_cuts())
    counts["boot tried after one cut point in"] = boot_cut_every
    counts["seconds"] = round(time.perf_counter() - started, 1)
    # prove_power_cuts and prove_flash_errors assert them at every boot.
    counts["confirmed actions lost"] = counts["screens unlike a boot's"] = 0
    return counts


def test_power_cuts_in_the_boot_after_a_cut():
    counts = power_cut_numbers()
    print("\nproof power cuts: " + ", ".join("%s %s" % item for item in sorted(counts.items())))
    assert counts["cut points"] == 2 * counts["steps in the script"]
    assert counts["cut points in the boot after a cut"] > counts["cut points"] // 10
    # An error at each operation of every action and settings change, and of the boot after a cut.
    assert counts["actions with errors"] == counts["script actions"]
    assert counts["error points"] > counts["settings error points"] > 0
    assert counts["error points in the boot after a cut"] > counts["error points"]


def test_first_match_after_a_full_flash():
    device.first_match_after_a_full_flash()


def test_long_names_survive_a_reboot():
    device.long_names_survive_a_reboot()


def test_a_nul_for_a_newline_is_reported():
    device.a_nul_for_a_newline_is_reported()


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="no MicroPython in .venv")
def test_a_nul_for_a_newline_is_reported_on_micropython():
    result = run_micropython(
        ["-c", "import test_power_cuts; test_power_cuts.a_nul_for_a_newline_is_reported()"],
        path=[ROOT / "firmware", ROOT / "tests" / "device"],
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def journals():
    """Journal bytes: the script's at some point, spoiled, or random."""
    intact = [device.journal_after(count) for count in (1, 3, 14, 24)]
    return st.one_of(
        st.randoms().map(lambda rng: mutations.mutated(rng, intact)),
        st.binary(max_size=600),
    )


@settings(
    max_examples=JOURNAL_EXAMPLES,
    deadline=None,
    derandomize=True,  # the same examples every run
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(journal=st.one_of(st.none(), journals()), temporary=st.one_of(st.none(), journals()))
def test_any_journal_boots_to_a_usable_slate(journal, temporary):
    """Whatever the flash holds (a journal, a left-over temporary file), the board boots."""
    flash = device.Flash()
    flash.folders.add(device.ROOT)
    for path, data in ((device.JOURNAL, journal), (device.ROOT + "/match.tmp", temporary)):
        if data is not None:
            flash.files[path] = bytearray(data)
    # What load() reads: an interrupted swap makes the temporary file the journal.
    found = temporary if journal is None else journal

    def run():
        board, repair = device.boot(flash)
        if repair is not None:
            assert repair.key in ("torn", "damaged") and "\n" not in str(repair)
        if repair is not None and repair.key == "damaged":
            assert bytes(flash.files[device.ROOT + "/archive/0001.damaged"]) == found
        files = flash.contents()
        again, repair = device.boot(flash)
        assert repair is None and device.shown(again) == device.shown(board)
        assert flash.contents() == files
        try:
            again.undo()  # an append on the repaired journal
        except Refused:  # no match, or only its match event
            again.new_match(device.FIRST)
        assert device.shown(device.boot(flash)[0]) == device.shown(again)

    device.on_flash(flash, run)
