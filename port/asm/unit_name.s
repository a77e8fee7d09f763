;
; unit_name.s -- a unit's name, unpacked a character at a time (part of both front ends:
; atari_unit_name.s, apple_unit_name.s; the unit display of manual IV.A.7: "displaying
; its name").
;
; The names are generated/unit_names.s's: unit_names, in unit order, each ended by 0;
; a byte from UNIT_NAME_TOKEN on stands for a word of unit_words, 0-ended too
; (tools/kotd/build/unitnames.py packs them).  The file that requires this one defines:
;   NAME_AT, WORD_AT   zero-page pointers (2 bytes each; any distance apart)
;   STRINGS            a zero-page byte
;   name_char          draws the character in A ($20-$5F) and moves on; returns with Z
;                      clear; may clobber A, X, Y
;

.alias FROM_NAME 0                  ; name_fetch's X: NAME_AT
.alias FROM_WORD WORD_AT-NAME_AT    ; name_fetch's X: WORD_AT

;
; name_out -- the name of unit X + 1, each character through name_char.
;   In:  X = the unit - 1 (0 to UNIT_COUNT - 1: the caller checks)
;   Clobbers: A, X, Y.  Zero page: NAME_AT, WORD_AT, STRINGS
;
name_out:
.scope
    lda #<unit_names                ; the unit's name: after unit - 1 others
    sta NAME_AT
    lda #>unit_names
    sta NAME_AT+1
    txa
    ldx #FROM_NAME
    jsr name_skip
_byte:
    ldx #FROM_NAME
    jsr name_fetch
    beq _done
    cmp #UNIT_NAME_TOKEN
    bcc _char
    sbc #UNIT_NAME_TOKEN            ; carry set: which word
    ldx #<unit_words
    stx WORD_AT
    ldx #>unit_words
    stx WORD_AT+1
    ldx #FROM_WORD
    jsr name_skip
_word:
    ldx #FROM_WORD
    jsr name_fetch
    beq _byte
    jsr name_char
    bne _word                       ; always (name_char's Z clear)
_char:
    jsr name_char
    bne _byte                       ; always
_done:
    rts
.scend

;
; name_fetch -- the next byte of a string: A = the byte at NAME_AT+X's pointer, which
; moves on.
;   In:  X = FROM_NAME or FROM_WORD.  Out: A; Z set for the 0 that ends a string
;   Clobbers: A
;
name_fetch:
    lda (NAME_AT,x)
    inc NAME_AT,x
    bne +
    inc NAME_AT+1,x
*   cmp #0
    rts

;
; name_skip -- a pointer moved past A strings, each ended by 0.
;   In:  A = how many (0: none); X = FROM_NAME or FROM_WORD
;   Clobbers: A.  Zero page: STRINGS, the pointer
;
name_skip:
.scope
    sta STRINGS
_next:
    dec STRINGS
    bmi _done
_char:
    jsr name_fetch
    bne _char
    beq _next
_done:
    rts
.scend
