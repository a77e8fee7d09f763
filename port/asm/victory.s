;
; victory.s -- phase D: victory points at the end of a turn, the score, the
; victory level and the end of the game (manual III.2.I, X; rulings 16.5, 16.6,
; 16.45, 16.47; docs/rules.md "Victory"; kotd.engine.victory and the
; Finalization of Game.play_turn).
;
; The score is Axis VP - Allied VP, a signed number; the routines keep it as
; score + 32768 (offset binary), so that unsigned order is signed order and a
; result never reaches the error results ($FF00 and above) for scores below
; 32512.
;
; Internal routines for the phase machine (not in the jump table), following the
; entry contract (docs/engine.md "Writing an entry").
;

;
; victory_phase -- phase D (victory.end_of_turn, then D's finalization): each
; side's VP += the VP of the places it holds (CONTROL, TOWN_VP) + the distance
; VP of its units on the map; then at the last turn (TURN >= LAST_TURN) the
; level the score reaches, its winner, and PHASE = PHASE_GAME_OVER; before it,
; TURN + 1.
;
; In:       no arguments
; Out:      A = E_OK, CALL_RESULT = 1 if the game is over, else 0; VP, TURN or
;           LEVEL, WINNER, PHASE.  A = E_RANGE if SCENARIO is not a scenario
;           (nothing changed)
; Clobbers: X, Y, flags; ZP_MUL, ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+5; ARG0; SCALE_TERM,
;           PHASE_SCORE, PHASE_LEVEL
;
victory_phase:
.scope
    lda SCENARIO
    cmp #SCENARIO_FIRST_TURN_COUNT
    bcc _good
    lda #E_RANGE
    rts
_good:
    lda #SIDE_AXIS
    jsr turn_vp
    lda #SIDE_ALLIED
    jsr turn_vp
    lda TURN
    cmp LAST_TURN
    bcs _last
    inc TURN
    lda #0
    jmp answer
_last:
    jsr final_level
    lda #1
    jmp answer
.scend

;
; turn_vp -- one side's town and distance points added to its VP.
;
; In:       A = the side
; Out:      VP of the side increased
; Clobbers: A, X, Y, flags; e_distance_vp's; ARG0, CALL_RESULT
;
turn_vp:
.scope
    sta ARG0_LO                     ; e_distance_vp's argument
    lda #0
    sta ARG0_HI
    sta CALL_RESULT_LO              ; it adds to CALL_RESULT
    sta CALL_RESULT_HI
    jsr e_distance_vp
    ldx #TOWN_COUNT-1
_town:
    lda CONTROL,x
    cmp ARG0_LO
    bne _next
    lda TOWN_VP,x
    clc
    adc CALL_RESULT_LO
    sta CALL_RESULT_LO
    bcc _next
    inc CALL_RESULT_HI
_next:
    dex
    bpl _town
    ldx ARG0_LO
    clc
    lda VP_LO,x
    adc CALL_RESULT_LO
    sta VP_LO,x
    lda VP_HI,x
    adc CALL_RESULT_HI
    sta VP_HI,x
    rts
.scend

;
; final_level -- the end of the game on points: LEVEL = the victory level the
; score reaches (victory.victory_level: the first level, then each later level
; whose lowest score in the scenario's row of VICTORY_CHART the score reaches),
; WINNER = that level's side, PHASE = PHASE_GAME_OVER.
;
; In:       SCENARIO (checked by the caller)
; Out:      LEVEL, WINNER, PHASE; PHASE_SCORE
; Clobbers: A, X, Y, flags; ZP_MUL, ZP_TEMP+3..+5
;
final_level:
.scope
    jsr score_offset
    lda #0
    sta PHASE_LEVEL
    ldx SCENARIO                    ; Y = SCENARIO x (LEVEL_COUNT - 1): its chart row
    lda #0
_row:
    dex
    bmi _rowed
    clc
    adc #LEVEL_COUNT-1
    bne _row                        ; always: the rows fit a byte
_rowed:
    tay
    ldx #1
_level:
    lda PHASE_SCORE_LO              ; score + $8000 >= chart + $8000, unsigned
    cmp VICTORY_CHART_LO,y
    lda VICTORY_CHART_HI,y
    eor #$80
    sta ZP_TEMP+3
    lda PHASE_SCORE_HI
    sbc ZP_TEMP+3
    bcc _below
    stx PHASE_LEVEL
_below:
    iny
    inx
    cpx #LEVEL_COUNT
    bne _level
    ldx PHASE_LEVEL
    stx LEVEL
    lda LEVEL_WINNER,x
    sta WINNER
    lda #PHASE_GAME_OVER
    sta PHASE
    rts
.scend

;
; score -- the score now, Axis VP - Allied VP, each side's VP counting its
; casualties inflicted over CASUALTY_DIVISOR (victory.score), for the status
; display.
;
; In:       no arguments
; Out:      A = E_OK, CALL_RESULT = score + 32768
; Clobbers: X, Y, flags; ZP_MUL, ZP_TEMP+3..+5; PHASE_SCORE
;
score:
    jsr score_offset
    lda PHASE_SCORE_LO
    sta CALL_RESULT_LO
    lda PHASE_SCORE_HI
    sta CALL_RESULT_HI
    lda #E_OK
    rts

;
; score_offset -- PHASE_SCORE = total_vp(Axis) - total_vp(Allied) + 32768, where
; total_vp = VP + floor(CASUALTIES / CASUALTY_DIVISOR), 16 bits.
;
; In:       VP, CASUALTIES
; Out:      PHASE_SCORE
; Clobbers: A, X, Y, flags; ZP_MUL, ZP_TEMP+3..+5
;
score_offset:
    ldy #SIDE_AXIS
    jsr total_vp
    lda V0
    sta PHASE_SCORE_LO
    lda V1
    sta PHASE_SCORE_HI
    ldy #SIDE_ALLIED
    jsr total_vp
    sec
    lda PHASE_SCORE_LO
    sbc V0
    sta PHASE_SCORE_LO
    lda PHASE_SCORE_HI
    sbc V1
    eor #$80
    sta PHASE_SCORE_HI
    rts

;
; total_vp -- a side's VP with its casualty points (victory.total_vp).
;
; In:       Y = the side
; Out:      V0, V1 = VP + floor(CASUALTIES / CASUALTY_DIVISOR), 16 bits
; Clobbers: A, X, flags; ZP_MUL, ZP_TEMP+3..+5
;
total_vp:
    lda CASUALTIES_LO,y
    sta V0
    lda CASUALTIES_MID,y
    sta V1
    lda CASUALTIES_HI,y
    sta V2
    lda #0
    sta SCALE_ADD
    lda #CASUALTY_DIVISOR
    sta SCALE_DIV
    lda #1
    jsr scale
    clc
    lda V0
    adc VP_LO,y
    sta V0
    lda V1
    adc VP_HI,y
    sta V1
    rts

;
; home_base_taken -- a unit has taken the enemy home base (Game._check_capture,
; R16.47): the side wins at its CAPTURE_LEVEL whatever the score, and the game
; is over.
;
; In:       ARG0 = the capturing side, 0 (Axis) or 1 (Allied)
; Out:      A = E_OK; WINNER, LEVEL, PHASE = PHASE_GAME_OVER; A = E_RANGE for
;           another side (nothing changed)
; Clobbers: X, flags
;
home_base_taken:
.scope
    lda ARG0_HI
    bne _bad
    ldx ARG0_LO
    cpx #SIDE_ALLIED+1
    bcs _bad
    stx WINNER
    lda CAPTURE_LEVEL,x
    sta LEVEL
    lda #PHASE_GAME_OVER
    sta PHASE
    lda #0
    jmp answer
_bad:
    lda #E_RANGE
    rts
.scend
