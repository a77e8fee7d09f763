;
; abi_atari.s -- how Atari BASIC's USR reaches the engine.
;
; X=USR(ENTRY_..., arg1, ..., argN) does JSR to the jump table with the stack
; holding N, then each argument high byte first, arg1 on top (Atari BASIC
; Reference Manual, USR).  The glue must pull them all, whatever N is.
;

;
; abi_enter -- the jump table stubs come here.
;
; In:       Y = entry number; stack: argument count, arguments (high, low each)
; Out:      FR0, FR0+1 = CALL_RESULT (the value USR returns); CALL_STATUS set;
;           every argument pulled (the first CALL_MAX_ARGS kept in CALL_ARGS)
; Clobbers: A, X, Y, flags (BASIC keeps nothing in them)
; Zero page: FR0, FR0+1 written; the engine's zero page saved and restored
;
abi_enter:
.scope
    pla                             ; argument count
    sta CALL_ARGC
    sta CALL_LEFT
    ldx #0                          ; offset into CALL_ARGS
_pull:
    lda CALL_LEFT
    beq _dispatch
    dec CALL_LEFT
    cpx #2*CALL_MAX_ARGS
    bcs _drop
    pla                             ; high byte first
    sta CALL_ARGS+1,x
    pla
    sta CALL_ARGS,x
    inx
    inx
    bne _pull                       ; always
_drop:
    pla                             ; more arguments than any entry takes
    pla
    bcs _pull                       ; always: carry still set by cpx
_dispatch:
    jsr abi_dispatch
    lda CALL_RESULT_LO
    sta FR0
    lda CALL_RESULT_HI
    sta FR0+1
    rts
.scend
