"""`make web`: the slate in a browser, as a static folder, served on this machine.

    ardoise web [--out build/web] [--mpy build/mpy] [--port 8000] [--no-serve]
    python -m host_tools.web ...      (the same, without the ardoise command)

Builds OUT (build/web/ by default), a folder any static web host can serve
as it is:

- the page (host_tools/web/page/: index.html, its scripts, the web app
  manifest, the service worker that keeps it working offline) and its icons;
- MicroPython's WebAssembly port (micropython.mjs and .wasm, from the
  npm package pinned in package.json);
- mqtt.js's browser build (mqtt.esm.js, from the npm package pinned in
  package.json, with its licence), the MQTT client of a page enrolled in
  an evening (page/net.mjs), loaded only there;
- under fw/, the firmware's .mpy files (those of `make mpy`, MPY, or
  compiled here when MPY is not given), and the board glue compiled the
  same way: the stand-in machine and its SSD1306 panel
  (host_tools/standin/), the host board file, webboard.py,
  topscreen.py (the top screen as the tests' key scripts read it), and
  at an evening the page's network (webnet.py) and webmqtt.py, the MQTT
  client's API over mqtt.js, in place of ardoise/mqtt.py (umqtt.simple's);
- files.json, the list the page loads and the service worker keeps.

Then serves it at http://127.0.0.1:PORT until Ctrl-C.
"""

import argparse
import hashlib
import http.server
import io
import json
import pathlib
import shutil
import signal
import subprocess
import sys

from host_tools.common import (
    BOARDS,
    FIRMWARE,
    NOT_COMPILED,
    ROOT,
    STANDIN,
    CommandError,
    compile_file,
    compile_tree,
)

HERE = pathlib.Path(__file__).resolve().parent
PAGE = HERE / "page"
PORT_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
MQTT_PACKAGE = ROOT / "node_modules" / "mqtt"
# What the page takes from the npm packages: (source, name in the folder).
PACKAGED = [
    (PORT_PACKAGE / "micropython.mjs", "micropython.mjs"),
    (PORT_PACKAGE / "micropython.wasm", "micropython.wasm"),
    (MQTT_PACKAGE / "dist" / "mqtt.esm.js", "mqtt.esm.js"),
    (MQTT_PACKAGE / "LICENSE.md", "mqtt-LICENSE.md"),
]
DEFAULT_OUT = ROOT / "build" / "web"
# The board glue: (source, module name in fw/).
GLUE = [
    (STANDIN / "machine.py", "machine"),
    (STANDIN / "panel.py", "panel"),
    (BOARDS / "host.py", "host"),
    (HERE / "webboard.py", "webboard"),
    (HERE / "topscreen.py", "topscreen"),
    (HERE / "webnet.py", "webnet"),
    (HERE / "webmqtt.py", "ardoise/mqtt"),  # over the firmware's, umqtt.simple's client
]
ICON_SIZES = (192, 512)


class BuildError(CommandError):
    """What is missing to build the page, said for the person at the keys."""


def firmware_mpy(out, mpy):
    """The firmware's .mpy files into out/fw: copied from `mpy`, or compiled."""
    if mpy is None:
        compile_tree(FIRMWARE, out / "fw")
        return
    for source in sorted(FIRMWARE.rglob("*.py")):
        if source.name in NOT_COMPILED:
            continue
        relative = source.relative_to(FIRMWARE).with_suffix(".mpy")
        built = pathlib.Path(mpy) / relative
        if not built.exists() or built.stat().st_mtime < source.stat().st_mtime:
            raise BuildError("%s is missing or older than its source: run `make mpy`" % built)
        target = out / "fw" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


def icon_png(size):
    """The home-screen icon: a slate's dark glass, four chalk strokes and a fifth across."""
    from PIL import Image, ImageDraw

    scale = size / 48
    image = Image.new("RGB", (size, size), (28, 31, 36))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle([3 * scale, 9 * scale, 45 * scale, 39 * scale], 3 * scale, (4, 6, 9))
    lit = (214, 236, 255)
    width = max(2, round(2.4 * scale))
    for index in range(4):
        x = (12 + 7 * index) * scale
        draw.line([x, 32 * scale, x + 4 * scale, 16 * scale], lit, width)
    draw.line([9 * scale, 28 * scale, 39 * scale, 20 * scale], lit, width)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def sources_digest():
    """A digest of everything a build is made from (the firmware, the glue, the
    page, the npm packages' files, this module): two builds from the same
    sources are the same page (files.json keeps it as "sources")."""
    paths = sorted(FIRMWARE.rglob("*.py")) + [source for source, _ in GLUE + PACKAGED]
    paths += sorted(path for path in PAGE.iterdir() if path.is_file())
    paths.append(pathlib.Path(__file__))
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def up_to_date(out):
    """Whether the folder `out` holds a build of the sources as they are now."""
    try:
        built = json.loads((pathlib.Path(out) / "files.json").read_text())["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    try:
        return built == sources_digest()
    except OSError:  # a package's file missing (no `make node`): it cannot be built either
        return False


def build(out=DEFAULT_OUT, mpy=None):
    """Build the static folder `out` (emptied first); returns its path."""
    out = pathlib.Path(out)
    for source, _ in PACKAGED:
        if not source.exists():
            raise BuildError(
                "%s is missing: run `make node` (needs npm) to install the pinned "
                "npm packages (MicroPython's WebAssembly port, mqtt.js)" % source
            )
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for source, name in PACKAGED:
        shutil.copyfile(source, out / name)
    firmware_mpy(out, mpy)
    for source, name in GLUE:
        compile_file(source, out / "fw" / (name + ".mpy"), name=name)
    for size in ICON_SIZES:
        (out / ("icon-%d.png" % size)).write_bytes(icon_png(size))
    for source in sorted(PAGE.iterdir()):
        if source.is_file():
            shutil.copyfile(source, out / source.name)
    board = sorted(str(path.relative_to(out)) for path in (out / "fw").rglob("*.mpy"))
    files = sorted(
        str(path.relative_to(out))
        for path in out.rglob("*")
        if path.is_file() and path.name not in ("sw.js", "files.json")
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    version = digest.hexdigest()[:16]
    manifest = {
        "version": version,
        "sources": sources_digest(),
        "board": board,
        "page": files + ["files.json"],
    }
    (out / "files.json").write_text(json.dumps(manifest, indent=1) + "\n")
    # The service worker names its cache after the version, so that a new
    # build replaces the pages a browser keeps for offline use.
    worker = out / "sw.js"
    worker.write_text(worker.read_text().replace("__VERSION__", version))
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".jsonl": "application/jsonl",
    }

    def end_headers(self):
        # Always asked again: the service worker keeps the offline copy.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        pass  # quiet: the URL was printed once


def server(folder, port=8000, host="127.0.0.1"):
    """An HTTP server for `folder` (not started: serve_forever() it, then server_close())."""

    def handler(*args, **options):
        return Handler(*args, directory=str(folder), **options)

    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="ardoise web",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="the folder to build")
    parser.add_argument("--mpy", help="the firmware's .mpy folder (make mpy's build/mpy)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-serve", action="store_true", help="build only")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, args.mpy)
    except subprocess.CalledProcessError as error:
        print("web: %s" % error, file=sys.stderr)
        return 1
    print("built %s" % out)
    if args.no_serve:
        return 0
    try:
        httpd = server(out, args.port)
    except OSError as error:
        print("web: cannot serve on port %d: %s" % (args.port, error.strerror), file=sys.stderr)
        return 1
    print("Ardoise in your browser: http://127.0.0.1:%d/  (Ctrl-C stops)" % args.port)
    # Ctrl-C and a plain kill both stop it, even started with SIGINT ignored
    # (in the background of a script).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        httpd.server_close()
    return 0
