"""The Ardoise device: display, buttons, journal and screens around the rules core.

Nothing here imports `machine`: the board file builds the hardware objects
and hands them in.
"""
