"""The `ardoise` command (host_tools/cli.py): one table of every host tool, --help on each."""

import pathlib
import subprocess
import sys

import pytest

from host_tools import cli

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
