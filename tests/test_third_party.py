"""third_party/: the files that travel with the repository are the ones its
NOTICE names, byte for byte (their sha256), and the emulated Pico reads them
from there."""

import ast
import hashlib
import re

from host_tools.common import ROOT
from host_tools.emulator import pico

TIER = "quick"

THIRD_PARTY = ROOT / "third_party"
LISTED = re.compile(r"^    ([0-9a-f]{64})  (\S+)$", re.M)


def test_every_third_party_file_is_listed_with_its_checksum():
    listed = dict(
        (name, digest)
        for digest, name in LISTED.findall((THIRD_PARTY / "NOTICE.md").read_text(encoding="utf-8"))
    )
    present = {
        path.relative_to(THIRD_PARTY).as_posix()
        for path in THIRD_PARTY.rglob("*")
        if path.is_file() and path.name != "NOTICE.md"
    }
    assert set(listed) == present
    for name, digest in listed.items():
        assert hashlib.sha256((THIRD_PARTY / name).read_bytes()).hexdigest() == digest, name


def test_the_emulated_pico_reads_the_release_and_the_boot_rom_from_third_party(monkeypatch):
    monkeypatch.delenv("ARDOISE_RP2_UF2", raising=False)
    uf2, bootrom = pico.firmware()
    assert uf2 == THIRD_PARTY / "rp2040" / pico.UF2_NAME
    assert bootrom == THIRD_PARTY / "rp2040" / pico.BOOTROM_NAME


# micropython-lib's packages the firmware uses (third_party/micropython-lib/).
MICROPYTHON_LIB = tuple(
    sorted(path.name for path in (THIRD_PARTY / "micropython-lib").iterdir() if path.is_dir())
)


def vendored_names(tree):
    """The names a module binds to micropython-lib's modules and classes, and
    its classes built on them."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in MICROPYTHON_LIB:
                    names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in MICROPYTHON_LIB:
                names.update(alias.asname or alias.name for alias in node.names)
    return names


def written(node):
    """What the statement `node` assigns or deletes (the targets)."""
    if isinstance(node, (ast.Assign, ast.Delete)):
        return node.targets
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    return []


def private(node, owner):
    """Whether `node` is a private attribute (`_name`, not `__dunder__`) of `owner`."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and ast.unparse(node.value) in owner
    )


def module_insides(tree, names):
    """Where `tree` assigns into one of `names` or reads a private name of it."""
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        for target in written(node):
            if isinstance(target, ast.Attribute) and ast.unparse(target.value) in names:
                found.append("%d assigns %s" % (line, ast.unparse(target)))
        if isinstance(node, ast.Call) and ast.unparse(node.func) in ("setattr", "delattr"):
            if node.args and ast.unparse(node.args[0]) in names:
                found.append("%d %s" % (line, ast.unparse(node)))
        if private(node, names):
            found.append("%d uses %s" % (line, ast.unparse(node)))
    return found


def inherited_insides(tree, names):
    """Where a class built on one of `names` uses a private name it does not define."""
    found = []
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        if not any(ast.unparse(base).split(".")[0] in names for base in cls.bases):
            continue
        own = {item.name for item in cls.body if isinstance(item, ast.FunctionDef)}
        for node in ast.walk(cls):
            own.update(target.attr for target in written(node) if private(target, ("self",)))
        for node in ast.walk(cls):
            if isinstance(node, ast.Attribute) and private(node, ("self",)):
                if node.attr not in own:
                    found.append("%d uses %s" % (node.lineno, ast.unparse(node)))
    return found


def test_the_firmware_uses_micropython_libs_code_through_its_public_api():
    """Issue 35: no firmware module assigns into a module of micropython-lib
    (as net.py once rebound umqtt.simple's `socket`), nor uses a name it
    keeps private (`_send_str`), in it or in a class built on one of its
    classes: a new micropython-lib release drops in."""
    found = []
    assert MICROPYTHON_LIB == ("umqtt",)
    for path in sorted((ROOT / "firmware").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = vendored_names(tree)
        for where in module_insides(tree, names) + inherited_insides(tree, names):
            found.append("%s:%s" % (path.relative_to(ROOT).as_posix(), where))
    assert not found, "micropython-lib's insides used: %s" % found
