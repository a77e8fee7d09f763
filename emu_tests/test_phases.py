"""The phase routines (port/asm/setup.s, logistics_phase.s, phase_entry.s, victory.s)
against the reference engine: each routine on the states real games reach at its
phase (the simple computer players on both sides), then on random states; the whole
state block is compared after each call.

Each routine's reference (``kotd.emu.phases``) is the Python it twins: the lines of
``Game.play_turn`` / ``enter_phase`` that run at that phase, calling the reference
engine's own functions."""

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kotd.build import stateblock
from kotd.build.abi import ERRORS
from kotd.engine import logistics, victory
from kotd.engine.ai import SimpleAI
from kotd.engine.fixtures import empty_state, land, place
from kotd.engine.flow import Flow, kind_of
from kotd.engine.game import ENEMY_REACTION, OPERATIONS, Game
from kotd.engine.setup import Options, new_game, start_state
from kotd.engine.state import Phase, Status
from kotd.emu.phases import (REFERENCES, reference_allot, reference_home_base_taken, reference_initiative_draw,
                             reference_logistics_end, reference_logistics_start, reference_phase_entry_reset,
                             reference_reinforcement_phase, reference_resupply, reference_score,
                             reference_victory_phase, run_routine)
from kotd.model.types import SIDES

# 60 examples by default; the --long profile's count (conftest.py) with --long.
SLOW_OK = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                          HealthCheck.function_scoped_fixture],
                   max_examples=min(60, settings.default.max_examples) if settings.default.max_examples <= 100
                   else settings.default.max_examples)
E_RANGE = ERRORS["RANGE"]
SIDE = {"axis": 0, "allied": 1}
SAMPLES = 25            # recorded states per routine tested by default (all with --long)


def run(model, machine, label, state, *args):
    """The routine on `state`: (status, result, cycles, state block bytes after)."""
    r = run_routine(machine, label, state, *args)
    return r.status, r.value, r.cycles, r.state_bytes


def check(model, machine, label, state, reference, *args, ref_args=()):
    expected = state.copy()
    result = reference(model, expected, *ref_args)
    status, value, cycles, after = run(model, machine, label, state, *args)
    assert status == 0, (label, machine.target.name)
    assert after == stateblock.encode(expected, model), (label, machine.target.name,
                                                         _diff(model, after, expected))
    assert value == result, (label, value, result)
    return cycles


def _diff(model, after, expected):
    got = stateblock.decode(after, model)
    out = [f"{k}: {getattr(got, k)} != {v}" for k, v in vars(expected).items()
           if k != "units" and getattr(got, k) != v]
    out += [f"{a} != {b}" for a, b in zip(got.units, expected.units) if a != b][:3]
    return out


# --- states from real games --------------------------------------------------------------

GAMES = [("tobruk41", 7, lambda model: Options(computer_allied=True)),
         ("alamein", 8, lambda model: Options(computer_allied=False, random_initiative=True, optional_depots=True)),
         ("campaign41", 9, lambda model: Options.at_levels(model, "novice", "expert", random_initiative=True)),
         ("campaign", 2, lambda model: Options(computer_allied=False, optional_depots=True))]


@pytest.fixture(scope="module")
def recorded(model):
    """(routine, arguments, state before) at every phase of a few whole games."""
    calls = []

    def wrap(obj, name, make):
        original = getattr(obj, name)
        setattr(obj, name, make(original))
        return obj, name, original

    def at(routine, args=()):
        def make(original):
            def recorder(*a, **kw):
                st = a[1] if routine not in ("allot", "enter") else a[0].state
                if routine == "allot":
                    sides = a[1]
                    if sides:
                        calls.append(("allot", (2 if len(sides) == 2 else SIDE[sides[0]],), st.copy(), (sides,)))
                elif routine == "resupply":
                    calls.append(("resupply", (SIDE[a[2]],), st.copy(), (a[2],)))    # traced: tracing again is the same
                elif routine == "enter":
                    phase, kind = a[1], kind_of(a[1])
                    if phase == Phase.INITIATIVE:
                        calls.append(("initiative_draw", (), st.copy(), ()))
                    if kind in (OPERATIONS, ENEMY_REACTION):
                        calls.append(("phase_entry_reset", (), st.copy(), ()))
                else:
                    calls.append((routine, (), st.copy(), ()))
                return original(*a, **kw)
            return recorder
        return make

    patches = [wrap(logistics, "receive_turn_points", at("reinforcement_phase")),
               wrap(logistics, "desert_rats", at("logistics_start")),
               wrap(logistics, "maintenance", at("logistics_end")),
               wrap(victory, "end_of_turn", at("victory_phase")),
               wrap(Flow, "_allot", at("allot")),
               wrap(logistics, "resupply", at("resupply")),
               wrap(Flow, "enter_phase", at("enter"))]
    try:
        for sid, seed, options in GAMES:
            state = new_game(model, sid, seed, options(model))
            Game(model, state, {s: SimpleAI(s) for s in SIDES}).play()
    finally:
        for obj, name, original in patches:
            setattr(obj, name, original)
    return calls




RECORDED = ("reinforcement_phase", "logistics_start", "logistics_end", "initiative_draw", "allot",
            "phase_entry_reset", "resupply", "victory_phase")


@pytest.mark.parametrize("routine", RECORDED)
def test_every_phase_of_real_games(model, machines, recorded, routine, long_run):
    cases = [c for c in recorded if c[0] == routine]
    assert cases, routine
    if not long_run and len(cases) > SAMPLES:
        cases = random.Random(routine).sample(cases, SAMPLES)
    worst = 0
    for _, args, before, ref_args in cases:
        for m in machines.values():
            worst = max(worst, check(model, m, routine, before, REFERENCES[routine], *args, ref_args=ref_args))
    print(f"{routine}: {len(cases)} states, worst {worst} cycles")


def test_the_desert_rats_strike_in_a_real_game_or_a_made_one(model, machines):
    """A strike: the Allies in Tobruk, not surrounded, Axis units east; lone Axis depots
    near Tobruk go, a depot sharing its hex stays."""
    s = empty_state(model)
    s.axis_supply = 123_457
    tob = model.map.place_hex(model.map.tobruk)
    allied = [u.number for u in model.units if u.side == "allied" and not u.is_depot]
    axis = [u for u in model.units if u.side == "axis"]
    depots = [u.number for u in axis if u.is_depot]
    others = [u.number for u in axis if not u.is_depot]
    place(model, s, allied[0], tob)
    near = [h for h in land(model) if 0 < abs(h[0] - tob[0]) + abs(h[1] - tob[1]) <= 3 and h[0] != tob[0]]
    place(model, s, depots[0], near[0])
    place(model, s, depots[1], near[1])
    place(model, s, others[0], near[1])               # shares the second depot's hex
    place(model, s, others[1], (tob[0] + 5, tob[1]))  # east of Tobruk
    expected = s.copy()
    lost = logistics.desert_rats(model, expected)
    assert lost == [depots[0]] and expected.axis_supply < s.axis_supply
    for m in machines.values():
        check(model, m, "logistics_start", s, reference_logistics_start)
        assert m.peek("DESERT_RATS_LOST") == 2                 # kept for the front end: struck, one depot
    # Through the sequence of play: PHASE_NEXT out of the supply phase enters logistics;
    # its result is the phase, the strike is left in DESERT_RATS_LOST (Flow.desert_rats_lost).
    s.phase, s.acting = Phase.SUPPLY, None
    quiet = s.copy()
    quiet.control[model.map.tobruk] = "axis"               # Tobruk not Allied: no strike
    for m in machines.values():
        for before, want in ((s, 2), (quiet, 0)):
            flow = Flow(model, before.copy())
            flow.step()
            assert flow.desert_rats_lost == want
            m.write_state(before)
            m.poke("DESERT_RATS_LOST", 0xEE)
            r = m.call("PHASE_NEXT")
            assert (r.status, r.value) == (0, Phase.LOGISTICS), m.target.name
            assert m.peek("DESERT_RATS_LOST") == flow.desert_rats_lost, m.target.name
            assert m.state_bytes() == stateblock.encode(flow.state, model), m.target.name


@SLOW_OK
@given(data=st.data())
def test_desert_rats_situations(model, machines, data):
    """Axis units, depots among them, around an Allied Tobruk: struck or not,
    surrounded or not, lone depots and shared hexes."""
    from kotd import hexgrid
    s = empty_state(model, seed=data.draw(st.integers(0, 0xFFFF)))
    s.axis_supply = data.draw(st.integers(0, 0xFFFFFF))
    tob = model.map.place_hex(model.map.tobruk)
    radius = model.logistics.desert_rats_radius
    around = [h for h in land(model) if 0 < hexgrid.distance(h, tob) <= radius + 2]
    allied = [u.number for u in model.units if u.side == "allied"]
    if data.draw(st.booleans()):
        place(model, s, data.draw(st.sampled_from(allied)), tob)
    for u in model.units:
        if u.side == "axis" and data.draw(st.integers(0, 3)) > 0:
            place(model, s, u.number, data.draw(st.sampled_from(around)))
    m = machines[data.draw(st.sampled_from(list(machines)))]
    check(model, m, "logistics_start", s, reference_logistics_start)
    assert m.peek("DESERT_RATS_LOST") == reference_logistics_start(model, s.copy())


# --- new_game --------------------------------------------------------------------------------

def ratings_word(r):
    return r["combat"] + 16 * r["replacements"] + 256 * r["supply"] + 4096 * r["air"]


def test_new_game_on_every_start_state(model, machines):
    levels = list(model.ratings.difficulty)
    rng = random.Random(42)
    for sid in model.scenarios:
        for case in range(4):
            flags = [0, 9, 6, 15][case]
            options = Options(computer_allied=bool(flags & 1), random_initiative=bool(flags & 2),
                              optional_depots=bool(flags & 4), computer_axis=bool(flags & 8))
            if case == 2:
                options.ratings = {"axis": {k: rng.randrange(10) for k in options.ratings["axis"]},
                                   "allied": {k: rng.randrange(10) for k in options.ratings["allied"]}}
                words = [ratings_word(options.ratings[s]) for s in SIDES]
            elif case == 3:
                a, b = rng.choice(levels), rng.choice(levels)
                options.ratings = Options.at_levels(model, a, b).ratings
                words = [0xFF00 + levels.index(a), 0xFF00 + levels.index(b)]
            else:
                words = [ratings_word(options.ratings[s]) for s in SIDES]
            reinf = options.ratings["axis"]["reinforcements"] + 16 * options.ratings["allied"]["reinforcements"]
            seed = rng.randrange(65536)
            expected = new_game(model, sid, seed, options)
            for m in machines.values():
                status, value, cycles, after = run(model, m, "new_game", start_state(model, sid), seed, flags,
                                                   *words, reinf)
                assert status == 0 and after == stateblock.encode(expected, model), (sid, case,
                                                                                      _diff(model, after, expected))


def test_the_start_state_files_are_the_start_states(model, dist):
    for target in ("atari", "apple"):
        for sid in model.scenarios:
            data = (dist / target / f"start_{sid}.bin").read_bytes()
            assert data == stateblock.encode(start_state(model, sid), model)
            assert stateblock.decode(data, model) == start_state(model, sid)


@SLOW_OK
@given(seed=st.integers(0, 0xFFFF), flags=st.integers(0, 15),
       ratings=st.lists(st.integers(0, 9), min_size=10, max_size=10), sid=st.integers(0, 5))
def test_new_game_with_any_ratings(model, machines, seed, flags, ratings, sid):
    sid = list(model.scenarios)[sid % len(model.scenarios)]
    kinds = ("combat", "replacements", "supply", "air", "reinforcements")
    options = Options(computer_allied=bool(flags & 1), random_initiative=bool(flags & 2),
                      optional_depots=bool(flags & 4), computer_axis=bool(flags & 8),
                      ratings={"axis": dict(zip(kinds, ratings[:5])), "allied": dict(zip(kinds, ratings[5:]))})
    expected = new_game(model, sid, seed, options)
    m = machines["atari"]
    status, _, _, after = run(model, m, "new_game", start_state(model, sid), seed, flags,
                              ratings_word(options.ratings["axis"]), ratings_word(options.ratings["allied"]),
                              ratings[4] + 16 * ratings[9])
    assert status == 0 and after == stateblock.encode(expected, model)


@pytest.mark.parametrize("args", [
    (1, 16, 0x3333, 0x3333, 0x55),         # an unknown flag
    (1, 0x100, 0x3333, 0x3333, 0x55),
    (1, 0, 0x333A, 0x3333, 0x55),          # a rating digit above 9
    (1, 0, 0x3333, 0xA333, 0x55),
    (1, 0, 0x3333, 0x3333, 0x5A),
    (1, 0, 0x3333, 0x3333, 0x155),
    (1, 0, 0xFF04, 0x3333, 0x55),          # no such difficulty level
])
def test_new_game_refuses_bad_options_and_changes_nothing(model, machines, args):
    start = start_state(model, "tobruk41")
    for m in machines.values():
        status, _, _, after = run(model, m, "new_game", start, *args)
        assert status == E_RANGE and after == stateblock.encode(start, model), args


# --- random states -----------------------------------------------------------------------------

@st.composite
def game_states(draw, model):
    """Units of both sides on land (one side a hex), waiting units and cadres, pools,
    carries, VP, casualties, control and options at random."""
    s = empty_state(model, seed=draw(st.integers(0, 0xFFFF)), computer_allied=draw(st.booleans()),
                    turn=draw(st.integers(1, len(model.turns))))
    s.scenario = draw(st.sampled_from(list(model.scenarios)))
    s.last_turn = draw(st.integers(s.turn, len(model.turns)))
    s.random_initiative = draw(st.booleans())
    s.ratings = {side: {k: draw(st.integers(0, 9)) for k in s.ratings[side]} for side in SIDES}
    s.axis_supply = draw(st.integers(0, 300_000))
    s.replacements = {p: draw(st.integers(0, 5000)) for p in s.replacements}
    s.air = {side: draw(st.integers(0, 150)) for side in SIDES}
    s.carry = {k: draw(st.integers(0, 99)) for k in s.carry}
    s.vp = {side: draw(st.integers(0, 5000)) for side in SIDES}
    s.casualties = {side: draw(st.integers(0, 60_000)) for side in SIDES}    # |score| < 32768
    s.control = {pid: draw(st.sampled_from(SIDES)) for pid in model.victory.towns}
    hexes = land(model)
    used = {}
    rnd = random.Random(draw(st.integers(0, 2**32)))
    for u in model.units:
        kind = rnd.random()
        if kind < 0.55:
            h = rnd.choice(hexes)
            if used.get(h, u.side) != u.side:
                continue
            used[h] = u.side
            cap = model.logistics.supply_cap[u.type]
            unit = place(model, s, u.number, h, supply=rnd.randrange(cap + 1), fort=rnd.randrange(3))
            unit.priority = rnd.randrange(10)
            unit.supplied = rnd.random() < 0.5
        elif kind < 0.8:
            unit = s.unit(u.number)
            unit.status = rnd.choice([Status.WAITING, Status.CADRE])
            unit.arrival_turn = rnd.randrange(1, len(model.turns) + 1)
            unit.strength = unit.ceiling = u.ceiling
    return s


@SLOW_OK
@given(data=st.data())
def test_random_states(model, machines, data):
    s = data.draw(game_states(model))
    m = machines[data.draw(st.sampled_from(list(machines)))]
    check(model, m, "reinforcement_phase", s, reference_reinforcement_phase)
    check(model, m, "logistics_start", s, reference_logistics_start)
    check(model, m, "logistics_end", s, reference_logistics_end)
    check(model, m, "initiative_draw", s, reference_initiative_draw)
    check(model, m, "phase_entry_reset", s, reference_phase_entry_reset)
    which = data.draw(st.sampled_from([("axis",), ("allied",), SIDES]))
    check(model, m, "allot", s, reference_allot, 2 if len(which) == 2 else SIDE[which[0]], ref_args=(which,))
    phasing = data.draw(st.sampled_from(SIDES))
    check(model, m, "resupply", s, reference_resupply, SIDE[phasing], ref_args=(phasing,))
    check(model, m, "victory_phase", s, reference_victory_phase)


@SLOW_OK
@given(data=st.data())
def test_score_and_home_base_taken(model, machines, data):
    s = data.draw(game_states(model))
    m = machines["apple"]
    check(model, m, "score", s, reference_score)
    side = data.draw(st.sampled_from(SIDES))
    check(model, m, "home_base_taken", s, reference_home_base_taken, SIDE[side], ref_args=(side,))


@pytest.mark.parametrize("label, args", [("allot", (3,)), ("allot", (256,)), ("resupply", (2,)),
                                         ("resupply", (256,)), ("home_base_taken", (2,))])
def test_bad_sides_change_nothing(model, machines, label, args):
    s = new_game(model, "tobruk41", 3)
    for m in machines.values():
        status, _, _, after = run(model, m, label, s, *args)
        assert status == E_RANGE and after == stateblock.encode(s, model)


def test_state_out_of_range_is_refused(model, machines):
    s = new_game(model, "tobruk41", 3)
    s.turn = 0
    bad_priority = new_game(model, "tobruk41", 3)
    next(u for u in bad_priority.units if u.status == Status.ON_MAP and not model.unit(u.number).is_depot).priority = 10
    for m in machines.values():
        for label, state, args in (("reinforcement_phase", s, ()), ("initiative_draw", s, ()),
                                   ("resupply", bad_priority, (0,))):
            status, _, _, after = run(model, m, label, state, *args)
            assert status == E_RANGE and after == stateblock.encode(state, model), label


# --- percent.s's scale, the phases' one piece of arithmetic ----------------------------------

@SLOW_OK
@given(v=st.integers(0, 0xFF_FFFF), k=st.integers(0, 255), a=st.integers(0, 255), d=st.integers(1, 255),
       y=st.integers(0, 255))
@example(v=0xFF_FFFF, k=255, a=255, d=1, y=0)              # the largest quotient: the long division
@example(v=0xFFFF, k=100, a=50, d=100, y=7)                # 16 bits at a rating: byte_divide
@example(v=0x1_0000, k=1, a=0, d=1, y=0)                   # the first quotient past 16 bits
@example(v=655, k=255, a=99, d=255, y=1)                   # a divisor of 128 or more
def test_scale_is_the_exact_floor(machines, v, k, a, d, y):
    """scale: V0..V3 = floor((v * k + a) / d), A = the remainder, Y and SCALE_DIV kept."""
    for m in machines.values():
        for i in range(3):
            m.poke("ZP_MUL", (v >> (8 * i)) & 0xFF, i)
        m.poke("ZP_MUL", 0xAB, 3)                          # V3 is not read
        m.poke("ZP_TEMP", a, 4)
        m.poke("ZP_TEMP", d, 5)
        r = m.cpu.call(m.symbols["SCALE"], a=k, y=y)
        got = sum(m.peek("ZP_MUL", i) << (8 * i) for i in range(4))
        q, rem = divmod(v * k + a, d)
        assert (got, r.a, r.y, m.peek("ZP_TEMP", 5)) == (q, rem, y, d), m.target.name
