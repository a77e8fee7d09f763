"""The unit actions of the reference engine as the 6502 routines see them: each refusal
names an engine error code, is decided before anything changes, and the Logistics
maxima are the amounts allocate gives at 100%."""

import pytest

from kotd.build.abi import ERRORS
from kotd.engine import logistics, movement
from kotd.engine.board import op_allowance, supply_cap
from kotd.engine.fixtures import empty_state, place
from kotd.engine.game import display_strength
from kotd.engine.logistics import LogisticsOrder
from kotd.engine.movement import RuleError
from kotd.engine.setup import Options, new_game
from kotd.engine.state import Status


def test_every_refusal_at_a_scenario_start_names_an_engine_code(model):
    state = new_game(model, "campaign", 1, Options(computer_allied=False))
    state.sealift_left = 1
    for unit in state.units:
        unit.op = op_allowance(model, unit) if unit.status == Status.ON_MAP else 0
    codes = set()
    for unit in state.units:
        before = state.copy()
        for action in [lambda d=d: movement.check_move(model, state, unit, d, 2) for d in range(0, 8)] + [
                lambda: movement.check_fortify(model, unit, 1), lambda: movement.sea_destination(model, state, unit),
                lambda: logistics.allocate(model, state, unit, LogisticsOrder(1, 2, 10))]:
            try:
                action()
            except RuleError as e:
                assert e.code in ERRORS, (str(e), e.code)
                codes.add(e.code)
            assert state == before
    assert {"HEX", "DIRECTION", "GARRISON", "LIMIT", "NOT_ALLIED", "PORT", "RANGE"} <= codes, codes


def test_a_bad_digit_changes_nothing_for_either_side(model):
    for side in ("axis", "allied"):
        state = empty_state(model)
        number = next(u.number for u in model.units if u.side == side and u.role == "combat")
        place(model, state, number, (10, 5)).supplied = True
        before = state.copy()
        for digits in ((10, 0, 0), (0, 10, 0), (0, 0, 10), (-1, 0, 0)):
            with pytest.raises(RuleError) as err:
                logistics.allocate(model, state, state.unit(number), LogisticsOrder(*digits))
            assert err.value.code == "RANGE" and state == before


def test_allocate_gives_the_maxima_at_digit_9(model):
    state = empty_state(model, turn=2)
    state.axis_supply = 250
    state.replacements = {"german": 70, "italian": 70, "allied": 70}
    for side in ("axis", "allied"):
        number = next(u.number for u in model.units if u.side == side and u.role == "combat")
        unit = place(model, state, number, (10, 5), strength=0, supply=100)
        unit.supplied = True
        most = logistics.maxima(model, state, unit)
        assert most == (70, 250 if side == "axis" else supply_cap(model, unit) - 100)
        added, got = logistics.allocate(model, state, unit, LogisticsOrder(9, 9, 9))
        assert added == 70 and got == logistics.delivered(model, unit, most[1])


def test_supply_above_the_cap_gives_nothing(model):
    state = empty_state(model)
    state.axis_supply = 1000
    number = next(u.number for u in model.units if u.side == "axis" and u.is_depot)
    unit = place(model, state, number, (10, 5))
    unit.supply, unit.supplied = supply_cap(model, unit) + 30, True
    assert logistics.maxima(model, state, unit)[1] == 0
    assert logistics.allocate(model, state, unit, LogisticsOrder())[1] == 0
    assert state.axis_supply == 1000 and unit.supply == supply_cap(model, unit) + 30


def test_an_action_by_a_unit_off_the_map_is_refused(model):
    state = empty_state(model)
    unit = state.unit(1)
    unit.status = Status.WAITING
    for action in (lambda: movement.check_move(model, state, unit, 1), lambda: movement.check_fortify(model, unit),
                   lambda: movement.sea_destination(model, state, unit), lambda: logistics.maxima(model, state, unit),
                   lambda: logistics.allocate(model, state, unit, LogisticsOrder())):
        with pytest.raises(RuleError) as err:
            action()
        assert err.value.code == "HEX"


def test_display_strength(model):
    state = empty_state(model, computer_allied=True)
    allied = next(u.number for u in model.units if u.side == "allied")
    axis = next(u.number for u in model.units if u.side == "axis")
    for number, strength, noise, shown in ((allied, 100, 117, 117), (allied, 5, 90, 5), (allied, 5, 89, 4),
                                           (axis, 100, 117, 100)):
        unit = state.unit(number)
        unit.strength, unit.noise = strength, noise
        assert display_strength(model, state, unit) == shown
    state.computer_allied = False
    assert display_strength(model, state, state.unit(allied)) == 5
