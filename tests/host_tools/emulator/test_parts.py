"""The bench's timer of a press's parts (host_tools/emulator/parts.py),
under MicroPython's unix port: imported before the slate is built, as the
bench image's boot.py does, it times each press's step of the harness's
slate in parts that nest as the code does."""

import ast

from host_tools.common import ROOT, STANDIN, compile_file, compile_tree, run_micropython

TIER = "micropython"

PARTS = ROOT / "host_tools" / "emulator" / "parts.py"
# The start of a Le Brouc match: presses that write the journal (the match,
# a trump, a marriage) and presses that only move through the screens.
MATCH_SCRIPT = ROOT / "tests" / "support" / "etivaz-match.keys"
START = 20  # its first lines


def test_each_press_is_timed_in_parts_that_nest(tmp_path):
    compile_tree(ROOT / "firmware", tmp_path / "firmware")
    host = tmp_path / "host"
    compile_file(ROOT / "boards" / "host.py", host / "host.mpy")
    for name in ("machine", "harness"):
        compile_file(STANDIN / (name + ".py"), host / (name + ".mpy"))
    compile_file(PARTS, host / "_parts.mpy")
    script = tmp_path / "start.keys"
    script.write_text("\n".join(MATCH_SCRIPT.read_text().splitlines()[:START]) + "\n")
    out = tmp_path / "out"
    out.mkdir()
    code = "import _parts, harness\nharness.main(%r, %r, 64, 4, False)\nprint(repr(_parts.steps))"
    result = run_micropython(
        ["-c", code % (str(script), str(out))],
        path=[tmp_path / "firmware", host],
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    steps = ast.literal_eval(result.stdout.strip().splitlines()[-1])
    presses = sum(1 for line in script.read_text().splitlines() if line.split()[:1] == ["press"])
    assert len(steps) >= presses
    for step, journal, redraw, show, i2c, tidy in steps:
        assert step >= journal + redraw and redraw >= show >= i2c > 0, steps
        assert bool(tidy) == bool(journal), steps  # a line written is moved once shown
    written = [step for step in steps if step[1]]
    assert written and len(written) < len(steps)
