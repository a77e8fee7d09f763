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

DSKINV = 0xE453


class StrayWrite(AssertionError):
    pass


def run(cpu, address, *, stack=b"", traps=None, limit=3_000_000, a=0):
    """JSR address (with ``stack`` pushed after the return address); ``traps``: PC -> a
    Python routine that does what the code there would do, then returns (RTS)."""
    mpu, mem = cpu.mpu, cpu.memory
    traps = traps or {}
    mpu.sp, mpu.a = 0xFF, a
    for b in ((SENTINEL - 1) >> 8, (SENTINEL - 1) & 0xFF, *stack):
        list.__setitem__(mem, 0x100 + mpu.sp, b)
        mpu.sp -= 1
    mpu.pc = address
    mem.watching = True
    try:
        for _ in range(limit):
            if mpu.pc == SENTINEL:
                assert mpu.sp == 0xFF, f"stack pointer ${mpu.sp:02X} at the end"
                return mpu.a
            trap = traps.get(mpu.pc)
            if trap:
                trap(cpu)
                lo, hi = mem[0x100 + mpu.sp + 1], mem[0x100 + mpu.sp + 2]
                mpu.sp += 2
                mpu.pc = ((hi << 8) | lo) + 1
                continue
            try:
                mpu.step()
            except _WriteFault as w:
                raise StrayWrite(f"write of ${w.value:02X} to ${w.address:04X} at ${mpu.pc:04X}") from None
        raise AssertionError(f"still running after {limit} instructions at ${mpu.pc:04X}")
    finally:
        mem.watching = False


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
    sectors = dict(atr.read_atr((dist / "kotd-atari.atr").read_bytes()))
    written = []

    def dskinv(c):
        m = c.memory
        sector = m[0x30A] | m[0x30B] << 8
        buf = m[0x304] | m[0x305] << 8
        command = m[0x302]
        if m[0x301] != 1 or not 1 <= sector <= 720:
            list.__setitem__(m, 0x303, 144)
        elif command == 0x52:
            c.load(buf, sectors[sector])
            list.__setitem__(m, 0x303, 1)
        elif command == 0x57:
            sectors[sector] = c.read(buf, 128)
            written.append(sector)
            list.__setitem__(m, 0x303, 1)
        else:
            list.__setitem__(m, 0x303, 139)
        c.mpu.y = m[0x303]

    size = stateblock.layout(model).state_size
    base = ATARI.resident.start
    cpu.allow_writes(base, ATARI.resident.end)
    cpu.allow_writes(0x00E0, 0x00E3)                 # ZP_PTR, ZP_LEFT (saved and restored)
    cpu.allow_writes(0x00D4, 0x00D5)                 # FR0: what USR returns
    cpu.allow_writes(0x0300, 0x030B)                 # the disk's call block
    cpu.allow_writes(0x0100, 0x01FF)

    class Atari:
        pass
    m = Atari()
    m.cpu, m.sectors, m.written, m.size = cpu, sectors, written, size
    m.layout = atr.save_layout(size)

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
    m.layout = dsk.save_layout(m.size)
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
    assert m.call("DISK_LOAD", 9) == disk.STATUS["BAD_SLOT"]


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
