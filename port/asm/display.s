;
; display.s -- what a front end shows of a unit (docs/rules.md "Solitaire"; manual
; V.7; ruling 16.42.7), and the units it lists.
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

;
; find_unit -- the next unit a front end lists (FIND_UNIT; kotd.engine.flow.find_unit):
; the first unit numbered above `after` of a side with status ON_MAP, in the hex
; (col, row) unless col is ANY_COL.  One call a unit found: BASIC walking the 58
; units itself took 2.5 s on the Apple for the units of a hex (the G key).
;
; In:       ARG0 = after (from UNIT_COUNT on: none); ARG1 = side, SIDE_AXIS or
;           SIDE_ALLIED (another: none); ARG2 = col (ANY_COL: any hex), ARG3 = row
; Out:      A = E_OK: CALL_RESULT = the unit number, 0 if none
;           Refused: A = E_RANGE (an argument over 255)
; Clobbers: X, flags
;
find_unit:
.scope
    ldx #7                          ; ARG3_HI, ARG2_HI, ARG1_HI, ARG0_HI: all 0
_high:
    lda CALL_ARGS,x
    bne _range
    dex
    dex
    bpl _high
    ldx ARG0_LO
_next:
    cpx #UNIT_COUNT
    bcc _look
    ldx #$FF                        ; none: the answer 0
    bne _found                      ; always
_look:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _skip
    lda UNIT_SIDE,x
    cmp ARG1_LO
    bne _skip
    lda ARG2_LO
    cmp #ANY_COL
    beq _found
    cmp U_COL,x
    bne _skip
    lda ARG3_LO
    cmp U_ROW,x
    beq _found
_skip:
    inx
    bne _next                       ; always: X < UNIT_COUNT here
_found:
    inx                             ; the unit's number (index + 1)
    stx CALL_RESULT_LO
    lda #0
    sta CALL_RESULT_HI
    lda #E_OK
    rts
_range:
    lda #E_RANGE
    rts
.scend
