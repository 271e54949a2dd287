import sys

from host_tools.web.build import main

sys.exit(main())
