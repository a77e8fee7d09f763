;
; hex.s -- hex geometry (docs/rules.md "Hex grid"): neighbours and distance.
;
; Flat-topped hexes in columns, odd columns half a hex lower ("odd-q"); a hex is
; a column and a row, both bytes.  Directions 1-6: N, NE, SE, S, SW, NW.  The
; steps come from kotd.hexgrid through the HEX_DCOL_*/HEX_DROW_* tables;
; emu_tests/test_hex.py ties this file to kotd.hexgrid.
;

;
; hex_step -- the hex next to a hex in a compass direction.
;
; In:       X = column, Y = row (a hex on the map), A = direction 1-6
; Out:      carry clear: X = column, Y = row of the neighbour
;           carry set:   the neighbour is off the map; X, Y unchanged
; Clobbers: A, flags
; Zero page: ZP_TEMP, ZP_TEMP+1
;
hex_step:
.scope
    stx ZP_TEMP                     ; column
    sty ZP_TEMP+1                   ; row
    tay
    dey                             ; Y = direction - 1 (HEX_DCOL_EVEN_FIRST is 1)
    txa
    lsr                             ; carry = odd column
    bcs _odd
    txa
    adc HEX_DCOL_EVEN,y             ; carry is clear
    tax
    lda ZP_TEMP+1
    clc
    adc HEX_DROW_EVEN,y
    jmp _check
_odd:
    txa
    clc
    adc HEX_DCOL_ODD,y
    tax
    lda ZP_TEMP+1
    clc
    adc HEX_DROW_ODD,y
_check:
    ; A step of -1 from column or row 0 wraps to $FF: off the map like any
    ; number >= the map's size.
    cpx #MAP_COLUMNS
    bcs _off
    cmp #MAP_ROWS
    bcs _off
    tay                             ; carry is clear
    rts
_off:
    ldx ZP_TEMP
    ldy ZP_TEMP+1
    sec
    rts
.scend

;
; hex_distance -- hexes between two hexes: with q = col, r = row - col / 2,
; d = max(|dq|, |dr|, |dq + dr|).
;
; In:       ZP_HEX_A = column, ZP_HEX_A+1 = row; ZP_HEX_B the same; both on the map
; Out:      A = the distance
; Clobbers: flags
; Zero page: ZP_TEMP..ZP_TEMP+2
;
; The differences are signed bytes: tables.py refuses a map too big for that.
;
hex_distance:
.scope
    lda ZP_HEX_A
    sec
    sbc ZP_HEX_B
    sta ZP_TEMP                     ; dq = qA - qB
    lda ZP_HEX_A
    lsr
    sta ZP_TEMP+1
    lda ZP_HEX_A+1
    sec
    sbc ZP_TEMP+1
    sta ZP_TEMP+1                   ; rA = rowA - colA / 2
    lda ZP_HEX_B
    lsr
    sta ZP_TEMP+2
    lda ZP_HEX_B+1
    sec
    sbc ZP_TEMP+2                   ; rB = rowB - colB / 2
    sta ZP_TEMP+2
    lda ZP_TEMP+1
    sec
    sbc ZP_TEMP+2
    sta ZP_TEMP+1                   ; dr = rA - rB
    clc
    adc ZP_TEMP                     ; dq + dr
    jsr abs_a
    sta ZP_TEMP+2                   ; the largest so far
    lda ZP_TEMP
    jsr abs_a
    cmp ZP_TEMP+2
    bcc +
    sta ZP_TEMP+2
*   lda ZP_TEMP+1
    jsr abs_a
    cmp ZP_TEMP+2
    bcs _done
    lda ZP_TEMP+2
_done:
    rts
.scend

;
; abs_a -- the absolute value of a signed byte.
;
; In:       A = -127..127
; Out:      A = |A|
; Clobbers: flags
;
abs_a:
.scope
    cmp #$80
    bcc _done                       ; already positive
    eor #$FF
    clc
    adc #1
_done:
    rts
.scend

;
; e_hex_neighbour -- entry HEX_NEIGHBOUR(col, row, direction).
;
; In:       ARG0 = column, ARG1 = row, ARG2 = direction 1-6
; Out:      A = E_OK, CALL_RESULT = column + 256 * row of the neighbour, or
;           HEX_NONE when it is off the map; A = E_HEX for a hex off the map,
;           E_DIRECTION for a bad direction
; Clobbers: X, Y, flags; ZP_TEMP..ZP_TEMP+1
;
e_hex_neighbour:
.scope
    ldx #0
    jsr arg_hex
    bcs _bad_hex
    sta ZP_HEX_A
    lda ARG2_HI
    bne _bad_direction
    lda ARG2_LO
    beq _bad_direction
    cmp #HEX_DIRECTIONS+1
    bcs _bad_direction
    ldx ZP_HEX_A
    jsr hex_step
    bcs _none
    stx CALL_RESULT_LO
    sty CALL_RESULT_HI
    lda #E_OK
    rts
_none:
    lda #<HEX_NONE
    sta CALL_RESULT_LO
    lda #>HEX_NONE
    sta CALL_RESULT_HI
    lda #E_OK
    rts
_bad_hex:
    lda #E_HEX
    rts
_bad_direction:
    lda #E_DIRECTION
    rts
.scend

;
; e_hex_distance -- entry HEX_DISTANCE(col1, row1, col2, row2).
;
; In:       ARG0, ARG1 = a hex; ARG2, ARG3 = another
; Out:      A = E_OK, CALL_RESULT = the distance; or A = E_HEX if either is off the map
; Clobbers: X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2
;
e_hex_distance:
.scope
    ldx #0
    jsr arg_hex
    bcs _bad
    sta ZP_HEX_A
    sty ZP_HEX_A+1
    ldx #4
    jsr arg_hex
    bcs _bad
    sta ZP_HEX_B
    sty ZP_HEX_B+1
    jsr hex_distance
    sta CALL_RESULT_LO
    lda #E_OK
    rts
_bad:
    lda #E_HEX
    rts
.scend

;
; e_unit_distance -- entry UNIT_DISTANCE(unit1, unit2): hexes between two units.
;
; In:       ARG0, ARG1 = unit numbers 1..UNIT_COUNT
; Out:      A = E_OK, CALL_RESULT = the distance; A = E_UNIT for a unit number
;           out of range, E_HEX for a unit that is not on the map (checked
;           after both numbers)
; Clobbers: X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2
;
e_unit_distance:
.scope
    ldx #0
    jsr arg_unit
    bcs _bad_unit
    stx ZP_HEX_A                    ; unit indices for now
    ldx #2
    jsr arg_unit
    bcs _bad_unit
    stx ZP_HEX_B
    ldy ZP_HEX_A
    lda U_STATUS,y
    cmp #STATUS_ON_MAP
    bne _off_map
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _off_map
    lda U_COL,x
    sta ZP_HEX_B
    lda U_ROW,x
    sta ZP_HEX_B+1
    lda U_COL,y
    sta ZP_HEX_A
    lda U_ROW,y
    sta ZP_HEX_A+1
    jsr hex_distance
    sta CALL_RESULT_LO
    lda #E_OK
    rts
_bad_unit:
    lda #E_UNIT
    rts
_off_map:
    lda #E_HEX
    rts
.scend
