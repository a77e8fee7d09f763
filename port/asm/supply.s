;
; supply.s -- supply tracing (docs/rules.md "Supply", manual III.2.B, IV.B.2.c),
; the Tobruk-surrounded test and the distance victory points.
;
; How it works.  A side's supply sources are its home base, Tobruk when the side
; controls it, and every depot linked to one of those by steps of at most
; DEPOT_CHAIN hexes.  The sources are kept as axial coordinates (q = column,
; r = row - column / 2) in SUPPLY_SRC_Q/R, so that "within n hexes" is three
; byte comparisons: |dq| <= n, |dr| <= n and |dq + dr| <= n.  The chain is a
; breadth-first search: the roots go in first; each source in turn pulls in
; every still-unlinked depot within DEPOT_CHAIN of it.  Then each unit of the
; side on the map is supplied if some source lies within its range.  The set of
; sources, and so every flag, is the same as kotd.engine.supply finds, whatever
; the order.  emu_tests/test_supply.py ties this file to it.
;

;
; e_supply_phase -- entry SUPPLY_PHASE(side): the supply status of every unit on
; the map of one side (0 Axis, 1 Allied) or of both (2).
;
; In:       ARG0 = side 0, 1 or 2
; Out:      A = E_OK, U_SUPPLIED set (1/0) for the side's units on the map,
;           CALL_RESULT = the number of sources of the last side traced;
;           A = E_RANGE for another side, nothing changed
; Clobbers: X, Y, flags; ZP_TEMP, ZP_TEMP+1
;
e_supply_phase:
.scope
    lda ARG0_HI
    bne _bad
    lda ARG0_LO
    cmp #2
    beq _both
    bcs _bad
    jsr trace_side
    jmp _done
_both:
    lda #SIDE_AXIS
    jsr trace_side
    lda #SIDE_ALLIED
    jsr trace_side
_done:
    lda SUPPLY_SOURCES
    sta CALL_RESULT_LO
    lda #E_OK
    rts
_bad:
    lda #E_RANGE
    rts
.scend

;
; trace_side -- the sources of a side, then the supplied flag of each of its
; units on the map.
;
; In:       A = side (SIDE_AXIS or SIDE_ALLIED)
; Out:      U_SUPPLIED of the side's units on the map; SUPPLY_SRC_Q/R and
;           SUPPLY_SOURCES hold the side's sources
; Clobbers: A, X, Y, flags; ZP_TEMP, ZP_TEMP+1
;
trace_side:
.scope
    sta SUPPLY_SIDE
    jsr find_sources
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda UNIT_SIDE,x
    cmp SUPPLY_SIDE
    bne _next
    jsr unit_reach
    jsr unit_axial
    ldy SUPPLY_SOURCES
_source:
    dey
    bmi _cut_off
    jsr source_in_reach
    bcs _source
    lda #1
    bne _store                      ; always
_cut_off:
    lda #0
_store:
    sta U_SUPPLIED,x
_next:
    dex
    bpl _unit
    rts
.scend

;
; unit_reach -- a unit's supply range plus one, in SUPPLY_REACH: depots
; SUPPLY_RANGE_DEPOT, Axis units SUPPLY_RANGE_AXIS, Allied units
; SUPPLY_RANGE_ALLIED_COMPUTER or _HUMAN by OPT_COMPUTER_ALLIED.
;
; In:       X = unit index; SUPPLY_SIDE = its side
; Out:      SUPPLY_REACH
; Clobbers: A, flags
;
unit_reach:
.scope
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    bne _combat
    lda #SUPPLY_RANGE_DEPOT+1
    sta SUPPLY_REACH
    rts
_combat:
    lda SUPPLY_SIDE
    bne _allied
    lda #SUPPLY_RANGE_AXIS+1
    sta SUPPLY_REACH
    rts
_allied:
    lda OPT_COMPUTER_ALLIED
    beq _human
    lda #SUPPLY_RANGE_ALLIED_COMPUTER+1
    sta SUPPLY_REACH
    rts
_human:
    lda #SUPPLY_RANGE_ALLIED_HUMAN+1
    sta SUPPLY_REACH
    rts
.scend

;
; find_sources -- the supply sources of SUPPLY_SIDE into SUPPLY_SRC_Q/R.
;
; In:       SUPPLY_SIDE
; Out:      SUPPLY_SOURCES = how many; SUPPLY_SRC_Q/R[0..] their axial coordinates
; Clobbers: A, X, Y, flags
;
find_sources:
.scope
    lda #0
    sta SUPPLY_SOURCES
    sta SUPPLY_DEPOTS
    ldx SUPPLY_SIDE                 ; the home base is always a root
    lda HOME_COL,x
    ldy HOME_ROW,x
    jsr add_source
    lda CONTROL+TOBRUK_TOWN         ; Tobruk, if the side controls it
    cmp SUPPLY_SIDE
    bne _list_depots
    lda #TOBRUK_COL
    ldy #TOBRUK_ROW
    jsr add_source
_list_depots:                       ; the side's depots on the map, unlinked
    ldx #UNIT_COUNT-1
_depot:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _not_depot
    lda UNIT_SIDE,x
    cmp SUPPLY_SIDE
    bne _not_depot
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    bne _not_depot
    txa
    ldy SUPPLY_DEPOTS
    sta SUPPLY_PENDING,y
    inc SUPPLY_DEPOTS
_not_depot:
    dex
    bpl _depot
    lda #DEPOT_CHAIN+1
    sta SUPPLY_REACH
    lda #0
    sta SUPPLY_NEXT
_search:                            ; breadth first: each source pulls in its depots
    lda SUPPLY_NEXT
    cmp SUPPLY_SOURCES
    bcs _done
    ldy SUPPLY_DEPOTS
_pending:
    dey
    bmi _searched
    ldx SUPPLY_PENDING,y
    bmi _pending                    ; $FF: linked already
    tya
    pha
    jsr unit_axial
    ldy SUPPLY_NEXT
    jsr source_in_reach
    pla
    tay
    bcs _pending
    lda #$FF                        ; linked: a source from now on
    sta SUPPLY_PENDING,y
    ldx SUPPLY_SOURCES
    lda SUPPLY_HEX
    sta SUPPLY_SRC_Q,x
    lda SUPPLY_HEX+1
    sta SUPPLY_SRC_R,x
    inc SUPPLY_SOURCES
    jmp _pending
_searched:
    inc SUPPLY_NEXT
    jmp _search
_done:
    rts
.scend

;
; add_source -- append a hex to the sources.
;
; In:       A = column, Y = row
; Out:      SUPPLY_SRC_Q/R[SUPPLY_SOURCES] set, SUPPLY_SOURCES + 1
; Clobbers: A, X, Y, flags; ZP_TEMP
;
add_source:
.scope
    ldx SUPPLY_SOURCES
    sta SUPPLY_SRC_Q,x
    lsr
    sta ZP_TEMP
    tya
    sec
    sbc ZP_TEMP
    sta SUPPLY_SRC_R,x
    inc SUPPLY_SOURCES
    rts
.scend

;
; unit_axial -- a unit's axial coordinates into SUPPLY_HEX.
;
; In:       X = unit index (on the map)
; Out:      SUPPLY_HEX = q (column), SUPPLY_HEX+1 = r (row - column / 2)
; Clobbers: A, flags; ZP_TEMP
;
unit_axial:
.scope
    lda U_COL,x
    sta SUPPLY_HEX
    lsr
    sta ZP_TEMP
    lda U_ROW,x
    sec
    sbc ZP_TEMP
    sta SUPPLY_HEX+1
    rts
.scend

;
; source_in_reach -- is a source closer to SUPPLY_HEX than SUPPLY_REACH?
;
; In:       Y = source index; SUPPLY_HEX = axial q, r; SUPPLY_REACH = range + 1
; Out:      carry clear: within range; carry set: not
; Clobbers: A, flags
;
source_in_reach:
.scope
    lda SUPPLY_HEX
    sec
    sbc SUPPLY_SRC_Q,y
    sta SUPPLY_DQ                   ; dq
    jsr abs_a
    cmp SUPPLY_REACH
    bcs _done
    lda SUPPLY_HEX+1
    sec
    sbc SUPPLY_SRC_R,y              ; dr
    sta ZP_TEMP+1
    jsr abs_a
    cmp SUPPLY_REACH
    bcs _done
    lda ZP_TEMP+1
    clc
    adc SUPPLY_DQ                   ; dq + dr
    jsr abs_a
    cmp SUPPLY_REACH
_done:
    rts
.scend

;
; e_tobruk_surrounded -- entry TOBRUK_SURROUNDED(): 1 if every neighbour of
; Tobruk is ocean (or off the map) or holds an Axis unit, else 0.
;
; In:       nothing
; Out:      A = E_OK, CALL_RESULT = 1 or 0
; Clobbers: X, Y, flags; ZP_PTR, ZP_TEMP..ZP_TEMP+2
;
e_tobruk_surrounded:
.scope
    lda #HEX_DIRECTIONS
    sta ZP_TEMP+2
_direction:
    ldx #TOBRUK_COL
    ldy #TOBRUK_ROW
    lda ZP_TEMP+2
    jsr hex_step
    bcs _closed                     ; off the map
    lda MAP_ROW_LO,y
    sta ZP_PTR_LO
    lda MAP_ROW_HI,y
    sta ZP_PTR_HI
    sty ZP_TEMP+1                   ; the row
    txa
    tay
    lda (ZP_PTR),y
    cmp #TERRAIN_OCEAN
    beq _closed
    stx ZP_TEMP                     ; the column
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda UNIT_SIDE,x
    cmp #SIDE_AXIS
    bne _next
    lda U_COL,x
    cmp ZP_TEMP
    bne _next
    lda U_ROW,x
    cmp ZP_TEMP+1
    beq _closed
_next:
    dex
    bpl _unit
    lda #0                          ; an open neighbour
    beq _answer                     ; always
_closed:
    dec ZP_TEMP+2
    bne _direction
    lda #1
_answer:
    sta CALL_RESULT_LO
    lda #E_OK
    rts
.scend

;
; e_distance_vp -- entry DISTANCE_VP(side): the victory points the side's units
; on the map score at the end of a turn for their distance from their home base
; (docs/rules.md "Victory"; kotd.engine.victory.distance_vp).
;
; In:       ARG0 = side 0 (Axis) or 1 (Allied)
; Out:      A = E_OK, CALL_RESULT = the points; A = E_RANGE for another side
; Clobbers: X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+3
;
e_distance_vp:
.scope
    lda ARG0_HI
    bne _bad
    lda ARG0_LO
    cmp #2
    bcs _bad
    sta ZP_TEMP+3                   ; the side
    tax
    lda HOME_COL,x
    sta ZP_HEX_B
    lda HOME_ROW,x
    sta ZP_HEX_B+1
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda UNIT_SIDE,x
    cmp ZP_TEMP+3
    bne _next
    lda U_COL,x
    sta ZP_HEX_A
    lda U_ROW,x
    sta ZP_HEX_A+1
    jsr hex_distance
    ldy #BAND_COUNT-1
_band:
    cmp BAND_FROM,y                 ; the last band the distance reaches
    bcs _score
    dey
    bpl _band
    bmi _next                       ; below every band (the first starts at 0)
_score:
    lda BAND_VP,y
    clc
    adc CALL_RESULT_LO
    sta CALL_RESULT_LO
    bcc _next
    inc CALL_RESULT_HI
_next:
    dex
    bpl _unit
    lda #E_OK
    rts
_bad:
    lda #E_RANGE
    rts
.scend
