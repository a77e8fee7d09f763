"""The opponent's code (port/asm/ai_field.s) next to an engine in py65.

:func:`load_opponent` puts :func:`kotd.build.opponent.opponent_assembly`'s image at
its address in an :class:`~kotd.emu.machine.EngineMachine`, allows writes to the
opponent's RAM (and nowhere else beyond the engine's own regions), and adds its
labels, so that ``machine.call_routine("ai_field", ...)`` runs it.
:func:`run_field` calls it and reads the field back as ``_field``'s dict.
"""

from __future__ import annotations

from ..build import opponent
from ..build.stateblock import NONE
from ..model.types import SIDES, UNIT_TYPES
from .machine import CallResult, EngineMachine

NO_WALLS = NONE             # ai_field's side argument for no walls


def load_opponent(machine: EngineMachine, **variant):
    """Assemble the opponent for the machine's target and engine image and load it
    (`variant`: opponent_assembly's pool or field_max, for the tests): each chunk of its
    code at its address (where OPPONENT_CALL's stub finds the entry), writes allowed to
    each file's RAM, its labels named.  The assembly is returned (also
    ``machine.whole_player``)."""
    return put_opponent(machine, opponent.opponent_assembly(machine.model, machine.target, machine.symbols,
                                                            **variant))


def put_opponent(machine: EngineMachine, asm):
    """An opponent's assembly (opponent_assembly's) into the machine as the boot puts it:
    load_opponent's work once assembled."""
    at = 0
    for address, size in asm.placement.chunks:
        machine.cpu.load(address, asm.image[at:at + size])
        at += size
    for address, size in asm.placement.ram_runs:
        machine.cpu.allow_writes(address, address + size - 1)
    machine.whole_player = asm
    for s in asm.symbols:
        if s.is_code and not s.is_local:
            machine.symbols[s.name] = s.value
    machine.cpu.name_routines(machine.symbols, 0, 0xFFFF)
    return asm


def opponent_machines(model, dist, targets=("atari", "apple")) -> dict:
    """The twin's tests' machines: each target's engine from `dist` with the opponent's
    code beside it (load_opponent), by target name."""
    out = {}
    for name in targets:
        m = EngineMachine.from_dist(model, dist, name)
        load_opponent(m)
        out[name] = m
    return out


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
    unreachable = machine.symbols["FIELD_UNREACHABLE"]
    return call, {h: v for h, v in field_bytes(machine).items() if v != unreachable}


def field_bytes(machine: EngineMachine) -> dict[tuple[int, int], int]:
    """FIELD as it stands, hex -> its byte, every hex of the map."""
    m = machine.model.map
    raw = machine.cpu.read(machine.symbols["FIELD"], m.columns * m.rows)
    return {(i % m.columns, i // m.columns): v for i, v in enumerate(raw)}


def field_places(model) -> list[tuple[int, int]]:
    """Every town and both home bases: the targets `kotd bench` and the tests measure."""
    ids = sorted(set(model.victory.towns) | set(model.map.home_bases.values()))
    return [model.map.place_hex(p) for p in ids]


_MEASURED: dict[tuple[str, bytes], dict] = {}


def field_cycles(model, build) -> dict:
    """`kotd bench`'s cost field (in py65): ai_field's cycles for every town and home
    base x unit type, with no walls and with each side's units as walls (the scenario
    start with the most units on the map): worst and mean of each, the cycles per hex
    settled over them all, the bytes of its code and RAM.  Once per engine image."""
    from ..engine.setup import start_state
    from ..engine.state import Status
    key = (build.target.name, build.image)
    if key in _MEASURED:
        return _MEASURED[key]
    machine = EngineMachine.from_build(model, build)
    asm = load_opponent(machine)
    starts = {sid: start_state(model, sid) for sid in sorted(model.scenarios)}
    busiest = max(starts, key=lambda sid: sum(u.status == Status.ON_MAP for u in starts[sid].units))
    machine.write_state(starts[busiest])
    cycles: dict[str, list[int]] = {"none": [], "walls": []}
    settled = 0
    for target in field_places(model):
        for kind in UNIT_TYPES:
            for walls in (None,) + SIDES:
                call = machine.call_routine("ai_field", *field_args(target, kind, walls))
                if call.status:
                    raise RuntimeError(f"ai_field {target} {kind} walls {walls}: error {call.status}")
                cycles["none" if walls is None else "walls"].append(call.cycles)
                settled += call.value
    every = cycles["none"] + cycles["walls"]
    out = {"scenario": busiest, "fields": len(every), "worst": max(every), "mean": round(sum(every) / len(every)),
           "worst_no_walls": max(cycles["none"]), "mean_no_walls": round(sum(cycles["none"]) / len(cycles["none"])),
           "worst_walls": max(cycles["walls"]), "mean_walls": round(sum(cycles["walls"]) / len(cycles["walls"])),
           "per_hex": round(sum(every) / settled), "hexes": settled,
           "bytes": asm.placement.code_bytes,
           "ram": asm.placement.ram_bytes}
    _MEASURED[key] = out
    return out


def memory_use(model, build) -> dict:
    """`kotd bench`'s bytes of the opponent (the whole player: opponent_entry.s and every
    file of ``opponent.SOURCES``): its code (the entry and its tables included) against
    issue 14's budget (5 KB, ``OPPONENT_BUDGET``) and its regions (``target.opponent_code``),
    its RAM (an overlay counted once), the bytes the regions have left, and each file's
    code and RAM with where they go.  Code or RAM past its regions fails `kotd build`."""
    from ..build.targets import OPPONENT_BUDGET
    target = build.target
    symbols = {s.name: s.value for s in build.assembly.symbols}
    asm = opponent.opponent_assembly(model, target, symbols)
    p = asm.placement
    code, ram = p.code_bytes, p.ram_bytes
    regions = sum(r.size for r in target.opponent_code)
    ram_only = sum(r.size for r in target.opponent_ram if r not in target.opponent_code)
    return {"code": code, "code_budget": OPPONENT_BUDGET, "code_met": code <= OPPONENT_BUDGET,
            "ram": ram, "regions": regions + ram_only, "left": regions + ram_only - code - ram,
            "files": {f: {"code": p.code[f][1], "code_at": p.code[f][0],
                          "ram": p.ram.get(f, (0, 0))[1], "ram_at": p.ram.get(f, (0, 0))[0],
                          "ram_over": opponent.RAM_OVERLAYS.get(f)}
                      for f in p.code}}
