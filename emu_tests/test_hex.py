"""hex.s against kotd.hexgrid: neighbours in every direction, distances, bad arguments."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kotd import hexgrid
from kotd.build.abi import ERRORS, HEX_NONE, RESULT_ERROR
from kotd.engine.fixtures import empty_state, place
from kotd.engine.state import Status

SLOW_OK = settings(suppress_health_check=[HealthCheck.too_slow])


def expected_neighbour(model, col, row, direction) -> int:
    c, r = hexgrid.step(col, row, direction)
    return c | r << 8 if model.map.on_map(c, r) else HEX_NONE


def edge_hexes(model):
    m = model.map
    return sorted({(c, r) for c in range(m.columns) for r in range(m.rows)
                   if c in (0, 1, m.columns - 2, m.columns - 1) or r in (0, m.rows - 1)})


def test_every_direction_of_every_edge_hex(model, machines):
    for m in machines.values():
        for col, row in edge_hexes(model):
            for d in hexgrid.DIRECTIONS:
                r = m.call("HEX_NEIGHBOUR", col, row, d)
                assert (r.status, r.value) == (0, expected_neighbour(model, col, row, d)), (m.target.name, col, row, d)


@SLOW_OK
@given(data=st.data())
def test_neighbours_of_random_hexes(model, machines, data):
    col = data.draw(st.integers(0, model.map.columns - 1))
    row = data.draw(st.integers(0, model.map.rows - 1))
    for m in machines.values():
        for d in hexgrid.DIRECTIONS:
            r = m.call("HEX_NEIGHBOUR", col, row, d)
            assert (r.status, r.value) == (0, expected_neighbour(model, col, row, d))


@SLOW_OK
@given(data=st.data())
def test_distance_of_random_hexes(model, machines, data):
    hexes = st.tuples(st.integers(0, model.map.columns - 1), st.integers(0, model.map.rows - 1))
    a, b = data.draw(hexes), data.draw(hexes)
    for m in machines.values():
        r = m.call("HEX_DISTANCE", *a, *b)
        assert (r.status, r.value) == (0, hexgrid.distance(a, b))


def test_distance_between_the_corners_and_the_home_bases(model, machines):
    mp = model.map
    points = [(0, 0), (mp.columns - 1, 0), (0, mp.rows - 1), (mp.columns - 1, mp.rows - 1),
              mp.place_hex(mp.home_bases["axis"]), mp.place_hex(mp.home_bases["allied"])]
    for m in machines.values():
        for a in points:
            for b in points:
                assert m.call("HEX_DISTANCE", *a, *b).value == hexgrid.distance(a, b)


BAD_HEXES = [lambda mp: (mp.columns, 0), lambda mp: (0, mp.rows), lambda mp: (255, 255),
             lambda mp: (256, 0), lambda mp: (0, 256 + 3), lambda mp: (0xFFFF, 0xFFFF)]


@pytest.mark.parametrize("bad", BAD_HEXES)
def test_neighbour_of_a_hex_off_the_map_is_refused(model, machine, bad):
    machine.write_state(empty_state(model))
    before = machine.state_bytes()
    r = machine.call("HEX_NEIGHBOUR", *bad(model.map), 1)
    assert (r.status, r.value) == (ERRORS["HEX"], RESULT_ERROR + ERRORS["HEX"])
    assert machine.state_bytes() == before


@pytest.mark.parametrize("direction", [0, 7, 255, 256 + 1, 0xFFFF])
def test_bad_direction_is_refused(machine, direction):
    r = machine.call("HEX_NEIGHBOUR", 3, 3, direction)
    assert (r.status, r.value) == (ERRORS["DIRECTION"], RESULT_ERROR + ERRORS["DIRECTION"])


@pytest.mark.parametrize("bad", BAD_HEXES)
def test_distance_to_a_hex_off_the_map_is_refused(model, machine, bad):
    for args in ((*bad(model.map), 1, 1), (1, 1, *bad(model.map))):
        r = machine.call("HEX_DISTANCE", *args)
        assert (r.status, r.value) == (ERRORS["HEX"], RESULT_ERROR + ERRORS["HEX"])


def test_unit_distance(model, machine):
    state = empty_state(model)
    a = place(model, state, 8, (3, 6))
    b = place(model, state, 36, (30, 7))
    machine.write_state(state)
    r = machine.call("UNIT_DISTANCE", a.number, b.number)
    assert (r.status, r.value) == (0, hexgrid.distance(a.hex, b.hex))
    assert machine.call("UNIT_DISTANCE", b.number, b.number).value == 0
    assert machine.read_state() == state


LAST = "last + 1"      # stands for UNIT_COUNT + 1


@pytest.mark.parametrize("args,error", [((0, 8), "UNIT"), ((8, LAST), "UNIT"), ((8, 0x0108), "UNIT"),
                                        ((LAST, 9), "UNIT"), ((8, 9), "HEX"), ((9, 8), "HEX")])
def test_unit_distance_bad_arguments(model, machine, args, error):
    args = [len(model.units) + 1 if a == LAST else a for a in args]
    state = empty_state(model)
    place(model, state, 8, (3, 6))
    state.unit(9).status = Status.WAITING
    machine.write_state(state)
    before = machine.state_bytes()
    r = machine.call("UNIT_DISTANCE", *args)
    assert (r.status, r.value) == (ERRORS[error], RESULT_ERROR + ERRORS[error])
    assert machine.state_bytes() == before
