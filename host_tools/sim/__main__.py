"""python -m host_tools.sim: `ardoise sim`."""

import sys

from host_tools.cli import main

sys.exit(main(["sim", *sys.argv[1:]]))
