"""The ABI as docs/engine.md states it: the jump table, both call conventions, the
zero page kept, results and error codes."""

from kotd.build import abi, stateblock
from kotd.build.targets import TARGETS
from kotd.emu import Cpu, EngineMachine
from kotd.engine.fixtures import empty_state

JSR = 0x20


def test_entry_n_is_a_jsr_to_the_glue_at_base_plus_3n(machine):
    """abi_enter tells the entries apart by the low byte of the JSR's return address."""
    base = machine.target.engine.start
    for e in abi.ENTRIES:
        at = base + 3 * e.number
        assert machine.cpu.byte(at) == JSR, e.name
        assert machine.cpu.word(at + 1) == machine.symbols["ABI_ENTER"], e.name
        assert machine.entry_address(e.name) == at


def test_engine_info_gives_the_abi_version(machine):
    r = machine.call("ENGINE_INFO")
    assert (r.status, r.value) == (0, abi.ABI_VERSION)


def test_atari_result_is_in_fr0(model, dist):
    m = EngineMachine.from_dist(model, dist, "atari")
    m.call("HEX_DISTANCE", 0, 0, 5, 0)
    fr0 = TARGETS["atari"].return_value.start
    assert m.cpu.word(fr0) == 5 == m.cpu.word(m.address("CALL_RESULT"))


def test_atari_extra_arguments_are_pulled_and_refused(model, dist):
    m = EngineMachine.from_dist(model, dist, "atari")
    many = list(range(1, stateblock.MAX_ARGS + 5))
    r = m.call("HEX_DISTANCE", *many)               # the harness checks the stack balance
    assert r.status == abi.ERRORS["ARG_COUNT"]
    assert m.peek("CALL_ARGC") == len(many)
    assert [m.peek("CALL_ARGS", 2 * i) for i in range(stateblock.MAX_ARGS)] == many[:stateblock.MAX_ARGS]


def test_apple_arguments_come_from_the_call_block(model, dist):
    m = EngineMachine.from_dist(model, dist, "apple")
    r = m.call("HEX_NEIGHBOUR", 2, 5, 4)
    assert (r.status, r.value) == (0, 2 | 6 << 8)
    assert r.run.sp == 0xFF


def test_the_engine_zero_page_is_given_back(machine):
    zp = machine.target.zero_page
    pattern = bytes((0xA5 ^ i) for i in range(zp.size))
    machine.cpu.load(zp.start, pattern)
    machine.call("UNIT_DISTANCE", 1, 2)      # refused, but after the zero page was used
    machine.call("HEX_DISTANCE", 0, 0, 9, 9)
    machine.call("RNG_DRAW", 77)
    assert machine.cpu.read(zp.start, zp.size) == pattern


def test_error_codes_are_distinct_and_below_the_hex_none_value():
    codes = list(abi.ERRORS.values())
    assert len(set(codes)) == len(codes) and codes[0] == 0
    assert all(abi.RESULT_ERROR + c < abi.HEX_NONE for c in codes)


def test_entry_numbers_are_stable():
    # Numbers given out are never reused or moved: extend this list, never edit it.
    assert [(e.number, e.name) for e in abi.ENTRIES][:7] == [
        (0, "ENGINE_INFO"), (1, "RNG_SEED"), (2, "RNG_STEP"), (3, "RNG_DRAW"),
        (4, "HEX_NEIGHBOUR"), (5, "HEX_DISTANCE"), (6, "UNIT_DISTANCE")]


def test_an_entry_changes_only_what_it_should(model, machine):
    state = empty_state(model, seed=11)
    machine.write_state(state)
    machine.call("HEX_DISTANCE", 1, 1, 4, 4)
    machine.call("ENGINE_INFO")
    assert machine.read_state() == state
    machine.call("RNG_STEP")
    after = machine.read_state()
    assert after.rng != state.rng
    after.rng = state.rng
    assert after == state


def test_atari_loader_lowers_ramtop_and_reopens_the_screen(model, dist):
    from kotd.build.images import INITAD, read_xex
    target = TARGETS["atari"]
    segments = read_xex((dist / "atari" / "engine.xex").read_bytes())
    loader, init, engine = segments
    assert init.start == INITAD
    cpu = Cpu()
    cpu.load(loader.start, loader.data)
    ciov, ramtop, iocb0 = 0xE456, 0x6A, 0x0340
    cpu.load(ciov, bytes([0x60]))              # CIO stub: RTS
    cpu.load(ramtop, bytes([0xA0]))
    cpu.allow_writes(0x0100, 0x01FF)
    cpu.allow_writes(ramtop, ramtop)
    cpu.allow_writes(iocb0, iocb0 + 15)
    cpu.call(int.from_bytes(init.data, "little"))
    assert cpu.byte(ramtop) == target.engine.start >> 8
    assert cpu.byte(iocb0 + 2) == 0x03                        # ICCOM: OPEN
    name = cpu.word(iocb0 + 4)
    assert cpu.read(name, 3) == b"E:\x9b"
    assert cpu.byte(iocb0 + 10) == 12                         # ICAX1: read and write
