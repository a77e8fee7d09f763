;
; atari_unit_name.s -- a unit's name on row UNIT_NAME_ROW (part of atari_frontend.s; the
; unit display of manual IV.A.7: "displaying its name"; docs/play.md "The screen").
;
;   X=USR(DRAW_UNIT_NAME, unit)   ; 0 done; 1 not one argument or no such unit
;                                 ; (nothing drawn)
;
; The names are in the text segment (atari_frontend_text.s), unpacked by unit_name.s
; (each name under 40 characters: tools/kotd/build/unitnames.py).  BASIC blanks the row
; first (CLEAR_ROWS).
;

.alias NAME_AT  ZP_BASE+2           ; the name's next byte (2 bytes)
.alias WORD_AT  ZP_BASE+4           ; the dictionary word's next byte (2 bytes)
.alias COLUMN   ZP_BASE+6
.alias STRINGS  ZP_BASE+9           ; strings left to skip (CELL is +7, +8)
.alias UNIT_NAME_ROW 16

;
; draw_unit_name -- USR entry: the unit's name on row UNIT_NAME_ROW from column 0.
;   In:  the USR stack: argument count, then the unit (1-UNIT_COUNT; high, low)
;   Out: FR0 = 0; 1 (the arguments pulled, nothing drawn) for a wrong count or unit
;   Clobbers: A, X, Y
;   Zero page: CELL, NAME_AT, WORD_AT, COLUMN, STRINGS
;
draw_unit_name:
.scope
    pla
    cmp #1
    beq _one
    jmp usr_refuse                  ; A = the count
_one:
    pla                             ; the unit: high (must be 0), low
    tay
    pla
    tax
    dex                             ; 0 to UNIT_COUNT - 1 (unit 0 wraps to $FF)
    cpx #UNIT_COUNT
    bcs _wrong
    cpy #0
    bne _wrong
    lda SAVMSC
    clc
    adc #<[40*UNIT_NAME_ROW]
    sta CELL
    lda SAVMSC+1
    adc #>[40*UNIT_NAME_ROW]
    sta CELL+1
    lda #0
    sta COLUMN
    jsr name_out
    jmp usr_answer_zero
_wrong:
    jmp usr_answer_one
.scend

;
; name_char -- unit_name.s's: an ATASCII character (32-95) at column COLUMN of the row at
; CELL.
;   Out: Z clear (COLUMN is 1-40).  Clobbers: A, Y.  Zero page: COLUMN (+1)
;
name_char:
    sec
    sbc #32
    ldy COLUMN
    sta (CELL),y
    inc COLUMN
    rts

.require "unit_name.s"
