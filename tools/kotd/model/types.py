"""The validated data model: plain frozen dataclasses, built only by the loaders.

Nothing downstream reads YAML: the reference engine, the table generator and the
front-end constants all take their numbers from these objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SIDES = ("axis", "allied")
UNIT_TYPES = ("mobile", "nonmobile")
ROLES = ("combat", "garrison", "depot")
POOLS = ("german", "italian", "allied")


def other_side(side: str) -> str:
    return "allied" if side == "axis" else "axis"


@dataclass(frozen=True)
class Fraction:
    num: int
    den: int


@dataclass(frozen=True)
class Terrain:
    code: int
    id: str
    letter: str
    passable: bool
    op_cost: dict[str, int] = field(default_factory=dict)       # by unit type
    supply_cost: dict[str, int] = field(default_factory=dict)   # by unit type
    defence_tenths: int = 0
    max_fort: int = 0


@dataclass(frozen=True)
class Fortification:
    supply_cost: dict[str, int]
    op_cost: dict[str, int]
    step_tenths: int
    multiplier_cap_tenths: int
    max_level: int


@dataclass(frozen=True)
class UnitType:
    """Static data of one unit of the order of battle."""
    number: int
    name: str
    side: str
    pool: str
    type: str
    role: str
    combat: int
    ceiling: int
    morale: int
    arrival: str | None            # Turn Chart date, or None for "start"
    optional: bool = False
    invented: tuple[str, ...] = ()

    @property
    def mobile(self) -> bool:
        return self.type == "mobile"

    @property
    def is_depot(self) -> bool:
        return self.role == "depot"

    @property
    def is_garrison(self) -> bool:
        return self.role == "garrison"


@dataclass(frozen=True)
class Turn:
    turn: int
    date: str
    initiative: str
    air: dict[str, int]
    axis_supply: int
    replacements: dict[str, int]   # by pool


@dataclass(frozen=True)
class Combat:
    base_constant: int
    base_per_mille: int
    loss_chart_strengths: tuple[int, ...]
    loss_chart: tuple[tuple[int, ...], ...]
    risk_table: dict[int, tuple[int, int]]          # risk sum -> (lo, hi) hundredths
    odds_min: int
    odds_max: int
    odds_modifier_percent: int
    odds_table: tuple[tuple[int, int], ...]
    morale_loss_tenths: dict[int, int]
    cadre_percent: dict[int, int]
    cadre_strength_percent: int
    cadre_min_supply: int
    elimination_percent: int
    air_max: int
    air_attacker_percent: int
    air_defender_percent: int
    air_loss_per_point: int
    air_loss_percent: dict[int, int]
    low_supply_threshold: int
    low_supply_percent: int
    defender_cap: Fraction
    bonus_friendly_unit: int
    bonus_friendly_hex: int
    bonus_enemy_unit: int
    bonus_enemy_hex: int
    attacker_min: Fraction
    attacker_max: Fraction
    attack_min_supply: dict[str, int]
    attack_min_op: dict[str, int]
    # [role][side][type] -> 9 values (intensity 1..9); role is attacker/defender
    supply_cost: dict[str, dict[str, dict[str, tuple[int, ...]]]]
    # [role][side] -> 9 values
    op_cost: dict[str, dict[str, tuple[int, ...]]]


@dataclass(frozen=True)
class Logistics:
    digit_percent: tuple[int, ...]
    supply_cap: dict[str, int]
    maintenance: int
    depot_supply: int
    distance_decrement_percent: int
    enemy_segment_percent: int
    supply_range: dict[str, int]
    depot_chain: int
    op_allowance: dict[str, dict[str, int]]
    stacking_hex: int
    stacking_tobruk: int
    desert_rats_radius: int
    desert_rats_cut_percent: int
    no_allied_replacements: tuple[str, ...]
    sealift_per_turn: int
    reaction_move_percent: int
    reaction_battle_percent: int
    reaction_continue_percent: int
    reaction_allowance_divisor: int
    random_initiative_axis_percent: int


@dataclass(frozen=True)
class Ratings:
    percent: dict[str, tuple[int, ...]]      # combat, replacements, supply, air
    reinforcement_shift: tuple[int, ...]
    difficulty: dict[str, int]
    reinforcements_rating: int


@dataclass(frozen=True)
class Victory:
    casualty_divisor: int
    towns: dict[str, int]                    # place id -> VP
    distance_bands: tuple[tuple[int, int], ...]   # (from, vp), ascending
    levels: tuple[str, ...]
    chart: dict[str, dict[str, int]]         # scenario -> level -> lowest score


@dataclass(frozen=True)
class Solitaire:
    luck_percent: int
    move_trigger_percent: int
    cadre_strength_percent: int
    no_cadre_divisor: int
    display_noise_percent: tuple[int, int]


@dataclass(frozen=True)
class Place:
    id: str
    name: str
    col: int
    row: int
    terrain: str
    label: str = "s"                         # where the drawing writes the name: n, s, e or w of the hex


LABEL_SIDES = ("n", "s", "e", "w")


@dataclass(frozen=True)
class Label:
    """A name written on the map for orientation only (a sea, a depression, a range of hills);
    the rules never read it."""
    name: str
    col: int
    row: int
    kind: str                                # "sea" or "land": how the drawing writes it


LABEL_KINDS = ("sea", "land")


@dataclass(frozen=True)
class Map:
    columns: int
    rows: int
    terrain: tuple[tuple[int, ...], ...]     # [row][col] -> terrain code
    places: dict[str, Place]
    home_bases: dict[str, str]               # side -> place id
    tobruk: str                              # place id of Tobruk
    # What the rules need of the map (rulings 16.12, 16.33), checked by `kotd check`:
    base_distance: int | None = None         # hexes between the two home bases
    tobruk_ocean: tuple[int, int] | None = None   # fewest, most ocean neighbours of Tobruk
    gap_place: str | None = None             # the place whose column is the El Alamein line
    gap_width: tuple[int, int] | None = None      # fewest, most passable hexes in that column
    labels: tuple[Label, ...] = ()

    def terrain_at(self, col: int, row: int) -> int:
        return self.terrain[row][col]

    def place_hex(self, place_id: str) -> tuple[int, int]:
        p = self.places[place_id]
        return (p.col, p.row)

    def on_map(self, col: int, row: int) -> bool:
        return 0 <= col < self.columns and 0 <= row < self.rows

    def place_at(self, col: int, row: int) -> Place | None:
        """The named place in a hex, if any (no two places share a hex)."""
        for p in self.places.values():
            if (p.col, p.row) == (col, row):
                return p
        return None


@dataclass(frozen=True)
class SetupUnit:
    number: int
    col: int
    row: int
    strength: int
    supply: int
    fort: int


@dataclass(frozen=True)
class Setup:
    """A start state: the units on the map and the situation before turn 1's receipts."""
    id: str                                  # the start date, e.g. "1941-03"
    units: tuple[SetupUnit, ...]
    absent: tuple[int, ...]                  # units that never appear
    arrivals: dict[int, str]                 # unit -> arrival date replacing the order of battle's
    control: dict[str, str]                  # place id -> side
    axis_supply: int
    replacements: dict[str, int]             # by pool
    air: dict[str, int]                      # by side
    start_totals: dict[str, dict[str, int]]  # side -> mobile_units, mobile_strength, ...
    lines: dict[str, int | None] = field(default_factory=dict, compare=False)   # "control", "control.<place>"


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    first_turn: int
    last_turn: int
    setup: str


@dataclass(frozen=True)
class Model:
    terrain: tuple[Terrain, ...]
    fortification: Fortification
    units: tuple[UnitType, ...]
    turns: tuple[Turn, ...]
    combat: Combat
    logistics: Logistics
    ratings: Ratings
    victory: Victory
    solitaire: Solitaire
    map: Map
    setups: dict[str, Setup]
    scenarios: dict[str, Scenario]

    def unit(self, number: int) -> UnitType:
        return self.units[number - 1]

    def turn(self, number: int) -> Turn:
        return self.turns[number - 1]

    def turn_of_date(self, date: str) -> int:
        for t in self.turns:
            if t.date == date:
                return t.turn
        raise KeyError(date)

    def terrain_by_id(self, tid: str) -> Terrain:
        for t in self.terrain:
            if t.id == tid:
                return t
        raise KeyError(tid)
