"""py65 only: the opponent's code (port/asm/ai_field.s) next to an engine in py65.

:func:`load_opponent` puts :func:`kotd.build.opponent.opponent_assembly`'s image at
its address in an :class:`~kotd.emu.machine.EngineMachine`, allows writes to the
opponent's RAM (and nowhere else beyond the engine's own regions), and adds its
labels, so that ``machine.call_routine("ai_field", ...)`` runs it.
:func:`run_field` calls it and reads the field back as ``_field``'s dict.
"""

from __future__ import annotations

from ..build import opponent
from ..model.types import SIDES, UNIT_TYPES
from .machine import CallResult, EngineMachine

NO_WALLS = 255              # ai_field's side argument for no walls (NONE)


def load_opponent(machine: EngineMachine, **variant):
    """Assemble the opponent for the machine's target and engine image and load it
    (`variant`: opponent_assembly's pool or field_max, for the tests)."""
    asm = opponent.opponent_assembly(machine.model, machine.target, machine.symbols, **variant)
    machine.cpu.load(opponent.CODE.start, asm.image)
    machine.cpu.allow_writes(opponent.RAM.start, opponent.RAM.end)
    for s in asm.symbols:
        if s.file.endswith("ai_field.s") and s.is_code:
            machine.symbols[s.name] = s.value
    machine.cpu.name_routines(machine.symbols, 0, 0xFFFF)
    return asm


def field_args(target: tuple[int, int], kind: str, walls: str | None) -> tuple[int, int, int, int]:
    """ai_field's arguments: the target hex, the unit type's TYPE_ code, the walls' side or NONE."""
    return target[0], target[1], UNIT_TYPES.index(kind), NO_WALLS if walls is None else SIDES.index(walls)


def run_field(machine: EngineMachine, target: tuple[int, int], kind: str,
              walls: str | None = None) -> tuple[CallResult, dict[tuple[int, int], int]]:
    """Call ai_field on the state in the machine's block (the walls: the hexes of
    `walls`' units on the map, or none) and read FIELD back: hex -> cost, the
    unreachable hexes left out as ``_field`` leaves them out."""
    call = machine.call_routine("ai_field", *field_args(target, kind, walls))
    if call.status:
        return call, {}
    m = machine.model.map
    raw = machine.cpu.read(machine.symbols["FIELD"], m.columns * m.rows)
    unreachable = machine.symbols["FIELD_UNREACHABLE"]
    return call, {(i % m.columns, i // m.columns): v for i, v in enumerate(raw) if v != unreachable}
