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


def load_opponent(machine: EngineMachine, whole: bool = True, **variant):
    """Assemble the opponent for the machine's target and engine image and load it
    (`variant`: opponent_assembly's pool or field_max, for the tests): the disks' code at
    its region (where OPPONENT_CALL's stub calls it), and with `whole` the whole player
    too (opponent.PENDING_SOURCES with the rest, at opponent.WHOLE_CODE: the tests of
    the files still off the disks).  The labels name the disks' copy, but those of the
    pending files the whole player's (each file's test then calls one consistent copy;
    the GOAL tables are ai_goals.s's); the whole player's assembly is
    ``machine.whole_player``.  The disks' assembly is returned."""
    disks = opponent.opponent_assembly(machine.model, machine.target, machine.symbols, **variant)
    machine.cpu.load(machine.target.opponent.start, disks.image)
    machine.cpu.allow_writes(machine.target.opponent_ram.start, machine.target.opponent_ram.end)
    machine.whole_player = disks
    for s in disks.symbols:
        if s.is_code and not s.is_local:
            machine.symbols[s.name] = s.value
    if whole and opponent.PENDING_SOURCES:
        full = opponent.opponent_assembly(machine.model, machine.target, machine.symbols, whole=True, **variant)
        machine.cpu.load(full.address("opponent_start"), full.image)
        machine.whole_player = full
        for s in full.symbols:              # the pending files' labels: their tests call that copy
            if s.is_code and not s.is_local and s.file.endswith(opponent.PENDING_SOURCES):
                machine.symbols[s.name] = s.value
    machine.cpu.name_routines(machine.symbols, 0, 0xFFFF)
    return disks


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
    m = machine.model.map
    raw = machine.cpu.read(machine.symbols["FIELD"], m.columns * m.rows)
    unreachable = machine.symbols["FIELD_UNREACHABLE"]
    return call, {(i % m.columns, i // m.columns): v for i, v in enumerate(raw) if v != unreachable}


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
    asm = load_opponent(machine, whole=False)
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
           "bytes": opponent.code_bytes(asm),
           "ram": opponent.ram_bytes(asm, build.target)}
    _MEASURED[key] = out
    return out


def _file_shares(asm, start: int, end: int) -> dict[str, int]:
    """Bytes of [start, end) per source file: each label's bytes, up to the next label,
    go to the label's file (as bench.module_bytes does for the engine; a macro's labels to
    the file it is used in: Ophis names them "file:line->macro file")."""
    labels = sorted((s.value, s.file.split(":")[0]) for s in asm.symbols if s.is_code and start <= s.value < end)
    shares: dict[str, int] = {}
    for (at, file), nxt in zip(labels, [a for a, _ in labels[1:]] + [end]):
        shares[file] = shares.get(file, 0) + nxt - at
    return {f: n for f, n in shares.items() if n}


def memory_use(model, build) -> dict:
    """`kotd bench`'s bytes of the opponent (the code and RAM of every file in
    ``opponent.SOURCES``, behind opponent_entry.s): its code (the entry and its tables
    included) against issue 14's budget for the whole player (5 KB, ``OPPONENT_BUDGET``)
    and its region (``target.opponent``), its RAM against ``target.opponent_ram`` (4 KB),
    met or missed,
    and each file's share of both.  Code past its region fails `kotd build` (.checkpc);
    here it is assembled once more with room to spare, to say by how much, and then the
    generated files are written back for the region (the error let through)."""
    import dataclasses

    from ..build.targets import OPPONENT_BUDGET, Region
    target = build.target
    symbols = {s.name: s.value for s in build.assembly.symbols}
    try:
        asm = opponent.opponent_assembly(model, target, symbols)
    except opponent.OpponentError as exc:
        if "checkpc" not in str(exc):
            raise
        code, ram = target.opponent, target.opponent_ram
        roomy = dataclasses.replace(target, opponent=Region(code.name, code.start, 0xFFFF),
                                    opponent_ram=Region(ram.name, ram.start, 0xFFFF))
        asm = opponent.opponent_assembly(model, roomy, symbols)
        try:
            opponent.opponent_assembly(model, target, symbols)      # the generated files as the region has them
        except opponent.OpponentError:
            pass
    code, ram = opponent.code_bytes(asm), opponent.ram_bytes(asm, target)
    start, ram_start = target.opponent.start, target.opponent_ram.start
    top = f"port/asm/generated/opponent_{target.name}.s"            # its entry table
    code_files, ram_files = ({top if f.endswith(f"/opponent_{target.name}.s") else f: n for f, n in shares.items()}
                             for shares in (_file_shares(asm, start, start + code),
                                            _file_shares(asm, ram_start, ram_start + ram)))
    return {"code": code, "code_budget": OPPONENT_BUDGET, "code_met": code <= OPPONENT_BUDGET,
            "code_region": target.opponent.size, "code_fits": code <= target.opponent.size,
            "ram": ram, "ram_budget": target.opponent_ram.size, "ram_met": ram <= target.opponent_ram.size,
            "files": {f: {"code": code_files.get(f, 0), "ram": ram_files.get(f, 0)}
                      for f in sorted(set(code_files) | set(ram_files))}}
