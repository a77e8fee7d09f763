;
; apple_text.s -- text on hi-res page 2 (part of apple_frontend.s): the output hook
; behind PRINT, the glyph drawer, rows cleared, the CALL answer.
;
; The screen is 40 x 24 character cells of 7 x 8 pixels, the text screen's grid: cell
; (column, row) starts at HIRES_PAGE2 + (row & 7) * $80 + (row >> 3) * $28 + column,
; and each of its 8 scan lines is $400 further (docs/apple-display.md).
;

; One scan line of a glyph: its byte from plane _1 (indexed by X), inverted by INVERT,
; at column Y of the scan line SCREEN_PTR points at.
.macro glyph_line
    lda _1,x
    eor INVERT
    sta (SCREEN_PTR),y
.macend

; SCREEN_PTR to the next scan line of the cell ($400 on).  Clobbers A, the carry.
.macro next_line
    lda SCREEN_PTR+1
    clc
    adc #LINE_STEP
    sta SCREEN_PTR+1
.macend

;
; display_init -- CALL DISPLAY_INIT: the whole screen hi-res page 2, cleared, and PRINT
;   drawn on it: CSW = the text hook, the cursor at the top left.  Again after a RESET
;   (the monitor puts CSW and KSW back to its own COUT1 and KEYIN and the text screen on).
;   In:  CALL_ARGC = 0
;   GET and INPUT read their keys through key_in (KSW).
;   Out: CALL_STATUS 0; E_ARG_COUNT with arguments (nothing done)
;   Clobbers: A, X, Y.  Zero page: SCREEN_PTR, ROW_TEMP; CSW, KSW, CH, CV set
;   (Clearing the map's rows clears MAP_SHOWN: the next DRAW_MAP draws the whole map.)
;
display_init:
.scope
    lda CALL_ARGC
    beq _go
    lda #E_ARG_COUNT
    jmp display_answer
_go:
    ldx #TEXT_ROWS-1                ; cleared before it shows: no garbage flashes up
_clear:
    txa
    jsr clear_text_row
    dex
    bpl _clear
    sta CLR80STORE                  ; a write of any value
    lda TXTCLR
    lda MIXCLR
    lda TXTPAGE2
    lda HIRES
    lda #<jt_text_out
    sta CSW
    lda #>jt_text_out
    sta CSW+1
    lda #<key_in
    sta KSW
    lda #>key_in
    sta KSW+1
    lda #0
    sta CH
    sta CV
    jmp display_answer              ; A = E_OK
.scend

;
; text_out -- the output hook (CSW): draw the character in A at (CH, CV) and move on,
;   as the monitor's COUT1 does on the text screen.
;   - $20-$5F drawn from the font; $60-$7F as $40-$5F (lower case as upper case); the
;     high bit is ignored (Applesoft sends $A0-$FF);
;   - inverse when INVFLG's bit 7 is clear (INVERSE; FLASH is drawn as inverse too);
;   - CR ($0D/$8D): column 0 of the next row; BS ($08/$88, the left arrow INPUT echoes):
;     one column back, within the row, nothing erased (the next character overwrites);
;     every other control character ignored (the bell too);
;   - after column 39, column 0 of the next row; after row 23, row 23 again: it is
;     cleared when the first character is drawn there (no scrolling: moving 7.5 KB of
;     hi-res would take a quarter of a second).  CV = 24 meanwhile.
;   In:  A = the character; CH, CV, INVFLG
;   Out: A, X, Y unchanged (COUT's contract); CH, CV moved; MAP_SHOWN cleared if the
;        character lands on the map (forget_map_cell)
;   Clobbers: flags.  Zero page: SCREEN_PTR, INVERT, ROW_TEMP
;
text_out:
.scope
    pha
    txa
    pha
    tya
    pha
    tsx
    lda $0103,x                     ; the character, pushed first
    and #$7F
    cmp #$20
    bcc _control
    cmp #$60
    bcc _upper
    sbc #$20                        ; carry set: lower case to upper case
_upper:
    sec
    sbc #FONT_FIRST
    tax
    jsr put_char
    jmp _done
_control:
    cmp #$0D
    bne _backspace
    jsr new_line
    jmp _done
_backspace:
    cmp #$08                        ; the monitor's GETLN (INPUT) echoes the left arrow
    bne _done                       ; and expects the cursor back one column
    lda CH
    beq _done
    dec CH
_done:
    pla
    tay
    pla
    tax
    pla
    rts
.scend

;
; key_in -- the input hook (KSW) behind GET and INPUT: the monitor's RDKEY jumps here for
;   each key.  The key is shown at once in inverse in the key cell (KEY_MARK_COLUMN,
;   KEY_MARK_ROW: right of the map, under the cursor's column and row) and stays there
;   until the program asks for its next key, which blanks the cell first: the player sees
;   within a frame that the key was taken, and the mark says the program is still at work
;   while it stands (issue 13: a key answers within 0.1 s; a longer wait shows
;   progress).  Lower case is drawn as upper case, a control key as a solid block; the
;   key itself is returned as it came (the program folds lower case: a IIe with caps
;   lock off types as a II+).  RDKEY's flashing cursor on text page 1 is left as it is:
;   that page is never shown.
;   Out: A = the key, high bit set (as the monitor's KEYIN); X, Y as they came (GETLN
;        keeps its buffer index in X)
;   Clobbers: flags.  Zero page: SCREEN_PTR, INVERT, ROW_TEMP, HEX_COL, HEX_ROW
;
.alias KEY_MARK_COLUMN  TEXT_COLUMNS-4
.alias KEY_MARK_ROW     MAP_TOP_ROW+3
key_in:
.scope
    stx HEX_COL
    sty HEX_ROW
    lda #0                          ; glyph 0, the space: the last key's mark blanked
    sta INVERT
    jsr mark_key
key_wait:                           ; the program waits for a key (the machine tests look for it)
    lda KBD
    bpl key_wait
    bit KBDSTRB
    pha
    and #$7F
    cmp #$60
    bcc _font
    sbc #$20                        ; carry set: lower case as upper case
_font:
    sec
    sbc #FONT_FIRST
    bcs _mark
    lda #0                          ; a control key: the space, inverted a block
_mark:
    ldx #INVERSE_MASK
    stx INVERT
    jsr mark_key
    ldx HEX_COL
    ldy HEX_ROW
    pla
    rts
.scend

;
; mark_key -- draw glyph A in the key cell, each byte EOR INVERT.
;   Clobbers: A, X, Y, the carry.  Zero page: SCREEN_PTR, ROW_TEMP
;
mark_key:
    tax
    lda #KEY_MARK_ROW
    jsr row_address
    ldy #KEY_MARK_COLUMN
    jmp draw_glyph

;
; put_char -- draw glyph X at (CH, CV), honouring INVFLG, and move the cursor on.
;   In:  X = glyph index (character - FONT_FIRST)
;   Out: MAP_SHOWN cleared if the cell is one of the map's
;   Clobbers: A, X, Y.  Zero page: SCREEN_PTR, INVERT, ROW_TEMP; CH, CV
;
put_char:
.scope
    lda CH
    cmp #TEXT_COLUMNS
    bcc _column
    jsr new_line                    ; HTAB past the last column
_column:
    lda CV
    cmp #TEXT_ROWS
    bcc _row
    lda #TEXT_ROWS-1                ; below the last row: the last row again, cleared
    sta CV
    txa
    pha
    lda #TEXT_ROWS-1
    jsr clear_text_row
    pla
    tax
    lda #TEXT_ROWS-1
_row:
    jsr forget_map_cell
    jsr row_address
    lda #0
    bit INVFLG
    bmi _normal
    lda #INVERSE_MASK
_normal:
    sta INVERT
    ldy CH
    jsr draw_glyph
    inc CH
    lda CH
    cmp #TEXT_COLUMNS
    bcc _done
    jsr new_line
_done:
    rts
.scend

;
; new_line -- CH = 0 and CV one row down; CV stops at TEXT_ROWS (below the screen:
;   put_char draws there on the last row, cleared first).
;   Clobbers: A
;
new_line:
.scope
    lda #0
    sta CH
    lda CV
    cmp #TEXT_ROWS
    bcs _done
    inc CV
_done:
    rts
.scend

;
; draw_glyph -- the 8 scan lines of font glyph X at column Y of the text row
;   SCREEN_PTR points at, each EOR INVERT.
;   In:  X = glyph index (0..FONT_COUNT-1), Y = column, SCREEN_PTR = the row's first
;        scan line (row_address), INVERT
;   Out: SCREEN_PTR as it came
;   Clobbers: A, the carry
;
draw_glyph:
    `glyph_line font_0
    `next_line
    `glyph_line font_1
    `next_line
    `glyph_line font_2
    `next_line
    `glyph_line font_3
    `next_line
    `glyph_line font_4
    `next_line
    `glyph_line font_5
    `next_line
    `glyph_line font_6
    `next_line
    `glyph_line font_7
    lda SCREEN_PTR+1
    sec
    sbc #7*LINE_STEP
    sta SCREEN_PTR+1
    rts

;
; row_address -- SCREEN_PTR = the first scan line of text row A:
;   HIRES_PAGE2 + (row & 7) * $80 + (row >> 3) * $28.
;   In:  A = row, 0..TEXT_ROWS-1
;   Clobbers: A, the carry.  Zero page: SCREEN_PTR, ROW_TEMP
;
row_address:
.scope
    sta ROW_TEMP
    and #$18                        ; (row >> 3) * 8
    sta SCREEN_PTR
    asl
    asl                             ; * 32: at most $40, no carry out
    adc SCREEN_PTR                  ; (row >> 3) * $28
    sta SCREEN_PTR
    lda ROW_TEMP
    lsr                             ; the carry: row & 1, the $80 of the low byte
    and #3                          ; (row & 7) >> 1: the $100s
    ora #>HIRES_PAGE2
    sta SCREEN_PTR+1
    bcc _done
    lda SCREEN_PTR
    ora #$80                        ; at most $50 so far: OR adds
    sta SCREEN_PTR
_done:
    rts
.scend

;
; clear_text_row -- blank the 8 scan lines of text row A (40 bytes each): a column at a
;   time, 8 STA addr,Y whose addresses are written into the code first (self-modifying,
;   as draw_cells: about 1,900 cycles a row where a pointer stepped line by line took 3,900).
;   In:  A = row, 0..TEXT_ROWS-1
;   Out: MAP_SHOWN cleared if it is one of the map's rows
;   Clobbers: A, Y.  Zero page: SCREEN_PTR, ROW_TEMP
;
clear_text_row:
.scope
    jsr forget_map_row
    jsr row_address
    lda SCREEN_PTR                  ; the scan lines differ in the high byte only
    sta _line_0+1
    sta _line_1+1
    sta _line_2+1
    sta _line_3+1
    sta _line_4+1
    sta _line_5+1
    sta _line_6+1
    sta _line_7+1
    lda SCREEN_PTR+1
    sta _line_0+2
    clc
    adc #LINE_STEP
    sta _line_1+2
    clc
    adc #LINE_STEP
    sta _line_2+2
    clc
    adc #LINE_STEP
    sta _line_3+2
    clc
    adc #LINE_STEP
    sta _line_4+2
    clc
    adc #LINE_STEP
    sta _line_5+2
    clc
    adc #LINE_STEP
    sta _line_6+2
    clc
    adc #LINE_STEP
    sta _line_7+2
    lda #0
    ldy #TEXT_COLUMNS-1
_column:
_line_0:
    sta $FFFF,y
_line_1:
    sta $FFFF,y
_line_2:
    sta $FFFF,y
_line_3:
    sta $FFFF,y
_line_4:
    sta $FFFF,y
_line_5:
    sta $FFFF,y
_line_6:
    sta $FFFF,y
_line_7:
    sta $FFFF,y
    dey
    bpl _column
    rts
.scend

;
; forget_map_cell, forget_map_row -- text row A (at column CH; the whole row) is about
;   to be drawn over: if that is on the map, the screen no longer shows what DRAW_MAP
;   last drew (MAP_SHOWN cleared: the next DRAW_MAP draws the whole map).
;   In:  A = row; CH (forget_map_cell)
;   Out: A as it came
;   Clobbers: the carry
;
forget_map_cell:
    pha
    lda CH
    cmp #MAP_COLUMNS
    pla
    bcc forget_map_row              ; text beyond the map's columns leaves it
    rts
forget_map_row:
.scope
    pha
    sec
    sbc #MAP_TOP_ROW
    cmp #MAP_ROWS
    bcs _kept                       ; above or below the map
    lda #0
    sta MAP_SHOWN
_kept:
    pla
    rts
.scend

;
; clear_rows -- CALL CLEAR_ROWS (row, count): blank text rows row..row+count-1.
;   In:  CALL_ARGC = 2; row and count with row + count <= TEXT_ROWS
;   Out: CALL_STATUS 0; E_ARG_COUNT, or E_RANGE past the screen (nothing cleared)
;   Clobbers: A, X, Y.  Zero page: SCREEN_PTR, ROW_TEMP
;
clear_rows:
.scope
    lda CALL_ARGC
    cmp #2
    beq _two
    lda #E_ARG_COUNT
    jmp display_answer
_two:
    lda ARG0_HI
    ora ARG1_HI
    bne _range
    lda ARG0_LO
    cmp #TEXT_ROWS+1
    bcs _range
    lda ARG1_LO
    cmp #TEXT_ROWS+1
    bcs _range
    adc ARG0_LO                     ; carry clear; both <= 24: no overflow
    cmp #TEXT_ROWS+1
    bcs _range
    tax                             ; one past the last row
_row:
    cpx ARG0_LO
    beq _done
    dex
    txa
    jsr clear_text_row
    jmp _row
_done:
    lda #E_OK
    jmp display_answer
_range:
    lda #E_RANGE
    jmp display_answer
.scend

;
; display_answer -- the end of every CALL entry: CALL_STATUS = A, CALL_RESULT = 0 on
;   E_OK, else $FF00 + the code (as the engine answers: docs/engine.md).
;   In:  A = E_OK or an error code
;   Out: A = CALL_STATUS
;
display_answer:
.scope
    sta CALL_STATUS
    cmp #E_OK
    bne _error
    sta CALL_RESULT_LO
    sta CALL_RESULT_HI
    rts
_error:
    sta CALL_RESULT_LO
    lda #RESULT_ERROR_HI
    sta CALL_RESULT_HI
    lda CALL_STATUS
    rts
.scend
