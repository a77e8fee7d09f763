"""The game disks: their layout, saved-game slots, and the resident code's fixed ABI.

One definition (this file) gives the layout the 6502 code is assembled with
(``port/asm/generated/saves_<target>.inc``), the BASIC constants of the disk entries,
the image writers (:mod:`.atr`, :mod:`.dsk`) and ``kotd inspect``.

Resident code (``port/asm/<target>_boot_resident.s``) at ``target.resident.start``
begins with a fixed table (``RESIDENT_LAYOUT``): three entries (save, load, info)
called like the engine's (Atari ``X=USR(DISK_SAVE, slot)``; Apple ``POKE DISK_SLOT,
slot: CALL DISK_SAVE``), then the bytes BASIC reads (``DISK_STATUS``, ...).

A saved game: one header sector, then the state block (``STATE_SIZE`` bytes, the game
part) over as many sectors as it needs.  Header::

    0-3 "KOTD"   4 format   5 slot   6 scenario   7 turn   8-9 state size
    10-11 CRC-16/CCITT (poly $1021, start $FFFF, no reflection, no final XOR)
          of bytes 0-9 and then the state block

The save area starts with a label sector ("KOTDSAVE", format, slots, sectors per
slot, state sectors, start slots): the resident code writes nothing to a disk without it.

Start slots (the Atari disk): after the ``SAVE_SLOTS`` save slots come one read-only
slot per scenario, slot ``START_SLOT_FIRST + scenario``, in the same format, written by
the build with the scenario's start state (``start_<scenario>.bin``).  DISK_LOAD and
DISK_INFO take them; DISK_SAVE refuses them (``DISK_BAD_SLOT``), and the sector
writer refuses any slot past ``SAVE_SLOTS`` again.
"""

from __future__ import annotations

from dataclasses import dataclass

from .targets import Target

SAVE_FORMAT = 1
SAVE_SLOTS = 8
HEADER_MAGIC = b"KOTD"
LABEL_MAGIC = b"KOTDSAVE"
HEADER_SIZE = 12
HEADER_SUMMED = 10

#: The resident code's first bytes: name -> offset from ``target.resident.start``.
RESIDENT_LAYOUT = {
    "DISK_SAVE": 0, "DISK_LOAD": 3, "DISK_INFO": 6,
    "DISK_RESET": 9, "DISK_PREPARE": 12, "DISK_START": 15,
    "DISK_SLOT": 18, "DISK_STATUS": 19, "DISK_INFO_SCENARIO": 20, "DISK_INFO_TURN": 21,
    "PROGRAM_START": 22, "PROGRAM_LENGTH": 24,
    # the computer opponent in the RAM under the ROMs (docs/images.md "The opponent"):
    # the call stub, the byte the boot sets (1: loaded, 0: no such RAM), the entry
    # number (Apple: POKEd; Atari: USR's first argument)
    "OPPONENT_CALL": 26, "OPPONENT_READY": 29, "OPPONENT_ENTRY": 30,
}
#: The labels of RESIDENT_LAYOUT's bytes (checked against the resident code's image).
LAYOUT_LABELS = ("DISK_SLOT", "DISK_STATUS", "DISK_INFO_SCENARIO", "DISK_INFO_TURN",
                 "OPPONENT_READY", "OPPONENT_ENTRY")
#: What the BASIC front ends get (state_constants.txt): the entries and the bytes.
BASIC_NAMES = ("DISK_SAVE", "DISK_LOAD", "DISK_INFO", "DISK_SLOT", "DISK_STATUS",
               "DISK_INFO_SCENARIO", "DISK_INFO_TURN", "OPPONENT_CALL", "OPPONENT_READY", "OPPONENT_ENTRY")

#: DISK_STATUS values (what USR returns on the Atari).
STATUS = {
    "OK": 0,
    "ARGS": 1,            # USR with other than one argument
    "BAD_SLOT": 2,        # slot outside 1..SAVE_SLOTS
    "NOT_GAME_DISK": 3,   # no save-area label: not our disk, nothing written
    "EMPTY": 4,           # nothing saved in the slot
    "DAMAGED": 5,         # the slot fails its check: refused, state block untouched
    "IO": 6,              # the drive reported an error
}
STATUS_TEXT = {v: k.lower().replace("_", " ") for k, v in STATUS.items()}


class SlotError(ValueError):
    """A slot that is empty or fails its check; the message says which and why."""


#: OPPONENT_READY as the boot sets it when the RAM is there: the disks carry the whole
#: player (0: no RAM for it; docs/ai.md "On the disks").
OPPONENT_LOADED = 1


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE, bit by bit, as port/asm/saves.s crc16_byte does."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


@dataclass(frozen=True)
class SaveLayout:
    """Where the save area lies on one machine's disk."""
    target: str
    sector_size: int
    state_size: int
    slots: int = SAVE_SLOTS
    start_slots: int = 0      # read-only slots after the save slots: one start state each

    @property
    def all_slots(self) -> int:
        return self.slots + self.start_slots

    @property
    def state_sectors(self) -> int:
        return -(-self.state_size // self.sector_size)

    @property
    def per_slot(self) -> int:
        return 1 + self.state_sectors


def make_header(slot: int, scenario: int, turn: int, state: bytes) -> bytes:
    """The header sector's first bytes (what saves.s writes), CRC included."""
    head = HEADER_MAGIC + bytes([SAVE_FORMAT, slot, scenario, turn]) + len(state).to_bytes(2, "little")
    return head + crc16(state, crc16(head)).to_bytes(2, "little")


def label_bytes(layout: SaveLayout) -> bytes:
    return LABEL_MAGIC + bytes([SAVE_FORMAT, layout.slots, layout.per_slot, layout.state_sectors,
                                layout.start_slots])


#: The first start slot (scenario 0's start state); the scenario's index is added.
START_SLOT_FIRST = SAVE_SLOTS + 1
#: The machines whose game disk carries the start slots.
START_SLOT_TARGETS = ("atari", "apple")


def start_slot(scenario_index: int) -> int:
    """The slot holding the start state of the scenario at ``scenario_index``."""
    return START_SLOT_FIRST + scenario_index


def slot_sectors(layout: SaveLayout, slot: int, scenario: int, turn: int, state: bytes) -> list[bytes]:
    """A slot's sectors as saves.s disk_save writes them: the header, then the state."""
    if len(state) != layout.state_size:
        raise ValueError(f"a state of {len(state)} bytes, the layout's is {layout.state_size}")
    size = layout.sector_size
    body = state + bytes(-len(state) % size)
    return ([make_header(slot, scenario, turn, state).ljust(size, b"\0")]
            + [body[i:i + size] for i in range(0, len(body), size)])


@dataclass(frozen=True)
class SavedGame:
    slot: int
    scenario: int
    turn: int
    state: bytes


def check_slot(slot: int, header: bytes, state_bytes: bytes, state_size: int) -> SavedGame:
    """The checks of saves.s disk_load, in Python: a SavedGame or SlotError."""
    if header[:4] != HEADER_MAGIC:
        raise SlotError(f"slot {slot}: empty")
    if header[4] != SAVE_FORMAT:
        raise SlotError(f"slot {slot}: damaged (format {header[4]}, expected {SAVE_FORMAT})")
    if header[5] != slot:
        raise SlotError(f"slot {slot}: damaged (header says slot {header[5]})")
    size = int.from_bytes(header[8:10], "little")
    if size != state_size:
        raise SlotError(f"slot {slot}: damaged (state of {size} bytes, this build's is {state_size})")
    state = state_bytes[:size]
    want = int.from_bytes(header[10:12], "little")
    got = crc16(state, crc16(header[:HEADER_SUMMED]))
    if want != got:
        raise SlotError(f"slot {slot}: damaged (CRC ${got:04X}, the header says ${want:04X})")
    return SavedGame(slot, header[6], header[7], state)


def basic_constants(target: Target) -> dict[str, int]:
    """DISK_* addresses and DISK_* status codes for state_constants.txt."""
    if target.resident is None:
        return {}
    base = target.resident.start
    out = {name: base + RESIDENT_LAYOUT[name] for name in BASIC_NAMES}
    out.update({f"DISK_{name}": code for name, code in STATUS.items()})
    out["SAVE_SLOTS"] = SAVE_SLOTS
    from .opponent import ENTRIES
    out.update({f"OPPONENT_{name}": number for number, (name, _, _) in enumerate(ENTRIES)})
    if target.name in START_SLOT_TARGETS:
        out["START_SLOT_FIRST"] = START_SLOT_FIRST
    # the top of BASIC's memory: below the resident code (Atari RAMTOP in pages), below
    # hi-res page 2 (Apple HIMEM: the program region's end, set by the disk's key hook)
    if target.name == "atari":
        out["RAMTOP"] = base >> 8
    else:
        out["HIMEM"] = target.program.end + 1 if target.program else base
    return out


def include_text(target: Target, layout: SaveLayout, extra: dict[str, int]) -> str:
    """``generated/saves_<target>.inc``: the resident code's layout and the save area."""
    r = target.resident
    lines = [f"; GENERATED by kotd build from data/ — do not edit",
             f"; {target.title}: the game disk (tools/kotd/build/disk.py)", ";",
             f".alias RESIDENT_BASE        ${r.start:04X}",
             f".alias RESIDENT_LAST        ${r.end:04X}",
             f".alias RESIDENT_PREPARE     ${r.start + RESIDENT_LAYOUT['DISK_PREPARE']:04X}",
             f".alias RESIDENT_START       ${r.start + RESIDENT_LAYOUT['DISK_START']:04X}",
             f".alias BASIC_HIMEM          ${(target.program.end + 1 if target.program else r.start):04X}",
             f".alias OPPONENT_BASE        ${target.opponent.start:04X}",
             f".alias SAVE_FORMAT          {SAVE_FORMAT}",
             f".alias SAVE_SLOTS           {layout.slots}",
             f".alias START_SLOTS          {layout.start_slots}",
             f".alias SAVE_SECTOR_SIZE     {layout.sector_size}",
             f".alias SAVE_STATE_SECTORS   {layout.state_sectors}",
             f".alias SAVE_PER_SLOT        {layout.per_slot}"]
    lines += [f".alias {name:<20} {value}" for name, value in extra.items()]
    lines.append(f".alias RESIDENT_OPPONENT_READY ${r.start + RESIDENT_LAYOUT['OPPONENT_READY']:04X}")
    lines.append(f".alias OPPONENT_LOADED      {OPPONENT_LOADED}    ; OPPONENT_READY once loaded")

    if target.opponent_buffer is not None:
        lines.append(f".alias OPPONENT_BUFFER      ${target.opponent_buffer.start:04X}    ; {target.opponent_buffer.name}")
    if target.disk_buffer is not None:
        lines.append(f".alias SECTOR_BUFFER        ${target.disk_buffer.start:04X}    ; {target.disk_buffer.name}")
    lines += [f".alias DISK_{name:<15} {code}" for name, code in STATUS.items()]
    return "\n".join(lines) + "\n"
