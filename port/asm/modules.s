;
; modules.s -- the engine's modules, one concern per file, the same on both machines.
;
; A module's entries are listed in tools/kotd/build/abi.py.
;

code_start:
.include "abi_common.s"             ; dispatch, zero-page save, ENGINE_INFO
.include "args.s"                   ; argument checks shared by the entries
.include "rng.s"                    ; the random number generator
.include "hex.s"                    ; hex geometry
.include "math.s"                   ; multiply and divide
.include "supply.s"                 ; supply tracing, Tobruk surrounded, distance VP
.include "combat.s"                 ; one battle
.include "percent.s"                ; (v x k + a) / d for the phase routines
.include "setup.s"                  ; a new game: the options on a start state
.include "logistics_phase.s"        ; receipts, arrivals, Desert Rats, maintenance, resupply
.include "phase_entry.s"            ; initiative, OP allotment, air and display reset
.include "victory.s"                ; victory points, score, level, end of the game
.include "movement.s"               ; unit actions: move, fortify, sea movement
.include "logistics.s"              ; unit actions: a unit's logistics allocation and its maxima
.include "display.s"                ; what a front end shows: the solitaire display strength
.include "flow.s"                   ; the sequence of play: the phase machine and the action entries
code_end:
