"""Movement, fortification and sea movement (manual IV.C, III.2.E.8-9; rulings 16.36-38;
docs/rules.md "Movement").  The functions check one action and apply it; who may act
in which phase is decided by kotd.engine.game."""

from __future__ import annotations

from .. import hexgrid
from ..model.types import Model, other_side
from .board import Hex, home_base, place_at, side_of, stacking_limit, terrain, tobruk, units_at, utype
from .state import GameState, Status, UnitState


class RuleError(ValueError):
    """An action the rules do not allow; nothing has been changed.

    ``code`` names the 6502 engine's error code for it (a key of
    kotd.build.abi.ERRORS, e.g. "OP" for E_OP), or None where the engine has none yet.
    The checks run in the order the 6502 routines run them; the first that fails is
    reported.
    """

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.code = code


def check_on_map(model: Model, unit: UnitState) -> None:
    """RuleError (code "HEX") unless the unit stands on the map: every unit action asks first."""
    if unit.status != Status.ON_MAP or not model.map.on_map(*unit.hex):
        raise RuleError(f"unit {unit.number} is not on the map", "HEX")


def move_cost(model: Model, unit: UnitState, target: Hex) -> tuple[int, int]:
    """(operation points, supply) to enter `target` (Terrain Effects Chart)."""
    t = terrain(model, target)
    kind = utype(model, unit).type
    return t.op_cost[kind], t.supply_cost[kind]


def supply_per_op(model: Model) -> int:
    """The most supply a move spends per operation point (Terrain Effects Chart: 3 for
    every terrain and unit type), rounded up: a road's supply is at most its points times
    this, exactly that where every terrain is one multiple, as it is."""
    return max(-(-t.supply_cost[k] // t.op_cost[k]) for t in model.terrain if t.passable for k in t.op_cost)


def check_move(model: Model, state: GameState, unit: UnitState, direction: int, op_limit: int | None = None) -> Hex:
    """The hex a unit would enter; RuleError if it may not (§IV.C.3)."""
    check_on_map(model, unit)
    if direction not in hexgrid.DIRECTIONS:
        raise RuleError(f"direction must be 1-6, not {direction}", "DIRECTION")
    ut = utype(model, unit)
    if ut.is_garrison:
        raise RuleError("garrison units never move", "GARRISON")
    target = hexgrid.step(unit.col, unit.row, direction)
    if not model.map.on_map(*target):
        raise RuleError("that would leave the map", "HEX")
    if not terrain(model, target).passable:
        raise RuleError(f"units may not enter {terrain(model, target).id} hexes", "PROHIBITED")
    here = units_at(state, target)
    if here and side_of(model, here[0]) != ut.side:
        raise RuleError("enemy units hold that hex: attack instead", "ENEMY")
    if len(here) >= stacking_limit(model, target):
        raise RuleError(f"at most {stacking_limit(model, target)} units may stand there", "STACKING")
    op, sup = move_cost(model, unit, target)
    if unit.op < op or unit.supply < sup:
        raise RuleError(f"entering costs {op} operation and {sup} supply points", "OP" if unit.op < op else "SUPPLY")
    if op_limit is not None and op > op_limit:
        raise RuleError(f"only {op_limit} operation points may be spent in this reaction", "LIMIT")
    return target


def occupy(model: Model, state: GameState, unit: UnitState, target: Hex) -> None:
    """Put the unit in `target`: fortification is lost, a VP place changes control."""
    unit.col, unit.row = target
    unit.fort = 0
    pid = place_at(model, target)
    if pid is not None and pid in state.control:
        state.control[pid] = side_of(model, unit)


def apply_move(model: Model, state: GameState, unit: UnitState, target: Hex) -> int:
    """Pay and move; returns the operation points spent."""
    op, sup = move_cost(model, unit, target)
    unit.op -= op
    unit.supply -= sup
    occupy(model, state, unit, target)
    return op


def captures_home_base(model: Model, unit: UnitState) -> bool:
    return unit.hex == home_base(model, other_side(side_of(model, unit)))


def check_fortify(model: Model, unit: UnitState, op_limit: int | None = None) -> tuple[int, int]:
    """(operation points, supply) to build one level; RuleError if it may not (§IV.A.1.j)."""
    check_on_map(model, unit)
    f = model.fortification
    kind = utype(model, unit).type
    op, sup = f.op_cost[kind], f.supply_cost[kind]
    if unit.fort >= f.max_level:
        raise RuleError(f"fortification is at its highest level {f.max_level}", "FORT_LEVEL")
    if unit.op < op or unit.supply < sup:
        raise RuleError(f"a level costs {op} operation and {sup} supply points", "OP" if unit.op < op else "SUPPLY")
    if op_limit is not None and op > op_limit:
        raise RuleError(f"only {op_limit} operation points may be spent in this reaction", "LIMIT")
    return op, sup


def apply_fortify(model: Model, unit: UnitState) -> int:
    op, sup = check_fortify(model, unit)
    unit.op -= op
    unit.supply -= sup
    unit.fort += 1
    return op


def sea_destination(model: Model, state: GameState, unit: UnitState) -> Hex:
    """Tobruk <-> Alexandria for one Allied unit a turn (§IV.C.3.f, R16.37)."""
    check_on_map(model, unit)
    ut = utype(model, unit)
    t, alex = tobruk(model), home_base(model, "allied")
    if ut.side != "allied":
        raise RuleError("only Allied units move by sea", "NOT_ALLIED")
    if ut.is_garrison or ut.is_depot:
        raise RuleError("garrisons never move and depots move only in depot movement phases",
                        "GARRISON" if ut.is_garrison else "DEPOT")
    if unit.hex not in (t, alex):
        raise RuleError("sea movement starts in Tobruk or Alexandria", "PORT")
    if state.sealift_left <= 0:
        raise RuleError("the sealift has been used this turn", "SEALIFT")
    if state.sealift_blocked:
        raise RuleError("units in Tobruk took replacements this turn: no sea movement", "SEALIFT_BLOCKED")
    tobruk_units = units_at(state, t)
    if state.control.get(model.map.tobruk) != "allied" or any(side_of(model, u) != "allied" for u in tobruk_units):
        raise RuleError("Tobruk is not in Allied hands", "TOBRUK")
    dest = alex if unit.hex == t else t
    if len(units_at(state, dest)) >= stacking_limit(model, dest):
        raise RuleError("no room at the destination", "STACKING")
    if unit.op < 1:
        raise RuleError("sea movement needs at least one operation point", "OP")
    return dest


def apply_sea_move(model: Model, state: GameState, unit: UnitState, dest: Hex) -> None:
    unit.op = 0
    state.sealift_left -= 1
    occupy(model, state, unit, dest)
