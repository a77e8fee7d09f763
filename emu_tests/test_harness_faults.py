"""The harness catches every kind of fault, with the address, the registers and a
disassembly in the message (small hand-written routines, no engine needed)."""

import pytest
from py65.assembler import Assembler
from py65.devices.mpu6502 import MPU

from kotd.emu import (BreakInstruction, Cpu, IllegalOpcode, Runaway, StackImbalance, StrayWrite)

ORG = 0x0200


def load(cpu: Cpu, source: str, org: int = ORG) -> None:
    """Assemble one instruction per line (py65's assembler) at `org`."""
    asm = Assembler(MPU())
    pc = org
    for line in source.strip().splitlines():
        code = asm.assemble(line.strip(), pc)
        assert code is not None, line
        cpu.load(pc, bytes(code))
        pc += len(code)


def fresh(source: str) -> Cpu:
    cpu = Cpu()
    load(cpu, source)
    cpu.allow_writes(0x0100, 0x01FF)
    cpu.allow_writes(0x0080, 0x008F)
    return cpu


def assert_report(exc: Exception, address: int) -> None:
    text = str(exc)
    assert f"${address:04X}" in text
    assert "registers: PC=$" in text and " A=$" in text and " SP=$" in text
    assert "oldest first" in text


def test_a_good_routine_runs_and_counts_cycles():
    cpu = fresh("""
        LDA #$05
        STA $80
        INC $80
        RTS
    """)
    run = cpu.call(ORG)
    assert cpu.byte(0x80) == 6
    assert run.instructions == 4
    assert run.cycles == 2 + 3 + 5 + 6
    assert run.sp == 0xFF


def test_runaway_is_caught():
    cpu = fresh("JMP $0200")
    with pytest.raises(Runaway) as err:
        cpu.call(ORG, max_instructions=500)
    assert "500 instructions" in str(err.value)
    assert_report(err.value, ORG)
    assert "JMP $0200" in str(err.value)


def test_brk_is_caught():
    cpu = fresh("""
        LDX #$01
        BRK
    """)
    with pytest.raises(BreakInstruction) as err:
        cpu.call(ORG)
    assert_report(err.value, ORG + 2)
    assert "LDX #$01" in str(err.value)
    assert "X=$01" in str(err.value)


@pytest.mark.parametrize("opcode", [0x02, 0x1A, 0xA7, 0xFF])
def test_undocumented_opcode_is_caught(opcode):
    cpu = fresh("LDA #$42")
    cpu.load(ORG + 2, bytes([opcode, 0, 0]))
    with pytest.raises(IllegalOpcode) as err:
        cpu.call(ORG)
    assert f"${opcode:02X}" in str(err.value)
    assert_report(err.value, ORG + 2)
    assert "A=$42" in str(err.value)


def test_pulling_the_callers_return_address_is_caught():
    cpu = fresh("""
        PLA
        PLA
        PLA
        RTS
    """)
    with pytest.raises(StackImbalance) as err:
        cpu.call(ORG)
    assert "return address" in str(err.value)
    assert_report(err.value, ORG)


def test_returning_with_arguments_on_the_stack_is_caught():
    # A USR-style routine that forgets to pull its argument count.
    cpu = fresh("RTS")
    with pytest.raises(StackImbalance) as err:
        cpu.call(ORG, stack=bytes([0]))
    assert "arguments" in str(err.value)
    assert_report(err.value, ORG)


def test_returning_with_the_stack_pointer_elsewhere_is_caught():
    # Pushes one byte more than it pulls, then fixes the return address by hand:
    # it gets back to the sentinel, one byte short.
    cpu = fresh("""
        PLA
        TAX
        PLA
        TAY
        LDA #$00
        PHA
        TYA
        PHA
        TXA
        PHA
        RTS
    """)
    with pytest.raises(StackImbalance) as err:
        cpu.call(ORG)
    assert "stack pointer" in str(err.value)


def test_a_write_outside_the_allowed_regions_is_caught():
    cpu = fresh("""
        LDA #$99
        STA $80
        STA $4000
        RTS
    """)
    with pytest.raises(StrayWrite) as err:
        cpu.call(ORG)
    text = str(err.value)
    assert "$4000" in text and "$99" in text
    assert_report(err.value, ORG + 4)
    assert "STA $4000" in text
    assert cpu.byte(0x4000) == 0, "the stray write must not land"
    assert cpu.byte(0x80) == 0x99


def test_a_write_to_the_code_itself_is_caught():
    cpu = fresh("""
        LDA #$EA
        STA $0200
        RTS
    """)
    with pytest.raises(StrayWrite):
        cpu.call(ORG)


def test_the_report_shows_at_most_sixteen_instructions_oldest_first():
    cpu = fresh("\n".join(["NOP"] * 30 + ["BRK"]))
    with pytest.raises(BreakInstruction) as err:
        cpu.call(ORG)
    lines = err.value.report.splitlines()
    executed = [ln for ln in lines if ln.strip().startswith("$02")]
    assert len(executed) == 16
    assert executed[0].strip().startswith(f"${ORG + 14:04X}")
    assert lines[-1].strip().startswith(f"next: ${ORG + 30:04X}") and "BRK" in lines[-1]


def test_a_report_names_the_routine_from_the_labels():
    cpu = fresh("""
        LDA #$01
        RTS
        LDX #$02
        BRK
    """)
    cpu.name_routines({"first_routine": ORG, "second_routine": ORG + 3, "_local": ORG + 4,
                       "NOT_CODE": 0x0005}, ORG, ORG + 0xFF)
    with pytest.raises(BreakInstruction) as err:
        cpu.call(ORG + 3)
    text = str(err.value)
    assert err.value.summary.endswith("[in second_routine+2]")       # not _local, not first_routine
    assert "LDX #$02" in text and "; second_routine" in text
    assert cpu.routine_at(ORG + 1) == "first_routine+1"
    assert cpu.routine_at(ORG - 1) is None and cpu.where(ORG - 1) == f"${ORG - 1:04X}"


def test_a_stray_write_names_the_routine_it_hits():
    cpu = fresh("""
        LDA #$EA
        STA $0203
        RTS
        NOP
    """)
    cpu.name_routines({"writer": ORG, "victim": ORG + 6}, ORG, ORG + 0xFF)
    with pytest.raises(StrayWrite) as err:
        cpu.call(ORG)
    assert "to $0203 (writer+3)" in str(err.value) and "[in writer+2]" in str(err.value)


def test_an_engine_fault_names_the_engine_routine(machine):
    """The engine's labels come from the build: a BRK planted in mul_8x8 is reported there."""
    at = machine.symbols["MUL_8X8"] + 3
    machine.cpu.load(at, bytes([0x00]))
    with pytest.raises(BreakInstruction) as err:
        machine.call_routine("mul_8x8")
    assert "[in mul_8x8+3]" in str(err.value)
