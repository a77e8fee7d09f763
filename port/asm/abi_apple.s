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
; Out:      A = CALL_STATUS; CALL_RESULT set; the return address pulled (the
;           RTS returns to the CALL)
; Clobbers: A, X, Y, flags (Applesoft's CALL keeps nothing in them)
; Zero page: the engine's zero page saved and restored
;
abi_enter:
    pla                             ; 3 x entry + 2
    tay
    pla                             ; the engine's page
    jmp abi_dispatch
