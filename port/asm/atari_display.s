;
; atari_display.s -- the map on the Atari's text screen (part of atari_frontend.s;
; docs/play.md "The screen").
;
; The whole theatre, one character a hex, on screen rows 1-MAP_ROWS from column 0:
; the terrain's glyph (a victory town's its own), then each unit on the map (its side and
; kind), a hex of two or more units the first one's stack glyph, and the cursor's hex in
; inverse video.  It writes screen memory directly (SAVMSC), GRAPHICS 0 being open: about
; 30,000 cycles, under one frame, where BASIC took about 90 frames.  Row HEX_LIST_ROW then
; lists the units in the cursor's hex ("HEX: 12 15"), which BASIC took 10 frames to find.
;
;   X=USR(DRAW_MAP, col, row)   ; 0 done; 1 not two arguments (all pulled)
;

; Screen codes (the ANTIC's internal character set) of what is drawn: the map glyphs of
; atari_charset.s, each terrain at MAP_GLYPH_FIRST + its code, a unit at GLYPH_UNIT +
; 2 * side + type, a stack at GLYPH_STACK + the same, a victory town with no unit at
; GLYPH_VICTORY_TOWN (generated/atari_glyphs.s).
.alias INVERSE  $80
.alias HEX_LIST_ROW 15              ; the screen row of the cursor hex's unit list
; "HEX:" in screen codes; a digit's screen code is $10 + the digit.
hex_title:
    .byte $28, $25, $38, $1A
.alias DIGIT_0  $10

.alias SCREEN   ZP_BASE             ; the screen row being drawn
.alias TERRAIN  ZP_BASE+2           ; MAP_TERRAIN's row being read
.alias ROWS     ZP_BASE+4           ; rows left; later the unit index
.alias CURSOR_C ZP_BASE+5           ; the cursor's hex
.alias CURSOR_R ZP_BASE+6
.alias CELL     ZP_BASE+7           ; a hex's screen address (2 bytes)
.alias HEX_C    ZP_BASE+9
.alias HEX_R    ZP_BASE+10

;
; draw_map -- USR entry: draw the map, the units and the cursor.
;   In:  the USR stack: argument count, then col and row (each high, low)
;   Out: FR0 = 0, or 1 with not two arguments (nothing drawn)
;   Clobbers: A, X, Y
;   Zero page: ZP_BASE..+10
;
draw_map:
.scope
    pla
    cmp #2
    beq _two
    jmp usr_refuse                  ; A = the count
_two:
    pla                             ; col: high byte ignored, low kept
    pla
    sta CURSOR_C
    pla
    pla
    sta CURSOR_R
    jsr draw_terrain
    jsr draw_units
    jsr list_hex_units
    lda CURSOR_C                    ; the cursor: its hex inverted, if on the map
    cmp #MAP_COLUMNS
    bcs +
    sta HEX_C
    lda CURSOR_R
    cmp #MAP_ROWS
    bcs +
    sta HEX_R
    jsr cell_address
    ldy #0
    lda (CELL),y
    eor #INVERSE
    sta (CELL),y
*   jmp usr_answer_zero
.scend

;
; draw_terrain -- every hex's terrain character, rows 1-MAP_ROWS of the screen.
;   Clobbers: A, X, Y.  Zero page: SCREEN, TERRAIN, ROWS
;   The map's character set is made ready first (atari_charset.s).
;
draw_terrain:
    jsr charset_ready               ; the glyphs shown (after a screen open, not yet)
    lda SAVMSC                      ; row 1 of the screen
    clc
    adc #40
    sta SCREEN
    lda SAVMSC+1
    adc #0
    sta SCREEN+1
    lda #<MAP_TERRAIN
    sta TERRAIN
    lda #>MAP_TERRAIN
    sta TERRAIN+1
    lda #MAP_ROWS
    sta ROWS
_row:
    ldy #MAP_COLUMNS-1
_hex:
    lda (TERRAIN),y
    cmp #GLYPH_UNIT-MAP_GLYPH_FIRST ; a terrain code with no glyph: "?"
    bcs _unknown
    adc #MAP_GLYPH_FIRST            ; (carry clear)
    bcc _put
_unknown:
    lda #$1F
_put:
    sta (SCREEN),y
    dey
    bpl _hex
    lda TERRAIN
    clc
    adc #MAP_COLUMNS
    sta TERRAIN
    bcc +
    inc TERRAIN+1
*   lda SCREEN
    clc
    adc #40
    sta SCREEN
    bcc +
    inc SCREEN+1
*   dec ROWS
    bne _row
    ; fall through

;
; mark_towns -- each victory town (TOWN_COL, TOWN_ROW: the towns that score, manual
;   VII) on a town hex gets the victory town's glyph instead of the town's, so that
;   they stand apart from the home bases (Tobruk, a fortress, has its own already).
;   Clobbers: A, X, Y.  Zero page: HEX_C, HEX_R, CELL
;
mark_towns:
.scope
    ldx #TOWN_COUNT-1
_town:
    lda TOWN_COL,x
    sta HEX_C
    lda TOWN_ROW,x
    sta HEX_R
    jsr cell_address                ; (X kept)
    ldy #0
    lda (CELL),y
    cmp #MAP_GLYPH_FIRST+TERRAIN_TOWN
    bne +
    lda #GLYPH_VICTORY_TOWN
    sta (CELL),y
*   dex
    bpl _town
    rts
.scend

;
; draw_units -- each unit on the map over its hex; a second unit makes it the first
;   one's stack glyph.
;   Clobbers: A, X, Y.  Zero page: ROWS (the unit index), CELL, HEX_C, HEX_R
;
draw_units:
.scope
    ldx #0
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda U_COL,x
    cmp #MAP_COLUMNS
    bcs _next
    sta HEX_C
    lda U_ROW,x
    cmp #MAP_ROWS
    bcs _next
    sta HEX_R
    stx ROWS
    jsr cell_address
    ldx ROWS
    ldy #0
    lda (CELL),y                    ; a unit drawn there already: its stack glyph
    sec
    sbc #GLYPH_UNIT
    cmp #GLYPH_UNIT_KINDS
    bcc _stack
    cmp #2*GLYPH_UNIT_KINDS         ; a stack already
    bcc _next
    lda UNIT_SIDE,x
    asl
    ora UNIT_TYPE,x
    and #3
    clc
    adc #GLYPH_UNIT
    sta (CELL),y
    jmp _next
_stack:
    adc #GLYPH_STACK                ; (carry clear) the first unit's kind, stacked
    sta (CELL),y
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    rts
.scend

;
; draw_terrain_only -- USR entry: the map without its units (the R key, manual VIII:
;   the units off the screen until another key; BASIC then draws the map again).
;   In:  the USR stack: argument count (none expected)
;   Out: FR0 = 0; 1 with arguments (all pulled, nothing drawn)
;   Clobbers: A, X, Y.  Zero page: SCREEN, TERRAIN, ROWS
;
draw_terrain_only:
    pla
    beq +
    jmp usr_refuse                  ; A = the count
*   jsr draw_terrain
    jmp usr_answer_zero

;
; clear_rows -- USR entry: blank whole screen rows (the screen editor's PRINT of 40
;   blanks takes about 2 frames a row; this, 40 stores a row).
;   In:  the USR stack: argument count, then the first row and the count (high, low)
;   Out: FR0 = 0; 1 not two arguments or rows beyond the screen's 24 (nothing cleared)
;   Clobbers: A, X, Y.  Zero page: CELL, HEX_C, HEX_R, ROWS
;
clear_rows:
.scope
    pla
    cmp #2
    beq _two
    jmp usr_refuse                  ; A = the count
_two:
    pla                             ; the first row: high byte (must be 0), low
    tax
    pla
    sta HEX_R
    pla                             ; the count: high byte (must be 0), low
    sta ROWS
    pla
    cpx #0
    bne _wrong_args
    ldx ROWS
    bne _wrong_args
    sta ROWS
    lda HEX_R
    clc
    adc ROWS
    cmp #25
    bcs _wrong_args
    lda ROWS
    beq _done
    dec HEX_R                       ; cell_address counts from screen row 1
    lda #0
    sta HEX_C
_row:
    jsr cell_address
    jsr blank_row
    inc HEX_R
    dec ROWS
    bne _row
_done:
    jmp usr_answer_zero
_wrong_args:
    jmp usr_answer_one
.scend

;
; usr_refuse -- the end of a USR entry called with the wrong number of arguments:
;   pulls them all, as USR requires, and answers 1.
;   In:  A = the argument count (already pulled); the arguments on the stack
;   Out: FR0 = 1, back to BASIC
;   Clobbers: A, X
;
usr_refuse:
    tax
    beq usr_answer_one
*   pla                             ; each argument's two bytes
    pla
    dex
    bne -
usr_answer_one:
    lda #1
    .byte $2C                       ; BIT abs: skips the LDA #0 below (2 bytes saved a use)
; usr_answer_zero -- the end of a USR entry that answers 0.
usr_answer_zero:
    lda #0
; usr_answer -- the end of every USR entry: FR0 = A (0..255), back to BASIC.
;   In:  A = the answer.  Out: FR0, FR0+1.  Clobbers: A
usr_answer:
    sta FR0
    lda #0
    sta FR0+1
    rts

;
; list_hex_units -- row HEX_LIST_ROW: "HEX:" and the number of each unit on the map
;   in the cursor's hex, in unit order (the row cleared first).
;   Clobbers: A, X, Y.  Zero page: CELL (the row), ROWS (the column), HEX_C, HEX_R
;
list_hex_units:
.scope
    lda #HEX_LIST_ROW-1             ; cell_address counts map rows from screen row 1
    sta HEX_R
    lda #0
    sta HEX_C
    jsr cell_address
    jsr blank_row
    ldy #3
_title:
    lda hex_title,y
    sta (CELL),y
    dey
    bpl _title
    lda #4
    sta ROWS                        ; the next free column
    lda #0
    sta HEX_C                       ; now the unit index
_unit:
    ldx HEX_C
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda U_COL,x
    cmp CURSOR_C
    bne _next
    lda U_ROW,x
    cmp CURSOR_R
    bne _next
    ldy ROWS
    cpy #36                         ; room for " nn" (a stack holds a few units)
    bcs _next
    iny                             ; a space (the row is clear), then 1..UNIT_COUNT
    txa
    clc
    adc #1
    cmp #10
    bcc _units_digit
    ldx #0                          ; the tens by subtraction (UNIT_COUNT < 100)
_tens:
    inx
    sec
    sbc #10
    cmp #10
    bcs _tens
    pha
    txa
    ora #DIGIT_0
    sta (CELL),y
    iny
    pla
_units_digit:
    ora #DIGIT_0
    sta (CELL),y
    iny
    sty ROWS
_next:
    inc HEX_C
    lda HEX_C
    cmp #UNIT_COUNT
    bne _unit
    rts
.scend

;
; blank_row -- the 40 characters of the screen row at CELL blanked.
;   Out: Y = 0 (the row's first column).  Clobbers: A, Y
;
blank_row:
    ldy #39
    lda #0
*   sta (CELL),y
    dey
    bpl -
    iny
    rts

;
; cell_address -- CELL = the screen address of hex (HEX_C, HEX_R):
;   SAVMSC + 40 * (HEX_R + 1) + HEX_C.
;   Clobbers: A.  Zero page: CELL
;
cell_address:
    lda HEX_R
    clc
    adc #1
    sta CELL                        ; r * 40 = r * 8 + r * 32
    lda #0
    sta CELL+1
    asl CELL
    asl CELL
    asl CELL                        ; r * 8 (r + 1 <= 15: no carry out yet)
    lda CELL
    pha
    asl CELL
    rol CELL+1
    asl CELL
    rol CELL+1                      ; r * 32
    pla
    clc
    adc CELL
    sta CELL
    bcc +
    inc CELL+1
*   lda CELL
    clc
    adc HEX_C
    sta CELL
    bcc +
    inc CELL+1
*   lda CELL
    clc
    adc SAVMSC
    sta CELL
    lda CELL+1
    adc SAVMSC+1
    sta CELL+1
    rts
