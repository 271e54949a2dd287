"""The page's board in node, driven from the PC (`make bench`, and the tests
that need no browser).

    with NodeBoard(build_folder) as board:       # node_board.mjs on the built folder
        board.start(64)
        Player(board).play(script_text)           # host_tools/web/keyscript.py
        board.read("archive/0001.jsonl")

A key press answers the heap in use just after it (gc.collect(), then
gc.mem_alloc(), as host_tools/bench/mp_bench_device.py measures the unix port):
`peak_heap` is the most.
"""

import json
import pathlib
import shutil
import subprocess

from host_tools.common import CommandError

HERE = pathlib.Path(__file__).resolve().parent
SCRIPT = HERE / "node_board.mjs"


def node():
    """The node command, or None."""
    return shutil.which("node")


class NodeError(CommandError):
    pass


class NodeBoard:
    def __init__(self, folder):
        command = node()
        if command is None:
            raise NodeError("node not found")
        self.process = subprocess.Popen(
            [command, str(SCRIPT), str(folder)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.peak_heap = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            stream.close()
        if not self.process.stdin.closed:
            self.process.stdin.close()

    def console(self):
        """What the firmware printed (once the board is closed)."""
        return self.process.stderr.read() if not self.process.stderr.closed else ""

    def call(self, command, **arguments):
        arguments["cmd"] = command
        try:
            self.process.stdin.write(json.dumps(arguments) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass
        line = self.process.stdout.readline()
        if not line:
            self.process.wait()
            raise NodeError("node stopped: " + self.process.stderr.read())
        answer = json.loads(line)
        if isinstance(answer, dict) and "error" in answer and command != "probe":
            raise NodeError(answer["error"])
        if isinstance(answer, dict) and "heap" in answer:
            self.peak_heap = max(self.peak_heap, answer["heap"])
        return answer

    # -- the driver of keyscript.Player ------------------------------------

    def start(self, height=64, buttons=4):
        return self.call("start", height=height, buttons=buttons)

    def press(self, key, ms, gap):
        return self.call("press", key=key, ms=ms, gap=gap)

    def wait(self, ms):
        return self.call("wait", ms=ms)

    def probe(self):
        return self.call("probe")

    def frame(self):
        answer = self.call("frame")
        return {
            "on": answer["on"],
            "pages": answer["pages"],
            "memory": bytes.fromhex(answer["memory"]),
        }

    def read(self, name):
        """A file of the slate's folder (bytes), or None if there is none."""
        data = self.call("read", path=name)["data"]
        return None if data is None else bytes.fromhex(data)
