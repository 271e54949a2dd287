"""The `ardoise` command: every host tool behind one name, as mpremote puts its commands
in one table.

    ardoise COMMAND [ARGUMENTS...]
    ardoise COMMAND --help

`make` installs it into .venv (pyproject.toml's [project.scripts]);
`python -m host_tools` is the same without installing. A command's module is
imported only when it runs, so that `ardoise replay` needs nothing beyond
Python and the firmware's rules core, and pillow only the drawing commands.
"""

import importlib
import os
import select
import signal
import sys

# name: (the module whose main(argv) runs it, what it does). One line each,
# in the order a person meets them.
COMMANDS = {
    "sim": ("host_tools.sim.simulator", "the slate in this terminal, or keys played headless"),
    "web": ("host_tools.web.build", "the slate in a browser: the page built and served"),
    "emulated-pico": (
        "host_tools.emulator.sim",
        "the slate in this terminal on an emulated Pico (MicroPython's rp2 release)",
    ),
    "virtual-board": (
        "host_tools.virtual.board",
        "a MicroPython board on a pseudo-terminal, for mpremote",
    ),
    "firmware": ("host_tools.board.firmware", "build the Ardoise image for a Pico (a .uf2)"),
    "deploy": ("host_tools.board.deploy", "compile the firmware and put it on a board"),
    "pull-log": ("host_tools.board.pull", "copy a board's match logs to the PC"),
    "roster": ("host_tools.board.roster", "put the players' names on a board (or show them)"),
    "replay": ("host_tools.logs.replay", "a match log's final state as JSON (the spec's command)"),
    "slate": ("host_tools.logs.slate", "a match log read back deal by deal; --png, --csv"),
    "tournament": ("host_tools.logs.tournament", "the evening's ranking over match logs"),
    "evening": ("host_tools.evening.command", "a tournament evening, live over Wi-Fi (MQTT)"),
    "pictures": ("host_tools.logs.pictures", "the README's pictures and board sections"),
    "bench": ("host_tools.bench.report", "the figures that say whether Ardoise fits a board"),
    "texts": ("host_tools.texts", "make the slate's text modules from firmware/texts.toml"),
}


def usage():
    width = max(map(len, COMMANDS))
    lines = [
        "usage: ardoise COMMAND [ARGUMENTS...]   (ardoise COMMAND --help: its options)",
        "",
        "commands:",
    ]
    lines += ["  %-*s  %s" % (width, name, text) for name, (_, text) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv=None):
    """Run one command; a reader that stopped reading (`ardoise ... | head`) ends it
    quietly, as it ends a Unix tool (exit 141, killed by SIGPIPE, as a shell reports it)."""
    try:
        try:
            code = run(argv)
        except SystemExit:  # argparse's --help and refusals
            sys.stdout.flush()
            raise
        sys.stdout.flush()
    except BrokenPipeError:
        if not reader_gone():
            raise  # a pipe of the command's own: its traceback is wanted
        # Python flushes stdout once more as it exits: let that go nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE
    return code


def reader_gone():
    """Whether nobody reads stdout any more (a pipe whose reader ended)."""
    try:
        poll = select.poll()
        poll.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poll.poll(0))
    except (OSError, ValueError):
        return False


def run(argv):
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0 if argv else 2
    name, arguments = argv[0], argv[1:]
    if name not in COMMANDS:
        print("ardoise: no command %r\n\n%s" % (name, usage()), file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    from host_tools.common import CommandError, printable  # here: --help imports nothing

    try:
        return module.main(arguments)
    except CommandError as error:  # every command's refusal, said once here
        print(printable("%s: %s" % (name, error)), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
