"""The engine's ABI: the jump table's entries, the error codes, the call block.

One definition (this file) gives the jump table (``port/asm/generated/jumptable.s``),
the equates (``port/asm/generated/abi.inc``), the entry addresses of the BASIC
constants, the harness's entry lookup and the table in docs/engine.md.

Entry numbers are stable: an entry keeps its number for good; a new entry takes the
next number.  Entry ``n`` is ``JMP`` at ``ENGINE_BASE + 3 * n``.  To add an entry: one
line in ``ENTRIES`` naming its asm routine (which follows the contract in
docs/engine.md "Writing an entry"), then a test.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import flow
from .targets import Target

ABI_VERSION = 1

#: Error codes (``CALL_STATUS``; the result is ``RESULT_ERROR + code``).  0 is success.
ERRORS: dict[str, int] = {
    "OK": 0,
    "ARG_COUNT": 1,     # wrong number of arguments
    "UNIT": 2,          # a unit number outside 1..UNIT_COUNT
    "HEX": 3,           # a hex off the map (or a unit that is not on the map)
    "DIRECTION": 4,     # a direction outside 1..6
    "RANGE": 5,         # another argument out of its range
    "ORDER": 6,         # a battle the rules do not allow (kotd.engine.combat.check_order)
    # --- the sequence of play (port/asm/flow.s, kotd.engine.flow)
    "PHASE": 7,         # not allowed in this phase, or not now (a battle waits for the defender)
    "SIDE": 8,          # not a unit of the side that must act
    "REACTION": 9,      # a limit of the limited reaction: not the accessed unit, its budget, its one battle
    "ONCE": 10,         # each unit's logistics once a phase, in unit-number order
    # --- unit actions: movement, fortification, sea movement (port/asm/movement.s), the
    # RuleError codes of kotd.engine.movement; numbered from 16 to leave 7-15 to the
    # sequence of play.
    "GARRISON": 16,         # garrisons never move
    "PROHIBITED": 17,       # an ocean or impassable hex
    "ENEMY": 18,            # enemy units hold the hex: attack instead
    "STACKING": 19,         # the hex (Tobruk, the sea move's port) is full
    "OP": 20,               # not enough operation points
    "SUPPLY": 21,           # not enough supply
    "LIMIT": 22,            # more operation points than the limited reaction allows
    "FORT_LEVEL": 23,       # fortification already at its highest level
    "NOT_ALLIED": 24,       # only Allied units move by sea
    "DEPOT": 25,            # depots move only in their depot movement phase
    "PORT": 26,             # sea movement starts in Tobruk or Alexandria
    "SEALIFT": 27,          # the turn's sealift has been used
    "SEALIFT_BLOCKED": 28,  # units in Tobruk took replacements this turn
    "TOBRUK": 29,           # Tobruk is not in Allied hands
    # --- the computer opponent (the disks' OPPONENT_CALL; docs/images.md)
    "NO_OPPONENT": 30,      # the boot found no RAM under the ROMs: the opponent is not loaded
}

RESULT_ERROR = 0xFF00   # an error's result: $FF00 + code (65280 + code)
HEX_NONE = 0xFFFF       # a hex result "off the map": column $FF, row $FF (not an error)
ANY_COL = flow.ANY_COL  # FIND_UNIT's column for "in any hex"
JUMP_SIZE = 3           # bytes per jump table entry (JMP abs)


@dataclass(frozen=True)
class Entry:
    number: int
    name: str                    # ENTRY_<name> in the BASIC constants
    routine: str                 # the asm routine the entry runs
    args: tuple[str, ...]        # argument names, in call order
    result: str
    doc: str


ENTRIES: tuple[Entry, ...] = (
    Entry(0, "ENGINE_INFO", "e_engine_info", (), "ABI version", "check that the engine is loaded"),
    Entry(1, "RNG_SEED", "e_rng_seed", ("seed",), "0", "seed the generator: (seed XOR $ACE1) or $ACE1"),
    Entry(2, "RNG_STEP", "e_rng_step", (), "0", "one step of the generator (RNG holds the state)"),
    Entry(3, "RNG_DRAW", "e_rng_draw", ("n",), "0..n-1", "step, then (state * n) >> 16; n 1..256"),
    Entry(4, "HEX_NEIGHBOUR", "e_hex_neighbour", ("col", "row", "direction"),
          "col + 256 * row, or 65535 off the map", "the hex next to (col, row) in direction 1-6"),
    Entry(5, "HEX_DISTANCE", "e_hex_distance", ("col1", "row1", "col2", "row2"), "hexes",
          "the distance between two hexes of the map"),
    Entry(6, "UNIT_DISTANCE", "e_unit_distance", ("unit1", "unit2"), "hexes",
          "the distance between two units on the map"),
    Entry(7, "SUPPLY_PHASE", "e_supply_phase", ("side",), "sources of the last side traced",
          "supply status of every unit on the map of side 0 (Axis), 1 (Allied) or 2 (both)"),
    Entry(8, "TOBRUK_SURROUNDED", "e_tobruk_surrounded", (), "1 or 0",
          "every neighbour of Tobruk ocean or holding an Axis unit"),
    Entry(9, "DISTANCE_VP", "e_distance_vp", ("side",), "victory points",
          "the distance victory points of a side's units on the map"),
    Entry(10, "RESOLVE_BATTLE", "e_resolve_battle", (), "odds in hundredths",
          "the battle in the battle block (BATTLE_*): checked, resolved, the state changed"),
    # --- the sequence of play (port/asm/flow.s; docs/engine.md "Sequence of play")
    Entry(11, "PHASE_INFO", "e_phase_info", (), "what the side in FLOW_ACTOR may do (MAY_* bits)",
          "the phase (PHASE), the side that must act (FLOW_ACTOR) and what it may do"),
    Entry(12, "PHASE_NEXT", "e_phase_next", (), "the phase entered",
          "end the phase (its closing work) and enter the next one (its opening work)"),
    Entry(13, "NEW_GAME", "new_game", ("seed", "flags", "axis_ratings", "allied_ratings", "reinforcements"), "0",
          "the options on the start state in the block (start_<scenario>.bin)"),
    Entry(14, "LOGISTICS", "e_logistics", ("unit", "replacements", "supply", "priority"), "strength added",
          "one unit's logistics digits 0-9, the acting side's units once each in unit order"),
    Entry(15, "CHOOSE_FIRST", "e_choose_first", ("move_first",), "0",
          "the initiative holder moves first (1) or lets the other side (0)"),
    Entry(16, "MOVE", "e_move", ("unit", "direction"), "col + 256 * row entered",
          "move one hex; may end the game or open a limited reaction"),
    Entry(17, "FORTIFY", "e_fortify", ("unit",), "0", "build one fortification level"),
    Entry(18, "SEA_MOVE", "e_sea_move", ("unit",), "col + 256 * row entered",
          "Allied sea movement between Tobruk and Alexandria"),
    Entry(19, "ATTACK", "e_attack", (), "0",
          "declare the battle in the battle block (attacker's part); the defender chooses next"),
    Entry(20, "DEFEND", "e_defend", ("risk", "air"), "odds in hundredths",
          "the defender's risk and air: the declared battle is fought; may open a limited reaction"),
    Entry(21, "ACCESS", "e_access", ("unit",), "OP it may spend",
          "limited reaction: take a unit; it may spend min(allowance / 2, its OP)"),
    Entry(22, "FINISH_UNIT", "e_finish_unit", (), "1 if another unit may be accessed",
          "limited reaction: done with the accessed unit (the initiative check)"),
    Entry(23, "END_REACTION", "e_end_reaction", (), "0", "limited reaction: end it"),
    Entry(24, "DISPLAY_STRENGTH", "display_strength", ("unit",), "strength shown",
          "the strength a front end shows (solitaire: the Allied display noise)"),
    Entry(25, "LOGISTICS_MAX", "logistics_maxima", ("unit",), "most replacements",
          "the maxima a front end shows: LOGISTICS_MAX (replacements, supply)"),
    Entry(26, "SCORE", "score", (), "score + 32768", "Axis VP - Allied VP, offset by 32768"),
    Entry(27, "FIND_UNIT", "find_unit", ("after", "side", "col", "row"), "unit number, 0 if none",
          "the first unit numbered above `after` of side 0/1 on the map, in hex (col, row) unless col is ANY_COL"),
)


def check_entries() -> None:
    numbers = [e.number for e in ENTRIES]
    if numbers != list(range(len(ENTRIES))):
        raise ValueError(f"{__file__}: entry numbers must be 0..{len(ENTRIES) - 1} in order, found {numbers}")
    names = [e.name for e in ENTRIES]
    if len(set(names)) != len(names):
        raise ValueError(f"{__file__}: two entries share a name")


def entry(name_or_number: str | int) -> Entry:
    for e in ENTRIES:
        if name_or_number in (e.name, e.number):
            return e
    raise KeyError(f"no entry {name_or_number!r}; entries: {', '.join(e.name for e in ENTRIES)}")


def entry_address(target: Target, e: Entry) -> int:
    return target.engine.start + JUMP_SIZE * e.number


def entry_addresses(target: Target) -> dict[str, int]:
    return {f"ENTRY_{e.name}": entry_address(target, e) for e in ENTRIES}


def abi_equates() -> str:
    """``abi.inc``: error codes, entry numbers, argument names, PHASE_INFO's bits."""
    from ..engine.flow import WORKS, May
    from .stateblock import MAX_ARGS
    check_entries()
    lines = [";", "; The ABI: error codes, entry numbers and the call block's argument names.",
             "; From tools/kotd/build/abi.py; docs/engine.md explains them.", ";", ""]
    for name, code in ERRORS.items():
        lines.append(f".alias E_{name:<22} {code}")
    lines += ["", f".alias {'ABI_VERSION':<24} {ABI_VERSION}",
              f".alias {'RESULT_ERROR_HI':<24} ${RESULT_ERROR >> 8:02X}    ; an error's result: $FF00 + code",
              f".alias {'HEX_NONE':<24} ${HEX_NONE:04X}  ; a hex result off the map",
              f".alias {'ANY_COL':<24} ${ANY_COL:02X}    ; FIND_UNIT's column for any hex",
              f".alias {'ENTRY_COUNT':<24} {len(ENTRIES)}", ""]
    for e in ENTRIES:
        lines.append(f".alias ENTRY_{e.name:<18} {e.number}")
    lines += ["", "; PHASE_INFO's answer: what the side in FLOW_ACTOR may do (kotd.engine.flow.May)"]
    for m in May:
        if m.value:
            lines.append(f".alias MAY_{m.name:<20} ${m.value:04X}")
    lines += ["", "; FLOW_PHASE_WORK codes: each phase's opening work (kotd.engine.flow.OPENING)"]
    for i, w in enumerate(WORKS):
        lines.append(f".alias WORK_{w.upper():<19} {i}")
    lines.append("")
    lines.append("; the call's arguments, each low byte then high byte")
    for i in range(MAX_ARGS):
        lines.append(f".alias ARG{i}_LO{'':<18} CALL_ARGS+{2 * i}")
        lines.append(f".alias ARG{i}_HI{'':<18} CALL_ARGS+{2 * i + 1}")
    return "\n".join(lines) + "\n"


#: abi_enter finds the entry from the low byte of its JSR's return address, 3 n + 2
#: (the engine starts on a page): at most this many entries.
MAX_ENTRIES = 84


def jump_table() -> str:
    """``jumptable.s``: the jump table, one JSR per entry, the dispatch table."""
    check_entries()
    if len(ENTRIES) > MAX_ENTRIES:
        raise ValueError(f"{__file__}: {len(ENTRIES)} entries; abi_enter tells them apart by one byte, "
                         f"3 n + 2, so at most {MAX_ENTRIES}")
    lines = [";", "; The jump table: entry n is a JSR at ENGINE_BASE + 3 * n (numbers never change).",
             "; abi_enter pulls the return address the JSR pushes: its low byte, 3 n + 2 (the",
             "; engine starts on a page), indexes entry_info.  From tools/kotd/build/abi.py.", ";", "",
             "jump_table:"]
    for e in ENTRIES:
        args = ", ".join(e.args)
        lines.append(f"    jsr abi_enter            ; {e.number} {e.name}({args}) -> {e.result}")
    lines += ["jump_table_end:", "",
              "; each entry's argument count and routine minus one (abi_dispatch calls it with RTS),",
              "; three bytes an entry, read with Y = 3 n + 2",
              "entry_info:"]
    lines += [f"    .byte {len(e.args)}, <[{e.routine}-1], >[{e.routine}-1]   ; {e.name}" for e in ENTRIES]
    lines += [".alias entry_argc       entry_info-2",
              ".alias entry_routine_lo entry_info-1",
              ".alias entry_routine_hi entry_info"]
    lines += flow_tables()
    return "\n".join(lines) + "\n"


def jump_table_bytes() -> int:
    """The bytes :func:`jump_table` assembles to: per entry a JSR (3) and its argument
    count and routine (3); then the three phase tables.  tables.py fills the rest of its
    last page; the build checks the sum (build.check_table_fill)."""
    from ..engine.state import Phase
    return 6 * len(ENTRIES) + 3 * len(Phase)


def flow_tables() -> list[str]:
    """The phase machine's tables (port/asm/flow.s), by phase, from kotd.engine.flow."""
    from ..engine.flow import DEPOTS, ENEMY_REACTION, OPENING, WORKS, kind_of, segment_of
    from ..engine.state import Phase
    kinds, roles, works = [], [], []
    for p in Phase:
        kind = kind_of(p)
        kinds.append(0 if kind is None else 2 if kind == DEPOTS else 1)
        seg = segment_of(p)
        roles.append(0xFF if seg is None else seg + (2 if kind == ENEMY_REACTION else 0))
        works.append(WORKS.index(OPENING.get(p, "none")))
    names = ", ".join(p.name for p in Phase)
    return ["", f"; by phase ({names})",
            "; kind: 0 nobody moves, 1 operations or enemy reaction, 2 depot movement",
            "flow_phase_kind:", "    .byte " + ", ".join(map(str, kinds)),
            "; segment: $FF none; else bit 0 the segment (0 First Player's, 1 Second's),",
            "; bit 1 set when the phasing player's opponent acts (enemy reaction)",
            "flow_phase_role:", "    .byte " + ", ".join(f"${r:02X}" for r in roles),
            "; opening work (WORK_*)",
            "flow_phase_work:", "    .byte " + ", ".join(map(str, works))]
