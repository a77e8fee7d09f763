;
; apple_frontend.s -- the Apple front end's display machine code: the text of PRINT drawn
; on hi-res page 2 and the map (docs/apple-display.md).  Loaded by the game disk at
; DISPLAY_BASE ($6000, the `display` region of tools/kotd/build/targets.py); built by
; tools/kotd/build/display.py into dist/apple/display.bin.
;
; A jump table Applesoft reaches with CALL, the arguments in the engine's call block
; (POKE CALL_ARGC and CALL_ARGS, low byte first), the answer in CALL_STATUS and
; CALL_RESULT as an engine entry's (0, or an error code and $FF00 + code; nothing drawn):
;
;   +0  CALL DISPLAY_INIT               hi-res page 2 on, cleared; PRINT drawn on it
;   +3  CALL DRAW_MAP (col, row)        the map, its units, the cursor; the hex's units
;   +6  CALL CLEAR_ROWS (row, count)    blank text rows
;   +9  CALL DRAW_TERRAIN               the map without its units (the R key)
;   +12 TEXT_OUT                        the output hook DISPLAY_INIT puts in CSW
;
; and, in a section of its own, loaded after the engine's scratch in the state region
; (DISPLAY_TEXT_BASE; the display region has no room for the names):
;
;   CALL DRAW_UNIT_NAME (unit)          the unit's name on row 16 (apple_unit_name.s)
;
; The addresses (DISPLAY_INIT, DRAW_MAP, CLEAR_ROWS, DRAW_TERRAIN, TEXT_OUT) reach the
; BASIC constants from these labels (tools/kotd/build/stateblock.py constants()).
;

.include "generated/apple.inc"
.include "generated/constants.inc"
.include "generated/state.inc"
.include "generated/abi.inc"
.include "generated/display_apple.inc"
.include "apple_hires.inc"

;
; The display's zero page: only bytes Applesoft and the monitor never use ($06-$09,
; $CE-$CF, $D7, $EB-$EF, $FA-$FD; the Apple II Programmer's FAQ zero page chart),
; nothing kept between calls.  The text hook uses $06-$09 only; the map entries all of them.
; ($FA-$FD are also in the engine's zero page, which the engine saves and restores
; around its own calls: the two never run at once.)
;
.alias SCREEN_PTR   $06     ; hi-res address of a cell's scan line (2 bytes)
.alias INVERT       $08     ; EOR mask of the glyph being drawn: 0 or INVERSE_MASK
.alias ROW_TEMP     $09     ; row_address's row
.alias CELLS_PTR    $EB     ; the map row of CELLS being drawn (2 bytes)
.alias MAP_ROW      $ED     ; the map row being drawn; the scan lines left
.alias CURSOR_COL   $EE     ; DRAW_MAP's cursor hex
.alias CURSOR_ROW   $EF
.alias UNIT_INDEX   $FA     ; the unit (or town) being placed or listed
.alias LIST_COLUMN  $FB     ; the next free column of the unit list
.alias CELL_PTR     $FC     ; a hex's byte of CELLS or MAP_TERRAIN (2 bytes)
.alias HEX_COL      $CE     ; redraw_hex's hex (these three: free of Applesoft, used by
.alias HEX_ROW      $CF     ; Integer BASIC only, in the same chart)
.alias HEX_CODE     $D7     ; its glyph code

.org DISPLAY_BASE
jt_display_init:
    jmp display_init
jt_draw_map:
    jmp draw_map
jt_clear_rows:
    jmp clear_rows
jt_draw_terrain:
    jmp draw_terrain
jt_text_out:
    jmp text_out

.require "apple_text.s"
.require "apple_display.s"
.include "generated/apple_glyphs.s"
display_end:
.checkpc DISPLAY_DATA               ; code and glyphs below the map's data (apple_display.s)

; The text section: the units' names and their drawer, cut apart from the code above by
; the build (tools/kotd/build/display.py sections) and loaded where it is assembled.
.org DISPLAY_TEXT_BASE
display_text:
.require "apple_unit_name.s"
.require "generated/unit_names.s"
display_text_end:
.checkpc DISPLAY_TEXT_LAST+1         ; within the state region
