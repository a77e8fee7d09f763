;
; ai_walk.s -- the good player's walk (docs/ai.md "The 6502 twin"): the twin of
; GoodAI._sources, _gap and of the decisions of _walk (kotd.engine.ai_good).
; Decisions only: the driver (ai_driver.s) runs the loops and the engine actions.
; emu_tests/test_ai_walk.py ties this file to the Python player.
;
; How it works.  The sources are supply.s's: find_sources lists a side's places
; (its roots, then its depots on the map in unit order) and marks a depot linked
; to no root with q $80; the linked ones, in that order, are Python's
; supply.sources (the roots, then the valid depots by number).  find_sources also
; sets the depots' U_SUPPLIED, which the good player's sources leave alone: the
; flags are kept in WORK_UNIT around the call.  The gap of a hex is the least
; hex_distance to a source, the list walked whole.
;

;
; ai_sources -- the supply sources of a side, as supply.sources lists them.
;
; In:       A = side (SIDE_AXIS, SIDE_ALLIED)
; Out:      AI_SOURCE_LIST = the sources' column,row pairs, $FF after the last: the
;           home base, Tobruk if the side controls it, then each depot of the side
;           on the map linked to them (by unit number); the game state unchanged
; Clobbers: A, X, Y, flags; the engine's zero page (find_sources's);
;           SUPPLY_* scratch, WORK_UNIT
;
ai_sources:
.scope
    sta SUPPLY_SIDE
    ldx #UNIT_COUNT-1               ; find_sources sets the depots' flags: keep them
_save:
    lda U_SUPPLIED,x
    sta WORK_UNIT,x
    dex
    bpl _save
    jsr find_sources
    ldx #UNIT_COUNT-1
_restore:
    lda WORK_UNIT,x
    sta U_SUPPLIED,x
    dex
    bpl _restore
    ldy #0                          ; Y: AI_SOURCE_LIST's next byte, X: the next place
    ldx #0
_place:
    cpx SV_PLACES                   ; find_sources's count of places
    bcs _done
    lda SUPPLY_SRC_Q,x
    cmp #$80                        ; a depot cut from the chain: no source
    beq _next
    lda SUPPLY_SRC_Q,x              ; q + DEPOT_CHAIN: the column
    sec
    sbc #DEPOT_CHAIN
    sta AI_SOURCE_LIST,y
    lsr                             ; row = r + column / 2 (r + DEPOT_CHAIN + 1 kept)
    clc
    adc SUPPLY_SRC_R,x
    sec
    sbc #DEPOT_CHAIN+1
    sta AI_SOURCE_LIST+1,y
    iny
    iny
_next:
    inx
    bne _place                      ; always (places < 256)
_done:
    lda #$FF
    sta AI_SOURCE_LIST,y
    rts
.scend

;
; ai_gap -- the hexes from a hex to the nearest source of AI_SOURCE_LIST (GoodAI._gap).
;
; In:       X = column, Y = row (on the map); AI_SOURCE_LIST (ai_sources), at least one
; Out:      A = the least distance
; Clobbers: X, Y, flags
; Zero page: ZP_HEX_A (the hex), ZP_HEX_B, ZP_TEMP..ZP_TEMP+3 (ZP_TEMP+3 the least)
;
ai_gap:
.scope
    stx ZP_HEX_A
    sty ZP_HEX_A+1
    lda #$FF
    sta ZP_TEMP+3
    ldx #0
_source:
    lda AI_SOURCE_LIST,x
    cmp #$FF
    beq _done
    sta ZP_HEX_B
    lda AI_SOURCE_LIST+1,x
    sta ZP_HEX_B+1
    jsr hex_distance                ; X kept (flags only)
    cmp ZP_TEMP+3
    bcs +
    sta ZP_TEMP+3
*   inx
    inx
    bne _source                     ; always
_done:
    lda ZP_TEMP+3
    rts
.scend

;
; The walk's RAM, after the files before it (opponent.SOURCES's order).
;
.data
AI_SOURCE_LIST:                                 ; col,row pairs, $FF-terminated
.org ^+[2*SUPPLY_PLACES_MAX+1]
.text
