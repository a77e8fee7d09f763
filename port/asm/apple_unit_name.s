;
; apple_unit_name.s -- a unit's name on row UNIT_NAME_ROW (part of apple_frontend.s's
; text section; the unit display of manual IV.A.7: "displaying its name"; docs/play.md
; "The Apple II").
;
;   CALL DRAW_UNIT_NAME (unit)   the name from column 0 of row UNIT_NAME_ROW, each
;                                character through the text hook (text_out), so the
;                                cursor (CH, CV) is left after it, where BASIC's next
;                                PRINT or HTAB goes on; CALL_STATUS 0, or E_ARG_COUNT,
;                                or E_RANGE for no such unit (nothing drawn)
;
; The names are unpacked by unit_name.s.  BASIC blanks the row first (CLEAR_ROWS).
;

.alias NAME_AT  CELLS_PTR           ; the name's next byte (2 bytes; the map entries' zero
.alias WORD_AT  CELL_PTR            ; page, free during this call); the word's next byte
.alias STRINGS  UNIT_INDEX          ; strings left to skip
.alias name_char text_out           ; keeps A (the character): Z clear on return
.alias UNIT_NAME_ROW 16

;
; draw_unit_name -- CALL DRAW_UNIT_NAME: see above.
;   In:  CALL_ARGC = 1, ARG0 = the unit (1-UNIT_COUNT)
;   Out: CALL_STATUS, CALL_RESULT (display_answer); CH, CV after the name
;   Clobbers: A, X, Y.  Zero page: NAME_AT, WORD_AT, STRINGS, text_out's
;
draw_unit_name:
.scope
    lda CALL_ARGC
    cmp #1
    beq _one
    lda #E_ARG_COUNT
    bne _answer                     ; always
_one:
    ldx ARG0_LO
    dex                             ; 0 to UNIT_COUNT - 1 (unit 0 wraps to $FF)
    cpx #UNIT_COUNT
    bcs _range
    lda ARG0_HI
    bne _range
    sta CH                          ; A = 0: column 0 of the name's row
    lda #UNIT_NAME_ROW
    sta CV
    jsr name_out
    lda #E_OK
    beq _answer                     ; always
_range:
    lda #E_RANGE
_answer:
    jmp display_answer
.scend

.require "unit_name.s"
