;
; display.s -- what a front end shows of a unit (docs/rules.md "Solitaire"; manual
; V.7; ruling 16.42.7).
;
; In the solitaire game the Axis player sees each computer-run Allied unit's
; strength through its display percent U_NOISE, drawn anew at the start of
; every Operations and Enemy Reaction phase (kotd.engine.game.Game._display_noise).
; kotd.engine.game.display_strength is the reference; emu_tests/test_actions.py
; ties the two.
;

;
; display_strength -- the strength a front end shows for a unit
; (game.display_strength): with OPT_COMPUTER_ALLIED, an Allied unit's
; (U_STR * U_NOISE + 50) // 100, rounded half up; any other unit's U_STR.
;
; In:       ARG0 = unit number (on the map or not)
; Out:      A = E_OK: CALL_RESULT = the strength shown
;           Refused: A = E_UNIT; E_RANGE if the value would reach $FF00 (the
;           error results), which only a strength far above every ceiling of
;           data/units.yaml can give
; Clobbers: X, Y, flags
; Zero page: ZP_MUL, ZP_TEMP+4, ZP_TEMP+5
;
display_strength:
.scope
    ldx #0
    jsr arg_unit
    bcs _no_unit
    lda OPT_COMPUTER_ALLIED
    beq _true
    lda UNIT_SIDE,x
    cmp #SIDE_ALLIED
    beq _noisy
_true:
    lda U_STR_LO,x
    sta M0
    lda U_STR_HI,x
    sta M1
    jmp _answer
_noisy:
    lda U_STR_LO,x
    sta M0
    lda U_STR_HI,x
    sta M1
    lda U_NOISE,x
    jsr mul_by_byte                 ; M0..M2: 24 bits, M3 = 0
    lda M0
    clc
    adc #50                         ; half of 100: round half up
    sta M0
    bcc _divide
    inc M1
    bne _divide
    inc M2                          ; 65535 * 255 + 50 fits 24 bits
_divide:
    lda #100
    ldy #0
    jsr div_by_word
    bcs _too_big
_answer:
    lda M1
    cmp #RESULT_ERROR_HI            ; $FF00 and above: the error results
    bcs _too_big
    sta CALL_RESULT_HI
    lda M0
    sta CALL_RESULT_LO
    lda #E_OK
    rts
_too_big:
    lda #E_RANGE
    rts
_no_unit:
    lda #E_UNIT
    rts
.scend
