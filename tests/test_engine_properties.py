"""Invariants under random play (hypothesis): no negative strength or supply, supply
never above its cap, stacking never exceeded, fortification never counting above its
effective maximum, and the same seed and choices always giving the same game."""

from hypothesis import given, settings
from hypothesis import strategies as st

from kotd import hexgrid
from kotd.engine import combat, logistics, supply
from kotd.engine.board import occupancy, op_allowance, stacking_limit, supply_cap
from kotd.engine.combat import BattleOrder
from kotd.engine.fixtures import empty_state, open_ground, place
from kotd.engine.game import OPERATIONS, Game
from kotd.engine.movement import RuleError
from kotd.engine.state import Phase, Status
from kotd.model import load_model

MODEL = load_model()
GROUND = open_ground(MODEL, min_gap=2)
AXIS_COMBAT = [u.number for u in MODEL.units if u.side == "axis" and u.role == "combat"]
ALLIED_COMBAT = [u.number for u in MODEL.units if u.side == "allied" and u.role == "combat"]


@st.composite
def battles(draw):
    """A random legal battle on an otherwise empty board."""
    state = empty_state(MODEL, seed=draw(st.integers(0, 0xFFFF)),
                        computer_allied=draw(st.booleans()))
    axis_attacks = draw(st.booleans())
    att_pool, def_pool = (AXIS_COMBAT, ALLIED_COMBAT) if axis_attacks else (ALLIED_COMBAT, AXIS_COMBAT)
    d_hex = draw(st.sampled_from(GROUND))
    a_hex = hexgrid.step(*d_hex, draw(st.integers(1, 6)))
    attackers = draw(st.lists(st.sampled_from(att_pool), min_size=1, max_size=6, unique=True))
    defenders = draw(st.lists(st.sampled_from(def_pool), min_size=1, max_size=6, unique=True))
    for group, hx, attacking in ((attackers, a_hex, True), (defenders, d_hex, False)):
        for n in group:
            u = place(MODEL, state, n, hx)
            floor = -(-MODEL.combat.elimination_percent * u.ceiling // 100)
            u.strength = draw(st.integers(floor, u.ceiling))
            side = MODEL.unit(n).side
            low_sup = MODEL.combat.attack_min_supply[side] if attacking else 0
            low_op = MODEL.combat.attack_min_op[side] if attacking else 0
            u.supply = draw(st.integers(low_sup, supply_cap(MODEL, u)))
            u.op = draw(st.integers(low_op, op_allowance(MODEL, u)))
            u.fort = draw(st.integers(0, MODEL.fortification.max_level))
    for side in ("axis", "allied"):
        state.air[side] = state.air_usable[side] = draw(st.integers(0, 12))
    a_side = "axis" if axis_attacks else "allied"
    d_side = "allied" if axis_attacks else "axis"
    order = BattleOrder(a_hex, d_hex, tuple(attackers), tuple(defenders), draw(st.integers(1, 9)),
                        draw(st.integers(1, 9)), draw(st.integers(0, min(9, state.air[a_side]))),
                        draw(st.integers(1, 9)), draw(st.integers(0, min(9, state.air[d_side]))))
    return state, order


def check_units(state):
    for u in state.units:
        assert u.strength >= 0 and u.supply >= 0 and u.op >= 0
        if u.status == Status.ON_MAP:
            assert u.supply <= supply_cap(MODEL, u)
            assert not combat.eliminated_by_strength(MODEL, u.strength, u.ceiling)
            assert 0 <= u.fort <= MODEL.fortification.max_level
    for hx, here in occupancy(state).items():
        assert len(here) <= stacking_limit(MODEL, hx)
        assert len({MODEL.unit(u.number).side for u in here}) == 1


@given(battles())
def test_battles_keep_every_invariant(case):
    state, order = case
    twin = state.copy()
    result = combat.resolve(MODEL, state, order)
    check_units(state)
    assert state.air["axis"] >= 0 and state.air["allied"] >= 0
    assert sum(result.losses.values()) == result.casualties["axis"] + result.casualties["allied"]
    for n in result.eliminated:
        assert state.unit(n).status in (Status.CADRE, Status.ELIMINATED)
    # determinism: the same state and order give the same result and state
    assert combat.resolve(MODEL, twin, order) == result and twin == state


@given(battles(), st.integers(0, 9), st.booleans())
def test_resupply_never_overfills_or_overdraws(case, priority, axis_phasing):
    state, _ = case
    state.axis_supply = 700
    for u in state.units:
        u.priority = priority
    supply.trace_supply(MODEL, state)
    logistics.resupply(MODEL, state, "axis" if axis_phasing else "allied")
    check_units(state)
    assert state.axis_supply >= 0


@st.composite
def wanderings(draw):
    state = empty_state(MODEL, seed=draw(st.integers(0, 0xFFFF)))
    start = draw(st.sampled_from(GROUND))
    numbers = draw(st.lists(st.sampled_from(AXIS_COMBAT), min_size=1, max_size=12, unique=True))
    for i, n in enumerate(numbers):
        place(MODEL, state, n, start if i < 6 else hexgrid.step(*start, 3))
    actions = draw(st.lists(st.tuples(st.sampled_from(numbers), st.integers(0, 6)), max_size=40))
    return state, actions


@given(wanderings())
def test_random_moves_and_fortifications_keep_every_invariant(case):
    state, actions = case
    game = Game(MODEL, state, {})
    game.enter_phase(Phase.B1_OPERATIONS, OPERATIONS, "axis")
    for number, action in actions:
        try:
            if action == 0:
                game.fortify(number)
            else:
                game.move(number, action)
        except RuleError:
            pass
        check_units(state)
        for u in state.units:
            if u.status == Status.ON_MAP:
                t = MODEL.terrain[MODEL.map.terrain_at(*u.hex)]
                assert (combat.defender_multiplier(MODEL, t.defence_tenths, u.fort)
                        <= combat.defender_multiplier(MODEL, t.defence_tenths, t.max_fort))


@settings(max_examples=5)
@given(st.integers(0, 10_000), st.sampled_from(["tobruk41", "tobruk42", "alamein"]))
def test_same_seed_same_game(seed, scenario):
    from kotd.simulate import simulate
    a, b = simulate(MODEL, scenario, seed), simulate(MODEL, scenario, seed)
    assert a.state == b.state and a.reports == b.reports
