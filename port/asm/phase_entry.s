;
; phase_entry.s -- the automatic work when a phase begins (kotd.engine.game):
; the initiative of the turn, an allotment of operation points, and the air and
; solitaire display reset of each operations and enemy reaction phase.
;
; Internal routines for the phase machine (not in the jump table), following the
; entry contract (docs/engine.md "Writing an entry").  None sets PHASE.
;

;
; initiative_draw -- phase A4 (Game.play_turn): with the random initiative
; option, the Axis hold the initiative if a draw below 100 is below
; RANDOM_INITIATIVE_AXIS_PERCENT (one draw), else the Allies; without it, the
; Turn Chart's side of this turn.  Who moves first is the phase machine's.
;
; In:       no arguments; OPT_RANDOM_INITIATIVE, TURN
; Out:      A = E_OK, INITIATIVE and CALL_RESULT = the side; A = E_RANGE if the
;           Turn Chart is needed and TURN is not one of its rows (nothing changed)
; Clobbers: X, Y, flags; ZP_MUL, ZP_MUL+1
;
initiative_draw:
.scope
    lda OPT_RANDOM_INITIATIVE
    beq _chart
    lda #100
    jsr rng_draw
    cmp #RANDOM_INITIATIVE_AXIS_PERCENT
    lda #SIDE_AXIS
    bcc _store
    lda #SIDE_ALLIED
    bne _store                      ; always
_chart:
    jsr turn_row
    bcs _bad
    lda TURN_INITIATIVE,x
_store:
    sta INITIATIVE
    jmp answer
_bad:
    lda #E_RANGE
    rts
.scend

;
; allot -- a full allotment of operation points (Game._allot, R16.36): every
; unit on the map of the side(s) gets its OP allowance, set, not added.
;
; In:       ARG0 = side 0 (Axis), 1 (Allied) or 2 (both)
; Out:      A = E_OK, U_OP set; A = E_RANGE for another side (nothing changed)
; Clobbers: X, Y, flags
;
allot:
.scope
    lda ARG0_HI
    bne _bad
    lda ARG0_LO
    cmp #SIDE_ALLIED+2
    bcs _bad
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda ARG0_LO
    cmp #SIDE_ALLIED+1
    beq _take                       ; both sides
    cmp UNIT_SIDE,x
    bne _next
_take:
    ldy UNIT_TYPE,x
    lda UNIT_SIDE,x
    cmp #SIDE_AXIS
    bne _allied
    lda OP_ALLOWANCE_AXIS,y
    bcs _store                      ; always: the compare was equal
_allied:
    lda OP_ALLOWANCE_ALLIED,y
_store:
    sta U_OP,x
_next:
    dex
    bpl _unit
    lda #0
    jmp answer
_bad:
    lda #E_RANGE
    rts
.scend

;
; phase_entry_reset -- entering an operations or enemy reaction phase
; (Game.enter_phase): each side's usable air is its whole pool; in solitaire
; (OPT_COMPUTER_ALLIED) each Allied unit on the map, in unit order, gets a new
; display percent SOLO_NOISE_LO + a draw below SOLO_NOISE_HI - SOLO_NOISE_LO + 1
; (Game._display_noise, R16.42.7).
;
; In:       no arguments
; Out:      A = E_OK; AIR_USABLE; U_NOISE of the Allied units on the map; RNG
; Clobbers: X, Y, flags; ZP_MUL, ZP_MUL+1; PHASE_UNIT
;
phase_entry_reset:
.scope
    lda AIR+SIDE_AXIS
    sta AIR_USABLE+SIDE_AXIS
    lda AIR+SIDE_ALLIED
    sta AIR_USABLE+SIDE_ALLIED
    lda OPT_COMPUTER_ALLIED
    beq _done
    ldx #0
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda UNIT_SIDE,x
    cmp #SIDE_ALLIED
    bne _next
    stx PHASE_UNIT
    lda #<[SOLO_NOISE_HI-SOLO_NOISE_LO+1]   ; 256 values are 0 to rng_draw
    jsr rng_draw
    clc
    adc #SOLO_NOISE_LO
    ldx PHASE_UNIT
    sta U_NOISE,x
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
_done:
    lda #0
    jmp answer
.scend

;
; answer -- how every phase routine returns a good result: CALL_RESULT is set
; whole, whatever it held (the phase machine may run several routines in one call).
;
; In:       A = the result, 0..255
; Out:      CALL_RESULT = A; A = E_OK
; Clobbers: flags
;
answer:
    sta CALL_RESULT_LO
    lda #0
    sta CALL_RESULT_HI
    lda #E_OK
    rts
