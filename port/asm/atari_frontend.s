;
; atari_frontend.s -- the Atari front end's machine code, loaded from the game disk
; right after the engine's last byte (FRONTEND_BASE = the engine's engine_end, inside
; the engine's region; the build refuses it if it overlaps the engine or passes the
; region's end; docs/play.md).
;
; A jump table BASIC reaches with USR (the addresses are DRAW_MAP, CLEAR_ROWS, DRAW_TERRAIN,
; DRAW_PHASE and DRAW_UNIT_NAME in the BASIC constants).  Its text (the phases' and
; the units' names) is a segment of its own: atari_frontend_text.s:
;
;   +0  X=USR(DRAW_MAP, col, row)         atari_display.s
;   +3  X=USR(CLEAR_ROWS, row, count)     atari_display.s
;   +6  X=USR(DRAW_TERRAIN)               atari_display.s: the map without units (R)
;   +9  X=USR(DRAW_PHASE)                 atari_phase.s: row 0, the date, phase, side
;   +12 X=USR(DRAW_UNIT_NAME, unit, row)  atari_unit_name.s: the unit's name on a row
;
; A scenario's start state is not here: it is a read-only slot of the game disk,
; loaded with X=USR(DISK_LOAD, START_SLOT_FIRST + scenario) (saves.s).
;

.include "generated/atari.inc"
.include "generated/constants.inc"
.include "generated/state.inc"
.include "generated/frontend_atari.inc"

.alias FR0      $D4                 ; USR's result
.alias SAVMSC   $58                 ; the OS's screen memory address

.org FRONTEND_BASE
    jmp draw_map
    jmp clear_rows
    jmp draw_terrain_only
    jmp draw_phase
    jmp draw_unit_name

.require "atari_display.s"
.require "atari_phase.s"
.require "atari_unit_name.s"
frontend_end:
