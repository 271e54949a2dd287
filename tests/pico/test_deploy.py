"""`make deploy BOARD=pico PORT=emulated` on MicroPython's rp2 release: the
same deploy as to a real Pico (mpremote over a pseudo-terminal bridged to
the emulated USB serial), then a reset, and the slate boots from what was
deployed, again at the next power-on.
"""

from host_tools.board.emulated.pico import EmulatedPico


def test_deploy_to_the_emulated_pico_and_the_slate_boots_from_it(deployed):
    flash, printed = deployed
    lines = printed.splitlines()
    assert lines[0].startswith("1/6 board pico: Raspberry Pi Pico"), printed
    assert lines[1].startswith("2/6 MicroPython 1.22.0 on rp2, 1400 KiB free"), printed
    assert lines[4].startswith("5/6 copied to the board: ardoise, board.py, main.py, scoring")
    assert lines[5] == "6/6 reset: the board starts the slate"
    # deploy drew the first screen it saw on the panel after the reset.
    assert len(lines) > 6 and any(set(line) - {"⠀"} for line in lines[6:]), printed

    # Powered on again from the flash as deploy left it: main.py runs the slate.
    with EmulatedPico(flash) as pico:
        pico.run(3000)
        assert pico.frame is not None and pico.frame.on and pico.frame.lit() > 100
        pico.enter_raw_repl()
        listing = pico.exec("import os\nprint(sorted(os.listdir('/')), os.listdir('/data'))")
    assert listing.split("]")[0] == "['ardoise', 'board.py', 'data', 'main.py', 'scoring'"
