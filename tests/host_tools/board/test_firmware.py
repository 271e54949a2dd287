"""`make firmware`'s pieces that run without a build: the image's manifest,
the frozen sources' hash, and what deploy says of a board's image."""

import shutil

from host_tools.board import deploy, firmware
from host_tools.common import BOARDS, FIRMWARE

TIER = "micropython"


def test_the_image_freezes_the_firmware_main_py_the_default_board_and_the_hash(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(firmware, "OUT", tmp_path)
    manifest = firmware.image_manifest()
    calls = []

    def command(name):
        return lambda *args, **options: calls.append((name, args, options))

    exec(manifest.read_text(), {name: command(name) for name in ("include", "module")})
    assert calls == [
        ("include", (str(FIRMWARE / "manifest.py"),), {}),
        ("module", ("main.py",), {"base_path": str(FIRMWARE), "opt": 3}),
        ("module", ("board.py",), {"opt": 3}),
        ("module", (firmware.VERSION_MODULE + ".py",), {}),
    ]
    assert (tmp_path / "image" / "board.py").read_bytes() == (BOARDS / "pico.py").read_bytes()
    names = {}
    exec((tmp_path / "image" / (firmware.VERSION_MODULE + ".py")).read_text(), names)
    assert names["SOURCES"] == firmware.source_hash()


def test_the_hash_follows_every_frozen_source(tmp_path, monkeypatch):
    before = firmware.source_hash()
    copy = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, copy)
    (tmp_path / "boards").mkdir()
    board = tmp_path / "boards" / "pico.py"
    shutil.copy(BOARDS / "pico.py", board)
    monkeypatch.setattr(firmware, "FIRMWARE", copy)
    monkeypatch.setattr(firmware, "DEFAULT_BOARD", board)
    monkeypatch.setattr(firmware, "ROOT", tmp_path)
    assert firmware.source_hash() == before
    hashes = {before}
    for changed in (copy / "ardoise" / "menus.py", copy / "main.py", board):
        changed.write_text(changed.read_text() + "\n# changed\n")
        hashes.add(firmware.source_hash())
    assert len(hashes) == 4


def test_deploy_tells_a_board_with_an_older_image():
    assert deploy.check_image(firmware.source_hash()) == "the Ardoise image, built from this tree"
    said = deploy.check_image("0123456789abcdef")
    assert said.startswith("an older Ardoise image") and "make firmware" in said
    assert "build/firmware/ardoise-pico.uf2" in said
