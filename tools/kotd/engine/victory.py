"""Victory points and the victory level (manual III.2.I, X; rulings 16.5, 16.6,
16.45, 16.47; docs/rules.md "Victory")."""

from __future__ import annotations

from ..model.types import SIDES, Model
from .board import distance_to_base, units_on_map
from .state import GameState


def casualty_vp(model: Model, state: GameState, side: str) -> int:
    return state.casualties[side] // model.victory.casualty_divisor


def total_vp(model: Model, state: GameState, side: str) -> int:
    return state.vp[side] + casualty_vp(model, state, side)


def score(model: Model, state: GameState) -> int:
    """Axis VP - Allied VP (§VII)."""
    return total_vp(model, state, "axis") - total_vp(model, state, "allied")


def distance_points(model: Model, distance: int) -> int:
    points = 0
    for start, vp in model.victory.distance_bands:
        if distance >= start:
            points = vp
    return points


def distance_vp(model: Model, state: GameState, side: str) -> int:
    """Every unit of `side` on the map scores by its distance from its own home base."""
    return sum(distance_points(model, distance_to_base(model, u)) for u in units_on_map(state, side, model))


def town_vp(model: Model, state: GameState, side: str) -> int:
    return sum(vp for pid, vp in model.victory.towns.items() if state.control.get(pid) == side)


def end_of_turn(model: Model, state: GameState) -> dict[str, tuple[int, int]]:
    """D1: add town and distance points; returns (town, distance) per side."""
    gained = {}
    for side in SIDES:
        towns, distance = town_vp(model, state, side), distance_vp(model, state, side)
        state.vp[side] += towns + distance
        gained[side] = (towns, distance)
    return gained


def victory_level(model: Model, scenario_id: str, final_score: int) -> str:
    """The highest level whose lowest score the final score reaches (§X VICTORY CHART)."""
    levels = model.victory.levels
    chart = model.victory.chart[scenario_id]
    level = levels[0]
    for name in levels[1:]:
        if final_score >= chart[name]:
            level = name
    return level


def capture_level(capturing_side: str) -> str:
    """Taking the enemy home base is a strategic victory whatever the score (R16.47)."""
    return f"{capturing_side}_strategic"
