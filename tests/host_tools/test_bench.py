"""`make bench` (host_tools/bench/report.py): measuring is its job, judging is not.

A figure over its target is a row marked MISSED, and the command still exits
0 once it has measured (make test and make proof are the gates); only a
bench that could not measure fails.
"""

import pytest

from host_tools.bench import report

TIER = "quick"


@pytest.fixture
def bench(monkeypatch, tmp_path):
    """The bench with its measurements replaced by the rows a test gives, its
    report written to tmp_path (docs/bench.md is left alone)."""
    monkeypatch.setattr(report, "ROOT", tmp_path)
    monkeypatch.setattr(report, "REPORT", tmp_path / "bench.md")

    def with_rows(rows):
        monkeypatch.setattr(report, "measure", lambda folder: rows)
        monkeypatch.setattr(report.bench_device, "measure", lambda folder: [])
        monkeypatch.setattr(report.emulated_pico, "measure", lambda folder: [])
        monkeypatch.setattr(report.emulated_pico, "measure_image", lambda folder: [])
        monkeypatch.setattr(report.presses, "measure", lambda folder: [])
        monkeypatch.setattr(report.championship, "measure", lambda folder: [])
        monkeypatch.setattr(report.evening, "measure", lambda folder: [])
        monkeypatch.setattr(report.evening, "organiser", lambda: [])
        monkeypatch.setattr(report, "proofs", lambda: [])
        return report.main([])

    return with_rows


def test_a_missed_target_is_a_row_not_a_failure(bench, tmp_path, capsys):
    status = bench([("Presses, Le Brouc", "31", "12", False), ("Heap", "40 KiB", "96", True)])
    assert status == 0
    printed = capsys.readouterr().out
    assert "MISSED" in printed and "met" in printed
    written = (tmp_path / "bench.md").read_text()
    assert "| Presses, Le Brouc | 31 | 12 | MISSED |" in written
    assert "| Heap | 40 KiB | 96 | met |" in written


def test_a_bench_that_cannot_measure_fails(monkeypatch, bench):
    def broken(folder):
        raise RuntimeError("the firmware did not run")

    monkeypatch.setattr(report.presses, "measure", broken)
    monkeypatch.setattr(report, "measure", broken)
    with pytest.raises(RuntimeError):
        report.main([])


def test_the_championships_draw_is_measured(tmp_path):
    """Round 7 of 40 pairs drawn from 120 logs, as `evening draw` draws it."""
    from host_tools.bench import championship

    rows = championship.measure(tmp_path)
    assert rows[0][0].startswith("drawing round 7 for 40 pairs") and rows[0][2] == "< 1 s"
    assert rows[0][1].endswith(" s") and isinstance(rows[0][3], bool)


@pytest.mark.micropython
def test_the_slate_is_timed_and_weighed(tmp_path):
    """The device's timed match (host_tools/bench/mp_bench_device.py) runs as
    make bench runs it: a heap-limited run is handed its flash folder as a
    symlink, so the folder is made first (made by the run, it failed: EEXIST)."""
    from host_tools.bench import device

    timed = device.timings(device.build(tmp_path / "build"), tmp_path)
    assert timed["timed_presses"] > 100
    assert 0 < timed["peak_heap"] < 1 << 20
    assert 0 < timed["reference_us"] and 0 < timed["press_us"] <= timed["worst_press_us"]
