"""The real set-ups follow the rulings: rosters (16.10), placements (16.11), start
supply (16.29), pools (16.10), optional depots (16.41).  Numbers come from the data."""

import pytest

from kotd import hexgrid
from kotd.model import load_model


@pytest.fixture(scope="module")
def model():
    return load_model()


def placed(model, sid, side=None):
    return [su for su in model.setups[sid].units if side is None or model.unit(su.number).side == side]


def at(model, pid):
    return model.map.place_hex(pid)


@pytest.mark.parametrize("sid", ["1941-03", "1942-01", "1942-07"])
def test_start_supply_full_and_depots_at_their_receipt(model, sid):
    for su in placed(model, sid):
        ut = model.unit(su.number)
        want = model.logistics.depot_supply if ut.is_depot else model.logistics.supply_cap[ut.type]
        assert su.supply == want, su
        assert su.fort == 0


@pytest.mark.parametrize("sid", ["1941-03", "1942-01", "1942-07"])
def test_pools_before_the_first_receipts(model, sid):
    setup = model.setups[sid]
    start = model.turn_of_date(sid)
    earlier = [t for t in model.turns if t.turn < start]
    assert setup.axis_supply == 0 and set(setup.replacements.values()) == {0}
    for side in ("axis", "allied"):
        assert setup.air[side] == sum(t.air[side] for t in earlier)


@pytest.mark.parametrize("sid", ["1941-03", "1942-01", "1942-07"])
def test_optional_depots_in_every_set_up(model, sid):
    optional = [u.number for u in model.units if u.optional]
    base = at(model, "el_agheila")
    for su in placed(model, sid):
        if su.number in optional:
            assert (su.col, su.row) == base or (su.col, su.row) in hexgrid.neighbours(*base)
    assert {su.number for su in placed(model, sid)} >= set(optional)


def test_control_allied_until_the_axis_reaches_el_alamein(model):
    """All four places British in March 1941; Benghazi retaken by the Axis in January
    1942 (docs/map.md: the Gazala start, issue 14); all Axis in July 1942."""
    assert set(model.setups["1941-03"].control.values()) == {"allied"}
    assert model.setups["1942-01"].control == {"benghazi": "axis", "bardia": "allied",
                                               "matruh": "allied", "tobruk": "allied"}
    assert set(model.setups["1942-07"].control.values()) == {"axis"}


def test_march_1941_strengths_are_the_order_of_battle(model):
    for su in placed(model, "1941-03"):
        assert su.strength == model.unit(su.number).combat, su


def test_march_1941_allied_non_mobile_total_is_the_order_of_battle_not_the_chart(model):
    # rulings 16.9: the printed chart total is an error; the order of battle stands
    order_of_battle = sum(u.combat for u in model.units if u.side == "allied" and u.arrival is None
                          and u.role == "combat" and not u.mobile)
    assert model.setups["1941-03"].start_totals["allied"]["nonmobile_strength"] == order_of_battle


def test_march_1941_axis_at_el_agheila(model):
    """Rulings 16.11: six in El Agheila, the rest within 2 hexes, none east of Mersa Brega."""
    base, brega = at(model, "el_agheila"), at(model, "mersa_brega")
    axis = placed(model, "1941-03", "axis")
    in_base = sorted(su.number for su in axis if (su.col, su.row) == base)
    assert in_base == [1, 2, 8, 9, 10, 11]
    for su in axis:
        assert hexgrid.distance((su.col, su.row), base) <= 2 and su.col <= brega[0], su


def test_march_1941_allied_where_the_rulings_put_them(model):
    where = {su.number: (su.col, su.row) for su in placed(model, "1941-03", "allied")}
    expect = {29: "alexandria", 30: "alexandria", 36: "agedabia", 37: "benghazi", 38: "tobruk", 39: "tobruk",
              40: "bardia", 31: "el_daba", 32: "matruh", 33: "sidi_barrani", 34: "mechili", 35: "msus"}
    assert where == {n: at(model, pid) for n, pid in expect.items()}


def test_january_1942_axis_on_the_gazala_position(model):
    """The Axis combat units from Benghazi to Gazala (docs/map.md, the Gazala start):
    none west of Benghazi's column, none east of Gazala's."""
    west, east = at(model, "benghazi")[0], at(model, "gazala")[0]
    for su in placed(model, "1942-01", "axis"):
        if model.unit(su.number).role == "combat":
            assert west <= su.col <= east, su


def test_january_1942_allies_hold_tobruk_and_the_ground_east_of_gazala(model):
    gazala = at(model, "gazala")[0]
    where = {su.number: (su.col, su.row) for su in placed(model, "1942-01", "allied")
             if model.unit(su.number).role == "combat"}
    assert all(h[0] > gazala for h in where.values())
    assert sum(1 for h in where.values() if h == at(model, "tobruk")) == 3


def test_july_1942_both_armies_on_the_el_alamein_line(model):
    gap_col = at(model, "el_alamein")[0]
    for su in placed(model, "1942-07"):
        ut = model.unit(su.number)
        if ut.role != "combat":
            continue
        if ut.side == "axis":
            assert gap_col - 3 <= su.col < gap_col, su
        else:
            assert gap_col <= su.col, su


def test_july_1942_absent_and_early_units(model):
    setup = model.setups["1942-07"]
    assert set(setup.absent) == {17, 39, 47}
    numbers = {su.number for su in setup.units}
    assert {24, 55} <= numbers                          # RAMCKE and 8 BR ARM placed at start
    assert 17 in model.setups["1942-01"].absent


def test_no_hex_next_to_the_enemy_before_july_1942(model):
    for sid in ("1941-03", "1942-01"):
        axis = {(su.col, su.row) for su in placed(model, sid, "axis")}
        allied = {(su.col, su.row) for su in placed(model, sid, "allied")}
        assert not any(n in allied for hx in axis for n in hexgrid.neighbours(*hx)), sid
