"""The slate on the PC: the simulator in a terminal (simulator.py), the panel's
pictures (screen.py), the board files (boards.py), and the stand-in `machine`
and panel that the simulator, the virtual board and the tests run the
firmware on (standin/, MicroPython code)."""
