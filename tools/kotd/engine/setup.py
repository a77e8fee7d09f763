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
    computer_axis: bool = False          # the computer runs the Axis: recorded only, no rule changes
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
    """(strength, ceiling) of a unit created at a Combat Points rating percent."""
    return scaled_strength(model, strength, model.unit(number).ceiling, percent)


def scaled_strength(model: Model, strength: int, ceiling: int, percent: int) -> tuple[int, int]:
    """(strength, ceiling) at a Combat Points rating percent:
    ceiling' = round(ceiling x p), strength' = max(round(strength x p), ceil(15% ceiling'))."""
    ceiling = rated(ceiling, percent)
    floor_strength = -(-model.combat.elimination_percent * ceiling // 100)
    return max(rated(strength, percent), floor_strength), ceiling


def add_receipt(state: GameState, key: str, value: int, percent: int) -> int:
    """value x percent / 100 with the hundredths carried to the next receipt (R16.8)."""
    total = value * percent + state.carry[key]
    state.carry[key] = total % 100
    return total // 100


def new_game(model: Model, scenario_id: str, seed: int, options: Options | None = None) -> GameState:
    """A new game: the scenario's start state with the options applied."""
    state = start_state(model, scenario_id)
    apply_options(model, state, seed, options or Options())
    return state


def start_state(model: Model, scenario_id: str) -> GameState:
    """A scenario's start state: its set-up at the historical values (every rating
    at 100%), the optional Axis depots in, no option set, no draw made.

    The split with :func:`apply_options` is the one statement: *the start state is
    the set-up as the data gives it; the options scale it, remove the optional
    depots, shift the arrivals and seed the generator.*  The build writes each
    scenario's start state as a state block (``dist/<target>/start_<scenario>.bin``);
    the 6502 ``new_game`` does what :func:`apply_options` does.
    """
    scenario = model.scenarios[scenario_id]
    setup = model.setups[scenario.setup]
    state = GameState(scenario=scenario_id, turn=scenario.first_turn, last_turn=scenario.last_turn,
                      units=[UnitState(number=u.number) for u in model.units], rng=seed_state(0))
    placed = {su.number: su for su in setup.units}
    turn_of = {t.date: t.turn for t in model.turns}
    for ut in model.units:
        unit = state.unit(ut.number)
        if ut.number in setup.absent:
            continue                                     # stays ABSENT
        unit.ceiling = ut.ceiling
        if ut.number in placed:
            su = placed[ut.number]
            unit.status = Status.ON_MAP
            unit.col, unit.row = su.col, su.row
            unit.strength = su.strength
            unit.supply, unit.fort = su.supply, su.fort
            continue
        arrival = setup.arrivals.get(ut.number, ut.arrival)
        unit.status = Status.WAITING
        unit.arrival_turn = turn_of[arrival] if arrival else scenario.first_turn
        unit.strength = ut.combat
    state.control = dict(setup.control)
    state.axis_supply = setup.axis_supply
    state.replacements = dict(setup.replacements)
    state.air = dict(setup.air)
    return state


def apply_options(model: Model, state: GameState, seed: int, options: Options) -> None:
    """The options on a start state (:func:`start_state`), in this order: the
    generator seeded, the flags and ratings stored; each unit, in unit order, out of
    the game if it is an optional depot and the option is off, else its strength and
    ceiling scaled by its side's Combat Points rating; the reinforcement shift draws;
    each side's air pool scaled by its Air rating (the hundredths carried)."""
    first_turn = model.scenarios[state.scenario].first_turn
    state.rng = seed_state(seed)
    state.computer_allied = options.computer_allied
    state.computer_axis = options.computer_axis
    state.random_initiative = options.random_initiative
    state.optional_depots = options.optional_depots
    state.ratings = {s: dict(options.ratings[s]) for s in SIDES}
    for ut in model.units:
        unit = state.unit(ut.number)
        if unit.status == Status.ABSENT:
            continue
        if ut.optional and not options.optional_depots:
            state.units[ut.number - 1] = UnitState(number=ut.number)     # out of the game: ABSENT
            continue
        combat_pct = model.ratings.percent["combat"][state.ratings[ut.side]["combat"]]
        unit.strength, unit.ceiling = scaled_strength(model, unit.strength, unit.ceiling, combat_pct)

    # Reinforcement rating: each waiting unit, in unit order, moves by a draw of
    # 0..|shift| turns, never before the first turn (R16.40c).  No draw when the
    # shift is 0.
    for unit in state.units:
        if unit.status != Status.WAITING:
            continue
        shift = model.ratings.reinforcement_shift[state.ratings[model.unit(unit.number).side]["reinforcements"]]
        if shift:
            moved = draw(state, abs(shift) + 1)
            unit.arrival_turn = max(first_turn, unit.arrival_turn + (moved if shift > 0 else -moved))

    for side in SIDES:
        state.air[side] = add_receipt(state, f"air_{side}", state.air[side],
                                      model.ratings.percent["air"][state.ratings[side]["air"]])
