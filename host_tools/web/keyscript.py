"""The tests' key scripts (tests/support/*.keys) played on the page's board.

host_tools/standin/harness.py plays them inside MicroPython; here they
are played from the PC, through a driver: the browser test clicks the
page's buttons, `make bench` sends them to the board in node
(host_tools/web/node.py). The commands are the harness's own: its
`command`, `cursor` and `number` are taken from its source, so that a
script means the same presses on the page as under the unix port. A driver
has

    press(key, ms, gap)   hold the button `key` for `ms`, then none for `gap`
    wait(ms)              let `ms` pass
    probe()               the top screen: a dict from webboard.probe()
    frame()               the panel: {"on", "pages", "memory": bytes}

and time moves only with presses and waits, as in the harness.
"""

import ast
from typing import Callable

from host_tools.common import STANDIN, CommandError

HARNESS = STANDIN / "harness.py"
TAKEN = ("command", "cursor", "number")


class ScriptError(CommandError):
    """A script line that could not be played, with where and why."""


def commands(text):
    """(line number, line, command, arguments) for each command of a key script."""
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#")[0].split()
        if words:
            yield number, line.strip(), words[0], words[1:]


def pbm(frame):
    """The panel's memory (MONO_VLSB pages) as a binary PBM image, as the harness writes."""
    pages, memory = frame["pages"], frame["memory"]
    height = pages * 8
    rows = bytearray(16 * height)
    for y in range(height):
        for x in range(128):
            if memory[(y >> 3) * 128 + x] >> (y & 7) & 1:
                rows[y * 16 + (x >> 3)] |= 0x80 >> (x & 7)
    return b"P4\n128 %d\n" % height + bytes(rows)


def harness_methods():
    """The harness's `command`, `cursor` and `number` (and its `is_a`), from its source."""
    path = HARNESS
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    body: list[ast.stmt] = [
        node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "is_a"
    ]
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "Device":
            body += [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name in TAKEN]
    namespace = {}
    exec(compile(ast.Module(body=body, type_ignores=[]), str(path), "exec"), namespace)
    missing = [name for name in TAKEN + ("is_a",) if name not in namespace]
    if missing:
        raise RuntimeError("%s has no %s" % (path, ", ".join(missing)))
    return namespace


def live_screen(driver):
    """The top screen as the harness sees one: its class chain named as the
    firmware's, its attributes read from the page when asked."""
    kinds = driver.probe()["kinds"]

    def read(screen, name):
        screen_now = driver.probe()
        if name not in screen_now:
            raise AttributeError(name)
        return screen_now[name]

    cls: type = object
    for index, kind in enumerate(reversed(kinds)):
        cls = type(kind, (cls,), {"__getattr__": read} if index == 0 else {})
    return cls()


class Player:
    """Plays a key script on `driver`.

    `frames`, a folder: each `frame NAME` goes there as NAME.pbm.
    `on_command(number, name, args)` is called before each command (a test
    reloads the page there, say).
    """

    # The harness's own, from its source (set below).
    command: Callable[..., None]
    cursor: Callable[..., None]
    number: Callable[..., None]

    def __init__(self, driver, frames=None, on_command=None):
        self.driver = driver
        self.frames = frames
        self.on_command = on_command
        self.presses = 0
        self.measuring = None
        self.measures = {}

    def play(self, text, source="script"):
        for number, line, name, args in commands(text):
            if self.on_command is not None:
                self.on_command(number, name, args)
            try:
                self.command(name, args, None if self.frames is None else str(self.frames))
            except Exception as error:
                raise ScriptError("%s:%d: %s: %r" % (source, number, line, error)) from error

    # -- what the harness's methods call ------------------------------------

    def press(self, key, ms=80, *, times=1, gap=80):
        for _ in range(times):
            self.driver.press(key, ms, gap)
            self.presses += 1

    def hold(self, key, ms=800):
        self.press(key, ms)

    def wait(self, ms):
        self.driver.wait(ms)

    def screen(self):
        return live_screen(self.driver)

    def pbm(self):
        return pbm(self.driver.frame())

    def expect(self, what):
        screen = self.driver.probe()
        if what == "asleep":
            ok = screen["asleep"]
        elif what == "awake":
            ok = not screen["asleep"]
        elif what == "slate":
            ok = screen["depth"] == 1
        elif what == "refused":
            ok = "Message" in screen["kinds"] and screen["title"] == screen["refused"]
        else:
            raise ValueError("unknown expectation")
        if not ok:
            raise AssertionError("expected %s: %s" % (what, screen))


for _name, _method in harness_methods().items():
    if _name in TAKEN:
        setattr(Player, _name, _method)
