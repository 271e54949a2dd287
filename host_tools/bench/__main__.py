import sys

from host_tools.bench.report import main

sys.exit(main())
