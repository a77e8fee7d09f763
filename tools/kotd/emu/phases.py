"""The phase routines of the 6502 engine (docs/engine.md "Phase work"), called on a
GameState, and the reference each one twins, for tests and the phase machine's.

Each ``reference_*`` function is what ``Game.play_turn`` / ``Game.enter_phase`` do at
that phase, calling the reference engine's own functions, and returns what the
routine answers in ``CALL_RESULT``.  :data:`REFERENCES` maps each routine's label to
its reference; :func:`run_routine` runs a routine with garbage in ``CALL_RESULT``, as
a phase machine that runs several routines in one call would leave it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..engine import logistics, supply, victory
from ..engine.game import OPERATIONS, Game
from ..engine.rng import chance
from ..engine.state import GameState, Phase
from ..model.types import SIDES, Model
from .machine import EngineMachine

SIDE_CODE = {side: i for i, side in enumerate(SIDES)}
BOTH = len(SIDES)                  # the side argument of allot for both sides
GARBAGE_RESULT = (0xA5, 0x5A)      # CALL_RESULT on entry to a routine (low, high)


@dataclass(frozen=True)
class RoutineRun:
    status: int         # A on return: 0 or an error code
    value: int          # CALL_RESULT
    cycles: int
    state_bytes: bytes  # the state block after the call


def run_routine(machine: EngineMachine, label: str, state: GameState, *args: int) -> RoutineRun:
    """The routine on `state`, as ``EngineMachine.call_routine`` but with garbage in
    ``CALL_RESULT``: each phase routine must set its result whole."""
    machine.write_state(state)
    machine.poke("CALL_RESULT", GARBAGE_RESULT[0], 0)
    machine.poke("CALL_RESULT", GARBAGE_RESULT[1], 1)
    machine.write_call_args(args)
    r = machine.cpu.call(machine.symbols[label.upper()])
    return RoutineRun(r.a, machine.cpu.word(machine.fields["CALL_RESULT"]), r.cycles, machine.state_bytes())


# --- the references -------------------------------------------------------------------------

def reference_reinforcement_phase(model: Model, s: GameState) -> int:
    logistics.receive_turn_points(model, s)
    arrived = logistics.reinforcements(model, s)
    s.sealift_left, s.sealift_blocked = model.logistics.sealift_per_turn, False
    return len(arrived)


def reference_logistics_start(model: Model, s: GameState) -> int:
    lost = logistics.desert_rats(model, s)
    return 0 if lost is None else 1 + len(lost)


def reference_logistics_end(model: Model, s: GameState) -> int:
    return len(logistics.maintenance(model, s))


def reference_initiative_draw(model: Model, s: GameState) -> int:
    if s.random_initiative:
        s.initiative = "axis" if chance(s, model.logistics.random_initiative_axis_percent) else "allied"
    else:
        s.initiative = model.turn(s.turn).initiative
    return SIDE_CODE[s.initiative]


def reference_allot(model: Model, s: GameState, sides: tuple[str, ...]) -> int:
    Game(model, s, {}).flow._allot(sides)
    return 0


def reference_phase_entry_reset(model: Model, s: GameState) -> int:
    phase, acting = s.phase, s.acting
    Game(model, s, {}).enter_phase(Phase.B1_OPERATIONS, OPERATIONS, SIDES[0])
    s.phase, s.acting = phase, acting     # the phase and its side are the phase machine's
    return 0


def reference_resupply(model: Model, s: GameState, phasing: str) -> int:
    supply.trace_supply(model, s)
    return len(logistics.resupply(model, s, phasing))


def reference_victory_phase(model: Model, s: GameState) -> int:
    victory.end_of_turn(model, s)
    if s.turn >= s.last_turn:
        s.level = victory.victory_level(model, s.scenario, victory.score(model, s))
        s.winner = s.level.split("_")[0]
        s.phase = Phase.GAME_OVER
        return 1
    s.turn += 1
    return 0


def reference_score(model: Model, s: GameState) -> int:
    return victory.score(model, s) + 32768


def reference_home_base_taken(model: Model, s: GameState, side: str) -> int:
    s.winner, s.level, s.phase = side, victory.capture_level(side), Phase.GAME_OVER
    return 0


REFERENCES: dict[str, Callable[..., int]] = {
    "reinforcement_phase": reference_reinforcement_phase,
    "logistics_start": reference_logistics_start,
    "logistics_end": reference_logistics_end,
    "initiative_draw": reference_initiative_draw,
    "allot": reference_allot,
    "phase_entry_reset": reference_phase_entry_reset,
    "resupply": reference_resupply,
    "victory_phase": reference_victory_phase,
    "score": reference_score,
    "home_base_taken": reference_home_base_taken,
}
