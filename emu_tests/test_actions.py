"""movement.s, logistics.s and display.s against kotd.engine: the unit actions as internal
routines (move_rule, fortify_rule, sea_move_rule, allocate_rule, logistics_maxima,
display_strength) on random states, on the states of real games played by the simple
computer players, and every way each can be refused.  A good call must leave the state
block byte for byte as the reference leaves the state; a refused one must leave it as it
was (the PRNG included) and answer the error code of the reference's RuleError."""

import copy
import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kotd import hexgrid
from kotd.build import stateblock
from kotd.build.abi import ERRORS
from kotd.engine import logistics, movement
from kotd.engine.board import (adjacent_to_enemy, home_base, op_allowance, side_of, stacking_limit, supply_cap,
                               tobruk, units_at)
from kotd.engine.fixtures import empty_state, land, place
from kotd.engine.game import Game, display_strength
from kotd.engine.logistics import LogisticsOrder
from kotd.engine.movement import RuleError
from kotd.engine.state import Status
from kotd.emu.actions import (run_allocate, run_display_strength, run_fortify, run_maxima, run_move,
                              run_sea_move)
from kotd.model.types import SIDES

SLOW_OK = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
WORST = Counter()       # the most cycles seen per routine (printed by the tests that use it)
# 30 examples by default (each runs every routine on both machines), the profile's under --long
FEW_SLOW_OK = settings(SLOW_OK, max_examples=30 if settings().max_examples <= 100 else settings().max_examples)


# --- the reference --------------------------------------------------------------------------

def fresh(state):
    """A copy of a GameState, much quicker than its deepcopy: every list of units and
    every dict (of dicts) copied, the rest immutable."""
    new = copy.copy(state)
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if isinstance(value, list):
            setattr(new, f.name, [copy.copy(x) for x in value])
        elif isinstance(value, dict):
            setattr(new, f.name, {k: dict(v) if isinstance(v, dict) else v for k, v in value.items()})
    return new


def ref_move(model, state, number, direction, limit):
    """(code, (op spent, next to enemy, takes base) or None, state after)."""
    after = fresh(state)
    unit = after.unit(number)
    try:
        target = movement.check_move(model, after, unit, direction, limit)
    except RuleError as e:
        assert after == state, "a refused move changed the reference state"
        return e.code, None, state
    lone = not units_at(after, target)
    spent = movement.apply_move(model, after, unit, target)
    near = lone and adjacent_to_enemy(model, after, target, side_of(model, unit))
    return "OK", (spent, int(near), int(movement.captures_home_base(model, unit))), after


def ref_fortify(model, state, number, limit):
    after = fresh(state)
    unit = after.unit(number)
    try:
        movement.check_fortify(model, unit, limit)
    except RuleError as e:
        return e.code, None, state
    return "OK", movement.apply_fortify(model, unit), after


def ref_sea_move(model, state, number):
    after = fresh(state)
    unit = after.unit(number)
    try:
        dest = movement.sea_destination(model, after, unit)
    except RuleError as e:
        assert after == state
        return e.code, None, state
    movement.apply_sea_move(model, after, unit, dest)
    return "OK", dest[0] + 256 * dest[1], after


def ref_allocate(model, state, number, digits):
    after = fresh(state)
    try:
        given_ = logistics.allocate(model, after, after.unit(number), LogisticsOrder(*digits))
    except RuleError as e:
        assert after == state, "a refused allocation changed the reference state"
        return e.code, None, state
    return "OK", given_, after


def ref_maxima(model, state, number):
    try:
        return "OK", logistics.maxima(model, state, state.unit(number))
    except RuleError as e:
        return e.code, None


def agree(model, run, code, expected_state, label):
    """The routine answered the reference's code; its state bytes are the reference's."""
    WORST[label] = max(WORST[label], run.call.cycles)
    assert run.status == ERRORS[code], (label, run.status, code)
    if code == "OK":
        assert run.after == stateblock.encode(expected_state, model), label
    else:
        assert run.after == run.before, f"{label}: a refusal changed the state"


def check_move(model, machine, state, number, direction, limit=None, raw=None):
    code, flags, after = ref_move(model, state, number, direction, limit)
    run, got = run_move(machine, raw or state, number, direction, limit)
    agree(model, run, code, after, "move_rule")
    if code == "OK":
        assert got == flags
    return code, flags


def check_fortify(model, machine, state, number, limit=None, raw=None):
    code, spent, after = ref_fortify(model, state, number, limit)
    run = run_fortify(machine, raw or state, number, limit)
    agree(model, run, code, after, "fortify_rule")
    if code == "OK":
        assert run.call.value == spent
    return code


def check_sea_move(model, machine, state, number, raw=None):
    code, dest, after = ref_sea_move(model, state, number)
    run = run_sea_move(machine, raw or state, number)
    agree(model, run, code, after, "sea_move_rule")
    if code == "OK":
        assert run.call.value == dest
    return code


def check_allocate(model, machine, state, number, digits, raw=None):
    code, given_, after = ref_allocate(model, state, number, digits)
    run, got = run_allocate(machine, raw or state, number, *digits)
    agree(model, run, code, after, "allocate_rule")
    if code == "OK":
        assert got == given_ and run.call.value == given_[0]
    return code, given_


def check_maxima(model, machine, state, number, raw=None):
    code, most = ref_maxima(model, state, number)
    run, got = run_maxima(machine, raw or state, number)
    agree(model, run, code, state, "logistics_maxima")
    if code == "OK":
        assert got == most and run.call.value == most[0]
    return code


def check_display(model, machine, state, number, raw=None):
    want = display_strength(model, state, state.unit(number))
    run = run_display_strength(machine, raw or state, number)
    code = "OK" if want < 0xFF00 else "RANGE"
    agree(model, run, code, state, "display_strength")
    if code == "OK":
        assert run.call.value == want
    return code


# --- random situations ----------------------------------------------------------------------

def random_state(model, rng: random.Random):
    """Units of both sides crowded around a few hexes (the ports, the home bases and a
    random spot) so that moves meet friends, enemies, full hexes and towns; any OP,
    supply (now and then above the cap), fortification, supply status and noise; any
    pools, turn, sealift and control (a place held by nobody included)."""
    hexes = land(model)
    state = empty_state(model, seed=rng.randrange(1, 1 << 16), turn=rng.randint(1, len(model.turns)),
                        computer_allied=rng.random() < 0.5)
    for pid in model.victory.towns:
        side = rng.choice(SIDES + (None,))
        if side is None:
            del state.control[pid]
        else:
            state.control[pid] = side
    state.sealift_left = rng.choice([0, 1, 1, 2])
    state.sealift_blocked = rng.random() < 0.2
    state.axis_supply = rng.choice([0, rng.randrange(2_000), rng.randrange(1 << 24)])
    for pool in state.replacements:
        state.replacements[pool] = rng.choice([0, rng.randrange(1_000), rng.randrange(1 << 16)])
    spot = rng.choice(hexes)
    centres = [spot, tobruk(model), *(home_base(model, s) for s in SIDES)]
    near = {c: [h for h in hexes if hexgrid.distance(h, c) <= 2] for c in centres}
    held: dict = {}
    for u in model.units:
        if rng.random() < 0.35:
            continue
        side = u.side
        for _ in range(4):
            c = rng.choice(centres)
            hx = rng.choice(near[c]) if rng.random() < 0.85 else rng.choice(hexes)
            if held.get(hx, side) == side or rng.random() < 0.03:     # now and then a mixed hex
                break
        else:
            continue
        held.setdefault(hx, side)
        unit = place(model, state, u.number, hx)
        cap = supply_cap(model, unit)
        unit.strength = rng.randint(0, unit.ceiling)
        unit.supply = rng.randint(0, cap) if rng.random() < 0.9 else rng.randint(0, cap + 200)
        unit.op = rng.randint(0, op_allowance(model, unit)) if rng.random() < 0.9 else rng.randint(0, 255)
        unit.fort = rng.randint(0, model.fortification.max_level)
        unit.supplied = rng.random() < 0.8
        unit.noise = rng.randint(*model.solitaire.display_noise_percent) if rng.random() < 0.9 \
            else rng.randint(0, 255)
        unit.priority = rng.randint(0, 9)
    on_map = [u for u in state.units if u.status == Status.ON_MAP]
    if on_map and rng.random() < 0.4:                       # a full hex next to a unit of its side
        first = rng.choice(on_map)
        crowd = rng.choice([h for h in hexgrid.neighbours(*first.hex) if h in near[spot] or passable(model, h)]
                           or [first.hex])
        side = model.unit(first.number).side
        for u in state.units:
            if len(units_at(state, crowd)) >= stacking_limit(model, crowd):
                break
            if model.unit(u.number).side == side and u.hex != crowd and u.number != first.number:
                place(model, state, u.number, crowd).supplied = True
    for u in state.units:
        if u.status != Status.ON_MAP and rng.random() < 0.3:
            u.status = rng.choice([Status.WAITING, Status.CADRE, Status.ELIMINATED])
            u.strength = rng.randint(0, 300)
    return state


def some_unit(model, state, rng):
    """Mostly a unit on the map; now and then any unit number."""
    on_map = [u.number for u in state.units if u.status == Status.ON_MAP]
    if on_map and rng.random() < 0.9:
        return rng.choice(on_map)
    return rng.randint(1, len(model.units))


def random_limit(rng):
    return rng.choice([None, None, None, rng.randint(0, 20), rng.randint(0, 0xFFFE)])


def random_digits(rng):
    digits = [rng.randint(0, 9) for _ in range(3)]
    if rng.random() < 0.05:
        digits[rng.randrange(3)] = rng.choice([10, 255, 256, 0x1009])
    return digits


def test_random_moves_match_the_reference(model, machines, long_run):
    """1,200 moves on the Atari engine, 300 on the Apple's (100,000 and 10,000 with --long),
    six from each random state; every outcome is seen."""
    seen = Counter()
    for name, count in (("atari", 100_000 if long_run else 1_200), ("apple", 10_000 if long_run else 300)):
        rng = random.Random(f"moves-{name}")
        case = 0
        while case < count:
            state = random_state(model, rng)
            raw = stateblock.encode(state, model)
            for _ in range(6):
                number = some_unit(model, state, rng)
                direction = rng.randint(1, 6) if rng.random() < 0.97 else rng.choice([0, 7, 256 + 1])
                code, flags = check_move(model, machines[name], state, number, direction, random_limit(rng), raw)
                seen[code] += 1
                if flags:
                    seen["next to enemy"] += flags[1]
                case += 1
    print(dict(seen), "worst", WORST["move_rule"], "cycles")
    for outcome in ("OK", "HEX", "GARRISON", "PROHIBITED", "ENEMY", "STACKING", "OP", "SUPPLY", "LIMIT",
                    "DIRECTION", "next to enemy"):
        assert seen[outcome] > 0, outcome


def test_random_fortifications_match_the_reference(model, machines, long_run):
    seen = Counter()
    for name, count in (("atari", 20_000 if long_run else 400), ("apple", 2_000 if long_run else 100)):
        rng = random.Random(f"fortify-{name}")
        for _ in range(count // 4):
            state = random_state(model, rng)
            raw = stateblock.encode(state, model)
            for _ in range(4):
                seen[check_fortify(model, machines[name], state, some_unit(model, state, rng),
                                   random_limit(rng), raw)] += 1
    print(dict(seen), "worst", WORST["fortify_rule"], "cycles")
    for outcome in ("OK", "HEX", "FORT_LEVEL", "OP", "SUPPLY", "LIMIT"):
        assert seen[outcome] > 0, outcome


def test_random_allocations_and_maxima_match_the_reference(model, machines, long_run):
    """Allocations (600 on the Atari engine, 160 on the Apple's; 50,000 and 5,000 with
    --long) and the maxima of the same units, the turn of no Allied replacements and turns
    off the chart included."""
    seen = Counter()
    no_repl = [t.turn for t in model.turns if t.date in model.logistics.no_allied_replacements]
    assert no_repl
    for name, count in (("atari", 50_000 if long_run else 600), ("apple", 5_000 if long_run else 160)):
        rng = random.Random(f"allocate-{name}")
        for _ in range(count // 4):
            state = random_state(model, rng)
            state.turn = rng.choice([state.turn, state.turn, no_repl[0], rng.choice([0, len(model.turns) + 1])])
            raw = stateblock.encode(state, model)
            for _ in range(4):
                number = some_unit(model, state, rng)
                check_maxima(model, machines[name], state, number, raw)
                code, given_ = check_allocate(model, machines[name], state, number, random_digits(rng), raw)
                seen[code] += 1
                if given_:
                    seen["replacements"] += given_[0] > 0
                    seen["supply"] += given_[1] > 0
    print(dict(seen), "worst", WORST["allocate_rule"], WORST["logistics_maxima"], "cycles")
    for outcome in ("OK", "HEX", "RANGE", "replacements", "supply"):
        assert seen[outcome] > 0, outcome


def sea_state(model, rng):
    """Allied units in Tobruk and Alexandria, sometimes an Axis one in Tobruk, any
    control of Tobruk, sealift left or not, blocked or not, a port filled up or not."""
    state = random_state(model, rng)
    ports = [tobruk(model), home_base(model, "allied")]
    allied = [u.number for u in model.units if u.side == "allied"]
    rng.shuffle(allied)
    for hx in ports:
        for n in allied[:rng.choice([1, 2, 3, 6])]:
            place(model, state, n, hx, op=rng.choice([0, 1, rng.randint(0, 28)]),
                  fort=rng.randint(0, 3))
        allied = allied[6:]
    if rng.random() < 0.1:
        place(model, state, rng.choice([u.number for u in model.units if u.side == "axis"]), ports[0])
    state.control[model.map.tobruk] = rng.choice(["allied", "allied", "allied", "axis"])
    state.sealift_left = rng.choice([0, 1, 1, 1])
    state.sealift_blocked = rng.random() < 0.15
    return state


def test_random_sea_moves_match_the_reference(model, machines, long_run):
    seen = Counter()
    for name, count in (("atari", 20_000 if long_run else 400), ("apple", 2_000 if long_run else 100)):
        rng = random.Random(f"sea-{name}")
        for _ in range(count // 4):
            state = sea_state(model, rng)
            raw = stateblock.encode(state, model)
            in_ports = [u.number for u in state.units if u.status == Status.ON_MAP
                        and u.hex in (tobruk(model), home_base(model, "allied"))]
            for _ in range(4):
                number = rng.choice(in_ports) if rng.random() < 0.8 else some_unit(model, state, rng)
                seen[check_sea_move(model, machines[name], state, number, raw)] += 1
    print(dict(seen), "worst", WORST["sea_move_rule"], "cycles")
    for outcome in ("OK", "NOT_ALLIED", "PORT", "SEALIFT", "SEALIFT_BLOCKED", "TOBRUK", "STACKING", "OP"):
        assert seen[outcome] > 0, outcome


def test_random_display_strengths_match_the_reference(model, machines):
    rng = random.Random("display")
    for case in range(100):
        state = random_state(model, rng)
        raw = stateblock.encode(state, model)
        m = machines["atari" if case & 1 else "apple"]
        for _ in range(4):
            check_display(model, m, state, rng.randint(1, len(model.units)), raw)
    print("worst", WORST["display_strength"], "cycles")


@FEW_SLOW_OK
@given(rng=st.randoms(use_true_random=False))
def test_hypothesis_actions_match_the_reference(model, machines, rng):
    state = random_state(model, rng)
    for m in machines.values():
        number = some_unit(model, state, rng)
        check_move(model, m, state, number, rng.randint(1, 6), random_limit(rng))
        check_fortify(model, m, state, number, random_limit(rng))
        check_sea_move(model, m, state, number)
        check_maxima(model, m, state, number)
        check_allocate(model, m, state, number, random_digits(rng))
        check_display(model, m, state, number)


@FEW_SLOW_OK
@given(strength=st.integers(0, 0xFFFF), noise=st.integers(0, 255), computer=st.booleans(),
       side=st.sampled_from(SIDES))
def test_display_strength_over_every_value(model, machines, strength, noise, computer, side):
    state = empty_state(model, computer_allied=computer)
    number = next(u.number for u in model.units if u.side == side)
    unit = state.unit(number)
    unit.strength, unit.noise = strength, noise
    for m in machines.values():
        check_display(model, m, state, number)


# --- the states of real games ----------------------------------------------------------------

@pytest.fixture(scope="module")
def played(model):
    """Every scenario from its start (seed 1, solitaire; the campaign two-player too),
    played by the simple computer players: the state before every 40th move, every 10th
    fortification and every 14th allocation they made, with the arguments."""
    from kotd.simulate import simulate
    taken = {"move": [], "fortify": [], "allocate": []}
    counts = Counter()
    every = {"move": 40, "fortify": 10, "allocate": 14}
    real_move, real_fortify, real_allocate = Game.move, Game.fortify, logistics.allocate

    def keep(kind, state, *args):
        counts[kind] += 1
        if counts[kind] % every[kind] == 0:
            taken[kind].append((fresh(state), *args))

    def move(self, number, direction):
        keep("move", self.state, number, direction, self.reaction.budget if self.reaction is not None else None)
        return real_move(self, number, direction)

    def fortify(self, number):
        keep("fortify", self.state, number, self.reaction.budget if self.reaction is not None else None)
        return real_fortify(self, number)

    def allocate(model_, state, unit, order):
        keep("allocate", state, unit.number, (order.replacements, order.supply, order.priority))
        return real_allocate(model_, state, unit, order)

    mp = pytest.MonkeyPatch()
    mp.setattr(Game, "move", move)
    mp.setattr(Game, "fortify", fortify)
    mp.setattr(logistics, "allocate", allocate)
    try:
        for scenario in model.scenarios:
            simulate(model, scenario, 1)
        simulate(model, "campaign", 1, computer_allied=False)
    finally:
        mp.undo()
    return taken


def test_the_moves_of_real_games(model, machines, played):
    """The moves the simple players made (the limited reaction's budget as the OP
    limit), then from the same state probes: a move in the next direction, a
    fortification and a sea move by a random unit on the map."""
    moves = played["move"]
    assert len(moves) > 100
    seen = Counter()
    rng = random.Random("real moves")
    for i, (state, number, direction, limit) in enumerate(moves):
        m = machines["atari" if i & 1 else "apple"]
        raw = stateblock.encode(state, model)
        code, _ = check_move(model, m, state, number, direction, limit, raw)
        assert code == "OK"
        seen["limited reaction"] += limit is not None
        seen[check_move(model, m, state, number, (direction % 6) + 1, limit, raw)[0]] += 1
        other = some_unit(model, state, rng)
        seen["fortify " + check_fortify(model, m, state, other, None, raw)] += 1
        seen["sea " + check_sea_move(model, m, state, other, raw)] += 1
    print(len(moves), dict(seen), "worst", WORST["move_rule"], "cycles")


def test_the_fortifications_and_allocations_of_real_games(model, machines, played):
    forts, allocations = played["fortify"], played["allocate"]
    assert forts and len(allocations) > 100
    for i, (state, number, limit) in enumerate(forts):
        check_fortify(model, machines["atari" if i & 1 else "apple"], state, number, limit)
    for i, (state, number, digits) in enumerate(allocations):
        m = machines["atari" if i & 1 else "apple"]
        raw = stateblock.encode(state, model)
        check_maxima(model, m, state, number, raw)
        assert check_allocate(model, m, state, number, digits, raw)[0] == "OK"
        check_allocate(model, m, state, number, random_digits(random.Random(i)), raw)
    print(len(forts), len(allocations), "worst", WORST["fortify_rule"], WORST["allocate_rule"], "cycles")


# --- each refusal, and the edges ----------------------------------------------------------

def combat_unit(model, side, mobile=True):
    return next(u.number for u in model.units
                if u.side == side and u.role == "combat" and u.mobile == mobile)


def clear_spot(model):
    """A clear hex whose neighbours are all clear land, away from the places."""
    from kotd.engine.fixtures import open_ground
    return open_ground(model)[0]


@pytest.mark.parametrize("bad", [0, 0x100 + 1, "past the last"])
def test_a_unit_number_out_of_range_is_refused(model, machines, bad):
    number = len(model.units) + 1 if bad == "past the last" else bad
    state = empty_state(model)
    for m in machines.values():
        for label, args in (("move_rule", (number, 1, 0xFFFF)), ("fortify_rule", (number, 0xFFFF)),
                            ("sea_move_rule", (number,)), ("allocate_rule", (number, 0, 0, 0)),
                            ("logistics_maxima", (number,)), ("display_strength", (number,))):
            m.write_state(state)
            before = m.state_bytes()
            call = m.call_routine(label, *args)
            assert call.status == ERRORS["UNIT"], label
            assert m.state_bytes() == before


def test_a_unit_off_the_map_is_refused(model, machines):
    """Waiting, a cadre, eliminated, or ON_MAP with a hex off the map: E_HEX (the
    reference's check_on_map) for every action but the display."""
    number = combat_unit(model, "axis")
    for status, hx in ((Status.WAITING, (0xFF, 0xFF)), (Status.CADRE, (3, 3)), (Status.ON_MAP, (model.map.columns, 0)),
                       (Status.ON_MAP, (0, model.map.rows)), (Status.ON_MAP, (0xFF, 0xFF))):
        state = empty_state(model)
        unit = state.unit(number)
        unit.status, (unit.col, unit.row) = status, hx
        for m in machines.values():
            assert check_move(model, m, state, number, 3)[0] == "HEX"
            assert check_fortify(model, m, state, number) == "HEX"
            assert check_sea_move(model, m, state, number) == "HEX"
            assert check_maxima(model, m, state, number) == "HEX"
            assert check_allocate(model, m, state, number, (9, 9, 9))[0] == "HEX"
            assert check_display(model, m, state, number) == "OK"


def passable(model, hx):
    return model.map.on_map(*hx) and model.terrain[model.map.terrain_at(*hx)].passable


def test_each_refused_move(model, machines):
    spot = clear_spot(model)
    east = hexgrid.step(*spot, 3)
    mover, friend, enemy = combat_unit(model, "axis"), combat_unit(model, "axis", False), combat_unit(model, "allied")
    garrison = next(u.number for u in model.units if u.side == "axis" and u.is_garrison)
    shore, seaward = next((h, d) for h in land(model) for d in hexgrid.DIRECTIONS
                          if model.map.on_map(*hexgrid.step(*h, d)) and not passable(model, hexgrid.step(*h, d)))
    west_edge = next(h for h in land(model) if h[0] == 0)
    cases = []

    def case(name, direction=3, limit=None, number=mover, at=spot, **changes):
        state = empty_state(model)
        unit = place(model, state, number, at)
        for key, value in changes.items():
            setattr(unit, key, value)
        cases.append((name, state, number, direction, limit))
        return state
    case("DIRECTION", direction=0)
    case("DIRECTION", direction=7)
    case("DIRECTION", direction=0x103)
    case("GARRISON", number=garrison)
    case("HEX", direction=5, at=west_edge)                  # south-west of column 0: off the map
    case("PROHIBITED", direction=seaward, at=shore)
    place(model, case("ENEMY"), enemy, east)
    full = case("STACKING")
    for n in [u.number for u in model.units if u.side == "axis" and u.number != mover][:model.logistics.stacking_hex]:
        place(model, full, n, east)
    case("OP", op=2)
    case("SUPPLY", supply=8)
    case("LIMIT", limit=2)
    case("OK", limit=3, fort=4)
    place(model, case("OK"), friend, east)
    for name, state, number, direction, limit in cases:
        for m in machines.values():
            code, _ = check_move(model, m, state, number, direction, limit)
            assert code == name, (name, code)


def test_a_move_into_the_enemy_base(model, machines):
    base = home_base(model, "allied")
    start = next(n for n in hexgrid.neighbours(*base) if passable(model, n))
    mover = combat_unit(model, "axis")
    state = empty_state(model)
    place(model, state, mover, start)
    for m in machines.values():
        code, flags = check_move(model, m, state, mover, hexgrid.direction_to(start, base))
        assert code == "OK" and flags[2] == 1


@pytest.mark.parametrize("held", ["allied", "axis", None])
def test_a_move_into_a_victory_place(model, machines, held):
    """A place somebody holds passes to the mover; one nobody holds stays nobody's.
    An enemy next to it, the place empty before: the limited reaction trigger."""
    town = model.map.place_hex("bardia")
    start = next(n for n in hexgrid.neighbours(*town) if passable(model, n))
    other = next(n for n in hexgrid.neighbours(*town) if passable(model, n) and n != start)
    mover, enemy = combat_unit(model, "axis"), combat_unit(model, "allied")
    state = empty_state(model)
    if held is None:
        del state.control["bardia"]
    else:
        state.control["bardia"] = held
    place(model, state, mover, start, op=30)
    place(model, state, enemy, other)
    for m in machines.values():
        code, flags = check_move(model, m, state, mover, hexgrid.direction_to(start, town))
        assert code == "OK" and flags[1] == 1
    after = ref_move(model, state, mover, hexgrid.direction_to(start, town), None)[2]
    assert after.control.get("bardia") == (None if held is None else "axis")


def test_each_refused_fortification(model, machines):
    number = combat_unit(model, "axis")
    f = model.fortification
    cost_op, cost_sup = f.op_cost["mobile"], f.supply_cost["mobile"]
    for name, changes, limit in (("FORT_LEVEL", {"fort": f.max_level}, None), ("OP", {"op": cost_op - 1}, None),
                                 ("SUPPLY", {"supply": cost_sup - 1}, None), ("LIMIT", {}, cost_op - 1),
                                 ("OK", {"fort": f.max_level - 1, "op": cost_op, "supply": cost_sup}, cost_op)):
        state = empty_state(model)
        place(model, state, number, clear_spot(model))
        for key, value in changes.items():
            setattr(state.unit(number), key, value)
        for m in machines.values():
            assert check_fortify(model, m, state, number, limit) == name


def test_each_refused_sea_move(model, machines):
    t, alex = tobruk(model), home_base(model, "allied")
    mover = combat_unit(model, "allied")
    depot = next(u.number for u in model.units if u.side == "allied" and u.is_depot)
    garrison = next(u.number for u in model.units if u.side == "allied" and u.is_garrison)
    axis = combat_unit(model, "axis")

    def base(hx=t, number=mover):
        state = empty_state(model)
        state.sealift_left = 1
        place(model, state, number, hx)
        return state
    cases = []
    cases.append(("NOT_ALLIED", base(number=axis), axis))
    cases.append(("GARRISON", base(alex, garrison), garrison))
    cases.append(("DEPOT", base(number=depot), depot))
    cases.append(("PORT", base(clear_spot(model)), mover))
    s = base()
    s.sealift_left = 0
    cases.append(("SEALIFT", s, mover))
    s = base()
    s.sealift_blocked = True
    cases.append(("SEALIFT_BLOCKED", s, mover))
    s = base(alex)
    s.control[model.map.tobruk] = "axis"
    cases.append(("TOBRUK", s, mover))
    s = base(alex)
    del s.control[model.map.tobruk]
    cases.append(("TOBRUK", s, mover))
    s = base(alex)
    place(model, s, axis, t)
    cases.append(("TOBRUK", s, mover))
    s = base(alex)
    for n in [u.number for u in model.units if u.side == "allied" and u.number != mover][:model.logistics.stacking_tobruk]:
        place(model, s, n, t)
    cases.append(("STACKING", s, mover))
    s = base()
    s.unit(mover).op = 0
    cases.append(("OP", s, mover))
    s = base()
    s.unit(mover).fort = 3
    cases.append(("OK", s, mover))
    cases.append(("OK", base(alex), mover))
    for name, state, number in cases:
        for m in machines.values():
            assert check_sea_move(model, m, state, number) == name, name


def test_allocation_edges(model, machines):
    """The manual's 22 of 100 at digit 2; a depot's DEPOT_SUPPLY, Axis-limited by the
    pool; the Allies' full supply and priority 9 whatever their digits; no Allied
    replacements in the blocked turn; replacements into Tobruk block the sealift;
    an unsupplied unit gets nothing but its priority; supply above the cap gives 0."""
    lg = model.logistics
    no_repl = next(t.turn for t in model.turns if t.date in lg.no_allied_replacements)
    axis, allied = combat_unit(model, "axis"), combat_unit(model, "allied")
    axis_depot = next(u.number for u in model.units if u.side == "axis" and u.is_depot)
    results = {}

    def run(name, number, digits, hx=None, turn=2, **changes):
        state = empty_state(model, turn=turn)
        state.axis_supply = 300
        state.replacements = {"german": 100, "italian": 100, "allied": 100}
        unit = place(model, state, number, hx or clear_spot(model), strength=0, supply=0)
        unit.supplied = True
        for key, value in changes.items():
            setattr(unit, key, value)
        for m in machines.values():
            code, given_ = check_allocate(model, m, state, number, digits)
            assert check_maxima(model, m, state, number) == "OK"
        results[name] = (code, given_, logistics.maxima(model, state, state.unit(number)))
    run("22 of 100", axis, (2, 0, 4))
    run("depot pool-limited", axis_depot, (0, 0, 0))
    run("allied full", allied, (9, 0, 0))
    run("no allied replacements", allied, (9, 9, 9), turn=no_repl)
    run("tobruk", allied, (9, 0, 0), hx=tobruk(model))
    run("unsupplied", axis, (9, 9, 9), supplied=False)
    run("above the cap", axis, (9, 9, 9), supply=supply_cap(model, axis) + 50)
    assert results["22 of 100"][1][0] == 22
    assert results["depot pool-limited"][2][1] == 300
    assert results["allied full"][2] == (100, supply_cap(model, allied)) and results["allied full"][1][1] > 0
    assert results["no allied replacements"][1][0] == 0
    assert results["unsupplied"][1] == (0, 0)
    assert results["above the cap"][2][1] == 0


def test_allocation_refusals(model, machines):
    number = combat_unit(model, "allied")
    state = empty_state(model)
    place(model, state, number, clear_spot(model)).supplied = True
    for digits in ((10, 0, 0), (0, 10, 0), (0, 0, 10), (0, 0, 0x109)):
        for m in machines.values():
            assert check_allocate(model, m, state, number, digits)[0] == "RANGE"
    for turn in (0, len(model.turns) + 1):
        state.turn = turn
        for m in machines.values():
            assert check_allocate(model, m, state, number, (1, 1, 1))[0] == "RANGE"
            assert check_maxima(model, m, state, number) == "RANGE"
        state.unit(number).supplied = False                                  # nothing to ask the chart
        for m in machines.values():
            assert check_allocate(model, m, state, number, (1, 1, 1))[0] == "OK"
        state.unit(number).supplied = True


def test_any_arguments_are_answered_without_harm(model, machines):
    """Random 16-bit arguments on random states: each routine answers one of its
    documented codes, never faults or writes outside its memory (the write watch would
    raise), and a refusal changes nothing."""
    documented = {
        "move_rule": ("OK", "UNIT", "HEX", "DIRECTION", "GARRISON", "PROHIBITED", "ENEMY", "STACKING", "OP",
                      "SUPPLY", "LIMIT"),
        "fortify_rule": ("OK", "UNIT", "HEX", "FORT_LEVEL", "OP", "SUPPLY", "LIMIT"),
        "sea_move_rule": ("OK", "UNIT", "HEX", "NOT_ALLIED", "GARRISON", "DEPOT", "PORT", "SEALIFT",
                          "SEALIFT_BLOCKED", "TOBRUK", "STACKING", "OP"),
        "allocate_rule": ("OK", "UNIT", "HEX", "RANGE"),
        "logistics_maxima": ("OK", "UNIT", "HEX", "RANGE"),
        "display_strength": ("OK", "UNIT", "RANGE"),
    }
    arity = {"move_rule": 3, "fortify_rule": 2, "sea_move_rule": 1, "allocate_rule": 4, "logistics_maxima": 1,
             "display_strength": 1}
    rng = random.Random("garbage")
    seen = Counter()
    for case in range(60):
        state = random_state(model, rng)
        raw = stateblock.encode(state, model)
        m = machines["atari" if case & 1 else "apple"]
        for label, codes in documented.items():
            args = [rng.choice([0, 1, 6, 9, 10, 58, 59, 255, 256, 0xFFFF, rng.randrange(1 << 16)])
                    for _ in range(arity[label])]
            if rng.random() < 0.5:
                args[0] = some_unit(model, state, rng)
            m.cpu.load(m.target.state.start, raw)
            call = m.call_routine(label, *args)
            assert call.status in {ERRORS[c] for c in codes}, (label, args, call.status)
            seen[call.status == 0] += 1
            if call.status:
                assert m.state_bytes() == raw, (label, args)
    assert seen[True] and seen[False]
