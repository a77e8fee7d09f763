"""Each combat rule, with a test that fails if the rule is taken out (docs/rules.md "Combat")."""

import pytest

from kotd import hexgrid
from kotd.engine import combat
from kotd.engine.combat import BattleOrder, CombatError
from kotd.engine.fixtures import empty_state, open_ground, place
from kotd.engine.state import Status

AXIS_PZ, AXIS_INF, ARIETE, AXIS_DEPOT, AXIS_DEPOT2 = 8, 9, 10, 2, 3
BR_ARM, AUST, SAPI, BR_DEPOT = 36, 37, 38, 30


@pytest.fixture
def field(model):
    """An open clear hex with an attacking hex west of it (direction 5 from the defender)."""
    ground = open_ground(model, min_gap=4)
    for d in ground:
        a = hexgrid.step(*d, 5)
        if a in ground:
            return a, d
    pytest.skip("no open ground on this map")


def battle(model, state, a_hex, d_hex, attackers, defenders, intensity=5, ar=5, aa=0, dr=5, da=0):
    order = BattleOrder(a_hex, d_hex, tuple(attackers), tuple(defenders), intensity, ar, aa, dr, da)
    return combat.resolve(model, state, order)


# --- modified strengths --------------------------------------------------------------

def test_attacker_clamped_between_a_third_and_two_and_a_half(model):
    assert combat.attacker_modified(model, 300, 0, 0, 0, 5, 5) == 100       # 300 - 2000 -> 300/3
    assert combat.attacker_modified(model, 100, 9, 5, 5, 0, 0) == 250       # far above -> 2.5 x 100


def test_attacker_air_before_bonuses(model):
    # 20% per air point of the unmodified strength only, bonuses added after
    assert combat.attacker_modified(model, 1000, 1, 1, 0, 0, 0) == 1200 + 100


def test_defender_low_supply_halves_strength(model):
    clear = model.terrain_by_id("clear").defence_tenths
    assert combat.defender_modified(model, [(100, 50, 0)], clear, 0) == 100
    assert combat.defender_modified(model, [(100, 49, 0)], clear, 0) == 50


def test_defender_terrain_and_fort_multiplier_capped_at_3(model):
    mountain = model.terrain_by_id("mountain").defence_tenths
    assert combat.defender_modified(model, [(100, 500, 2)], mountain, 0) == 290
    assert combat.defender_modified(model, [(100, 500, 3)], mountain, 0) == 300
    assert combat.defender_modified(model, [(100, 500, 9)], mountain, 0) == 300


def test_fortification_beyond_the_effective_maximum_adds_nothing(model):
    for t in model.terrain:
        if t.passable:
            top = combat.defender_multiplier(model, t.defence_tenths, t.max_fort)
            assert combat.defender_multiplier(model, t.defence_tenths, 9) == top


def test_defender_capped_at_four_and_a_half_times_after_air(model):
    fortress = model.terrain_by_id("fortress").defence_tenths
    # 100 x 3.0 x (1 + 9 x 0.15) = 705 -> capped at 450
    assert combat.defender_modified(model, [(100, 500, 3)], fortress, 9) == 450


def test_defender_cap_uses_unhalved_strength(model):
    fortress = model.terrain_by_id("fortress").defence_tenths
    # halved: 50 x 3.0 = 150, x 2.35 = 352 (not capped by 4.5 x 100 = 450)
    assert combat.defender_modified(model, [(100, 10, 3)], fortress, 9) == 352


def test_odds_clamped_for_the_defender_loss_only(model):
    base = 20
    lo_odds = combat.side_loss(model, base, 100, 0, odds=10)[0]
    at_half = combat.side_loss(model, base, 100, 0, odds=50)[0]
    hi_odds = combat.side_loss(model, base, 100, 0, odds=5000)[0]
    at_eight = combat.side_loss(model, base, 100, 0, odds=800)[0]
    assert lo_odds == at_half == 20 + 5 and hi_odds == at_eight == 20 + 80


def test_air_points_add_one_loss_each(model):
    assert combat.side_loss(model, 59, 100, 4) == (63, 59)


def test_unit_loss_capped_at_strength(model):
    assert combat.unit_loss(model, 1000, 100, 100, 1) == 100


# --- a whole battle -----------------------------------------------------------------------

def test_battle_losses_costs_and_casualty_vp(model, field):
    a_hex, d_hex = field
    state = empty_state(model, seed=3)
    pz = place(model, state, AXIS_PZ, a_hex)
    aust = place(model, state, AUST, d_hex)
    r = battle(model, state, a_hex, d_hex, [AXIS_PZ], [AUST], intensity=6)
    assert r.base_loss == 5 + 6 * 6 * 665 // 1000
    assert pz.strength == 665 - r.losses[AXIS_PZ] and aust.strength == 590 - r.losses[AUST]
    # supply and operation costs of the charts
    c = model.combat
    assert pz.supply == 600 - c.supply_cost["attacker"]["axis"]["mobile"][5]
    assert aust.supply == 500 - c.supply_cost["defender"]["allied"]["nonmobile"][5]
    assert pz.op == 36 - c.op_cost["attacker"]["axis"][5]
    assert aust.op == 18 - c.op_cost["defender"]["allied"][5]
    assert state.casualties == {"axis": r.losses[AUST], "allied": r.losses[AXIS_PZ]}


def test_human_allied_attacker_pays_more_computer_allied_pays_axis_columns(model, field):
    a_hex, d_hex = field
    c = model.combat
    for computer, column in ((False, "allied"), (True, "axis")):
        state = empty_state(model, seed=3, computer_allied=computer)
        arm = place(model, state, BR_ARM, a_hex)
        place(model, state, AXIS_PZ, d_hex)
        battle(model, state, a_hex, d_hex, [BR_ARM], [AXIS_PZ], intensity=6)
        assert arm.supply == 600 - c.supply_cost["attacker"][column]["mobile"][5]


def test_costs_floored_at_zero(model, field):
    a_hex, d_hex = field
    state = empty_state(model)
    place(model, state, AXIS_PZ, a_hex)
    aust = place(model, state, AUST, d_hex, supply=10, op=1)
    battle(model, state, a_hex, d_hex, [AXIS_PZ], [AUST], intensity=9)
    assert aust.supply == 0 and aust.op == 0


def test_neighbour_bonuses_counted_per_hex_and_per_unit(model, field):
    a_hex, d_hex = field
    state = empty_state(model)
    place(model, state, AXIS_PZ, a_hex)
    place(model, state, AXIS_INF, a_hex)                     # non-participating friend: +100
    place(model, state, ARIETE, hexgrid.step(*d_hex, 1))     # friendly hex next to defender: +300
    place(model, state, 11, hexgrid.step(*d_hex, 1))         # same hex counts once
    place(model, state, AUST, d_hex)
    place(model, state, SAPI, d_hex)                         # non-participating enemy: -200
    place(model, state, BR_ARM, hexgrid.step(*d_hex, 3))     # enemy hex next to defender: -200
    order = BattleOrder(a_hex, d_hex, (AXIS_PZ,), (AUST,), 5, 5, 0, 5, 0)
    assert combat.neighbour_counts(model, state, order) == (1, 1, 1, 1)


def test_elimination_and_captured_supply(model, field):
    a_hex, d_hex = field
    state = empty_state(model, seed=11)
    pz = place(model, state, AXIS_PZ, a_hex, supply=300)
    ariete = place(model, state, ARIETE, a_hex, supply=300)
    weak = place(model, state, SAPI, d_hex, strength=50, supply=400)   # ceiling 300: 45 is the floor
    r = battle(model, state, a_hex, d_hex, [AXIS_PZ, ARIETE], [SAPI], intensity=9)
    assert SAPI in r.eliminated and weak.status in (Status.CADRE, Status.ELIMINATED)
    left = 400 - model.combat.supply_cost["defender"]["allied"]["nonmobile"][8]
    share = left // 2
    assert r.captured == {AXIS_PZ: share, ARIETE: share}
    assert weak.supply == 0 and weak.col == 0xFF


def test_captured_supply_capped_at_receiver_cap(model, field):
    a_hex, d_hex = field
    state = empty_state(model, seed=11)
    pz = place(model, state, AXIS_PZ, a_hex, supply=600)
    place(model, state, SAPI, d_hex, strength=46, supply=500)
    r = battle(model, state, a_hex, d_hex, [AXIS_PZ], [SAPI], intensity=1)
    assert SAPI in r.eliminated
    assert pz.supply == 600


def cadre_seed(model, field, supply, want_cadre=True):
    a_hex, d_hex = field
    for seed in range(1, 400):
        state = empty_state(model, seed=seed)
        place(model, state, AXIS_PZ, a_hex)
        place(model, state, SAPI, d_hex, strength=46, supply=supply)
        r = battle(model, state, a_hex, d_hex, [AXIS_PZ], [SAPI], intensity=9)
        if SAPI in r.eliminated and (SAPI in r.cadres) == want_cadre:
            return state, r
    return None, None


def test_cadre_returns_next_turn_at_20_percent_of_ceiling(model, field):
    state, r = cadre_seed(model, field, supply=400)
    u = state.unit(SAPI)
    assert u.status == Status.CADRE and u.arrival_turn == state.turn + 1
    assert u.strength == -(-20 * u.ceiling // 100) and u.supply == 0


def test_no_cadre_below_50_supply_at_start_of_battle(model, field):
    state, r = cadre_seed(model, field, supply=49, want_cadre=True)
    assert r is None                                           # never a cadre


def test_no_cadre_when_surrounded(model, field):
    a_hex, d_hex = field
    for seed in range(1, 60):
        state = empty_state(model, seed=seed)
        place(model, state, AXIS_PZ, a_hex)
        for i, n in enumerate(hexgrid.neighbours(*d_hex)):
            if n != a_hex:
                place(model, state, [AXIS_INF, ARIETE, 11, 12, 13][i if i < 5 else 4], n)
        place(model, state, SAPI, d_hex, strength=46, supply=400)
        r = battle(model, state, a_hex, d_hex, [AXIS_PZ], [SAPI], intensity=9)
        assert SAPI in r.eliminated and SAPI not in r.cadres


def test_cadre_chance_follows_morale_table_and_solitaire_halves_the_miss(model):
    state = empty_state(model)
    assert combat.cadre_chance(model, state, state.unit(AUST)) == 88
    state.computer_allied = True
    assert combat.cadre_chance(model, state, state.unit(AUST)) == 94
    assert combat.cadre_chance(model, state, state.unit(AXIS_PZ)) == 92
    u = state.unit(AUST)
    u.ceiling = 600
    assert combat.cadre_strength(model, state, u) == 180


def test_computer_allied_risk_factor_times_80_percent(model, field):
    a_hex, d_hex = field
    results = []
    for computer in (False, True):
        state = empty_state(model, seed=5, computer_allied=computer)
        place(model, state, AXIS_PZ, a_hex)
        place(model, state, AUST, d_hex)
        results.append(battle(model, state, a_hex, d_hex, [AXIS_PZ], [AUST]))
    assert results[1].defender_risk_factor == results[0].defender_risk_factor * 80 // 100
    assert results[1].attacker_risk_factor == results[0].attacker_risk_factor


def test_air_loss_roll_needs_enemy_air_committed(model, field):
    a_hex, d_hex = field
    destroyed = 0
    for seed in range(1, 80):
        state = empty_state(model, seed=seed)
        state.air = {"axis": 9, "allied": 9}
        state.air_usable = {"axis": 9, "allied": 9}
        place(model, state, AXIS_PZ, a_hex)
        place(model, state, AUST, d_hex)
        r = battle(model, state, a_hex, d_hex, [AXIS_PZ], [AUST], aa=9, da=0)
        assert r.air_destroyed["allied"] == 0           # the Allies committed none: nothing to hit
        destroyed += r.air_destroyed["axis"]            # their 0-point row: 9% anti-aircraft fire
        assert state.air_usable["axis"] == 0
    assert 0 < destroyed < 79 * 0.3


def test_air_loss_destroys_committed_enemy_point(model, field):
    a_hex, d_hex = field
    hits = 0
    for seed in range(1, 200):
        state = empty_state(model, seed=seed)
        state.air = {"axis": 9, "allied": 9}
        state.air_usable = {"axis": 9, "allied": 9}
        place(model, state, AXIS_PZ, a_hex)
        place(model, state, AUST, d_hex)
        r = battle(model, state, a_hex, d_hex, [AXIS_PZ], [AUST], aa=9, da=3)
        hits += r.air_destroyed["allied"]
        assert state.air["allied"] == 9 - r.air_destroyed["allied"]
    assert 0.3 < hits / 199 < 0.75                      # 52% on 9 committed


# --- orders the rules forbid ------------------------------------------------------------------

def test_attack_minimums(model, field):
    a_hex, d_hex = field
    state = empty_state(model)
    place(model, state, AXIS_PZ, a_hex, supply=99)
    place(model, state, AUST, d_hex)
    with pytest.raises(CombatError):
        battle(model, state, a_hex, d_hex, [AXIS_PZ], [AUST])
    state = empty_state(model)
    place(model, state, BR_ARM, a_hex, supply=199)
    place(model, state, AXIS_PZ, d_hex)
    with pytest.raises(CombatError):
        battle(model, state, a_hex, d_hex, [BR_ARM], [AXIS_PZ])
    state.unit(BR_ARM).supply, state.unit(BR_ARM).op = 200, 5
    with pytest.raises(CombatError):
        battle(model, state, a_hex, d_hex, [BR_ARM], [AXIS_PZ])


def test_depots_defend_only_alone_and_never_attack_alone(model, field):
    a_hex, d_hex = field
    state = empty_state(model)
    place(model, state, AXIS_PZ, a_hex)
    place(model, state, AUST, d_hex)
    place(model, state, BR_DEPOT, d_hex)
    with pytest.raises(CombatError):
        battle(model, state, a_hex, d_hex, [AXIS_PZ], [BR_DEPOT])
    state = empty_state(model)
    place(model, state, AXIS_DEPOT, a_hex)
    place(model, state, AUST, d_hex)
    with pytest.raises(CombatError):
        battle(model, state, a_hex, d_hex, [AXIS_DEPOT], [AUST])
    state = empty_state(model)
    place(model, state, AXIS_PZ, a_hex)
    place(model, state, AXIS_DEPOT, a_hex)
    place(model, state, AUST, d_hex)
    order = BattleOrder(a_hex, d_hex, (AXIS_PZ, AXIS_DEPOT), (AUST,), 5, 5, 0, 5, 0)
    combat.check_order(model, state, order)
    with pytest.raises(CombatError):
        combat.check_order(model, state, order, reaction=True)


def test_bad_orders_change_nothing(model, field):
    a_hex, d_hex = field
    state = empty_state(model)
    place(model, state, AXIS_PZ, a_hex)
    place(model, state, AUST, d_hex)
    before = state.copy()
    far = hexgrid.step(*hexgrid.step(*d_hex, 3), 3)
    for order in (BattleOrder(a_hex, far, (AXIS_PZ,), (AUST,), 5, 5, 0, 5, 0),
                  BattleOrder(a_hex, d_hex, (AXIS_PZ,), (AUST,), 10, 5, 0, 5, 0),
                  BattleOrder(a_hex, d_hex, (AXIS_PZ,), (AUST,), 5, 0, 0, 5, 0),
                  BattleOrder(a_hex, d_hex, (AXIS_PZ,), (AUST,), 5, 5, 1, 5, 0),
                  BattleOrder(a_hex, d_hex, (AXIS_PZ,), (99,), 5, 5, 0, 5, 0),
                  BattleOrder(a_hex, d_hex, (AUST,), (AXIS_PZ,), 5, 5, 0, 5, 0)):
        with pytest.raises(CombatError):
            combat.resolve(model, state, order)
        assert state == before
