;
; abi_apple.s -- how Applesoft reaches the engine.
;
; POKE CALL_ARGC, n and each argument into CALL_ARGS (low byte, high byte),
; then CALL ENTRY_...; PEEK CALL_STATUS and CALL_RESULT afterwards.  CALL is a
; plain JSR: nothing is on the stack for the engine to pull.
;

;
; abi_enter -- the jump table's JSRs come here.
;
; In:       stack: the JSR's return address, whose low byte is 3 x entry + 2;
;           CALL_ARGC and CALL_ARGS POKEd by the caller
; Out:      A = CALL_STATUS; CALL_RESULT set; every argument's high byte 0; the
;           return address pulled (the RTS returns to the CALL)
; Clobbers: A, X, Y, flags (Applesoft's CALL keeps nothing in them)
; Zero page: the engine's zero page saved and restored
;
abi_enter:
    pla                             ; 3 x entry + 2
    tay
    pla                             ; the engine's page
    jsr abi_dispatch
    ; Every argument's high byte 0 again (some entries use CALL_ARGS as their own
    ; routines' arguments): Applesoft then POKEs only the low byte of a byte argument,
    ; 9 bytes of program and a statement fewer an argument (docs/engine.md "Calling
    ; from Applesoft").  One store an argument: MAX_ARGS of stateblock.py is 8
    ; (emu_tests/test_abi_apple_args.py fails if it grows past these).
    lda #0
    sta CALL_ARGS+1
    sta CALL_ARGS+3
    sta CALL_ARGS+5
    sta CALL_ARGS+7
    sta CALL_ARGS+9
    sta CALL_ARGS+11
    sta CALL_ARGS+13
    sta CALL_ARGS+15
    lda CALL_STATUS
    rts
