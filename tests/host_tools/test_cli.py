"""The `ardoise` command (host_tools/cli.py): one table of every host tool, --help on
each, each command starting without the modules only POSIX systems have, and every
command's refusal (a CommandError) said once, by the command line."""

import ast
import json
import os
import pathlib
import subprocess
import sys

import pytest

from host_tools import cli
from host_tools.common import ROOT, CommandError

TIER = "quick"

ARDOISE = pathlib.Path(sys.executable).parent / "ardoise"


def test_the_installed_command_lists_every_tool():
    assert ARDOISE.exists(), "make venv installs the project: pip install -e ."
    result = subprocess.run(
        [str(ARDOISE), "--help"], capture_output=True, text=True, timeout=60, cwd="/"
    )
    assert result.returncode == 0, result.stderr
    listed = [line.split()[0] for line in result.stdout.splitlines() if line.startswith("  ")]
    assert listed == list(cli.COMMANDS)
    for name in ("sim", "deploy", "pull-log", "replay", "slate", "tournament", "bench"):
        assert name in listed


@pytest.mark.parametrize("name", list(cli.COMMANDS))
def test_each_command_has_its_help(name, capsys):
    with pytest.raises(SystemExit) as ended:
        cli.main([name, "--help"])
    assert ended.value.code == 0
    assert capsys.readouterr().out.startswith("usage: ardoise %s " % name)


def test_an_unknown_command_is_refused_with_the_table(capsys):
    assert cli.main(["replays", "x.jsonl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ardoise: no command 'replays'") and "  replay " in err
    assert cli.main([]) == 2
    assert "usage: ardoise COMMAND" in capsys.readouterr().out


# Modules Windows lacks. On macOS they exist, but the point is the same: a
# command that needs none of them must not import them to start.
POSIX_ONLY = ("fcntl", "pty", "termios", "tty", "resource", "grp", "pwd")
WITHOUT_POSIX = """
import importlib.abc, json, sys

BLOCKED = set(json.loads(sys.argv[1]))


class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError("no module named %r (blocked)" % name, name=name)


# pyserial picks its platform's code by os.name (serialwin32 on Windows):
# loaded before the blocking, as it would load there.
import serial.tools.list_ports  # noqa: E402, F401

for name in BLOCKED:
    sys.modules.pop(name, None)
sys.meta_path.insert(0, Refuse())
from host_tools import cli

failed = {}
for command in cli.COMMANDS:
    try:
        cli.main([command, "--help"])
    except SystemExit as ended:
        if ended.code:
            failed[command] = "exit %r" % ended.code
    except Exception as error:
        failed[command] = "%s: %s" % (type(error).__name__, error)
print(json.dumps(failed))
"""


def run_without(blocked):
    result = subprocess.run(
        [sys.executable, "-c", WITHOUT_POSIX, json.dumps(blocked)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_every_command_starts_without_the_posix_only_modules():
    # deploy, pull-log and roster on Windows: the virtual board behind
    # link.py takes its pseudo-terminals only when it starts one.
    assert run_without(POSIX_ONLY) == {}


def test_the_blocking_does_refuse_a_module_a_command_needs():
    # A command that cannot start is reported, so the check above can fail.
    failed = run_without(["argparse"])
    assert set(failed) == set(cli.COMMANDS)
    assert "argparse" in failed["deploy"]


@pytest.mark.parametrize(
    "args",
    [["--help"]]
    + [[name, "--help"] for name in cli.COMMANDS]
    + [
        ["replay", "tests/logs/brouc-seed-75-45.jsonl"],
        ["slate", "docs/examples/etivaz-match.jsonl"],
        ["tournament", "tests/logs/tournament"],
    ],
)
def test_a_reader_that_stops_ends_the_command_quietly(args):
    """`ardoise ... | head`: the pipe's reader is gone before the command writes."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "host_tools", *args],
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
    finally:
        os.close(writer)
    assert result.stderr == ""
    # 141 as a shell reports a tool that SIGPIPE ended; argparse's help lets the error go.
    assert result.returncode in (0, 141)


# The commands whose main() still says its own refusals, each in its own
# words (a log's path first: slate, tournament) or being changed now
# (evening: issue 34): to leave to cli as the others do.
SAYS_ITS_OWN = {"host_tools.evening.command", "host_tools.logs.slate", "host_tools.logs.tournament"}
# MicroPython code, run on the unix port or in the browser: no host error there.
MICROPYTHON = ("host_tools/standin/", "host_tools/web/webboard.py")


def host_errors():
    """{name of an exception class defined in host_tools: its module's path}."""
    found = {}
    for path in sorted((ROOT / "host_tools").rglob("*.py")):
        if path.relative_to(ROOT).as_posix().startswith(MICROPYTHON):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
                found[node.name] = path
    return found


def test_a_commands_refusal_is_said_once_by_the_command_line(tmp_path, capsys):
    missing = tmp_path / "names.txt"
    assert cli.main(["roster", str(missing)]) == 1
    captured = capsys.readouterr()
    assert captured.err == "roster: cannot read %s: No such file or directory\n" % missing
    assert captured.out == ""


def test_every_host_tools_error_is_a_command_error():
    import importlib

    errors = host_errors()
    assert {"OutputError", "LinkError", "EveningError", "ReportError"} <= set(errors)
    for name, path in errors.items():
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        assert issubclass(getattr(importlib.import_module(module), name), CommandError), name


def test_no_command_catches_its_own_refusals_but_those_named():
    errors = set(host_errors()) | {"CommandError"}
    catching = set()
    for module, _ in cli.COMMANDS.values():
        path = ROOT / (module.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        main = next(node for node in tree.body if getattr(node, "name", None) == "main")
        for node in ast.walk(main):
            if isinstance(node, ast.ExceptHandler) and node.type is not None:
                names = {
                    getattr(part, "id", getattr(part, "attr", None)) for part in ast.walk(node.type)
                }
                if names & errors:
                    catching.add(module)
    assert catching == SAYS_ITS_OWN
