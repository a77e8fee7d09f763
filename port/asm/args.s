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
