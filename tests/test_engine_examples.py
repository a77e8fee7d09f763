"""The manual's worked examples, reproduced exactly (rulings section 15)."""

from kotd import hexgrid
from kotd.engine import combat, logistics
from kotd.engine.board import home_base
from kotd.engine.fixtures import empty_state, place
from kotd.engine.logistics import LogisticsOrder
from kotd.engine.rng import between


def test_defender_modified_strength_406(model):
    # §IV.D.4.d: 100 strength, 200 supply, in a town, fortification 4, 3 air points.
    town = model.terrain_by_id("town").defence_tenths
    assert combat.defender_modified(model, [(100, 200, 4)], town, 3) == 406


def test_attacker_modified_strength_2500(model):
    # §IV.D.4.g: 1500 strength, 5 air, 2 non-participating friends in the attacking hex,
    # 1 friendly hex next to the defender, 3 non-participating enemies, 2 enemy hexes.
    assert combat.attacker_modified(model, 1500, 5, 2, 1, 3, 2) == 2500


def test_combat_loss_chart_all_90_cells(model):
    c = model.combat
    cells = 0
    for strength, row in zip(c.loss_chart_strengths, c.loss_chart):
        for intensity, printed in enumerate(row, start=1):
            assert combat.base_loss(model, intensity, strength) == printed
            cells += 1
    assert cells == 90


def test_attacker_losses_1000_intensity_9_risk_12_extremes(model):
    # §IV.D.5.c prints 70..129, a misprint against its own chart (rulings 16.1):
    # base 59, risk factor 0.77..1.48 gives 45..87 before air points.
    base = combat.base_loss(model, 9, 1000)
    assert base == 59
    lo, hi = model.combat.risk_table[12]
    assert (lo, hi) == (77, 148)
    assert combat.side_loss(model, base, lo, 0) == (45, 45)
    assert combat.side_loss(model, base, hi, 0) == (87, 87)


def test_risk_draw_reaches_both_extremes_and_nothing_else(model):
    lo, hi = model.combat.risk_table[12]
    state = empty_state(model, seed=7)
    seen = {between(state, lo, hi) for _ in range(20000)}
    assert min(seen) == lo and max(seen) == hi and len(seen) == hi - lo + 1


def test_resupply_220_then_55(model):
    # §IV.B.1.c: 400 supply allowed, priority 5: 220 in the own segment, 55 in the enemy's.
    state = empty_state(model)
    base = home_base(model, "axis")
    unit = place(model, state, 8, base, supply=model.logistics.supply_cap["mobile"] - 400)
    unit.supplied, unit.priority = True, 5
    state.axis_supply = 10000
    assert logistics.resupply(model, state, "axis") == {8: 220}
    unit.supply -= 220
    assert logistics.resupply(model, state, "allied") == {8: 55}


def test_22_replacements_of_100_at_setting_2(model):
    # §IV.B.1.b: a unit with a maximum of 100 replacements receives 22 at setting 2.
    state = empty_state(model, turn=2)
    unit = place(model, state, 8, home_base(model, "axis"))
    unit.strength = unit.ceiling - 100
    unit.supplied = True
    state.replacements["german"] = 500
    added, _ = logistics.allocate(model, state, unit, LogisticsOrder(replacements=2))
    assert added == 22 and state.replacements["german"] == 478


def test_16_percent_less_at_16_hexes(model):
    # §IV.B.2.a: 16 hexes from the home base, the amount received is cut by 16%.
    state = empty_state(model)
    base = home_base(model, "axis")
    far = next(h for h in ((c, r) for c in range(model.map.columns) for r in range(model.map.rows))
               if hexgrid.distance(h, base) == 16)
    unit = place(model, state, 8, far)
    assert logistics.delivered(model, unit, 100) == 84
    assert logistics.delivered(model, unit, 250) == 210


def test_eliminated_below_120_for_ceiling_800(model):
    # §IV.A.2.a
    assert combat.eliminated_by_strength(model, 119, 800)
    assert not combat.eliminated_by_strength(model, 120, 800)


def test_start_strengths_at_exactly_15_percent_survive(model):
    # rulings 15 C7: depots 30/200 and Sabratha 45/300
    assert not combat.eliminated_by_strength(model, 30, 200)
    assert not combat.eliminated_by_strength(model, 45, 300)


def test_morale_9_takes_80_percent_morale_5_takes_120(model):
    # §IV.A.1.d: a morale 9 unit loses 80% of the casualties assigned, morale 5 120%.
    assert combat.unit_loss(model, 100, 500, 500, 9) == 80
    assert combat.unit_loss(model, 100, 500, 500, 5) == 120
