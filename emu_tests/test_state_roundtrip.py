"""The state block: a GameState goes into 6502 memory and comes back equal."""

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kotd.build import stateblock
from kotd.engine.fixtures import empty_state, place
from kotd.engine.setup import new_game
from kotd.engine.state import GameState, Phase, Status, UnitState
from kotd.model.types import POOLS, SIDES

byte = st.integers(0, 0xFF)
word = st.integers(0, 0xFFFF)
triple = st.integers(0, 0xFFFFFF)
side = st.sampled_from(SIDES)


@st.composite
def game_states(draw, model):
    """Any GameState the block can hold: every field drawn over its whole stored range."""
    units = [UnitState(number=u.number, status=draw(st.sampled_from(list(Status))), col=draw(byte),
                       row=draw(byte), strength=draw(word), ceiling=draw(word), supply=draw(word),
                       op=draw(byte), fort=draw(byte), supplied=draw(st.booleans()), arrival_turn=draw(byte),
                       priority=draw(byte), noise=draw(byte)) for u in model.units]
    towns = list(model.victory.towns)
    control = {pid: draw(side) for pid in towns if draw(st.booleans())}
    return GameState(
        scenario=draw(st.sampled_from(list(model.scenarios))), turn=draw(byte), last_turn=draw(byte),
        units=units, rng=draw(st.integers(1, 0xFFFF)), phase=draw(st.sampled_from(list(Phase))),
        axis_supply=draw(triple), replacements={p: draw(word) for p in POOLS},
        air={s: draw(byte) for s in SIDES}, air_usable={s: draw(byte) for s in SIDES},
        carry={k: draw(byte) for k in stateblock.CARRY_KEYS}, vp={s: draw(word) for s in SIDES},
        casualties={s: draw(triple) for s in SIDES}, control=control,
        computer_allied=draw(st.booleans()), computer_axis=draw(st.booleans()),
        random_initiative=draw(st.booleans()), optional_depots=draw(st.booleans()),
        ratings={s: {k: draw(byte) for k in stateblock.RATING_KINDS} for s in SIDES},
        initiative=draw(side), first_player=draw(side), sealift_left=draw(byte),
        sealift_blocked=draw(st.booleans()), winner=draw(st.none() | side),
        level=draw(st.none() | st.sampled_from(model.victory.levels)),
        acting=draw(st.none() | side), react_side=draw(st.none() | side), react_open=draw(st.booleans()),
        react_battle=draw(st.booleans()), react_unit=draw(byte), react_budget=draw(byte),
        defend_pending=draw(st.booleans()), logistics_last=draw(byte))


def test_the_block_fits_both_targets(model):
    from kotd.build.targets import TARGETS
    for t in TARGETS.values():
        stateblock.check_fits(model, t)
    lay = stateblock.layout(model)
    assert lay.state_size == len(stateblock.encode(empty_state(model), model))


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_states_round_trip_through_6502_memory(model, machines, data):
    state = data.draw(game_states(model))
    for m in machines.values():
        m.write_state(state)
        assert m.state_bytes() == stateblock.encode(state, model)
        assert m.read_state() == state


@pytest.mark.parametrize("scenario", ["tobruk41", "tobruk42", "alamein", "campaign"])
def test_scenario_start_states_round_trip(model, machine, scenario):
    state = new_game(model, scenario, seed=7)
    machine.write_state(state)
    assert machine.read_state() == state


def test_every_field_is_stored(model):
    """Change each GameState and UnitState field alone; the block keeps the change."""
    base = empty_state(model)
    changes = {"scenario": "alamein", "turn": 9, "last_turn": 12, "rng": 0xBEEF, "phase": Phase.C4_ENEMY_REACTION,
               "axis_supply": 0x123456, "replacements": {"german": 1, "italian": 2, "allied": 3},
               "air": {"axis": 4, "allied": 5}, "air_usable": {"axis": 6, "allied": 7},
               "carry": {k: i + 1 for i, k in enumerate(stateblock.CARRY_KEYS)}, "vp": {"axis": 300, "allied": 2},
               "casualties": {"axis": 70000, "allied": 1}, "control": {"tobruk": "axis"},
               "computer_allied": True, "computer_axis": True, "random_initiative": True, "optional_depots": True,
               "ratings": {s: {k: 9 for k in stateblock.RATING_KINDS} for s in SIDES},
               "initiative": "allied", "first_player": "allied", "sealift_left": 1, "sealift_blocked": True,
               "winner": "axis", "level": "axis_tactical", "acting": "allied", "react_side": "axis",
               "react_open": True, "react_battle": True, "react_unit": 37, "react_budget": 9,
               "defend_pending": True, "logistics_last": 58}
    names = {f.name for f in dataclasses.fields(GameState)} - {"units"}
    assert names == set(changes), "a new GameState field needs a line in stateblock.GAME and here"
    for name, value in changes.items():
        state = base.copy()
        setattr(state, name, value)
        assert stateblock.decode(stateblock.encode(state, model), model) == state, name
    unit_changes = {"status": Status.CADRE, "col": 12, "row": 3, "strength": 1234, "ceiling": 999, "supply": 600,
                    "op": 36, "fort": 9, "supplied": True, "cut_off": True, "arrival_turn": 11, "priority": 7,
                    "noise": 117}
    assert {f.name for f in dataclasses.fields(UnitState)} - {"number"} == set(unit_changes)
    for name, value in unit_changes.items():
        state = base.copy()
        setattr(state.units[20], name, value)
        assert stateblock.decode(stateblock.encode(state, model), model) == state, name


def test_units_are_structure_of_arrays(model, machine):
    state = empty_state(model)
    u = place(model, state, 8, (5, 4), strength=0x1234, supply=0x0256)
    machine.write_state(state)
    i = u.number - 1
    assert machine.peek("U_STR_LO", i) == 0x34 and machine.peek("U_STR_HI", i) == 0x12
    assert machine.peek("U_SUPPLY_LO", i) == 0x56 and machine.peek("U_SUPPLY_HI", i) == 0x02
    assert machine.peek("U_COL", i) == 5 and machine.peek("U_ROW", i) == 4
    assert machine.peek("U_STATUS", i) == Status.ON_MAP
    assert machine.address("U_STR_HI") - machine.address("U_STR_LO") == len(model.units)


def test_values_out_of_range_are_refused_with_the_field_name(model):
    state = empty_state(model)
    state.units[3].strength = 70000
    with pytest.raises(ValueError, match=r"U_STR \(index 3\): 70000"):
        stateblock.encode(state, model)
    state = empty_state(model)
    state.axis_supply = 1 << 24
    with pytest.raises(ValueError, match="AXIS_SUPPLY"):
        stateblock.encode(state, model)
    state = empty_state(model)
    state.control["el_alamein"] = "axis"
    with pytest.raises(ValueError, match="el_alamein"):
        stateblock.encode(state, model)


def test_bad_bytes_are_refused_when_decoding(model):
    data = bytearray(stateblock.encode(empty_state(model), model))
    lay = stateblock.layout(model)
    phase = next(p for p in lay.game if p.field.name == "PHASE")
    data[phase.offset] = 99
    with pytest.raises(ValueError):
        stateblock.decode(bytes(data), model)
