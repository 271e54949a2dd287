"""The top screen as the key scripts read it (MicroPython, beside the firmware).

host_tools/web/keyscript.py checks where a script stands by it: in the page
webboard.probe() answers with it, on the emulated Pico the tests' probe
(host_tools/emulator/probe.py, with this file as /_topscreen.mpy on its
test images).
"""


def top(app):
    """The app's top screen as JSON holds it: its kinds (its class, then the
    bases), options, index (the cursor), value, title and lines; the stack's
    depth, whether the app sleeps, and the texts a script compares a title
    with (a refusal's, an action lost to a power cut)."""
    screen = app.stack[-1]
    kinds = []
    cls = type(screen)
    while cls is not object:
        kinds.append(cls.__name__)
        cls = cls.__bases__[0]
    answer = {
        "kinds": kinds,
        "refused": app.t("refused"),
        "torn": app.t("torn"),
        "depth": len(app.stack),
        "asleep": app.asleep,
    }
    for name in ("options", "index", "value", "title", "lines"):
        answer[name] = plain(getattr(screen, name, None))
    return answer


def plain(value):
    """`value` as JSON can hold it: texts kept as UTF-8 bytes become str."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return str(bytes(value), "utf-8")
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return None  # a method, say: a screen of another kind uses the name
