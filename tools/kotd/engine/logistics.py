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
from .movement import RuleError, check_on_map
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
        raise RuleError(f"a logistics digit is 0-9, not {digit}", "RANGE")
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

def rats_strike(model: Model, state: GameState) -> bool:
    """Would the Desert Rats strike now (§III.2.C.6, R16.32): the Allies hold Tobruk
    (control and a unit in it), it is not surrounded, and an Axis unit stands east of it."""
    t = tobruk(model)
    held = state.control.get(model.map.tobruk) == "allied" and any(
        utype(model, u).side == "allied" for u in units_at(state, t))
    return held and not tobruk_surrounded(model, state) and any(
        u.col > t[0] for u in units_on_map(state, "axis", model))


def desert_rats(model: Model, state: GameState) -> list[int] | None:
    """The Desert Rats check (§III.2.C.6, R16.32).  None if they do not strike, else
    the Axis depots eliminated (possibly none); the Axis pool is cut."""
    if not rats_strike(model, state):
        return None
    t = tobruk(model)
    axis = units_on_map(state, "axis", model)
    state.axis_supply = state.axis_supply * (100 - model.logistics.desert_rats_cut_percent) // 100
    occ = occupancy(state)
    lost = []
    for u in axis:
        if (utype(model, u).is_depot and len(occ[u.hex]) == 1
                and hexgrid.distance(u.hex, t) <= model.logistics.desert_rats_radius):
            remove_unit(model, state, u, cadre=False)
            lost.append(u.number)
    return lost


def maxima(model: Model, state: GameState, unit: UnitState) -> tuple[int, int]:
    """(replacements, supply): the most a unit may be given in the Logistics phase, what
    the display shows; a digit d gives pct(d) of each (§III.2.C.4, §IV.B.1).  Nothing for
    an unsupplied unit; no replacements for the Allies in a `no_allied_replacements`
    turn; supply up to the cap (never below 0), a depot at most `depot_supply`, the Axis
    at most its pool.  Before any distance decrement."""
    check_on_map(model, unit)
    ut = utype(model, unit)
    lg = model.logistics
    allied = ut.side == "allied"
    if not unit.supplied:
        return 0, 0
    replacements = 0
    if allied and not 1 <= state.turn <= len(model.turns):
        raise RuleError(f"turn {state.turn} is not on the Turn Chart", "RANGE")
    if not (allied and model.turn(state.turn).date in lg.no_allied_replacements):
        replacements = max(0, min(unit.ceiling - unit.strength, state.replacements[ut.pool]))
    space = max(0, supply_cap(model, unit) - unit.supply)
    if ut.is_depot:
        space = min(lg.depot_supply, space)
    if not allied:
        space = min(space, state.axis_supply)
    return replacements, space


def allocate(model: Model, state: GameState, unit: UnitState, order: LogisticsOrder) -> tuple[int, int]:
    """One unit's replacements and supply (§IV.B.1).  Returns (strength added, supply
    received).  Unsupplied units receive nothing; the Allies receive full supply.
    Every check comes first: a refused order (RuleError) changes nothing."""
    check_on_map(model, unit)
    for digit in (order.replacements, order.supply, order.priority):
        percent(model, digit)
    ut = utype(model, unit)
    lg = model.logistics
    allied = ut.side == "allied"
    most_replacements, most_supply = maxima(model, state, unit)
    unit.priority = len(lg.digit_percent) - 1 if allied else order.priority
    if not unit.supplied:
        return 0, 0
    added = most_replacements * percent(model, order.replacements) // 100
    unit.strength += added
    state.replacements[ut.pool] -= added
    if allied and added and unit.hex == tobruk(model):
        state.sealift_blocked = True
    if ut.is_depot:
        sent = most_supply
        if not allied:
            state.axis_supply -= sent
        unit.supply += sent
        return added, sent
    if allied:
        sent = most_supply
    else:
        sent = most_supply * percent(model, order.supply) // 100
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
