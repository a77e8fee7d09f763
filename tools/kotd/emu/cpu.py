"""A py65 NMOS 6502 that fails loudly.

:class:`Cpu` runs code from an address until it returns to a sentinel address, and
stops with an :class:`EmulatorFault` at the first sign of trouble:

- :class:`Runaway`: more instructions than the limit;
- :class:`BreakInstruction`: a BRK is about to run;
- :class:`IllegalOpcode`: an opcode outside the 151 documented NMOS ones;
- :class:`StackImbalance`: the code pulled its caller's return address, returned
  with the caller's arguments still on the stack, or came back to the sentinel with
  the stack pointer elsewhere than where the call convention leaves it;
- :class:`StrayWrite`: a write outside the regions allowed for the run.

Each fault's message shows the address, the registers and a disassembly of the last
16 instructions (a ring buffer of program counters, cheap enough to keep on always).
Given the build's labels (:meth:`Cpu.name_routines`), every address in it is also
named by its routine: the nearest label at or below it, ``$5F22 (trace_side+55)``.

The write watch is a ``list`` subclass that checks writes against a 64K allow-map
(py65's ``ObservableMemory`` would cost a Python call on every read as well).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from py65.devices.mpu6502 import MPU
from py65.disassembler import Disassembler

RING = 16                  # instructions kept for the report (a power of two)
SENTINEL = 0xFFF0          # return address of every call: reaching it ends the run
DEFAULT_LIMIT = 1_000_000  # instructions
OP_BRK, OP_RTS, OP_RTI = 0x00, 0x60, 0x40


def _illegal_opcodes() -> bytes:
    mpu = MPU()
    return bytes(1 if mpu.disassemble[op][0] == "???" else 0 for op in range(256))


ILLEGAL = _illegal_opcodes()


class EmulatorFault(Exception):
    """Something the engine must never do; the message is a full report."""

    def __init__(self, summary: str, report: str, address: int):
        super().__init__(f"{summary}\n{report}")
        self.summary = summary
        self.report = report
        self.address = address


class Runaway(EmulatorFault):
    pass


class BreakInstruction(EmulatorFault):
    pass


class IllegalOpcode(EmulatorFault):
    pass


class StackImbalance(EmulatorFault):
    pass


class StrayWrite(EmulatorFault):
    pass


class _WriteFault(Exception):
    def __init__(self, address: int, value: int):
        self.address, self.value = address, value


class WatchedMemory(list):
    """64K of memory whose writes, while ``watching``, must hit allowed addresses."""

    def __init__(self):
        super().__init__([0] * 0x10000)
        self.allowed = bytearray(0x10000)
        self.watching = False

    def __setitem__(self, address, value):
        if self.watching and not self.allowed[address]:
            raise _WriteFault(address, value)
        list.__setitem__(self, address, value)


@dataclass(frozen=True)
class RunResult:
    cycles: int
    instructions: int
    a: int
    x: int
    y: int
    sp: int
    p: int


class Cpu:
    def __init__(self, sentinel: int = SENTINEL):
        self.memory = WatchedMemory()
        self.mpu = MPU(memory=self.memory, pc=0)
        self.sentinel = sentinel
        self._ring = [0] * RING
        self._count = 0
        self._disassembler = Disassembler(self.mpu)
        self._label_at: list[int] = []          # sorted label addresses
        self._label_name: list[str] = []

    def name_routines(self, labels: dict[str, int], start: int = 0, end: int = 0xFFFF) -> None:
        """The labels (name -> address) that name addresses start..end in fault reports;
        only labels inside that range count (an .alias of a number is no routine), and
        no local (``_name``) or anonymous one: the routine, not the place inside it."""
        pairs = sorted((a, n) for n, a in labels.items()
                       if start <= a <= end and not n.startswith(("_", "*")))
        self._label_at = [a for a, _ in pairs]
        self._label_name = [n for _, n in pairs]

    def routine_at(self, address: int) -> str | None:
        """``name+offset`` of the nearest label at or below ``address``, or None."""
        i = bisect.bisect_right(self._label_at, address) - 1
        if i < 0:
            return None
        off = address - self._label_at[i]
        name = self._label_name[i].lower()
        return f"{name}+{off}" if off else name

    def where(self, address: int) -> str:
        """``$ADDR`` and, when a label names it, `` (routine+offset)``."""
        routine = self.routine_at(address)
        return f"${address:04X} ({routine})" if routine else f"${address:04X}"

    # --- memory, outside runs (never watched) ------------------------------------------
    def load(self, address: int, data: bytes) -> None:
        list.__setitem__(self.memory, slice(address, address + len(data)), list(data))

    def read(self, address: int, length: int = 1) -> bytes:
        return bytes(self.memory[address:address + length])

    def byte(self, address: int) -> int:
        return self.memory[address]

    def word(self, address: int) -> int:
        return self.memory[address] | self.memory[address + 1] << 8

    def allow_writes(self, start: int, end: int) -> None:
        """Allow writes to start..end (inclusive) during runs."""
        for a in range(start, end + 1):
            self.memory.allowed[a] = 1

    # --- running ---------------------------------------------------------------------
    def push(self, value: int) -> None:
        list.__setitem__(self.memory, 0x100 + self.mpu.sp, value & 0xFF)
        self.mpu.sp = (self.mpu.sp - 1) & 0xFF

    def call(self, address: int, *, a: int = 0, x: int = 0, y: int = 0, stack: bytes = b"",
             max_instructions: int = DEFAULT_LIMIT) -> RunResult:
        """JSR-like call: push the sentinel return address, then ``stack`` (pushed in order,
        its last byte on top), and run from ``address`` until the code returns."""
        mpu = self.mpu
        mpu.sp = 0xFF
        mpu.a, mpu.x, mpu.y = a, x, y
        mpu.p = MPU.BREAK | MPU.UNUSED | MPU.INTERRUPT
        ret = self.sentinel - 1
        self.push(ret >> 8)
        self.push(ret & 0xFF)
        frame_sp = mpu.sp                 # at the return address: the code may pull down to here
        for b in stack:
            self.push(b)
        mpu.pc = address
        return self._run(frame_sp, expected_sp=0xFF, max_instructions=max_instructions)

    def _run(self, frame_sp: int, expected_sp: int, max_instructions: int) -> RunResult:
        mpu, mem, ring, sentinel = self.mpu, self.memory, self._ring, self.sentinel
        step = mpu.step
        start_cycles = mpu.processorCycles
        top_sp = mpu.sp                   # highest stack pointer seen: bytes above it are unpulled
        n = 0
        self._count = 0
        mem.watching = True
        try:
            while True:
                pc = mpu.pc
                if pc == sentinel:
                    if mpu.sp != expected_sp:
                        raise self._fault(StackImbalance, pc, f"returned with the stack pointer at "
                                          f"${mpu.sp:02X}, the call convention leaves it at ${expected_sp:02X}")
                    break
                if n >= max_instructions:
                    raise self._fault(Runaway, pc, f"still running after {max_instructions} instructions")
                op = mem[pc]
                if op == OP_BRK:
                    raise self._fault(BreakInstruction, pc, f"BRK at ${pc:04X}")
                if ILLEGAL[op]:
                    raise self._fault(IllegalOpcode, pc, f"illegal opcode ${op:02X} at ${pc:04X}")
                if op == OP_RTS or op == OP_RTI:
                    low = mpu.sp + 1
                    high = low + (2 if op == OP_RTS else 3)
                    if any(top_sp < s <= frame_sp for s in range(low, high)):
                        raise self._fault(StackImbalance, pc, f"{'RTS' if op == OP_RTS else 'RTI'} at ${pc:04X} "
                                          f"takes its return address from the caller's arguments "
                                          f"(not all pulled)")
                ring[n & (RING - 1)] = pc
                n += 1
                self._count = n
                try:
                    step()
                except _WriteFault as w:
                    raise self._fault(StrayWrite, pc, f"write of ${w.value:02X} to {self.where(w.address)} by the "
                                      f"instruction at ${pc:04X}: outside the regions allowed") from None
                sp = mpu.sp
                if sp > top_sp:
                    top_sp = sp
                    if sp > frame_sp and mpu.pc != sentinel:
                        raise self._fault(StackImbalance, pc, f"the instruction at ${pc:04X} pulled the "
                                          f"caller's return address (stack pointer ${sp:02X})")
        finally:
            mem.watching = False
        return RunResult(mpu.processorCycles - start_cycles, n, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p)

    # --- reports ---------------------------------------------------------------------
    def registers(self) -> str:
        m = self.mpu
        flags = "".join(ch if m.p & bit else ch.lower() for ch, bit in
                        zip("NV-BDIZC", (128, 64, 32, 16, 8, 4, 2, 1)))
        return f"PC=${m.pc:04X} A=${m.a:02X} X=${m.x:02X} Y=${m.y:02X} SP=${m.sp:02X} P={flags}"

    def disassemble(self, address: int) -> str:
        length, text = self._disassembler.instruction_at(address)
        raw = " ".join(f"{self.memory[address + i]:02X}" for i in range(length))
        routine = self.routine_at(address)
        return f"${address:04X}  {raw:<9} {text:<14}" + (f" ; {routine}" if routine else "")

    def recent(self) -> list[int]:
        n = self._count
        return [self._ring[i & (RING - 1)] for i in range(max(0, n - RING), n)]

    def _fault(self, kind: type, address: int, summary: str) -> EmulatorFault:
        routine = self.routine_at(address)
        if routine:
            summary += f" [in {routine}]"
        lines = [f"  registers: {self.registers()}", f"  last {min(self._count, RING)} instructions, oldest first:"]
        lines += [f"    {self.disassemble(pc)}" for pc in self.recent()]
        if address not in self.recent()[-1:]:
            lines.append(f"  next: {self.disassemble(address)}")
        return kind(f"{kind.__name__}: {summary}", "\n".join(lines), address)
