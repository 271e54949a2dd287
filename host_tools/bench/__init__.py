"""`make bench`: the rules core's and the device's figures (report.py,
device.py), with the programs that run under MicroPython (mp_*.py)."""
