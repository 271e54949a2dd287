"""A real board from the PC: the serial link through mpremote (link.py), deploying
the firmware (deploy.py), pulling the match logs (pull.py), the board's id and
roster, the Ardoise image (firmware.py). The link also opens the virtual board
(host_tools/virtual/) and the emulated Pico (host_tools/emulator/) as ports."""
