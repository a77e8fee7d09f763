"""RESOLVE_BATTLE of the 6502 engine, called with a reference-engine BattleOrder.

The order goes into the battle block (attackers in slots 0.., defenders from
STACKING_HEX); the outputs come back as a :class:`~kotd.engine.combat.BattleResult`
so that tests and `kotd bench` compare it with :func:`kotd.engine.combat.resolve`
field by field.
"""

from __future__ import annotations

import dataclasses

from ..build import abi
from ..build.tables import FATES
from ..engine.combat import BattleOrder, BattleResult, CombatError
from ..engine.state import GameState
from ..model.types import SIDES
from .machine import CallResult, EngineMachine


def error_code(error: CombatError) -> int:
    """The engine's error code for a CombatError of the reference engine."""
    return abi.ERRORS[error.kind.upper()]


def write_order(machine: EngineMachine, order: BattleOrder, *, reaction: bool = False) -> None:
    stack = machine.model.logistics.stacking_hex
    for group in (order.attackers, order.defenders):
        if len(group) > stack:
            raise ValueError(f"the battle block holds {stack} units a side, not {len(group)}")
    hexes = (*order.attack_hex, *order.defend_hex)
    for i, v in enumerate(hexes):
        machine.poke("BATTLE_HEXES", v, i)
    machine.poke("BATTLE_COUNT", len(order.attackers), 0)
    machine.poke("BATTLE_COUNT", len(order.defenders), 1)
    for i, n in enumerate(order.attackers):
        machine.poke("BATTLE_UNITS", n, i)
    for i, n in enumerate(order.defenders):
        machine.poke("BATTLE_UNITS", n, stack + i)
    machine.poke("BATTLE_INTENSITY", order.intensity)
    machine.poke("BATTLE_RISK", order.attacker_risk, 0)
    machine.poke("BATTLE_RISK", order.defender_risk, 1)
    machine.poke("BATTLE_AIR", order.attacker_air, 0)
    machine.poke("BATTLE_AIR", order.defender_air, 1)
    machine.poke("BATTLE_REACTION", int(reaction))


def _word(machine: EngineMachine, name: str, index: int = 0) -> int:
    return machine.peek(f"{name}_LO", index) | machine.peek(f"{name}_HI", index) << 8


def read_result(machine: EngineMachine, order: BattleOrder) -> BattleResult:
    """The battle block's outputs.  `captured` lists only the units that received supply."""
    stack = machine.model.logistics.stacking_hex
    side = SIDES[machine.peek("BATTLE_SIDE")]
    slots = [(i, n) for i, n in enumerate(order.attackers)] + \
            [(stack + i, n) for i, n in enumerate(order.defenders)]
    result = BattleResult(
        side, SIDES[1 - SIDES.index(side)],
        _word(machine, "BATTLE_STRENGTH", 0), _word(machine, "BATTLE_STRENGTH", 1),
        _word(machine, "BATTLE_MODIFIED", 0), _word(machine, "BATTLE_MODIFIED", 1),
        _word(machine, "BATTLE_ODDS"), _word(machine, "BATTLE_BASE"),
        machine.peek("BATTLE_FACTOR", 0), machine.peek("BATTLE_FACTOR", 1),
        _word(machine, "BATTLE_LOSS", 0), _word(machine, "BATTLE_LOSS", 1),
        _word(machine, "BATTLE_RISK_PART", 0), _word(machine, "BATTLE_RISK_PART", 1))
    for slot, n in slots:
        result.losses[n] = _word(machine, "BATTLE_UNIT_LOSS", slot)
        fate = machine.peek("BATTLE_FATE", slot)
        if fate:
            result.eliminated.append(n)
        if fate == FATES.index("cadre"):
            result.cadres.append(n)
        got = _word(machine, "BATTLE_CAPTURED", slot)
        if got:
            result.captured[n] = got
    result.eliminated.sort()
    result.cadres.sort()
    for i, s in enumerate(SIDES):
        result.air_destroyed[s] = machine.peek("BATTLE_AIR_LOST", i)
        result.casualties[s] = _word(machine, "BATTLE_CASUALTIES", i)
    return result


def run_battle(machine: EngineMachine, state: GameState, order: BattleOrder, *,
               reaction: bool = False) -> tuple[CallResult, BattleResult | None, GameState]:
    """RESOLVE_BATTLE on `state`: the call, the result (None on an error) and the state after."""
    machine.write_state(state)
    write_order(machine, order, reaction=reaction)
    call = machine.call("RESOLVE_BATTLE")
    result = read_result(machine, order) if call.ok else None
    return call, result, machine.read_state()


def comparable(result: BattleResult) -> BattleResult:
    """A copy of a reference result as read_result gives it: captured without the zero shares."""
    return dataclasses.replace(result, captured={n: v for n, v in result.captured.items() if v})
