"""The virtual board: MicroPython's unix port behind a pseudo-terminal, which
mpremote talks to as to a Pico (board.py), for trying the slate, a deploy or
an evening without boards."""
