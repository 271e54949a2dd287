"""An emulated Raspberry Pi Pico (rp2040js in node) running MicroPython's official
rp2 release: see pico.py."""
