"""`make bench`, the page's row: the whole match's heap on MicroPython's WebAssembly port.

The unix port from .venv is a 64-bit build; the page's port is 32-bit, as
a board is. The same key script as the unix port's figure
(tests/support/etivaz-match.keys, 128x64, three buttons) is played in node
on the built page's board (host_tools/web/node.py), and after the boot and
each press, as host_tools/bench/mp_bench_device.py does, the heap in use is
read after a collection; the row is the most. The page's glue
(webboard.py, the stand-in machine and panel, the host board file) is
counted in it, as the harness and stand-ins are in the unix port's.
"""

from host_tools.web import build as web_build
from host_tools.web.keyscript import Player
from host_tools.web.node import NodeBoard, NodeError, node

SCRIPT = web_build.ROOT / "tests" / "support" / "etivaz-match.keys"
EXPECTED_LOG = web_build.ROOT / "tests" / "logs" / "device-etivaz-match.jsonl"
NAME = (
    "... the same on MicroPython's WebAssembly port (32-bit, the page's board in node), "
    "its glue counted"
)


def peak_heap(folder):
    """Bytes: the most heap in use over the match, on the page built in `folder`."""
    with NodeBoard(folder) as board:
        board.start(64, 3)
        Player(board).play(SCRIPT.read_text(encoding="utf-8"), SCRIPT.name)
        if board.read("archive/0001.jsonl") != EXPECTED_LOG.read_bytes():
            raise RuntimeError("the match on the WebAssembly port left another journal")
        return board.peak_heap


def row(folder):
    """The bench's row (figure, measured, target, met), built in `folder`/web."""
    if node() is None:
        return (NAME, "not measured: no node", "", None)
    try:
        built = web_build.build(folder / "web")
        return (NAME, "%.1f KiB" % (peak_heap(built) / 1024), "", None)
    except (web_build.BuildError, NodeError) as error:
        return (NAME, "not measured: %s" % str(error).splitlines()[0], "", None)


if __name__ == "__main__":
    import pathlib
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        print("%s: %s" % row(pathlib.Path(folder))[:2])
    sys.exit(0)
