;
; atari_unit_name.s -- a unit's name on row UNIT_NAME_ROW (part of atari_frontend.s; the
; unit display of manual IV.A.7: "displaying its name"; docs/play.md "The screen").
;
;   X=USR(DRAW_UNIT_NAME, unit)   ; 0 done; 1 not one argument or no such unit
;                                 ; (nothing drawn)
;
; The names are the text segment's (atari_frontend_text.s): unit_names, in unit order,
; each ended by 0; a byte from UNIT_NAME_TOKEN on stands for a word of unit_words
; (tools/kotd/build/unitnames.py packs them, each name under 40 characters).  BASIC
; blanks the row first (CLEAR_ROWS).
;

.alias NAME_AT  ZP_BASE+2           ; the name's next byte (2 bytes)
.alias WORD_AT  ZP_BASE+4           ; the dictionary word's next byte (2 bytes)
.alias COLUMN   ZP_BASE+6
.alias STRINGS  ZP_BASE+9           ; strings left to skip (CELL is +7, +8)
.alias UNIT_NAME_ROW 16
.alias FROM_NAME 0                  ; fetch's X: NAME_AT
.alias FROM_WORD WORD_AT-NAME_AT    ; fetch's X: WORD_AT

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
    lda #<unit_names                ; the unit's name: after unit - 1 others
    sta NAME_AT
    lda #>unit_names
    sta NAME_AT+1
    txa
    ldx #FROM_NAME
    jsr skip_strings
_byte:
    ldx #FROM_NAME
    jsr fetch
    beq _done
    cmp #UNIT_NAME_TOKEN
    bcc _char
    sbc #UNIT_NAME_TOKEN            ; carry set: which word
    ldx #<unit_words
    stx WORD_AT
    ldx #>unit_words
    stx WORD_AT+1
    ldx #FROM_WORD
    jsr skip_strings
_word:
    ldx #FROM_WORD
    jsr fetch
    beq _byte
    jsr put_char
    bne _word                       ; always (COLUMN is 1-40)
_char:
    jsr put_char
    bne _byte                       ; always
_done:
    jmp usr_answer_zero
_wrong:
    jmp usr_answer_one
.scend

;
; put_char -- an ATASCII character (32-95) at column COLUMN of the row at CELL.
;   Clobbers: A, Y.  Zero page: COLUMN (+1)
;
put_char:
    sec
    sbc #32
    ldy COLUMN
    sta (CELL),y
    inc COLUMN
    rts

;
; fetch -- the next byte of a string: A = the byte at NAME_AT+X's pointer, which moves on.
;   In:  X = FROM_NAME or FROM_WORD.  Out: A; Z set for the 0 that ends a string
;   Clobbers: A
;
fetch:
    lda (NAME_AT,x)
    inc NAME_AT,x
    bne +
    inc NAME_AT+1,x
*   cmp #0
    rts

;
; skip_strings -- a pointer moved past A strings, each ended by 0.
;   In:  A = how many (0: none); X = FROM_NAME or FROM_WORD
;   Clobbers: A.  Zero page: STRINGS, the pointer
;
skip_strings:
.scope
    sta STRINGS
_next:
    dec STRINGS
    bmi _done
_char:
    jsr fetch
    bne _char
    beq _next
_done:
    rts
.scend
