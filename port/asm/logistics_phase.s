;
; logistics_phase.s -- the automatic work of the Mobilization phases and of the
; Resupply phases (manual III.2.A, C, F; IV.B; docs/rules.md "Logistics"):
; receipts and arrivals, the Desert Rats, maintenance, resupply.
;
; Internal routines for the phase machine (not in the jump table); each follows
; the entry contract of docs/engine.md "Writing an entry": arguments in ARGn,
; checked before anything changes; out A = E_OK with CALL_RESULT, or A = an
; error code.  None of them sets PHASE: the phase machine does.
; emu_tests/test_phases.py ties each to kotd.engine.logistics.
;

;
; reinforcement_phase -- phase A1: the Turn Chart's receipts scaled by the
; ratings (logistics.receive_turn_points), the arrivals (logistics.reinforcements),
; then the sealift of the turn (SEALIFT_PER_TURN moves, not blocked).
;
; In:       no arguments; TURN
; Out:      A = E_OK, CALL_RESULT = units arrived; A = E_RANGE if TURN is not a
;           Turn Chart row (nothing changed)
; Clobbers: X, Y, flags; ZP_MUL, ZP_HEX_A, ZP_TEMP+3..+5; SCALE_TERM, PHASE_SIDE,
;           PHASE_UNIT, PHASE_ROOM, PHASE_STATUS, PHASE_COUNT
;
reinforcement_phase:
.scope
    jsr turn_row
    bcc _good
    lda #E_RANGE
    rts
_good:
    jsr receive_turn_points
    jsr reinforcements
    lda #SEALIFT_PER_TURN
    sta SEALIFT_LEFT
    lda #0
    sta SEALIFT_BLOCKED
    lda PHASE_COUNT
    jmp answer
.scend

;
; turn_row -- the Turn Chart row of TURN.
;
; In:       TURN
; Out:      carry clear: X = TURN - 1 (tables indexed from turn 1); carry set:
;           TURN is outside 1..TURN_COUNT
; Clobbers: A, flags
;
turn_row:
.scope
    ldx TURN
    dex
    cpx #TURN_COUNT                 ; TURN 0 gives $FF: outside too
    rts
.scend

;
; receive_turn_points -- the Turn Chart's supply, replacements and air of this
; turn, each scaled by its side's rating with the hundredths carried.
;
; In:       X = the Turn Chart row (turn_row)
; Out:      AXIS_SUPPLY, REPL, AIR increased; CARRY
; Clobbers: A, X, Y, flags; ZP_MUL, ZP_TEMP+3..+5; PHASE_UNIT
;
receive_turn_points:
.scope
    stx PHASE_UNIT                  ; the row
    lda TURN_AXIS_SUPPLY_LO,x
    sta V0
    lda TURN_AXIS_SUPPLY_HI,x
    sta V1
    ldx RATING_SUPPLY+SIDE_AXIS
    lda RATING_PERCENT_SUPPLY,x
    ldy #CARRY_AXIS_SUPPLY
    jsr receipt
    clc
    lda AXIS_SUPPLY_LO
    adc V0
    sta AXIS_SUPPLY_LO
    lda AXIS_SUPPLY_MID
    adc V1
    sta AXIS_SUPPLY_MID
    lda AXIS_SUPPLY_HI
    adc V2
    sta AXIS_SUPPLY_HI

    ldx PHASE_UNIT
    lda TURN_REPL_GERMAN_LO,x
    sta V0
    lda TURN_REPL_GERMAN_HI,x
    sta V1
    ldx #POOL_GERMAN
    ldy #SIDE_AXIS
    jsr pool_receipt
    ldx PHASE_UNIT
    lda TURN_REPL_ITALIAN_LO,x
    sta V0
    lda TURN_REPL_ITALIAN_HI,x
    sta V1
    ldx #POOL_ITALIAN
    ldy #SIDE_AXIS
    jsr pool_receipt
    ldx PHASE_UNIT
    lda TURN_REPL_ALLIED_LO,x
    sta V0
    lda TURN_REPL_ALLIED_HI,x
    sta V1
    ldx #POOL_ALLIED
    ldy #SIDE_ALLIED
    jsr pool_receipt

    ldx PHASE_UNIT
    lda TURN_AIR_AXIS,x
    ldy #SIDE_AXIS
    jsr air_receipt
    ldx PHASE_UNIT
    lda TURN_AIR_ALLIED,x
    ldy #SIDE_ALLIED
    ; fall through to air_receipt
.scend

;
; air_receipt -- AIR of a side += its receipt of A points at its Air rating.
;
; In:       A = the points; Y = the side
; Out:      AIR,y increased; CARRY_AIR_AXIS + side
; Clobbers: A, X, Y, flags; as receipt
;
air_receipt:
    sta V0
    lda #0
    sta V1
    sty PHASE_SIDE
    ldx RATING_AIR,y
    lda RATING_PERCENT_AIR,x
    pha
    tya
    clc
    adc #CARRY_AIR_AXIS             ; CARRY_AIR_ALLIED follows (tables.py checks)
    tay
    pla
    jsr receipt
    ldy PHASE_SIDE
    lda AIR,y
    clc
    adc V0
    sta AIR,y
    rts

;
; pool_receipt -- a replacement pool += its receipt at its side's rating.
;
; In:       V0, V1 = the points; X = the pool (POOL_*); Y = the pool's side
; Out:      REPL,x increased; the pool's carry (CARRY_GERMAN + pool)
; Clobbers: A, X, Y, flags; as receipt
;
pool_receipt:
    stx PHASE_SIDE                  ; the pool
    lda RATING_REPLACEMENTS,y
    tay
    lda RATING_PERCENT_REPLACEMENTS,y
    pha
    txa
    clc
    adc #CARRY_GERMAN               ; the pools' carries in POOLS order (tables.py checks)
    tay
    pla
    jsr receipt
    ldx PHASE_SIDE
    clc
    lda REPL_LO,x
    adc V0
    sta REPL_LO,x
    lda REPL_HI,x
    adc V1
    sta REPL_HI,x
    rts

;
; reinforcements -- due reinforcements, then due cadres, of each side, in unit
; order, arrive at the side's home base while it has room (stacking counts every
; unit there, the garrison too); the others wait (§III.2.A, R16.54).
;
; In:       TURN
; Out:      arrivals ON_MAP at the home base with supply, fortification and OP 0;
;           PHASE_COUNT = units arrived
; Clobbers: A, X, Y, flags; ZP_HEX_A; PHASE_SIDE, PHASE_ROOM, PHASE_STATUS
;
reinforcements:
.scope
    lda #0
    sta PHASE_COUNT
    sta PHASE_SIDE                  ; SIDE_AXIS first
_side:
    ldx PHASE_SIDE
    lda HOME_COL,x
    sta ZP_HEX_A
    lda HOME_ROW,x
    sta ZP_HEX_A+1
    lda #STACKING_HEX
    ldy ZP_HEX_A
    cpy #TOBRUK_COL
    bne _limit
    ldy ZP_HEX_A+1
    cpy #TOBRUK_ROW
    bne _limit
    lda #STACKING_TOBRUK
_limit:
    sta PHASE_ROOM
    ldx #UNIT_COUNT-1
_count:
    jsr at_hex_a
    bne _counted
    lda PHASE_ROOM                  ; room = limit - units there, at least 0
    beq _counted
    dec PHASE_ROOM
_counted:
    dex
    bpl _count
    lda #STATUS_WAITING
    sta PHASE_STATUS
_status:
    ldx #0
_unit:
    lda PHASE_ROOM
    beq _side_done
    lda U_STATUS,x
    cmp PHASE_STATUS
    bne _next
    lda UNIT_SIDE,x
    cmp PHASE_SIDE
    bne _next
    lda TURN
    cmp U_ARRIVAL,x
    bcc _next                       ; not due before its arrival turn
    lda #STATUS_ON_MAP
    sta U_STATUS,x
    lda ZP_HEX_A
    sta U_COL,x
    lda ZP_HEX_A+1
    sta U_ROW,x
    lda #0
    sta U_SUPPLY_LO,x
    sta U_SUPPLY_HI,x
    sta U_FORT,x
    sta U_OP,x
    dec PHASE_ROOM
    inc PHASE_COUNT
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    lda PHASE_STATUS
    cmp #STATUS_CADRE
    beq _side_done
    lda #STATUS_CADRE
    sta PHASE_STATUS
    bne _status                     ; always
_side_done:
    inc PHASE_SIDE
    lda PHASE_SIDE
    cmp #SIDE_ALLIED+1
    bcs _done
    jmp _side
_done:
    rts
.scend

;
; at_hex_a -- is a unit on the map in the hex ZP_HEX_A?
;
; In:       X = unit index
; Out:      Z set: yes
; Clobbers: A, flags
;
at_hex_a:
.scope
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _done
    lda U_COL,x
    cmp ZP_HEX_A
    bne _done
    lda U_ROW,x
    cmp ZP_HEX_A+1
_done:
    rts
.scend

;
; logistics_start -- the Desert Rats check at the start of phase A3
; (logistics.desert_rats; §III.2.C.6, R16.32): when the Allies hold Tobruk
; (CONTROL and an Allied unit in it), Tobruk is not surrounded and an Axis unit
; stands east of it (a higher column), the Axis pool is cut to
; floor(pool x (100 - DESERT_RATS_CUT_PERCENT) / 100) and every Axis depot alone
; in its hex within DESERT_RATS_RADIUS of Tobruk is eliminated (no cadre).
;
; In:       no arguments
; Out:      A = E_OK; CALL_RESULT = 0 if the Desert Rats do not strike, else
;           1 + the depots eliminated; DESERT_RATS_LOST the same (kept for the
;           front end: PHASE_NEXT's own result is the phase entered)
; Clobbers: X, Y, flags; ZP_PTR, ZP_MUL, ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+5;
;           SCALE_TERM, PHASE_ROOM, PHASE_UNIT, PHASE_COUNT
;
logistics_start:
.scope
    lda #0
    sta PHASE_COUNT
    jsr rats_strike
    beq _strike
    lda #0
    beq _report                     ; always
_strike:
    lda AXIS_SUPPLY_LO
    sta V0
    lda AXIS_SUPPLY_MID
    sta V1
    lda AXIS_SUPPLY_HI
    sta V2
    lda #100-DESERT_RATS_CUT_PERCENT
    jsr percent_of
    lda V0
    sta AXIS_SUPPLY_LO
    lda V1
    sta AXIS_SUPPLY_MID
    lda V2
    sta AXIS_SUPPLY_HI
    lda #1
    sta PHASE_COUNT
    lda #TOBRUK_COL
    sta ZP_HEX_B
    lda #TOBRUK_ROW
    sta ZP_HEX_B+1
    ldx #UNIT_COUNT-1
_depot:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next_depot
    lda UNIT_SIDE,x
    cmp #SIDE_AXIS
    bne _next_depot
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    bne _next_depot
    lda U_COL,x
    sta ZP_HEX_A
    lda U_ROW,x
    sta ZP_HEX_A+1
    jsr hex_distance
    cmp #DESERT_RATS_RADIUS+1
    bcs _next_depot
    stx PHASE_UNIT
    ldy #0                          ; units in its hex: the depot is alone if 1
    ldx #UNIT_COUNT-1
_others:
    jsr at_hex_a
    bne _not_here
    iny
_not_here:
    dex
    bpl _others
    ldx PHASE_UNIT
    cpy #1
    bne _next_depot
    jsr remove_for_good
    inc PHASE_COUNT
_next_depot:
    dex
    bpl _depot
    lda PHASE_COUNT
_report:
    sta DESERT_RATS_LOST
    jmp answer
.scend

;
; rats_strike -- would the Desert Rats strike now (logistics.desert_rats' test): the
; Allies control Tobruk and have a unit in it, an Axis unit stands east of it, and
; Tobruk is not surrounded.  Also the computer player's (ai_depot.s), in the depot
; phase: where a depot alone would be lost at the next Logistics phase.
;
; Out:      A = 0 and Z set if they would; A = 1 and Z clear if not
; Clobbers: X, Y, flags; e_tobruk_surrounded's zero page; PHASE_ROOM
;
rats_strike:
.scope
    lda CONTROL+TOBRUK_TOWN
    cmp #SIDE_ALLIED
    bne _no
    lda #0
    sta PHASE_ROOM                  ; bit 0: Allies in Tobruk; bit 1: Axis east of it
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda UNIT_SIDE,x
    cmp #SIDE_ALLIED
    beq _allied
    lda #TOBRUK_COL
    cmp U_COL,x
    bcs _next                       ; not east of Tobruk
    lda #2
    bne _mark                       ; always
_allied:
    lda U_COL,x
    cmp #TOBRUK_COL
    bne _next
    lda U_ROW,x
    cmp #TOBRUK_ROW
    bne _next
    lda #1
_mark:
    ora PHASE_ROOM
    sta PHASE_ROOM
_next:
    dex
    bpl _unit
    lda PHASE_ROOM
    cmp #3
    bne _no
    jsr e_tobruk_surrounded         ; CALL_RESULT = 1 if surrounded
    lda CALL_RESULT_LO
    rts
_no:
    lda #1
    rts
.scend

;
; logistics_end -- maintenance at the end of phase A3 (logistics.maintenance,
; §IV.B.2.b): every unit on the map pays MAINTENANCE supply, or is eliminated
; (no cadre) if it has less.
;
; In:       no arguments
; Out:      A = E_OK, CALL_RESULT = units eliminated
; Clobbers: X, flags; PHASE_COUNT
;
logistics_end:
.scope
    lda #0
    sta PHASE_COUNT
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda U_SUPPLY_LO,x
    sec
    sbc #<MAINTENANCE
    pha
    lda U_SUPPLY_HI,x
    sbc #>MAINTENANCE
    bcc _starved
    sta U_SUPPLY_HI,x
    pla
    sta U_SUPPLY_LO,x
    jmp _next
_starved:
    pla
    jsr remove_for_good
    inc PHASE_COUNT
_next:
    dex
    bpl _unit
    lda PHASE_COUNT
    jmp answer
.scend

;
; resupply -- a Resupply phase (supply.trace_supply, then logistics.resupply;
; §III.2.F, R16.26, R16.56): the supply status of both sides is traced, then
; every supplied non-depot unit on the map, in unit order, asks for
; floor((cap - supply) x DIGIT_PERCENT[priority] / 100), cut to
; ENEMY_SEGMENT_PERCENT (floor) outside its own segment; an Axis unit's request
; is at most the Axis pool and is taken from it; the unit receives
; floor(request x (100 - min(100, DISTANCE_DECREMENT_PERCENT x hexes from its
; home base)) / 100).
;
; In:       ARG0 = the phasing side, 0 (Axis) or 1 (Allied)
; Out:      A = E_OK, CALL_RESULT = units that received supply; U_SUPPLIED,
;           U_SUPPLY, AXIS_SUPPLY.  A = E_RANGE for another side, or for a
;           priority digit above 9 on a non-depot unit on the map (nothing changed)
; Clobbers: X, Y, flags; ZP_MUL, ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+5; SCALE_TERM,
;           SUPPLY_* (trace_side), PHASE_UNIT, PHASE_COUNT
;
resupply:
.scope
    lda ARG0_HI
    bne _bad
    lda ARG0_LO
    cmp #SIDE_ALLIED+1
    bcs _bad
    ldx #UNIT_COUNT-1
_check:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _checked
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _checked
    lda U_PRIORITY,x
    cmp #DIGIT_PERCENT_COUNT
    bcs _bad
_checked:
    dex
    bpl _check
    lda #0
    sta PHASE_COUNT
    lda #SIDE_AXIS
    jsr trace_side
    lda #SIDE_ALLIED
    jsr trace_side
    ldx #0
_unit:
    stx PHASE_UNIT
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda U_SUPPLIED,x
    beq _next
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _next
    jsr resupply_unit
_next:
    ldx PHASE_UNIT
    inx
    cpx #UNIT_COUNT
    bne _unit
    lda PHASE_COUNT
    jmp answer
_bad:
    lda #E_RANGE
    rts
.scend

;
; resupply_unit -- one unit's request and receipt in a Resupply phase.
;
; In:       X = PHASE_UNIT = unit index (on the map, supplied, not a depot);
;           ARG0_LO = the phasing side
; Out:      U_SUPPLY,x and AXIS_SUPPLY; PHASE_COUNT + 1 if it received some
; Clobbers: A, X, Y, flags; ZP_MUL, ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+5
;
resupply_unit:
.scope
    ldy UNIT_TYPE,x
    sec                             ; the room under the cap; none above it
    lda SUPPLY_CAP_LO,y
    sbc U_SUPPLY_LO,x
    sta V0
    lda SUPPLY_CAP_HI,y
    sbc U_SUPPLY_HI,x
    sta V1
    bcc _none                       ; no room: nothing asked, nothing received
    ora V0
    bne _room
_none:
    rts
_room:

    lda #0
    sta V2
    ldy U_PRIORITY,x
    lda DIGIT_PERCENT,y
    jsr percent_of
    ldx PHASE_UNIT
    lda UNIT_SIDE,x
    cmp ARG0_LO
    beq _own_segment
    lda #ENEMY_SEGMENT_PERCENT
    jsr percent_of
    ldx PHASE_UNIT
_own_segment:
    lda UNIT_SIDE,x
    cmp #SIDE_AXIS
    bne _deliver
    lda V0                          ; no more than the Axis pool
    cmp AXIS_SUPPLY_LO
    lda V1
    sbc AXIS_SUPPLY_MID
    lda V2
    sbc AXIS_SUPPLY_HI
    bcc _take
    lda AXIS_SUPPLY_LO
    sta V0
    lda AXIS_SUPPLY_MID
    sta V1
    lda AXIS_SUPPLY_HI
    sta V2
_take:
    sec
    lda AXIS_SUPPLY_LO
    sbc V0
    sta AXIS_SUPPLY_LO
    lda AXIS_SUPPLY_MID
    sbc V1
    sta AXIS_SUPPLY_MID
    lda AXIS_SUPPLY_HI
    sbc V2
    sta AXIS_SUPPLY_HI
_deliver:
    ldx PHASE_UNIT
    jsr delivered
    lda V0
    ora V1
    beq _done
    ldx PHASE_UNIT
    clc
    lda U_SUPPLY_LO,x
    adc V0
    sta U_SUPPLY_LO,x
    lda U_SUPPLY_HI,x
    adc V1
    sta U_SUPPLY_HI,x
    inc PHASE_COUNT
_done:
    rts
.scend

;
; delivered -- what reaches a unit of an amount sent (logistics.delivered):
; DISTANCE_DECREMENT_PERCENT less per hex from its home base, at most 100%.
; The Resupply phase's and logistics.s's allocations alike.
;
; In:       X = unit index (on the map); V0..V2 = the amount
; Out:      V0..V2 = floor(amount x (100 - cut) / 100)
; Clobbers: A, X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+5; SCALE_TERM
;
delivered:
.scope
    lda U_COL,x
    sta ZP_HEX_A
    lda U_ROW,x
    sta ZP_HEX_A+1
    lda UNIT_SIDE,x
    tax
    lda HOME_COL,x
    sta ZP_HEX_B
    lda HOME_ROW,x
    sta ZP_HEX_B+1
    jsr hex_distance                ; hexes from the base
    sta ZP_TEMP+4                   ; the cut, distance x DISTANCE_DECREMENT_PERCENT
    lda #DISTANCE_DECREMENT_PERCENT
    jsr mul_8x8
    bne _all                        ; 256 or more
    lda #100                        ; 100 - cut, at least 0
    sec
    sbc ZP_TEMP+3
    bcs _scale
_all:
    lda #0
_scale:
    jmp percent_of
.scend
