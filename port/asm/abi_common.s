;
; abi_common.s -- what both machines' glue share: dispatch through the entry
; tables, the zero-page save, and the ENGINE_INFO entry.
;
; Contract of an entry routine (docs/engine.md "Writing an entry"):
;   In:  CALL_ARGS (ARGn_LO/ARGn_HI) hold the arguments, their count already
;        checked; CALL_RESULT is 0.
;   Out: A = E_OK and CALL_RESULT set, or A = an error code and nothing of the
;        game state changed (check every argument before changing anything).
;   May clobber A, X, Y and the engine's zero page (ZP_BASE..ZP_BASE+ZP_SIZE-1).
;

;
; abi_dispatch -- run one entry.
;
; In:       Y = 3 x entry number + 2; CALL_ARGC and CALL_ARGS set by the glue
; Out:      A = CALL_STATUS (E_OK or an error code)
;           CALL_RESULT = the result, or RESULT_ERROR_HI:code on an error
; Clobbers: X, Y, flags
; Zero page: ZP_BASE..+ZP_SIZE-1 saved in ZP_SAVE on entry, restored on exit
;
; Two ways in for the opponent's entry (opponent_entry.s), which checks its own
; entry table: abi_return with A = the routine's status and the zero page still
; the routine's (restored here), abi_finish with A = an error code.
;
abi_dispatch:
.scope
    sty CALL_ENTRY
    lda #0
    sta CALL_RESULT_LO
    sta CALL_RESULT_HI
    lda CALL_ARGC
    cmp entry_argc,y
    beq _run
    lda #E_ARG_COUNT
    bne abi_finish                  ; always: error codes are not 0
_run:
    jsr save_zero_page
    jsr _call
abi_return:
    sta CALL_STATUS
    jsr restore_zero_page
    lda CALL_STATUS
abi_finish:
    sta CALL_STATUS
    cmp #E_OK
    beq _done
    sta CALL_RESULT_LO              ; an error's result: $FF00 + code
    lda #RESULT_ERROR_HI
    sta CALL_RESULT_HI
    lda CALL_STATUS
_done:
    rts

; Jump to the entry's routine; its RTS returns to abi_dispatch.  Y is still
; the entry's (save_zero_page clobbers A only).
_call:
    lda entry_routine_hi,y
    pha
    lda entry_routine_lo,y
    pha
    rts
.scend

;
; save_zero_page, restore_zero_page -- keep the caller's zero page while the
; engine borrows it: generated, one load and store a byte (stateblock.py).
;
.include "generated/zpsave.s"

;
; e_engine_info -- entry ENGINE_INFO(): is the engine there, and which ABI?
;
; In:       no arguments
; Out:      A = E_OK; CALL_RESULT = ABI_VERSION
; Clobbers: nothing else
;
e_engine_info:
.scope
    lda #ABI_VERSION
    sta CALL_RESULT_LO
    lda #E_OK
    rts
.scend
