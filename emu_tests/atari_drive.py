"""Drive 1 of an Atari under py65: the OS's DSKINV modelled on an ATR's sectors, and a
runner of 6502 code that hands DSKINV's address to that model (used by
test_images_saves.py for the resident disk code, and by test_atari_frontend.py, whose
program loads the start states through it)."""

from __future__ import annotations

from kotd.emu.cpu import SENTINEL, _WriteFault

DSKINV = 0xE453
#: The OS's disk call block (DDEVIC..DAUX2) that DSKINV reads and sets.
DCB = (0x0300, 0x030B)


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


class Drive:
    """Drive 1 holding ``sectors`` (sector number -> 128 bytes): DSKINV's read ($52) and
    write ($57); ``written`` lists the sectors written, in order."""

    def __init__(self, sectors: dict[int, bytes]):
        self.sectors, self.written = sectors, []

    def dskinv(self, c) -> None:
        m = c.memory
        sector = m[0x30A] | m[0x30B] << 8
        buf = m[0x304] | m[0x305] << 8
        command = m[0x302]
        if m[0x301] != 1 or not 1 <= sector <= 720:
            list.__setitem__(m, 0x303, 144)
        elif command == 0x52:
            c.load(buf, self.sectors[sector])
            list.__setitem__(m, 0x303, 1)
        elif command == 0x57:
            self.sectors[sector] = c.read(buf, 128)
            self.written.append(sector)
            list.__setitem__(m, 0x303, 1)
        else:
            list.__setitem__(m, 0x303, 139)
        c.mpu.y = m[0x303]

    def traps(self) -> dict:
        return {DSKINV: self.dskinv}
