"""python -m host_tools.web: `ardoise web`."""

import sys

from host_tools.cli import main

sys.exit(main(["web", *sys.argv[1:]]))
