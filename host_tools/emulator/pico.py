"""An emulated Raspberry Pi Pico with MicroPython's official rp2 release, from Python.

    with EmulatedPico(image=path) as pico:       # node runs pico.mjs
        pico.wait_for(b">>> ", ms=3000)           # emulated ms
        print(pico.exec("print(1 + 1)"))          # the raw REPL, as mpremote uses it
        pico.press(12); pico.run(80); pico.release(12)
        pico.frame                                # the panel's picture (a sim.screen.Frame)
        pico.save(path)                           # the flash, for the next power-on

The chip runs in node (pico.mjs: rp2040js, the flash chip, the panel on I2C,
the buttons); its emulated clock moves only in `run` (the tests' scripted
time) until `open_port()` puts a pseudo-terminal in front of its USB serial
for mpremote and lets it run at the wall clock's pace, as the virtual board
does. The panel's I2C writes are decoded here by host_tools/standin/
panel.py, the simulator's decoder: what `frame` shows is the glass.

Node runs in a process group of its own; `stop()` (or leaving the `with`)
ends it and closes the pseudo-terminal, whatever happened.
"""

import base64
import contextlib
import importlib.util
import json
import os
import pathlib
import queue
import select
import shutil
import signal
import subprocess
import sys
import threading

from host_tools.common import ROOT, STANDIN, CommandError
from host_tools.sim.screen import FrameReader

HERE = pathlib.Path(__file__).resolve().parent
RUNNER = HERE / "pico.mjs"
# The official 1.22 release and the boot ROM travel with the repository
# (third_party/NOTICE.md); `make firmware` builds the Ardoise image.
VENDOR = ROOT / "third_party" / "rp2040"
UF2_NAME = "RPI_PICO-20231227-v1.22.0.uf2"
BOOTROM_NAME = "bootrom-b1.bin"
# Where `make firmware` (host_tools/board/firmware.py) writes its UF2s.
BUILT = ROOT / "build" / "firmware"
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n>"
CONSOLE_KEPT = 16384
REPLY_S = 600  # the longest a single command may take in real time
PANEL_ADDRESS = 0x3C
# Where `make deploy PORT=emulated` keeps the emulated Pico's flash between runs.
DEFAULT_FOLDER = ROOT / "emulated-pico"
IMAGE_NAME = "flash.img"


class EmulatorError(CommandError):
    """The emulated Pico cannot run or did not answer; the message says why."""


def node():
    """The node command, or None."""
    return shutil.which("node")


def firmware(uf2=None):
    """The MicroPython rp2 UF2 and the boot ROM: (`uf2`, else $ARDOISE_RP2_UF2,
    else the official 1.22 release; the ROM)."""
    uf2 = uf2 or os.environ.get("ARDOISE_RP2_UF2") or str(VENDOR / UF2_NAME)
    return pathlib.Path(uf2), VENDOR / BOOTROM_NAME


def missing(uf2=None):
    """Why the emulated Pico cannot run here (one line), or None."""
    if node() is None:
        return "node not found (Node 18+ runs the emulated Pico: make node)"
    if not (ROOT / "node_modules" / "rp2040js" / "package.json").exists():
        return "rp2040js not installed (make node)"
    uf2, bootrom = firmware(uf2)
    if not uf2.is_file():
        hint = "make firmware" if uf2.parent == BUILT else "set ARDOISE_RP2_UF2"
        return "no MicroPython rp2 UF2 at %s (%s)" % (uf2, hint)
    if not bootrom.is_file():
        return "no RP2040 boot ROM at %s" % bootrom
    return None


def load_panel_module():
    """host_tools/standin/panel.py as a private module (with the stand-in machine)."""
    saved = sys.modules.get("machine")
    try:
        machine = _load("machine", STANDIN / "machine.py")
        sys.modules["machine"] = machine
        return _load("ardoise_emulated_panel", STANDIN / "panel.py")
    finally:
        if saved is None:
            sys.modules.pop("machine", None)
        else:
            sys.modules["machine"] = saved


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class EmulatedPico:
    """One emulated Pico: `start()` powers it on, `stop()` unplugs it.

    `image` is the flash image file to start from (kept as it is: `save`
    writes one); `uf2` the MicroPython written over it at power-on (see
    firmware()); `skip_busy` False makes the CPU poll the flash through its
    whole busy time; `fast_bus` runs the panel's I2C bus far faster than
    400 kHz (the tests: the pictures and the journal are the same, the
    presses shorter in emulated time, so fewer instructions to emulate; the
    bench keeps the real bus). Every GPIO reads its pad's pull until press()
    drives it.
    """

    def __init__(self, image=None, *, uf2=None, skip_busy=True, fast_bus=False):
        self.image = image
        self.uf2 = uf2
        self.skip_busy = skip_busy
        self.fast_bus = fast_bus
        self.console = b""  # the last of what the board printed
        self.port = None
        self.resets = 0
        self.connected = False
        self.i2c_writes = 0
        self.i2c_bytes = 0
        self.on_i2c = None  # called with (µs, bytes) for each write to the panel
        self._process = None
        self._replies = queue.Queue()
        self._ids = 0
        self._lock = threading.Lock()
        self._serial = bytearray()  # printed and not yet taken by read()
        self._serial_lock = threading.Condition()
        self._frame = None
        self._frames = threading.Condition()
        self._frame_reader = FrameReader()
        self.frames = 0  # pictures the panel has shown
        self._panel_module = load_panel_module()
        self.panel = self._panel_module.PanelI2C()
        self._port_master = self._port_slave = None
        self._pump_thread = None
        self._stopping = False
        self.stderr = b""

    # -- power ---------------------------------------------------------------

    def start(self):
        why = missing(self.uf2)
        if why:
            raise EmulatorError(why)
        uf2, bootrom = firmware(self.uf2)
        options = {
            "uf2": str(uf2),
            "bootrom": str(bootrom),
            "image": str(self.image) if self.image else None,
            "skipBusy": self.skip_busy,
            "fastBus": self.fast_bus,
        }
        self._process = subprocess.Popen(
            [node(), str(RUNNER), json.dumps(options)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # a group of its own: stop() ends all of it
        )
        self._reader = threading.Thread(target=self._read_events, daemon=True)
        self._reader.start()
        self._errors = threading.Thread(target=self._read_errors, daemon=True)
        self._errors.start()
        return self

    def stop(self):
        self._stopping = True
        process = self._process
        if process is not None:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            process.wait()
            self._reader.join(timeout=5)
            self._errors.join(timeout=5)
            for stream in (process.stdin, process.stdout, process.stderr):
                try:
                    stream.close()
                except OSError:
                    pass
        if self._pump_thread is not None:
            self._pump_thread.join(timeout=5)
            self._pump_thread = None
        for fd in (self._port_master, self._port_slave):
            if fd is not None:
                os.close(fd)
        self._port_master = self._port_slave = None
        self._process = None

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc):
        self.stop()

    # -- commands to node ----------------------------------------------------

    def call(self, command, **arguments):
        """Send one command to pico.mjs and return its answer (a dict)."""
        with self._lock:
            self._ids += 1
            arguments.update(cmd=command, id=self._ids)
            process = self._process
            if process is None or process.poll() is not None:
                raise EmulatorError("the emulated Pico is not running" + self._last_words())
            try:
                process.stdin.write(json.dumps(arguments).encode() + b"\n")
                process.stdin.flush()
            except (BrokenPipeError, OSError) as error:
                raise EmulatorError("node stopped" + self._last_words()) from error
            while True:
                try:
                    answer = self._replies.get(timeout=REPLY_S)
                except queue.Empty:
                    raise EmulatorError("node did not answer %r" % command) from None
                if answer is None:
                    raise EmulatorError("node stopped" + self._last_words())
                if answer.get("id") == self._ids:
                    break
        if "error" in answer:
            raise EmulatorError("pico.mjs: %s" % answer["error"])
        return answer

    def _last_words(self):
        text = self.stderr.decode("utf-8", "replace").strip()
        return ": " + text[-2000:] if text else ""

    def run(self, ms, until=None, instructions=None, connected=False):
        """Let `ms` of emulated time pass (less if the board prints `until`
        first, the instruction count reaches `instructions`, or with
        `connected` its USB serial comes up)."""
        arguments = {"ms": ms, "connected": connected}
        if until is not None:
            arguments["until"] = base64.b64encode(until).decode()
        if instructions is not None:
            arguments["instructions"] = instructions
        return self.call("run", **arguments)

    def write(self, data):
        """Bytes to the board's USB serial."""
        if data:
            self.call("serial", data=base64.b64encode(bytes(data)).decode())

    def press(self, gpio, level=0):
        return self.call("press", gpio=gpio, level=level)["t"]

    def release(self, gpio):
        return self.call("release", gpio=gpio)["t"]

    def save(self, path):
        """The flash as it is now, to `path` (2 MiB): a later power-on starts from it."""
        self.call("save", path=str(path))

    def cut(self, fraction=None):
        """Cut the power now; a flash operation in progress is left partly done."""
        return self.call("cut", **({} if fraction is None else {"fraction": fraction}))

    def trap(self, operation=None, fraction=0.0, instructions=None):
        """Cut the power as flash program/erase number `operation` (counted from
        power-on) starts, `fraction` done; or once `instructions` have run."""
        if instructions is not None:
            self.call("trap", instructions=instructions)
        else:
            self.call("trap", operation=operation, fraction=fraction)

    def stats(self):
        return self.call("stats")

    # -- the serial line -----------------------------------------------------

    def take(self):
        """What the board printed since the last take()."""
        with self._serial_lock:
            data = bytes(self._serial)
            self._serial.clear()
            return data

    def wait_for(self, text, ms, chunk_ms=None):
        """Run until the board prints `text` (within `ms` of emulated time); all
        it printed up to and including it. EmulatorError if it does not."""
        seen = self.take()
        if text in seen:
            return seen
        answer = self.run(ms, until=text)
        seen += self.take()
        if text not in seen:
            raise EmulatorError(
                "the board did not print %r within %d emulated ms (%s); it printed:\n%s"
                % (text, ms, answer["reason"], self.console[-1500:].decode("utf-8", "replace"))
            )
        return seen

    def boot(self, ms=10000):
        """Run until the USB serial is up and the REPL answers; what it printed.

        As on a Pico, what MicroPython prints before a PC opens the port is
        lost: a return key asks for a fresh prompt."""
        if not self.connected:
            self.run(ms, connected=True)
        if not self.connected:
            raise EmulatorError("the board's USB serial did not come up" + self._last_words())
        self.write(b"\r")
        return self.wait_for(b">>> ", ms)

    def enter_raw_repl(self, ms=5000, tries=3):
        """Stop what runs (Ctrl-C) and enter the raw REPL.

        Asked again when nothing answers: on a loaded machine the keys sent
        just as the USB serial came up were once lost (nothing printed in
        5 emulated seconds)."""
        for attempt in range(tries):
            self.write(b"\r\x03\x03")
            self.run(50)
            self.take()
            self.write(b"\x01")
            try:
                self.wait_for(RAW_BANNER, ms)
                return
            except EmulatorError:
                if attempt == tries - 1:
                    raise

    def exec(self, code, ms=60000):
        """Run `code` in the raw REPL (entered already); what it printed.
        EmulatorError with its traceback if it raised."""
        self.take()
        self.write(code.encode() + b"\x04")
        seen = self.wait_for(b"\x04>", ms)
        start = seen.find(b"OK")
        if start < 0:
            raise EmulatorError("the raw REPL refused the code: %r" % seen[-500:])
        out, _, error = seen[start + 2 :].partition(b"\x04")
        error = error[: error.rfind(b"\x04")]
        if error:
            raise EmulatorError("on the board: " + error.decode("utf-8", "replace"))
        return out.decode("utf-8", "replace")

    # -- the panel -----------------------------------------------------------

    @property
    def frame(self):
        """The panel's picture now (host_tools.sim.screen.Frame), or None before any."""
        with self._frames:
            return self._frame

    def wait_for_frame(self, accept, timeout):
        """The first picture for which accept(frame) is true, or None after `timeout` s
        of real time (the board must be running: open_port())."""
        with self._frames:
            if self._frames.wait_for(
                lambda: self._frame is not None and accept(self._frame), timeout
            ):
                return self._frame
        return None

    def _panel_changed(self, bus):
        # The panel's own message, read as the simulator reads it.
        frames = self._frame_reader.feed(bus.frame())
        with self._frames:
            self._frame = frames[-1]
            self.frames += 1
            self._frames.notify_all()

    # -- events from node ----------------------------------------------------

    def _read_events(self):
        stream = self._process.stdout
        self._panel_module.listener = self._panel_changed
        for line in stream:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            event = message.get("ev")
            if event is None:
                self._replies.put(message)
            elif event == "serial":
                self._from_board(base64.b64decode(message["data"]))
            elif event == "i2c":
                data = bytes.fromhex(message["data"])
                self.i2c_writes += 1
                self.i2c_bytes += len(data) + 1
                if self.on_i2c is not None:
                    self.on_i2c(message["t"], data)
                try:
                    self.panel.writeto(PANEL_ADDRESS, data)
                except (ValueError, IndexError) as error:
                    self.console += b"\r\n[panel: %s]\r\n" % str(error).encode()
            elif event == "connected":
                self.connected = True
            elif event == "reset":
                self.resets += 1
                self.connected = False
        self._replies.put(None)

    def _read_errors(self):
        for line in self._process.stderr:
            self.stderr = (self.stderr + line)[-CONSOLE_KEPT:]

    def _from_board(self, data):
        self.console = (self.console + data)[-CONSOLE_KEPT:]
        with self._serial_lock:
            self._serial.extend(data)
            if len(self._serial) > 1 << 20:
                del self._serial[: -(1 << 19)]
            self._serial_lock.notify_all()
        if self._port_master is not None:
            try:
                os.write(self._port_master, data)
            except (BlockingIOError, OSError):
                pass  # nobody reads the port: the bytes are lost, as on a serial line

    # -- a serial port for mpremote ------------------------------------------

    def open_port(self):
        """A pseudo-terminal bridged to the board's USB serial, the board running
        at the wall clock's pace; its name is `port`."""
        import pty
        import tty

        self._port_master, self._port_slave = pty.openpty()
        tty.setraw(self._port_slave)  # raw, as a USB serial port is
        os.set_blocking(self._port_master, False)
        self.port = os.ttyname(self._port_slave)
        self.call("pace")
        self._pump_thread = threading.Thread(target=self._pump, daemon=True)
        self._pump_thread.start()
        return self.port

    def _pump(self):
        while not self._stopping and self._port_master is not None:
            readable, _, _ = select.select([self._port_master], [], [], 0.1)
            if not readable:
                continue
            try:
                data = os.read(self._port_master, 4096)
            except (BlockingIOError, OSError):
                continue
            try:
                self.write(data)
            except EmulatorError:
                return


@contextlib.contextmanager
def serving(folder=None):
    """An emulated Pico on a serial port (`.port`) for mpremote, running at the
    wall clock's pace from the flash image in `folder` (emulated-pico/ at the
    root of the repository); the flash is saved there when done, as a
    board's flash keeps what was written."""
    folder = pathlib.Path(folder or DEFAULT_FOLDER)
    folder.mkdir(parents=True, exist_ok=True)
    image = folder / IMAGE_NAME
    with EmulatedPico(image if image.exists() else None) as pico:
        pico.run(10000, connected=True)
        if not pico.connected:
            raise EmulatorError(
                "the emulated Pico's USB serial did not come up" + pico._last_words()
            )
        pico.open_port()
        try:
            yield pico
        finally:
            if pico._process is not None and pico._process.poll() is None:
                pico.save(image)
