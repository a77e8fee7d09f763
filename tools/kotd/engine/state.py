"""The game state: everything that changes during a game, and nothing else.

Static unit data (side, type, morale, role) lives in the model's order of battle.
The same fields, in the same ranges, make up the shared state block that the 6502
engine and the BASIC front ends use (kotd.build.stateblock); the py65 harness
copies a :class:`GameState` into 6502 memory and back.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import IntEnum

from ..model.types import SIDES


class Status(IntEnum):
    ABSENT = 0       # not in this game (set-up, option) or never arrived
    WAITING = 1      # a reinforcement that has not arrived yet (arrival_turn)
    ON_MAP = 2
    CADRE = 3        # eliminated in combat; returns as a cadre at arrival_turn
    ELIMINATED = 4   # gone for good


class Phase(IntEnum):
    """Sequence of play, manual III.1 (A1..D2)."""
    SETUP = 0
    REINFORCEMENT = 1
    SUPPLY = 2
    LOGISTICS = 3
    INITIATIVE = 4
    B1_OPERATIONS = 5
    B2_RESUPPLY = 6
    B3_DEPOT_MOVEMENT = 7
    B4_ENEMY_REACTION = 8
    B5_OPERATIONS = 9
    B6_RESUPPLY = 10
    B7_DEPOT_MOVEMENT = 11
    C1_OPERATIONS = 12
    C2_RESUPPLY = 13
    C3_DEPOT_MOVEMENT = 14
    C4_ENEMY_REACTION = 15
    C5_OPERATIONS = 16
    C6_RESUPPLY = 17
    C7_DEPOT_MOVEMENT = 18
    VICTORY = 19
    GAME_OVER = 20


OFF_MAP = 0xFF     # col and row of a unit that is not on the map


@dataclass
class UnitState:
    number: int
    status: Status = Status.ABSENT
    col: int = OFF_MAP
    row: int = OFF_MAP
    strength: int = 0
    ceiling: int = 0
    supply: int = 0
    op: int = 0
    fort: int = 0
    supplied: bool = False
    cut_off: bool = False                  # the computer player's note: out of supply at its Logistics
                                           # phase (no rule reads it; docs/ai.md "Movement")
    arrival_turn: int = 0      # WAITING / CADRE: the turn from which it may arrive
    priority: int = 0          # resupply priority digit 0-9 set in Logistics
    noise: int = 100           # solitaire display: shown strength percent (rulings 16.42.7)

    @property
    def hex(self) -> tuple[int, int]:
        return (self.col, self.row)

    @property
    def on_map(self) -> bool:
        return self.status == Status.ON_MAP


def ratings_default() -> dict[str, int]:
    return {"combat": 3, "replacements": 3, "supply": 3, "air": 3, "reinforcements": 5}


@dataclass
class GameState:
    scenario: str
    turn: int                              # Turn Chart row 1..12
    last_turn: int
    units: list[UnitState]                 # index = unit number - 1
    rng: int                               # 16-bit generator state (never 0)
    phase: Phase = Phase.SETUP
    axis_supply: int = 0                   # Axis supply pool (24-bit)
    replacements: dict[str, int] = field(default_factory=lambda: {"german": 0, "italian": 0, "allied": 0})
    air: dict[str, int] = field(default_factory=lambda: {"axis": 0, "allied": 0})         # pool totals
    air_usable: dict[str, int] = field(default_factory=lambda: {"axis": 0, "allied": 0})  # this phase
    # Rating percentages make fractional receipts; the hundredths carry over (rulings 16.8).
    carry: dict[str, int] = field(default_factory=lambda: {
        "axis_supply": 0, "german": 0, "italian": 0, "allied": 0, "air_axis": 0, "air_allied": 0})
    vp: dict[str, int] = field(default_factory=lambda: {"axis": 0, "allied": 0})          # towns + distance
    casualties: dict[str, int] = field(default_factory=lambda: {"axis": 0, "allied": 0})  # inflicted by side
    control: dict[str, str] = field(default_factory=dict)   # VP place id -> side that last occupied it
    computer_allied: bool = False
    computer_axis: bool = False            # the computer runs the Axis: no rule reads it (docs/rules.md)
    random_initiative: bool = False
    optional_depots: bool = False
    ratings: dict[str, dict[str, int]] = field(default_factory=lambda: {s: ratings_default() for s in SIDES})
    initiative: str = "axis"               # side holding the initiative this turn
    first_player: str = "axis"
    sealift_left: int = 0
    sealift_blocked: bool = False          # units in Tobruk took replacements this turn
    winner: str | None = None              # set when the game ends
    level: str | None = None               # victory level at the end
    # The sequence of play's own state (kotd.engine.flow): who acts, the limited
    # reaction, a declared battle waiting for the defender, the logistics order.
    acting: str | None = None              # the side acting in this phase, None if nobody
    react_side: str | None = None          # a limited reaction is open for this side
    react_open: bool = False               # another unit may still act in it
    react_battle: bool = False             # its one battle has been fought
    react_unit: int = 0                    # the unit accessed, 0 for none
    react_budget: int = 0                  # operation points that unit may still spend
    defend_pending: bool = False           # a declared battle waits for the defender's choice
    logistics_last: int = 0                # the last unit allocated by the acting side

    def unit(self, number: int) -> UnitState:
        return self.units[number - 1]

    def copy(self) -> "GameState":
        return copy.deepcopy(self)
