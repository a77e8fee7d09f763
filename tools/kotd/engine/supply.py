"""Supply status (manual III.2.B, IV.A.1.h, IV.B.2.c; docs/rules.md "Supply").

A side's supply sources are its home base, Tobruk when the side controls it, and
every depot that is linked to one of those by a chain of steps of at most
`depot_chain` hexes.  A unit is supplied when a source lies within its range.
Range is pure hex distance: terrain and units do not block it.
"""

from __future__ import annotations

from .. import hexgrid
from ..model.types import Model
from .board import Hex, home_base, tobruk, units_on_map, utype
from .state import GameState, UnitState


def roots(model: Model, state: GameState, side: str) -> list[Hex]:
    """The sources that need no chain: the home base and a friendly Tobruk."""
    out = [home_base(model, side)]
    if state.control.get(model.map.tobruk) == side:
        out.append(tobruk(model))
    return out


def valid_depots(model: Model, state: GameState, side: str) -> list[UnitState]:
    """Depots of `side` on the map that are linked to a root (closure, any order)."""
    chain = model.logistics.depot_chain
    linked: list[Hex] = roots(model, state, side)
    pending = [u for u in units_on_map(state, side, model) if utype(model, u).is_depot]
    valid: list[UnitState] = []
    grew = True
    while grew:
        grew = False
        for depot in list(pending):
            if any(hexgrid.distance(depot.hex, h) <= chain for h in linked):
                valid.append(depot)
                linked.append(depot.hex)
                pending.remove(depot)
                grew = True
    return sorted(valid, key=lambda u: u.number)


def sources(model: Model, state: GameState, side: str) -> list[Hex]:
    return roots(model, state, side) + [d.hex for d in valid_depots(model, state, side)]


def supply_range(model: Model, state: GameState, unit: UnitState) -> int:
    ut = utype(model, unit)
    ranges = model.logistics.supply_range
    if ut.is_depot:
        return ranges["depot"]
    if ut.side == "axis":
        return ranges["axis"]
    return ranges["allied_computer"] if state.computer_allied else ranges["allied_human"]


def trace_supply(model: Model, state: GameState, side: str | None = None) -> None:
    """Set `supplied` for every unit on the map (of one side, or both)."""
    for s in ([side] if side else ["axis", "allied"]):
        srcs = sources(model, state, s)
        for unit in units_on_map(state, s, model):
            reach = supply_range(model, state, unit)
            unit.supplied = any(hexgrid.distance(unit.hex, h) <= reach for h in srcs)


def tobruk_surrounded(model: Model, state: GameState) -> bool:
    """Every neighbour of Tobruk is ocean or holds an Axis unit (III.2.C.6)."""
    axis_hexes = {u.hex for u in units_on_map(state, "axis", model)}
    for n in hexgrid.neighbours(*tobruk(model)):
        if not model.map.on_map(*n):
            continue            # off the map counts as closed
        if model.terrain[model.map.terrain_at(*n)].id == "ocean":
            continue
        if n not in axis_hexes:
            return False
    return True
