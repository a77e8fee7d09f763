"""Supply tracing, the Desert Rats, logistics, maintenance and resupply."""

from kotd import hexgrid
from kotd.engine import logistics, supply
from kotd.engine.board import home_base, tobruk
from kotd.engine.fixtures import empty_state, place
from kotd.engine.logistics import LogisticsOrder
from kotd.engine.state import Status

AXIS_PZ, AXIS_DEPOT, AXIS_DEPOT2, BR_ARM, AUST, BR_DEPOT, BR_DEPOT2 = 8, 2, 3, 36, 37, 30, 31


def hex_at(model, origin, distance, toward=None):
    """A land hex exactly `distance` from origin (nearest to `toward` if given)."""
    m = model.map
    cands = [(c, r) for c in range(m.columns) for r in range(m.rows)
             if hexgrid.distance((c, r), origin) == distance and model.terrain[m.terrain_at(c, r)].passable]
    if toward is not None:
        cands.sort(key=lambda h: (hexgrid.distance(h, toward), h))
    return cands[0]


def test_supply_ranges_axis_2_human_allied_3_computer_allied_4(model):
    state = empty_state(model)
    base = home_base(model, "axis")
    east = home_base(model, "allied")
    for dist, want in ((2, True), (3, False)):
        u = place(model, state, AXIS_PZ, hex_at(model, base, dist, east))
        supply.trace_supply(model, state, "axis")
        assert u.supplied is want
    for computer, dist, want in ((False, 3, True), (False, 4, False), (True, 4, True), (True, 5, False)):
        state.computer_allied = computer
        u = place(model, state, BR_ARM, hex_at(model, east, dist, base))
        supply.trace_supply(model, state, "allied")
        assert u.supplied is want, (computer, dist)


def test_depot_chain_steps_of_at_most_6(model):
    state = empty_state(model)
    base, east = home_base(model, "axis"), home_base(model, "allied")
    d1 = place(model, state, AXIS_DEPOT, hex_at(model, base, 6, east))
    d2 = place(model, state, AXIS_DEPOT2, hex_at(model, d1.hex, 6, east))
    if hexgrid.distance(d2.hex, base) <= 6:
        d2.col, d2.row = hex_at(model, base, 12, east)
    assert [d.number for d in supply.valid_depots(model, state, "axis")] == [AXIS_DEPOT, AXIS_DEPOT2]
    u = place(model, state, AXIS_PZ, hex_at(model, d2.hex, 2, east))
    supply.trace_supply(model, state, "axis")
    assert u.supplied and d1.supplied and d2.supplied
    d1.col, d1.row = hex_at(model, base, 7, east)            # the first link broken
    supply.trace_supply(model, state, "axis")
    if hexgrid.distance(d1.hex, d2.hex) > 6 or hexgrid.distance(d2.hex, base) > 6:
        assert not d1.supplied and not u.supplied


def test_tobruk_is_a_source_only_for_its_controller(model):
    state = empty_state(model)
    t = tobruk(model)
    u = place(model, state, AXIS_PZ, hex_at(model, t, 1))
    state.control[model.map.tobruk] = "allied"
    supply.trace_supply(model, state, "axis")
    assert not u.supplied
    state.control[model.map.tobruk] = "axis"
    supply.trace_supply(model, state, "axis")
    assert u.supplied


def test_supply_traced_through_enemy_units_and_any_terrain(model):
    state = empty_state(model)
    base = home_base(model, "axis")
    u = place(model, state, AXIS_PZ, hex_at(model, base, 2))
    for n in hexgrid.neighbours(*u.hex):
        if model.map.on_map(*n) and model.terrain[model.map.terrain_at(*n)].passable and n != base:
            place(model, state, AUST, n)
            break
    supply.trace_supply(model, state, "axis")
    assert u.supplied


def test_tobruk_surrounded_by_ocean_and_axis_units(model):
    state = empty_state(model)
    t = tobruk(model)
    land = [n for n in hexgrid.neighbours(*t)
            if model.map.on_map(*n) and model.terrain[model.map.terrain_at(*n)].id != "ocean"]
    assert not supply.tobruk_surrounded(model, state)
    for n, number in zip(land, (8, 9, 10, 11, 12, 13)):
        place(model, state, number, n)
    assert supply.tobruk_surrounded(model, state)
    state.unit(8).col = 0
    assert not supply.tobruk_surrounded(model, state)


def desert_rats_state(model):
    state = empty_state(model)
    t = tobruk(model)
    place(model, state, AUST, t)
    state.control[model.map.tobruk] = "allied"
    depot = place(model, state, AXIS_DEPOT, hex_at(model, t, 4, home_base(model, "axis")))
    east = next((c, r) for c in range(t[0] + 1, model.map.columns) for r in range(model.map.rows)
                if model.terrain[model.map.terrain_at(c, r)].passable)
    place(model, state, AXIS_PZ, east)
    state.axis_supply = 1001
    return state, depot


def test_desert_rats_strike(model):
    state, depot = desert_rats_state(model)
    assert logistics.desert_rats(model, state) == [AXIS_DEPOT]
    assert state.axis_supply == 1001 * 80 // 100
    assert depot.status == Status.ELIMINATED


def test_desert_rats_need_an_axis_unit_east_of_tobruk(model):
    state, depot = desert_rats_state(model)
    state.unit(AXIS_PZ).col = tobruk(model)[0]
    state.unit(AXIS_PZ).row = 0 if tobruk(model)[1] else 1
    assert logistics.desert_rats(model, state) is None and state.axis_supply == 1001


def test_desert_rats_spare_a_stacked_depot_and_need_allied_tobruk(model):
    state, depot = desert_rats_state(model)
    place(model, state, AXIS_DEPOT2, depot.hex)
    assert logistics.desert_rats(model, state) == []
    assert state.axis_supply == 800
    state, depot = desert_rats_state(model)
    state.control[model.map.tobruk] = "axis"
    assert logistics.desert_rats(model, state) is None


def test_axis_supply_charges_the_pool_the_amount_sent(model):
    state = empty_state(model, turn=2)
    east = home_base(model, "allied")
    u = place(model, state, AXIS_PZ, hex_at(model, home_base(model, "axis"), 10, east), supply=100)
    u.supplied = True
    state.axis_supply = 1000
    added, got = logistics.allocate(model, state, u, LogisticsOrder(0, 9, 4))
    assert state.axis_supply == 500 and got == 450 and u.supply == 550 and u.priority == 4


def test_axis_supply_limited_by_the_pool(model):
    state = empty_state(model, turn=2)
    u = place(model, state, AXIS_PZ, home_base(model, "axis"), supply=0)
    u.supplied = True
    state.axis_supply = 200
    logistics.allocate(model, state, u, LogisticsOrder(0, 5, 0))
    assert u.supply == 110 and state.axis_supply == 90


def test_allied_supply_full_and_priority_9(model):
    state = empty_state(model, turn=2)
    u = place(model, state, AUST, hex_at(model, home_base(model, "allied"), 5), supply=0)
    u.supplied = True
    logistics.allocate(model, state, u, LogisticsOrder(0, 0, 0))
    assert u.supply == 500 * 95 // 100 and u.priority == 9


def test_unsupplied_units_receive_nothing(model):
    state = empty_state(model, turn=2)
    u = place(model, state, AXIS_PZ, home_base(model, "axis"), supply=0, strength=400)
    u.supplied = False
    state.axis_supply, state.replacements["german"] = 1000, 1000
    assert logistics.allocate(model, state, u, LogisticsOrder(9, 9, 9)) == (0, 0)


def test_no_allied_replacements_in_march_1941(model):
    state = empty_state(model, turn=1)
    u = place(model, state, AUST, home_base(model, "allied"), strength=300)
    u.supplied = True
    state.replacements["allied"] = 600
    assert logistics.allocate(model, state, u, LogisticsOrder(9))[0] == 0
    state.turn = 2
    assert logistics.allocate(model, state, u, LogisticsOrder(9))[0] == 300


def test_depots_receive_400_without_decrement(model):
    state = empty_state(model, turn=2)
    d = place(model, state, AXIS_DEPOT, hex_at(model, home_base(model, "axis"), 6), supply=50)
    d.supplied = True
    state.axis_supply = 1000
    logistics.allocate(model, state, d, LogisticsOrder(0))
    assert d.supply == 450 and state.axis_supply == 600


def test_replacements_in_tobruk_block_the_sealift(model):
    state = empty_state(model, turn=2)
    u = place(model, state, AUST, tobruk(model), strength=300)
    u.supplied = True
    state.replacements["allied"] = 100
    logistics.allocate(model, state, u, LogisticsOrder(9))
    assert state.sealift_blocked


def test_maintenance_100_or_elimination(model):
    state = empty_state(model)
    a = place(model, state, AXIS_PZ, home_base(model, "axis"), supply=100)
    b = place(model, state, 9, home_base(model, "axis"), supply=99)
    assert logistics.maintenance(model, state) == [9]
    assert a.supply == 0 and b.status == Status.ELIMINATED


def test_resupply_enemy_segment_quarter_depots_never_and_pool_order(model):
    state = empty_state(model)
    base = home_base(model, "axis")
    a = place(model, state, AXIS_PZ, base, supply=200)
    b = place(model, state, 9, base, supply=200)
    d = place(model, state, AXIS_DEPOT, base, supply=0)
    for u in (a, b, d):
        u.supplied, u.priority = True, 9
    state.axis_supply = 500
    got = logistics.resupply(model, state, "axis")
    assert got == {AXIS_PZ: 400, 9: 100} and d.supply == 0 and state.axis_supply == 0
    state.axis_supply = 1000
    a.supply = 200
    assert logistics.resupply(model, state, "allied")[AXIS_PZ] == 100


def test_reinforcements_stack_6_counting_the_garrison_cadres_last(model):
    state = empty_state(model, turn=2)
    base = home_base(model, "axis")
    place(model, state, 1, base)                      # garrison
    for n in (18, 19, 20, 21, 22):
        state.unit(n).status, state.unit(n).arrival_turn = Status.WAITING, 2
    state.unit(12).status, state.unit(12).arrival_turn = Status.CADRE, 2
    state.unit(23).status, state.unit(23).arrival_turn = Status.WAITING, 3
    assert logistics.reinforcements(model, state) == [18, 19, 20, 21, 22]
    assert state.unit(12).status == Status.CADRE
    state.unit(22).col = 5
    state.turn = 3
    assert logistics.reinforcements(model, state) == [23]
    state.unit(21).col = 5
    state.turn = 4
    assert logistics.reinforcements(model, state) == [12]


def test_turn_receipts_scaled_with_the_hundredths_carried(model):
    state = empty_state(model, turn=1)
    state.ratings["axis"]["air"] = 4                  # 110%: 3 air -> 3.3 a turn
    for _ in range(3):
        logistics.receive_turn_points(model, state)
    assert state.air["axis"] == 9 and state.carry["air_axis"] == 90
    logistics.receive_turn_points(model, state)
    assert state.air["axis"] == 13
    assert state.axis_supply == 4 * model.turn(1).axis_supply
