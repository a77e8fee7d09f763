;
; args.s -- argument checks shared by the entries.
;
; Each takes the offset of an argument in CALL_ARGS in X (0 for the first,
; 2 for the second, ...) and answers with the carry: clear = good.
;

;
; arg_unit -- the argument at CALL_ARGS+X as a unit number 1..UNIT_COUNT.
;
; In:       X = offset of the argument in CALL_ARGS
; Out:      carry clear: X = unit index (number - 1); carry set: out of range
; Clobbers: A
;
arg_unit:
.scope
    lda CALL_ARGS+1,x
    bne _bad
    lda CALL_ARGS,x
    beq _bad
    cmp #UNIT_COUNT+1
    bcs _bad
    tax
    dex
    clc
    rts
_bad:
    sec
    rts
.scend

;
; arg_hex -- two arguments, column at CALL_ARGS+X, row at CALL_ARGS+X+2, as a
; hex on the map.
;
; In:       X = offset of the column argument in CALL_ARGS
; Out:      carry clear: A = column, Y = row; carry set: off the map
; Clobbers: A, Y
;
arg_hex:
.scope
    lda CALL_ARGS+1,x               ; high bytes must be 0
    ora CALL_ARGS+3,x
    bne _off
    ldy CALL_ARGS+2,x
    cpy #MAP_ROWS
    bcs _off
    lda CALL_ARGS,x
    cmp #MAP_COLUMNS                ; carry set when off the map
    rts
_off:
    sec
    rts
.scend

;
; arg_unit_on_map -- the argument at CALL_ARGS+X as a unit that stands on the
; map: status ON_MAP and its hex on the map (kotd.engine.movement.check_on_map).
;
; In:       X = offset of the argument in CALL_ARGS
; Out:      carry clear: X = unit index (number - 1)
;           carry set: A = E_UNIT (no such unit) or E_HEX (not on the map)
; Clobbers: A
;
arg_unit_on_map:
.scope
    jsr arg_unit
    bcs _no_unit
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _off
    lda U_COL,x
    cmp #MAP_COLUMNS
    bcs _off
    lda U_ROW,x
    cmp #MAP_ROWS
    bcs _off
    rts                             ; carry is clear
_off:
    lda #E_HEX
    sec
    rts
_no_unit:
    lda #E_UNIT
    rts                             ; carry is set
.scend
