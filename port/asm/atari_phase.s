;
; atari_phase.s -- row 0 of the play screen, the turn's date, the phase and the side
; to act (part of atari_frontend.s; docs/play.md "The screen").
;
; Written into screen memory directly: the first thing a key that ends a phase shows
; (BASIC's PRINT of the same line took 2 frames and the names 210 bytes of strings).
;
;   X=USR(DRAW_PHASE)   ; 0 done; 2 done, and a report on row 22 (atari_report.s);
;                       ; 1 with arguments (all pulled, nothing drawn)
;
; The line: the month and year of TURN (the engine's TURN_MONTH and TURN_YEAR tables,
; from the Turn Chart), the phase's name padded to PHASE_NAME_WIDTH, " AXIS" or " ALLIED"
; for FLOW_ACTOR (as PHASE_INFO left it; nothing for nobody): "3-1941 LOGISTICS  AXIS".
;

; The names are in the text segment (atari_frontend_text.s): name_text, plain_name_at,
; step_name_at, axis_text, allied_text.
.alias CYCLE_STEPS      7           ; B1-B7, then C1-C7
.alias PHASE_NAME_WIDTH 10

.alias NUMBER   ZP_BASE+11          ; put_decimal's number (2 bytes)
.alias DIGIT    ZP_BASE+13
.alias STARTED  ZP_BASE+14          ; 0 while only leading zeros came
.alias NAME_END ZP_BASE+14          ; the column after a padded name

;
; draw_phase -- USR entry: row 0, the date, the phase and the side to act.
;   In:  the USR stack: argument count (none expected); TURN, PHASE, FLOW_ACTOR
;   Out: FR0 = 0, or 2 with a step's report on row 22 (report_or_keep); 1 with
;        arguments (all pulled, nothing drawn)
;   Clobbers: A, X, Y
;   Zero page: CELL, NUMBER, DIGIT, STARTED
;
draw_phase:
.scope
    pla
    beq +
    jmp usr_refuse                  ; A = the count
*   lda SAVMSC
    sta CELL
    lda SAVMSC+1
    sta CELL+1
    jsr blank_row                   ; Y = 0, the column
    ldx TURN                        ; the date, if TURN is a turn of the chart
    dex
    cpx #TURN_MONTH_COUNT
    bcs _phase
    lda TURN_MONTH,x
    sta NUMBER
    lda #0
    sta NUMBER+1
    jsr put_decimal
    lda #$2D-32                     ; "-" as a screen code
    sta (CELL),y
    iny
    ldx TURN
    dex
    lda TURN_YEAR_LO,x
    sta NUMBER
    lda TURN_YEAR_HI,x
    sta NUMBER+1
    jsr put_decimal
    iny                             ; a blank
_phase:
    tya                             ; the side's column, after the padded name
    clc
    adc #PHASE_NAME_WIDTH
    sta NAME_END
    lda PHASE
    cmp #PHASE_B1_OPERATIONS
    bcc _plain
    cmp #PHASE_VICTORY
    bcs _late
    sbc #PHASE_B1_OPERATIONS-1      ; carry clear: the step in the cycle, 0-13
    ldx #$42-32                     ; "B"
    cmp #CYCLE_STEPS
    bcc +
    sbc #CYCLE_STEPS                ; carry set
    ldx #$43-32                     ; "C"
*   pha
    txa
    sta (CELL),y
    iny
    pla
    tax
    clc
    adc #DIGIT_0+1                  ; steps 1-7
    sta (CELL),y
    iny
    iny
    lda step_name_at,x
    bcc _name                       ; always (carry clear from the adc)
_late:
    cmp #PHASE_GAME_OVER+1
    bcs _done
    sbc #PHASE_VICTORY-PHASE_B1_OPERATIONS-1   ; carry clear: VICTORY -> the sixth
_plain:
    tax
    lda plain_name_at,x
_name:
    jsr put_text
    ldy NAME_END
    lda FLOW_ACTOR                  ; " AXIS", " ALLIED" or nothing
    ldx #axis_text-name_text
    cmp #SIDE_AXIS
    beq _side
    ldx #allied_text-name_text
    cmp #SIDE_ALLIED
    bne _done
_side:
    txa
    jsr put_text
_done:
    jsr report_or_keep              ; atari_report.s: A = 2 with a report on row 22
    jmp usr_answer
.scend

;
; put_text -- a string of name_text at (CELL),Y, as screen codes.
;   In:  A = its offset in name_text; Y = the column
;   Out: Y = the column after it
;   Clobbers: A, X
;
put_text:
.scope
    tax
_char:
    lda name_text,x
    beq _end
    sec
    sbc #32                         ; ATASCII 32-95 -> screen code
    sta (CELL),y
    iny
    inx
    bne _char
_end:
    rts
.scend

;
; put_decimal -- NUMBER (0-65535) in decimal at (CELL),Y, without leading zeros.
;   In:  NUMBER; Y = the column
;   Out: Y = the column after the last digit
;   Clobbers: A, X.  Zero page: NUMBER (left 0-9), DIGIT, STARTED
;
put_decimal:
.scope
    ldx #0
    stx STARTED
_power:
    lda #0
    sta DIGIT
_try:
    lda NUMBER                      ; NUMBER >= the power? (carry: no borrow)
    cmp tens_lo,x
    lda NUMBER+1
    sbc tens_hi,x
    bcc _put
    sta NUMBER+1
    lda NUMBER
    sbc tens_lo,x
    sta NUMBER
    inc DIGIT
    bne _try
_put:
    lda DIGIT
    ora STARTED
    beq _next
    lda DIGIT
    ora #DIGIT_0
    sta (CELL),y
    sta STARTED
    iny
_next:
    inx
    cpx #4
    bne _power
    lda NUMBER
    ora #DIGIT_0
    sta (CELL),y
    iny
    rts
tens_lo:
    .byte <10000, <1000, <100, <10
tens_hi:
    .byte >10000, >1000, >100, >10
.scend
