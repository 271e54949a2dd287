"""Every import of firmware/, host_tools/ and boards/ runs down the layers
docs/architecture.md writes once (its table after "<!-- layers"): a
package imports only from a lower layer, so the rules core imports nothing
of the device app, the firmware never imports host_tools, no lower host
package imports a higher one, and no two packages import each other.
The map counts every import, at the top of a module or inside a function
(tests/host_tools/test_imports.py reads them)."""

import re

from host_tools.common import FIRMWARE, ROOT
from tests.host_tools.test_imports import imported, module_name

TIER = "quick"

ARCHITECTURE = ROOT / "docs" / "architecture.md"
# The folders whose modules are checked, each with the folder its names
# start from ("boards" is a package of its own: a board's file).
FOLDERS = ((ROOT, ROOT / "host_tools"), (FIRMWARE, FIRMWARE), (ROOT, ROOT / "boards"))

def layers(text=None):
    """{package: its layer's number, 1 the lowest}, from docs/architecture.md."""
    text = ARCHITECTURE.read_text(encoding="utf-8") if text is None else text
    table = text[text.index("<!-- layers") :].split("\n\n")[0]
    found = {}
    for number, packages in re.findall(r"^\| (\d+)\. [^|]*\| ([^|]*) \|$", table, re.M):
        for package in re.findall(r"`([\w.]+)`", packages):
            assert package not in found, "%s in two layers" % package
            found[package] = int(number)
    return found


def package_of(module, table):
    """The package of the table that holds `module` (its longest start)."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in table:
            return ".".join(parts[:end])
    return None


def modules(folders=FOLDERS):
    found = {}
    for base, folder in folders:
        for path in folder.rglob("*.py"):
            found[module_name(path, base)] = path
    return found


def wrong_imports(known, table):
    """[(module, imported, why)] of every import that does not run down the layers."""
    found = []
    for name, path in sorted(known.items()):
        package = package_of(name, table)
        if package is None:
            found.append((name, "", "in no layer of docs/architecture.md"))
            continue
        for target in sorted(imported(name, path, known)):
            other = package_of(target, table)
            # a package above the module, such as host_tools for
            # host_tools.common, is run by any import of the module anyway
            if other in (None, package) or name.startswith(target + "."):
                continue
            if table[other] == table[package]:
                found.append((name, target, "the same layer (%d)" % table[package]))
            elif table[other] > table[package]:
                found.append((name, target, "up from %d to %d" % (table[package], table[other])))
    return found


def test_every_import_runs_down_the_layers():
    table = layers()
    assert table["scoring"] < table["ardoise"] < table["host_tools.common"]
    # the ways of running the firmware off a board lie below a real board's
    assert max(table["host_tools.sim"], table["host_tools.emulator"]) < table["host_tools.board"]
    known = modules()
    assert {"scoring.match", "ardoise.app", "boards.pico", "main", "host_tools.evening.run"} <= set(
        known
    )
    assert wrong_imports(known, table) == []


def test_a_wrong_import_fails(tmp_path):
    """A synthetic firmware and host: each wrong import is found, named."""
    files = {
        "firmware/scoring/__init__.py": "",
        "firmware/scoring/match.py": "import json\nfrom ardoise import app\n",
        "firmware/ardoise/__init__.py": "",
        "firmware/ardoise/app.py": "from scoring import match\n",
        "firmware/ardoise/net.py": "def send():\n    import host_tools.common\n",
        "host_tools/__init__.py": "",
        "host_tools/common.py": "from . import cli\n",
        "host_tools/cli.py": "from host_tools import common\n",
        "host_tools/logs/__init__.py": "",
        "host_tools/logs/replay.py": "from ..board import pull\n",
        "host_tools/board/__init__.py": "",
        "host_tools/board/pull.py": "import host_tools.logs.replay\nimport scoring.match\n",
        "firmware/gadget.py": "",  # in no layer
    }
    for path, source in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(source, encoding="utf-8")
    table = layers(
        "<!-- layers -->\n| layer | packages |\n| --- | --- |\n"
        "| 1. core | `scoring` |\n| 2. app | `ardoise` |\n"
        "| 3. common | `host_tools`, `host_tools.common` |\n"
        "| 4. logs, board | `host_tools.logs`, `host_tools.board` |\n"
        "| 5. commands | `host_tools.cli` |\n"
    )
    firmware = tmp_path / "firmware"
    known = modules(((firmware, firmware), (tmp_path, tmp_path / "host_tools")))
    assert [found[:2] for found in wrong_imports(known, table)] == [
        ("ardoise.net", "host_tools.common"),
        ("gadget", ""),
        ("host_tools.board.pull", "host_tools.logs.replay"),
        ("host_tools.common", "host_tools.cli"),
        ("host_tools.logs.replay", "host_tools.board"),  # from ..board import pull
        ("host_tools.logs.replay", "host_tools.board.pull"),
        ("scoring.match", "ardoise"),  # from ardoise import app
        ("scoring.match", "ardoise.app"),
    ]
