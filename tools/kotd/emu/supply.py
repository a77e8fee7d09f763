"""The supply entries of the 6502 engine, called on a GameState (for tests and `kotd bench`)."""

from __future__ import annotations

from ..engine.state import GameState
from .machine import CallResult, EngineMachine

SIDE_CODES = {"axis": 0, "allied": 1, None: 2}      # None: both sides


def run_supply(machine: EngineMachine, state: GameState, side: str | None = None) -> tuple[CallResult, GameState]:
    """SUPPLY_PHASE for one side or both (None); returns the call and the state after it."""
    machine.write_state(state)
    call = machine.call("SUPPLY_PHASE", SIDE_CODES[side])
    return call, machine.read_state()


def run_tobruk_surrounded(machine: EngineMachine, state: GameState) -> tuple[CallResult, bool]:
    machine.write_state(state)
    call = machine.call("TOBRUK_SURROUNDED")
    return call, call.value == 1


def run_distance_vp(machine: EngineMachine, state: GameState, side: str) -> tuple[CallResult, int]:
    machine.write_state(state)
    call = machine.call("DISTANCE_VP", SIDE_CODES[side])
    return call, call.value
