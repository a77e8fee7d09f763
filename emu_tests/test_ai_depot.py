"""port/asm/ai_depot.s, the depot movement phase of the good player's 6502 twin, against
kotd.engine.ai_good.GoodAI.depot_movement: from the same state in a depot movement phase,
ai_depots(side) must leave the whole state block as the reference's phase leaves it (the
same moves, so the same hexes, points, supply, control).  States: the scenario starts
with the phase entered, the depot phases of the first turns of good-against-good and
good-against-simple games, and the stranded depot of tests/test_ai_good.py; more games
and turns with --long."""

import pytest

from kotd import hexgrid
from kotd.build import stateblock
from kotd.emu.opponent import opponent_machines
from kotd.engine.ai_good import GoodAI
from kotd.engine import supply
from kotd.engine.board import op_allowance, tobruk as tobruk_hex
from kotd.engine.game import DEPOTS, Game, GameOver
from kotd.engine.setup import Options, new_game, start_state
from kotd.engine.state import Phase, Status
from kotd.model.types import SIDES
from kotd.tournament import PLAYERS

TARGET_NAMES = ("atari", "apple")
#: (scenario, seed, axis player, allied player, turns): the default run's games (each
#: side has two depot phases a turn).
GAMES = (("tobruk41", 1, "good", "good", 1), ("campaign41", 1, "good", "simple", 1))
#: More with --long: Tobruk '41, the campaigns, 4 turns, good against good and against
#: simple on either side.
LONG_GAMES = tuple((sid, seed, a, b, 4) for sid in ("tobruk41", "campaign41", "campaign42", "campaign")
                   for seed in (1, 2) for a, b in (("good", "good"), ("good", "simple"), ("simple", "good")))


@pytest.fixture(scope="module")
def depot_machines(model, dist) -> dict:
    """Each target's engine with the opponent's code beside it."""
    return opponent_machines(model, dist, TARGET_NAMES)


class _Enough(Exception):
    pass


def depot_states(model, scenario, seed, axis, allied, turns, options=Options()) -> list:
    """(state, side) at the start of every depot movement phase a good player plays in
    the first `turns` turns of a game."""
    found = []
    inner = GoodAI.depot_movement

    def watched(self, game):
        if game.state.turn - first >= turns:
            raise _Enough
        found.append((game.state.copy(), self.side))
        return inner(self, game)
    state = new_game(model, scenario, seed, options)
    first = state.turn
    game = Game(model, state, {"axis": PLAYERS[axis]("axis"), "allied": PLAYERS[allied]("allied")})
    GoodAI.depot_movement = watched
    try:
        game.play()
    except _Enough:
        pass
    finally:
        GoodAI.depot_movement = inner
    return found


def reference(model, state, side):
    """The state block after GoodAI(side).depot_movement on a copy of `state`."""
    st = state.copy()
    game = Game(model, st, {s: GoodAI(s) for s in SIDES})
    try:
        GoodAI(side).depot_movement(game)
    except GameOver:
        pass
    return stateblock.encode(st, model)[:len(stateblock.encode(state, model))], st


def check(machine, model, state, side):
    want, st = reference(model, state, side)
    machine.write_state(state)
    call = machine.call_routine("ai_depots", SIDES.index(side), max_instructions=20_000_000)
    assert call.status == 0, f"{side}: error {call.status}"
    got = machine.state_bytes()
    if got != want[:len(got)]:
        mine = machine.read_state()
        diff = [(u.number, (u.col, u.row), (v.col, v.row)) for u, v in zip(mine.units, st.units)
                if (u.col, u.row, u.op) != (v.col, v.row, v.op)]
        raise AssertionError(f"{side} turn {state.turn} phase {state.phase}: units (number, twin, reference) {diff}")
    return call


def entered(model, scenario, side, phase=Phase.B3_DEPOT_MOVEMENT):
    state = start_state(model, scenario)
    game = Game(model, state, {s: GoodAI(s) for s in SIDES})
    game.enter_phase(phase, DEPOTS, side)
    for u in game.side_units(side):
        u.op = op_allowance(model, u)
    return state


def test_scenario_starts(model, depot_machines, long_run):
    """Every scenario's start with a depot phase entered: one side each in the default
    run (in turn), both with --long; on either machine in turn."""
    moved = 0
    for i, sid in enumerate(sorted(model.scenarios)):
        for j, side in enumerate(SIDES):
            if long_run or i % 2 == j:
                moved += check(depot_machines[TARGET_NAMES[(i + j) % 2]], model, entered(model, sid, side), side).value
    assert moved > 0


def test_the_stranded_depot_goes_back_to_the_chain(model, depot_machines):
    """tests/test_ai_good.py's case: an Axis depot 11 hexes out in the desert."""
    state = new_game(model, "campaign41", 1, Options())
    game = Game(model, state, {s: GoodAI(s) for s in SIDES})
    depot = state.unit(7)
    depot.col, depot.row = 12, 8
    game.enter_phase(Phase.B3_DEPOT_MOVEMENT, DEPOTS, "axis")
    depot.op = op_allowance(model, depot)
    call = check(depot_machines["atari"], model, state, "axis")
    assert call.value > 0                                   # it moved


def test_a_depot_does_not_walk_away_from_the_units_it_feeds(model, depot_machines, monkeypatch):
    """Tobruk '41, seed 1, the Axis's second depot phase (B7): the depots' best hexes
    would leave unit 17, which the resupply phase found supplied, out of every
    source's reach (shown with the rule switched off: every distance read as 0); with
    it, every such unit stays within reach, on both engines."""
    state = next(st for st, side in depot_states(model, "tobruk41", 1, "good", "good", 1)
                 if side == "axis" and st.phase == Phase.B7_DEPOT_MOVEMENT)
    fed = [u.number for u in state.units if u.supplied and u.status == Status.ON_MAP
           and not model.unit(u.number).is_depot and model.unit(u.number).side == "axis"]

    def starved(after):
        sources = supply.sources(model, after, "axis")
        return [n for n in fed if min(hexgrid.distance(after.unit(n).hex, h) for h in sources)
                > supply.supply_range(model, after, after.unit(n))]
    _, after = reference(model, state, "axis")
    assert starved(after) == []
    for machine in depot_machines.values():
        check(machine, model, state, "axis")
    monkeypatch.setattr(GoodAI, "_gap", lambda self, hx, sources: 0)
    assert starved(reference(model, state, "axis")[1]) == [17]


def test_the_home_chain_holds_its_depots(model, depot_machines, monkeypatch):
    """Campaign '42, seed 1, the good Axis against the simple Allies, the Axis's first
    depot phase of its second turn: Tobruk is the Axis's and its depot chain needs it,
    so the depots linked to El Agheila without Tobruk stay (GoodAI._home_chain, ai_home.s
    depot_held), on both engines; with the rule switched off, the phase moves them."""
    state = next(st for st, side in depot_states(model, "campaign42", 1, "good", "simple", 2)
                 if side == "axis" and st.phase == Phase.B3_DEPOT_MOVEMENT and st.turn > 6)
    valid = {d.number for d in supply.valid_depots(model, state, "axis")}
    held = GoodAI("axis")._home_chain(model, state.copy(), valid)
    assert held and state.control["tobruk"] == "axis"
    _, after = reference(model, state, "axis")
    assert all(after.unit(n).hex == state.unit(n).hex for n in held)
    for machine in depot_machines.values():
        check(machine, model, state, "axis")
    monkeypatch.setattr(GoodAI, "_home_chain", lambda self, model, state, valid: set())
    _, free = reference(model, state, "axis")
    assert any(free.unit(n).hex != state.unit(n).hex for n in held)


def test_depots_keep_out_of_the_desert_rats_reach_alone(model, depot_machines, monkeypatch):
    """Campaign, seed 2, good against good under the solitaire rules, turn 8 (November
    1941): the Allies hold Tobruk unringed with Axis units east of it, so at the next
    Logistics phase the Desert Rats take every Axis depot alone within 4 hexes of it
    (logistics.desert_rats).  In the Axis's two depot phases no depot moves to stand
    alone there, and one that stands so may go back (GoodAI._rats_zone; ai_depot.s
    depot_rats, rats_alone), on both engines: at the end of the turn's last depot
    phase one depot is left alone there (it finds no hex the chain allows), against
    two with the rule switched off, and both phases end otherwise without it."""
    states = [st for st, side in depot_states(model, "campaign", 2, "good", "good", 8,
                                              Options(computer_allied=True))
              if side == "axis" and st.turn == 8]
    assert [st.phase for st in states] == [Phase.B3_DEPOT_MOVEMENT, Phase.B7_DEPOT_MOVEMENT]
    t = tobruk_hex(model)

    def alone(st):
        occupied = [u.hex for u in st.units if u.status == Status.ON_MAP]
        return [u.number for u in st.units if u.status == Status.ON_MAP and model.unit(u.number).is_depot
                and model.unit(u.number).side == "axis" and occupied.count(u.hex) == 1
                and hexgrid.distance(u.hex, t) <= model.logistics.desert_rats_radius]
    on = []
    for i, state in enumerate(states):
        assert GoodAI("axis")._rats_zone(model, state) == t
        on.append(reference(model, state, "axis"))
        check(depot_machines[TARGET_NAMES[i]], model, state, "axis")
    monkeypatch.setattr(GoodAI, "_rats_zone", lambda self, model, state: None)
    off = [reference(model, state, "axis") for state in states]
    assert [a[0] != b[0] for a, b in zip(on, off)] == [True, True]
    assert (len(alone(on[1][1])), len(alone(off[1][1]))) == (1, 2)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[2]}-{g[3]}")
def test_depot_phases_of_games(model, depot_machines, game):
    states = depot_states(model, *game)
    assert len(states) == 2 * (1 + (game[2] == game[3]))    # two phases a turn, a side
    moved = sum(check(depot_machines[TARGET_NAMES[n % 2]], model, state, side).value
                for n, (state, side) in enumerate(states))
    assert moved > 0


def test_more_games_long(model, depot_machines, long_run):
    """--long only: 24 games' first 4 turns (about 240 depot phases)."""
    if not long_run:
        pytest.skip("--long only")
    for game in LONG_GAMES:
        for n, (state, side) in enumerate(depot_states(model, *game)):
            check(depot_machines[TARGET_NAMES[n % 2]], model, state, side)


def test_no_combat_unit_no_depot_moves(model, depot_machines):
    """With no combat unit on the map there is no lead: the depots stay (as in the
    reference), and an enemy stack next to a depot changes its walls and threat."""
    state = entered(model, "campaign", "allied")
    for u in state.units:
        if model.unit(u.number).side == "allied" and model.unit(u.number).role == "combat":
            u.status = Status.ELIMINATED
    assert check(depot_machines["apple"], model, state, "allied").value == 0
    state = entered(model, "tobruk41", "axis")
    depot = next(u for u in state.units if model.unit(u.number).is_depot and u.on_map and
                 model.unit(u.number).side == "axis")
    foe = next(u for u in state.units if model.unit(u.number).side == "allied" and u.on_map)
    foe.col, foe.row = depot.col + 2, depot.row              # an enemy within the threat radius
    check(depot_machines["atari"], model, state, "axis")


def test_a_bad_side_is_refused(model, depot_machines):
    m = depot_machines["atari"]
    m.write_state(entered(model, "campaign", "axis"))
    before = m.state_bytes()
    for args in ((2,), (0x100,)):
        assert m.call_routine("ai_depots", *args).status == 5          # E_RANGE
    assert m.state_bytes() == before
