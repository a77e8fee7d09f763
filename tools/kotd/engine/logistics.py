"""Mobilization and resupply: receipts and arrivals (A1), the Logistics phase (A3)
with the Desert Rats and maintenance, and the Resupply phases (manual III.2.A, C, F;
IV.B; docs/rules.md "Logistics")."""

from __future__ import annotations

from dataclasses import dataclass

from .. import hexgrid
from ..model.types import SIDES, Model
from .board import (distance_to_base, home_base, occupancy, stacking_limit, supply_cap, tobruk,
                    units_at, units_on_map, utype)
from .combat import remove_unit
from .setup import add_receipt
from .state import GameState, Status, UnitState
from .supply import tobruk_surrounded


@dataclass(frozen=True)
class LogisticsOrder:
    """The three digits entered for a unit (§IV.B.1.b-c); the Allies enter only the first."""
    replacements: int = 0
    supply: int = 0
    priority: int = 0


def percent(model: Model, digit: int) -> int:
    if not 0 <= digit <= 9:
        raise ValueError(f"a logistics digit is 0-9, not {digit}")
    return model.logistics.digit_percent[digit]


def delivered(model: Model, unit: UnitState, amount: int) -> int:
    """What reaches a unit of `amount` sent: 1% less per hex from its home base, at most 100%."""
    cut = min(100, model.logistics.distance_decrement_percent * distance_to_base(model, unit))
    return amount * (100 - cut) // 100


# --- A1 Reinforcement phase ------------------------------------------------------

def receive_turn_points(model: Model, state: GameState) -> None:
    """The Turn Chart's supply, replacements and air for this turn, scaled by ratings."""
    row = model.turn(state.turn)
    pct = model.ratings.percent
    axis_r, allied_r = state.ratings["axis"], state.ratings["allied"]
    state.axis_supply += add_receipt(state, "axis_supply", row.axis_supply, pct["supply"][axis_r["supply"]])
    for pool in ("german", "italian", "allied"):
        side_r = allied_r if pool == "allied" else axis_r
        state.replacements[pool] += add_receipt(state, pool, row.replacements[pool],
                                                pct["replacements"][side_r["replacements"]])
    for side in SIDES:
        state.air[side] += add_receipt(state, f"air_{side}", row.air[side], pct["air"][state.ratings[side]["air"]])


def reinforcements(model: Model, state: GameState) -> list[int]:
    """Place due reinforcements, then due cadres, at each home base while there is room
    (stacking counts the garrison); the rest wait in the same order (§III.2.A, R16.54)."""
    arrived = []
    for side in SIDES:
        base = home_base(model, side)
        room = stacking_limit(model, base) - len(units_at(state, base))
        for status in (Status.WAITING, Status.CADRE):
            for unit in state.units:
                if (unit.status == status and unit.arrival_turn <= state.turn
                        and utype(model, unit).side == side and room > 0):
                    unit.status = Status.ON_MAP
                    unit.col, unit.row = base
                    unit.supply = unit.fort = unit.op = 0
                    room -= 1
                    arrived.append(unit.number)
    return arrived


# --- A3 Logistics phase ------------------------------------------------------------

def desert_rats(model: Model, state: GameState) -> list[int] | None:
    """The Desert Rats check (§III.2.C.6, R16.32).  None if they do not strike, else
    the Axis depots eliminated (possibly none); the Axis pool is cut."""
    t = tobruk(model)
    held = state.control.get(model.map.tobruk) == "allied" and any(
        utype(model, u).side == "allied" for u in units_at(state, t))
    axis = units_on_map(state, "axis", model)
    if not held or tobruk_surrounded(model, state) or not any(u.col > t[0] for u in axis):
        return None
    state.axis_supply = state.axis_supply * (100 - model.logistics.desert_rats_cut_percent) // 100
    occ = occupancy(state)
    lost = []
    for u in axis:
        if (utype(model, u).is_depot and len(occ[u.hex]) == 1
                and hexgrid.distance(u.hex, t) <= model.logistics.desert_rats_radius):
            remove_unit(model, state, u, cadre=False)
            lost.append(u.number)
    return lost


def allocate(model: Model, state: GameState, unit: UnitState, order: LogisticsOrder) -> tuple[int, int]:
    """One unit's replacements and supply (§IV.B.1).  Returns (strength added, supply
    received).  Unsupplied units receive nothing; the Allies receive full supply."""
    ut = utype(model, unit)
    lg = model.logistics
    allied = ut.side == "allied"
    unit.priority = len(lg.digit_percent) - 1 if allied else order.priority
    if not unit.supplied:
        return 0, 0
    added = 0
    no_repl = allied and model.turn(state.turn).date in lg.no_allied_replacements
    if not no_repl:
        room = min(unit.ceiling - unit.strength, state.replacements[ut.pool])
        added = max(0, room) * percent(model, order.replacements) // 100
        unit.strength += added
        state.replacements[ut.pool] -= added
        if allied and added and unit.hex == tobruk(model):
            state.sealift_blocked = True
    space = supply_cap(model, unit) - unit.supply
    if ut.is_depot:
        sent = min(lg.depot_supply, space)
        if not allied:
            sent = min(sent, state.axis_supply)
            state.axis_supply -= sent
        unit.supply += sent
        return added, sent
    if allied:
        sent = space
    else:
        sent = min(space, state.axis_supply) * percent(model, order.supply) // 100
        state.axis_supply -= sent
    got = delivered(model, unit, sent)
    unit.supply += got
    return added, got


def maintenance(model: Model, state: GameState) -> list[int]:
    """Every unit on the map pays its maintenance or is eliminated, no cadre (§IV.B.2.b)."""
    lost = []
    cost = model.logistics.maintenance
    for u in state.units:
        if u.status != Status.ON_MAP:
            continue
        if u.supply < cost:
            remove_unit(model, state, u, cadre=False)
            lost.append(u.number)
        else:
            u.supply -= cost
    return lost


# --- Resupply phases -----------------------------------------------------------------

def resupply(model: Model, state: GameState, phasing_side: str) -> dict[int, int]:
    """Every supplied non-depot unit of both sides, in unit order (§III.2.F, R16.26).
    Supply status must have been traced at the start of the phase (R16.56)."""
    got: dict[int, int] = {}
    lg = model.logistics
    for u in state.units:
        ut = model.unit(u.number)
        if u.status != Status.ON_MAP or not u.supplied or ut.is_depot:
            continue
        req = (supply_cap(model, u) - u.supply) * percent(model, u.priority) // 100
        if ut.side != phasing_side:
            req = req * lg.enemy_segment_percent // 100
        if ut.side == "axis":
            req = min(req, state.axis_supply)
            state.axis_supply -= req
        received = delivered(model, u, req)
        u.supply += received
        if received:
            got[u.number] = received
    return got
