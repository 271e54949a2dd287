"""Every text of every frame a key script shows, checked: none cut, none
covered (issue 33). MicroPython, on host_tools/standin/harness.py:

    MICROPYPATH=... micropython -m screen_texts SCRIPT OUT HEIGHT BUTTONS

plays the key script on OUT/flash (made if not there: the test may put a
journal, a roster or settings in it first), as the end-to-end tests do, and
writes OUT/texts.json: {"frames": the frames checked, "problems": [...]},
each problem once, with the script line and the screen where it was first
seen. Each frame the app sends to the panel is checked as it was drawn:
every call of the font's draw_text and every drawing call on the display
is noted, and a text

- is cut if it holds the ellipsis that font.fit() puts in place of what
  does not fit, or if its box runs off the panel;
- is covered if anything drawn after it touches its box, unless a filled
  rectangle takes its whole box (a text replaced, as the note over the
  slate's status row replaces it);
- is drawn over something if its box touches anything drawn before it but
  a filled rectangle that holds it whole (its background);

and a question (widgets.Confirm) or a number's lines under it
(widgets.Number's detail) are cut if a line of them is not drawn and no
"▼" says that more follows. A dimmed frame, moved against burn-in, is not
checked (the whole drawing moves a pixel).
"""

import json
import os
import sys

from ardoise import font

CUT = "\u2026"  # what font.fit() ends a cut text with
_draw_text = font.draw_text
_ops = []  # (kind, x, y, width, height, text) of the frame being drawn
_inside = [False]  # in draw_text: its own calls on the display are its text's


def draw_text(fb, text, x, y, *, color=1, scale=1, align=font.LEFT):
    width = font.text_width(text, scale=scale)
    if align == font.CENTER:
        left = x - width // 2
    elif align == font.RIGHT:
        left = x - width
    else:
        left = x
    _ops.append(("text", left, y, width, 8 * scale, text))
    _inside[0] = True
    try:
        return _draw_text(fb, text, x, y, color=color, scale=scale, align=align)
    finally:
        _inside[0] = False


font.draw_text = draw_text  # before any screen's module imports it

from harness import Device, is_a  # noqa: E402

from ardoise import ssd1306  # noqa: E402
from ardoise.base import wrap  # noqa: E402

_BOXES = {}  # a drawing method's name: the box it draws in, from its arguments


def _noted(display):
    """Note each drawing call on `display` outside draw_text, with its box."""
    for name in _BOXES:
        method = getattr(display, name)

        def drawn(*args, method=method, box=_BOXES[name]):
            if not _inside[0]:
                kind, x, y, width, height = box(args)
                if width > 0 and height > 0:
                    _ops.append((kind, x, y, width, height, None))
            return method(*args)

        setattr(display, name, drawn)


_built = ssd1306.SSD1306.__init__


def _built_and_noted(self, *args, **options):
    _built(self, *args, **options)
    _noted(self)


ssd1306.SSD1306.__init__ = _built_and_noted


def _line(args):
    x1, y1, x2, y2 = args[:4]
    return "draw", min(x1, x2), min(y1, y2), abs(x2 - x1) + 1, abs(y2 - y1) + 1


_BOXES["fill_rect"] = lambda a: ("fill", a[0], a[1], a[2], a[3])
_BOXES["rect"] = lambda a: ("fill" if len(a) > 5 and a[5] else "draw", a[0], a[1], a[2], a[3])
_BOXES["hline"] = lambda a: ("draw", a[0], a[1], a[2], 1)
_BOXES["vline"] = lambda a: ("draw", a[0], a[1], 1, a[2])
_BOXES["line"] = _line
_BOXES["text"] = lambda a: ("draw", a[1], a[2], 8 * len(a[0]), 8)
_BOXES["fill"] = lambda a: ("fill", 0, 0, 128, 64)
_BOXES["pixel"] = lambda a: ("draw", a[0], a[1], 1 if len(a) > 2 else 0, 1)


def _meets(one, other):
    return (
        one[1] < other[1] + other[3]
        and other[1] < one[1] + one[3]
        and one[2] < other[2] + other[4]
        and other[2] < one[2] + one[4]
    )


def _holds(outer, inner):
    return (
        outer[1] <= inner[1]
        and outer[2] <= inner[2]
        and inner[1] + inner[3] <= outer[1] + outer[3]
        and inner[2] + inner[4] <= outer[2] + outer[4]
    )


def _name(op):
    return "'%s'" % op[5] if op[5] is not None else "a %s at %d,%d %dx%d" % op[:5]


class Checked(Device):
    """The harness's Device, each frame's texts checked as it is sent."""

    def __init__(self, root, **options):
        self.problems = []
        self.seen = set()
        self.frames = 0
        self.line = "boot"
        del _ops[:]
        super().__init__(root, **options)

    def command(self, name, args, frames):
        self.line = " ".join([name] + args)
        super().command(name, args, frames)

    def shown(self):
        ops = list(_ops)
        del _ops[:]
        app = getattr(self, "app", None)
        if app is None or app.shift or not ops:
            return
        self.frames += 1
        height = self.display.height
        texts = []
        for index in range(len(ops)):
            op = ops[index]
            if op[0] != "text" or not op[5].strip():
                continue
            texts.append(op[5])
            if CUT in op[5]:
                self.problem("cut", op)
            if op[1] < 0 or op[2] < 0 or op[1] + op[3] > 128 or op[2] + op[4] > height:
                self.problem("off the panel", op)
            for at in range(index):
                before = ops[at]
                if not _meets(before, op) or before[0] == "fill" and _holds(before, op):
                    continue
                for between in ops[at + 1 : index]:
                    if between[0] == "fill" and _holds(between, before):
                        break  # replaced before this text came
                else:
                    self.problem("drawn over " + _name(before), op)
                    break
            for after in ops[index + 1 :]:
                if after[0] == "fill" and _holds(after, op):
                    break  # replaced
                if _meets(after, op):
                    self.problem("covered by " + _name(after), op)
                    break
        self.check_lines(app, texts)

    def check_lines(self, app, texts):
        """A question's lines and a number's detail: each drawn, or "▼"."""
        screen = app.stack[-1]
        lines = []
        if is_a(screen, "Confirm"):
            for line in screen.lines(app):
                lines += wrap(line)
        elif is_a(screen, "Number") and screen.detail is not None:
            lines = screen.detail(app, screen.value)
        if "▼" in texts or "▲" in texts:
            return  # it scrolls: its other lines are a press away
        for line in lines:
            if line.strip() and line not in texts:
                self.problem("not shown", ("text", 0, 0, 0, 0, line))

    def problem(self, what, op):
        screen = self.app.stack[-1] if self.app.stack else None
        where = type(screen).__name__ + " " + repr(getattr(screen, "title", ""))
        key = what + " " + _name(op) + " " + where
        if key not in self.seen:
            self.seen.add(key)
            self.problems.append("%s: %s (%s, after: %s)" % (_name(op), what, where, self.line))


def main(script, out, height, buttons):
    flash = out + "/flash"
    try:
        os.mkdir(flash)
    except OSError:
        pass  # put there by the test, with files to start from
    device = Checked(flash, height=height, extra=buttons == 4)
    device.play(script)
    with open(out + "/texts.json", "w") as file:
        json.dump({"frames": device.frames, "problems": device.problems}, file)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
