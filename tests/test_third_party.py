"""third_party/: the files that travel with the repository are the ones its
NOTICE names, byte for byte (their sha256), and the emulated Pico reads them
from there."""

import hashlib
import re

from host_tools.board.emulated import pico
from host_tools.common import ROOT

TIER = "quick"

THIRD_PARTY = ROOT / "third_party"
LISTED = re.compile(r"^    ([0-9a-f]{64})  (\S+)$", re.M)


def test_every_third_party_file_is_listed_with_its_checksum():
    listed = dict(
        (name, digest)
        for digest, name in LISTED.findall((THIRD_PARTY / "NOTICE.md").read_text(encoding="utf-8"))
    )
    present = {
        path.relative_to(THIRD_PARTY).as_posix()
        for path in THIRD_PARTY.rglob("*")
        if path.is_file() and path.name != "NOTICE.md"
    }
    assert set(listed) == present
    for name, digest in listed.items():
        assert hashlib.sha256((THIRD_PARTY / name).read_bytes()).hexdigest() == digest, name


def test_the_emulated_pico_reads_the_release_and_the_boot_rom_from_third_party(monkeypatch):
    monkeypatch.delenv("ARDOISE_RP2_UF2", raising=False)
    uf2, bootrom = pico.firmware()
    assert uf2 == THIRD_PARTY / "rp2040" / pico.UF2_NAME
    assert bootrom == THIRD_PARTY / "rp2040" / pico.BOOTROM_NAME
