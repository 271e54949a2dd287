"""A board from the PC: the serial link through mpremote (link.py), deploying
the firmware (deploy.py), pulling the match logs (pull.py), and the virtual
board on a pseudo-terminal (virtual.py)."""
