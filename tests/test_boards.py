"""Board files are plain wiring descriptions, and only one layer touches `machine`.

Checked on CPython by reading the files: each board in boards/ gives
`describe()` and nothing else, with I2C and OLED settings, three or four
buttons on distinct pins, and a wiring table in its docstring; pins a board
must not use (strapping, flash, radio, USB) stay free; in firmware/, only
ardoise/hardware.py imports machine.
"""

import ast
import importlib.util
import pathlib

import pytest

TIER = "quick"

ROOT = pathlib.Path(__file__).resolve().parent.parent
BOARDS = sorted((ROOT / "boards").glob("*.py"))
# Pins each board must leave alone, and why.
FORBIDDEN = {
    "pico": {23, 24, 25, 29},  # the radio of the Pico W and Pico 2 W
    "esp32_devkit": {0, 2, 5, 12, 15} | set(range(6, 12)) | set(range(34, 40)),
    "esp32_c3": {2, 8, 9} | set(range(12, 18)) | {18, 19, 20, 21},
    "esp32_s3": {0, 3, 45, 46, 19, 20} | set(range(26, 38)),
    "host": set(),
}


def load(path):
    spec = importlib.util.spec_from_file_location("board_" + path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def button_pins(description):
    """The buttons' pins: each a bare number, or the first of (pin, pull, level)."""
    return [
        wiring if type(wiring) is int else wiring[0] for wiring in description["buttons"].values()
    ]


def test_every_board_the_issue_names_is_there():
    assert {path.stem for path in BOARDS} == set(FORBIDDEN)


@pytest.mark.parametrize("path", BOARDS, ids=[path.stem for path in BOARDS])
def test_a_board_file_is_a_plain_description(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # Nothing imported, nothing built at import: a docstring and one function.
    assert [type(node).__name__ for node in tree.body] == ["Expr", "FunctionDef"]
    assert tree.body[1].name == "describe"
    module = load(path)
    first, second = module.describe(), module.describe()
    assert first == second and first is not second
    assert set(first) == {"name", "i2c", "oled", "buttons", "light_sleep"}
    assert set(first["i2c"]) == {"id", "sda", "scl", "freq"}
    assert first["i2c"]["freq"] == 400_000
    assert first["oled"] == {"address": 0x3C, "width": 128, "height": 64}
    buttons = first["buttons"]
    assert set(buttons) in ({"prev", "next", "ok"}, {"prev", "next", "ok", "extra"})
    for wiring in buttons.values():
        if type(wiring) is int:  # to GND on the internal pull-up: every board's buttons
            continue
        pin, pull, level = wiring
        assert type(pin) is int and pull in ("up", "down", None) and level in ("low", "high")
    pins = [first["i2c"]["sda"], first["i2c"]["scl"]] + button_pins(first)
    assert len(set(pins)) == len(pins), "a pin used twice"
    assert not set(pins) & FORBIDDEN[path.stem]
    assert type(first["light_sleep"]) is bool


@pytest.mark.parametrize(
    "path", [path for path in BOARDS if path.stem != "host"], ids=lambda path: path.stem
)
def test_a_real_board_documents_its_wiring(path):
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    description = load(path).describe()
    assert "SDA" in doc and "SCL" in doc
    for role in ("Prev", "Next", "OK"):
        assert role in doc
    for pin in [description["i2c"]["sda"], description["i2c"]["scl"]] + button_pins(description):
        assert "GP%d " % pin in doc or "GPIO%d" % pin in doc, pin


def imports_of(path):
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module)
    return names


def test_only_the_hardware_layer_imports_machine():
    importers = sorted(
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "firmware").rglob("*.py")
        if "machine" in imports_of(path)
    )
    assert importers == ["firmware/ardoise/hardware.py"]


def test_the_boot_entry_imports_the_board_and_nothing_names_a_pin():
    main = (ROOT / "firmware" / "main.py").read_text(encoding="utf-8")
    assert "board.py" in main and "import board" in main
    for path in (ROOT / "firmware").rglob("*.py"):
        assert "Pin(" not in path.read_text(encoding="utf-8") or path.name == "hardware.py", path
