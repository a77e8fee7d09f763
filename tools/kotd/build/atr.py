"""The Atari game disk (``dist/kotd-atari.atr``) and the loose ``dist/kotd-atari.xex``.

ATR: a 16-byte header ($96 $02, size in 16-byte paragraphs, sector size 128), then
720 single-density sectors of 128 bytes.  Layout (docs/images.md "Atari disk")::

    1..B          boot sectors: port/asm/atari_boot.s at BOOT_BASE, then its directory
    B+1..         the files, each on whole sectors: resident code, engine, program
    LABEL         the save-area label ("KOTDSAVE", format, slots, sectors per slot)
    LABEL+1..720  SAVE_SLOTS slots of 1 + ceil(STATE_SIZE / 128) sectors, then one
                  read-only start slot per scenario (the same format; disk.py)

The tokenized program (Atari BASIC SAVE format) is staged below STAGING_END, where
the Z: device of the resident code hands it to BASIC's RUN "Z:".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import images
from .disk import SaveLayout, label_bytes

SECTOR = 128
SECTORS = 720
BOOT_BASE = 0x0700
#: The staged program ends here: under the GRAPHICS 0 screen that RAMTOP = $50 leaves
#: (display list at $4C20); BASIC's RUN "Z:" copies it down to LOMEM.
STAGING_END = 0x4800
ATR_MAGIC = b"\x96\x02"
RUNAD = 0x02E0


def save_layout(state_size: int, start_slots: int = 0) -> SaveLayout:
    return SaveLayout("atari", SECTOR, state_size, start_slots=start_slots)


def label_sector(layout: SaveLayout) -> int:
    return SECTORS + 1 - layout.all_slots * layout.per_slot - 1


def first_slot_sector(layout: SaveLayout) -> int:
    return label_sector(layout) + 1


def slot_sector(layout: SaveLayout, slot: int, index: int) -> int:
    """Sector of ``index`` (0 = header) of ``slot`` (1-based; start slots follow the save slots)."""
    return first_slot_sector(layout) + (slot - 1) * layout.per_slot + index


def include_extra(layout: SaveLayout) -> dict[str, int]:
    return {"BOOT_BASE": BOOT_BASE, "SAVE_LABEL_SECTOR": label_sector(layout),
            "SAVE_FIRST_SLOT": first_slot_sector(layout)}


@dataclass(frozen=True)
class DiskFile:
    name: str
    address: int
    data: bytes
    first_sector: int = 0

    @property
    def sectors(self) -> int:
        return -(-len(self.data) // SECTOR)


@dataclass
class AtariDisk:
    boot: bytes                          # boot sectors' bytes: loader + directory
    files: list[DiskFile]
    layout: SaveLayout
    sectors: dict[int, bytes] = field(default_factory=dict)

    @property
    def boot_sectors(self) -> int:
        return -(-len(self.boot) // SECTOR)


def staging_address(program: bytes) -> int:
    return STAGING_END - -(-len(program) // SECTOR) * SECTOR


def make_disk(loader: bytes, files: list[tuple[str, int, bytes]], layout: SaveLayout) -> AtariDisk:
    """Lay out the boot sectors, the files after them, the save area at the end."""
    directory_size = 6 * len(files) + 6
    boot_len = len(loader) + directory_size
    boot_sectors = -(-boot_len // SECTOR)
    placed, next_sector = [], boot_sectors + 1
    for name, address, data in files:
        f = DiskFile(name, address, data, next_sector)
        placed.append(f)
        next_sector += f.sectors
    if next_sector > label_sector(layout):
        raise ValueError(f"the files need sectors up to {next_sector - 1}, the save area starts at "
                         f"{label_sector(layout)}")
    directory = b"".join(f.first_sector.to_bytes(2, "little") + f.sectors.to_bytes(2, "little")
                         + f.address.to_bytes(2, "little") for f in placed) + bytes(6)
    boot = bytearray(loader + directory)
    if boot_sectors > 255:
        raise ValueError("boot sectors do not fit one byte")
    boot[1] = boot_sectors
    disk = AtariDisk(bytes(boot), placed, layout)
    padded = disk.boot + bytes(-len(disk.boot) % SECTOR)
    for i in range(boot_sectors):
        disk.sectors[1 + i] = padded[i * SECTOR:(i + 1) * SECTOR]
    for f in placed:
        data = f.data + bytes(-len(f.data) % SECTOR)
        for i in range(f.sectors):
            disk.sectors[f.first_sector + i] = data[i * SECTOR:(i + 1) * SECTOR]
    disk.sectors[label_sector(layout)] = label_bytes(layout).ljust(SECTOR, b"\0")
    return disk


def atr_bytes(sectors: dict[int, bytes]) -> bytes:
    size = SECTORS * SECTOR
    paragraphs = size // 16
    header = (ATR_MAGIC + (paragraphs & 0xFFFF).to_bytes(2, "little") + SECTOR.to_bytes(2, "little")
              + bytes([paragraphs >> 16]) + bytes(9))
    body = bytearray(size)
    for n, data in sectors.items():
        if not 1 <= n <= SECTORS or len(data) != SECTOR:
            raise ValueError(f"sector {n}: {len(data)} bytes")
        body[(n - 1) * SECTOR:n * SECTOR] = data
    return header + bytes(body)


def read_atr(data: bytes) -> dict[int, bytes]:
    """Sector number (1-based) -> its 128 bytes; ValueError if not a single-density ATR."""
    if data[:2] != ATR_MAGIC:
        raise ValueError("not an ATR image: no $96 $02 header")
    sector_size = int.from_bytes(data[4:6], "little")
    if sector_size != SECTOR:
        raise ValueError(f"ATR with {sector_size}-byte sectors: only single density (128) is ours")
    body = data[16:]
    return {n + 1: body[n * SECTOR:(n + 1) * SECTOR] for n in range(len(body) // SECTOR)}


def loose_xex(files: list[tuple[str, int, bytes]], run_address: int) -> bytes:
    """Binary load file for a DOS: every file as a segment, RUNAD = the resident start."""
    segments = [images.Segment(address, data) for _, address, data in files]
    segments.append(images.Segment(RUNAD, run_address.to_bytes(2, "little")))
    return images.xex(segments)

