;
; abi_atari.s -- how Atari BASIC's USR reaches the engine.
;
; X=USR(ENTRY_..., arg1, ..., argN) does JSR to the jump table with the stack
; holding N, then each argument high byte first, arg1 on top (Atari BASIC
; Reference Manual, USR).  The glue must pull them all, whatever N is.
;

;
; abi_enter -- the jump table's JSRs come here.
;
; In:       stack: the JSR's return address (its low byte 3 x entry + 2), then
;           the argument count, then the arguments (high, low each)
; Out:      FR0, FR0+1 = CALL_RESULT (the value USR returns); CALL_STATUS set;
;           every argument pulled (the first CALL_MAX_ARGS kept in CALL_ARGS)
; Clobbers: A, X, Y, flags (BASIC keeps nothing in them)
; Zero page: FR0, FR0+1 written; the engine's zero page saved and restored
;
abi_enter:
.scope
    pla                             ; 3 x entry + 2
    sta CALL_ENTRY
    pla                             ; the engine's page
    pla                             ; argument count
    sta CALL_ARGC
    tay                             ; arguments left
    beq _dispatch
    ldx #0                          ; offset into CALL_ARGS
_pull:
    pla                             ; high byte first
    cpx #2*CALL_MAX_ARGS
    bcs _drop
    sta CALL_ARGS+1,x
    pla
    sta CALL_ARGS,x
    inx
    inx
_next:
    dey
    bne _pull
_dispatch:
    ldy CALL_ENTRY
    jsr abi_dispatch
    lda CALL_RESULT_LO
    sta FR0
    lda CALL_RESULT_HI
    sta FR0+1
    rts
_drop:
    pla                             ; more arguments than any entry takes
    bcs _next                       ; always: carry still set by cpx
.scend
