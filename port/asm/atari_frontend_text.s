;
; atari_frontend_text.s -- the Atari front end's text section (part of atari_frontend.s):
; the phases' and the units' names and the reports' words, loaded right after the
; engine's scratch (FRONTEND_TEXT_BASE = SCRATCH_END, in the state region; the build
; refuses it past the region's end; docs/play.md "Measured").
;

; The phases' names (ATASCII, each ended by 0), by their offset in name_text
; (atari_phase.s): the phases before PHASE_B1_OPERATIONS and from PHASE_VICTORY by
; plain_name_at (in PHASE_ order), the operations cycle's by its letter (B, C), its step
; (1-7) and step_name_at.
name_text:
setup_text:       .byte "SET-UP", 0
reinforce_text:   .byte "REINFORCE", 0
supply_text:      .byte "SUPPLY", 0
logistics_text:   .byte "LOGISTICS", 0
initiative_text:  .byte "INITIATIVE", 0
victory_text:     .byte "VICTORY", 0
game_over_text:   .byte "GAME OVER", 0
ops_text:         .byte "OPS", 0
resupply_text:    .byte "RESUPPL", 0
depots_text:      .byte "DEPOTS", 0
react_text:       .byte "REACT", 0
axis_text:        .byte " AXIS", 0
allied_text:      .byte " ALLIED", 0
units_text:       .byte "UNITS", 0
resupplied_text:  .byte "RESUPPLY: ", 0
plus_text:        .byte " UNITS +", 0
supplied_text:    .byte " SUPPLY", 0
plain_name_at:
    .byte setup_text-name_text, reinforce_text-name_text, supply_text-name_text
    .byte logistics_text-name_text, initiative_text-name_text, victory_text-name_text
    .byte game_over_text-name_text
step_name_at:
    .byte ops_text-name_text, resupply_text-name_text, depots_text-name_text
    .byte react_text-name_text, ops_text-name_text, resupply_text-name_text
    .byte depots_text-name_text

; The units' names (data/units.yaml), generated and packed (unit_words, unit_names):
; tools/kotd/build/unitnames.py says how; atari_unit_name.s writes one.
.require "generated/unit_names.s"
