"""`python -m host_tools ...`: the ardoise command without installing it."""

import sys

from host_tools.cli import main

sys.exit(main())
