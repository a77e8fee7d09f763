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
; Drawing the whole map takes 64 ms, most of what a cursor key may take; so once the
; map is on the screen (MAP_SHOWN = SHOWN_MAGIC), DRAW_MAP redraws only the hexes that
; changed: those a unit left or entered since it was last drawn (LAST_COL, LAST_ROW) and
; the old and new cursor hexes (redraw_changes, about 13 ms for a cursor move).  Anything
; else that draws over the map's cells -- CLEAR_ROWS or text on a map row, DISPLAY_INIT,
; DRAW_TERRAIN -- clears MAP_SHOWN, and the next DRAW_MAP draws the whole map again.
;
; The whole map: first the glyph code of every hex goes into CELLS (the terrain code, then
; GLYPH_UNIT + 2 * side + type for a unit, GLYPH_STACK + ... for a second one), then
; CELLS is drawn a hex at a time, the glyph tables being planes indexed by the code
; (generated/apple_glyphs.s): a table read and a store a byte.
;

.alias MAP_TOP_ROW   1                  ; the text row of map row 0 (row 0: the phase line)
.alias HEX_LIST_ROW  MAP_TOP_ROW+MAP_ROWS   ; the row under the map: the cursor hex's units
.alias SHOWN_MAGIC   $A5                ; MAP_SHOWN when the screen shows LAST_*'s map (not
                                        ; 1: the byte is whatever RAM held before DISPLAY_INIT)

; What the map on the screen shows, below CELLS (DISPLAY_DATA..DISPLAY_LAST is data):
.alias LAST_COL      CELLS-2*UNIT_COUNT-3   ; each unit's hex when drawn; $FF not drawn
.alias LAST_ROW      LAST_COL+UNIT_COUNT
.alias LAST_CURSOR_COL LAST_ROW+UNIT_COUNT  ; the cursor's hex when drawn
.alias LAST_CURSOR_ROW LAST_CURSOR_COL+1
.alias MAP_SHOWN     LAST_CURSOR_ROW+1      ; SHOWN_MAGIC: the screen shows all that
.alias DISPLAY_DATA  LAST_COL


;
; draw_map -- CALL DRAW_MAP (col, row): the map, its units, the towns, the cursor on
;   hex (col, row), and the list of the units in that hex on row HEX_LIST_ROW.
;   The whole map if the screen does not show it (MAP_SHOWN), else only what changed.
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
    lda MAP_SHOWN
    cmp #SHOWN_MAGIC
    beq _changes
    jsr terrain_cells
    jsr unit_cells
    jsr draw_cells
    jsr mark_towns
    jsr invert_cursor
    jsr remember_shown
    jmp _list
_changes:
    jsr redraw_changes
_list:
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
    lda #0
    sta MAP_SHOWN                   ; no units on the screen now: DRAW_MAP draws it all
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
;   A hex at a time: its code in X, then its 8 scan lines, each a table read and a
;   store to that scan line's address + the column.  The 8 stores of each column parity
;   are absolute,Y stores whose addresses are written into the code for each map row
;   (self-modifying: 8 pointers would need 16 bytes of zero page the Apple does not
;   have free).  About 86 cycles a hex, 45,000 the map.
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
    lda SCREEN_PTR                  ; the row's scan lines differ in the high byte only
    sta _even_0+1
    sta _odd_0+1
    sta _even_1+1
    sta _odd_1+1
    sta _even_2+1
    sta _odd_2+1
    sta _even_3+1
    sta _odd_3+1
    sta _even_4+1
    sta _odd_4+1
    sta _even_5+1
    sta _odd_5+1
    sta _even_6+1
    sta _odd_6+1
    sta _even_7+1
    sta _odd_7+1
    lda SCREEN_PTR+1
    sta _even_0+2
    sta _odd_0+2
    clc
    adc #LINE_STEP
    sta _even_1+2
    sta _odd_1+2
    clc
    adc #LINE_STEP
    sta _even_2+2
    sta _odd_2+2
    clc
    adc #LINE_STEP
    sta _even_3+2
    sta _odd_3+2
    clc
    adc #LINE_STEP
    sta _even_4+2
    sta _odd_4+2
    clc
    adc #LINE_STEP
    sta _even_5+2
    sta _odd_5+2
    clc
    adc #LINE_STEP
    sta _even_6+2
    sta _odd_6+2
    clc
    adc #LINE_STEP
    sta _even_7+2
    sta _odd_7+2
    ldy #0
_pair:
    lda (CELLS_PTR),y               ; an even column
    tax
    lda map_even_0,x
_even_0:
    sta $FFFF,y
    lda map_even_1,x
_even_1:
    sta $FFFF,y
    lda map_even_2,x
_even_2:
    sta $FFFF,y
    lda map_even_3,x
_even_3:
    sta $FFFF,y
    lda map_even_4,x
_even_4:
    sta $FFFF,y
    lda map_even_5,x
_even_5:
    sta $FFFF,y
    lda map_even_6,x
_even_6:
    sta $FFFF,y
    lda map_even_7,x
_even_7:
    sta $FFFF,y
    iny
    cpy #MAP_COLUMNS
    beq _row_done
    lda (CELLS_PTR),y               ; an odd column
    tax
    lda map_odd_0,x
_odd_0:
    sta $FFFF,y
    lda map_odd_1,x
_odd_1:
    sta $FFFF,y
    lda map_odd_2,x
_odd_2:
    sta $FFFF,y
    lda map_odd_3,x
_odd_3:
    sta $FFFF,y
    lda map_odd_4,x
_odd_4:
    sta $FFFF,y
    lda map_odd_5,x
_odd_5:
    sta $FFFF,y
    lda map_odd_6,x
_odd_6:
    sta $FFFF,y
    lda map_odd_7,x
_odd_7:
    sta $FFFF,y
    iny
    cpy #MAP_COLUMNS
    bne _pair
_row_done:
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
    ldy TOWN_COL,x
    jsr overlay_cell
    ldx UNIT_INDEX
    dex
    bpl _town
    rts
.scend

;
; overlay_cell -- OR the victory overlay over the cell at column Y of the text row
;   SCREEN_PTR points at.
;   In:  Y = column, SCREEN_PTR = the row's first scan line.  Out: SCREEN_PTR as it came
;   Clobbers: A, X.  Zero page: MAP_ROW (the lines)
;
overlay_cell:
.scope
    tya
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
    jmp back_to_first_line
.scend

;
; invert_cursor -- the cursor's hex inverted (its 7 pixels a byte; the palette kept), so
;   that it shows whatever the hex holds.
;   Clobbers: A, Y.  Zero page: SCREEN_PTR, ROW_TEMP, MAP_ROW (the lines)
;
invert_cursor:
    lda CURSOR_ROW
    clc
    adc #MAP_TOP_ROW
    jsr row_address
    ldy CURSOR_COL
    ; fall through
;
; invert_cell -- the cell at column Y of the text row SCREEN_PTR points at, inverted.
;   In:  Y = column, SCREEN_PTR = the row's first scan line.  Out: SCREEN_PTR as it came
;   Clobbers: A.  Zero page: MAP_ROW (the lines)
;
invert_cell:
.scope
    lda #8
    sta MAP_ROW
_line:
    lda (SCREEN_PTR),y
    eor #INVERSE_MASK
    sta (SCREEN_PTR),y
    `next_line
    dec MAP_ROW
    bne _line
.scend
    ; fall through
;
; back_to_first_line -- SCREEN_PTR from a cell's ninth scan line back to its first.
;   Clobbers: A, the carry
;
back_to_first_line:
    lda SCREEN_PTR+1
    sec
    sbc #8*LINE_STEP
    sta SCREEN_PTR+1
    rts

;
; remember_shown -- what the whole map just drawn shows: each unit's hex (LAST_COL,
;   LAST_ROW; $FF for a unit not on the map), the cursor, MAP_SHOWN = SHOWN_MAGIC.
;   Clobbers: A, X
;
remember_shown:
.scope
    ldx #UNIT_COUNT-1
_unit:
    lda #$FF
    sta LAST_COL,x
    sta LAST_ROW,x
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda U_COL,x
    sta LAST_COL,x
    lda U_ROW,x
    sta LAST_ROW,x
_next:
    dex
    bpl _unit
    lda CURSOR_COL
    sta LAST_CURSOR_COL
    lda CURSOR_ROW
    sta LAST_CURSOR_ROW
    lda #SHOWN_MAGIC
    sta MAP_SHOWN
    rts
.scend

;
; redraw_changes -- the map on the screen brought up to date: each unit whose hex (or
;   presence on the map) differs from LAST_COL/LAST_ROW has its old and its new hex
;   redrawn; if the cursor moved, its old and new hexes.  LAST_* follow.
;   Clobbers: A, X, Y.  Zero page: all of redraw_hex's, UNIT_INDEX
;
redraw_changes:
.scope
    ldx #0
_unit:
    stx UNIT_INDEX
    lda #$FF                        ; where the unit is now: $FF, $FF off the map
    sta HEX_COL
    sta HEX_ROW
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _compare
    lda U_COL,x
    sta HEX_COL
    lda U_ROW,x
    sta HEX_ROW
_compare:
    lda HEX_COL
    cmp LAST_COL,x
    bne _moved
    lda HEX_ROW
    cmp LAST_ROW,x
    beq _next
_moved:
    lda HEX_COL                     ; LAST_* = now, and the old hex redrawn
    ldy LAST_COL,x
    sta LAST_COL,x
    sty HEX_COL
    lda HEX_ROW
    ldy LAST_ROW,x
    sta LAST_ROW,x
    lda HEX_COL
    jsr redraw_hex                  ; A, Y: the old hex
    ldx UNIT_INDEX                  ; then the new one
    lda LAST_COL,x
    ldy LAST_ROW,x
    jsr redraw_hex
_next:
    ldx UNIT_INDEX
    inx
    cpx #UNIT_COUNT
    bne _unit
    lda CURSOR_COL
    cmp LAST_CURSOR_COL
    bne _cursor
    lda CURSOR_ROW
    cmp LAST_CURSOR_ROW
    beq _done
_cursor:
    lda LAST_CURSOR_COL             ; no longer the cursor: drawn plain
    ldy LAST_CURSOR_ROW
    jsr redraw_hex
    lda CURSOR_COL
    sta LAST_CURSOR_COL
    ldy CURSOR_ROW
    sty LAST_CURSOR_ROW
    jsr redraw_hex
_done:
    rts
.scend

;
; redraw_hex -- one hex drawn as the whole map draws it: its terrain, or its first unit
;   alone or in a stack; the town overlay; inverted if it is the cursor's.  A hex off
;   the map draws nothing.
;   In:  A = column, Y = row
;   Clobbers: A, X, Y.  Zero page: HEX_COL, HEX_ROW, HEX_CODE, CELL_PTR, SCREEN_PTR,
;        ROW_TEMP, MAP_ROW
;
redraw_hex:
.scope
    cmp #MAP_COLUMNS
    bcs _off_map
    cpy #MAP_ROWS
    bcc _on_map
_off_map:
    rts
_on_map:
    sta HEX_COL
    sty HEX_ROW
    lda MAP_ROW_LO,y
    sta CELL_PTR
    lda MAP_ROW_HI,y
    sta CELL_PTR+1
    ldy HEX_COL
    lda (CELL_PTR),y
    sta HEX_CODE                    ; the terrain, unless a unit stands there
    ldx #0
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda U_COL,x
    cmp HEX_COL
    bne _next
    lda U_ROW,x
    cmp HEX_ROW
    bne _next
    lda HEX_CODE
    cmp #GLYPH_UNIT
    bcs _second
    lda UNIT_SIDE,x                 ; the first unit: its kind
    asl
    ora UNIT_TYPE,x
    clc
    adc #GLYPH_UNIT
    sta HEX_CODE
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    beq _draw
_second:
    adc #GLYPH_STACK-GLYPH_UNIT-1   ; the carry is set: a second unit, a stack
    sta HEX_CODE
_draw:
    lda HEX_ROW
    clc
    adc #MAP_TOP_ROW
    jsr row_address
    lda HEX_COL
    and #1
    beq _even
    lda #map_odd_0-map_even_0       ; the odd column's planes follow the even ones
_even:
    clc
    adc HEX_CODE
    tax
    ldy HEX_COL
    lda #8
    sta MAP_ROW
_line:
    lda map_even_0,x
    sta (SCREEN_PTR),y
    txa
    clc
    adc #map_even_1-map_even_0      ; the next scan line's plane
    tax
    `next_line
    dec MAP_ROW
    bne _line
    jsr back_to_first_line
    ldx #TOWN_COUNT-1
_town:
    lda TOWN_COL,x
    cmp HEX_COL
    bne _not_town
    lda TOWN_ROW,x
    cmp HEX_ROW
    bne _not_town
    jsr overlay_cell
    jmp _cursor
_not_town:
    dex
    bpl _town
_cursor:
    lda HEX_COL
    cmp CURSOR_COL
    bne _done
    lda HEX_ROW
    cmp CURSOR_ROW
    bne _done
    jsr invert_cell
_done:
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
