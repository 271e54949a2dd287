"""The slate on the PC: the simulator in a terminal (simulator.py), the panel's
pictures (screen.py) and the board files (boards.py). The stand-in `machine`
and panel it runs the firmware on are host_tools/standin/ (MicroPython code),
which the virtual board, the emulated Pico and the web page share."""
