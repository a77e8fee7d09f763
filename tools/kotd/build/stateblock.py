"""The shared state block: one Python definition, every view of it.

The 6502 engine, the BASIC front ends and the py65 harness share one block of memory
holding the whole :class:`~kotd.engine.state.GameState`, followed by a named scratch
area (the call block, the zero-page save area, the battle block, a work area).  This
module is the only place that says what lies where.  From it come:

- ``port/asm/generated/state.inc`` and ``zeropage.inc`` (:func:`asm_equates`),
- ``dist/<target>/state_constants.txt`` / ``.json`` and :func:`constants` (NAME ->
  address, for the BASIC front ends and the harness),
- :func:`encode` / :func:`decode`, GameState <-> bytes (a round trip gives an equal
  GameState).

Layout rules (docs/engine.md "State block"):

- Units are structure-of-arrays, indexed by ``unit number - 1`` (6502 ``X``):
  ``U_STATUS[n]``, ``U_STR_LO[n]``, ``U_STR_HI[n]``...
- A value wider than a byte is split into byte planes ``NAME_LO``, ``NAME_MID``
  (24-bit only), ``NAME_HI``, each ``count`` bytes long.  With ``count`` 1 the planes
  are consecutive, so ``NAME`` is also the little-endian value.
- Sides are 0 axis, 1 allied (``kotd.model.types.SIDES`` order); "nothing" is $FF
  (no winner, no level, a VP place nobody holds, a unit's col/row off the map).

Adding a field is one line in the list it belongs to (``GAME``, ``UNITS``,
``SCRATCH`` or ``ZERO_PAGE``); everything downstream follows.
"""

from __future__ import annotations


import dataclasses
import json
import sys
from dataclasses import dataclass
from typing import Callable, Iterable, Union

from ..engine.state import GameState, Phase, Status, UnitState, ratings_default
from ..model.types import POOLS, SIDES, Model
from .targets import Target

NONE = 0xFF          # "nothing": no winner, no level, nobody holds the place
PLANE_SUFFIXES = {1: ("",), 2: ("_LO", "_HI"), 3: ("_LO", "_MID", "_HI")}

Count = Union[int, Callable[[Model], int]]
Getter = Callable[[GameState, Model], list]
Putter = Callable[[GameState, Model, list], None]


class LayoutError(Exception):
    """A field does not fit its region; names this file and the field's line."""


@dataclass(frozen=True)
class Field:
    name: str                    # asm name, upper case
    width: int                   # bytes per value: 1, 2 or 3
    count: Count                 # values: a number, or one taken from the model
    doc: str
    get: Getter | None = None    # GameState -> list of `count` whole numbers
    put: Putter | None = None    # list of whole numbers -> GameState
    line: int = dataclasses.field(default=0, compare=False)

    def __post_init__(self):
        # Remember the line that defined the field, for layout errors.
        frame = sys._getframe(2)
        object.__setattr__(self, "line", frame.f_lineno)

    def n(self, model: Model) -> int:
        return self.count(model) if callable(self.count) else self.count

    def size(self, model: Model) -> int:
        return self.width * self.n(model)


# --- helpers that tie a field to the GameState -----------------------------------------

def _units(model: Model) -> int:
    return len(model.units)


def _scalar(attr: str, to_int=int, from_int=int) -> tuple[Getter, Putter]:
    return (lambda s, m: [to_int(getattr(s, attr))],
            lambda s, m, v: setattr(s, attr, from_int(v[0])))


def _keyed(attr: str, keys: tuple[str, ...]) -> tuple[Getter, Putter]:
    """A dict attribute with a fixed set of keys, stored in `keys` order."""
    return (lambda s, m: [getattr(s, attr)[k] for k in keys],
            lambda s, m, v: setattr(s, attr, dict(zip(keys, v))))


def _unit(attr: str, to_int=int, from_int=int) -> tuple[Getter, Putter]:
    def get(s, m):
        return [to_int(getattr(u, attr)) for u in s.units]

    def put(s, m, v):
        for u, x in zip(s.units, v):
            setattr(u, attr, from_int(x))
    return get, put


def _unit_bits(attr: str) -> tuple[Getter, Putter]:
    """A flag of every unit, a bit each: unit n is bit (n - 1) % 8 of byte (n - 1) // 8."""
    def get(s, m):
        v = [0] * _bit_bytes(m)
        for i, u in enumerate(s.units):
            v[i // 8] |= int(getattr(u, attr)) << (i % 8)
        return v

    def put(s, m, v):
        for i, u in enumerate(s.units):
            setattr(u, attr, bool(v[i // 8] >> (i % 8) & 1))
    return get, put


def _bit_bytes(model: Model) -> int:
    return (len(model.units) + 7) // 8


def _rating(kind: str) -> tuple[Getter, Putter]:
    def put(s, m, v):
        for side, x in zip(SIDES, v):
            s.ratings.setdefault(side, {})[kind] = x
    return (lambda s, m: [s.ratings[side][kind] for side in SIDES], put)


def _side_code(side: str | None) -> int:
    return NONE if side is None else SIDES.index(side)


def _side_name(code: int) -> str | None:
    if code == NONE:
        return None
    if code >= len(SIDES):
        raise ValueError(f"side code {code} is neither 0 (axis), 1 (allied) nor {NONE} (none)")
    return SIDES[code]


def _side_required(code: int) -> str:
    side = _side_name(code)
    if side is None:
        raise ValueError(f"side code {code} must be 0 (axis) or 1 (allied)")
    return side


def _scenario() -> tuple[Getter, Putter]:
    def get(s, m):
        ids = list(m.scenarios)
        if s.scenario not in ids:
            raise ValueError(f"scenario {s.scenario!r} is not one of {ids}")
        return [ids.index(s.scenario)]

    def put(s, m, v):
        ids = list(m.scenarios)
        if v[0] >= len(ids):
            raise ValueError(f"scenario index {v[0]} is not below {len(ids)}")
        s.scenario = ids[v[0]]
    return get, put


def _control() -> tuple[Getter, Putter]:
    def get(s, m):
        towns = list(m.victory.towns)
        extra = set(s.control) - set(towns)
        if extra:
            raise ValueError(f"control of {sorted(extra)}: only the VP places {towns} are stored")
        return [_side_code(s.control.get(pid)) for pid in towns]

    def put(s, m, v):
        s.control = {pid: _side_required(c) for pid, c in zip(m.victory.towns, v) if c != NONE}
    return get, put


def _level() -> tuple[Getter, Putter]:
    def get(s, m):
        return [NONE if s.level is None else m.victory.levels.index(s.level)]

    def put(s, m, v):
        if v[0] == NONE:
            s.level = None
        elif v[0] < len(m.victory.levels):
            s.level = m.victory.levels[v[0]]
        else:
            raise ValueError(f"level code {v[0]} is not below {len(m.victory.levels)}")
    return get, put


def _bool(v: int) -> bool:
    if v not in (0, 1):
        raise ValueError(f"flag byte {v} is neither 0 nor 1")
    return bool(v)


CARRY_KEYS = tuple(GameState.__dataclass_fields__["carry"].default_factory())
RATING_KINDS = tuple(ratings_default())


# --- the definition ----------------------------------------------------------------------

#: The game as a whole (GameState's own fields).
GAME: list[Field] = [
    Field("SCENARIO", 1, 1, "scenario, index in data/scenarios.yaml order", *_scenario()),
    Field("TURN", 1, 1, "Turn Chart row 1..", *_scalar("turn")),
    Field("LAST_TURN", 1, 1, "the scenario's last turn", *_scalar("last_turn")),
    Field("PHASE", 1, 1, "sequence of play, kotd.engine.state.Phase", *_scalar("phase", int, Phase)),
    Field("RNG", 2, 1, "generator state, never 0 (docs/rules.md Random numbers)", *_scalar("rng")),
    Field("AXIS_SUPPLY", 3, 1, "Axis supply pool, 24-bit", *_scalar("axis_supply")),
    Field("REPL", 2, len(POOLS), "replacement pools: german, italian, allied", *_keyed("replacements", POOLS)),
    Field("AIR", 1, len(SIDES), "air pool per side", *_keyed("air", SIDES)),
    Field("AIR_USABLE", 1, len(SIDES), "air usable this phase per side", *_keyed("air_usable", SIDES)),
    Field("CARRY", 1, len(CARRY_KEYS), "receipt hundredths carried: " + ", ".join(CARRY_KEYS),
          *_keyed("carry", CARRY_KEYS)),
    Field("VP", 2, len(SIDES), "victory points from towns and distance per side", *_keyed("vp", SIDES)),
    Field("CASUALTIES", 3, len(SIDES), "casualties inflicted per side", *_keyed("casualties", SIDES)),
    Field("CONTROL", 1, lambda m: len(m.victory.towns), "side holding each VP place (data/victory.yaml towns order)",
          *_control()),
    Field("OPT_COMPUTER_ALLIED", 1, 1, "1: the computer runs the Allies (solitaire)",
          *_scalar("computer_allied", int, _bool)),
    Field("OPT_COMPUTER_AXIS", 1, 1, "1: the computer runs the Axis (no rule reads it)",
          *_scalar("computer_axis", int, _bool)),
    Field("OPT_RANDOM_INITIATIVE", 1, 1, "1: initiative drawn each turn", *_scalar("random_initiative", int, _bool)),
    Field("OPT_DEPOTS", 1, 1, "1: the optional Axis depots", *_scalar("optional_depots", int, _bool)),
    *[Field(f"RATING_{kind.upper()}", 1, len(SIDES), f"{kind} rating 0-9 per side", *_rating(kind))
      for kind in RATING_KINDS],
    Field("INITIATIVE", 1, 1, "side holding the initiative", *_scalar("initiative", _side_code, _side_required)),
    Field("FIRST_PLAYER", 1, 1, "side moving first this turn", *_scalar("first_player", _side_code, _side_required)),
    Field("SEALIFT_LEFT", 1, 1, "sea moves left this turn", *_scalar("sealift_left")),
    Field("SEALIFT_BLOCKED", 1, 1, "1: Tobruk took replacements this turn", *_scalar("sealift_blocked", int, _bool)),
    Field("WINNER", 1, 1, "side that won, $FF while playing", *_scalar("winner", _side_code, _side_name)),
    Field("LEVEL", 1, 1, "victory level index (data/victory.yaml levels), $FF while playing", *_level()),
    # The sequence of play (kotd.engine.flow; docs/engine.md "Sequence of play").
    Field("FLOW_SIDE", 1, 1, "side acting in this phase, $FF for nobody", *_scalar("acting", _side_code, _side_name)),
    Field("REACT_SIDE", 1, 1, "side of the open limited reaction, $FF for none",
          *_scalar("react_side", _side_code, _side_name)),
    Field("REACT_OPEN", 1, 1, "1: another unit may still act in the limited reaction",
          *_scalar("react_open", int, _bool)),
    Field("REACT_BATTLE", 1, 1, "1: the limited reaction's one battle is fought", *_scalar("react_battle", int, _bool)),
    Field("REACT_UNIT", 1, 1, "the unit accessed in the limited reaction, 0 for none", *_scalar("react_unit")),
    Field("REACT_BUDGET", 1, 1, "operation points the accessed unit may still spend", *_scalar("react_budget")),
    Field("DEFEND_PENDING", 1, 1, "1: a declared battle waits for the defender's risk and air",
          *_scalar("defend_pending", int, _bool)),
    Field("LOGISTICS_LAST", 1, 1, "the last unit given its logistics by the acting side", *_scalar("logistics_last")),
    Field("CUT_OFF", 1, _bit_bytes, "the computer player's note, a bit a unit (unit n: bit (n-1)%8 of byte (n-1)//8): "
          "out of supply at its side's Logistics phase; no rule reads it (docs/ai.md)", *_unit_bits("cut_off")),
]

#: Per unit, structure-of-arrays, index = unit number - 1.
UNITS: list[Field] = [
    Field("U_STATUS", 1, _units, "kotd.engine.state.Status", *_unit("status", int, Status)),
    Field("U_COL", 1, _units, "column, $FF off the map", *_unit("col")),
    Field("U_ROW", 1, _units, "row, $FF off the map", *_unit("row")),
    Field("U_STR", 2, _units, "strength", *_unit("strength")),
    Field("U_CEIL", 2, _units, "strength ceiling", *_unit("ceiling")),
    Field("U_SUPPLY", 2, _units, "supply carried", *_unit("supply")),
    Field("U_OP", 1, _units, "operation points left", *_unit("op")),
    Field("U_FORT", 1, _units, "fortification level", *_unit("fort")),
    Field("U_SUPPLIED", 1, _units, "1: in supply", *_unit("supplied", int, _bool)),
    Field("U_ARRIVAL", 1, _units, "turn from which a waiting unit or cadre may arrive", *_unit("arrival_turn")),
    Field("U_PRIORITY", 1, _units, "resupply priority digit 0-9", *_unit("priority")),
    Field("U_NOISE", 1, _units, "solitaire display percent", *_unit("noise")),
]

MAX_ARGS = 8            # arguments a call can pass (more are pulled and dropped)

#: Scratch: not part of the game; the engine's own working memory.
SCRATCH: list[Field] = [
    # The call block: how a caller passes arguments and gets results (docs/engine.md).
    Field("CALL_ARGC", 1, 1, "arguments given (Apple: POKE before CALL)"),
    Field("CALL_ENTRY", 1, 1, "the current call's entry n as 3 n + 2 (the jump table's return address)"),
    Field("CALL_STATUS", 1, 1, "0 ok, else an error code"),
    Field("CALL_RESULT", 2, 1, "result; $FF00 + error code on error"),
    Field("CALL_ARGS", 1, 2 * MAX_ARGS, "arguments, each low byte then high byte"),
    Field("ZP_SAVE", 1, lambda m: len_zero_page(), "the caller's zero page, kept during a call"),
    # The battle block of RESOLVE_BATTLE (port/asm/combat.s; docs/engine.md): slots 0..5
    # are the attackers, slots 6..11 the defenders.
    Field("BATTLE_HEXES", 1, 4, "in: attacking column, row; defending column, row"),
    Field("BATTLE_COUNT", 1, 2, "in: number of attackers, of defenders"),
    Field("BATTLE_UNITS", 1, lambda m: _slots(m), "in: unit numbers by slot (attackers 0.., defenders from STACKING_HEX)"),
    Field("BATTLE_INTENSITY", 1, 1, "in: intensity 1-9"),
    Field("BATTLE_RISK", 1, len(SIDES), "in: risk level 1-9, attacker then defender"),
    Field("BATTLE_AIR", 1, len(SIDES), "in: air committed, attacker then defender"),
    Field("BATTLE_REACTION", 1, 1, "in: 1 in a limited reaction (no depot attacks)"),
    Field("BATTLE_STRENGTH", 2, 2, "out: unmodified strength, attackers then defenders"),
    Field("BATTLE_MODIFIED", 2, 2, "out: modified strength A, then D"),
    Field("BATTLE_ODDS", 2, 1, "out: odds in hundredths, saturated at 65535"),
    Field("BATTLE_BASE", 2, 1, "out: base loss"),
    Field("BATTLE_FACTOR", 1, 2, "out: risk factor in hundredths, attacker then defender"),
    Field("BATTLE_LOSS", 2, 2, "out: overall loss, attacker then defender"),
    Field("BATTLE_RISK_PART", 2, 2, "out: the part of each overall loss caused by risk"),
    Field("BATTLE_UNIT_LOSS", 2, lambda m: _slots(m), "out: strength lost, by slot"),
    Field("BATTLE_FATE", 1, lambda m: _slots(m), "out: 0 stays, 1 eliminated, 2 eliminated and returns as a cadre"),
    Field("BATTLE_CAPTURED", 2, lambda m: _slots(m), "out: supply captured, by slot"),
    Field("BATTLE_AIR_LOST", 1, len(SIDES), "out: air points lost, Axis then Allied"),
    Field("BATTLE_CASUALTIES", 2, len(SIDES), "out: casualties inflicted by the Axis, by the Allies"),
    Field("BATTLE_SIDE", 1, 1, "work: the attacking side"),
    Field("BATTLE_IDX", 1, lambda m: _slots(m), "work: unit index (number - 1) by slot, $FF for an empty slot"),
    Field("BATTLE_CADRE_OK", 1, lambda m: _slots(m), "work: 1 if the slot may return as a cadre"),
    Field("BATTLE_PENDING", 1, lambda m: _slots(m), "work: 1 while an eliminated slot waits its turn"),
    Field("BATTLE_HERE", 1, 3, "work: units in the attacking hex, in the defending hex, non-depots there"),
    Field("BATTLE_NEAR", 1, 4, "work: friendly units, friendly hexes, enemy units, enemy hexes"),
    Field("BATTLE_MASK", 1, 4, "work: neighbours of the defending hex held by Axis, Allied; of the "
          "attacking hex by Axis, Allied"),
    Field("BATTLE_NB_SELF", 1, 1, "work: the attacking hex's bit among the defending hex's neighbours"),
    Field("BATTLE_TOTAL10", 2, 2, "work: ten times each group's strength"),
    Field("BATTLE_WORK", 1, 12, "work: group, slot ends, counters, a 16-bit value, a 24-bit sum"),
    Field("MATH_TERM", 1, 4, "math.s: a 32-bit operand"),
    # The work area.
    Field("WORK_UNIT", 1, _units, "one work byte per unit (marks, distances)"),
    Field("WORK", 1, 64, "general work bytes"),
    # Supply tracing (port/asm/supply.s): one side's places (its roots and depots on the
    # map) in axial coordinates, and the lists of sources and of pending depots.
    Field("SUPPLY_SRC_Q", 1, lambda m: _max_sources(m), "each place's axial q (column) + DEPOT_CHAIN"),
    Field("SUPPLY_SRC_R", 1, lambda m: _max_sources(m), "its r (row - column / 2) + DEPOT_CHAIN + 1"),
    Field("SUPPLY_SRC_S", 1, lambda m: _max_sources(m), "its q + r + DEPOT_CHAIN + 1"),
    Field("SUPPLY_PLACE_UNIT", 1, lambda m: _max_sources(m), "a depot's place: its unit index"),
    Field("SUPPLY_SOURCE_LIST", 1, lambda m: _max_sources(m), "the places that are sources, in the order found"),
    Field("SUPPLY_PENDING_LIST", 1, lambda m: _max_sources(m), "the depots' places not yet linked to a source"),
    Field("SUPPLY_SIDE", 1, 1, "the side being traced"),
    Field("SUPPLY_SOURCES", 1, 1, "entries of SUPPLY_SOURCE_LIST"),
    Field("SUPPLY_NEXT", 1, 1, "unused: supply.s keeps this count in zero page (FS_NEXT); kept so that the fields after it keep their places"),
    Field("SUPPLY_DEPOTS", 1, 1, "unused: supply.s keeps this count in zero page (FS_DEPOTS); kept so that the fields after it keep their places"),
    # The phase routines (port/asm/percent.s, setup.s, logistics_phase.s, phase_entry.s, victory.s).
    Field("SCALE_TERM", 1, 3, "percent.s: the 24-bit value being scaled"),
    Field("PHASE_SIDE", 1, 1, "the side being worked (the phasing side in resupply)"),
    Field("PHASE_UNIT", 1, 1, "the unit index being worked"),
    Field("PHASE_ROOM", 1, 1, "units a home base still takes; Desert Rats conditions met"),
    Field("PHASE_STATUS", 1, 1, "the status whose units arrive (waiting, then cadres)"),
    Field("PHASE_COUNT", 1, 1, "units arrived, eliminated or removed: the routine's result"),
    Field("PHASE_SCORE", 2, 1, "the score + 32768 (offset binary: unsigned order is signed order)"),
    Field("PHASE_LEVEL", 1, 1, "the victory level reached so far"),
    Field("DESERT_RATS_LOST", 1, 1, "out of the logistics phase's opening (logistics_start): 0 if the "
          "Desert Rats did not strike, else 1 + the Axis depots they eliminated; kept until the next one"),
    # The sequence of play (port/asm/flow.s).
    Field("FLOW_ACTOR", 1, 1, "out of PHASE_INFO: the side that must act now, $FF for nobody"),
    Field("FLOW_MAY", 2, 1, "out of PHASE_INFO: what it may do (MAY_* bits)"),
    Field("FLOW_UNIT", 1, 1, "work: index of the unit acting"),
    Field("FLOW_SPENT", 1, 1, "work: operation points the action spent"),
    # Unit actions (port/asm/movement.s, logistics.s): what a good call leaves for the caller.
    Field("MOVE_NEXT_TO_ENEMY", 1, 1, "out: 1 if the hex entered was empty and is next to an enemy unit"),
    Field("MOVE_TAKES_BASE", 1, 1, "out: 1 if the unit entered the enemy home base"),
    Field("LOGISTICS_MAX", 2, 2, "out: the most replacements, then supply, the unit may be given"),
    Field("LOGISTICS_GIVEN", 2, 2, "out: strength added, then supply received, by the allocation"),
    Field("ACTION_UNIT", 1, 1, "work: index (number - 1) of the unit acting"),
    Field("ACTION_COST", 1, 2, "work: the operation points, then the supply, the action costs"),
]

#: The engine's zero page, laid out from the target's zero-page base.
ZERO_PAGE: list[Field] = [
    Field("ZP_PTR", 2, 1, "a pointer for (zp),Y"),
    Field("ZP_HEX_A", 1, 2, "a hex: column, row"),
    Field("ZP_HEX_B", 1, 2, "another hex: column, row"),
    Field("ZP_MUL", 1, 4, "math.s: the 32-bit accumulator M0..M3"),
    Field("ZP_TEMP", 1, 6, "short-lived temporaries; +4, +5 are math.s's operand B0, B1"),
]


def _slots(model: Model) -> int:
    """Battle slots: a full hex of attackers and a full hex of defenders."""
    return 2 * model.logistics.stacking_hex


def _max_sources(model: Model) -> int:
    """Home base, Tobruk and every depot of the side with the most depots."""
    return 2 + max(sum(1 for u in model.units if u.side == side and u.is_depot) for side in SIDES)


def len_zero_page() -> int:
    return sum(f.width * f.count for f in ZERO_PAGE)


# --- layout ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Placed:
    field: Field
    offset: int          # from the region's start
    n: int               # values

    @property
    def size(self) -> int:
        return self.field.width * self.n

    def planes(self) -> list[tuple[str, int]]:
        """(asm name, offset) of each byte plane; a one-byte field has one plane."""
        out = [(self.field.name, self.offset)] if self.field.width > 1 else []
        for i, suffix in enumerate(PLANE_SUFFIXES[self.field.width]):
            out.append((self.field.name + suffix, self.offset + i * self.n))
        return out


@dataclass(frozen=True)
class Layout:
    game: tuple[Placed, ...]
    units: tuple[Placed, ...]
    scratch: tuple[Placed, ...]
    zero_page: tuple[Placed, ...]
    state_size: int       # bytes of the GameState part (GAME + UNITS)
    total_size: int       # state + scratch

    @property
    def stored(self) -> tuple[Placed, ...]:
        return self.game + self.units

    @property
    def all_state(self) -> tuple[Placed, ...]:
        return self.game + self.units + self.scratch

    @property
    def zero_page_size(self) -> int:
        return sum(p.size for p in self.zero_page)


def layout(model: Model) -> Layout:
    offset = 0
    placed: dict[str, list[Placed]] = {}
    for group, fields in (("game", GAME), ("units", UNITS), ("scratch", SCRATCH)):
        placed[group] = []
        for f in fields:
            p = Placed(f, offset, f.n(model))
            placed[group].append(p)
            offset += p.size
        if group == "units":
            state_size = offset
    zp, zoff = [], 0
    for f in ZERO_PAGE:
        zp.append(Placed(f, zoff, f.n(model)))
        zoff += zp[-1].size
    return Layout(tuple(placed["game"]), tuple(placed["units"]), tuple(placed["scratch"]), tuple(zp),
                  state_size, offset)


def check_fits(model: Model, target: Target) -> None:
    """The state block and scratch fit the target's state region, the zero page its own."""
    lay = layout(model)
    for placed, region in ((lay.all_state, target.state), (lay.zero_page, target.zero_page)):
        for p in placed:
            if p.offset + p.size > region.size:
                raise LayoutError(
                    f"{__file__}:{p.field.line}: {p.field.name} ends at offset {p.offset + p.size}, "
                    f"beyond the {target.name} {region} ({region.size} bytes): "
                    f"shrink a field or move the region in tools/kotd/build/targets.py")


# --- the views ---------------------------------------------------------------------------

def asm_equates(model: Model) -> str:
    """``state.inc``: every field as STATE_BASE + offset (the target file gives STATE_BASE)."""
    lay = layout(model)
    lines = [";", "; The shared state block: every field's address, relative to STATE_BASE.",
             "; From tools/kotd/build/stateblock.py; units are arrays indexed by unit number - 1.", ";", ""]

    def section(title: str, placed: Iterable[Placed], base: str) -> None:
        lines.append(f"; --- {title}")
        for p in placed:
            lines.append(f"; {p.field.name}: {p.field.doc} ({p.n} x {8 * p.field.width} bits)")
            for name, off in p.planes():
                lines.append(f".alias {name:<24} {base}+{off}")
        lines.append("")
    section("the game", lay.game, "STATE_BASE")
    section("the units", lay.units, "STATE_BASE")
    section("scratch", lay.scratch, "STATE_BASE")
    lines.append(f".alias {'STATE_SIZE':<24} {lay.state_size}    ; bytes of the game state")
    lines.append(f".alias {'SCRATCH_END':<24} STATE_BASE+{lay.total_size}")
    lines.append(f".alias {'ZP_SIZE':<24} {lay.zero_page_size}")
    lines.append(f".alias {'CALL_MAX_ARGS':<24} {MAX_ARGS}")
    return "\n".join(lines) + "\n"


def zero_page_copies(model: Model) -> str:
    """``zpsave.s``: save_zero_page and restore_zero_page written out byte by byte (7
    cycles a byte instead of a loop's 14; port/asm/abi_common.s includes it)."""
    size = layout(model).zero_page_size
    lines = [";", "; save_zero_page -- ZP_SAVE = the engine's zero page (ZP_SIZE bytes), unrolled.",
             ";", "; Clobbers: A", ";", "save_zero_page:"]
    for i in range(size):
        lines += [f"    lda ZP_BASE+{i}", f"    sta ZP_SAVE+{i}"]
    lines += ["    rts", "", ";", "; restore_zero_page -- the engine's zero page = ZP_SAVE, unrolled.",
              ";", "; Clobbers: A", ";", "restore_zero_page:"]
    for i in range(size):
        lines += [f"    lda ZP_SAVE+{i}", f"    sta ZP_BASE+{i}"]
    lines += ["    rts"]
    return "\n".join(lines) + "\n"


def zero_page_equates(model: Model) -> str:
    """``zeropage.inc``: the engine's zero page, relative to ZP_BASE (the target file gives it)."""
    lay = layout(model)
    lines = [";", "; The engine's zero page, relative to ZP_BASE: the only zero page the engine",
             "; touches.  The ABI glue saves it on entry and restores it on exit.", ";", ""]
    for p in lay.zero_page:
        lines.append(f"; {p.field.name}: {p.field.doc}")
        for name, off in p.planes():
            lines.append(f".alias {name:<24} ZP_BASE+{off}")
    return "\n".join(lines) + "\n"


def field_addresses(model: Model, target: Target) -> dict[str, int]:
    """Every name of the state block, scratch and zero page -> absolute address."""
    lay = layout(model)
    out: dict[str, int] = {}
    for p in lay.all_state:
        for name, off in p.planes():
            out[name] = target.state.start + off
    for p in lay.zero_page:
        for name, off in p.planes():
            out[name] = target.zero_page.start + off
    return out


def scratch_end(model: Model, target: Target) -> int:
    """SCRATCH_END: the first byte after the state block and the scratch, where each front
    end's text section goes (docs/engine.md's memory maps)."""
    return target.state.start + layout(model).total_size


def constants(model: Model, target: Target, assembly=None) -> dict[str, int]:
    """What a BASIC front end needs: addresses of fields, entries and sizes, error codes,
    and every number the ABI gives or takes (enumerations, ``SUPPLY_BOTH_SIDES``,
    ``FATE_*``, the battle block's slots): BASIC never types a number."""
    from . import abi, tables
    lay = layout(model)
    out = {"STATE_BASE": target.state.start, "STATE_SIZE": lay.state_size,
           "SCRATCH_END": scratch_end(model, target), "UNIT_COUNT": len(model.units),
           "ENGINE_BASE": target.engine.start}
    out.update(field_addresses(model, target))
    out.update(abi.entry_addresses(target))
    out.update({f"E_{name}": code for name, code in abi.ERRORS.items()})
    from ..engine.flow import May
    out.update({f"MAY_{m.name}": m.value for m in May if m.value})
    out["RESULT_ERROR"] = abi.RESULT_ERROR
    from . import disk
    out.update(disk.basic_constants(target))        # saved games (issue 11)
    out["HEX_NONE"] = abi.HEX_NONE
    out["ANY_COL"] = abi.ANY_COL
    if model.map.columns > abi.ANY_COL:
        raise LayoutError(f"data/map.yaml: {model.map.columns} columns reach FIND_UNIT's ANY_COL ({abi.ANY_COL})")
    out["ABI_VERSION"] = abi.ABI_VERSION
    for name, value in tables.abi_constants(model).items():
        if name in out and out[name] != value:
            raise LayoutError(f"state_constants: {name} is both {out[name]} and {value}")
        out[name] = value
    out["MAP_COLS"], out["MAP_ROWS"] = model.map.columns, model.map.rows
    # Where the front end's T and B keys put the cursor (data/map.yaml).
    out["TOBRUK_COL"], out["TOBRUK_ROW"] = model.map.place_hex(model.map.tobruk)
    for side in SIDES:
        out[f"HOME_{side.upper()}_COL"], out[f"HOME_{side.upper()}_ROW"] = \
            model.map.place_hex(model.map.home_bases[side])
    engine = engine_assembly(model, target, assembly)
    out.update({name: engine.address(name) for name in FRONT_END_TABLES})
    if target.name == "atari":                      # port/asm/atari_frontend.s's jump table
        base = engine.address("engine_end")         # it loads right after the engine's last byte
        out["DRAW_MAP"], out["CLEAR_ROWS"], out["DRAW_TERRAIN"] = base, base + 3, base + 6
        out["DRAW_PHASE"], out["DRAW_UNIT_NAME"] = base + 9, base + 12
    if target.display is not None:                  # port/asm/apple_frontend.s's jump table, by label
        from . import display
        out.update(display.entry_addresses(display.cached_assembly(model, target, engine)))
    return out


#: Engine tables a front end reads to draw (the map's terrain, each unit's side and type,
#: the towns, each turn's month and year): their addresses come from the assembly, as ``TABLE_NAME``.
FRONT_END_TABLES = ("MAP_TERRAIN", "UNIT_SIDE", "UNIT_TYPE", "UNIT_MORALE", "TOWN_COL", "TOWN_ROW",
                    "TURN_MONTH", "TURN_YEAR_LO", "TURN_YEAR_HI")

_ASSEMBLED: dict[str, tuple[Model, object]] = {}


def engine_assembly(model: Model, target: Target, assembly=None):
    """The target's engine assembly whose addresses the BASIC constants give: the build's
    own (``assembly``), or, for a caller outside a build (``kotd basic check``, tests), the
    engine generated from ``model`` and assembled once per model and target."""
    if assembly is not None:
        return assembly
    cached = _ASSEMBLED.get(target.name)
    if cached is None or cached[0] is not model:
        from .. import DEFAULT_DATA_DIR
        from . import generate_sources
        from .assemble import assemble
        generate_sources(model, DEFAULT_DATA_DIR)
        cached = _ASSEMBLED[target.name] = (model, assemble(f"{target.name}.s"))
    return cached[1]


def constants_text(model: Model, target: Target, assembly=None) -> str:
    head = [f"# GENERATED by kotd build from data/ — do not edit",
            f"# {target.title}: NAME=decimal address or value, for PEEK/POKE/USR/CALL"]
    return "\n".join(head + [f"{k}={v}" for k, v in constants(model, target, assembly).items()]) + "\n"


def constants_json(model: Model, target: Target, assembly=None) -> str:
    return json.dumps({"generated": "GENERATED by kotd build from data/ — do not edit", "target": target.name,
                       "constants": constants(model, target, assembly)}, indent=1) + "\n"


# --- encode / decode ---------------------------------------------------------------------

def _store(buf: bytearray, p: Placed, values: list[int], what: str) -> None:
    if len(values) != p.n:
        raise ValueError(f"{p.field.name}: {len(values)} values for {p.n} places ({what})")
    limit = 1 << (8 * p.field.width)
    for i, v in enumerate(values):
        if not 0 <= v < limit:
            where = f" (index {i})" if p.n > 1 else ""
            raise ValueError(f"{p.field.name}{where}: {v} does not fit in {8 * p.field.width} bits")
        for plane in range(p.field.width):
            buf[p.offset + plane * p.n + i] = (v >> (8 * plane)) & 0xFF


def _load(data: bytes, p: Placed) -> list[int]:
    return [sum(data[p.offset + plane * p.n + i] << (8 * plane) for plane in range(p.field.width))
            for i in range(p.n)]


def encode(state: GameState, model: Model) -> bytes:
    """The GameState as the bytes of the state block (``STATE_SIZE`` bytes, no scratch)."""
    lay = layout(model)
    if len(state.units) != len(model.units):
        raise ValueError(f"{len(state.units)} units, the order of battle has {len(model.units)}")
    for i, u in enumerate(state.units):
        if u.number != i + 1:
            raise ValueError(f"units[{i}] is unit {u.number}: units must be in unit-number order")
    buf = bytearray(lay.state_size)
    for p in lay.stored:
        _store(buf, p, p.field.get(state, model), "encode")
    return bytes(buf)


def blank_state(model: Model) -> GameState:
    return GameState(scenario="", turn=0, last_turn=0,
                     units=[UnitState(number=u.number) for u in model.units], rng=1)


def decode(data: bytes, model: Model) -> GameState:
    """The GameState held by the bytes of a state block (at least ``STATE_SIZE`` bytes)."""
    lay = layout(model)
    if len(data) < lay.state_size:
        raise ValueError(f"{len(data)} bytes, the state block has {lay.state_size}")
    state = blank_state(model)
    for p in lay.stored:
        p.field.put(state, model, _load(data, p))
    return state
