"""Small hand-made situations for tests (host and emulator): an empty board and a
way to put units on it.  Not used by the game itself."""

from __future__ import annotations

from .. import hexgrid
from ..model.types import Model
from .board import Hex, op_allowance, supply_cap
from .rng import seed_state
from .state import GameState, Status, UnitState


def empty_state(model: Model, seed: int = 1, turn: int = 1, computer_allied: bool = False) -> GameState:
    """No unit on the map, pools empty, control of every VP place to the Allies."""
    return GameState(scenario="campaign", turn=turn, last_turn=len(model.turns),
                     units=[UnitState(number=u.number) for u in model.units], rng=seed_state(seed),
                     control={pid: "allied" for pid in model.victory.towns},
                     computer_allied=computer_allied)


def place(model: Model, state: GameState, number: int, hx: Hex, strength: int | None = None,
          supply: int | None = None, fort: int = 0, op: int | None = None) -> UnitState:
    """Put a unit on the map with order-of-battle values unless given."""
    ut = model.unit(number)
    u = state.unit(number)
    u.status = Status.ON_MAP
    u.col, u.row = hx
    u.ceiling = ut.ceiling
    u.strength = ut.combat if strength is None else strength
    u.supply = supply_cap(model, u) if supply is None else supply
    u.fort = fort
    u.op = op_allowance(model, u) if op is None else op
    return u


def hexes_of(model: Model, terrain_id: str) -> list[Hex]:
    m = model.map
    return [(c, r) for r in range(m.rows) for c in range(m.columns)
            if model.terrain[m.terrain_at(c, r)].id == terrain_id]


def land(model: Model) -> list[Hex]:
    """Every hex units may enter, row by row."""
    m = model.map
    return [(c, r) for r in range(m.rows) for c in range(m.columns)
            if model.terrain[m.terrain_at(c, r)].passable]


def open_ground(model: Model, min_gap: int = 3) -> list[Hex]:
    """Clear hexes whose neighbours are all clear too, at least `min_gap` from any place."""
    m = model.map
    places = [(p.col, p.row) for p in m.places.values()]
    clear = set(hexes_of(model, "clear"))
    return [h for h in sorted(clear)
            if all(n in clear for n in hexgrid.neighbours(*h))
            and all(hexgrid.distance(h, p) >= min_gap for p in places)]
