;
; modules.s -- the engine's modules, one concern per file, the same on both machines.
;
; Issue 5 adds math.s, supply.s and combat.s here (and their entries to
; tools/kotd/build/abi.py).
;

code_start:
.include "abi_common.s"             ; dispatch, zero-page save, ENGINE_INFO
.include "args.s"                   ; argument checks shared by the entries
.include "rng.s"                    ; the random number generator
.include "hex.s"                    ; hex geometry
.include "supply.s"                 ; supply tracing, Tobruk surrounded, distance VP
code_end:
