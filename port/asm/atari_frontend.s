;
; atari_frontend.s -- the Atari front end's machine code, loaded from the game disk
; right after the engine's last byte (FRONTEND_BASE = the engine's engine_end, inside
; the engine's region; the build refuses it if it overlaps the engine or passes the
; region's end; docs/play.md).
;
; A jump table BASIC reaches with USR (the addresses are DRAW_MAP, CLEAR_ROWS, DRAW_TERRAIN,
; DRAW_PHASE and DRAW_UNIT_NAME in the BASIC constants).  Its text (the phases' and
; the units' names) is a segment of its own: atari_frontend_text.s.  The map's character
; set (atari_charset.s) is set up by DRAW_MAP and DRAW_TERRAIN themselves, at
; CHARSET_BASE, the engine region's last KB, which the code must end before:
;
;   +0  X=USR(DRAW_MAP, col, row)         atari_display.s
;   +3  X=USR(CLEAR_ROWS, row, count)     atari_display.s
;   +6  X=USR(DRAW_TERRAIN)               atari_display.s: the map without units (R)
;   +9  X=USR(DRAW_PHASE)                 atari_phase.s: row 0, the date, phase, side
;   +12 X=USR(DRAW_UNIT_NAME, unit)       atari_unit_name.s: the unit's name on row 16
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
.alias CHBAS    $02F4               ; the character set's page (shadow of CHBASE)
.alias ROM_CHARSET $E000            ; the OS ROM's character set

; Three sections, cut apart by the build (tools/kotd/build/diskimages.py
; frontend_segments), each loaded by the boot loader where it is assembled: the code
; after the engine; the text (the phases' and the units' names) after the engine's
; scratch, in the state region; the extra section (the reports and their copies of the
; units' state) in the resident region after the resident code.

.org FRONTEND_BASE
section_code:
    jmp draw_map
    jmp clear_rows
    jmp draw_terrain_only
    jmp draw_phase
    jmp draw_unit_name

.require "atari_display.s"
.require "atari_phase.s"
.require "atari_unit_name.s"
.require "atari_charset.s"
section_code_end:

.org FRONTEND_TEXT_BASE
section_text:
.require "atari_frontend_text.s"
section_text_end:

.org FRONTEND_EXTRA_BASE
section_extra:
.require "atari_report.s"
section_extra_end:
; The copies atari_report.s keeps, after the section's loaded bytes.
.alias kept_status      section_extra_end
.alias kept_supply_lo   kept_status+UNIT_COUNT
.alias kept_supply_hi   kept_supply_lo+UNIT_COUNT
.alias section_extra_last kept_supply_hi+UNIT_COUNT-1
