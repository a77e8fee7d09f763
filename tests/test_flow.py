"""The sequence of play as a step machine (kotd.engine.flow): the phase order and who
acts, what each phase allows, refusals that change nothing, and the limited-reaction
budget that a battle's operation points count against (IV.C.3.k, rulings 8)."""

import pytest

from kotd import hexgrid
from kotd.engine.fixtures import empty_state, open_ground, place
from kotd.engine.flow import Flow, May
from kotd.engine.logistics import LogisticsOrder
from kotd.engine.movement import RuleError
from kotd.engine.setup import Options, new_game
from kotd.engine.state import Phase

AXIS_PZ, AUST, SAPI = 8, 37, 38


def reaction_state(model, aust_op):
    """The Allies in limited reaction with the Australians next to the Panzers."""
    ground = open_ground(model)
    state = empty_state(model)
    place(model, state, AXIS_PZ, ground[0])
    aust = place(model, state, AUST, hexgrid.step(*ground[0], 3), op=aust_op)
    flow = Flow(model, state)
    flow.enter_phase(Phase.B1_OPERATIONS, "axis")
    state.react_side, state.react_open = "allied", True
    return flow, state, aust


def test_a_reaction_battle_costing_more_than_the_access_is_refused(model):
    flow, state, aust = reaction_state(model, aust_op=7)
    assert flow.access(AUST) == 7                       # min(18 // 2, 7)
    before = state.copy()
    with pytest.raises(RuleError) as e:                 # intensity 6 costs the Allies 8
        flow.declare_attack(aust.hex, state.unit(AXIS_PZ).hex, [AUST], [AXIS_PZ], 6, 5, 0)
    assert e.value.code == "REACTION" and state == before and not state.defend_pending
    flow.declare_attack(aust.hex, state.unit(AXIS_PZ).hex, [AUST], [AXIS_PZ], 3, 5, 0)   # costs 6
    assert flow.info() == flow.info().__class__(state.phase, "axis", May.DEFEND)
    flow.defend(5, 0)
    assert state.react_battle and not state.react_open and state.react_budget == 1
    assert flow.info().may == May.FINISH_UNIT | May.END_REACTION


def test_moving_spends_the_access_budget_before_the_battle(model):
    flow, state, aust = reaction_state(model, aust_op=18)
    assert flow.access(AUST) == 9
    pz = state.unit(AXIS_PZ)
    state.react_budget = 4                              # as if 5 points had gone on moving
    with pytest.raises(RuleError):                      # the cheapest Allied battle costs 5
        flow.declare_attack(aust.hex, pz.hex, [AUST], [AXIS_PZ], 1, 5, 0)


def test_refused_actions_name_their_code_and_change_nothing(model):
    state = new_game(model, "tobruk41", 5, Options(computer_allied=False))
    flow = Flow(model, state)
    before = state.copy()
    for action, kind in ((lambda: flow.move(AXIS_PZ, 1), "PHASE"),
                         (lambda: flow.allocate(AXIS_PZ, LogisticsOrder()), "PHASE"),
                         (lambda: flow.access(AXIS_PZ), "PHASE"),
                         (lambda: flow.defend(5, 0), "PHASE")):
        with pytest.raises(RuleError) as e:
            action()
        assert e.value.code == kind and state == before
    while state.phase != Phase.B1_OPERATIONS:
        flow.step()
    allied = next(u for u in state.units if u.on_map and model.unit(u.number).side == "allied")
    before = state.copy()
    for action, kind in ((lambda: flow.move(allied.number, 1), "SIDE"), (lambda: flow.move(0, 1), "UNIT"),
                         (lambda: flow.finish_unit(), "PHASE"), (lambda: flow.choose_first(True), "PHASE")):
        with pytest.raises(RuleError) as e:
            action()
        assert e.value.code == kind and state == before


def test_a_turn_of_steps_visits_every_phase_with_its_actor(model):
    state = new_game(model, "campaign", 1, Options(computer_allied=False))
    flow = Flow(model, state)
    seen = []
    while True:
        flow.step()
        info = flow.info()
        seen.append((info.phase, info.actor))
        if info.phase == Phase.INITIATIVE:
            flow.choose_first(False)                    # the holder lets the Allies go first
        if info.phase == Phase.VICTORY:
            break
    first, second = "allied", "axis"
    expected = [(Phase.REINFORCEMENT, None), (Phase.SUPPLY, None), (Phase.LOGISTICS, "axis"),
                (Phase.LOGISTICS, "allied"), (Phase.INITIATIVE, "axis")]
    for phasing, other, base in ((first, second, Phase.B1_OPERATIONS), (second, first, Phase.C1_OPERATIONS)):
        expected += [(base, phasing), (base + 1, None), (base + 2, phasing), (base + 3, other),
                     (base + 4, phasing), (base + 5, None), (base + 6, phasing)]
    expected.append((Phase.VICTORY, None))
    assert seen == expected
    assert state.turn == 2 and flow.info().may == May.STEP
    flow.step()
    assert state.phase == Phase.REINFORCEMENT


def test_logistics_once_per_unit_in_unit_order(model):
    state = new_game(model, "campaign", 1)
    flow = Flow(model, state)
    while state.phase != Phase.LOGISTICS:
        flow.step()
    axis = [u.number for u in state.units if u.on_map and model.unit(u.number).side == "axis"]
    flow.allocate(axis[1], LogisticsOrder(9, 9, 9))
    for n, kind in ((axis[0], "ONCE"), (axis[1], "ONCE")):
        with pytest.raises(RuleError) as e:
            flow.allocate(n, LogisticsOrder(9, 9, 9))
        assert e.value.code == kind
    with pytest.raises(RuleError) as e:
        flow.allocate(axis[2], LogisticsOrder(10, 9, 9))
    assert e.value.code == "RANGE"
