"""python -m host_tools.bench: `ardoise bench`."""

import sys

from host_tools.cli import main

sys.exit(main(["bench", *sys.argv[1:]]))
