"""Questions about the board that every rule asks: who stands where, terrain,
home bases, Tobruk, stacking limits, unit allowances and caps."""

from __future__ import annotations

from collections import defaultdict

from .. import hexgrid
from ..model.types import Model, Terrain, UnitType, other_side
from .state import GameState, Status, UnitState

Hex = tuple[int, int]


def utype(model: Model, unit: UnitState | int) -> UnitType:
    return model.unit(unit if isinstance(unit, int) else unit.number)


def side_of(model: Model, unit: UnitState | int) -> str:
    return utype(model, unit).side


def units_on_map(state: GameState, side: str | None = None, model: Model | None = None) -> list[UnitState]:
    units = [u for u in state.units if u.status == Status.ON_MAP]
    if side is not None:
        units = [u for u in units if model.unit(u.number).side == side]
    return units


def occupancy(state: GameState) -> dict[Hex, list[UnitState]]:
    """Units on the map by hex, each list in unit-number order."""
    out: dict[Hex, list[UnitState]] = defaultdict(list)
    on_map = Status.ON_MAP
    for u in state.units:
        if u.status == on_map:
            out[(u.col, u.row)].append(u)
    return out


def units_at(state: GameState, hx: Hex) -> list[UnitState]:
    col, row = hx
    return [u for u in state.units if u.col == col and u.row == row and u.status == Status.ON_MAP]


def hex_side(model: Model, state: GameState, hx: Hex) -> str | None:
    """The side whose units stand in hx, or None if it is empty."""
    here = units_at(state, hx)
    return side_of(model, here[0]) if here else None


def terrain(model: Model, hx: Hex) -> Terrain:
    return model.terrain[model.map.terrain_at(*hx)]


def passable(model: Model, hx: Hex) -> bool:
    return model.map.on_map(*hx) and terrain(model, hx).passable


def home_base(model: Model, side: str) -> Hex:
    return model.map.place_hex(model.map.home_bases[side])


def tobruk(model: Model) -> Hex:
    return model.map.place_hex(model.map.tobruk)


def stacking_limit(model: Model, hx: Hex) -> int:
    lg = model.logistics
    return lg.stacking_tobruk if hx == tobruk(model) else lg.stacking_hex


def supply_cap(model: Model, unit: UnitState | int) -> int:
    return model.logistics.supply_cap[utype(model, unit).type]


def op_allowance(model: Model, unit: UnitState | int) -> int:
    ut = utype(model, unit)
    return model.logistics.op_allowance[ut.side][ut.type]


def adjacent_to_enemy(model: Model, state: GameState, hx: Hex, side: str,
                      occ: dict[Hex, list[UnitState]] | None = None) -> bool:
    occ = occupancy(state) if occ is None else occ
    enemy = other_side(side)
    return any(occ.get(n) and side_of(model, occ[n][0]) == enemy for n in hexgrid.neighbours(*hx))


def distance_to_base(model: Model, unit: UnitState) -> int:
    return hexgrid.distance(unit.hex, home_base(model, side_of(model, unit)))


def place_at(model: Model, hx: Hex) -> str | None:
    """The id of the named place in hx, if any."""
    p = model.map.place_at(*hx)
    return p.id if p is not None else None
