"""port/asm/ai_judge.s (py65) against kotd.engine.ai_good: est_strength, the combatant
test, GoodAI._strength, offensive and _ratio, _phase_in_turn, _opening_targets and
_opening_ahead, on the scenario starts and on the states a good-against-good game
reaches at each operations phase (tobruk41, campaign41, campaign42: the first turns),
with the solitaire noise on (the computer runs the Allies) and off, for both sides.

The state collection (:func:`good_states`) is shared with test_ai_attack.py."""

from __future__ import annotations

import pytest

from kotd.emu import EngineMachine
from kotd.emu.opponent import opponent_machines
from kotd.engine import ai_good
from kotd.engine.ai_good import UNREACHABLE, GoodAI, est_strength
from kotd.engine.game import Game
from kotd.engine.setup import Options, new_game, start_state
from kotd.engine.state import Phase
from kotd.model.types import SIDES
from kotd.tournament import WatchedGame

TARGET_NAMES = ("atari", "apple")
GAMES = (("tobruk41", 1, 1), ("campaign41", 2, 2), ("campaign42", 3, 2))     # scenario, seed, turns
LONG_GAMES = tuple((sid, seed, 3) for sid in ("tobruk41", "campaign41", "campaign42") for seed in (4, 5, 6))


@pytest.fixture(scope="module")
def judge_machines(model, dist) -> dict:
    """Each target's engine with the opponent's code beside it."""
    return opponent_machines(model, dist, TARGET_NAMES)


_PLAYED: dict[tuple, tuple] = {}


def _played(model, scenario: str, seed: int, turns: int, solitaire: bool) -> tuple:
    """What a good-against-good game hands its players in its first `turns` turns: at
    each call of operations, _attacks, react and defend, (the call, the side, a copy of
    the state, its argument (_attacks' offence, defend's plan), the player's
    (en_route, _ratio) then: en_route maps each unit of _en_route to its _road, or
    to UNREACHABLE)."""
    key = (scenario, seed, turns, solitaire)
    if key in _PLAYED:
        return _PLAYED[key]
    seen = []
    inner = {name: getattr(GoodAI, name) for name in ("operations", "_attacks", "react", "defend")}

    def hook(name):
        def watched(self, game, *args):
            seen.append((name, self.side, game.state.copy(), args[0] if args else None,
                         ({n: self._road.get(n, UNREACHABLE) for n in sorted(self._en_route)}, self._ratio)))
            return inner[name](self, game, *args)
        return watched
    state = new_game(model, scenario, seed, Options(computer_allied=solitaire))
    game = WatchedGame(model, state, {s: GoodAI(s) for s in SIDES})
    try:
        for name in inner:
            setattr(GoodAI, name, hook(name))
        game.play(turns)
    finally:
        for name, f in inner.items():
            setattr(GoodAI, name, f)
    _PLAYED[key] = tuple(seen)
    return _PLAYED[key]


def good_states(model, games=GAMES, kinds=("operations",), starts: bool = True) -> list:
    """(kind, side, state, argument, (en_route, ratio)) at each call of `kinds`, over
    `games`, solitaire on and off; the scenario starts (operations, both sides, noise on
    and off) first unless `starts` is False."""
    out = []
    for sid in sorted(model.scenarios) if starts else ():
        for solitaire in (True, False):
            state = new_game(model, sid, 1, Options(computer_allied=solitaire))
            state.phase = Phase.B1_OPERATIONS
            for side in SIDES:
                out.append(("operations", side, state, None, (frozenset(), 100)))
    for sid, seed, turns in games:
        for solitaire in (True, False):
            out += [call for call in _played(model, sid, seed, turns, solitaire) if call[0] in kinds]
    return out


def set_side(machine: EngineMachine, side: str) -> None:
    machine.cpu.load(machine.symbols["AI_SIDE"], bytes([SIDES.index(side)]))


def ram(machine: EngineMachine, label: str, n: int = 1) -> int | bytes:
    data = machine.cpu.read(machine.symbols[label], n)
    return data[0] if n == 1 else data


def word(machine: EngineMachine, label: str) -> int:
    lo, hi = machine.cpu.read(machine.symbols[label], 2)
    return lo | hi << 8


def call(machine: EngineMachine, label: str, **registers):
    return machine.cpu.call(machine.symbols[label.upper()], **registers)


def game_of(model, state) -> Game:
    return Game(model, state, {})


def check_judging(machine, model, side, state):
    machine.write_state(state)
    set_side(machine, side)
    before = machine.state_bytes()
    ai, game = GoodAI(side), game_of(model, state)
    for u in state.units:
        run = call(machine, "ai_est_strength", x=u.number - 1)
        assert (run.a | run.y << 8, run.x) == (est_strength(state, model, u, side), u.number - 1), (side, u.number)
        run = call(machine, "ai_is_combatant", x=u.number - 1)
        t = model.unit(u.number)
        assert bool(run.p & 0x02) == (not t.is_depot and not t.is_garrison), u.number
    for s in SIDES:
        run = call(machine, "ai_side_strength", a=SIDES.index(s))
        assert run.a | run.y << 8 == word(machine, "AI_STRENGTH") == ai._strength(game, s), (side, s)
    run = call(machine, "ai_posture")
    want = ai.offensive(game)
    assert (run.a, ram(machine, "AI_OFFENSIVE")) == (int(want), int(want)), side
    assert word(machine, "AI_RATIO") == min(ai._ratio, 0xFFFF), side
    planned = model.turn(state.turn).date in ai_good.OFFENSIVE_DATES[side]
    assert ram(machine, "AI_PLANNED") == int(planned)
    assert call(machine, "ai_phase_in_turn").a == ai._phase_in_turn(game), (side, state.phase)
    assert call(machine, "ai_opening_ahead").a == int(ai._opening_ahead(game)), (side, state.phase)
    run = call(machine, "ai_opening_targets")
    hexes = ram(machine, "AI_OPENING_HEXES", 2 * run.a) if run.a else b""
    got = [(hexes[i], hexes[i + 1]) for i in range(0, len(hexes), 2)]
    assert got == ai._opening_targets(game), (side, state.turn, state.phase)
    assert ram(machine, "AI_OPENING_COUNT") == run.a
    assert machine.state_bytes() == before


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_judging_on_good_game_states(model, judge_machines, name):
    """Every judging routine on the starts and the operations phases of good games."""
    states = good_states(model)
    assert len(states) > 40
    for i, (_, side, state, *_) in enumerate(states):
        if name == "atari" or i % 4 == 0:                   # the Apple: every fourth state
            check_judging(judge_machines[name], model, side, state)


def test_phase_in_turn_and_the_opening_over_every_phase(model, judge_machines):
    """Every phase of the turn, either first player, each side, on the 1941-03 start
    (the opening's turn) and with Tobruk ringed or taken: _phase_in_turn,
    _opening_ahead, _opening_targets (Bardia's and Tobruk's owners varied)."""
    m = judge_machines["atari"]
    base = start_state(model, "campaign41")
    ring = [n for n in ai_good.hexgrid.neighbours(*model.map.place_hex(model.map.tobruk))
            if model.map.on_map(*n) and model.terrain[model.map.terrain_at(*n)].passable]
    axis_units = [u for u in base.units if u.on_map and model.unit(u.number).side == "axis"]
    seen_targets = set()
    for variant in range(4):
        state = base.copy()
        if variant == 1:
            state.control["bardia"] = "axis"
        if variant == 2:                                     # the ring closed by Axis units
            for u, h in zip(axis_units, ring):
                u.col, u.row = h
        if variant == 3:
            state.control[model.map.tobruk] = "axis"
        for phase in Phase:
            for first in SIDES:
                state.phase, state.first_player = phase, first
                for side in SIDES:
                    m.write_state(state)
                    set_side(m, side)
                    ai, game = GoodAI(side), game_of(model, state)
                    assert call(m, "ai_phase_in_turn").a == ai._phase_in_turn(game)
                    assert call(m, "ai_opening_ahead").a == int(ai._opening_ahead(game))
                    n = call(m, "ai_opening_targets").a
                    hexes = ram(m, "AI_OPENING_HEXES", 2 * n) if n else b""
                    want = ai._opening_targets(game)
                    assert [(hexes[i], hexes[i + 1]) for i in range(0, 2 * n, 2)] == want, (variant, phase, first)
                    seen_targets.add(len(want))
    assert {0, 1, 3, 4} <= seen_targets                     # none, Bardia only, the ring only, both


def test_posture_at_extreme_ratios(model, judge_machines):
    """No enemy combatant (max(foe, 1)), a ratio past 16 bits, an empty own side."""
    m = judge_machines["atari"]
    for sid in ("tobruk41", "campaign42"):
        for gone in SIDES:
            state = new_game(model, sid, 1, Options(computer_allied=True))
            for u in state.units:
                if model.unit(u.number).side == gone and not model.unit(u.number).is_depot:
                    u.status = type(u.status).ELIMINATED
            for side in SIDES:
                check_judging(m, model, side, state)


def test_judging_long(model, judge_machines, long_run):
    """--long only: more seeds and turns, both machines."""
    if not long_run:
        pytest.skip("--long only")
    for name in TARGET_NAMES:
        for _, side, state, *_ in good_states(model, LONG_GAMES):
            check_judging(judge_machines[name], model, side, state)
