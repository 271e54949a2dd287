"""Presses per typical deal (issues 13, 21 and 33): `make bench` plays the
deals of host_tools/bench/deals.keys on the firmware compiled to .mpy; Le
Brouc's typical deal (trump, a declared marriage, the end and its
confirmation) takes at most 10 presses with three buttons, and no deal takes
more than before, for the very same journal; correcting a past deal's trump
takes no more than before, and typing a 5-letter name at most 30."""

from host_tools.bench import presses

TIER = "micropython"


def test_typical_deals_meet_their_press_targets(tmp_path):
    rows = presses.measure(tmp_path)  # raises if the journal is not the expected one
    assert len(rows) == len(presses.ROWS)
    assert all(met for *_, met in rows), rows
    assert int(rows[0][1]) <= 10
    assert int(rows[-1][1]) <= 30  # a 5-letter name
