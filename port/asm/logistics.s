;
; logistics.s -- one unit's allocation in the Logistics phase: its replacements,
; supply and resupply priority, and the maxima a front end shows for them
; (docs/rules.md "Logistics"; manual III.2.C, IV.B.1; rulings 16.23-28).
;
; allocate_rule is kotd.engine.logistics.allocate, logistics_maxima is
; logistics.maxima, the one statement of the maxima that allocate itself uses:
; nothing for an unsupplied unit; replacements up to the room below the
; ceiling and the unit's pool, none for the Allies in a TURN_NO_ALLIED_REPL
; turn; supply up to the cap (never below 0), a depot at most DEPOT_SUPPLY, the
; Axis at most its pool.  A digit d gives DIGIT_PERCENT[d] of a maximum,
; floored; the Allies get their full supply and priority 9 whatever their
; digits; every delivery but a depot's loses DISTANCE_DECREMENT_PERCENT per hex
; from the unit's home base.  emu_tests/test_actions.py ties this file to
; kotd.engine.logistics.
;

;
; allocate_rule -- one unit's replacements, supply and priority (logistics.allocate).
;
; In:       ARG0 = unit number; ARG1 = replacements digit, ARG2 = supply digit,
;           ARG3 = priority digit, each 0-9 (the Allies' supply and priority
;           digits are checked, then ignored)
; Out:      A = E_OK: CALL_RESULT = the strength added; LOGISTICS_GIVEN = the
;           strength added, then the supply received; LOGISTICS_MAX as
;           logistics_maxima; U_PRIORITY set (Allies: 9); for a supplied unit
;           U_STR and its REPL pool, U_SUPPLY, AXIS_SUPPLY (Axis), and
;           SEALIFT_BLOCKED = 1 for Allied replacements into Tobruk
;           Refused, nothing changed: A = E_UNIT, E_HEX (not on the map), E_RANGE
;           (a digit above 9; an Allied supplied unit while TURN is off the Turn
;           Chart)
; Clobbers: X, Y, flags; ACTION_UNIT
; Zero page: ZP_MUL, ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+5
;
allocate_rule:
.scope
    ldx #0
    jsr arg_unit_on_map
    bcs _refused
    stx ACTION_UNIT
    ldy #2                          ; ARG1..ARG3: digits 0-9
_digit:
    lda CALL_ARGS+1,y
    bne _bad_digit
    lda CALL_ARGS,y
    cmp #DIGIT_PERCENT_COUNT
    bcs _bad_digit
    iny
    iny
    cpy #8
    bcc _digit
    jsr unit_maxima
    bcc _change
_refused:
    rts
_bad_digit:
    lda #E_RANGE
    rts

    ; Every check passed: from here on the state changes.
_change:
    lda ARG3_LO                     ; the priority digit...
    ldy UNIT_SIDE,x
    cpy #SIDE_ALLIED
    bne _priority
    lda #DIGIT_PERCENT_COUNT-1      ; ...the Allies' is always the top one
_priority:
    sta U_PRIORITY,x
    lda #0
    sta LOGISTICS_GIVEN_LO
    sta LOGISTICS_GIVEN_HI
    sta LOGISTICS_GIVEN_LO+1
    sta LOGISTICS_GIVEN_HI+1
    lda U_SUPPLIED,x
    bne _replacements
    jmp _done                       ; unsupplied: nothing more
_replacements:
    lda LOGISTICS_MAX_LO            ; replacements: max * pct(r) // 100
    sta M0
    lda LOGISTICS_MAX_HI
    sta M1
    ldy ARG1_LO
    lda DIGIT_PERCENT,y
    jsr percent_of_word
    ldx ACTION_UNIT
    lda M0
    sta LOGISTICS_GIVEN_LO
    clc
    adc U_STR_LO,x
    sta U_STR_LO,x
    lda M1
    sta LOGISTICS_GIVEN_HI
    adc U_STR_HI,x
    sta U_STR_HI,x
    ldy UNIT_POOL,x
    lda REPL_LO,y
    sec
    sbc M0
    sta REPL_LO,y
    lda REPL_HI,y
    sbc M1
    sta REPL_HI,y
    lda UNIT_SIDE,x                 ; Allied replacements into Tobruk stop the sealift
    cmp #SIDE_ALLIED
    bne _supply
    lda M0
    ora M1
    beq _supply
    lda U_COL,x
    cmp #TOBRUK_COL
    bne _supply
    lda U_ROW,x
    cmp #TOBRUK_ROW
    bne _supply
    lda #1
    sta SEALIFT_BLOCKED

_supply:
    lda LOGISTICS_MAX_LO+1          ; the most it may receive
    sta M0
    lda LOGISTICS_MAX_HI+1
    sta M1
    lda #0
    sta M2
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _charge                     ; a depot: all of it, no decrement
    lda UNIT_SIDE,x
    cmp #SIDE_ALLIED
    beq _deliver                    ; the Allies: all of it, free
    ldy ARG2_LO                     ; the Axis: max * pct(s) // 100
    lda DIGIT_PERCENT,y
    jsr percent_of_word
    ldx ACTION_UNIT
    jsr charge_axis_pool
_deliver:
    jsr delivered
    ldx ACTION_UNIT
    jmp _receive
_charge:
    lda UNIT_SIDE,x
    cmp #SIDE_AXIS
    bne _receive
    jsr charge_axis_pool
_receive:
    lda M0
    sta LOGISTICS_GIVEN_LO+1
    clc
    adc U_SUPPLY_LO,x
    sta U_SUPPLY_LO,x
    lda M1
    sta LOGISTICS_GIVEN_HI+1
    adc U_SUPPLY_HI,x
    sta U_SUPPLY_HI,x
_done:
    lda LOGISTICS_GIVEN_LO
    sta CALL_RESULT_LO
    lda LOGISTICS_GIVEN_HI
    sta CALL_RESULT_HI
    lda #E_OK
    rts
.scend

;
; logistics_maxima -- the most replacements and supply a unit may be given in
; the Logistics phase (logistics.maxima): what a front end shows before the
; player types the digits.
;
; In:       ARG0 = unit number
; Out:      A = E_OK: CALL_RESULT = the replacements maximum; LOGISTICS_MAX =
;           the replacements, then the supply maximum (before the distance
;           decrement)
;           Refused: A = E_UNIT, E_HEX (not on the map), E_RANGE (an Allied
;           supplied unit while TURN is off the Turn Chart)
; Clobbers: X, Y, flags
; Zero page: ZP_TEMP, ZP_TEMP+1
;
logistics_maxima:
.scope
    ldx #0
    jsr arg_unit_on_map
    bcs _refused
    jsr unit_maxima
    bcs _refused
    lda LOGISTICS_MAX_LO
    sta CALL_RESULT_LO
    lda LOGISTICS_MAX_HI
    sta CALL_RESULT_HI
    lda #E_OK
_refused:
    rts
.scend

;
; unit_maxima -- LOGISTICS_MAX for a unit on the map; changes nothing else.
;
; In:       X = unit index
; Out:      carry clear: LOGISTICS_MAX = replacements, supply maxima
;           carry set: A = E_RANGE (an Allied supplied unit while TURN is not
;           1..TURN_COUNT: no Turn Chart row to ask)
; Clobbers: A, Y, flags
; Zero page: ZP_TEMP, ZP_TEMP+1
;
unit_maxima:
.scope
    lda #0
    sta LOGISTICS_MAX_LO
    sta LOGISTICS_MAX_HI
    sta LOGISTICS_MAX_LO+1
    sta LOGISTICS_MAX_HI+1
    lda U_SUPPLIED,x
    bne _supplied
    clc                             ; unsupplied: nothing
    rts
_bad_turn:
    lda #E_RANGE
    sec
    rts
_supplied:
    lda UNIT_SIDE,x
    cmp #SIDE_ALLIED
    bne _replacements
    ldy TURN
    beq _bad_turn
    cpy #TURN_COUNT+1
    bcs _bad_turn
    lda TURN_NO_ALLIED_REPL-TURN_NO_ALLIED_REPL_FIRST,y
    bne _supply
_replacements:                      ; min(ceiling - strength, pool), at least 0
    lda U_CEIL_LO,x
    sec
    sbc U_STR_LO,x
    sta ZP_TEMP
    lda U_CEIL_HI,x
    sbc U_STR_HI,x
    sta ZP_TEMP+1
    bcc _supply                     ; above the ceiling: no room
    ldy UNIT_POOL,x
    lda REPL_LO,y
    cmp ZP_TEMP
    lda REPL_HI,y
    sbc ZP_TEMP+1
    bcs _room
    lda REPL_LO,y                   ; the pool is the smaller
    sta ZP_TEMP
    lda REPL_HI,y
    sta ZP_TEMP+1
_room:
    lda ZP_TEMP
    sta LOGISTICS_MAX_LO
    lda ZP_TEMP+1
    sta LOGISTICS_MAX_HI
_supply:                            ; cap - supply, at least 0
    ldy UNIT_TYPE,x
    lda SUPPLY_CAP_LO,y
    sec
    sbc U_SUPPLY_LO,x
    sta ZP_TEMP
    lda SUPPLY_CAP_HI,y
    sbc U_SUPPLY_HI,x
    sta ZP_TEMP+1
    bcc _done                       ; above the cap: nothing
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    bne _pool
    lda #<DEPOT_SUPPLY              ; a depot: at most DEPOT_SUPPLY
    cmp ZP_TEMP
    lda #>DEPOT_SUPPLY
    sbc ZP_TEMP+1
    bcs _pool
    lda #<DEPOT_SUPPLY
    sta ZP_TEMP
    lda #>DEPOT_SUPPLY
    sta ZP_TEMP+1
_pool:
    lda UNIT_SIDE,x
    cmp #SIDE_AXIS
    bne _store
    lda AXIS_SUPPLY_HI              ; the Axis: at most the pool (24 bits)
    bne _store
    lda AXIS_SUPPLY_LO
    cmp ZP_TEMP
    lda AXIS_SUPPLY_MID
    sbc ZP_TEMP+1
    bcs _store
    lda AXIS_SUPPLY_LO
    sta ZP_TEMP
    lda AXIS_SUPPLY_MID
    sta ZP_TEMP+1
_store:
    lda ZP_TEMP
    sta LOGISTICS_MAX_LO+1
    lda ZP_TEMP+1
    sta LOGISTICS_MAX_HI+1
_done:
    clc
    rts
.scend

;
; charge_axis_pool -- AXIS_SUPPLY = AXIS_SUPPLY - (M1:M0) (never more than it holds).
;
; In:       M0, M1 = the amount sent
; Out:      AXIS_SUPPLY
; Clobbers: A, flags
;
charge_axis_pool:
    lda AXIS_SUPPLY_LO
    sec
    sbc M0
    sta AXIS_SUPPLY_LO
    lda AXIS_SUPPLY_MID
    sbc M1
    sta AXIS_SUPPLY_MID
    lda AXIS_SUPPLY_HI
    sbc #0
    sta AXIS_SUPPLY_HI
    rts

