;
; atari_frontend.s -- the Atari front end's machine code, loaded from the game disk
; with the engine at FRONTEND_BASE (above the engine's budget; docs/play.md).
;
; A jump table BASIC reaches with USR (the addresses are START_STATE and DRAW_MAP in
; the BASIC constants):
;
;   +0  X=USR(START_STATE, scenario)      atari_start_states.s
;   +3  X=USR(DRAW_MAP, col, row)         atari_display.s
;   +6  X=USR(CLEAR_ROWS, row, count)     atari_display.s
;

.include "generated/atari.inc"
.include "generated/constants.inc"
.include "generated/state.inc"
.include "generated/frontend_atari.inc"

.alias FR0      $D4                 ; USR's result
.alias SAVMSC   $58                 ; the OS's screen memory address

.org FRONTEND_BASE
    jmp start_state
    jmp draw_map
    jmp clear_rows

.require "atari_start_states.s"
.require "atari_display.s"
.include "generated/start_states.inc"
frontend_end:
