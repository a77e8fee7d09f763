"""The real map has the geography the rules and the rulings ask for (rulings 16.12,
16.33, section 17).  Distances are hexgrid distances; costs come from the data."""

import heapq

import pytest

from kotd import hexgrid
from kotd.model import load_model


@pytest.fixture(scope="module")
def model():
    return load_model()


def terrain_id(model, hx):
    return model.terrain[model.map.terrain_at(*hx)].id


def at(model, pid):
    return model.map.place_hex(pid)


def hexes(model, *terrain_ids):
    m = model.map
    return [(c, r) for r in range(m.rows) for c in range(m.columns) if terrain_id(model, (c, r)) in terrain_ids]


def test_size_and_home_bases_on_the_edges(model):
    m = model.map
    assert m.columns == 35 and 12 <= m.rows <= 16
    assert at(model, m.home_bases["axis"])[0] == 0
    assert at(model, m.home_bases["allied"])[0] == m.columns - 1
    assert hexgrid.distance(at(model, "el_agheila"), at(model, "alexandria")) == m.base_distance == 34


def test_tobruk_the_port_with_the_sea_north_north_east_and_north_west(model):
    tob = at(model, "tobruk")
    sea = [d for d in hexgrid.DIRECTIONS if terrain_id(model, hexgrid.step(*tob, d)) == "ocean"]
    assert sea == [1, 2, 6]
    assert hexes(model, "fortress") == [tob]


def test_tobruk_bardia_and_gazala_where_the_rulings_put_them(model):
    tob = at(model, "tobruk")
    assert 15 <= hexgrid.distance(at(model, "el_agheila"), tob) <= 16
    assert hexgrid.distance(tob, at(model, "bardia")) == 4 and at(model, "bardia")[0] > tob[0]
    assert hexgrid.distance(tob, at(model, "gazala")) == 2 and at(model, "gazala")[0] < tob[0]
    assert hexgrid.distance(tob, at(model, "el_adem")) == 1


def test_towns_are_the_home_bases_and_the_victory_point_places(model):
    m = model.map
    town_ids = {pid for pid, p in m.places.items() if p.terrain == "town"}
    assert town_ids == set(m.home_bases.values()) | (set(model.victory.towns) - {m.tobruk})
    assert len(hexes(model, "town")) == len(town_ids)


def test_every_place_the_brief_names_is_on_the_map(model):
    for pid in ("el_agheila", "mersa_brega", "agedabia", "benghazi", "msus", "mechili", "derna", "gazala",
                "bir_hakeim", "tobruk", "el_adem", "bardia", "sollum", "halfaya", "sidi_barrani", "matruh",
                "el_daba", "el_alamein", "alexandria", "jalo", "jarabub", "siwa"):
        assert pid in model.map.places


def test_coast_hexes_lie_on_the_shore(model):
    m = model.map
    for hx in hexes(model, "coast"):
        around = [n for n in hexgrid.neighbours(*hx)]
        assert any(not m.on_map(*n) or terrain_id(model, n) == "ocean" for n in around), hx


def reachable(model, start, allowed):
    """Hexes reachable from start through hexes whose terrain is in `allowed`."""
    seen, todo = {start}, [start]
    while todo:
        for n in hexgrid.neighbours(*todo.pop()):
            if n not in seen and model.map.on_map(*n) and terrain_id(model, n) in allowed:
                seen.add(n)
                todo.append(n)
    return seen


def test_the_coast_road_runs_from_el_agheila_to_alexandria_down_the_halfaya_pass(model):
    road = {"coast", "town", "fortress"}
    west = reachable(model, at(model, "el_agheila"), road)
    for pid in ("mersa_brega", "agedabia", "benghazi", "derna", "gazala", "tobruk", "bardia", "sollum"):
        assert at(model, pid) in west, pid
    assert at(model, "alexandria") not in west          # the escarpment is in the way
    both = reachable(model, at(model, "el_agheila"), road | {"rough"})
    east = reachable(model, at(model, "sidi_barrani"), road)
    assert {at(model, p) for p in ("matruh", "el_daba", "el_alamein", "alexandria")} <= east
    assert at(model, "alexandria") in both
    halfaya = at(model, "halfaya")
    assert terrain_id(model, halfaya) == "rough"
    assert at(model, "sollum") in hexgrid.neighbours(*halfaya) and at(model, "sidi_barrani") in hexgrid.neighbours(*halfaya)


def test_the_desert_short_cut_is_clear(model):
    clear = reachable(model, at(model, "msus"), {"clear"})
    assert at(model, "mechili") in clear
    assert any(n in clear for n in hexgrid.neighbours(*at(model, "agedabia")))


def test_the_jebel_akhdar_lies_between_benghazi_and_derna(model):
    mountains = hexes(model, "mountain")
    assert len(mountains) >= 4
    assert all(at(model, "benghazi")[0] < c < at(model, "derna")[0] for c, _ in mountains)


def test_escarpments(model):
    for pid in ("el_adem", "sidi_rezegh", "halfaya"):
        assert terrain_id(model, at(model, pid)) == "rough", pid
    for pid in ("gazala", "matruh"):
        assert any(terrain_id(model, n) == "rough" for n in hexgrid.neighbours(*at(model, pid))), pid


def test_the_qattara_depression_closes_the_south_at_el_alamein(model):
    m = model.map
    col, row = at(model, "el_alamein")
    below = [terrain_id(model, (col, r)) for r in range(row, m.rows)]
    width = below.index("impassable")
    assert width in (2, 3)
    assert set(below[width:]) == {"impassable"}
    assert all(terrain_id(model, (col, r)) == "ocean" for r in range(row))


def test_oases_in_the_south(model):
    for pid in ("jalo", "jarabub", "siwa", "marada"):
        assert model.map.places[pid].row > at(model, "el_agheila")[1], pid


def cheapest_allotments(model, start, blocked):
    """For each hex, the fewest Axis mobile allotments (then OP in the last) to reach it."""
    allowance = model.logistics.op_allowance["axis"]["mobile"]
    best = {start: (1, 0)}
    todo = [(1, 0, start)]
    while todo:
        allot, spent, hx = heapq.heappop(todo)
        if best[hx] != (allot, spent):
            continue
        for n in hexgrid.neighbours(*hx):
            if not model.map.on_map(*n) or n in blocked:
                continue
            t = model.terrain[model.map.terrain_at(*n)]
            if not t.passable:
                continue
            cost = t.op_cost["mobile"]
            state = (allot, spent + cost) if spent + cost <= allowance else (allot + 1, cost)
            if n not in best or state < best[n]:
                best[n] = state
                heapq.heappush(todo, (*state, n))
    return best


def test_turn_one_the_axis_can_surround_tobruk_and_reach_bardia(model):
    """Strategy note 3: in the first turn the Axis takes Bardia and surrounds Tobruk.
    The Axis moves first and has two allotments; the Allied units of 3/1941 block."""
    setup = model.setups["1941-03"]
    allied = {(u.col, u.row) for u in setup.units if model.unit(u.number).side == "allied"}
    best = cheapest_allotments(model, at(model, "el_agheila"), allied)
    tob = at(model, "tobruk")
    ring = [n for n in hexgrid.neighbours(*tob) if terrain_id(model, n) != "ocean"]
    assert len(ring) == 3
    for hx in ring:
        assert best[hx][0] <= 2, hx
    attack_op = model.combat.attack_min_op["axis"]
    allowance = model.logistics.op_allowance["axis"]["mobile"]
    next_to_bardia = [best[n] for n in hexgrid.neighbours(*at(model, "bardia")) if n in best]
    assert any(a <= 2 and allowance - spent >= attack_op for a, spent in next_to_bardia)
