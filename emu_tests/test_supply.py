"""supply.s against kotd.engine.supply and kotd.engine.victory: supply status, Tobruk
surrounded and the distance victory points, on random situations and at the start
of every scenario, on both targets."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kotd import hexgrid
from kotd.bench import CEILINGS
from kotd.build.abi import ERRORS
from kotd.engine import supply, victory
from kotd.engine.board import home_base, tobruk
from kotd.engine.fixtures import empty_state, land, place
from kotd.engine.setup import Options, new_game
from kotd.engine.state import Status
from kotd.emu.supply import run_distance_vp, run_supply, run_tobruk_surrounded
from kotd.model.types import SIDES

SLOW_OK = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
BUDGET = CEILINGS["supply_phase"]     # cycles: the full supply phase, both sides (kotd bench)


def reference(model, state, side):
    expected = state.copy()
    supply.trace_supply(model, expected, side)
    return expected


@st.composite
def situations(draw, model):
    """Units of both sides anywhere on land, depots in chains that may hold or break
    (the next depot 5, 6 or 7 hexes on), Tobruk either side's, either Allied player."""
    hexes = land(model)
    state = empty_state(model, seed=draw(st.integers(0, 0xFFFF)), computer_allied=draw(st.booleans()))
    state.control[model.map.tobruk] = draw(st.sampled_from(SIDES))
    used: dict[tuple[int, int], str] = {}
    for side in SIDES:
        units = [u for u in model.units if u.side == side]
        depots = [u.number for u in units if u.is_depot]
        at = home_base(model, side)
        for n in draw(st.lists(st.sampled_from(depots), unique=True, max_size=len(depots))):
            step = draw(st.sampled_from([5, 6, 7, 3]))
            options = [h for h in hexes if hexgrid.distance(h, at) == step and used.get(h, side) == side]
            if not options:
                continue
            at = draw(st.sampled_from(options))
            place(model, state, n, at)
            used[at] = side
        others = [u.number for u in units if not u.is_depot]
        for n in draw(st.lists(st.sampled_from(others), unique=True, max_size=len(others))):
            h = draw(st.sampled_from(hexes))
            if used.get(h, side) != side:
                continue
            place(model, state, n, h)
            used[h] = side
    return state


@SLOW_OK
@given(data=st.data())
def test_random_supply_situations_match_the_reference(model, machines, data):
    state = data.draw(situations(model))
    side = data.draw(st.sampled_from(["axis", "allied", None]))
    expected = reference(model, state, side)
    for m in machines.values():
        call, after = run_supply(m, state, side)
        assert call.status == 0
        assert after == expected, m.target.name


def test_five_hundred_random_situations_by_default(model, machines, long_run):
    """A seeded loop on top of hypothesis: 500 situations (100,000 with --long)."""
    rng = random.Random(1941)
    hexes = land(model)
    m = machines["atari"]
    for case in range(100_000 if long_run else 500):
        state = empty_state(model, seed=case, computer_allied=bool(case & 1))
        state.control[model.map.tobruk] = SIDES[(case >> 1) & 1]
        free = set(hexes)
        for u in model.units:
            if rng.random() < 0.5:
                h = rng.choice(sorted(free))
                place(model, state, u.number, h)
                free.discard(h)                        # one unit a hex keeps the sides apart
        side = rng.choice(["axis", "allied", None])
        call, after = run_supply(m, state, side)
        assert call.status == 0 and after == reference(model, state, side), case


def chain(model, state, side, steps):
    """Depots of `side` from its home base, each `steps[i]` hexes east of the last."""
    depots = [u.number for u in model.units if u.side == side and u.is_depot]
    at = home_base(model, side)
    direction = 3 if side == "axis" else 5
    for n, step in zip(depots, steps):
        for _ in range(step):
            nxt = hexgrid.step(*at, direction)
            at = nxt if model.map.on_map(*nxt) else hexgrid.step(*at, 2 if side == "axis" else 6)
        place(model, state, n, at)
    return at


@pytest.mark.parametrize("gap", [6, 7])
def test_a_chain_holds_at_6_and_breaks_at_7(model, machines, gap):
    state = empty_state(model)
    state.control[model.map.tobruk] = "allied"
    chain(model, state, "axis", [6, gap])
    expected = reference(model, state, "axis")
    last = [u for u in model.units if u.side == "axis" and u.is_depot][1]
    assert expected.unit(last.number).supplied == (gap == 6)
    for m in machines.values():
        assert run_supply(m, state, "axis")[1] == expected


def test_every_scenario_start(model, machines):
    for sid in model.scenarios:
        for opts in (Options(computer_allied=True), Options(computer_allied=False, optional_depots=True)):
            state = new_game(model, sid, 1, opts)
            expected = reference(model, state, None)
            for m in machines.values():
                call, after = run_supply(m, state, None)
                assert after == expected, (sid, m.target.name)
                print(f"{m.target.name} {sid}: supply phase, both sides, {call.cycles} cycles")
                assert call.cycles <= BUDGET, (sid, call.cycles)


def test_bad_side_is_refused_and_changes_nothing(model, machines):
    state = new_game(model, "campaign", 1)
    for m in machines.values():
        m.write_state(state)
        before = m.state_bytes()
        for bad in (3, 255, 256):
            call = m.call("SUPPLY_PHASE", bad)
            assert call.status == ERRORS["RANGE"]
            assert m.state_bytes() == before
        assert m.call("DISTANCE_VP", 2).status == ERRORS["RANGE"]


def tobruk_land(model):
    return [n for n in hexgrid.neighbours(*tobruk(model))
            if model.map.on_map(*n) and model.terrain[model.map.terrain_at(*n)].id != "ocean"]


@pytest.mark.parametrize("held", range(4))
def test_tobruk_surrounded(model, machines, held):
    state = empty_state(model)
    axis = [u.number for u in model.units if u.side == "axis" and u.role == "combat"]
    land_hexes = tobruk_land(model)
    for n, h in zip(axis, land_hexes[:held]):
        place(model, state, n, h)
    if held < len(land_hexes):                     # an Allied unit in an open neighbour changes nothing
        place(model, state, 37, land_hexes[-1])
    want = supply.tobruk_surrounded(model, state)
    assert want == (held >= len(land_hexes))
    for m in machines.values():
        call, got = run_tobruk_surrounded(m, state)
        assert call.status == 0 and got == want


@SLOW_OK
@given(data=st.data())
def test_distance_vp_matches_the_reference(model, machines, data):
    state = data.draw(situations(model))
    for side in SIDES:
        want = victory.distance_vp(model, state, side)
        for m in machines.values():
            call, got = run_distance_vp(m, state, side)
            assert call.status == 0 and got == want


def test_distance_vp_band_edges(model, machines):
    for side in SIDES:
        base = home_base(model, side)
        for d in (0, 3, 4, 12, 13, 21, 22, 29, 30, 33, 34):
            hexes = [h for h in land(model) if hexgrid.distance(h, base) == d]
            if not hexes:
                continue
            state = empty_state(model)
            place(model, state, next(u.number for u in model.units if u.side == side and u.role == "combat"),
                  hexes[0])
            want = victory.distance_points(model, d)
            for m in machines.values():
                assert run_distance_vp(m, state, side)[1] == want, (side, d)
