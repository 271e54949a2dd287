"""The page's folder, built once for the tests of tests/web (host_tools/web/build.py)."""

import pytest

from host_tools.web import build as web_build
from host_tools.web.node import node


@pytest.fixture(scope="session")
def web_folder(tmp_path_factory):
    """build/web's content, built afresh in a temporary folder (the firmware compiled here)."""
    try:
        return web_build.build(tmp_path_factory.mktemp("web") / "web")
    except web_build.BuildError as error:
        pytest.skip(str(error))


@pytest.fixture(scope="session")
def node_command():
    command = node()
    if command is None:
        pytest.skip("node not found: the page's board cannot run here (make node installs it)")
    return command
