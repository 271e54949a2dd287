import sys

from host_tools.sim.simulator import main

sys.exit(main())
