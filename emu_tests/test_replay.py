"""The sequence of play of port/asm/flow.s against kotd.engine.flow: whole games played by
the simple computer players on the reference engine, recorded call by call and replayed
through the 6502 entries (kotd.replay), and hypothesis-built single actions on the states
those games reach.  After every call the status, the result, PHASE_INFO's answer and the
whole state block (the PRNG included) must be the reference's."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kotd.bench import ENTRY_GAMES
from kotd.build import abi, stateblock
from kotd.engine.combat import selectable_defenders
from kotd.engine.fixtures import empty_state, open_ground, place
from kotd.engine.flow import Flow, May
from kotd.engine.logistics import LogisticsOrder
from kotd.engine.movement import RuleError
from kotd.engine.state import Phase
from kotd.replay import Action, call_action, describe, first_difference, record, replay, write_attack
from kotd import hexgrid

#: One whole game per scenario in the default run: the shortest of seeds 1-12 (1-24 for
#: the Tobruk scenarios) with each option covered (solitaire and two players, random
#: initiative, depots; ratings by difficulty levels in campaign41).
DEFAULT_GAMES = ENTRY_GAMES                  # kotd bench measures each entry over the same games
OPTION_SETS = [dict(), dict(computer_allied=False), dict(random_initiative=True, optional_depots=True),
               dict(computer_allied=False, random_initiative=True, optional_depots=True)]


_LOGS: dict = {}


def recorded(model, scenario, seed, options):
    """The recorded game, once for both targets (the default games only)."""
    key = (scenario, seed, options)
    if key not in _LOGS:
        log = record(model, scenario, seed, **dict(options))
        if (seed, dict(options)) != DEFAULT_GAMES[scenario]:
            return log
        _LOGS[key] = log
    return _LOGS[key]


def check(model, machine, log):
    rep = replay(model, machine, log)
    assert rep.actions == len(log.actions)
    assert not rep.mismatches, "\n".join(f"action {m.index} {describe(m.action)}: {m.what}"
                                         for m in rep.mismatches[:10])
    return rep


@pytest.mark.parametrize("scenario", list(DEFAULT_GAMES))
def test_a_whole_game_replays_bit_exact(model, machine, scenario, long_run):
    seed, options = DEFAULT_GAMES[scenario]
    games = [(seed, options)]
    if long_run:                     # 100 games per scenario, every option set in turn
        games = [(s, OPTION_SETS[s % len(OPTION_SETS)]) for s in range(1, 101)]
    worst = {}
    for seed, options in games:
        log = recorded(model, scenario, seed, tuple(sorted(options.items())))
        assert log.actions[0].entry == "NEW_GAME" and log.level is not None
        rep = check(model, machine, log)
        for entry, cycles in rep.cycles.items():
            worst[entry] = max(worst.get(entry, 0), max(cycles))
    print(f"\n{scenario} {machine.target.name}: worst cycles {worst}")


# --- single actions -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def game_states(model):
    """States reached by three recorded games (two players, solitaire), with the action
    that followed each."""
    out = []
    for scenario, seed, options in (("tobruk41", 3, dict(computer_allied=False)), ("tobruk42", 5, dict()),
                                    ("alamein", 2, dict(random_initiative=True, optional_depots=True))):
        log = record(model, scenario, seed, **options)
        out += [a.after for a in log.actions[:-1]]
    return out


def reference_call(model, state_bytes, entry, args):
    """(status, value, state bytes after) of one action on the reference machine."""
    flow = Flow(model, stateblock.decode(state_bytes, model))
    fn = {
        "PHASE_NEXT": lambda: int(flow.step()),
        "LOGISTICS": lambda: flow.allocate(args[0], LogisticsOrder(*args[1:]))[0],
        "CHOOSE_FIRST": lambda: flow.choose_first(args[0]) or 0,
        "MOVE": lambda: (lambda h: h[0] + 256 * h[1])(flow.move(*args)),
        "FORTIFY": lambda: flow.fortify(*args) or 0,
        "SEA_MOVE": lambda: (lambda h: h[0] + 256 * h[1])(flow.sea_move(*args)),
        "ATTACK": lambda: (flow.declare_attack(*args), 0)[1],
        "ACCESS": lambda: flow.access(*args),
        "FINISH_UNIT": lambda: int(flow.finish_unit()),
        "END_REACTION": lambda: flow.end_reaction() or 0,
    }[entry]
    try:
        value, status = fn(), 0
    except RuleError as e:
        value, status = None, abi.ERRORS[e.code]
    return status, value, stateblock.encode(flow.state, model), flow


def compare_one(model, machine, state_bytes, entry, args):
    status, value, after, flow = reference_call(model, state_bytes, entry, args)
    machine.cpu.load(machine.target.state.start, state_bytes)
    r = call_action(machine, Action(entry, args, None, 0, (0, 0, 0), None))
    what = f"{entry}{args}"
    assert r.status == status, f"{what}: status {r.status}, want {status}"
    if status == 0:
        assert r.value == value, f"{what}: result {r.value}, want {value}"
    diff = first_difference(model, machine.state_bytes(), after)
    assert diff is None, f"{what}: {diff}"
    return flow, status


def random_attack(model, state, rng, actor):
    """A battle order, mostly of the acting side's units against an enemy hex next to them."""
    units = [u for u in state.units if u.on_map]
    mine = [u for u in units if model.unit(u.number).side == actor]
    a = rng.choice(mine if mine and rng.random() < 0.9 else units)
    hx = a.hex
    near = [n for n in hexgrid.neighbours(*hx)
            if any(u.hex == n and model.unit(u.number).side != model.unit(a.number).side for u in units)]
    d = rng.choice(near) if near and rng.random() < 0.9 else hexgrid.step(*hx, rng.randint(1, 6))
    attackers = tuple(u.number for u in units if u.hex == hx)
    defenders = tuple(u.number for u in selectable_defenders(model, state, d)) if model.map.on_map(*d) else ()
    if attackers and rng.random() < 0.5:
        attackers = tuple(sorted(rng.sample(attackers, rng.randint(1, len(attackers)))))
    intensity = rng.randint(1, 9) if rng.random() < 0.9 else rng.choice((0, 10))
    return (hx, d, attackers or (a.number,), defenders or (a.number,), intensity, rng.randint(1, 9),
            rng.randint(0, 4))


def random_unit(model, state, rng, actor):
    """Mostly a unit of the side that must act, now and then any number."""
    mine = [u.number for u in state.units if u.on_map and model.unit(u.number).side == actor]
    if mine and rng.random() < 0.8:
        return rng.choice(mine)
    return rng.randint(0, len(model.units) + 1)


# 150 examples by default, the long profile's under --long
@settings(max_examples=150 if settings().max_examples <= 100 else settings().max_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_single_actions_match_the_reference(model, machines, game_states, data):
    """Any action on any state a game reaches (a limited reaction forced open now and
    then): the same status, result and state; a refusal changes nothing."""
    state_bytes = data.draw(st.sampled_from(game_states))
    state = stateblock.decode(state_bytes, model)
    rng = random.Random(data.draw(st.integers(0, 2 ** 32)))
    if state.defend_pending:
        return                                   # the declared order is the recorder's
    if rng.random() < 0.3 and state.phase != Phase.GAME_OVER and state.react_side is None:
        state.react_side, state.react_open = rng.choice(("axis", "allied")), rng.random() < 0.8
        own = [u.number for u in state.units if u.on_map and model.unit(u.number).side == state.react_side]
        if own and rng.random() < 0.7:
            state.react_unit, state.react_budget = rng.choice(own), rng.randint(0, 18)
        state.react_battle = rng.random() < 0.2
        state_bytes = stateblock.encode(state, model)
    actor = Flow(model, state).info().actor
    unit = random_unit(model, state, rng, actor)
    entry = data.draw(st.sampled_from(("PHASE_NEXT", "LOGISTICS", "CHOOSE_FIRST", "MOVE", "FORTIFY", "SEA_MOVE",
                                       "ATTACK", "ACCESS", "FINISH_UNIT", "END_REACTION")))
    args = {"PHASE_NEXT": (), "FINISH_UNIT": (), "END_REACTION": (),
            "LOGISTICS": (unit, rng.randint(0, 10), rng.randint(0, 10), rng.randint(0, 10)),
            "CHOOSE_FIRST": (rng.randint(0, 2),), "MOVE": (unit, rng.randint(0, 7)), "FORTIFY": (unit,),
            "SEA_MOVE": (unit,), "ACCESS": (unit,), "ATTACK": None}[entry]
    if entry == "ATTACK":
        args = random_attack(model, state, rng, actor)
    for m in machines.values():
        flow, status = compare_one(model, m, state_bytes, entry, args)
        if entry == "ATTACK" and status == 0:      # then the defender's half
            risk, air = rng.randint(0, 10), rng.randint(0, 3)
            try:
                value, want = flow.defend(risk, air).odds, 0
            except RuleError as e:
                value, want = None, abi.ERRORS[e.code]
            r = m.call("DEFEND", risk, air)
            assert r.status == want and (want or r.value == value), (args, risk, air, r.status, want)
            assert first_difference(model, m.state_bytes(), stateblock.encode(flow.state, model)) is None


def test_the_reaction_budget_pays_for_its_battle_on_the_6502(model, machines):
    """IV.C.3.k: an access of 7 OP cannot pay a battle of 8 (E_REACTION, nothing
    changed); one of 6 it can, and what is left is 1."""
    ground = open_ground(model)
    state = empty_state(model)
    place(model, state, 8, ground[0])
    aust = place(model, state, 37, hexgrid.step(*ground[0], 3), op=7)
    flow = Flow(model, state)
    flow.enter_phase(Phase.B1_OPERATIONS, "axis")
    state.react_side, state.react_open = "allied", True
    start = stateblock.encode(state, model)
    for m in machines.values():
        m.cpu.load(m.target.state.start, start)
        assert m.call("ACCESS", 37).value == 7
        before = m.state_bytes()
        order = (aust.hex, state.unit(8).hex, (37,), (8,), 6, 5, 0)
        write_attack(m, order)
        assert m.call("ATTACK").status == abi.ERRORS["REACTION"] and m.state_bytes() == before
        write_attack(m, order[:4] + (3, 5, 0))
        assert m.call("ATTACK").ok
        assert m.call("PHASE_INFO").value == May.DEFEND and m.peek("FLOW_ACTOR") == 0
        assert m.call("DEFEND", 5, 0).ok
        assert m.peek("REACT_BUDGET") == 1 and m.peek("REACT_BATTLE") == 1 and m.peek("REACT_OPEN") == 0


def test_what_a_front_end_shows_through_the_jump_table(model, machines, game_states):
    """DISPLAY_STRENGTH, LOGISTICS_MAX and SCORE as entries, on states games reach."""
    from kotd.engine import logistics, victory
    from kotd.engine.flow import display_strength
    rng = random.Random(5)
    for state_bytes in rng.sample(game_states, 12):
        state = stateblock.decode(state_bytes, model)
        state.computer_allied = rng.random() < 0.5
        for m in machines.values():
            m.write_state(state)
            assert m.call("SCORE").value == victory.score(model, state) + 32768
            for unit in rng.sample(state.units, 6):
                assert m.call("DISPLAY_STRENGTH", unit.number).value == display_strength(model, state, unit)
                r = m.call("LOGISTICS_MAX", unit.number)
                if unit.on_map:
                    repl, sup = logistics.maxima(model, state, unit)
                    assert r.ok and r.value == repl
                    assert m.peek("LOGISTICS_MAX_LO", 1) | m.peek("LOGISTICS_MAX_HI", 1) << 8 == sup
                else:
                    assert r.status == abi.ERRORS["HEX"]


def test_find_unit_walks_the_units_as_the_reference(model, machines, game_states):
    """FIND_UNIT on states games reach: every unit of each side (any hex), the units of
    the hexes units stand in and of empty hexes, `after` and side past their ends; an
    argument over 255 refused with nothing written."""
    from kotd.engine.board import side_of
    from kotd.engine.flow import ANY_COL, find_unit
    from kotd.engine.movement import RuleError
    from kotd.engine.state import Status
    from kotd.model.types import SIDES
    rng = random.Random(11)
    count = len(model.units)
    for state_bytes in rng.sample(game_states, 10):
        state = stateblock.decode(state_bytes, model)
        hexes = sorted({u.hex for u in state.units if u.on_map}) + [(0, 0), (model.map.columns - 1, 5)]
        calls = [(after, side, ANY_COL, 0) for side in (0, 1, 2) for after in (0, 1, count - 1, count, 200)]
        calls += [(after, side, col, row) for col, row in rng.sample(hexes, 8) for side in (0, 1)
                  for after in (0, rng.randrange(count))]
        for m in machines.values():
            m.write_state(state)
            for args in calls:
                assert m.call("FIND_UNIT", *args).value == find_unit(model, state, *args), args
            for side in (0, 1):                     # a whole walk, as the front end makes it
                unit, walk = 0, []
                while (unit := m.call("FIND_UNIT", unit, side, ANY_COL, 0).value):
                    walk.append(unit)
                assert walk == [u.number for u in state.units
                                if u.status == Status.ON_MAP and side_of(model, u) == SIDES[side]]
            for args in ((256, 0, ANY_COL, 0), (0, 256, 1, 1), (0, 0, 256 + 3, 0), (0, 0, 3, 0x1FF)):
                with pytest.raises(RuleError):
                    find_unit(model, state, *args)
                r = m.call("FIND_UNIT", *args)
                assert r.status == abi.ERRORS["RANGE"] and m.state_bytes() == state_bytes


def test_a_game_where_the_holder_lets_the_enemy_move_first(model, machines, monkeypatch):
    """CHOOSE_FIRST(0) every turn: the Second Player's segments come first."""
    from kotd.engine.ai import SimpleAI
    monkeypatch.setattr(SimpleAI, "move_first", lambda self, game: False)
    log = record(model, "tobruk41", 4, computer_allied=False)
    assert ("CHOOSE_FIRST", (0,)) in [(a.entry, a.args) for a in log.actions]
    for m in machines.values():
        check(model, m, log)


def test_sea_movement_through_the_entries(model, machines):
    """SEA_MOVE from Tobruk to Alexandria and its refusals on both engines."""
    from kotd.engine.board import home_base, tobruk
    state = empty_state(model)
    state.sealift_left = 1
    state.control[model.map.tobruk] = "allied"
    place(model, state, 37, tobruk(model))
    place(model, state, 38, tobruk(model))
    place(model, state, 8, open_ground(model)[0])
    flow = Flow(model, state)
    flow.enter_phase(Phase.B1_OPERATIONS, "allied")
    start = stateblock.encode(state, model)
    for m in machines.values():
        f, s = compare_one(model, m, start, "SEA_MOVE", (37,))
        assert s == 0 and f.state.unit(37).hex == home_base(model, "allied")
        after = stateblock.encode(f.state, model)
        for args, code in (((38,), "SEALIFT"), ((8,), "SIDE"), ((0,), "UNIT")):
            _, s = compare_one(model, m, after, "SEA_MOVE", args)
            assert s == abi.ERRORS[code]


def test_any_bytes_in_the_flow_fields_give_a_code_never_a_fault(model, machines, game_states):
    """Random bytes in PHASE and the flow's fields, then each flow entry with random
    arguments: a documented status every time, no fault, no stray write (the harness
    raises on those)."""
    rng = random.Random(11)
    codes = set(abi.ERRORS.values())
    fields = ("PHASE", "FLOW_SIDE", "REACT_SIDE", "REACT_OPEN", "REACT_BATTLE", "REACT_UNIT", "REACT_BUDGET",
              "DEFEND_PENDING", "LOGISTICS_LAST", "INITIATIVE", "FIRST_PLAYER")
    entries = [e for e in abi.ENTRIES if 11 <= e.number <= 23 and e.name != "NEW_GAME"]
    for m in machines.values():
        for _ in range(60):
            m.cpu.load(m.target.state.start, rng.choice(game_states))
            for name in rng.sample(fields, rng.randint(1, 4)):
                m.poke(name, rng.choice((0, 1, 2, 0xFF, rng.randint(0, 255))))
            for i in range(12):
                m.poke("BATTLE_HEXES", rng.randint(0, 255), i % 4) if i < 4 else m.poke(
                    "BATTLE_UNITS", rng.randint(0, 70), i)
            m.poke("BATTLE_COUNT", rng.randint(0, 8), 0)
            m.poke("BATTLE_COUNT", rng.randint(0, 8), 1)
            e = rng.choice(entries)
            args = [rng.choice((0, 1, 9, 37, 255, 256, 0xFFFF, rng.randint(0, 60))) for _ in e.args]
            r = m.call(e.name, *args)
            assert r.status in codes, (e.name, args, r.status)
