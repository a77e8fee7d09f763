"""port/asm/ai_walk.s (py65: the opponent's code beside the engine) against the good
player of kotd.engine.ai_good: its sources (GoodAI._sources), the gaps (_gap), each
step of its walk (_walk: ai_walk_step), and its choices of a town to take, a unit to
fortify, a unit to ship to Tobruk, on scenario starts and on states taken from
Python games (good against good, good against the simple player; the hooks below
record every decision with its state).  Every call must leave the game state as it
was (the opponent decides, the driver acts)."""

import pytest

from kotd import hexgrid
from kotd.emu import EngineMachine
from kotd.emu.opponent import load_opponent
from kotd.engine import supply
from kotd.engine.board import terrain, utype
from kotd.engine.movement import RuleError
from kotd.engine.ai_good import UNREACHABLE, GoodAI, cost_field
from kotd.engine.game import GameOver
from kotd.engine.setup import Options, new_game, start_state
from kotd.model.types import SIDES, UNIT_TYPES
from kotd.tournament import WatchedGame

TARGET_NAMES = ("atari", "apple")


@pytest.fixture(scope="module")
def walk_machines(model, dist) -> dict:
    """Each target's engine with the opponent's code beside it, ai_walk.s's labels
    (its RAM's too) named."""
    out = {}
    for name in TARGET_NAMES:
        m = EngineMachine.from_dist(model, dist, name)
        asm = load_opponent(m)
        for s in asm.symbols:
            if s.file.endswith("ai_walk.s") and s.name[0].isalpha():
                m.symbols[s.name] = s.value
        out[name] = m
    return out


def read_pairs(machine, label: str) -> list[tuple[int, int]]:
    """A list of col,row pairs ending in $FF, from the opponent's RAM."""
    base, out = machine.symbols[label], []
    while machine.cpu.read(base + 2 * len(out), 1)[0] != 0xFF:
        col, row = machine.cpu.read(base + 2 * len(out), 2)
        out.append((col, row))
    return out


def sources_of(machine, state, side: str) -> list[tuple[int, int]]:
    machine.write_state(state)
    before = machine.state_bytes()
    machine.cpu.call(machine.symbols["AI_SOURCES"], a=SIDES.index(side))
    assert machine.state_bytes() == before
    return read_pairs(machine, "AI_SOURCE_LIST")


def gap_of(machine, hx) -> int:
    return machine.cpu.call(machine.symbols["AI_GAP"], x=hx[0], y=hx[1]).a


def game_states(model, scenario: str, seed: int, turns: int, opponent: str = "good") -> list:
    """The states at the start of each movement of the good player (GoodAI._movement),
    good against good or against the simple player, for `turns` turns."""
    from kotd.engine.ai import SimpleAI
    out = []
    inner = GoodAI._movement

    def watched(self, game, offence):
        out.append((game.state.copy(), self.side))
        return inner(self, game, offence)
    state = new_game(model, scenario, seed, Options(computer_allied=True))
    players = {s: GoodAI(s) for s in SIDES}
    if opponent == "simple":
        players["allied"] = SimpleAI("allied")
    game = WatchedGame(model, state, players)
    GoodAI._movement = watched
    try:
        game.play(turns)
    finally:
        GoodAI._movement = inner
    return out


def check_sources_and_gaps(machine, model, state, side):
    want = supply.sources(model, state, side)
    assert sources_of(machine, state, side) == want, f"turn {state.turn} {side}"
    hexes = sorted({u.hex for u in state.units if u.on_map} | set(want))
    for hx in hexes:
        assert gap_of(machine, hx) == min(hexgrid.distance(hx, s) for s in want), f"{hx} {side}"


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_sources_and_gaps_of_every_scenario_start(model, walk_machines, name):
    for sid in sorted(model.scenarios):
        state = start_state(model, sid)
        for side in SIDES:
            check_sources_and_gaps(walk_machines[name], model, state, side)


def test_sources_and_gaps_in_good_games(model, walk_machines):
    """At each movement of the good player: good against good (Tobruk '41, 3 turns) and
    against the simple player (Campaign '41, 2 turns): depots cut off, Tobruk changing hands."""
    states = game_states(model, "tobruk41", 1, 3) + game_states(model, "campaign41", 2, 2, "simple")
    assert len(states) >= 6
    for n, (state, side) in enumerate(states):
        check_sources_and_gaps(walk_machines[TARGET_NAMES[n % 2]], model, state, side)


def test_sources_with_depots_cut_off_and_tobruk_changing_hands(model, walk_machines):
    """Depots moved one by one to the other side's home base (cut off, unless a chain
    reaches them), Tobruk given to each side in turn; the depots' U_SUPPLIED kept."""
    state = start_state(model, "campaign")
    machine = walk_machines["atari"]
    for side in SIDES:
        far = model.map.place_hex(model.map.home_bases[SIDES[1 - SIDES.index(side)]])
        depots = [u for u in state.units if u.on_map and utype(model, u).is_depot and utype(model, u).side == side]
        assert depots
        for k, depot in enumerate(depots):
            depot.col, depot.row = abs(far[0] - k % 2), far[1]
            for owner in SIDES:
                state.control[model.map.tobruk] = owner
                check_sources_and_gaps(machine, model, state, side)
        assert len(supply.sources(model, state, side)) < len(depots)


# --- the walk ---------------------------------------------------------------------------

class Record:
    """Decisions of the good player in Python games, each with the state it was taken on."""

    def __init__(self):
        self.walk = []        # (state, unit, goal, reach, returning, bold, walls, sources, back, direction or 0)
        self.towns = []       # (state, side, first town, (unit, direction, town) or None)
        self.fortify = []     # (state, side, unit or 0)
        self.sealift = []     # (state, side, unit or 0)


def record_games(model, games, two_player: bool = False) -> Record:
    """Play `games` ((scenario, seed, turns, opponent); the solitaire rules unless
    `two_player`) with hooks on GoodAI._walk, _take_empty_towns, _fortify and _sealift:
    each step Python took (the state just before game.move) and where it stopped (the
    state after its last step)."""
    from kotd.engine.ai import SimpleAI
    rec = Record()
    walk, towns, fortify, sealift = (GoodAI._walk, GoodAI._take_empty_towns, GoodAI._fortify, GoodAI._sealift)

    def watching(game, name, on_call):
        inner = getattr(game, name)

        def call(number, *args):
            on_call(number, *args)
            return inner(number, *args)
        setattr(game, name, call)
        return lambda: delattr(game, name)

    def w_walk(self, game, unit, goal, reach, sources):
        ctx = (unit.number, goal, reach, unit.number in self._returning, unit.number in self._bold,
               tuple(sorted(self._blocked)), tuple(sources))
        back = [0]                                   # the direction back to the hex the last step left

        def on_move(number, d):
            if number == unit.number and not game.over:
                rec.walk.append((game.state.copy(), *ctx, back[0], d))
                back[0] = hexgrid.direction_to(hexgrid.step(*unit.hex, d), unit.hex)
        undo = watching(game, "move", on_move)
        try:
            walk(self, game, unit, goal, reach, sources)
        finally:
            undo()
        if not game.over:
            rec.walk.append((game.state.copy(), *ctx, back[0], 0))

    def w_towns(self, game, only=None):
        if only is not None:                         # the Axis's Tobruk before it moves: test_ai_replay.py's
            return towns(self, game, only)
        order = sorted(model.victory.towns)
        first = [0]

        def on_move(number, d):
            u = game.state.unit(number)
            town = order.index(model.map.place_at(*hexgrid.step(u.col, u.row, d)).id)
            rec.towns.append((game.state.copy(), self.side, first[0], (number, d, town)))
            first[0] = town + 1
        undo = watching(game, "move", on_move)
        try:
            towns(self, game)
        finally:
            undo()
        if not game.over:
            rec.towns.append((game.state.copy(), self.side, first[0], None))

    def w_fortify(self, game):
        inner = game.fortify

        def call(number):
            state = game.state.copy()
            inner(number)                            # a refusal (RuleError) is no choice
            rec.fortify.append((state, self.side, number))
        game.fortify = call
        try:
            fortify(self, game)
        finally:
            del game.fortify
        if not game.over:
            rec.fortify.append((game.state.copy(), self.side, 0))

    def w_sealift(self, game):
        tried = [0]
        state = game.state.copy()
        undo = watching(game, "sea_move", lambda number: tried.__setitem__(0, number))
        try:
            sealift(self, game)
        finally:
            undo()
        rec.sealift.append((state, self.side, tried[0]))

    GoodAI._walk, GoodAI._take_empty_towns, GoodAI._fortify, GoodAI._sealift = w_walk, w_towns, w_fortify, w_sealift
    try:
        for scenario, seed, turns, opponent in games:
            state = new_game(model, scenario, seed, Options(computer_allied=not two_player))
            players = {s: GoodAI(s) for s in SIDES}
            if opponent == "simple":
                players["allied"] = SimpleAI("allied")
            WatchedGame(model, state, players).play(turns)
    finally:
        GoodAI._walk, GoodAI._take_empty_towns, GoodAI._fortify, GoodAI._sealift = walk, towns, fortify, sealift
    return rec


GAMES = (("tobruk41", 1, 3, "good"), ("campaign41", 2, 2, "simple"), ("campaign42", 3, 1, "good"))
GAMES_LONG = GAMES + (("tobruk41", 2, 3, "good"), ("tobruk41", 3, 3, "simple"), ("campaign41", 4, 3, "good"),
                      ("campaign42", 5, 3, "good"), ("campaign42", 6, 2, "simple"))


@pytest.fixture(scope="module")
def records(model, long_run) -> Record:
    return record_games(model, GAMES_LONG if long_run else GAMES)


def write_pairs(machine, label: str, pairs) -> None:
    data = bytes(b for p in pairs for b in p) + b"\xff"
    machine.cpu.load(machine.symbols[label], data)


def table_poke(machine, label: str, index: int, value: int) -> None:
    machine.cpu.load(machine.symbols[label] + index, bytes([value]))


class Walker:
    """ai_walk_step on one machine, the walls forgotten (ai_field_forget) only when
    they change, as the driver does at each movement: the kept field is used."""

    def __init__(self, machine):
        self.machine, self.walls = machine, None
        self.cycles: list[int] = []

    def step(self, state, unit, goal, reach, returning, bold, walls, sources, back) -> int:
        m = self.machine
        m.write_state(state)
        if walls != self.walls:
            write_pairs(m, "AI_WALLS", walls)
            m.cpu.call(m.symbols["AI_FIELD_FORGET"])
            self.walls = walls
        write_pairs(m, "AI_SOURCE_LIST", sources)
        table_poke(m, "AI_GOAL_COL", unit, goal[0])
        table_poke(m, "AI_GOAL_ROW", unit, goal[1])
        table_poke(m, "AI_TETHER", unit, min(reach, 255))
        table_poke(m, "AI_FLAGS", unit, (1 if returning else 0) | (2 if bold else 0))
        table_poke(m, "WALK_BACK", 0, back)
        before = m.state_bytes()
        run = m.cpu.call(m.symbols["AI_WALK_STEP"], a=unit, max_instructions=5_000_000)
        assert m.state_bytes() == before
        self.cycles.append(run.cycles)
        return run.a


def test_fields_with_listed_walls(model, walk_machines, records):
    """ai_field with the walls of AI_WALLS (FIELD_WALLS_LISTED): the field of each goal
    the walk asked for, the goal itself no wall (GoodAI._walls), as cost_field gives it."""
    from kotd.build.stateblock import NONE
    m = walk_machines["atari"]
    listed = m.symbols["FIELD_WALLS_LISTED"]
    assert listed not in (0, 1, NONE)
    seen = set()
    for state, unit, goal, _, _, _, walls, _, _, _ in records.walk:
        kind = utype(model, state.unit(unit)).type
        if (goal, kind, walls) in seen or len(seen) >= 12:
            continue
        seen.add((goal, kind, walls))
        m.write_state(state)
        write_pairs(m, "AI_WALLS", walls)
        call = m.call_routine("ai_field", *goal, UNIT_TYPES.index(kind), listed)
        assert call.status == 0
        raw = m.cpu.read(m.symbols["FIELD"], model.map.columns * model.map.rows)
        got = {(i % model.map.columns, i // model.map.columns): v for i, v in enumerate(raw)
               if v != m.symbols["FIELD_UNREACHABLE"]}
        assert got == cost_field(model, goal, kind, frozenset(walls) - {goal})[0], (goal, kind)
        assert [m.peek("FIELD_TARGET"), m.peek("FIELD_TARGET", 1), m.peek("FIELD_KIND"), m.peek("FIELD_WALLS")] \
            == [*goal, UNIT_TYPES.index(kind), listed]
    assert len(seen) == 12 and any(w for _, _, w in seen)


def blocks(items, keep: int, of: int, long_run: bool) -> list:
    """All the items with --long; else `keep` in a row of every `of` (a unit's steps
    one after another: the kept field is used as the driver would use it)."""
    return items if long_run else [x for i, x in enumerate(items) if i % of < keep]


def test_every_step_of_the_walk(model, walk_machines, records, long_run):
    """Each step the good player took (its direction) and each stop (0): a quarter of them
    in the default run (all with --long), in blocks of 6 steps, on both machines."""
    rec = blocks(records.walk, 6, 24, long_run)
    assert len(rec) > 50 and any(r[-1] == 0 for r in rec) and any(r[4] for r in rec) and any(r[5] for r in rec)
    walkers = {name: Walker(walk_machines[name]) for name in TARGET_NAMES}
    for n, (state, unit, goal, reach, returning, bold, walls, sources, back, want) in enumerate(rec):
        got = walkers[TARGET_NAMES[n // 40 % 2]].step(state, unit, goal, reach, returning, bold, walls, sources, back)
        assert got == want, (f"record {n}: turn {state.turn} unit {unit} at {state.unit(unit).hex} goal {goal} "
                             f"reach {reach} returning {returning} bold {bold}: 6502 {got}, Python {want}")
    cycles = walkers["atari"].cycles + walkers["apple"].cycles
    print(f"ai_walk_step: {len(cycles)} steps, cycles worst {max(cycles)}, mean {sum(cycles) // len(cycles)}")


def replay_steps(walk_machines, rec) -> None:
    """Every recorded step and stop of a turn, the machines taking turns step by step."""
    walkers = {name: Walker(walk_machines[name]) for name in TARGET_NAMES}
    for n, (state, unit, goal, reach, returning, bold, walls, sources, back, want) in enumerate(rec):
        got = walkers[TARGET_NAMES[n % 2]].step(state, unit, goal, reach, returning, bold, walls, sources, back)
        assert got == want, (f"record {n}: unit {unit} at {state.unit(unit).hex} goal {goal} returning "
                             f"{returning}: 6502 {got}, Python {want}")


def test_a_unit_cut_off_takes_an_exposed_step_rather_than_starve(model, walk_machines):
    """Campaign seed 15, good against good, turn 6 (January 1942): six units cut off
    beyond their supply range, whose step down the field toward their source stands
    next to an enemy stack twice their defence, and none brings them nearer a source:
    they take that step (GoodAI._walk's last resort) instead of staying to starve.
    Every step and stop of that turn, on both machines.  (The case the rule was made
    for, Campaign seed 33 two-player in October 1942, no longer arises since the Axis
    depots keep out of the Desert Rats' reach.)"""
    rec = [r for r in record_games(model, (("campaign", 15, 6, "good"),)).walk if r[0].turn == 6]
    game = WatchedGame(model, rec[0][0].copy(), {s: GoodAI(s) for s in SIDES})
    exposed = []
    for state, unit, goal, reach, returning, bold, walls, sources, _, want in rec:
        u = state.unit(unit)
        ai = game.players[utype(model, u).side]
        if want and returning and u.cut_off and ai._gap(u.hex, list(sources)) > supply.supply_range(model, state, u):
            game.state = state
            if ai._exposed(game, u, hexgrid.step(*u.hex, want)):
                exposed.append(unit)
    assert len(set(exposed)) >= 6, exposed
    replay_steps(walk_machines, rec)


def test_a_unit_going_back_into_supply_does_not_step_back(model, walk_machines):
    """Campaign seed 4, good against good, turn 5 (November 1941): 7/Trento, cut off at
    (11, 1), goes back toward the source at (8, 2); where its field is closed, the step
    nearer a source is the one back into the hex it has just left, whose field step
    leads out again.  The walk does not step back into the hex it has just left
    (GoodAI._step_into_supply's `back`): it goes on and reaches the source.  (The case
    the rule was made for, Campaign seed 8 in September 1942, 15 Panzer stepping to and
    fro fourteen times between (23, 5) and (23, 6) until it starved, no longer arises
    since the Axis depots keep out of the Desert Rats' reach.)  Every step and stop of
    that turn, on both machines."""
    rec = [r for r in record_games(model, (("campaign", 4, 5, "good"),)).walk if r[0].turn == 5]
    game = WatchedGame(model, rec[0][0].copy(), {s: GoodAI(s) for s in SIDES})
    refused = []
    for state, unit, goal, reach, returning, bold, walls, sources, back, want in rec:
        if returning and back:
            u = state.unit(unit)
            ai = game.players[utype(model, u).side]
            game.state = state
            gap = ai._gap(u.hex, list(sources))
            if ai._step_into_supply(game, u, list(sources), gap) == (0, back) != \
                    ai._step_into_supply(game, u, list(sources), gap, hexgrid.step(*u.hex, back)):
                refused.append(unit)
    assert refused, "no step back refused"
    panzer = [r for r in rec if r[1] == refused[0]]
    assert not any(want == back for *_, back, want in panzer if want)
    assert any(state.unit(unit).hex == goal for state, unit, goal, *_ in panzer)    # the depot reached
    replay_steps(walk_machines, rec)


def test_the_last_turn_takes_a_town_on_the_way(model, walk_machines):
    """El Alamein seed 1, two-player, January 1943 (its last turn): the British
    offensive's units step into the empty Axis towns they pass (Matruh), though the
    town lies no nearer their goal than the hex they stand on (GoodAI._walk: in the
    last turn such a town counts as the goal itself).  Every step and stop of that
    turn, on both machines."""
    last = model.scenarios["alamein"].last_turn
    rec = [r for r in record_games(model, (("alamein", 1, 4, "good"),), two_player=True).walk
           if r[0].turn == last]
    detours = []
    for state, unit, goal, reach, returning, bold, walls, sources, _, want in rec:
        u = state.unit(unit)
        nxt = hexgrid.step(*u.hex, want) if want else None
        place = model.map.place_at(*nxt) if nxt else None
        if place and place.id in model.victory.towns and state.control.get(place.id) != utype(model, u).side:
            field, _ = cost_field(model, goal, utype(model, u).type, frozenset(walls) - {goal})
            if field.get(nxt, UNREACHABLE) >= field.get(u.hex, UNREACHABLE):
                detours.append((unit, place.id))
    assert detours, "no step of the last turn took a town off its way"
    replay_steps(walk_machines, rec)


def test_town_choices(model, walk_machines, records):
    machine = walk_machines["apple"]
    assert records.towns
    for state, side, first, want in records.towns:
        machine.write_state(state)
        before = machine.state_bytes()
        run = machine.cpu.call(machine.symbols["AI_TOWN_STEP"], a=SIDES.index(side), x=first)
        assert machine.state_bytes() == before
        got = (run.a, run.x, run.y) if run.a else None
        assert got == want, f"turn {state.turn} {side} from town {first}"


def test_fortify_choices(model, walk_machines, records, long_run):
    machine = walk_machines["atari"]
    rec = blocks(records.fortify, 1, 2, long_run)
    assert any(u for *_, u in rec)
    for state, side, want in rec:
        machine.write_state(state)
        before = machine.state_bytes()
        run = machine.cpu.call(machine.symbols["AI_FORTIFY_NEXT"], a=SIDES.index(side))
        assert machine.state_bytes() == before
        assert run.a == want, f"turn {state.turn} {side}"


def test_sealift_choices(model, walk_machines, records):
    machine = walk_machines["atari"]
    assert records.sealift
    for state, side, want in records.sealift:
        machine.write_state(state)
        before = machine.state_bytes()
        run = machine.cpu.call(machine.symbols["AI_SEALIFT_UNIT"], a=SIDES.index(side))
        assert machine.state_bytes() == before
        assert run.a == want, f"turn {state.turn} {side}"


def python_choices(model, state, side: str, method: str, action: str) -> list:
    """The actions (`action`'s arguments) GoodAI.`method` takes on a copy of `state`,
    each with the state just before it: [(state, args), ...]."""
    state = state.copy()
    game = WatchedGame(model, state, {s: GoodAI(s) for s in SIDES})
    inner, out = getattr(game, action), []

    def call(*args):
        out.append((game.state.copy(), args))
        return inner(*args)
    setattr(game, action, call)
    try:
        getattr(game.players[side], method)(game)
    except (GameOver, RuleError):
        pass
    return out


def emptied_towns(model, state, side: str, rng) -> None:
    """The enemy's towns emptied and some of the side's combat units (the weakest and
    others) moved next to them, on free passable hexes, with random OP and supply."""
    from kotd.engine.state import Status
    enemy_towns = [model.map.place_hex(p) for p in sorted(model.victory.towns) if state.control.get(p) != side]
    for u in state.units:
        if u.on_map and u.hex in enemy_towns:
            u.status = Status.ELIMINATED
    mine = [u for u in state.units if u.on_map and utype(model, u).side == side
            and not utype(model, u).is_depot and not utype(model, u).is_garrison]
    rng.shuffle(mine)
    for t in enemy_towns:
        free = [n for n in hexgrid.neighbours(*t) if model.map.on_map(*n) and terrain(model, n).passable
                and not any(x.on_map and x.hex == n for x in state.units)]
        for n in free[:rng.randint(0, 3)]:
            if mine:
                u = mine.pop()
                u.col, u.row = n
                u.op = rng.choice((0, 1, 2, 9, 30))
                u.supply = rng.choice((0, 5, 300))
                u.strength = rng.choice((u.strength, 100, 100))


def test_town_choices_with_towns_emptied(model, walk_machines, records):
    """The states _take_empty_towns saw, with the enemy's towns emptied and units put
    next to them: every move Python makes, in turn, then none."""
    import random
    rng = random.Random(14)
    machine = walk_machines["atari"]
    order = sorted(model.victory.towns)
    moves = 0
    for state, side, _, _ in records.towns * 3:
        state = state.copy()
        emptied_towns(model, state, side, rng)
        first = 0
        for before, (number, d) in python_choices(model, state, side, "_take_empty_towns", "move"):
            u = before.unit(number)
            town = order.index(model.map.place_at(*hexgrid.step(u.col, u.row, d)).id)
            machine.write_state(before)
            run = machine.cpu.call(machine.symbols["AI_TOWN_STEP"], a=SIDES.index(side), x=first)
            assert (run.a, run.x, run.y) == (number, d, town), f"turn {state.turn} {side} from town {first}"
            first, moves = town + 1, moves + 1
    assert moves >= 10


def test_sealift_choices_with_tobruk_threatened(model, walk_machines, records):
    """The states _sealift saw, the Allies' turn made to want a sealift: Tobruk theirs,
    an Axis unit near it, some combat units in Alexandria with random strength and OP."""
    import random
    from kotd.engine.board import home_base, tobruk
    rng = random.Random(41)
    machine = walk_machines["apple"]
    shipped = 0
    for state, side, _ in records.sealift * 4:
        if side != "allied":
            continue
        state = state.copy()
        state.control[model.map.tobruk] = rng.choice(("allied", "allied", "axis"))
        state.sealift_left = rng.choice((0, 1, 1, 1))
        axis = [u for u in state.units if u.on_map and utype(model, u).side == "axis"]
        t = tobruk(model)
        if axis and rng.random() < 0.8:
            near = [n for n in hexgrid.neighbours(*hexgrid.step(*t, 4)) if model.map.on_map(*n)]
            axis[0].col, axis[0].row = rng.choice(near + [hexgrid.step(*hexgrid.step(*t, 4), 4)])
        base = home_base(model, "allied")
        allied = [u for u in state.units if utype(model, u).side == "allied" and not utype(model, u).is_depot
                  and not utype(model, u).is_garrison]
        for u in rng.sample(allied, min(3, len(allied))):
            u.status = 2
            u.col, u.row = base
            u.op = rng.choice((0, 1, 5))
            u.strength = rng.choice((50, 120, 120))
        want = [args[0] for _, args in python_choices(model, state, "allied", "_sealift", "sea_move")]
        machine.write_state(state)
        run = machine.cpu.call(machine.symbols["AI_SEALIFT_UNIT"], a=SIDES.index("allied"))
        assert run.a == (want[0] if want else 0), f"turn {state.turn}"
        shipped += bool(want)
    assert shipped >= 5
