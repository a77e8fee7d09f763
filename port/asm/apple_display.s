;
; apple_display.s -- the map on hi-res page 2 (part of apple_frontend.s;
; docs/apple-display.md).
;
; The whole theatre, one 7 x 8 cell a hex, on text rows MAP_TOP_ROW.. (MAP_ROWS of them)
; from column 0, as the Atari's atari_display.s draws it on its text screen: each hex's
; terrain glyph in colour, each unit on the map by side and kind, a hex of two or more
; units with the stack glyph, the victory towns marked, the cursor's hex inverted, and
; row HEX_LIST_ROW listing the units in the cursor's hex ("HEX: 12 15").
;
; First the glyph code of every hex goes into CELLS (the terrain code, then
; GLYPH_UNIT + 2 * side + type for a unit, GLYPH_STACK + ... for a second one), then
; CELLS is drawn a scan line at a time across each map row: two table reads and a store
; a byte, the glyph tables being planes indexed by the code (generated/apple_glyphs.s).
;

.alias MAP_TOP_ROW   1                  ; the text row of map row 0 (row 0: the phase line)
.alias HEX_LIST_ROW  MAP_TOP_ROW+MAP_ROWS   ; the row under the map: the cursor hex's units

; One scan line of a map row: each hex's glyph byte from plane _1 (even columns) or _2
; (odd columns), CELLS_PTR the row's codes, SCREEN_PTR the scan line.  Clobbers A, X, Y.
; (Named labels: each expansion is its own scope; anonymous ones do not converge in Ophis.)
.macro cell_line
    ldy #0
_pair:
    lda (CELLS_PTR),y
    tax
    lda _1,x
    sta (SCREEN_PTR),y
    iny
    lda (CELLS_PTR),y
    tax
    lda _2,x
    sta (SCREEN_PTR),y
    iny
    cpy #MAP_COLUMNS-1
    bcc _pair
    cpy #MAP_COLUMNS
    bcs _line_end
    lda (CELLS_PTR),y               ; an odd number of columns: the last, an even one
    tax
    lda _1,x
    sta (SCREEN_PTR),y
_line_end:
.macend

;
; draw_map -- CALL DRAW_MAP (col, row): the map, its units, the towns, the cursor on
;   hex (col, row), and the list of the units in that hex on row HEX_LIST_ROW.
;   In:  CALL_ARGC = 2; the cursor's column 0..MAP_COLUMNS-1 and row 0..MAP_ROWS-1
;   Out: CALL_STATUS 0; E_ARG_COUNT, or E_HEX for a hex off the map (nothing drawn)
;   Clobbers: A, X, Y.  Zero page: all of the display's
;
draw_map:
.scope
    lda CALL_ARGC
    cmp #2
    beq _two
    lda #E_ARG_COUNT
    jmp display_answer
_two:
    lda ARG0_HI
    ora ARG1_HI
    bne _off_map
    lda ARG0_LO
    cmp #MAP_COLUMNS
    bcs _off_map
    sta CURSOR_COL
    lda ARG1_LO
    cmp #MAP_ROWS
    bcs _off_map
    sta CURSOR_ROW
    jsr terrain_cells
    jsr unit_cells
    jsr draw_cells
    jsr mark_towns
    jsr invert_cursor
    jsr list_hex_units
    lda #E_OK
    jmp display_answer
_off_map:
    lda #E_HEX
    jmp display_answer
.scend

;
; draw_terrain -- CALL DRAW_TERRAIN: the map without its units or cursor (the R key:
;   manual VIII, the units off the screen until another key).
;   In:  CALL_ARGC = 0
;   Out: CALL_STATUS 0; E_ARG_COUNT with arguments (nothing drawn)
;   Clobbers: A, X, Y.  Zero page: SCREEN_PTR, ROW_TEMP, CELLS_PTR, MAP_ROW, UNIT_INDEX
;
draw_terrain:
.scope
    lda CALL_ARGC
    beq _go
    lda #E_ARG_COUNT
    jmp display_answer
_go:
    jsr terrain_cells
    jsr draw_cells
    jsr mark_towns
    lda #E_OK
    jmp display_answer
.scend

;
; terrain_cells -- CELLS = MAP_TERRAIN: each hex's terrain code, which is its glyph code.
;   Two halves of CELLS_HALF bytes copied together (they meet, or overlap by one byte).
;   Clobbers: A, X
;
terrain_cells:
.scope
    ldx #0
_copy:
    lda MAP_TERRAIN,x
    sta CELLS,x
    lda MAP_TERRAIN+MAP_TERRAIN_COUNT-CELLS_HALF,x
    sta CELLS+MAP_TERRAIN_COUNT-CELLS_HALF,x
    inx
    cpx #CELLS_HALF
    bne _copy
    rts
.scend

;
; unit_cells -- each unit on the map into its hex's code in CELLS: a unit alone
;   GLYPH_UNIT + 2 * side + type; a second one makes it GLYPH_STACK + the same (the
;   first unit's kind: units of both sides never share a hex).
;   Clobbers: A, X, Y.  Zero page: CELL_PTR
;
unit_cells:
.scope
    ldx #0
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    ldy U_ROW,x
    cpy #MAP_ROWS
    bcs _next
    lda MAP_ROW_LO,y                ; the row's terrain, moved to the same row of CELLS
    clc
    adc #<CELLS_FROM_MAP
    sta CELL_PTR
    lda MAP_ROW_HI,y
    adc #>CELLS_FROM_MAP
    sta CELL_PTR+1
    ldy U_COL,x
    cpy #MAP_COLUMNS
    bcs _next
    lda (CELL_PTR),y
    cmp #GLYPH_STACK
    bcs _next                       ; a stack already
    cmp #GLYPH_UNIT
    bcc _alone
    adc #GLYPH_STACK-GLYPH_UNIT-1   ; the carry is set: the second unit
    sta (CELL_PTR),y
    jmp _next
_alone:
    lda UNIT_SIDE,x
    asl
    ora UNIT_TYPE,x
    clc
    adc #GLYPH_UNIT
    sta (CELL_PTR),y
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    rts
.scend

;
; draw_cells -- every hex's glyph from CELLS, map row r on text row MAP_TOP_ROW + r.
;   Clobbers: A, X, Y.  Zero page: SCREEN_PTR, ROW_TEMP, CELLS_PTR, MAP_ROW
;
draw_cells:
.scope
    lda #<CELLS
    sta CELLS_PTR
    lda #>CELLS
    sta CELLS_PTR+1
    lda #0
    sta MAP_ROW
_row:
    lda MAP_ROW
    clc
    adc #MAP_TOP_ROW
    jsr row_address
    `cell_line map_even_0, map_odd_0
    `next_line
    `cell_line map_even_1, map_odd_1
    `next_line
    `cell_line map_even_2, map_odd_2
    `next_line
    `cell_line map_even_3, map_odd_3
    `next_line
    `cell_line map_even_4, map_odd_4
    `next_line
    `cell_line map_even_5, map_odd_5
    `next_line
    `cell_line map_even_6, map_odd_6
    `next_line
    `cell_line map_even_7, map_odd_7
    lda CELLS_PTR
    clc
    adc #MAP_COLUMNS
    sta CELLS_PTR
    bcc _same_page
    inc CELLS_PTR+1
_same_page:
    inc MAP_ROW
    lda MAP_ROW
    cmp #MAP_ROWS
    beq _done
    jmp _row
_done:
    rts
.scend

;
; mark_towns -- OR the victory overlay over the hex of each victory town (TOWN_COL,
;   TOWN_ROW: the towns that score, manual VII).
;   Clobbers: A, X, Y.  Zero page: SCREEN_PTR, ROW_TEMP, MAP_ROW (the lines), UNIT_INDEX
;
mark_towns:
.scope
    ldx #TOWN_COUNT-1
_town:
    stx UNIT_INDEX
    lda TOWN_ROW,x
    clc
    adc #MAP_TOP_ROW
    jsr row_address
    ldx UNIT_INDEX
    lda TOWN_COL,x
    tay
    and #1                          ; the odd column's overlay is 8 bytes on
    asl
    asl
    asl
    tax
    lda #8
    sta MAP_ROW
_line:
    lda (SCREEN_PTR),y
    ora victory_even,x
    sta (SCREEN_PTR),y
    inx
    `next_line
    dec MAP_ROW
    bne _line
    ldx UNIT_INDEX
    dex
    bpl _town
    rts
.scend

;
; invert_cursor -- the cursor's hex inverted (its 7 pixels a byte; the palette kept), so
;   that it shows whatever the hex holds.
;   Clobbers: A, Y.  Zero page: SCREEN_PTR, ROW_TEMP, MAP_ROW (the lines)
;
invert_cursor:
.scope
    lda CURSOR_ROW
    clc
    adc #MAP_TOP_ROW
    jsr row_address
    ldy CURSOR_COL
    lda #8
    sta MAP_ROW
_line:
    lda (SCREEN_PTR),y
    eor #INVERSE_MASK
    sta (SCREEN_PTR),y
    `next_line
    dec MAP_ROW
    bne _line
    rts
.scend

;
; list_hex_units -- row HEX_LIST_ROW cleared, then "HEX:" and the number of each unit
;   on the map in the cursor's hex, in unit order (as atari_display.s).
;   Clobbers: A, X, Y.  Zero page: SCREEN_PTR, INVERT, ROW_TEMP, UNIT_INDEX, LIST_COLUMN
;
list_hex_units:
.scope
    lda #HEX_LIST_ROW
    jsr clear_text_row
    lda #HEX_LIST_ROW
    jsr row_address
    lda #0
    sta INVERT
    ldy #0
_title:
    lda hex_title,y
    sec
    sbc #FONT_FIRST
    tax
    jsr draw_glyph
    iny
    cpy #HEX_TITLE_LENGTH
    bne _title
    sty LIST_COLUMN
    ldx #0
_unit:
    stx UNIT_INDEX
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda U_COL,x
    cmp CURSOR_COL
    bne _next
    lda U_ROW,x
    cmp CURSOR_ROW
    bne _next
    ldy LIST_COLUMN
    cpy #TEXT_COLUMNS-3             ; room for " nn"
    bcs _next
    iny                             ; a space: the row is clear
    txa
    clc
    adc #1                          ; the unit's number
    ldx #0
_tens:
    cmp #10
    bcc _units
    sbc #10                         ; carry set
    inx
    bne _tens
_units:
    pha
    txa
    beq _no_tens                    ; UNIT_COUNT < 100: at most two digits
    clc
    adc #DIGIT_0
    tax
    jsr draw_glyph
    iny
_no_tens:
    pla
    clc
    adc #DIGIT_0
    tax
    jsr draw_glyph
    iny
    sty LIST_COLUMN
_next:
    ldx UNIT_INDEX
    inx
    cpx #UNIT_COUNT
    bne _unit
    rts
.scend

hex_title:
    .byte "HEX:"
.alias HEX_TITLE_LENGTH 4
.alias DIGIT_0  '0-FONT_FIRST            ; the glyph of the digit 0
