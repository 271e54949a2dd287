"""An emulated Raspberry Pi Pico (rp2040js in node) running MicroPython's official
rp2 release: see pico.py; the deployed slate played from the PC (slate.py),
and in this terminal (sim.py, `ardoise emulated-pico`)."""
