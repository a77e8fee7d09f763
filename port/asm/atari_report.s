;
; atari_report.s -- what an automatic step did, on row REPORT_ROW (part of
; atari_frontend.s, its extra section; docs/play.md "The screen").  Called by draw_phase
; each time the main loop shows row 0:
;
; - in the phases before a reinforcement or a resupply phase, it keeps a copy of each
;   unit's status and supply (the engine does those phases' work on entering them);
; - in a reinforcement phase: "UNITS 18 19", the units on the map now that were not;
; - in a resupply phase: "RESUPPLY: 12 UNITS +340 SUPPLY", the units whose supply rose
;   and by how much in all.
;
; Only with a copy kept in the same turn (kept): a game loaded in a reinforcement phase
; shows no list (nor, after RESET, one of another turn).  Rules are the engine's: this
; only compares.
;

.alias REPORT_ROW       22
.alias DIFF             ZP_BASE     ; a unit's supply added (2 bytes)
.alias TOTAL            ZP_BASE+2   ; the supply added in all (2 bytes)
.alias COUNT            ZP_BASE+4   ; the units resupplied
.alias UNIT_AT          ZP_BASE+9   ; the unit index while a number is written

kept:
    .byte 0                         ; the TURN the copies were kept in; 0 none

;
; report_or_keep -- the copy kept, or the step's report on row REPORT_ROW.
;   In:  PHASE, U_STATUS, U_SUPPLY_LO/HI; kept and the copies
;   Out: A = 2 with a report written, else 0
;   Clobbers: A, X, Y
;   Zero page: CELL, NUMBER, DIGIT, STARTED, DIFF, TOTAL, COUNT, UNIT_AT
;
report_or_keep:
.scope
    ldx PHASE
    cpx #PHASE_REINFORCEMENT
    beq _report
    cpx #PHASE_B2_RESUPPLY
    beq _report
    cpx #PHASE_B6_RESUPPLY
    beq _report
    cpx #PHASE_C2_RESUPPLY
    beq _report
    cpx #PHASE_C6_RESUPPLY
    beq _report
    ldx #UNIT_COUNT-1
_keep:
    lda U_STATUS,x
    sta kept_status,x
    lda U_SUPPLY_LO,x
    sta kept_supply_lo,x
    lda U_SUPPLY_HI,x
    sta kept_supply_hi,x
    dex
    bpl _keep
    lda TURN
    sta kept
_quiet:
    lda #0
    rts
_report:
    lda kept                        ; kept in this turn: the phase before this one (a
    cmp TURN                        ; copy left from a game before RESET is not)
    bne _quiet
    lda #0
    sta kept
    lda SAVMSC
    clc
    adc #<[40*REPORT_ROW]
    sta CELL
    lda SAVMSC+1
    adc #>[40*REPORT_ROW]
    sta CELL+1
    jsr blank_row
    cpx #PHASE_REINFORCEMENT
    bne _resupply
    ldy #5                          ; the numbers after "UNITS"
    ldx #0
_arrival:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    cmp kept_status,x
    beq _next
    iny                             ; a blank, then the unit's number
    stx UNIT_AT
    inx
    stx NUMBER
    lda #0
    sta NUMBER+1
    jsr put_decimal
    ldx UNIT_AT
    cpy #36                         ; the row is full
    bcs _listed
_next:
    inx
    cpx #UNIT_COUNT
    bne _arrival
    cpy #5
    beq _quiet                      ; none arrived
_listed:
    ldy #0
    lda #units_text-name_text
    jsr put_text
    lda #2
    rts
_resupply:
    lda #0
    sta COUNT
    sta TOTAL
    sta TOTAL+1
    ldx #UNIT_COUNT-1
_unit:
    lda U_SUPPLY_LO,x
    sec
    sbc kept_supply_lo,x
    sta DIFF
    lda U_SUPPLY_HI,x
    sbc kept_supply_hi,x
    bcc _skip                       ; less than before: not resupplied
    sta DIFF+1
    ora DIFF
    beq _skip
    inc COUNT
    lda TOTAL
    clc
    adc DIFF
    sta TOTAL
    lda TOTAL+1
    adc DIFF+1
    sta TOTAL+1
    bcc _skip
    lda #$FF                        ; over 65535 in all: 65535 shown
    sta TOTAL
    sta TOTAL+1
_skip:
    dex
    bpl _unit
    ldy #0
    lda #resupplied_text-name_text
    jsr put_text
    lda COUNT
    sta NUMBER
    lda #0
    sta NUMBER+1
    jsr put_decimal
    lda #plus_text-name_text
    jsr put_text
    lda TOTAL
    sta NUMBER
    lda TOTAL+1
    sta NUMBER+1
    jsr put_decimal
    lda #supplied_text-name_text
    jsr put_text
    lda #2
    rts
.scend
