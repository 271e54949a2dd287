"""The firmware can be frozen and installed as micropython-lib's packages are.

- firmware/package.json (mip): its "urls" are every file of the firmware,
  and umqtt.simple from micropython-lib at the pinned commit, and
  MicroPython's own mip (frozen in the unix port) installs them from it,
  served here by a local HTTP server, byte for byte;
- firmware/manifest.py (a frozen build): both packages at opt=3, without
  line numbers, while `make mpy` compiles them as the deploy does, with them,
  and umqtt from third_party/micropython-lib/, where the deploy takes it;
- the SSD1306 driver keeps micropython-lib's method names where it has the
  same methods.
"""

import ast
import functools
import http.server
import json
import pathlib
import re
import subprocess
import sys
import tarfile
import threading
import tomllib

import pytest

from host_tools.common import FIRMWARE, MICROPYTHON_LIB, ROOT, SHARED_VENDOR, run_micropython

TIER = "micropython"

PACKAGE = FIRMWARE / "package.json"
VENDOR = SHARED_VENDOR / "micropython"
# micropython-lib's commit third_party/NOTICE.md records for its files.
PINNED = re.search(
    r"micropython-lib commit ([0-9a-f]{40})",
    (ROOT / "third_party" / "NOTICE.md").read_text(encoding="utf-8"),
)[1]
# Where mip fetches a micropython-lib file at that commit, by its path there.
PINNED_URL = (
    "https://raw.githubusercontent.com/micropython/micropython-lib/%s/micropython/" % PINNED
)
# micropython-lib's files on a board, by their path in micropython-lib.
LIBRARY = {"umqtt/simple.py": "umqtt.simple/umqtt/simple.py"}


def firmware_files():
    """Every file a board needs from firmware/, as paths relative to it."""
    return sorted(
        path.relative_to(FIRMWARE).as_posix()
        for path in FIRMWARE.rglob("*.py")
        if path.name != "manifest.py"
    )


def project_version():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def library_files():
    """micropython-lib's files on a board (third_party/micropython-lib/)."""
    return sorted(
        path.relative_to(MICROPYTHON_LIB).as_posix() for path in MICROPYTHON_LIB.rglob("*.py")
    )


def test_package_json_lists_every_file_of_the_firmware():
    package = json.loads(PACKAGE.read_text())
    listed = [source for _, source in package["urls"]]
    expected = firmware_files() + [PINNED_URL + LIBRARY[path] for path in library_files()]
    missing = sorted(set(expected) - set(listed))
    gone = sorted(set(listed) - set(expected))
    assert not missing and not gone, "firmware/package.json: add %s, remove %s" % (missing, gone)
    assert package["urls"] == [[path, path] for path in firmware_files()] + [
        [path, PINNED_URL + LIBRARY[path]] for path in library_files()
    ], "in path order, micropython-lib's last, from the pinned commit"
    assert package["version"] == project_version()
    assert package.get("deps", []) == []


@pytest.fixture
def served(tmp_path):
    """firmware/ (as fw/) and third_party/micropython-lib/ (as lib/) over HTTP
    on 127.0.0.1, for the time of one test, with firmware/package.json whose
    micropython-lib URLs are those of lib/ (this test makes no connection out)."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "fw").symlink_to(FIRMWARE)
    (site / "lib").symlink_to(MICROPYTHON_LIB)
    package = json.loads(PACKAGE.read_text())
    package["urls"] = [
        [path, url.replace(PINNED_URL + LIBRARY.get(path, ""), "lib/" + path, 1)]
        if url.startswith(PINNED_URL)
        else [path, "fw/" + url]
        for path, url in package["urls"]
    ]
    (site / "package.json").write_text(json.dumps(package))
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield "http://127.0.0.1:%d" % server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002  (the base class's name)
        pass


def test_mip_installs_the_firmware_from_its_package_json(served, tmp_path):
    target = tmp_path / "flash"
    program = "import mip; mip.install(%r, target=%r)" % (
        served + "/package.json",
        str(target),
    )
    # ".frozen": the unix port's own modules, mip and requests among them.
    result = run_micropython(["-c", program], path=[".frozen"], timeout=120)
    assert result.returncode == 0 and "Done" in result.stdout, result.stdout + result.stderr
    installed = sorted(path.relative_to(target).as_posix() for path in target.rglob("*.py"))
    assert installed == sorted(firmware_files() + library_files())
    for path in installed:
        source = FIRMWARE / path if path in firmware_files() else MICROPYTHON_LIB / path
        assert (target / path).read_bytes() == source.read_bytes(), path


def manifest_calls():
    """What firmware/manifest.py asks of MicroPython's build: (command, args, options)."""
    calls = []

    def command(name):
        return lambda *args, **options: calls.append((name, args, options))

    names = {
        name: command(name) for name in ("include", "metadata", "package", "module", "require")
    }
    exec((FIRMWARE / "manifest.py").read_text(), names)
    return calls


def test_manifest_freezes_both_packages_at_opt_3():
    calls = manifest_calls()
    packages = [(args[0], options) for name, args, options in calls if name == "package"]
    assert packages[:2] == [("scoring", {"opt": 3}), ("ardoise", {"opt": 3})]
    for package, _ in packages[:2]:
        assert (FIRMWARE / package / "__init__.py").is_file()
    (metadata,) = [options for name, _, options in calls if name == "metadata"]
    assert metadata["version"] == project_version()
    # The port's own frozen modules stay, and micropython-lib's MQTT client
    # comes from third_party/, as the deploy takes it, not from the port.
    assert ("include", ("$(PORT_DIR)/boards/manifest.py",), {}) in calls
    (umqtt,) = [(args, options) for name, args, options in calls if "umqtt" in str(args)]
    assert umqtt == (("umqtt",), {"base_path": "../third_party/micropython-lib"})
    assert (FIRMWARE / umqtt[1]["base_path"]).resolve() == MICROPYTHON_LIB
    assert [name for name, *_ in calls].count("require") == 0


def test_micropython_libs_files_are_its_own_at_the_pinned_commit():
    """third_party/micropython-lib/ holds umqtt.simple and micropython-lib's
    LICENSE, byte for byte as the commit the vendored MicroPython 1.27.0
    pins has them (../shared/vendor/micropython/: its NOTICE names the
    commit, as third_party/NOTICE.md does): a clone without that folder,
    and with no network, deploys and freezes it all the same."""
    notice = VENDOR / "NOTICE.md"
    tarball = VENDOR / "micropython-1.27.0-rp2-src.tar.xz"
    if not tarball.is_file():
        pytest.skip("no vendored MicroPython sources in " + str(VENDOR))
    assert PINNED in notice.read_text(encoding="utf-8")
    inside = "micropython-1.27.0/lib/micropython-lib/"
    members = {"LICENSE": "LICENSE"}
    members.update((path, "micropython/" + LIBRARY[path]) for path in library_files())
    with tarfile.open(tarball) as archive:
        for path, member in members.items():
            pinned = archive.extractfile(inside + member).read()
            assert (MICROPYTHON_LIB / path).read_bytes() == pinned, path


def test_make_mpy_compiles_as_the_deploy_does():
    makefile = (ROOT / "Makefile").read_text()
    rule = re.search(r"^\$\(BUILD\)/mpy/%\.mpy:.*\n(\t.*\n)+", makefile, re.M)
    assert rule, "no rule for build/mpy in the Makefile"
    assert "-O" not in rule.group(0)  # the default level: line numbers kept
    assert "-s " in rule.group(0)  # the module's name as source name
    # micropython-lib's modules beside the firmware's, from third_party/, alike.
    library = re.search(
        r"^\$\(LIB_MPY\): \$\(BUILD\)/mpy/%\.mpy: \$\(MICROPYTHON_LIB\)/%\.py.*\n((\t.*\n)+)",
        makefile,
        re.M,
    )
    assert library, "no rule for micropython-lib's modules in build/mpy"
    assert library.group(1) == rule.group(0).split("\n", 1)[1]  # the same recipe
    assert "MICROPYTHON_LIB := third_party/micropython-lib\n" in makefile
    assert re.search(r"^mpy: .*\$\(LIB_MPY\)", makefile, re.M)


def test_the_driver_keeps_micropython_libs_method_names():
    tree = ast.parse((FIRMWARE / "ardoise" / "ssd1306.py").read_text())
    (driver,) = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    methods = {node.name for node in driver.body if isinstance(node, ast.FunctionDef)}
    # micropython-lib's ssd1306: init_display, poweroff, poweron, contrast,
    # invert, show (and rotate, which this driver does not have).
    assert {"init_display", "poweroff", "poweron", "contrast", "invert", "show"} <= methods
    assert not {"power_on", "power_off"} & methods


def test_micropythons_own_manifest_tool_freezes_umqtt_from_third_party(tmp_path):
    """firmware/manifest.py read by MicroPython 1.27.0's own tools/manifestfile.py
    (from ../shared/vendor/micropython/, with an empty port manifest): the
    image freezes umqtt/simple.py from third_party/micropython-lib/, at
    mpy-cross's default level, and the firmware's two packages at opt=3."""
    tarball = VENDOR / "micropython-1.27.0-rp2-src.tar.xz"
    if not tarball.is_file():
        pytest.skip("no vendored MicroPython sources in " + str(VENDOR))
    with tarfile.open(tarball) as archive:
        tool = archive.extractfile("micropython-1.27.0/tools/manifestfile.py").read()
    (tmp_path / "manifestfile.py").write_bytes(tool)
    (tmp_path / "port" / "boards").mkdir(parents=True)
    (tmp_path / "port" / "boards" / "manifest.py").write_text("")
    command = [sys.executable, str(tmp_path / "manifestfile.py"), "--freeze"]
    command += [
        "--port",
        str(tmp_path / "port"),
        "--top",
        str(tmp_path),
        str(FIRMWARE / "manifest.py"),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    frozen = {
        target: (pathlib.Path(path), opt)
        for path, target, opt in re.findall(
            r"full_path='([^']+)', target_path='([^']+)',.* opt=(\w+)\)", result.stdout
        )
    }
    assert frozen.pop("umqtt/simple.py") == (MICROPYTHON_LIB / "umqtt" / "simple.py", "None")
    assert frozen.pop("scoring/match.py") == (FIRMWARE / "scoring" / "match.py", "3")
    assert frozen.pop("ardoise/net.py") == (FIRMWARE / "ardoise" / "net.py", "3")
    assert all(path.is_relative_to(FIRMWARE) for path, _ in frozen.values())
