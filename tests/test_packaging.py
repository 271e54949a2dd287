"""The firmware can be frozen and installed as micropython-lib's packages are.

- firmware/package.json (mip): its "urls" are every file of the firmware, and
  MicroPython's own mip (frozen in the unix port) installs them from it,
  served here by a local HTTP server, byte for byte;
- firmware/manifest.py (a frozen build): both packages at opt=3, without
  line numbers, while `make mpy` compiles them as the deploy does, with them;
- the SSD1306 driver keeps micropython-lib's method names where it has the
  same methods.
"""

import ast
import functools
import http.server
import json
import re
import tarfile
import threading
import tomllib

import pytest

from host_tools.common import FIRMWARE, ROOT, run_micropython

TIER = "micropython"

PACKAGE = FIRMWARE / "package.json"
VENDOR = ROOT.parent / "shared" / "vendor" / "micropython"


def firmware_files():
    """Every file a board needs from firmware/, as paths relative to it."""
    return sorted(
        path.relative_to(FIRMWARE).as_posix()
        for path in FIRMWARE.rglob("*.py")
        if path.name != "manifest.py"
    )


def project_version():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_package_json_lists_every_file_of_the_firmware():
    package = json.loads(PACKAGE.read_text())
    listed = [source for _, source in package["urls"]]
    missing = sorted(set(firmware_files()) - set(listed))
    gone = sorted(set(listed) - set(firmware_files()))
    assert not missing and not gone, "firmware/package.json: add %s, remove %s" % (missing, gone)
    assert package["urls"] == [[path, path] for path in firmware_files()], "in path order"
    assert package["version"] == project_version()
    assert package.get("deps", []) == []


@pytest.fixture
def served():
    """firmware/ over HTTP on 127.0.0.1, for the time of one test."""
    handler = functools.partial(QuietHandler, directory=str(FIRMWARE))
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
    assert installed == firmware_files()
    for path in installed:
        assert (target / path).read_bytes() == (FIRMWARE / path).read_bytes(), path


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
    assert packages == [("scoring", {"opt": 3}), ("ardoise", {"opt": 3})]
    for package, _ in packages:
        assert (FIRMWARE / package / "__init__.py").is_file()
    (metadata,) = [options for name, _, options in calls if name == "metadata"]
    assert metadata["version"] == project_version()
    # The port's own frozen modules stay, and micropython-lib's MQTT client comes.
    assert ("include", ("$(PORT_DIR)/boards/manifest.py",), {}) in calls
    assert ("require", ("umqtt.simple",), {}) in calls


def test_the_mqtt_client_is_micropython_libs_own_byte_for_byte():
    """firmware/umqtt/simple.py is umqtt.simple at the micropython-lib commit
    the vendored MicroPython pins (../shared/vendor/micropython/): a clone
    without that folder, and with no network, deploys it all the same."""
    tarball = VENDOR / "micropython-1.27.0-rp2-src.tar.xz"
    if not tarball.is_file():
        pytest.skip("no vendored MicroPython sources in " + str(VENDOR))
    member = "micropython-1.27.0/lib/micropython-lib/micropython/umqtt.simple/umqtt/simple.py"
    with tarfile.open(tarball) as archive:
        pinned = archive.extractfile(member).read()
    assert (FIRMWARE / "umqtt" / "simple.py").read_bytes() == pinned


def test_make_mpy_compiles_as_the_deploy_does():
    makefile = (ROOT / "Makefile").read_text()
    rule = re.search(r"^\$\(BUILD\)/mpy/%\.mpy:.*\n(\t.*\n)+", makefile, re.M)
    assert rule, "no rule for build/mpy in the Makefile"
    assert "-O" not in rule.group(0)  # the default level: line numbers kept
    assert "-s " in rule.group(0)  # the module's name as source name


def test_the_driver_keeps_micropython_libs_method_names():
    tree = ast.parse((FIRMWARE / "ardoise" / "ssd1306.py").read_text())
    (driver,) = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    methods = {node.name for node in driver.body if isinstance(node, ast.FunctionDef)}
    # micropython-lib's ssd1306: init_display, poweroff, poweron, contrast,
    # invert, show (and rotate, which this driver does not have).
    assert {"init_display", "poweroff", "poweron", "contrast", "invert", "show"} <= methods
    assert not {"power_on", "power_off"} & methods
