"""port/asm/ai_goals.s (py65) against kotd.engine.ai_good.GoodAI._plan: the movement
plan (goals, tethers, the returning and bold flags, the walk order, the walls) on the
scenario starts entered into an operations phase (both sides, offence and defence) and on
the states a game hands GoodAI._movement (a hook snapshots them): good against good and
good against simple in Tobruk '41, Campaign '41 and Campaign '42, the first turns, both
sides, solitaire rules on and off.  The call must change nothing in the game state."""

from __future__ import annotations

import pytest

from kotd.emu.opponent import opponent_machines
from kotd.engine.ai import SimpleAI
from kotd.engine.ai_good import UNREACHABLE, GoodAI
from kotd.engine.board import occupancy
from kotd.engine.game import Game
from kotd.engine.setup import Options, new_game
from kotd.engine.state import Phase
from kotd.model.types import SIDES
from kotd.tournament import WatchedGame

TARGET_NAMES = ("atari", "apple")
#: (scenario, seed, turns, Allied player): good v good and good v simple, short games.
#: The default run: the opening's turn (tobruk41: the drive and the ring), a campaign's
#: second turn and a good v simple game, every fourth plan of each.
GAMES = (("tobruk41", 1, 1, "good"), ("campaign42", 3, 2, "good"), ("campaign41", 1, 1, "simple"))
SAMPLE = 4
#: --long: every plan of more games, three turns each, both postures.
LONG_GAMES = (("tobruk41", 1, 1, "good"), ("campaign41", 2, 2, "good"), ("campaign42", 3, 2, "good"),
              ("tobruk41", 2, 1, "simple"), ("campaign42", 1, 2, "simple")) + tuple(
    (sid, seed, 3, allied) for sid in ("tobruk41", "campaign41", "campaign42")
    for seed in (4, 5, 6) for allied in ("good", "simple"))
MOST_INSTRUCTIONS = 40_000_000
CYCLES: list[int] = []                 # ai_plan_moves's cycles over the states checked


@pytest.fixture(scope="module")
def goal_machines(model, dist) -> dict:
    """Each target's engine with the opponent's code beside it."""
    return opponent_machines(model, dist, TARGET_NAMES)


def movement_states(model, scenario: str, seed: int, turns: int, allied: str, solitaire: bool) -> list:
    """(side, state, offence) at each call of GoodAI._movement in a game's first turns."""
    seen = []
    inner = GoodAI._movement

    def watched(self, game, offence):
        seen.append((self.side, game.state.copy(), offence))
        return inner(self, game, offence)
    state = new_game(model, scenario, seed, Options(computer_allied=solitaire))
    players = {"axis": GoodAI("axis"), "allied": GoodAI("allied") if allied == "good" else SimpleAI("allied")}
    game = WatchedGame(model, state, players)
    GoodAI._movement = watched
    try:
        game.play(turns)
    finally:
        GoodAI._movement = inner
    return seen


def start_states(model) -> list:
    """Every scenario start entered into its first operations phase: each side, offence and defence."""
    out = []
    for sid in sorted(model.scenarios):
        for solitaire in (True, False):
            state = new_game(model, sid, 1, Options(computer_allied=solitaire))
            state.phase = Phase.B1_OPERATIONS
            out += [(side, state, offence) for side in SIDES for offence in (True, False)]
    return out


def python_plan(model, state, side: str, offence: bool) -> dict:
    ai = GoodAI(side)
    goals, tether, order, _ = ai._plan(Game(model, state.copy(), {}), offence)
    return {"goals": goals, "tether": {n: min(t, 255) if t < UNREACHABLE else 255 for n, t in tether.items()},
            "returning": ai._returning, "bold": ai._bold, "order": [u.number for u in order],
            "walls": set(ai._blocked)}


def machine_plan(machine, model, state, side: str, offence: bool) -> dict:
    machine.write_state(state)
    before = machine.state_bytes()
    listed = machine.symbols["FIELD_WALLS_LISTED"]
    machine.poke("FIELD_WALLS", listed)            # as the last movement's walk left FIELD
    call = machine.call_routine("ai_plan_moves", SIDES.index(side), int(offence),
                                max_instructions=MOST_INSTRUCTIONS)
    assert call.status == 0
    assert machine.state_bytes() == before, "the plan changed the game state"
    assert machine.peek("FIELD_WALLS") != listed, "a field with the old walls kept for the walk"
    CYCLES.append(call.cycles)
    s, n = machine.symbols, len(state.units)

    def table(label):
        return machine.cpu.read(s[label] + 1, n)
    cols, rows, tethers, flags = table("AI_GOAL_COL"), table("AI_GOAL_ROW"), table("AI_TETHER"), table("AI_FLAGS")
    goals = {i + 1: (cols[i], rows[i]) for i in range(n) if rows[i] != 0xFF}
    order = list(machine.cpu.read(s["AI_ORDER"], 64))
    walls_raw = machine.cpu.read(s["AI_WALLS"], 128)
    walls = set()
    for i in range(0, 128, 2):
        if walls_raw[i] == 0xFF:
            break
        walls.add((walls_raw[i], walls_raw[i + 1]))
    return {"goals": goals, "tether": {k: tethers[k - 1] for k in goals},
            "returning": {i + 1 for i in range(n) if flags[i] & 1},
            "bold": {i + 1 for i in range(n) if flags[i] & 2},
            "order": order[:order.index(0)], "walls": walls}


def check(machine, model, state, side, offence, where=""):
    want = python_plan(model, state, side, offence)
    got = machine_plan(machine, model, state, side, offence)
    for key in want:
        assert got[key] == want[key], f"{where} {side} offence={offence} turn {state.turn} phase {state.phase}: {key}"


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_plan_on_the_scenario_starts(model, goal_machines, name, long_run):
    """Every start (both sides, both postures, solitaire on and off) on the Atari with
    --long; by default a sixth of them on each machine."""
    starts = start_states(model)
    for side, state, offence in starts if long_run and name == "atari" else starts[TARGET_NAMES.index(name)::6]:
        check(goal_machines[name], model, state, side, offence, "start")


@pytest.mark.parametrize("game", GAMES, ids=[f"{g[0]}-{g[1]}-{g[3]}" for g in GAMES])
def test_plan_on_the_movement_phases_of_games(model, goal_machines, game):
    """Every SAMPLE-th GoodAI._movement of the game's first turns, solitaire on, then off,
    in the posture the player decided (the other one for every second)."""
    sid, seed, turns, allied = game
    states = [(st, sol) for sol in (True, False) for st in movement_states(model, sid, seed, turns, allied, sol)]
    assert states
    for i, ((side, state, offence), _) in enumerate(states[::SAMPLE]):
        m = goal_machines["atari" if i % 3 else "apple"]
        check(m, model, state, side, offence if i % 2 == 0 else not offence, f"{sid} seed {seed} v {allied} #{i}")


def test_plan_of_the_opening_drive(model, goal_machines):
    """The plans of Tobruk '41's first turn with an opening drive in them (bold units: the
    drive to Bardia and the ring, the ring's reinforcements), solitaire on and off."""
    seen = 0
    for solitaire in (True, False):
        for side, state, offence in movement_states(model, "tobruk41", 1, 1, "good", solitaire):
            if python_plan(model, state, side, offence)["bold"]:
                check(goal_machines["atari"], model, state, side, offence, "opening")
                seen += 1
    assert seen


def test_a_ring_cut_off_goes_back_to_the_depots(model, goal_machines):
    """A unit of the Tobruk ring holds while it has the supply to wait, unless it was cut
    off at its Logistics phase: then it goes back toward a source like any unit cut off.
    The first Axis plan of Campaign '41 with a ring held, before the last turn, with the
    ring's holders noted cut off and not; both machines against the reference."""
    ringed = None
    for side, state, offence in movement_states(model, "campaign41", 1, 1, "good", True):
        if side == "axis" and state.turn < state.last_turn:
            holders = GoodAI("axis")._ring_holders(Game(model, state.copy(), {}), occupancy(state))
            if holders:
                ringed = (state, offence, holders)
                break
    assert ringed, "no ring held in the first turn"
    state, offence, holders = ringed
    for cut_off in (False, True):
        st = state.copy()
        for n in holders:
            st.unit(n).cut_off = cut_off
        plan = python_plan(model, st, "axis", offence)
        if cut_off:
            assert holders <= plan["returning"], "a ring cut off still holds"
        else:
            assert not holders & set(plan["goals"]), "a supplied ring does not hold"
        for name in TARGET_NAMES:
            check(goal_machines[name], model, st, "axis", offence, f"ring cut off={cut_off}")


def test_an_axis_tobruk_keeps_a_unit_with_no_enemy_near(model, goal_machines):
    """Tobruk is the root of the Axis depot chain: the weakest of the Axis combat units in
    an Axis Tobruk stays there with no enemy within HOLD_THREAT_RADIUS (El Alamein's
    start, Tobruk Axis, two Axis units moved into it, the Allies on the El Alamein line);
    both postures, both machines against the reference."""
    from kotd import hexgrid
    from kotd.engine.ai_good import HOLD_THREAT_RADIUS
    state = new_game(model, "alamein", 1, Options(computer_allied=False))
    state.phase = Phase.B1_OPERATIONS
    tobruk = model.map.place_hex(model.map.tobruk)
    assert state.control[model.map.tobruk] == "axis"
    combat = [u for u in state.units if u.on_map and model.unit(u.number).side == "axis"
              and not model.unit(u.number).is_depot and not model.unit(u.number).is_garrison]
    movers = sorted(combat[:2], key=lambda u: (-u.strength, u.number))
    for u in movers:
        u.col, u.row = tobruk
    assert all(hexgrid.distance(tobruk, u.hex) > HOLD_THREAT_RADIUS
               for u in state.units if u.on_map and model.unit(u.number).side == "allied")
    for offence in (False, True):
        plan = python_plan(model, state, "axis", offence)
        assert movers[-1].number not in plan["goals"], "the weakest in an Axis Tobruk does not hold"
        for name in TARGET_NAMES:
            check(goal_machines[name], model, state, "axis", offence, f"Axis Tobruk offence={offence}")


def test_plan_long(model, goal_machines, long_run):
    """--long only: every plan of LONG_GAMES, both postures, solitaire on and off."""
    if not long_run:
        pytest.skip("--long only")
    for sid, seed, turns, allied in LONG_GAMES:
        for solitaire in (True, False):
            for side, state, offence in movement_states(model, sid, seed, turns, allied, solitaire):
                for o in (offence, not offence):
                    check(goal_machines["atari"], model, state, side, o, f"{sid} {seed} {allied}")


def test_new_walls_forget_the_walks_field(model, goal_machines):
    """AI_WALLS written anew: a field kept with the walls before is no longer taken for
    the walk's (FIELD_WALLS = NONE).  A defence with only a unit going back into supply
    makes no field in its plan, and the walk used to go on with the last movement's
    (Campaign '42 seed 2, turn 7, Allied unit 36)."""
    for m in goal_machines.values():
        m.poke("FIELD_WALLS", m.symbols["FIELD_WALLS_LISTED"])
        m.poke("GL_ENEMY", 0)
        m.call_routine("plan_walls")
        assert m.peek("FIELD_WALLS") == m.symbols["NONE"]


def test_refusals(model, goal_machines):
    m = goal_machines["atari"]
    state = new_game(model, "tobruk41", 1, Options())
    m.write_state(state)
    for args in ((2, 0), (0, 2), (256, 0), (0, 256)):
        assert m.call_routine("ai_plan_moves", *args).status == 5          # E_RANGE


def test_zz_cycles(capsys):
    """ai_plan_moves's cycles over the plans this run checked (printed; -s shows them)."""
    if not CYCLES:
        pytest.skip("no plan checked in this run")
    with capsys.disabled():
        print(f"\nai_plan_moves: {len(CYCLES)} plans, cycles worst {max(CYCLES):,}, mean {sum(CYCLES) // len(CYCLES):,}")
    assert max(CYCLES) < 21_800_000             # a computer turn's budget on the Atari (docs/ai.md)
