"""docs/architecture.md's map is true: every path it names exists.

A path is a `backticked` word with a slash or a file's extension. One with a
folder is found from the repository's root, from firmware/ (where ardoise/
and scoring/ lie) or from the package a row or sentence is about; a bare
file name anywhere in the repository. `<name>` stands for any game: each of
scoring.GAMES must then have that file. shared/ is the workspace's shared
material (the match-log spec) and .venv/ what `make` builds: outside the
repository.
"""

import re

import pytest

from host_tools.common import ROOT
from scoring import GAMES

DOCUMENT = ROOT / "docs" / "architecture.md"
EXTENSIONS = (".py", ".md", ".mjs", ".json", ".jsonl", ".keys", ".toml", ".ini", ".txt")
# Where a path without its first folders is found.
BASES = (
    ROOT,
    ROOT / "firmware",
    ROOT / "firmware" / "ardoise",
    ROOT / "host_tools",
    ROOT / "host_tools" / "board" / "emulated",
    ROOT / "host_tools" / "web",
)
# Files named as the device holds them, not as the repository does.
ON_THE_DEVICE = {"board.py"}
# shared/: the workspace's; .venv/: made by `make`, not in a clone.
OUTSIDE = ("shared/", ".venv/")


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


@pytest.mark.parametrize("path", named_paths())
def test_each_path_the_architecture_names_exists(path):
    if path.startswith(OUTSIDE) or path in ON_THE_DEVICE:
        pytest.skip("outside the repository")
    missing = [each for each in candidates(path) if not exists(each)]
    assert not missing, "docs/architecture.md names %s, which is not there" % missing


def test_a_path_that_is_not_there_is_found_missing():
    assert not exists("firmware/ardoise/inputs.py")
    assert not exists("no_such_module.py")
    assert exists("firmware/ardoise/games/brouc_deal.py")
    assert candidates("firmware/scoring/<name>.py") == [
        "firmware/scoring/%s.py" % name for name in game_names()
    ]
