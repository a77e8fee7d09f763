;
; supply.s -- supply tracing (docs/rules.md "Supply", manual III.2.B, IV.B.2.c),
; the Tobruk-surrounded test and the distance victory points.
;
; How it works.  A side's supply sources are its home base, Tobruk when the side
; controls it, and every depot linked to one of those by steps of at most
; DEPOT_CHAIN hexes.  Those places (roots first, then the side's depots on the
; map) are kept as axial coordinates (q = column, r = row - column / 2,
; s = q + r) plus DEPOT_CHAIN (r and s plus one more, for a borrow) in
; SUPPLY_SRC_Q/R/S, and never move: the lists of sources and of depots still
; pending hold their indices, so that a depot that links moves one byte.
; "Within n hexes" is three byte tests: each of dq, dr and dq + dr lies in
; -n..n, that is x + n lies in 0..2n, one subtraction and one unsigned
; comparison each.  The chain is a breadth-first search: the roots go in first;
; each depot is tested against the home base as it is listed (a source at once,
; or pending); each further source in turn pulls in every still-pending depot
; within DEPOT_CHAIN of it, and a depot left pending at the end is no source:
; its q becomes $80, which no test passes.  Then each unit of the side on the
; map is supplied if some source lies within its range, the one that supplied
; the last unit first (units stand near their fellows); the combat units are
; walked from tables.py's SIDE_UNITS list; every depot is marked supplied as it
; is listed (a source lies within its own range) and a pending one cut off at
; the end.  The counts live in zero page while find_sources works.  The set of
; sources, and so every flag, is the same as
; kotd.engine.supply finds, whatever the order.  emu_tests/test_supply.py ties
; this file to it.
;

.alias SV_Q      ZP_TEMP                ; the unit in hand: q + n + DEPOT_CHAIN
.alias SV_R      ZP_TEMP+1              ; r + n + DEPOT_CHAIN + 2 (a borrow, and
.alias SV_S      ZP_TEMP+2              ; the place's + 1); q + r + the same
.alias SV_WIDTH  ZP_TEMP+3              ; 2n + 1: x + n must be below it
.alias SV_N1     ZP_TEMP+4              ; n - 1, the range less one
.alias SV_HALF   ZP_TEMP+5              ; column / 2, for a moment
.alias SV_UNIT   ZP_HEX_A               ; the unit in hand, or a place in a list
.alias SV_END    ZP_HEX_A+1             ; the end of the list being walked
.alias SV_LAST_Q ZP_HEX_B               ; the source that supplied the last unit:
.alias SV_LAST_R ZP_MUL+2               ; its q and r less n
.alias SV_NB     ZP_MUL                 ; n + DEPOT_CHAIN
.alias SV_NB1    ZP_MUL+1               ; n + DEPOT_CHAIN + 1
.alias SV_PLACES ZP_HEX_B+1             ; how many places
.alias SV_RU     ZP_MUL+3               ; the unit in hand's r
.alias SV_PREV_Q ZP_PTR                 ; the source before the last: its q and r
.alias SV_PREV_R ZP_PTR+1               ; less n
.alias FS_SOURCES ZP_MUL                ; find_sources, before trace_side needs
.alias FS_DEPOTS  ZP_MUL+1              ; ZP_MUL: its counts of sources, of depots
.alias FS_NEXT    ZP_MUL+2              ; pending, the next source to search from

.alias CHAIN_WIDTH 2*DEPOT_CHAIN+1

;
; e_supply_phase -- entry SUPPLY_PHASE(side): the supply status of every unit on
; the map of one side (SIDE_AXIS, SIDE_ALLIED) or of both (SUPPLY_BOTH_SIDES).
;
; In:       ARG0 = side 0, 1 or 2
; Out:      A = E_OK, U_SUPPLIED set (1/0) for the side's units on the map,
;           CALL_RESULT = the number of sources of the last side traced;
;           A = E_RANGE for another side, nothing changed
; Clobbers: X, Y, flags; ZP_TEMP..ZP_TEMP+5, ZP_HEX_A, ZP_HEX_B, ZP_MUL, ZP_PTR
;
e_supply_phase:
.scope
    lda ARG0_HI
    bne _bad
    lda ARG0_LO
    cmp #SUPPLY_BOTH_SIDES
    beq _both
    bcs _bad
    jsr trace_side
    jmp _done
_both:
    lda #SIDE_AXIS
    jsr trace_side
    lda #SIDE_ALLIED
    jsr trace_side
_done:
    lda SUPPLY_SOURCES
    sta CALL_RESULT_LO
    lda #E_OK
    rts
_bad:
    lda #E_RANGE
    rts
.scend

;
; side_supply_range -- supply.supply_range of a side's combat units: the Axis's, or
; the Allies' by who plays them (the computer's under the solitaire rules).  The
; computer opponent asks it too (ai_goals.s, ai_walk.s).  It stands before trace_side:
; after it, trace_side's unit loop crossed a page on the Apple (a cycle a taken branch).
;
; In:       X = side (SIDE_AXIS or SIDE_ALLIED)
; Out:      A = the range in hexes
; Clobbers: Y, flags
;
side_supply_range:
.scope
    lda #SUPPLY_RANGE_AXIS
    cpx #SIDE_AXIS
    beq _range
    lda #SUPPLY_RANGE_ALLIED_HUMAN
    ldy OPT_COMPUTER_ALLIED
    beq _range
    lda #SUPPLY_RANGE_ALLIED_COMPUTER
_range:
    rts
.scend

;
; trace_side -- the sources of a side, then the supplied flag of each of its
; units on the map.
;
; In:       A = side (SIDE_AXIS or SIDE_ALLIED)
; Out:      U_SUPPLIED of the side's units on the map; SUPPLY_SRC_Q/R/S and
;           SUPPLY_SOURCES hold the side's sources
; Clobbers: A, X, Y, flags; ZP_TEMP..ZP_TEMP+5, ZP_HEX_A, ZP_HEX_B, ZP_MUL, ZP_PTR
;
trace_side:
.scope
    sta SUPPLY_SIDE
    jsr find_sources
    ldx SUPPLY_SIDE                 ; the combat units' range
    jsr side_supply_range
    sta SV_N1
    clc
    adc #DEPOT_CHAIN
    sta SV_NB
    adc #1
    sta SV_NB1
    lda SV_N1
    asl                             ; its window, 2n + 1
    ora #1
    sta SV_WIDTH
    dec SV_N1                       ; n - 1 (SV_PLACES: find_sources's count)
    lda SUPPLY_SRC_Q                ; the last sources that supplied a unit: the
    sec                             ; home base (place 0), to begin with; their q
    sbc SV_NB                       ; and r less n
    sta SV_LAST_Q
    sta SV_PREV_Q
    lda SUPPLY_SRC_R
    sec
    sbc SV_NB1
    sta SV_LAST_R
    sta SV_PREV_R
    lda SIDE_DEPOTS_START,x         ; X walks the side's combat units in SIDE_UNITS
    sta SV_END
    lda SIDE_UNITS_START,x
    tax
    jmp _walk
_next:
    inx
_walk:
    cpx SV_END
    bcc _unit
    rts                             ; the depots: find_sources settled them
_unit:
    ldy SIDE_UNITS,x
    lda U_STATUS,y
    cmp #STATUS_ON_MAP
    bne _next                       ; on the map: the compare left the carry set
    lda U_COL,y                     ; the two sources that supplied the last units
    sbc SV_LAST_Q                   ; first (units stand near their fellows), from
    cmp SV_WIDTH                    ; the unit's own q and r: theirs less n are in
                                    ; SV_LAST_* and SV_PREV_*, so q - (q' - n) = dq + n
    bcs _second
    sta SV_Q                        ; dq + n, for a moment
    lda U_COL,y
    lsr
    eor #$FF                        ; - column / 2 - 1
    sec
    adc U_ROW,y                     ; r
    sec
    sbc SV_LAST_R                   ; dr + n
    cmp SV_WIDTH
    bcs _second
    adc SV_Q                        ; carry is clear, and stays so (the sum is below
    sbc SV_N1                       ; 2 (2n + 1)): ds + n = (dq + n) + (dr + n) - n
    cmp SV_WIDTH
    bcs _second
_supplied:
    lda #1
    sta U_SUPPLIED,y
    inx                             ; the next unit (_next, in line)
    cpx SV_END
    bcc _unit
    rts
_second:
    lda U_COL,y                     ; the unit's r, kept for _search
    lsr
    eor #$FF
    sec
    adc U_ROW,y
    sta SV_RU
    lda U_COL,y
    sec
    sbc SV_PREV_Q
    cmp SV_WIDTH
    bcs _search
    sta SV_Q
    lda SV_RU
    sec
    sbc SV_PREV_R
    cmp SV_WIDTH
    bcs _search
    adc SV_Q
    sbc SV_N1                       ; carry clear: less n
    cmp SV_WIDTH
    bcs _search
    lda SV_LAST_Q                   ; it comes first from now on
    ldy SV_PREV_Q
    sty SV_LAST_Q
    sta SV_PREV_Q
    lda SV_LAST_R
    ldy SV_PREV_R
    sty SV_LAST_R
    sta SV_PREV_R
    ldy SIDE_UNITS,x                ; the unit again
    jmp _supplied
_search:                            ; every source for unit Y; its U_SUPPLIED
    lda SV_RU                       ; the unit's window, the places' DEPOT_CHAIN
    sec                             ; (and + 1) and a borrow included
    adc SV_NB1
    sta SV_R
    clc
    adc U_COL,y
    sta SV_S
    lda U_COL,y
    clc
    adc SV_NB
    sta SV_Q
    ldy SV_PLACES
    dey
    sec                             ; carry is set at _source: a failed test
_source:                            ; leaves it so
    lda SV_Q
    sbc SUPPLY_SRC_Q,y
    cmp SV_WIDTH
    bcs _no
    lda SV_R                        ; carry is clear: SV_R holds the + 1
    sbc SUPPLY_SRC_R,y
    cmp SV_WIDTH
    bcs _no
    lda SV_S
    sbc SUPPLY_SRC_S,y
    cmp SV_WIDTH
    bcc _found
_no:
    dey
    bpl _source
    ldy SIDE_UNITS,x                ; cut off
    lda #0
    sta U_SUPPLIED,y
    jmp _next
_found:                             ; the last source from now on: SV_LAST_* =
    lda SV_LAST_Q                   ; place Y's q and r less n, the last ones to
    sta SV_PREV_Q                   ; SV_PREV_*
    lda SV_LAST_R
    sta SV_PREV_R
    lda SUPPLY_SRC_Q,y
    sec
    sbc SV_NB
    sta SV_LAST_Q
    lda SUPPLY_SRC_R,y
    sec
    sbc SV_NB1
    sta SV_LAST_R
    ldy SIDE_UNITS,x                ; the unit again
    jmp _supplied
.scend

;
; find_sources -- the supply sources of SUPPLY_SIDE: its places in
; SUPPLY_SRC_Q/R/S, the sources among them in SUPPLY_SOURCE_LIST; each depot on
; the map supplied if linked, cut off if not.  The counts live in zero page
; (FS_*, SV_PLACES) while it works.
;
; In:       SUPPLY_SIDE
; Out:      SUPPLY_SOURCES sources listed; SV_PLACES places (the roots and the
;           side's depots on the map), the places of the depots left pending
;           with q $80; U_SUPPLIED of the side's depots on the map
; Clobbers: A, X, Y, flags; ZP_TEMP..ZP_TEMP+5, ZP_HEX_A, ZP_HEX_B+1,
;           ZP_MUL..ZP_MUL+2
;
find_sources:
.scope
    lda #0
    sta FS_SOURCES
    sta FS_DEPOTS
    ldx SUPPLY_SIDE                 ; the home base is always a root
    lda HOME_COL,x
    ldy HOME_ROW,x
    jsr add_source
    lda CONTROL+TOBRUK_TOWN         ; Tobruk, if the side controls it
    cmp SUPPLY_SIDE
    bne _list_depots
    lda #TOBRUK_COL
    ldy #TOBRUK_ROW
    jsr add_source
_list_depots:                       ; the side's depots on the map: places after
    lda FS_SOURCES                  ; the roots, each a source at once if within
    sta SV_PLACES                   ; DEPOT_CHAIN of the home base (place 0), else
    lda SUPPLY_SRC_S                ; pending.  The home base's s, r and q less the
    sec                             ; places' DEPOT_CHAIN + 1 (one more for q: the
    sbc #DEPOT_CHAIN+1              ; tests run with the carry clear); s >= 0, so no
    sta SV_S                        ; borrow
    lda SUPPLY_SRC_R
    sbc #DEPOT_CHAIN+1
    sta SV_R
    lda SUPPLY_SRC_Q
    sec
    sbc #DEPOT_CHAIN+1
    sta SV_Q
    ldx SUPPLY_SIDE
    lda SIDE_UNITS_START+1,x
    sta SV_END
    lda SIDE_DEPOTS_START,x
    tax
    jmp _walk
_next:
    inx
_walk:
    cpx SV_END
    bcs _search_from_roots
_depot:
    ldy SIDE_UNITS,x
    lda U_STATUS,y
    cmp #STATUS_ON_MAP
    bne _next
    lda #1                          ; supplied, unless the search ends with it
    sta U_SUPPLIED,y                ; still pending (_cut_off)
    stx SV_UNIT                     ; the place in the list, for a moment
    ldx SV_PLACES                   ; the depot's place
    inc SV_PLACES
    tya
    sta SUPPLY_PLACE_UNIT,x
    lda U_COL,y                     ; the carry is still set by the equal compare
    adc #DEPOT_CHAIN-1              ; (lda, sta, ldx, inc, tya keep it): + DEPOT_CHAIN
    sta SUPPLY_SRC_Q,x              ; carry is clear
    lda U_COL,y
    lsr
    eor #$FF                        ; - column / 2 - 1
    sec
    adc U_ROW,y                     ; r
    clc
    adc #DEPOT_CHAIN+1
    sta SUPPLY_SRC_R,x
    clc
    adc U_COL,y
    sta SUPPLY_SRC_S,x
    clc                             ; the home base's ds, dr, dq + DEPOT_CHAIN
    sbc SV_S
    cmp #CHAIN_WIDTH
    bcs _pend
    lda SUPPLY_SRC_R,x              ; carry is clear
    sbc SV_R
    cmp #CHAIN_WIDTH
    bcs _pend
    lda SUPPLY_SRC_Q,x
    sbc SV_Q
    cmp #CHAIN_WIDTH
    bcs _pend
    txa                             ; linked: a source (supplied already)
    ldy FS_SOURCES
    sta SUPPLY_SOURCE_LIST,y
    inc FS_SOURCES
    ldx SV_UNIT                     ; the next depot (_next and _walk in line: a
    inx                             ; jump fewer a depot)
    cpx SV_END
    bcc _depot
    bcs _search_from_roots          ; always
_pend:
    txa
    ldy FS_DEPOTS
    sta SUPPLY_PENDING_LIST,y
    inc FS_DEPOTS
    ldx SV_UNIT
    inx
    cpx SV_END
    bcc _depot
_search_from_roots:                 ; the home base is searched: from the next
    lda #1
    sta FS_NEXT
_search:                            ; breadth first: each source pulls in its depots
    ldx FS_DEPOTS
    beq _done                       ; none pending
    ldy FS_NEXT
    cpy FS_SOURCES
    bcs _cut_off
    lda SUPPLY_SOURCE_LIST,y        ; the source in hand: its q, s, r less the
    tay                             ; places' DEPOT_CHAIN (and + 1)
    lda SUPPLY_SRC_Q,y
    sec
    sbc #DEPOT_CHAIN                ; q >= 0: no borrow, carry stays set
    sta SV_Q
    lda SUPPLY_SRC_S,y
    sbc #DEPOT_CHAIN+1              ; s = row + column - column / 2 >= 0: the same
    sta SV_S
    lda SUPPLY_SRC_R,y
    sbc #DEPOT_CHAIN+1
    sta SV_R
    sec                             ; carry is set at _pending: a failed test
_pending:                           ; leaves it so
    dex
    bmi _searched
    ldy SUPPLY_PENDING_LIST,x
    lda SUPPLY_SRC_Q,y
    sbc SV_Q
    cmp #CHAIN_WIDTH
    bcs _pending
    lda SUPPLY_SRC_R,y              ; carry is clear: the place's r holds the + 1
    sbc SV_R
    cmp #CHAIN_WIDTH
    bcs _pending
    lda SUPPLY_SRC_S,y
    sbc SV_S
    cmp #CHAIN_WIDTH
    bcs _pending
    tya                             ; linked: a source from now on (and supplied
    ldy FS_SOURCES                  ; since it was listed)
    sta SUPPLY_SOURCE_LIST,y
    inc FS_SOURCES
    dec FS_DEPOTS                   ; and off the list: the last pending depot,
    ldy FS_DEPOTS                   ; already tried against this source, takes
    lda SUPPLY_PENDING_LIST,y       ; its place
    sta SUPPLY_PENDING_LIST,x
    sec
    bcs _pending                    ; always
_searched:
    inc FS_NEXT
    jmp _search
_cut_off:                           ; a depot still pending lies beyond DEPOT_CHAIN
    dex                             ; of every source, so beyond its own range too
    bmi _done                       ; (tables.py checks SUPPLY_RANGE_DEPOT <=
    ldy SUPPLY_PENDING_LIST,x       ; DEPOT_CHAIN): cut off, and no source
    lda #$80
    sta SUPPLY_SRC_Q,y
    lda SUPPLY_PLACE_UNIT,y
    tay
    lda #0
    sta U_SUPPLIED,y
    beq _cut_off                    ; always
_done:
    lda FS_SOURCES
    sta SUPPLY_SOURCES
    rts
.scend

;
; add_source -- a root (home base, Tobruk) as the next place and source, in the
; places' form: q + DEPOT_CHAIN, r + DEPOT_CHAIN + 1, q + r + DEPOT_CHAIN + 1.
;
; In:       A = column, Y = row; no depot listed yet
; Out:      place and SUPPLY_SOURCE_LIST[FS_SOURCES] set, FS_SOURCES + 1
; Clobbers: A, X, flags; ZP_TEMP+1 (SV_R), ZP_TEMP+5 (SV_HALF)
;
add_source:
    ldx FS_SOURCES
    sta SV_HALF                     ; the column, for a moment
    sty SV_R                        ; the row, for a moment
    txa
    sta SUPPLY_SOURCE_LIST,x
    lda SV_HALF
    clc
    adc #DEPOT_CHAIN
    sta SUPPLY_SRC_Q,x              ; carry is clear
    lda SV_HALF
    lsr
    eor #$FF                        ; - column / 2 - 1
    sec
    adc SV_R                        ; r
    clc
    adc #DEPOT_CHAIN+1
    sta SUPPLY_SRC_R,x
    clc
    adc SV_HALF                     ; q + r + DEPOT_CHAIN + 1
    sta SUPPLY_SRC_S,x
    inc FS_SOURCES
    rts

;
; e_tobruk_surrounded -- entry TOBRUK_SURROUNDED(): 1 if every neighbour of
; Tobruk is ocean (or off the map) or holds an Axis unit, else 0.
;
; In:       nothing
; Out:      A = E_OK, CALL_RESULT = 1 or 0
; Clobbers: X, Y, flags; ZP_PTR, ZP_TEMP..ZP_TEMP+2
;
e_tobruk_surrounded:
.scope
    lda #HEX_DIRECTIONS
    sta ZP_TEMP+2
_direction:
    ldx #TOBRUK_COL
    ldy #TOBRUK_ROW
    lda ZP_TEMP+2
    jsr hex_step
    bcs _closed                     ; off the map
    lda MAP_ROW_LO,y
    sta ZP_PTR_LO
    lda MAP_ROW_HI,y
    sta ZP_PTR_HI
    sty ZP_TEMP+1                   ; the row
    txa
    tay
    lda (ZP_PTR),y
    cmp #TERRAIN_OCEAN
    beq _closed
    stx ZP_TEMP                     ; the column
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda UNIT_SIDE,x
    cmp #SIDE_AXIS
    bne _next
    lda U_COL,x
    cmp ZP_TEMP
    bne _next
    lda U_ROW,x
    cmp ZP_TEMP+1
    beq _closed
_next:
    dex
    bpl _unit
    lda #0                          ; an open neighbour
    beq _answer                     ; always
_closed:
    dec ZP_TEMP+2
    bne _direction
    lda #1
_answer:
    sta CALL_RESULT_LO
    lda #E_OK
    rts
.scend

;
; e_distance_vp -- entry DISTANCE_VP(side): the victory points the side's units
; on the map score at the end of a turn for their distance from their home base
; (docs/rules.md "Victory"; kotd.engine.victory.distance_vp).
;
; In:       ARG0 = side 0 (Axis) or 1 (Allied)
; Out:      A = E_OK, CALL_RESULT = the points; A = E_RANGE for another side
; Clobbers: X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+3
;
e_distance_vp:
.scope
    lda ARG0_HI
    bne _bad
    lda ARG0_LO
    cmp #2
    bcs _bad
    sta ZP_TEMP+3                   ; the side
    tax
    lda HOME_COL,x
    sta ZP_HEX_B
    lda HOME_ROW,x
    sta ZP_HEX_B+1
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda UNIT_SIDE,x
    cmp ZP_TEMP+3
    bne _next
    lda U_COL,x
    sta ZP_HEX_A
    lda U_ROW,x
    sta ZP_HEX_A+1
    jsr hex_distance
    ldy #BAND_COUNT-1
_band:
    cmp BAND_FROM,y                 ; the last band the distance reaches
    bcs _score
    dey
    bpl _band
    bmi _next                       ; below every band (the first starts at 0)
_score:
    lda BAND_VP,y
    clc
    adc CALL_RESULT_LO
    sta CALL_RESULT_LO
    bcc _next
    inc CALL_RESULT_HI
_next:
    dex
    bpl _unit
    lda #E_OK
    rts
_bad:
    lda #E_RANGE
    rts
.scend
