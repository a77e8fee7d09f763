"""``kotd inspect IMAGE``: the saved games on one of our game disks, read on a PC.

Reads ``kotd-atari.atr`` or ``kotd-apple.dsk`` (after play in an emulator, or copied
off a real disk), finds the save-area label, checks every slot the way the 6502 load
does (magic, format, slot, size, CRC; tools/kotd/build/disk.py) and lists each: the
scenario, the date of its turn, the turn, the victory points and the units on the map
per side; then the read-only start slots (one scenario's start state each, after the
save slots: disk.py), checked alike.  ``--slot N --png FILE`` draws slot N's map.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .build import atr, disk, dsk, stateblock
from .engine.state import GameState
from .model.types import Model, Setup, SetupUnit


class InspectError(Exception):
    """The file is not one of our images; the message says why."""


@dataclass(frozen=True)
class SlotReport:
    slot: int
    status: str                  # "ok", "empty" or "damaged: why"
    state: GameState | None = None


@dataclass(frozen=True)
class ImageReport:
    machine: str
    layout: disk.SaveLayout
    slots: list[SlotReport]


def _atari_slots(data: bytes) -> tuple[disk.SaveLayout, dict[int, tuple[bytes, bytes]]]:
    sectors = atr.read_atr(data)
    for number in sorted(sectors, reverse=True):
        if sectors[number][:8] == disk.LABEL_MAGIC:
            label = sectors[number]
            break
    else:
        raise InspectError("no save-area label (KOTDSAVE): not a Knights of the Desert game disk")
    slots, per_slot, start_slots = label[9], label[10], label[12]
    layout = disk.SaveLayout("atari", atr.SECTOR, (per_slot - 1) * atr.SECTOR, slots, start_slots)
    out = {}
    for slot in range(1, slots + start_slots + 1):
        first = number + 1 + (slot - 1) * per_slot
        out[slot] = (sectors[first], b"".join(sectors[first + i] for i in range(1, per_slot)))
    return layout, out


def _apple_slots(data: bytes) -> tuple[disk.SaveLayout, dict[int, tuple[bytes, bytes]]]:
    sectors = dsk.read_dsk(data)
    for track in range(dsk.TRACKS - 1, 0, -1):
        if sectors[(track, 0)][:8] == disk.LABEL_MAGIC:
            label = sectors[(track, 0)]
            break
    else:
        raise InspectError("no save-area label (KOTDSAVE): not a Knights of the Desert game disk")
    slots, per_slot, start_slots = label[9], label[10], label[12]
    layout = disk.SaveLayout("apple", dsk.SECTOR, (per_slot - 1) * dsk.SECTOR, slots, start_slots)
    out = {}
    for slot in range(1, slots + start_slots + 1):
        t = track + slot
        out[slot] = (sectors[(t, 0)], b"".join(sectors[(t, i)] for i in range(1, per_slot)))
    return layout, out


def read_image(model: Model, path: Path) -> ImageReport:
    data = Path(path).read_bytes()
    if data[:2] == atr.ATR_MAGIC:
        machine, (layout, raw) = "atari", _atari_slots(data)
    elif len(data) == dsk.TRACKS * dsk.SECTORS * dsk.SECTOR:
        machine, (layout, raw) = "apple", _apple_slots(data)
    else:
        raise InspectError(f"{len(data)} bytes, no ATR header: neither kotd-atari.atr nor kotd-apple.dsk")
    size = stateblock.layout(model).state_size
    reports = []
    for slot, (header, body) in raw.items():
        try:
            saved = disk.check_slot(slot, header, body, size)
        except disk.SlotError as exc:
            text = str(exc).split(": ", 1)[1]
            reports.append(SlotReport(slot, text))
            continue
        try:
            state = stateblock.decode(saved.state, model)
        except (ValueError, KeyError, IndexError) as exc:
            reports.append(SlotReport(slot, f"check passes, but the state does not decode: {exc}"))
            continue
        reports.append(SlotReport(slot, "ok", state))
    return ImageReport(machine, layout, reports)


def summary(model: Model, state: GameState) -> str:
    date = model.turn(state.turn).date if 1 <= state.turn <= len(model.turns) else "?"
    on_map = {"axis": 0, "allied": 0}
    for u in state.units:
        if u.on_map:
            on_map[model.unit(u.number).side] += 1
    return (f"{state.scenario:<11} {date:<9} turn {state.turn:>2}  VP axis {state.vp['axis']:>3} "
            f"allied {state.vp['allied']:>3}  units on map: axis {on_map['axis']}, allied {on_map['allied']}")


def as_setup(state: GameState) -> Setup:
    """The units of a saved game in the shape the map drawing takes."""
    units = tuple(SetupUnit(u.number, u.col, u.row, u.strength, u.supply, u.fort) for u in state.units if u.on_map)
    return Setup(id=f"turn {state.turn}", units=units, absent=(), arrivals={}, control=dict(state.control),
                 axis_supply=state.axis_supply, replacements=dict(state.replacements), air=dict(state.air),
                 start_totals={})


def run_inspect(model: Model, path: Path, slot: int | None, png: Path | None, echo=print) -> int:
    """The ``kotd inspect`` command: 0, or 1 with the reason on stderr."""
    import sys
    try:
        report = read_image(model, path)
    except (InspectError, ValueError, OSError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    lay = report.layout
    echo(f"{path}: {report.machine} game disk, {lay.slots} slots of {lay.per_slot} sectors"
         + (f", {lay.start_slots} start slots ({lay.slots + 1}-{lay.all_slots}, read-only)"
            if lay.start_slots else ""))
    for r in report.slots:
        kind = "start slot" if r.slot > lay.slots else "slot"
        echo(f"  {kind} {r.slot}: " + (summary(model, r.state) if r.state else r.status))
    if slot is not None:
        chosen = next((r for r in report.slots if r.slot == slot), None)
        if chosen is None:
            print(f"{path}: no slot {slot} (slots 1-{lay.all_slots})", file=sys.stderr)
            return 1
        if chosen.state is None:
            print(f"{path}: slot {slot} is {chosen.status}: nothing to draw", file=sys.stderr)
            return 1
        if png is not None:
            from .mapdraw import draw_png
            draw_png(model, as_setup(chosen.state), png,
                     title=f"Slot {slot}: {summary(model, chosen.state).split('  VP')[0]}")
            echo(f"wrote {png}")
    return 0
