"""The unit actions of the 6502 engine (port/asm/movement.s, logistics.s, display.s),
called as internal routines on a GameState, for tests and `kotd bench`.

Each runs the routine with ``EngineMachine.call_routine`` (no entry yet: the sequence
of play wraps them) and answers the call, what the routine leaves in the scratch area
and the state block's bytes before and after.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.state import GameState
from .machine import CallResult, EngineMachine

NO_LIMIT = 0xFFFF       # the OP limit argument for "no limit" (limit=None in kotd.engine.movement)


@dataclass(frozen=True)
class ActionRun:
    call: CallResult
    before: bytes           # the state block before the call
    after: bytes            # and after it

    @property
    def status(self) -> int:
        return self.call.status


def word(machine: EngineMachine, name: str, index: int = 0) -> int:
    return machine.peek(f"{name}_LO", index) | machine.peek(f"{name}_HI", index) << 8


def run_routine(machine: EngineMachine, state: GameState | bytes, label: str, *args: int) -> ActionRun:
    """The routine on a state (a GameState, or its state block bytes already encoded)."""
    if isinstance(state, GameState):
        machine.write_state(state)
    else:
        machine.cpu.load(machine.target.state.start, state)
    before = machine.state_bytes()
    call = machine.call_routine(label, *args)
    return ActionRun(call, before, machine.state_bytes())


def run_move(machine: EngineMachine, state: GameState | bytes, number: int, direction: int,
             limit: int | None = None) -> tuple[ActionRun, tuple[int, int, int]]:
    """move_rule; on success (OP spent, next to enemy 0/1, takes the home base 0/1)."""
    run = run_routine(machine, state, "move_rule", number, direction, NO_LIMIT if limit is None else limit)
    flags = (run.call.value, machine.peek("MOVE_NEXT_TO_ENEMY"), machine.peek("MOVE_TAKES_BASE"))
    return run, flags


def run_fortify(machine: EngineMachine, state: GameState | bytes, number: int, limit: int | None = None) -> ActionRun:
    return run_routine(machine, state, "fortify_rule", number, NO_LIMIT if limit is None else limit)


def run_sea_move(machine: EngineMachine, state: GameState | bytes, number: int) -> ActionRun:
    """sea_move_rule; the call's value is the destination, column + 256 * row."""
    return run_routine(machine, state, "sea_move_rule", number)


def run_allocate(machine: EngineMachine, state: GameState | bytes, number: int, replacements: int, supply: int,
                 priority: int) -> tuple[ActionRun, tuple[int, int]]:
    """allocate_rule; on success (strength added, supply received)."""
    run = run_routine(machine, state, "allocate_rule", number, replacements, supply, priority)
    return run, (word(machine, "LOGISTICS_GIVEN", 0), word(machine, "LOGISTICS_GIVEN", 1))


def run_maxima(machine: EngineMachine, state: GameState | bytes, number: int) -> tuple[ActionRun, tuple[int, int]]:
    """logistics_maxima; on success (replacements, supply) maxima."""
    run = run_routine(machine, state, "logistics_maxima", number)
    return run, (word(machine, "LOGISTICS_MAX", 0), word(machine, "LOGISTICS_MAX", 1))


def run_display_strength(machine: EngineMachine, state: GameState | bytes, number: int) -> ActionRun:
    return run_routine(machine, state, "display_strength", number)
