"""Saved games under py65, with the disk modelled (issue 11).

Atari: the resident code as shipped (kotd-atari.xex's first segment) with the OS's
DSKINV modelled on the ATR's sectors: the USR entries as BASIC calls them.
Apple: the resident code with a Disk II modelled at the nibble level (a stepper, a
spinning track of address and data fields, the data latch in read and write mode):
our own seek, 6-and-2 read and write, checked against kotd.build.dsk's encoder.

Each run allows writes only where the code may write (its own variables and buffer,
the engine's zero page, the disk's call block, the stack, and the state block for a
load): anything else stops the run as a stray write.
"""

import random

import pytest

from kotd.build import atr, disk, dsk, images, stateblock
from kotd.build.assemble import assemble
from kotd.build.targets import APPLE, ATARI
from kotd.emu.cpu import SENTINEL, Cpu, WatchedMemory, _WriteFault

from atari_drive import DSKINV, Drive, StrayWrite, run

def pattern(n, seed):
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(n))


# --- Atari -------------------------------------------------------------------------------------

@pytest.fixture
def atari(model, dist):
    """A machine with the shipped resident code and a model of drive 1 holding the ATR."""
    segs = images.read_xex((dist / "kotd-atari.xex").read_bytes())
    cpu = Cpu()
    cpu.load(segs[0].start, segs[0].data)
    cpu.load(DSKINV, b"\x60")
    drive = Drive(dict(atr.read_atr((dist / "kotd-atari.atr").read_bytes())))
    sectors, written, dskinv = drive.sectors, drive.written, drive.dskinv

    size = stateblock.layout(model).state_size
    base = ATARI.resident.start
    cpu.allow_writes(base, ATARI.resident.end)
    cpu.allow_writes(0x00E0, 0x00E3)                 # ZP_PTR, ZP_LEFT (saved and restored)
    cpu.allow_writes(0x00D4, 0x00D5)                 # FR0: what USR returns
    cpu.allow_writes(0x0300, 0x030B)                 # the disk's call block
    cpu.allow_writes(ATARI.disk_buffer.start, ATARI.disk_buffer.end)   # the sector buffer
    cpu.allow_writes(0x0100, 0x01FF)

    class Atari:
        pass
    m = Atari()
    m.cpu, m.sectors, m.written, m.size = cpu, sectors, written, size
    m.layout = atr.save_layout(size, start_slots=len(model.scenarios))
    m.drive = drive

    def usr(entry, *args):
        stack = b"".join(bytes([v & 0xFF, v >> 8]) for v in reversed(args)) + bytes([len(args)])
        run(cpu, base + disk.RESIDENT_LAYOUT[entry], stack=stack, traps={DSKINV: dskinv})
        return cpu.word(0xD4)
    m.usr = usr
    return m


def atari_slot(m, slot):
    lay = m.layout
    header = m.sectors[atr.slot_sector(lay, slot, 0)]
    body = b"".join(m.sectors[atr.slot_sector(lay, slot, i)] for i in range(1, lay.per_slot))
    return header, body


def test_atari_save_then_load_round_trip(atari):
    state = pattern(atari.size, 1)
    atari.cpu.load(ATARI.state.start, state)
    assert atari.usr("DISK_SAVE", 3) == disk.STATUS["OK"]
    lay = atari.layout
    assert sorted(atari.written) == [atr.slot_sector(lay, 3, i) for i in range(lay.per_slot)]
    assert atari.written[-1] == atr.slot_sector(lay, 3, 0), "the header is written last"
    saved = disk.check_slot(3, *atari_slot(atari, 3), atari.size)     # the Python check agrees
    assert saved.state == state and saved.scenario == state[0] and saved.turn == state[1]
    atari.cpu.allow_writes(ATARI.state.start, ATARI.state.start + atari.size - 1)
    atari.cpu.load(ATARI.state.start, bytes(atari.size))
    assert atari.usr("DISK_LOAD", 3) == disk.STATUS["OK"]
    assert atari.cpu.read(ATARI.state.start, atari.size) == state
    assert atari.usr("DISK_INFO", 3) == 0
    base = ATARI.resident.start
    assert atari.cpu.byte(base + 20) == state[0] and atari.cpu.byte(base + 21) == state[1]


def test_atari_damaged_slot_is_refused_and_nothing_copied(atari):
    atari.cpu.load(ATARI.state.start, pattern(atari.size, 2))
    assert atari.usr("DISK_SAVE", 1) == 0
    n = atr.slot_sector(atari.layout, 1, 4)
    atari.sectors[n] = atari.sectors[n][:9] + bytes([atari.sectors[n][9] ^ 1]) + atari.sectors[n][10:]
    before = pattern(atari.size, 3)
    atari.cpu.load(ATARI.state.start, before)
    # no write allowed into the state block: a copy would be a stray write
    assert atari.usr("DISK_LOAD", 1) == disk.STATUS["DAMAGED"]
    assert atari.cpu.read(ATARI.state.start, atari.size) == before


def test_atari_refusals(atari):
    assert atari.usr("DISK_LOAD", 2) == disk.STATUS["EMPTY"]
    assert atari.usr("DISK_INFO", 0) == disk.STATUS["BAD_SLOT"]
    assert atari.usr("DISK_SAVE", disk.SAVE_SLOTS + 1) == disk.STATUS["BAD_SLOT"]
    assert atari.usr("DISK_SAVE", 256 + 1) == disk.STATUS["BAD_SLOT"]
    assert atari.usr("DISK_SAVE") == disk.STATUS["ARGS"]
    assert atari.usr("DISK_SAVE", 1, 2) == disk.STATUS["ARGS"]
    assert atari.written == []
    # another disk in the drive (no save-area label): nothing written, whatever the slot
    atari.sectors[atr.label_sector(atari.layout)] = bytes(128)
    assert atari.usr("DISK_SAVE", 1) == disk.STATUS["NOT_GAME_DISK"]
    assert atari.written == []


def test_atari_opponent_call_refuses_without_the_opponent(atari):
    """OPPONENT_READY 0 (a 48 KB machine, the loose file): E_NO_OPPONENT whatever the
    arguments, every one pulled (the run checks the stack), nothing written but FR0 and
    the stack (no call block, no PORTB, no NMIEN: the harness allows none of them)."""
    from kotd.build.abi import ERRORS
    assert atari.cpu.byte(ATARI.resident.start + disk.RESIDENT_LAYOUT["OPPONENT_READY"]) == 0
    for args in ((0, 34, 6, 0, 255), (), (0,), tuple(range(12))):
        assert atari.usr("OPPONENT_CALL", *args) == ERRORS["NO_OPPONENT"]


def test_atari_start_slots_load_the_start_states(atari, model, dist):
    """DISK_LOAD of START_SLOT_FIRST + n: scenario n's start state (start_<scenario>.bin),
    as the front end starts a game; DISK_INFO shows its scenario and turn 1."""
    atari.cpu.allow_writes(ATARI.state.start, ATARI.state.start + atari.size - 1)
    for index, sid in enumerate(model.scenarios):
        want = (dist / "atari" / f"start_{sid}.bin").read_bytes()
        atari.cpu.load(ATARI.state.start, pattern(atari.size, index))
        assert atari.usr("DISK_LOAD", disk.start_slot(index)) == disk.STATUS["OK"]
        assert atari.cpu.read(ATARI.state.start, atari.size) == want
        assert atari.usr("DISK_INFO", disk.start_slot(index)) == disk.STATUS["OK"]
        base = ATARI.resident.start
        assert (atari.cpu.byte(base + 20), atari.cpu.byte(base + 21)) == (index, want[1])
    assert atari.usr("DISK_LOAD", disk.start_slot(len(model.scenarios))) == disk.STATUS["BAD_SLOT"]
    assert atari.written == []


def test_atari_saves_never_reach_a_start_slot(atari, model):
    """DISK_SAVE refuses every start slot, and the sector writer itself refuses a start
    slot whoever calls it: nothing written."""
    atari.cpu.load(ATARI.state.start, pattern(atari.size, 9))
    for index in range(len(model.scenarios)):
        assert atari.usr("DISK_SAVE", disk.start_slot(index)) == disk.STATUS["BAD_SLOT"]
    asm = assemble("atari_boot_resident.s")
    for slot in [disk.start_slot(i) for i in range(len(model.scenarios))] + [disk.SAVE_SLOTS + 40, 255]:
        atari.cpu.load(asm.address("DISK_SLOT"), bytes([slot]))
        run(atari.cpu, asm.address("write_slot_sector"), traps=atari.drive.traps())
        assert atari.cpu.mpu.p & 1, f"slot {slot}: carry set (refused)"
    assert atari.written == []
    # the last save slot still writes, just below the first start slot
    assert atari.usr("DISK_SAVE", disk.SAVE_SLOTS) == disk.STATUS["OK"]
    assert max(atari.written) == atr.slot_sector(atari.layout, disk.SAVE_SLOTS, atari.layout.per_slot - 1)
    assert max(atari.written) < atr.slot_sector(atari.layout, disk.START_SLOT_FIRST, 0)


def test_atari_damaged_start_slot_is_refused(atari, model):
    n = atr.slot_sector(atari.layout, disk.start_slot(2), 3)
    atari.sectors[n] = bytes([atari.sectors[n][0] ^ 0x80]) + atari.sectors[n][1:]
    before = pattern(atari.size, 4)
    atari.cpu.load(ATARI.state.start, before)      # no write allowed into the state block
    assert atari.usr("DISK_LOAD", disk.start_slot(2)) == disk.STATUS["DAMAGED"]
    assert atari.cpu.read(ATARI.state.start, atari.size) == before


# --- Apple: a Disk II at the nibble level ---------------------------------------------------------

SLOT16 = 0x60


def four_and_four(v):
    return [((v >> 1) & 0x55) | 0xAA, (v & 0x55) | 0xAA]


def track_nibbles(track, sectors):
    out = [0xFF] * 48
    for s in range(16):
        out += [0xD5, 0xAA, 0x96] + four_and_four(254) + four_and_four(track) + four_and_four(s)
        out += four_and_four(254 ^ track ^ s) + [0xDE, 0xAA, 0xEB] + [0xFF] * 6
        out += [0xD5, 0xAA, 0xAD] + dsk.encode_sector(sectors[(track, s)]) + [0xDE, 0xAA, 0xEB] + [0xFF] * 27
    return out


def decode_track(nibbles):
    """(sector -> bytes) of a track, reading it as a disk controller would."""
    out, n, i, sector = {}, len(nibbles), 0, None
    ring = nibbles + nibbles
    while i < n:
        if ring[i:i + 3] == [0xD5, 0xAA, 0x96]:
            f = ring[i + 3:i + 11]
            sector = ((f[4] << 1) | 1) & f[5]
            i += 11
        elif ring[i:i + 3] == [0xD5, 0xAA, 0xAD] and sector is not None:
            out[sector] = dsk.decode_sector(ring[i + 3:i + 346])
            sector, i = None, i + 346
        else:
            i += 1
    return out


class DiskII:
    """Drive 1 of slot 6: stepper phases, a spinning nibble track, the latch."""

    def __init__(self, sectors, protected=False):
        self.tracks = {t: track_nibbles(t, sectors) for t in range(dsk.TRACKS)}
        self.half, self.pos, self.latch = 0, 0, 0
        self.write_mode, self.q6, self.protected = False, False, protected
        self.nibbles_written = 0

    def access(self, switch, value):
        if switch < 8:                                   # stepper: phase switch // 2 on/off
            phase, on = switch >> 1, switch & 1
            if on:
                if phase == (self.half + 1) % 4:
                    self.half = min(self.half + 1, 68)
                elif phase == (self.half - 1) % 4:
                    self.half = max(self.half - 1, 0)
            return 0
        track = self.tracks[self.half // 2]
        if switch == 0xC:                                # Q6L: read the latch / shift a byte out
            self.q6 = False
            if self.write_mode:
                track[self.pos] = self.latch
                self.nibbles_written += 1
            else:
                self.latch = track[self.pos]
            self.pos = (self.pos + 1) % len(track)
            return self.latch
        if switch == 0xD:                                # Q6H: load the latch (write mode)
            self.q6 = True
            if value is not None:
                self.latch = value
            return 0
        if switch == 0xE:                                # Q7L: read mode; after Q6H, write protect
            self.write_mode = False
            return 0x80 if (self.q6 and self.protected) else 0
        if switch == 0xF:                                # Q7H: write mode
            self.write_mode = True
            if value is not None:
                self.latch = value
            return 0
        return 0


class IoMemory(WatchedMemory):
    def __init__(self, drive):
        super().__init__()
        self.drive = drive

    def __getitem__(self, i):
        if type(i) is int and SLOT16 + 0xC080 <= i <= SLOT16 + 0xC08F:
            return self.drive.access(i & 0xF, None)
        return list.__getitem__(self, i)

    def __setitem__(self, i, v):
        if SLOT16 + 0xC080 <= i <= SLOT16 + 0xC08F:
            self.drive.access(i & 0xF, v)
            return
        super().__setitem__(i, v)


@pytest.fixture
def apple(model, dist):
    asm = assemble("apple_boot_resident.s")                 # generated includes: written by dist
    sectors = dsk.read_dsk((dist / "kotd-apple.dsk").read_bytes())
    body = b"".join(sectors[(0, p)] for p in range(1, sectors[(0, 0)][0]))
    image = asm.image[:asm.address("directory") - APPLE.resident.start]
    assert body[:len(image)][26:] == image[26:], "the disk holds this resident code"

    class Apple:
        pass
    m = Apple()
    m.size = stateblock.layout(model).state_size
    m.layout = dsk.save_layout(m.size, start_slots=len(model.scenarios))
    m.asm, m.sectors = asm, sectors

    def machine(protected=False):
        drive = DiskII(m.sectors, protected)
        cpu = Cpu()
        cpu.memory = IoMemory(drive)
        cpu.mpu.memory = cpu.memory
        cpu.load(APPLE.resident.start, image)
        cpu.allow_writes(APPLE.resident.start, APPLE.resident.end)
        cpu.allow_writes(APPLE.zero_page.start, APPLE.zero_page.end)
        cpu.allow_writes(0x0100, 0x01FF)
        cpu.load(asm.address("rw_slot16"), bytes([SLOT16]))
        run(cpu, asm.address("rw_init"))
        m.cpu, m.drive = cpu, drive
        return m
    m.machine = machine

    def call(entry, slot):
        m.cpu.load(APPLE.resident.start + disk.RESIDENT_LAYOUT["DISK_SLOT"], bytes([slot]))
        run(m.cpu, APPLE.resident.start + disk.RESIDENT_LAYOUT[entry], traps={asm.address("rw_delay"): lambda c: None})
        return m.cpu.byte(APPLE.resident.start + disk.RESIDENT_LAYOUT["DISK_STATUS"])
    m.call = call
    return m


def test_apple_opponent_call_refuses_without_the_opponent(apple, model):
    """OPPONENT_READY 0: CALL_STATUS = E_NO_OPPONENT, the language card never touched
    (IoMemory has none: a read of $C080-$C08F or a write past $BFFF would show)."""
    from kotd.build.abi import ERRORS
    from kotd.build.stateblock import field_addresses
    m = apple.machine()
    status = field_addresses(model, APPLE)["CALL_STATUS"]
    m.cpu.allow_writes(status, status)
    assert m.cpu.byte(APPLE.resident.start + disk.RESIDENT_LAYOUT["OPPONENT_READY"]) == 0
    run(m.cpu, APPLE.resident.start + disk.RESIDENT_LAYOUT["OPPONENT_CALL"])
    assert m.cpu.byte(status) == ERRORS["NO_OPPONENT"]


def test_apple_save_writes_6_and_2_that_reads_back(apple):
    m = apple.machine()
    state = pattern(apple.size, 4)
    m.cpu.load(APPLE.state.start, state)
    assert m.call("DISK_SAVE", 4) == disk.STATUS["OK"]
    track = dsk.label_track(apple.layout) + 4
    assert m.drive.half == 2 * track
    on_disk = decode_track(m.drive.tracks[track])           # the Python reader of what was written
    body = b"".join(on_disk[i] for i in range(1, apple.layout.per_slot))
    assert disk.check_slot(4, on_disk[0], body, apple.size).state == state
    for other in set(m.drive.tracks) - {track}:
        assert m.drive.tracks[other] == track_nibbles(other, apple.sectors), f"track {other} changed"
    # and our own reader brings it back
    m.cpu.allow_writes(APPLE.state.start, APPLE.state.start + apple.size - 1)
    m.cpu.load(APPLE.state.start, bytes(apple.size))
    assert m.call("DISK_LOAD", 4) == disk.STATUS["OK"]
    assert m.cpu.read(APPLE.state.start, apple.size) == state
    assert m.call("DISK_INFO", 4) == 0


def test_apple_damaged_slot_is_refused(apple):
    m = apple.machine()
    m.cpu.load(APPLE.state.start, pattern(apple.size, 5))
    assert m.call("DISK_SAVE", 2) == 0
    track = dsk.label_track(apple.layout) + 2
    sectors = decode_track(m.drive.tracks[track])
    sectors[2] = sectors[2][:50] + bytes([sectors[2][50] ^ 4]) + sectors[2][51:]
    m.drive.tracks[track] = track_nibbles(track, {(track, s): sectors.get(s, bytes(256)) for s in range(16)})
    before = pattern(apple.size, 6)
    m.cpu.load(APPLE.state.start, before)
    assert m.call("DISK_LOAD", 2) == disk.STATUS["DAMAGED"]
    assert m.cpu.read(APPLE.state.start, apple.size) == before
    assert m.call("DISK_LOAD", 1) == disk.STATUS["EMPTY"]
    assert m.call("DISK_LOAD", apple.layout.all_slots + 1) == disk.STATUS["BAD_SLOT"]


@pytest.mark.parametrize("scenario", ["tobruk41", "campaign"])
def test_apple_start_slots_load_the_start_states(apple, model, dist, scenario):
    """Our own reader loads a start slot's state (the CRC checked first) as a saved game."""
    m = apple.machine()
    m.cpu.allow_writes(APPLE.state.start, APPLE.state.start + apple.size - 1)
    m.cpu.load(APPLE.state.start, bytes(apple.size))
    slot = disk.start_slot(list(model.scenarios).index(scenario))
    assert m.call("DISK_LOAD", slot) == disk.STATUS["OK"]
    assert m.cpu.read(APPLE.state.start, apple.size) == (dist / "apple" / f"start_{scenario}.bin").read_bytes()
    assert m.drive.nibbles_written == 0


def test_apple_saves_never_reach_a_start_slot(apple, model):
    """DISK_SAVE refuses a start slot, and the sector writer called directly writes none."""
    m = apple.machine()
    m.cpu.load(APPLE.state.start, pattern(apple.size, 7))
    for slot in range(apple.layout.slots + 1, apple.layout.all_slots + 1):
        assert m.call("DISK_SAVE", slot) == disk.STATUS["BAD_SLOT"]
        m.cpu.load(APPLE.resident.start + disk.RESIDENT_LAYOUT["DISK_SLOT"], bytes([slot]))
        run(m.cpu, apple.asm.address("write_slot_sector"), a=0, traps={apple.asm.address("rw_delay"): lambda c: None})
        assert m.cpu.mpu.p & 1, "carry set: refused"
    assert m.drive.nibbles_written == 0


def test_apple_write_protected_and_foreign_disks_are_left_alone(apple):
    m = apple.machine(protected=True)
    assert m.call("DISK_SAVE", 1) == disk.STATUS["IO"]
    assert m.drive.nibbles_written == 0
    blank = dict(apple.sectors)
    blank[(dsk.label_track(apple.layout), 0)] = bytes(256)
    apple.sectors = blank
    m = apple.machine()
    assert m.call("DISK_SAVE", 1) == disk.STATUS["NOT_GAME_DISK"]
    assert m.drive.nibbles_written == 0


# --- the loaders ---------------------------------------------------------------------------------

CIOV, HATABS = 0xE456, 0x031A


class Stop(Exception):
    pass


class RomMemory(WatchedMemory):
    """Writes to $A000-$BFFF (the cartridge) are lost, as on the machine."""

    def __setitem__(self, i, v):
        if 0xA000 <= i <= 0xBFFF:
            return
        super().__setitem__(i, v)


PORTB, NMIEN = 0xD301, 0xD40E


class XlMemory(RomMemory):
    """An XL's RAM under the OS ($C000-$CFFF, $D800-$FFFF), in while PORTB bit 0 is 0
    (``xl``); the OS ROM otherwise (its bytes: what is loaded there).  On an 800 (not
    ``xl``) nothing answers at $C000-$CFFF (reads $FF) and the ROM keeps its bytes.
    Every write under the OS is noted with NMIEN and the I flag as they were."""

    def __init__(self, xl: bool):
        super().__init__()
        self.xl, self.portb, self.nmien, self.mpu = xl, 0xFF, 0x40, None
        self.under = bytearray(0x4000)
        self.under_writes = []

    def _ram_in(self):
        return self.xl and not self.portb & 1

    @staticmethod
    def _under_os(i):
        return 0xC000 <= i <= 0xCFFF or 0xD800 <= i

    def __getitem__(self, i):
        if type(i) is int and self._under_os(i):
            if self._ram_in():
                return self.under[i - 0xC000]
            if not self.xl and i <= 0xCFFF:
                return 0xFF
        if type(i) is int and i == PORTB:
            return self.portb
        return list.__getitem__(self, i)

    def __setitem__(self, i, v):
        if i == PORTB:
            self.portb = v
        elif i == NMIEN:
            self.nmien = v
        elif self._under_os(i):
            self.under_writes.append((self.nmien, self.mpu.p & 4))
            if self._ram_in():
                self.under[i - 0xC000] = v
        else:
            super().__setitem__(i, v)


def directory_files(sectors) -> list[tuple[int, int, int]]:
    """The boot directory's files (6-byte entries after the loader): (first sector,
    sectors, address) each, in the order the loader reads them."""
    from kotd.build.assemble import assemble
    count = sectors[1][1]
    code = b"".join(sectors[n] for n in range(1, count + 1))
    at = assemble("atari_boot.s").address("directory") - atr.BOOT_BASE
    files = []
    while code[at + 2] | code[at + 3]:
        files.append(tuple(int.from_bytes(code[at + i:at + i + 2], "little") for i in (0, 2, 4)))
        at += 6
    return files


def copied_pages(asm, read) -> bytes:
    """What the boot copied: each chunk's pages read at its address (``read(address,
    n)``), one after another, as the opponent's file holds them."""
    return b"".join(read(address, -(-size // 256) * 256) for address, size in asm.placement.chunks)


@pytest.fixture(scope="module")
def filled_atr(model, dist):
    """The test image: the opponent's file with its chunks' pages filled out with a pattern
    (diskimages.opponent_file)."""
    from kotd.build.diskimages import disk_bytes
    return disk_bytes(model, ATARI, dist, fill_opponent=True)


@pytest.mark.parametrize("xl,filled", [(True, False), (False, False), (True, True), (False, True)],
                         ids=["xl", "800", "xl-full", "800-full"])
def test_atari_boot_loader_copies_the_opponent_under_the_os_on_an_xl_only(model, dist, filled_atr, xl, filled):
    """The loader's check writes and reads back under the OS with the ROM switched out;
    on an XL it reads the opponent's file into its buffer and copies it there at once
    (each chunk's pages to its place: with the test image's filled file, every byte of
    them), with NMIs and IRQs off, sets OPPONENT_READY, and reads the program over the buffer; on an 800 no sector of the
    opponent is read, nothing is copied and OPPONENT_READY stays 0.  Either way every
    other file is in place, and PORTB and NMIEN are as before afterwards."""
    from kotd.build.diskimages import opponent_file
    from kotd.build.opponent import opponent_assembly
    from kotd.emu.machine import EngineMachine
    sectors = atr.read_atr(filled_atr if filled else (dist / "kotd-atari.atr").read_bytes())
    count = sectors[1][1]
    cpu = Cpu()
    cpu.memory = XlMemory(xl)
    cpu.mpu.memory = cpu.memory
    cpu.memory.mpu = cpu.mpu
    cpu.load(atr.BOOT_BASE, b"".join(sectors[n] for n in range(1, count + 1)))
    cpu.load(0xBFFA, bytes([0x00, 0xA0, 0x00, 0x05]))
    cpu.load(0x0006, b"\x01")
    cpu.load(HATABS, b"P\x30\xe4C\x40\xe4E\x00\xe4S\x10\xe4K\x20\xe4")
    cpu.load(0xE400, bytes(range(16)))
    cpu.allow_writes(0x0000, 0x9FFF)

    read = []
    copied_at = []

    def dskinv(c):
        m = c.memory
        read.append(m[0x30A] | m[0x30B] << 8)
        c.load(m[0x304] | m[0x305] << 8, sectors[read[-1]])
        list.__setitem__(m, 0x303, 1)
        c.mpu.y = 1
    loader = assemble("atari_boot.s")
    copy = loader.address("copy_opponent")
    traps = {DSKINV: dskinv, CIOV: lambda c: setattr(c.mpu, "y", 1)}
    cpu.mpu.memory = cpu.memory
    step = cpu.mpu.step

    def watched_step():
        if cpu.mpu.pc == copy:
            copied_at.append(len(read))
        step()
    cpu.mpu.step = watched_step
    run(cpu, atr.BOOT_BASE + 6, traps=traps)
    mem = cpu.memory
    files = directory_files(sectors)
    opp_first, opp_count, opp_at = files[5]
    asm = opponent_assembly(model, ATARI, EngineMachine.from_dist(model, dist, "atari").symbols)
    the_file = opponent_file(asm, filled)
    assert opp_at == ATARI.opponent_buffer.start and opp_count * 128 == len(the_file)
    ready = cpu.byte(ATARI.resident.start + disk.RESIDENT_LAYOUT["OPPONENT_READY"])
    assert (mem.portb, mem.nmien) == (0xFF, 0x40) and mem.under_writes
    assert all(w == (0, 4) for w in mem.under_writes), "under the OS only with NMIEN = 0 and SEI"
    opponent_sectors = set(range(opp_first, opp_first + opp_count))
    if xl:
        assert ready == disk.OPPONENT_LOADED
        assert copied_pages(asm, lambda a, n: bytes(mem.under[a - 0xC000:a - 0xC000 + n])) == the_file
        assert len(mem.under_writes) == 2 + len(the_file)               # the check, the pages
        # copied once, right after its last sector, before any sector of the program
        assert len(copied_at) == 1 and read[copied_at[0] - 1] == opp_first + opp_count - 1
        assert set(read[copied_at[0] - opp_count:copied_at[0]]) == opponent_sectors
    else:
        assert ready == 0 and len(mem.under_writes) == 1                # the first pattern, lost
        assert not copied_at and not opponent_sectors & set(read), "an 800 reads no sector of it"
    assert len(read) == len(set(read))
    expected = {}                                   # every file read in place, in the order read
    for n, (first, k, at) in enumerate(files):
        if n != 5 or xl:
            expected.update(zip(range(at, at + 128 * k), b"".join(sectors[first + i] for i in range(k))))
    resident = ATARI.resident                       # (the resident code's own bytes change as it runs)
    assert all(cpu.byte(a) == v for a, v in expected.items() if not resident.start <= a < files[4][2])


def test_atari_boot_loader_puts_every_file_in_place_and_hands_over_to_basic(model, dist):
    sectors = atr.read_atr((dist / "kotd-atari.atr").read_bytes())
    count = sectors[1][1]
    cpu = Cpu()
    cpu.memory = XlMemory(False)
    cpu.mpu.memory = cpu.memory
    cpu.memory.mpu = cpu.mpu
    cpu.load(atr.BOOT_BASE, b"".join(sectors[n] for n in range(1, count + 1)))   # what the OS does
    cpu.load(0xBFFA, bytes([0x00, 0xA0, 0x00, 0x05]))     # a cartridge: CARTCS $A000, present
    cpu.load(0x0006, b"\x01")                              # TRAMSZ: the OS found it
    cpu.load(HATABS, b"P\x30\xe4C\x40\xe4E\x00\xe4S\x10\xe4K\x20\xe4")   # the OS's devices
    cpu.load(0xE400, bytes(range(16)))                                   # E:'s handler table
    cpu.load(0x000C, b"\x00\x00")                                        # DOSINI from the boot record
    cpu.allow_writes(0x0000, 0x9FFF)                                     # RAM: the loader may fill it
    cio_calls = []

    def dskinv(c):
        m = c.memory
        assert m[0x302] == 0x52, "the loader only reads"
        c.load(m[0x304] | m[0x305] << 8, sectors[m[0x30A] | m[0x30B] << 8])
        list.__setitem__(m, 0x303, 1)
        c.mpu.y = 1

    def ciov(c):
        cio_calls.append(c.memory[0x342])
        c.mpu.y = 1
    run(cpu, atr.BOOT_BASE + 6, traps={DSKINV: dskinv, CIOV: ciov})
    assert cpu.mpu.p & 1 == 0, "boot_continue returns with carry clear"
    assert cpu.byte(0x6A) == ATARI.resident.start >> 8, "RAMTOP below the resident code"
    engine = (dist / "atari" / "engine.bin").read_bytes()
    assert cpu.read(ATARI.engine.start, len(engine)) == engine
    program = started_program(dist, "atari")
    assert cpu.read(atr.staging_address(program), len(program)) == program
    from kotd.build import build_target
    from kotd.build.diskimages import frontend_segments
    engine_asm = build_target(model, ATARI, None, echo=lambda _: None).assembly
    sections = frontend_segments(model, ATARI, engine_asm)
    base = sections[0][1]
    assert base == engine_asm.address("engine_end") == ATARI.engine.start + len(engine)
    for name, at, data in sections:               # code after the engine, its text and extra section
        assert cpu.read(at, len(data)) == data, f"the front end's {name} at ${at:04X}, intact"
    reset = ATARI.resident.start + disk.RESIDENT_LAYOUT["DISK_RESET"]
    assert cpu.word(0x000C) == cpu.word(reset + 1), "DOSINI: our RESET handler (the JMP at DISK_RESET)"
    assert cio_calls[:2] == [0x0C, 0x03], "the screen closed and reopened below RAMTOP"
    # the device table: Z: added, E: pointing at the copy whose "get byte" types the command
    table = cpu.read(HATABS, 18)
    assert table[15:16] == b"Z"
    e_table = table[7] | table[8] << 8
    assert e_table != 0xE400 and cpu.read(e_table, 4) == bytes(range(4))
    get = (cpu.read(e_table + 4, 1)[0] | cpu.read(e_table + 5, 1)[0] << 8) + 1
    typed = bytes(run(cpu, get) for _ in range(8))
    assert typed == b'RUN "Z:"' and run(cpu, get) == 0x9B
    assert cpu.read(HATABS + 7, 2) == b"\x00\xe4", "after the line the OS's editor is back"
    # Z: hands BASIC the staged program, then end of file
    cpu.load(0x0080, (0x0700).to_bytes(2, "little"))                     # LOMEM
    z = cpu.word(HATABS + 16)
    open_, get_z = cpu.word(z) + 1, cpu.word(z + 4) + 1
    run(cpu, open_)
    assert cpu.mpu.y == 1
    got = []
    for _ in range(len(program)):
        got.append(run(cpu, get_z))
    assert bytes(got) == program
    run(cpu, get_z)
    assert cpu.mpu.y == 136
    cpu.load(0x0080, (atr.staging_address(program) - 200).to_bytes(2, "little"))
    run(cpu, open_)
    assert cpu.mpu.y == 147, "a LOMEM too high to load over the staged copy is refused"


class CardMemory(IoMemory):
    """A language card's $D000 bank 2 (``card``), switched by reading $C080-$C083 (bit 0
    twice: write enabled; bits 0-1 equal: its RAM read), or none (a 48 KB machine: the
    ROM answers and keeps its bytes).  Every write to the card is noted with the I flag."""

    def __init__(self, drive, card: bool):
        super().__init__(drive)
        self.card, self.read_ram, self.write_ram, self.prewrite, self.mpu = card, False, False, False, None
        self.ram = bytearray(0x3000)
        self.card_writes = []

    def __getitem__(self, i):
        if type(i) is int and 0xC080 <= i <= 0xC08F:
            assert not i & 8, "bank 2 only"
            if i & 1:
                self.write_ram, self.prewrite = self.prewrite, True
            else:
                self.write_ram = self.prewrite = False
            self.read_ram = (i & 3) in (0, 3)
            return 0
        if type(i) is int and 0xD000 <= i and self.card and self.read_ram:
            return self.ram[i - 0xD000]
        return super().__getitem__(i)

    def __setitem__(self, i, v):
        if 0xD000 <= i:
            if self.card and self.write_ram:
                self.card_writes.append(self.mpu.p & 4)
                self.ram[i - 0xD000] = v
            return                                      # the ROM keeps its bytes
        super().__setitem__(i, v)


def test_apple_boot_loads_every_file_with_our_own_reader(model, dist):
    asm = assemble("apple_boot_resident.s")
    sectors = dsk.read_dsk((dist / "kotd-apple.dsk").read_bytes())
    drive = DiskII(sectors)
    cpu = Cpu()
    cpu.memory = CardMemory(drive, card=False)
    cpu.mpu.memory = cpu.memory
    cpu.memory.mpu = cpu.mpu
    n = sectors[(0, 0)][0]
    cpu.load(0x0800, b"".join(sectors[(0, p)] for p in range(n)))       # what the boot PROM does
    cpu.load(0x002B, bytes([SLOT16]))
    cpu.allow_writes(0x0000, 0xBFFF)

    def applesoft(c):
        raise Stop
    with pytest.raises(Stop):
        run(cpu, 0x0801, traps={asm.address("rw_delay"): lambda c: None, 0xE000: applesoft},
            limit=20_000_000)
    engine = (dist / "apple" / "engine.bin").read_bytes()
    assert cpu.read(APPLE.engine.start, len(engine)) == engine
    program = started_program(dist, "apple")[2:]
    assert cpu.read(0x0801, len(program)) == program
    assert cpu.word(0x38) == asm.address("key_hook"), "KSW: the first key comes from key_hook"
    assert cpu.word(0x3F2) == asm.address("reset_entry") and cpu.byte(0x3F4) == cpu.byte(0x3F3) ^ 0xA5
    # Applesoft's cold start would clear the program's first line link; the hook puts it back
    cpu.load(0x0801, b"\0\0")
    keys = bytes(run(cpu, asm.address("key_hook")) for _ in range(4))
    assert keys == bytes([0xD2, 0xD5, 0xCE, 0x8D])                      # R U N RETURN
    assert cpu.read(0x0801, len(program)) == program
    assert cpu.word(0x69) == 0x0801 + len(program) and cpu.word(0x73) == APPLE.program.end + 1  # HIMEM $4000
    assert cpu.word(0x38) == 0xFD1B, "then the keyboard again"
    assert cpu.byte(APPLE.resident.start + disk.RESIDENT_LAYOUT["OPPONENT_READY"]) == 0, "no card: no opponent"


@pytest.fixture(scope="module")
def filled_dsk(model, dist):
    """The test image: the opponent's file with its chunks' pages filled out with a pattern
    (diskimages.opponent_file)."""
    from kotd.build.diskimages import disk_bytes
    return disk_bytes(model, APPLE, dist, fill_opponent=True)


def test_apple_boot_copies_the_opponent_into_the_language_card(model, dist, filled_dsk):
    """With a language card the boot copies the opponent's file from its buffer into the
    card, each chunk's pages to its place (the test image's filled file: every byte of
    them; the shipped disk differs only in the fill), with interrupts off, puts the
    boot's vectors into the card's $FFFA-$FFFF, sets OPPONENT_READY and reads the ROM
    again."""
    filled = True
    from kotd.build.diskimages import opponent_file
    from kotd.build.opponent import opponent_assembly
    from kotd.emu.machine import EngineMachine
    asm = assemble("apple_boot_resident.s")
    sectors = dsk.read_dsk(filled_dsk if filled else (dist / "kotd-apple.dsk").read_bytes())
    cpu = Cpu()
    cpu.memory = CardMemory(DiskII(sectors), card=True)
    cpu.mpu.memory = cpu.memory
    cpu.memory.mpu = cpu.mpu
    n = sectors[(0, 0)][0]
    cpu.load(0x0800, b"".join(sectors[(0, p)] for p in range(n)))
    cpu.load(0x002B, bytes([SLOT16]))
    cpu.allow_writes(0x0000, 0xBFFF)

    def applesoft(c):
        raise Stop
    with pytest.raises(Stop):
        run(cpu, 0x0801, traps={asm.address("rw_delay"): lambda c: None, 0xE000: applesoft},
            limit=20_000_000)
    mem = cpu.memory
    opponent = opponent_assembly(model, APPLE, EngineMachine.from_dist(model, dist, "apple").symbols)
    the_file = opponent_file(opponent, filled)
    assert cpu.byte(APPLE.resident.start + disk.RESIDENT_LAYOUT["OPPONENT_READY"]) == disk.OPPONENT_LOADED
    assert copied_pages(opponent, lambda a, n: bytes(mem.ram[a - 0xD000:a - 0xD000 + n])) == the_file
    assert len(mem.card_writes) == 2 + len(the_file) + 6 and all(mem.card_writes), "SEI while the card is written"
    assert not mem.read_ram and not mem.write_ram, "the ROM read, the card write-protected after"
    vectors = [int.from_bytes(mem.ram[0xFFFA - 0xD000 + i:0xFFFC - 0xD000 + i], "little") for i in (0, 2, 4)]
    assert vectors == [0x03FB, asm.address("card_reset"), asm.address("card_irq")]


@pytest.mark.parametrize("vector", [0xFFFC, 0xFFFE], ids=["reset", "irq"])
def test_apple_card_vectors_go_on_through_the_roms_with_the_rom_read(vector):
    """A RESET or a BRK while the card's RAM is read (a II+ in OPPONENT_CALL) comes to
    the resident code's handler through the card's vector; it reads the ROM again and
    goes on through the ROM's vector, A, X and Y as they were."""
    asm = assemble("apple_boot_resident.s")
    cpu = Cpu()
    cpu.memory = CardMemory(DiskII(dsk.read_dsk(bytes(143360))), card=True)
    cpu.mpu.memory = cpu.memory
    cpu.memory.mpu = cpu.mpu
    cpu.load(APPLE.resident.start, asm.image)
    cpu.load(0xFFFA, bytes([0x00, 0xFA, 0x62, 0xFA, 0x40, 0xFA]))      # the ROM's vectors
    mem = cpu.memory
    handlers = {0xFFFC: asm.address("card_reset"), 0xFFFE: asm.address("card_irq")}
    mem.ram[vector - 0xD000:vector - 0xD000 + 2] = handlers[vector].to_bytes(2, "little")
    mem[0xC083], mem[0xC083]                                            # the card read, as in the stub
    assert mem.read_ram and cpu.word(vector) == handlers[vector]
    rom_target = {0xFFFC: 0xFA62, 0xFFFE: 0xFA40}[vector]
    reached = []

    def rom(c):
        reached.append((c.mpu.a, c.mpu.x, c.mpu.y, mem.read_ram))
        raise Stop
    cpu.mpu.x, cpu.mpu.y = 0x12, 0x34
    with pytest.raises(Stop):
        run(cpu, cpu.word(vector), traps={rom_target: rom}, a=0x56)
    assert reached == [(0x56, 0x12, 0x34, False)]


def started_program(dist, target):
    """The program file the disk starts: the first of diskimages.PROGRAM_NAMES built."""
    from kotd.build.diskimages import program_for
    from kotd.build.targets import TARGETS
    _, origin = program_for(TARGETS[target], dist)
    return (dist / target / (origin.split("/")[-1].replace(".prog", ".bas"))).read_bytes()
