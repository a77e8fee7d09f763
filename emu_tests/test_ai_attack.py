"""port/asm/ai_attack.s (py65) against kotd.engine.ai_good: _odds and _target_value for
every friendly hex x enemy neighbour, _best_attack for every friendly hex, the
decision loop of _attacks step by step (ai_attacks_begin, ai_next_attack: each battle
block against what _launch hands game.attack, the game then played on by Python),
defend's (risk, air) and react's choice then _launch after the access.  The states:
the scenario starts and the calls a good-against-good game makes (test_ai_judge's
good_states: tobruk41, campaign41, campaign42), solitaire noise on and off, both sides.
The figures of ai_next_attack's cycles: :func:`attack_cycles` (worst, mean)."""

from __future__ import annotations

import pytest

from kotd import hexgrid
from kotd.engine import combat
from kotd.engine.ai_good import (ATTACK_AIR_BIG, ATTACK_AIR_SMALL, ATTACK_ODDS_CRUSHING, OFFENSIVE_DATES, UNREACHABLE,
                                 GoodAI)
from kotd.engine.board import occupancy, side_of
from kotd.engine.game import Game, GameOver
from kotd.model.types import SIDES
from kotd.tournament import WatchedGame

from test_ai_judge import GAMES, LONG_GAMES, TARGET_NAMES, _played, call, good_states, judge_machines, ram, set_side, word

__all__ = ["judge_machines"]                 # the fixture, shared

EN_ROUTE_ALL = 0xFF                          # the mark of a unit en route with no road (never fights)


def skip_table(machine) -> int:
    """A table of en-route marks in the opponent's RAM (by unit number): the driver's own,
    DRV_EN_ROUTE, which nothing else writes while the driver does not run."""
    return machine.symbols["DRV_EN_ROUTE"]


def roads(en_route) -> dict[int, int]:
    """The roads of the units en route (GoodAI._road): `en_route` maps a unit to its
    road, or to UNREACHABLE (good_states'); a set has none."""
    return {n: r for n, r in en_route.items() if r < UNREACHABLE} if isinstance(en_route, dict) else {}


def set_en_route(ai, en_route) -> None:
    ai._en_route, ai._road = set(en_route), roads(en_route)


def set_skip(machine, model, en_route) -> None:
    """AI_SKIP's marks: 0, or 1 + a unit's road (EN_ROUTE_ALL: none, or one as long)."""
    at, road = skip_table(machine), roads(en_route)
    machine.cpu.load(at, bytes(0 if n not in en_route else min(road.get(n, EN_ROUTE_ALL) + 1, EN_ROUTE_ALL)
                               for n in range(len(model.units) + 1)))
    machine.cpu.load(machine.symbols["AI_SKIP"], bytes([at & 0xFF, at >> 8]))


def poke(machine, label: str, *values: int) -> None:
    machine.cpu.load(machine.symbols[label], bytes(values))


def poke_word(machine, label: str, value: int) -> None:
    poke(machine, label, value & 0xFF, value >> 8)


def prepare(machine, model, side, state, en_route=frozenset()):
    machine.write_state(state)
    set_side(machine, side)
    set_skip(machine, model, en_route)
    ai = GoodAI(side)
    set_en_route(ai, en_route)
    return ai, Game(model, state, {})


def friendly_hexes(model, state, side) -> list:
    occ = occupancy(state)
    return sorted(h for h, us in occ.items() if us and side_of(model, us[0]) == side)


def attack_air(state, model, side, strength) -> int:
    usable = min(state.air_usable[side], model.combat.air_max)
    return usable if strength >= ATTACK_AIR_BIG else min(usable, ATTACK_AIR_SMALL)


def check_hexes(machine, model, side, state, en_route, floor=100, needs=(120, 200), leads=1):
    """ai_odds and ai_target_value on every friendly hex x enemy neighbour, ai_best_attack
    on every friendly hex at each need; the state unchanged.  Returns the odds compared."""
    ai, game = prepare(machine, model, side, state, en_route)
    before = machine.state_bytes()
    occ = occupancy(state)
    compared = 0
    for hx in friendly_hexes(model, state, side):
        attackers = ai._attackers(game, hx, occ)
        poke(machine, "AA_HX", *hx)
        for n in hexgrid.neighbours(*hx):
            if not occ.get(n) or side_of(model, occ[n][0]) == side:
                continue
            poke(machine, "AA_N", *n)
            call(machine, "ai_target_value")
            assert word(machine, "AA_VALUE") == ai._target_value(game, n), (side, n)
            if not attackers:
                continue
            defenders = tuple(u.number for u in combat.selectable_defenders(model, state, n))
            strength = sum(state.unit(a).strength for a in attackers)
            air = attack_air(state, model, side, strength)
            poke(machine, "AA_ATT", *attackers)
            poke(machine, "AA_NATT", len(attackers))
            poke(machine, "AA_DEF", *defenders)
            poke(machine, "AA_NDEF", len(defenders))
            poke_word(machine, "AA_STRENGTH", strength)
            poke(machine, "AA_ATT_AIR", air)
            call(machine, "ai_odds")
            assert word(machine, "AA_ODDS") == ai._odds(game, hx, n, attackers, defenders, air), (side, hx, n)
            compared += 1
        poke(machine, "AI_FLOOR", floor)
        ai._floor = floor
        for need in needs:
            outsider = next(u.number for u in state.units if u.number not in attackers)   # never the lead
            for lead in (0, *attackers[:leads], outsider):
                poke(machine, "AA_HX", *hx)
                poke(machine, "AA_MIN", need)
                poke(machine, "AA_LEAD", lead)
                run = call(machine, "ai_best_attack")
                best = ai._best_attack(game, hx, need, lead=lead or None)
                assert bool(run.a) == (best is not None), (side, hx, need, lead)
                if best is not None:
                    (key, target), _, odds, air = best[0], best[1], best[3], best[4]
                    got = (tuple(ram(machine, "AA_BEST_HEX", 2)), word(machine, "AA_BEST_ODDS"),
                           ram(machine, "AA_ATT_AIR"))
                    assert got == (target, odds, air), (side, hx, need, lead)
    assert machine.state_bytes() == before
    return compared


def battle_block(machine) -> tuple:
    """The battle block as game.attack's arguments."""
    hexes = machine.cpu.read(machine.symbols["BATTLE_HEXES"], 4)
    counts = machine.cpu.read(machine.symbols["BATTLE_COUNT"], 2)
    units = machine.cpu.read(machine.symbols["BATTLE_UNITS"], 12)
    stack = machine.model.logistics.stacking_hex
    return ((hexes[0], hexes[1]), (hexes[2], hexes[3]), tuple(units[:counts[0]]),
            tuple(units[stack:stack + counts[1]]), machine.peek("BATTLE_INTENSITY"), machine.peek("BATTLE_RISK"),
            machine.peek("BATTLE_AIR"))


class Lockstep(WatchedGame):
    """Plays on as Python does; before each battle of `side`'s attack loop, the machine
    decides from the same state (ai_next_attack) and must hand the same arguments."""

    def __init__(self, machine, side, *args, **kw):
        super().__init__(*args, **kw)
        self.machine, self.side, self.checked, self.cycles, self.looping = machine, side, 0, [], False

    def attack(self, attack_hex, defend_hex, attackers, defenders, intensity, risk, air):
        if self.looping and self.acting == self.side and self.reaction is None:
            m = self.machine
            m.write_state(self.state)
            set_side(m, self.side)
            run = call(m, "ai_next_attack")
            self.cycles.append(run.cycles)
            assert run.a == 1, ("no battle", attack_hex, defend_hex)
            assert battle_block(m) == (attack_hex, defend_hex, tuple(attackers), tuple(defenders), intensity,
                                       risk, air)
            self.checked += 1
        return super().attack(attack_hex, defend_hex, attackers, defenders, intensity, risk, air)


def check_attack_loop(machine, model, side, state, offence, en_route, ratio) -> tuple[int, list]:
    """One _attacks loop from `state`, Python and the machine in lockstep."""
    state = state.copy()
    game = Lockstep(machine, side, model, state, {s: GoodAI(s) for s in SIDES})
    ai = game.players[side]
    set_en_route(ai, en_route)
    ai._ratio = ratio
    machine.write_state(state)
    set_side(machine, side)
    set_skip(machine, model, en_route)
    planned = int(model.turn(state.turn).date in OFFENSIVE_DATES[side])
    poke(machine, "AI_OFFENSIVE", int(offence))
    poke(machine, "AI_PLANNED", planned)
    poke_word(machine, "AI_RATIO", min(ratio, 0xFFFF))
    call(machine, "ai_attacks_begin")
    assert ram(machine, "AI_PASSES") == len(game.side_units(side))
    assert (ram(machine, "AI_MIN_ODDS"), ram(machine, "AI_FLOOR")) == ai._needs(game, offence), (side, offence)
    game.looping = True
    try:
        ai._attacks(game, offence)
    except GameOver:                              # a home base taken
        return game.checked, game.cycles
    game.looping = False
    assert ram(machine, "AI_FLOOR") == ai._floor
    if not game.over:
        machine.write_state(game.state)
        set_side(machine, side)
        run = call(machine, "ai_next_attack")
        game.cycles.append(run.cycles)
        assert run.a == 0, "a battle Python did not launch"
    return game.checked, game.cycles


def attack_cycles(model, machine, games=GAMES, every: int = 1) -> dict:
    """ai_next_attack's cycles over the _attacks loops of `games` (both solitaire
    settings; every `every`-th loop), each in lockstep with Python."""
    cycles, battles = [], 0
    loops = good_states(model, games, ("_attacks",), starts=False)[::every]
    for _, side, state, offence, (en_route, ratio) in loops:
        n, c = check_attack_loop(machine, model, side, state, offence, en_route, ratio)
        battles += n
        cycles += c
    return {"calls": len(cycles), "battles": battles, "worst": max(cycles), "mean": round(sum(cycles) / len(cycles))}


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_odds_values_and_best_attacks(model, judge_machines, name):
    """Every friendly hex x enemy neighbour of the starts and the operations states."""
    compared = 0
    states = good_states(model, kinds=("_attacks",))
    for i, (_, side, state, _, (en_route, _)) in enumerate(states):
        if name == "atari" and i % 5 or name == "apple" and i % 15 != 1:
            continue
        compared += check_hexes(judge_machines[name], model, side, state, en_route, floor=(100, 50)[i % 2])
    assert compared > (20 if name == "atari" else 3)


def test_attack_loops_in_lockstep(model, judge_machines, long_run):
    """The _attacks loops of the games (first and second of each operations phase):
    every other one (all with --long)."""
    figures = attack_cycles(model, judge_machines["atari"], every=1 if long_run else 2)
    assert figures["battles"] >= 10, figures
    print("ai_next_attack", figures)


def test_attack_loops_in_every_posture(model, judge_machines):
    """From the operations phases of the games, each posture (defence, offence, a
    crushing planned offensive: ratio 250), on the Apple: the floors and needs differ."""
    m = judge_machines["apple"]
    checked = 0
    states = good_states(model, kinds=("operations",), starts=False)
    for i, (kind, side, state, *_) in enumerate(states):
        if i % 5 == 0:
            for offence, ratio in ((False, 100), (True, 160), (True, 250)):
                checked += check_attack_loop(m, model, side, state, offence, frozenset(), ratio)[0]
    assert checked >= 5


def test_a_planned_offensive_crushes_from_its_sides_ratio(model, judge_machines):
    """RATIO_CRUSHING is each side's: the Axis's planned offensives take the lowest
    odds with twice the Allies' strength, the British offensive (November 1942) with
    even strength.  ai_attacks_begin's need and floor against _needs, each side in a
    planned turn of its own that is not the last, at ratios about both thresholds."""
    from kotd.engine.ai_good import RATIO_CRUSHING
    from kotd.engine.setup import Options, new_game
    m = judge_machines["atari"]
    state = new_game(model, "campaign", 1, Options(computer_allied=False))
    turns = {t.date: t.turn for t in model.turns}
    crushing = 0
    for side in SIDES:
        state.turn = next(turns[d] for d in OFFENSIVE_DATES[side] if turns[d] < state.last_turn)
        game = Game(model, state.copy(), {s: GoodAI(s) for s in SIDES})
        ai = game.players[side]
        for ratio in sorted({RATIO_CRUSHING[s] + k for s in SIDES for k in (-1, 0, 1)} | {70, 300}):
            ai._ratio = ratio
            m.write_state(game.state)
            set_side(m, side)
            poke(m, "AI_OFFENSIVE", 1)
            poke(m, "AI_PLANNED", 1)
            poke_word(m, "AI_RATIO", ratio)
            call(m, "ai_attacks_begin")
            want = ai._needs(game, True)
            assert (ram(m, "AI_MIN_ODDS"), ram(m, "AI_FLOOR")) == want, (side, ratio)
            crushing += want == (ATTACK_ODDS_CRUSHING, ATTACK_ODDS_CRUSHING)
    assert RATIO_CRUSHING["axis"] != RATIO_CRUSHING["allied"] and crushing >= 4


def test_the_last_turn_attacks_from_the_lowest_odds(model, judge_machines):
    """The operations states of the games moved to their scenario's last turn (nothing
    after it): need and floor ATTACK_ODDS_CRUSHING in every posture, and the loops,
    Python and the machine in lockstep, launch more battles than in the states' own turns."""
    m = judge_machines["apple"]
    battles = {"own": 0, "last": 0}
    loops = floors = 0
    states = good_states(model, kinds=("operations",), starts=False)
    for i, (kind, side, state, *_) in enumerate(states):
        if i % 5 == 0 and state.turn < state.last_turn:
            last = state.copy()
            last.turn = last.last_turn
            for offence, ratio in ((False, 100), (True, 160)):
                battles["own"] += check_attack_loop(m, model, side, state, offence, frozenset(), ratio)[0]
                battles["last"] += check_attack_loop(m, model, side, last, offence, frozenset(), ratio)[0]
                loops += 1
                floors += ram(m, "AI_FLOOR") == ATTACK_ODDS_CRUSHING
    assert loops >= 5 and floors == loops and battles["last"] > battles["own"], (loops, floors, battles)
    print("battles in the loops, own turn / last turn:", battles)


def test_the_last_turns_drive_strikes_keeping_its_roads(model, judge_machines):
    """Tobruk '41 has one turn: in the Axis's second operations phase the drive is on
    and its units, en route, may strike on their way while they keep their roads.
    ai_roads marks each of them as GoodAI._roads measures, on both targets, and the
    attack loop that follows, Python and the machine in lockstep, has a unit with a
    road among its attackers (seeds 1 and 2, solitaire on and off)."""
    struck = 0
    for seed in (1, 2):
        for solitaire in (True, False):
            first = next(c for c in _played(model, "tobruk41", seed, 1, solitaire)
                         if c[0] == "_attacks" and c[1] == "axis" and roads(c[4][0]))
            _, side, state, offence, (en_route, ratio) = first
            for name in TARGET_NAMES:
                m = judge_machines[name]
                m.write_state(state)
                set_side(m, side)
                set_skip(m, model, set(en_route))                 # the driver's marks: every unit en route
                assert call(m, "ai_opening_targets").a > 0
                call(m, "ai_roads")
                assert ram(m, "DRV_EN_ROUTE", len(model.units) + 1) == bytes(
                    0 if n not in en_route else min(en_route[n] + 1, EN_ROUTE_ALL)
                    for n in range(len(model.units) + 1)), (seed, solitaire, name)
            game = Lockstep(judge_machines["atari"], side, model, state.copy(), {s: GoodAI(s) for s in SIDES})
            ai = game.players[side]
            set_en_route(ai, en_route)
            ai._ratio = ratio
            struck += sum(1 for n in roads(en_route)
                          if n in ai._attackers(game, game.state.unit(n).hex, occupancy(game.state)))
            assert check_attack_loop(judge_machines["atari"], model, side, state, offence, en_route, ratio)[0] > 0
    assert struck > 0


def test_defend(model, judge_machines):
    """defend's (risk, air) for every battle of the games: DEFEND's arguments."""
    m = judge_machines["atari"]
    states = good_states(model, kinds=("defend",), starts=False)
    assert len(states) >= 10
    for _, side, state, plan, _ in states:
        m.write_state(state)
        set_side(m, side)
        poke(m, "BATTLE_COUNT", len(plan.attackers))
        m.cpu.load(m.symbols["BATTLE_UNITS"], bytes(plan.attackers))
        run = call(m, "ai_defend")
        risk, air = GoodAI(side).defend(Game(model, state, {}), plan)
        assert (run.a, run.y) == (risk, air)
        assert (m.peek("CALL_ARGS", 0), m.peek("CALL_ARGS", 2), m.peek("CALL_ARGC")) == (risk, air, 2)


class _Launched(Exception):
    pass


class ReactProbe(Game):
    """Runs GoodAI.react, recording the unit accessed, the state after the access (its
    budget set to `budget` if given) and the battle _launch hands game.attack (then stops)."""

    def __init__(self, *args, budget=None):
        super().__init__(*args)
        self.accessed = self.after_access = self.battle = None
        self.budget = budget

    def access(self, number):
        out = super().access(number)
        if self.budget is not None:
            self.state.react_budget = self.budget
        self.accessed, self.after_access = number, self.state.copy()
        return out

    def attack(self, *args):
        self.battle = args
        raise _Launched


def react_variants(model, side, state):
    """The state as the game had it; the enemy at an eighth of its strength (a reaction
    at 2 to 1 then comes); that with the access's budget cut to 1..4 OP after it (the
    intensity lowered, or no battle at all)."""
    weak = state.copy()
    for u in weak.units:
        if model.unit(u.number).side != side:
            u.strength = max(1, u.strength // 8)
    yield state, None
    yield weak, None
    for budget in (1, 2, 3, 4):
        yield weak, budget


def test_react(model, judge_machines):
    """Limited reactions of the games: the unit chosen (or none), then after its access
    the battle (or none: the budget)."""
    m = judge_machines["atari"]
    states = good_states(model, kinds=("react",), starts=False)
    assert states
    launched, refused = 0, 0
    for i, (_, side, state, _, (en_route, _)) in enumerate(states):
        if i % 4:
            continue
        for variant, budget in react_variants(model, side, state):
            prepare(m, model, side, variant, en_route)
            run = call(m, "ai_react")
            game = ReactProbe(model, variant.copy(), {}, budget=budget)
            ai = GoodAI(side)
            set_en_route(ai, en_route)
            try:
                ai.react(game)
            except _Launched:
                pass
            assert run.a == (game.accessed or 0) == ram(m, "AI_REACT_UNIT"), side
            if game.accessed:
                m.write_state(game.after_access)
                run = call(m, "ai_launch")
                assert run.a == (game.battle is not None), (side, budget)
                if game.battle is not None:
                    assert battle_block(m) == (*game.battle[:2], tuple(game.battle[2]), tuple(game.battle[3]),
                                               *game.battle[4:])
                    launched += 1
                else:
                    refused += 1
    assert launched >= 5 and refused >= 1, (launched, refused)


def test_long(model, judge_machines, long_run):
    """--long only: seeds 4-6 of the three games, three turns: the hexes (every need
    and lead, every third state) on the Atari, every attack loop on the Apple."""
    if not long_run:
        pytest.skip("--long only")
    states = good_states(model, LONG_GAMES, ("_attacks",), starts=False)
    for i, (_, side, state, offence, (en_route, ratio)) in enumerate(states):
        if i % 3 == 0:
            check_hexes(judge_machines["atari"], model, side, state, en_route, (100, 50)[i % 2], (120, 50, 200), 6)
        check_attack_loop(judge_machines["apple"], model, side, state, offence, en_route, ratio)


class LaunchProbe(Game):
    def attack(self, *args):
        self.battle = args
        raise _Launched


def test_launch_intensity_by_supply_kept(model, judge_machines):
    """_launch's intensity and risk for odds of each ATTACK_STYLE row, the attackers'
    supply varied about what they must keep: the last turn (none), an opening ahead
    (OPENING_SUPPLY_KEEP: campaign41's first Axis phase), otherwise ATTACK_SUPPLY_KEEP;
    the chart's column by the solitaire setting."""
    from kotd.engine.setup import Options, new_game
    from kotd.engine.state import Phase
    m = judge_machines["atari"]
    checked = set()
    for sid in ("campaign41", "tobruk41", "campaign42"):
        for solitaire in (True, False):
            base = new_game(model, sid, 1, Options(computer_allied=solitaire))
            base.phase = Phase.B1_OPERATIONS
            for side in SIDES:
                base.first_player = side
                occ = occupancy(base)
                hx = max((h for h, us in occ.items() if side_of(model, us[0]) == side),
                         key=lambda h: (len(occ[h]), h))
                target = next(h for h, us in sorted(occ.items()) if side_of(model, us[0]) != side)
                for supply in (180, 260, 330, 420, 600):
                    state = base.copy()
                    for i, u in enumerate(state.units):
                        if u.on_map and u.hex == hx:
                            u.supply, u.op = supply + 17 * i % 60, 30
                    ai, game = prepare(m, model, side, state)
                    attackers = ai._attackers(game, hx, occupancy(state))
                    if not attackers:
                        continue
                    defenders = tuple(u.number for u in combat.selectable_defenders(model, state, target))
                    for odds in (350, 250, 160, 90):
                        probe = LaunchProbe(model, state.copy(), {})
                        try:
                            ai._launch(probe, hx, (None, target, defenders, odds, 2))
                        except _Launched:
                            pass
                        m.write_state(state)
                        poke(m, "AA_HX", *hx)
                        poke(m, "AA_ATT", *attackers)
                        poke(m, "AA_NATT", len(attackers))
                        poke(m, "AA_ATT_AIR", 2)
                        poke(m, "AA_BEST_HEX", *target)
                        poke_word(m, "AA_BEST_ODDS", odds)
                        assert call(m, "ai_launch").a == 1
                        assert battle_block(m) == (*probe.battle[:2], tuple(probe.battle[2]), tuple(probe.battle[3]),
                                                   *probe.battle[4:]), (sid, side, supply, odds)
                        checked.add((probe.battle[4], ai._opening_ahead(game), state.turn >= state.last_turn))
    assert len({i for i, *_ in checked}) >= 4 and any(o for _, o, _ in checked) and any(l for *_, l in checked)
