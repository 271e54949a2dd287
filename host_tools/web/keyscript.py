"""The tests' key scripts (tests/support/*.keys) played on the page's board.

The commands are those of host_tools/standin/harness.py, which plays them
inside MicroPython; here they are played from the PC, through a driver:
the browser test clicks the page's buttons, `make bench` sends them to the
board in node (host_tools/web/node.py). A driver has

    press(key, ms, gap)   hold the button `key` for `ms`, then none for `gap`
    wait(ms)              let `ms` pass
    probe()               the top screen: a dict from webboard.probe()
    frame()               the panel: {"on", "pages", "memory": bytes}

and time moves only with presses and waits, as in the harness.
"""

PRESS_MS = 80
GAP_MS = 80
HOLD_MS = 800
FAR = 12  # farther than this, `number` holds the key (auto-repeat)
KEYS = ("prev", "next", "ok", "extra")


class ScriptError(Exception):
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


class Player:
    """Plays a key script on `driver`; `frames[name]` is each `frame NAME` as PBM.

    `on_command(number, name, args)` is called before each command (a test
    reloads the page there, say); `on_frame(name, image)` after each frame.
    """

    def __init__(self, driver, on_command=None):
        self.driver = driver
        self.on_command = on_command
        self.frames = {}

    def play(self, text, source="script"):
        for number, line, name, args in commands(text):
            if self.on_command is not None:
                self.on_command(number, name, args)
            try:
                self.command(name, args)
            except ScriptError:
                raise
            except Exception as error:
                raise ScriptError("%s:%d: %s: %r" % (source, number, line, error)) from error

    def press(self, key, ms=PRESS_MS, times=1):
        if key not in KEYS:
            raise ValueError("unknown key %r" % key)
        for _ in range(times):
            self.driver.press(key, ms, GAP_MS)

    def command(self, name, args):
        if name == "press":
            self.press(args[0], times=int(args[1]) if len(args) > 1 else 1)
        elif name == "hold":
            self.press(args[0], int(args[1]) if len(args) > 1 else HOLD_MS)
        elif name == "wait":
            self.driver.wait(int(args[0]))
        elif name in ("pick", "cursor"):
            self.cursor(" ".join(args))
            if name == "pick":
                self.press("ok")
        elif name == "number":
            self.number(int(args[0]))
        elif name == "tricks":
            for team in args[0]:
                self.press("prev" if team == "A" else "next")
        elif name == "frame":
            self.frames[args[0]] = pbm(self.driver.frame())
        elif name == "expect":
            self.expect(args[0])
        else:
            raise ValueError("unknown command")

    def screen(self, kind):
        screen = self.driver.probe()
        if "error" in screen:
            raise RuntimeError(screen["error"])
        if kind not in screen["kinds"]:
            raise ValueError("no %s on screen: %s" % (kind, screen["kinds"]))
        return screen

    def cursor(self, label):
        """Move the cursor of the list on screen to the option `label`."""
        screen = self.screen("Choice")
        options = [" ".join(option.split()) for option in screen["options"]]
        target = options.index(label)
        while screen["index"] != target:
            self.press("next" if target > screen["index"] else "prev")
            screen = self.screen("Choice")

    def number(self, value):
        """Set the number on screen to `value`: held keys for long ways."""
        screen = self.screen("Number")
        while screen["value"] != value:
            key = "next" if value > screen["value"] else "prev"
            if abs(value - screen["value"]) > FAR:
                self.press(key, 1200)
            else:
                self.press(key)
            screen = self.screen("Number")

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
