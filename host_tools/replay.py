"""`python -m host_tools.replay LOG.jsonl`, as docs/match-log.md names it:
the same as `ardoise replay` (host_tools/logs/replay.py)."""

import sys

from host_tools.logs.replay import main

if __name__ == "__main__":
    sys.exit(main())
