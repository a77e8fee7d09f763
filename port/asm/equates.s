;
; equates.s -- every name the engine uses that is not a routine, all generated.
;
; The target's top file has already given ENGINE_BASE, STATE_BASE and ZP_BASE.
;

.include "generated/constants.inc"  ; data/ as constants and enumerations
.include "generated/zeropage.inc"   ; the engine's zero page: the one place it is declared
.include "generated/state.inc"      ; the shared state block and scratch
.include "generated/abi.inc"        ; error codes, entry numbers, argument names
