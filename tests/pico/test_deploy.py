"""`make deploy BOARD=pico PORT=emulated` on MicroPython's rp2 release: the
same deploy as to a real Pico (mpremote over a pseudo-terminal bridged to
the emulated USB serial), then a reset, and the slate boots from what was
deployed, again at the next power-on.
"""

import re

from host_tools.board.emulated.pico import EmulatedPico

STEP = re.compile(r"\d+/\d+ ")


def test_deploy_to_the_emulated_pico_and_the_slate_boots_from_it(deployed):
    flash, printed = deployed
    steps = [line.split(" ", 1)[1] for line in printed.splitlines() if STEP.match(line)]
    assert steps[0].startswith("board pico: Raspberry Pi Pico"), printed
    assert any(step.startswith("MicroPython 1.22.0 on rp2, 1400 KiB free") for step in steps)
    assert any(step.startswith("copied to the board: ardoise, board.py, main.py") for step in steps)
    assert steps[-1] == "reset: the board starts the slate", printed
    # deploy drew the first screen it saw on the panel after the reset.
    drawn = printed.split(steps[-1], 1)[1].splitlines()
    assert any(set(line) - {"⠀", " "} for line in drawn), printed

    # Powered on again from the flash as deploy left it: main.py runs the slate.
    with EmulatedPico(flash) as pico:
        pico.run(3000)
        assert pico.frame is not None and pico.frame.on and pico.frame.lit() > 100
        pico.enter_raw_repl()
        listing = pico.exec("import os\nprint(sorted(os.listdir('/')), os.listdir('/data'))")
    assert listing.split("]")[0] == "['ardoise', 'board.py', 'data', 'main.py', 'scoring'"
