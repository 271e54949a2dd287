"""The README's pictures and wiring tables say what the code says.

host_tools/logs/pictures.py makes them: the slate pictures with the simulator,
the wiring from each board file (its docstring's tables, checked against its
describe()). Made again here, they must be the committed ones; after a
deliberate change, `ardoise pictures` makes them anew.
"""

import pytest
from PIL import Image

from host_tools.common import ROOT
from host_tools.logs import pictures
from host_tools.sim.boards import names

TIER = "micropython"

IMAGES = ROOT / "docs" / "images"
STALE = "stale: ardoise pictures makes it anew"


def same_picture(made, committed):
    with Image.open(made) as one, Image.open(committed) as other:
        return (
            one.size == other.size
            and one.convert("RGB").tobytes() == other.convert("RGB").tobytes()
        )


def test_the_wiring_in_the_docs_is_made_from_the_board_files(tmp_path):
    section = pictures.boards_section(tmp_path)
    boards_page = (ROOT / "docs" / "boards.md").read_text(encoding="utf-8")
    assert boards_page == pictures.boards_page_with(section), STALE
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme == pictures.readme_with(pictures.boards_table()), STALE
    # One row for the Pico family: a Pico 2 is wired and deployed as a Pico.
    assert "| Raspberry Pi Pico, Pico W, Pico 2, Pico 2 W | `pico` | GP4 [6], GP5 [7] |" in readme
    boards = [name for name in names() if name != "host"]
    assert sorted(path.stem for path in tmp_path.glob("wiring-*.png")) == [
        "wiring-" + name for name in boards
    ]
    for name in boards:
        assert "make deploy BOARD=%s PORT=" % name in section
        made, committed = tmp_path / ("wiring-%s.png" % name), IMAGES / ("wiring-%s.png" % name)
        assert same_picture(made, committed), "%s %s" % (committed, STALE)
    assert "| SDA | GP4 / I2C0 SDA [6] |" in section and "| Prev | GPIO32 |" in section


def test_the_slate_pictures_are_the_simulators(tmp_path):
    pictures.slate_pictures(tmp_path)
    for name in (
        "slate-64.png",
        "slate-32.png",
        "slate-bruus-64.png",
        "slate-bruus-session-64.png",
        "slate-brusquembelle-64.png",
    ):
        assert same_picture(tmp_path / name, IMAGES / name), "docs/images/%s %s" % (name, STALE)


def test_a_table_that_disagrees_with_describe_is_refused(tmp_path):
    source = (ROOT / "boards" / "pico.py").read_text(encoding="utf-8")
    board = tmp_path / "pico.py"
    board.write_text(source.replace('"sda": 4', '"sda": 6'), encoding="utf-8")
    with pytest.raises(
        pictures.WiringError, match="wires SDA to 'GP4 / I2C0 SDA \\[6\\]', describe"
    ):
        pictures.wiring(board)
