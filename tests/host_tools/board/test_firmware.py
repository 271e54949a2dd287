"""`make firmware`'s pieces that run without a build: the image's manifest,
the frozen sources' hash, and what deploy says of a board's image."""

import shutil

from host_tools.board import deploy, firmware
from host_tools.common import BOARDS, FIRMWARE, MICROPYTHON_LIB

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
        ("module", (firmware.NATIVE_MODULE + ".py",), {"opt": 3}),
        ("module", (firmware.VERSION_MODULE + ".py",), {}),
    ]
    assert (tmp_path / "image" / "board.py").read_bytes() == (BOARDS / "pico.py").read_bytes()
    # The driver's span diff, as its own source gives it (frozen as machine code).
    native = (tmp_path / "image" / (firmware.NATIVE_MODULE + ".py")).read_text()
    assert native.endswith(firmware.native_source())
    assert "@micropython.viper\ndef _diff(" in native
    names = {}
    exec((tmp_path / "image" / (firmware.VERSION_MODULE + ".py")).read_text(), names)
    assert names["SOURCES"] == firmware.source_hash()


def test_the_hash_follows_every_frozen_source(tmp_path, monkeypatch):
    before = firmware.source_hash()
    copy = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, copy)
    library = tmp_path / "third_party" / "micropython-lib"
    shutil.copytree(MICROPYTHON_LIB, library)
    (tmp_path / "boards").mkdir()
    board = tmp_path / "boards" / "pico.py"
    shutil.copy(BOARDS / "pico.py", board)
    monkeypatch.setattr(firmware, "FIRMWARE", copy)
    monkeypatch.setattr(firmware, "MICROPYTHON_LIB", library)
    monkeypatch.setattr(firmware, "DEFAULT_BOARD", board)
    monkeypatch.setattr(firmware, "ROOT", tmp_path)
    assert firmware.source_hash() == before
    hashes = {before}
    for changed in (
        copy / "ardoise" / "menus.py",
        copy / "main.py",
        library / "umqtt" / "simple.py",
        board,
    ):
        changed.write_text(changed.read_text() + "\n# changed\n")
        hashes.add(firmware.source_hash())
    assert len(hashes) == 5


def test_deploy_tells_a_board_with_an_older_image():
    assert deploy.check_image(firmware.source_hash()) == "the Ardoise image, built from this tree"
    said = deploy.check_image("0123456789abcdef")
    assert said.startswith("an older Ardoise image") and "make firmware" in said
    assert "build/firmware/ardoise-pico.uf2" in said and "ardoise-pico-w.uf2 on a Pico W" in said


def test_the_pico_w_image_is_built_from_the_projects_own_board(tmp_path, monkeypatch):
    commands = []
    monkeypatch.setattr(firmware, "OUT", tmp_path)
    monkeypatch.setattr(firmware, "run", lambda command, **options: commands.append(command))
    (image, board, board_dir, folder, frozen) = [
        b for b in firmware.BUILDS if b[0] == firmware.IMAGE_W
    ][0]
    assert (board, board_dir, frozen) == ("ARDOISE_PICO_W", FIRMWARE / "ARDOISE_PICO_W", True)
    manifest = tmp_path / "manifest.py"
    firmware.build_port(tmp_path, 1, {}, board, board_dir, folder, manifest)
    configure = [str(part) for part in commands[0]]
    assert "-DMICROPY_BOARD=ARDOISE_PICO_W" in configure
    assert "-DMICROPY_BOARD_DIR=%s" % board_dir in configure
    assert "-DMICROPY_FROZEN_MANIFEST=%s" % manifest in configure
    # By itself (MicroPython's make BOARD_DIR=...), the board freezes the
    # slate's manifest, the one place that names umqtt.simple.
    cmake = (board_dir / "mpconfigboard.cmake").read_text()
    assert "set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/../manifest.py)" in cmake
    assert (board_dir / ".." / "manifest.py").resolve() == FIRMWARE / "manifest.py"
    assert 'set(PICO_BOARD "pico_w")' in cmake and "MICROPY_PY_NETWORK_CYW43 ON" in cmake
    header = (board_dir / "mpconfigboard.h").read_text()
    assert "MICROPY_HW_FLASH_STORAGE_BYTES          (848 * 1024)" in header
