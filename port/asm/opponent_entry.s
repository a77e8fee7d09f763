;
; opponent_entry.s -- the computer opponent's front door, first in its code at
; OPPONENT_BASE (the RAM under the ROMs: docs/ai.md "The 6502 twin").  The game
; disk's resident code (OPPONENT_CALL in atari_boot_resident.s, apple_boot_resident.s)
; switches that RAM in and JSRs here; the entry table after this routine
; (opponent_routines_lo/hi, opponent_argc) is generated from
; tools/kotd/build/opponent.py ENTRIES.
;

;
; opponent_entry -- run one opponent entry under the engine's call contract
; (abi_common.s abi_dispatch: the same checks, the same results).
;
; In:       X = the entry (OPPONENT_FIELD, ...); CALL_ARGC, CALL_ARGS set by the
;           resident stub; the opponent's RAM switched in
; Out:      A = CALL_STATUS (E_OK, the routine's error, E_RANGE for an entry that
;           does not exist, E_ARG_COUNT for another argument count); CALL_RESULT =
;           the result, or RESULT_ERROR_HI:code on an error
; Clobbers: X, Y, flags
; Zero page: the engine's saved in ZP_SAVE on entry, restored on exit
;
opponent_entry:
.scope
    lda #0
    sta CALL_RESULT_LO
    sta CALL_RESULT_HI
    cpx #OPPONENT_ENTRIES
    bcs _no_entry
    lda CALL_ARGC
    cmp opponent_argc,x
    bne _count
    jsr save_zero_page              ; the engine's own (zpsave.s): A clobbered only
    jsr _call
    jmp abi_return                  ; abi_common.s: the zero page back, the status
_no_entry:                          ; and the result as abi_dispatch leaves them
    lda #E_RANGE
    bne _error                      ; always: error codes are not 0
_count:
    lda #E_ARG_COUNT
_error:
    jmp abi_finish

; Jump to the entry's routine; its RTS returns to opponent_entry.
_call:
    lda opponent_routines_hi,x
    pha
    lda opponent_routines_lo,x
    pha
    rts
.scend
