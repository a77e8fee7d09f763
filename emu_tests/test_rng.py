"""rng.s against kotd.engine.rng, bit for bit, on both targets."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kotd.build.abi import ERRORS, RESULT_ERROR
from kotd.engine import rng
from kotd.engine.fixtures import empty_state

SLOW_OK = settings(suppress_health_check=[HealthCheck.too_slow])


def rng_state(m) -> int:
    return m.peek("RNG_LO") | m.peek("RNG_HI") << 8


def set_rng(m, value: int) -> None:
    m.poke("RNG_LO", value & 0xFF)
    m.poke("RNG_HI", value >> 8)


@pytest.mark.parametrize("seed", [0, 1, 2, 0xACE1, 0xACE0, 0x1234, 0xFFFF])
def test_seed_matches(machine, seed):
    r = machine.call("RNG_SEED", seed)
    assert (r.status, r.value) == (0, 0)
    assert rng_state(machine) == rng.seed_state(seed)


def test_a_thousand_steps_match(machines):
    for m in machines.values():
        state = 1
        set_rng(m, state)
        for _ in range(1000):
            m.call("RNG_STEP")
            state = rng.next_state(state)
            assert rng_state(m) == state


@pytest.mark.parametrize("n", list(range(1, 257)))
def test_draw_every_bound_matches(machines, n):
    for m in machines.values():
        s = empty_state(m.model, seed=n)
        m.write_state(s)
        for _ in range(3):
            expected = rng.draw(s, n)
            r = m.call("RNG_DRAW", n)
            assert (r.status, r.value) == (0, expected)
            assert rng_state(m) == s.rng


@SLOW_OK
@given(state=st.integers(1, 0xFFFF), n=st.integers(1, 256))
def test_draw_random_states_match(machines, state, n):
    for m in machines.values():
        set_rng(m, state)
        expected = (rng.next_state(state) * n) >> 16
        r = m.call("RNG_DRAW", n)
        assert (r.status, r.value) == (0, expected)
        assert rng_state(m) == rng.next_state(state)


@pytest.mark.parametrize("n", [0, 257, 0x0101, 0x0200, 0xFF00, 0xFFFF])
def test_draw_bad_bound_is_refused_and_changes_nothing(machine, model, n):
    machine.write_state(empty_state(model, seed=3))
    before = machine.state_bytes()
    r = machine.call("RNG_DRAW", n)
    assert r.status == ERRORS["RANGE"]
    assert r.value == RESULT_ERROR + ERRORS["RANGE"]
    assert machine.state_bytes() == before


@pytest.mark.parametrize("entry,args", [("RNG_DRAW", ()), ("RNG_DRAW", (6, 6)), ("RNG_STEP", (1,)),
                                        ("RNG_SEED", ()), ("RNG_SEED", (1, 2, 3))])
def test_wrong_argument_count_is_refused_and_changes_nothing(machine, model, entry, args):
    machine.write_state(empty_state(model, seed=3))
    before = machine.state_bytes()
    r = machine.call(entry, *args)
    assert r.status == ERRORS["ARG_COUNT"]
    assert r.value == RESULT_ERROR + ERRORS["ARG_COUNT"]
    assert machine.state_bytes() == before


def test_draw_cycles_are_counted(machines):
    for m in machines.values():
        r = m.call("RNG_DRAW", 100)
        assert 300 < r.cycles < 2000
        assert r.instructions > 50
