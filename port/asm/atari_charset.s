;
; atari_charset.s -- the map's character set (part of atari_frontend.s; docs/play.md
; "The screen").
;
; The map's characters are glyphs drawn for the project (port/glyphs/atari_map.txt,
; generated/atari_glyphs.s) over graphics characters the program never PRINTs (screen
; codes MAP_GLYPH_FIRST...); every other character stays the machine's own: the ROM's
; set is copied to CHARSET_BASE (1 KB, on a 1 KB boundary as ANTIC mode 2 needs) at run
; time and CHBAS pointed there.  The OS puts CHBAS back to the ROM's set at each screen
; open (GRAPHICS 0 in screen_init, also after RESET, whose RUN starts the program again),
; so the map drawer calls this first: it does the work only when CHBAS is not ours.
;

;
; charset_ready -- the map's character set shown: if CHBAS is not CHARSET_BASE's page,
;   copy the ROM's set (ROM_CHARSET) there, put the map glyphs over their codes and set
;   CHBAS (about 11,000 cycles, once after each screen open); else nothing.
;   Clobbers: A, Y
;
charset_ready:
.scope
    lda CHBAS
    cmp #>CHARSET_BASE
    beq _done
    ldy #0
_copy:                              ; the four pages in one loop: 41 cycles a byte of four
    lda ROM_CHARSET,y
    sta CHARSET_BASE,y
    lda ROM_CHARSET+$100,y
    sta CHARSET_BASE+$100,y
    lda ROM_CHARSET+$200,y
    sta CHARSET_BASE+$200,y
    lda ROM_CHARSET+$300,y
    sta CHARSET_BASE+$300,y
    iny
    bne _copy
    ldy #MAP_GLYPH_COUNT*8          ; the build keeps it under 256 (codes $40-$5A)
_glyph:
    lda map_glyphs-1,y
    sta CHARSET_BASE+MAP_GLYPH_FIRST*8-1,y
    dey
    bne _glyph
    lda #>CHARSET_BASE              ; last: the glyphs are in place before ANTIC reads them
    sta CHBAS
_done:
    rts
.scend

.require "generated/atari_glyphs.s"
