"""port/asm/ai_walk.s (py65: the opponent's code beside the engine) against the good
player of kotd.engine.ai_good: its sources (GoodAI._sources), the gaps (_gap), and
the decisions of its walk, on scenario starts and on states taken from Python games.
Every call must leave the game state as it was (the opponent decides, the driver acts)."""

import pytest

from kotd import hexgrid
from kotd.emu import EngineMachine
from kotd.emu.opponent import load_opponent
from kotd.engine import supply
from kotd.engine.board import utype
from kotd.engine.ai_good import GoodAI
from kotd.engine.game import GameOver
from kotd.engine.setup import Options, new_game, start_state
from kotd.model.types import SIDES
from kotd.tournament import WatchedGame

TARGET_NAMES = ("atari", "apple")


@pytest.fixture(scope="module")
def walk_machines(model, dist) -> dict:
    """Each target's engine with the opponent's code beside it, ai_walk.s's labels named."""
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
        for _ in range(turns):
            if game.over:
                break
            game.play_turn()
    except GameOver:
        pass
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
