"""port/asm/ai_field.s (py65 only: the opponent's code, not on the images yet) against
kotd.engine.ai_good.cost_field, the cost field of GoodAI._field: for every town and
both home bases, both unit types, with no walls and with the enemy's hexes of every
scenario start as walls; for every field the good player asks for in a whole game;
for random hexes and states (hypothesis).  The 6502 array must be the dict, hex for
hex (absent = FIELD_UNREACHABLE), and the call must write nothing in the game state
(the harness stops any write outside the state block, the zero page and the
opponent's RAM)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kotd import hexgrid
from kotd.build import opponent
from kotd.emu import EngineMachine
from kotd.build.abi import ERRORS
from kotd.emu.opponent import (NO_WALLS, field_args, field_bytes, field_places as places, load_opponent,
                               opponent_machines, run_field)
from kotd.engine import ai_good
from kotd.engine.ai_good import FIELD_MAX, GoodAI, cost_field
from kotd.engine.board import occupancy, side_of, terrain
from kotd.engine.setup import Options, new_game, start_state
from kotd.model.types import SIDES, UNIT_TYPES
from kotd.tournament import WatchedGame

TARGET_NAMES = ("atari", "apple")


@pytest.fixture(scope="module")
def field_machines(model, dist) -> dict:
    """Each target's engine with the opponent's code beside it (machines of this module's own)."""
    return opponent_machines(model, dist, TARGET_NAMES)


def passable_hexes(model) -> list[tuple[int, int]]:
    m = model.map
    return [(c, r) for r in range(m.rows) for c in range(m.columns) if terrain(model, (c, r)).passable]


def walls_of(model, state, side, target) -> frozenset:
    """GoodAI's walls for a player facing `side`: its hexes (GoodAI._movement), less the target (_walls)."""
    if side is None:
        return frozenset()
    occ = occupancy(state)
    return frozenset(h for h, us in occ.items() if us and side_of(model, us[0]) == side) - {target}


def check(machine, model, state, target, kind, walls):
    machine.write_state(state)
    before = machine.state_bytes()
    call, got = run_field(machine, target, kind, walls)
    assert call.status == 0, f"{target} {kind} walls {walls}: error {call.status}"
    want = cost_field(model, target, kind, walls_of(model, state, walls, target))[0]
    assert got == want, (f"{target} {kind} walls {walls}: "
                         f"{sorted((h, got.get(h), want.get(h)) for h in set(got) | set(want) if got.get(h) != want.get(h))[:8]}")
    assert machine.state_bytes() == before
    return call


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_every_place_both_types_no_walls(model, field_machines, name):
    state = start_state(model, "campaign")
    for target in places(model):
        for kind in UNIT_TYPES:
            call = check(field_machines[name], model, state, target, kind, None)
            assert call.value == len(cost_field(model, target, kind)[0])     # CALL_RESULT: the hexes settled


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_places_with_the_walls_of_every_scenario_start(model, field_machines, name):
    targets = places(model)
    scenarios = sorted(model.scenarios) if name == "atari" else ["campaign"]
    for i, sid in enumerate(scenarios):
        state = start_state(model, sid)
        for j, walls in enumerate(SIDES):
            for k in range(2):                       # two places a start and side, every place in turn
                target = targets[(2 * (2 * i + j) + k) % len(targets)]
                for kind in UNIT_TYPES:
                    check(field_machines[name], model, state, target, kind, walls)


def good_game_fields(model, scenario: str, seed: int) -> list:
    """Every field GoodAI computes in a good-against-good game: (state, target, kind, walls side)."""
    calls = []
    inner = GoodAI._field

    def watched(self, game, target, kind, blocked=frozenset()):
        key = (target, kind)
        if key not in (self._phase_fields if blocked else self._fields):
            calls.append((game.state.copy(), target, kind, self.enemy if blocked else None, blocked))
        return inner(self, game, target, kind, blocked)
    state = new_game(model, scenario, seed, Options(computer_allied=True))
    game = WatchedGame(model, state, {s: GoodAI(s) for s in SIDES})
    GoodAI._field = watched
    try:
        game.play()
    finally:
        GoodAI._field = inner
    return calls


def test_every_field_of_a_good_game(model, field_machines):
    """The fields the good player asked for in Tobruk '41 (seed 1, good against good),
    on the states it asked for them, its walls the enemy's hexes."""
    calls = good_game_fields(model, "tobruk41", 1)
    assert len(calls) > 20 and any(w for *_, w, _ in calls)
    for n, (state, target, kind, walls, blocked) in enumerate(calls):
        assert walls_of(model, state, walls, target) == blocked          # what ai_field's side argument stands for
        check(field_machines["atari" if n % 4 else "apple"], model, state, target, kind, walls)


#: 20 random fields in the default run, 5,000 with --long (the "long" hypothesis profile).
FEW = settings(max_examples=20 if settings().max_examples <= 100 else 5_000,
               suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)


@FEW
@given(data=st.data())
def test_random_targets_and_states(model, field_machines, data):
    hexes = passable_hexes(model)
    target = data.draw(st.sampled_from(hexes), label="target")
    kind = data.draw(st.sampled_from(UNIT_TYPES), label="kind")
    walls = data.draw(st.sampled_from((None,) + SIDES), label="walls")
    sid = data.draw(st.sampled_from(sorted(model.scenarios)), label="scenario")
    state = start_state(model, sid)
    # Scatter some units over the map, each to a hex no unit holds (one side a hex, as the
    # rules keep it): walls anywhere, the target's hex included.
    movers = data.draw(st.lists(st.sampled_from([u for u in state.units if u.on_map]), max_size=12,
                                unique_by=lambda u: u.number), label="movers")
    for u in movers:
        held = {x.hex for x in state.units if x.on_map}
        u.col, u.row = data.draw(st.sampled_from([h for h in hexes if h not in held]), label=f"unit {u.number}")
    check(field_machines[data.draw(st.sampled_from(TARGET_NAMES), label="machine")], model, state, target, kind, walls)


def test_every_passable_target_long(model, field_machines, long_run):
    """--long only: every passable hex as the target, both types, no walls and either
    side's walls of the Campaign start, on the Atari (about 1,800 fields)."""
    if not long_run:
        pytest.skip("--long only")
    state = start_state(model, "campaign")
    for target in passable_hexes(model):
        for kind in UNIT_TYPES:
            for walls in (None,) + SIDES:
                check(field_machines["atari"], model, state, target, kind, walls)


def test_refusals_write_nothing(model, field_machines):
    """A target off the map or impassable, a bad type or side: the error code, and
    neither the game state nor any byte of the opponent's RAM written."""
    m = field_machines["atari"]
    m.write_state(start_state(model, "campaign"))
    ram = m.symbols["FIELD_ABOVE"], m.symbols["FIELD_RAM_END"] - m.symbols["FIELD_ABOVE"]
    m.cpu.load(ram[0], bytes([0x5A]) * ram[1])
    land = places(model)[0]
    land_hexes = set(passable_hexes(model))
    sea = next((c, r) for r in range(model.map.rows) for c in range(model.map.columns)    # a coast's sea hex
               if (c, r) not in land_hexes and land_hexes & set(hexgrid.neighbours(c, r)))
    with pytest.raises(KeyError):                      # the reference has no cost to enter an impassable hex
        cost_field(model, sea, "mobile")
    cases = [("PROHIBITED", (*sea, 0, NO_WALLS)), ("HEX", (model.map.columns, 0, 0, NO_WALLS)),
             ("HEX", (0, model.map.rows, 0, NO_WALLS)), ("RANGE", (*land, 2, NO_WALLS)),
             ("RANGE", (*land, 1, 2)), ("RANGE", (*land, 0x100, NO_WALLS)), ("RANGE", (*land, 0, 0x100))]
    before = m.state_bytes()
    for what, args in cases:
        call = m.call_routine("ai_field", *args)
        assert call.status == ERRORS[what], (what, args)
        assert m.cpu.read(*ram) == bytes([0x5A]) * ram[1] and m.state_bytes() == before, (what, args)
    assert field_args(land, "nonmobile", "allied") == (*land, 1, 1)
    assert field_args(land, "mobile", None) == (*land, 0, NO_WALLS)


def test_a_short_pool_gives_the_same_fields_by_sweeps(model, dist):
    """With four list entries the search runs short at once and the sweeps finish the
    field: the same answer (the path the pool of 255 never took in measured games)."""
    m = EngineMachine.from_dist(model, dist, "atari")
    load_opponent(m, pool=4)
    state = start_state(model, "tobruk41")
    for target, kind, walls in ((places(model)[0], "mobile", None), (places(model)[-1], "nonmobile", "allied")):
        check(m, model, state, target, kind, walls)
        assert m.peek("FIELD_SWEEPS") >= 2                  # at least one that lowered something, one that did not
    # A search asked to stop (the walk's question, at the target's next-door hex) no
    # longer asks once the pool runs short: it runs to the end and the sweeps.
    target = places(model)[0]
    m.poke("WALK_COL", target[0])
    m.poke("WALK_ROW", target[1] + 1)
    m.write_call_args(field_args(target, "mobile", None))
    ask = m.symbols["WALK_REACHED"] - 1
    m.cpu.call(m.symbols["AI_FIELD_UNTIL"], a=ask & 0xFF, y=ask >> 8)
    assert m.peek("FIELD_PARTIAL") == 0 and m.peek("FIELD_SWEEPS") >= 2
    assert {h: v for h, v in field_bytes(m).items()
            if v != m.symbols["FIELD_UNREACHABLE"]} == cost_field(model, target, "mobile")[0]


def test_the_cut_at_field_max_is_the_references(model, dist, monkeypatch):
    """Both twins leave out a hex further than FIELD_MAX: with FIELD_MAX 20 (a variant
    build and the reference patched alike) most of the map is unreachable."""
    m = EngineMachine.from_dist(model, dist, "atari")
    load_opponent(m, field_max=20)
    monkeypatch.setattr(ai_good, "FIELD_MAX", 20)
    state = start_state(model, "campaign")
    for target, kind, walls in ((model.map.place_hex(model.map.home_bases["axis"]), "mobile", None),
                                (model.map.place_hex(model.map.home_bases["allied"]), "nonmobile", "axis")):
        call = check(m, model, state, target, kind, walls)
        assert 0 < call.value < len(passable_hexes(model)) // 2          # the hexes settled


def test_the_map_fits_a_byte(model):
    """The build's check: every field of the empty map within FIELD_MAX (docs/ai.md quotes the figure)."""
    assert 0 < opponent.check_field_bounds(model) <= FIELD_MAX


def test_a_search_stopped_at_a_hex_goes_on_to_the_whole_field(model, field_machines):
    """ai_field_until with the walk's question (walk_reached: is the unit's hex
    settled?) stops with every cost below FIELD_NEXT the reference's and every other
    hex above them (or unreachable, or a wall's 0); field_resume goes on to a further
    hex, then to the end, the whole field."""
    m = field_machines["atari"]
    state = start_state(model, "campaign")
    m.write_state(state)
    target, kind, walls = places(model)[0], "mobile", "allied"
    want = cost_field(model, target, kind, walls_of(model, state, walls, target))[0]
    walled = {h for h in walls_of(model, state, walls, target)} | {
        (c, r) for r in range(model.map.rows) for c in range(model.map.columns) if not terrain(model, (c, r)).passable}
    by_cost = sorted(want, key=lambda h: (want[h], h))
    near, far = by_cost[len(want) // 8], by_cost[3 * len(want) // 4]
    wall = m.symbols["FIELD_WALL"]

    def stop_at(hx, entry, args=()):
        m.poke("WALK_COL", hx[0])
        m.poke("WALK_ROW", hx[1])
        m.write_call_args(args)
        ask = m.symbols["WALK_REACHED"] - 1
        assert m.cpu.call(m.symbols[entry], a=ask & 0xFF, y=ask >> 8).a == 0
        return field_bytes(m)

    got = stop_at(near, "AI_FIELD_UNTIL", field_args(target, kind, walls))
    settled = m.cpu.word(m.fields["CALL_RESULT"])
    assert m.peek("FIELD_PARTIAL") == 1
    for hx in (near, far):
        upto = m.peek("FIELD_NEXT")
        assert want[hx] < upto
        for h, v in got.items():
            if h in want and want[h] < upto:
                assert v == want[h], (hx, h)
            else:
                assert v >= upto or (v == wall and h in walled), (hx, h, v, want.get(h))
        if hx == near:
            assert settled < len(want) // 2                            # it stopped well short
            got = stop_at(far, "FIELD_RESUME")
    assert m.peek("FIELD_PARTIAL") == 1 and want[far] < m.peek("FIELD_NEXT")
    whole = m.symbols["FIELD_WHOLE"] - 1
    m.cpu.call(m.symbols["FIELD_RESUME"], a=whole & 0xFF, y=whole >> 8)
    assert m.peek("FIELD_PARTIAL") == 0
    unreachable = m.symbols["FIELD_UNREACHABLE"]
    assert {h: v for h, v in field_bytes(m).items() if v != unreachable} == want
