"""A new game: a scenario's start state with the chosen options and ratings
(manual II; rulings 16.10, 16.29, 16.40, 16.41)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.types import SIDES, Model
from .rng import draw, seed_state
from .state import GameState, Status, UnitState, ratings_default


@dataclass
class Options:
    computer_allied: bool = True
    random_initiative: bool = False
    optional_depots: bool = False
    ratings: dict[str, dict[str, int]] = field(default_factory=lambda: {s: ratings_default() for s in SIDES})

    @classmethod
    def at_levels(cls, model: Model, axis: str, allied: str, **kw) -> "Options":
        """Every rating set by each side's difficulty level (R16.40a)."""
        return cls(ratings={"axis": ratings_for(model, axis), "allied": ratings_for(model, allied)}, **kw)


def ratings_for(model: Model, level: str) -> dict[str, int]:
    """Every rating at the difficulty level's value, reinforcements at their fixed value."""
    value = model.ratings.difficulty[level]
    r = {k: value for k in ("combat", "replacements", "supply", "air")}
    r["reinforcements"] = model.ratings.reinforcements_rating
    return r


def rated(value: int, percent: int) -> int:
    """A unit value scaled by a rating percent, rounded half up (R16.40d)."""
    return (value * percent + 50) // 100


def create_unit_strength(model: Model, number: int, strength: int, percent: int) -> tuple[int, int]:
    """(strength, ceiling) of a unit created at a Combat Points rating percent:
    ceiling' = round(ceiling x p), strength' = max(round(strength x p), ceil(15% ceiling'))."""
    ceiling = rated(model.unit(number).ceiling, percent)
    floor_strength = -(-model.combat.elimination_percent * ceiling // 100)
    return max(rated(strength, percent), floor_strength), ceiling


def add_receipt(state: GameState, key: str, value: int, percent: int) -> int:
    """value x percent / 100 with the hundredths carried to the next receipt (R16.8)."""
    total = value * percent + state.carry[key]
    state.carry[key] = total % 100
    return total // 100


def new_game(model: Model, scenario_id: str, seed: int, options: Options | None = None) -> GameState:
    options = options or Options()
    scenario = model.scenarios[scenario_id]
    setup = model.setups[scenario.setup]
    state = GameState(scenario=scenario_id, turn=scenario.first_turn, last_turn=scenario.last_turn,
                      units=[UnitState(number=u.number) for u in model.units], rng=seed_state(seed),
                      computer_allied=options.computer_allied, random_initiative=options.random_initiative,
                      optional_depots=options.optional_depots,
                      ratings={s: dict(options.ratings[s]) for s in SIDES})
    placed = {su.number: su for su in setup.units}
    turn_of = {t.date: t.turn for t in model.turns}
    for ut in model.units:
        unit = state.unit(ut.number)
        combat_pct = model.ratings.percent["combat"][state.ratings[ut.side]["combat"]]
        if (ut.optional and not options.optional_depots) or ut.number in setup.absent:
            continue                                     # stays ABSENT
        if ut.number in placed:
            su = placed[ut.number]
            unit.status = Status.ON_MAP
            unit.col, unit.row = su.col, su.row
            unit.strength, unit.ceiling = create_unit_strength(model, ut.number, su.strength, combat_pct)
            unit.supply, unit.fort = su.supply, su.fort
            continue
        arrival = setup.arrivals.get(ut.number, ut.arrival)
        unit.status = Status.WAITING
        unit.arrival_turn = turn_of[arrival] if arrival else scenario.first_turn
        unit.strength, unit.ceiling = create_unit_strength(model, ut.number, ut.combat, combat_pct)

    # Reinforcement rating: each waiting unit, in unit order, moves by a draw of
    # 0..|shift| turns, never before the first turn (R16.40c).  No draw when the
    # shift is 0.
    for unit in state.units:
        if unit.status != Status.WAITING:
            continue
        shift = model.ratings.reinforcement_shift[state.ratings[model.unit(unit.number).side]["reinforcements"]]
        if shift:
            moved = draw(state, abs(shift) + 1)
            unit.arrival_turn = max(scenario.first_turn, unit.arrival_turn + (moved if shift > 0 else -moved))

    state.control = dict(setup.control)
    state.axis_supply = setup.axis_supply
    state.replacements = dict(setup.replacements)
    for side in SIDES:
        state.air[side] = add_receipt(state, f"air_{side}", setup.air[side],
                                      model.ratings.percent["air"][state.ratings[side]["air"]])
    return state
