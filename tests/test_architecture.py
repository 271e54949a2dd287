"""docs/architecture.md's map is true: every path it names exists, and every
command (`make TARGET`, `ardoise COMMAND`, `python -m MODULE`, the host tools
table's commands); and a clone is whole: nothing in the repository cites a
document outside it.

A path is a `backticked` word with a slash or a file's extension. One with a
folder is found from the repository's root, from firmware/ (where ardoise/
and scoring/ lie) or from the package a row or sentence is about; a bare
file name anywhere in the repository. `<name>` stands for any game: each of
scoring.GAMES must then have that file. ../shared/vendor/ holds build inputs
a clone fetches for itself, and .venv/ is what `make` builds: outside the
repository.
"""

import importlib.util
import pathlib
import re

import pytest

from host_tools.cli import COMMANDS
from host_tools.common import ROOT
from host_tools.evening import command as evening_command
from scoring import GAMES
from tests.test_readme import tracked_files

TIER = "quick"

DOCUMENT = ROOT / "docs" / "architecture.md"
EXTENSIONS = (".py", ".md", ".mjs", ".json", ".jsonl", ".keys", ".toml", ".ini", ".txt")
# Where a path without its first folders is found.
BASES = (
    ROOT,
    ROOT / "firmware",
    ROOT / "firmware" / "ardoise",
    ROOT / "host_tools",
    ROOT / "host_tools" / "emulator",
    ROOT / "host_tools" / "web",
)
# Files named as the device holds them, not as the repository does.
ON_THE_DEVICE = {"board.py", "archive/", "match.jsonl"}
# Build inputs fetched when absent, and what `make` builds: not in a clone.
OUTSIDE = ("../shared/vendor/", ".venv/")


def named_paths():
    paths = []
    for word in re.findall(r"`([^`\s]+)`", DOCUMENT.read_text(encoding="utf-8")):
        word = word.rstrip(".,:;")
        if word.startswith(("-", "$", "http")) or "*" in word or "(" in word or "=" in word:
            continue
        if "/" in word or word.endswith(EXTENSIONS):
            paths.append(word)
    return sorted(set(paths))


def game_names():
    return [line.split()[0] for line in GAMES]


def candidates(path):
    """The files or folders `path` may stand for (every game's, for <name>/<game>)."""
    paths = [path]
    if "<name>" in path or "<game>" in path:
        paths = [path.replace("<name>", name).replace("<game>", name) for name in game_names()]
    return paths


def exists(path):
    path = path.rstrip("/")
    if "/" not in path:
        return any(ROOT.rglob(path))
    return any((base / path).exists() for base in BASES)


def test_the_document_names_paths():
    assert len(named_paths()) > 40


# Paths outside the repository (.venv/, the device's own files) are not looked for.
IN_THE_REPOSITORY = [
    path for path in named_paths() if not (path.startswith(OUTSIDE) or path in ON_THE_DEVICE)
]


@pytest.mark.parametrize("path", IN_THE_REPOSITORY)
def test_each_path_the_architecture_names_exists(path):
    missing = [each for each in candidates(path) if not exists(each)]
    assert not missing, "docs/architecture.md names %s, which is not there" % missing


def test_a_path_that_is_not_there_is_found_missing():
    assert not exists("firmware/ardoise/inputs.py")
    assert not exists("no_such_module.py")
    assert exists("firmware/ardoise/games/brouc_deal.py")
    assert candidates("firmware/scoring/<name>.py") == [
        "firmware/scoring/%s.py" % name for name in game_names()
    ]


# -- the commands it names ---------------------------------------------------


def named_commands(text=None):
    """The commands the document names: every `make ...`, `ardoise ...` and
    `python -m ...` in backticks (over a line's end too), and the last column
    of its host tools' table (a command, or `make TARGET`)."""
    text = DOCUMENT.read_text(encoding="utf-8") if text is None else text
    found = re.findall(r"`((?:make|ardoise|python -m) [^`]+)`", text.replace("\n", " "))
    table = text[text.index("| package | what | commands |") :].split("\n\n")[0]
    for row in table.splitlines()[2:]:
        for word in re.findall(r"`([^`]+)`", row.rsplit("|", 2)[1]):
            found.append(word if word.startswith("make ") else "ardoise " + word)
    return sorted(set(found))


def make_targets():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][a-z-]*):(?!=)", makefile, re.M))


def evening_commands():
    parser = evening_command.parser()
    (subcommands,) = [action for action in parser._actions if action.choices]
    return set(subcommands.choices)


def command_is_there(command):
    """Whether `command` names a make target, an ardoise command (and an evening's
    subcommand), or a module python -m runs."""
    words = command.split()
    if words[0] == "make":
        return words[1] in make_targets()
    if words[0] == "python":
        return importlib.util.find_spec(words[2]) is not None
    name = words[1]
    if name.startswith("-") or name.isupper():  # --help, COMMAND: the tool itself
        return True
    if name not in COMMANDS:
        return False
    if name == "evening" and len(words) > 2 and not words[2].startswith("-"):
        return words[2] in evening_commands()
    return True


def test_the_document_names_commands():
    commands = named_commands()
    assert {"make bench", "make web", "ardoise sim", "ardoise evening run"} <= set(commands)
    assert len(commands) > 15


@pytest.mark.parametrize("command", named_commands())
def test_each_command_the_architecture_names_exists(command):
    assert command_is_there(command), "docs/architecture.md names `%s`, which is not there" % (
        command
    )


def test_a_command_that_is_not_there_is_found_missing():
    assert not command_is_there("make flash")
    assert not command_is_there("ardoise flash")
    assert not command_is_there("ardoise evening dance")
    assert not command_is_there("python -m host_tools.no_such_module")
    assert command_is_there("ardoise evening enrol --phone")
    assert command_is_there("make sim EMULATED=1")
    text = "`make nothing` here\n" + "| package | what | commands |\n| --- | --- | --- |\n"
    text += "| `a/` | b | `flash` |\n"
    assert named_commands(text) == ["ardoise flash", "make nothing"]


# -- a clone is whole -------------------------------------------------------

# A citation of a document outside the repository: the workspace's shared/
# folder (but shared/vendor/: build inputs, such as MicroPython's sources,
# that a clone fetches for itself when they are absent), its rulings or its
# games' rule texts ("seeds"), or a path of the machine the work was done
# on. The repository's own are docs/match-log.md and docs/rules.md.
OUTSIDE_DOCUMENT = re.compile(r"shared/(?!vendor/)|RULINGS|\bseeds?(?:'s?\b|\s+\d{3})|/work/")
TEXT_SUFFIXES = (".py", ".md", ".mjs", ".js", ".html", ".css", ".toml", ".ini", ".txt", ".keys")
TEXT_NAMES = ("Makefile", "run", ".gitignore")


def repository_texts():
    """Every document, code and test file a clone holds (not the logs and
    pictures the tests compare against)."""
    return [
        name
        for name in tracked_files()
        if name.endswith(TEXT_SUFFIXES) or pathlib.PurePosixPath(name).name in TEXT_NAMES
    ]


def test_the_repository_has_its_own_match_log_and_rules():
    texts = repository_texts()
    assert {"docs/match-log.md", "docs/rules.md", "README.md", "Makefile"} <= set(texts)
    assert len(texts) > 150
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    numbered = re.findall(r"^(\d+)\. ", rules, re.M)
    assert numbered == [str(n) for n in range(1, 36)]


def test_nothing_cites_a_document_outside_the_repository():
    cited = []
    for name in repository_texts():
        if name == "tests/test_architecture.py":
            continue  # the patterns themselves
        text = (ROOT / name).read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE_DOCUMENT.search(line):
                cited.append("%s:%d: %s" % (name, number, line.strip()))
    assert not cited, "cite docs/match-log.md or docs/rules.md instead:\n" + "\n".join(cited)


@pytest.mark.parametrize(
    "line, outside",
    [
        ("the log format (shared/spec/match-log.md)", True),
        ("rulings 1-15 of RULINGS.md", True),
        ("as seed 000 says", True),
        ("the Bruus seed's scoring list", True),
        ("/work/shared/seeds/002.txt", True),
        ("MicroPython's sources (../shared/vendor/micropython)", False),
        ("rulings 1-15 of docs/rules.md", False),
        ("seeds = st.integers(min_value=0)", False),
    ],
)
def test_a_citation_outside_is_found(line, outside):
    assert bool(OUTSIDE_DOCUMENT.search(line)) is outside
