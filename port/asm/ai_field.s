;
; ai_field.s -- the computer player's cost field (docs/ai.md "The 6502 twin"): the
; operation points from every hex to a target hex for a unit type, the twin of
; kotd.engine.ai_good.cost_field (GoodAI._field).  Part of the opponent's code, which lives in
; the RAM under the ROMs (Atari XL/XE, Apple language card: docs/images.md "The opponent");
; tools/kotd/build/opponent.py assembles it at OPPONENT_BASE, after opponent_entry.s, with the
; engine's tables and routines at their addresses in the engine's image.
;
; How it works.  FIELD holds a byte a hex, MAP_COLUMNS x MAP_ROWS in the map's order
; (MAP_TERRAIN's): while the field is worked out, a hex's best cost so far, or
; FIELD_UNREACHABLE (255) while it has none, or FIELD_WALL (0) where no unit may stand
; (ocean, impassable, the walls' units).  A wall holds the lowest cost there is, so
; "is the cost offered lower than the hex's" turns it down with no test of its own; a
; row of walls above and below FIELD (FIELD_ABOVE, FIELD_BELOW) does the same for the
; map's north and south edges; the west and east edges are the column tests of
; field_settle.  The search is Dijkstra with buckets (Dial's): costs to enter a hex
; are 1..12, so the costs still pending while cost d is settled lie in d+1..d+12 and
; FIELD_BUCKETS (16) lists, list d mod 16 for cost d, hold them all apart.  The lists
; are linked through a pool of FIELD_POOL entries (column, row, next); a list
; settled goes back to the pool whole.  A hex whose cost is lowered again is queued
; again; its first entry is stale and skipped when its list comes (its byte no
; longer holds that list's cost), as cost_field skips it.  A cost above FIELD_MAX is
; never kept: the hex stays unreachable, as in cost_field.
; Should the pool run short (never in the measured games: docs/ai.md), the lowered
; cost is kept but not queued, and when the lists are empty, sweeps over the whole
; map settle every hex again until nothing changes (Bellman-Ford): the same field,
; slower.  Last, walls become FIELD_UNREACHABLE and the target 0.
; A caller that reads only some hexes may stop the search early (ai_field_until):
; before each list it is about to settle, the search asks the caller's routine
; whether the hexes it will read are settled (every cost below the list's is final:
; no offer is ever lower than the list's own cost), and stops if they are.  A hex
; not yet settled then holds a cost above the last settled one, FIELD_UNREACHABLE,
; or FIELD_WALL for a wall (field_finish comes only with a whole field), and the
; search goes on where it stopped when asked again (field_resume).  Once the pool
; has run short no cost is sure before the sweeps: the search no longer asks.
; emu_tests/test_ai_field.py ties this file to cost_field.
;

.alias FIELD_WALL        0
.alias FIELD_WALLS_LISTED $FE                      ; ai_field's walls: the hexes of AI_WALLS
.alias FIELD_UNREACHABLE FIELD_MAX+1
.alias FIELD_HALF        [MAP_TERRAIN_COUNT+1]/2    ; FIELD is filled and read in two halves
.alias FIELD_FROM_MAP    FIELD-MAP_TERRAIN          ; MAP_ROW_LO/HI + this: FIELD's rows

; FP_HERE = FIELD's row Y (the map's row addresses moved by FIELD_FROM_MAP).  In line
; where the search does it for every hex it settles, else field_row.  Clobbers A, the
; carry.
.macro field_row_y
    lda MAP_ROW_LO,y
    clc
    adc #<FIELD_FROM_MAP
    sta FP_HERE
    lda MAP_ROW_HI,y
    adc #>FIELD_FROM_MAP
    sta FP_HERE+1
.macend

; Zero page: the engine's, none of it kept between calls.  The three row pointers
; follow each other: a neighbour's row is FP_UP + 2 x (its row - the hex's row + 1).
.alias FP_UP        ZP_PTR              ; FIELD's row above the hex being settled
.alias FP_HERE      ZP_PTR+2            ; (ZP_HEX_A) its own row
.alias FP_DOWN      ZP_PTR+4            ; (ZP_HEX_B) the row below
.alias FD_DIST      ZP_MUL              ; the cost being settled
.alias FD_NEXT      ZP_MUL+1            ; the cost offered to the neighbours
.alias FD_COL       ZP_MUL+2            ; the hex being settled
.alias FD_ROW       ZP_MUL+3
.alias FD_ROW_UP    ZP_TEMP             ; its row - 1: field_queue's row 0
.alias FD_HEAD      ZP_TEMP+1           ; the list FD_NEXT goes to, while it is filled
.alias FD_ENTRY     ZP_TEMP+2           ; the next entry of the list being settled
.alias FD_FREE      ZP_TEMP+3           ; the pool's free entries (a list; 0: none)
.alias FD_TAIL      ZP_TEMP+4           ; the last entry of the list being settled
.alias FD_SLOT      ZP_TEMP+5           ; FD_NEXT mod FIELD_BUCKETS
.alias FD_STOP      ZP_TEMP             ; ai_field_until's routine, till the arguments are checked

;
; ai_field -- the cost field: the operation points a unit of a type pays to go from
; each hex to a target hex, the enemy's hexes walls if asked (ai_good.cost_field;
; the walls as GoodAI._walls makes them: the target itself is no wall).
; ai_field_until -- the same, the search stopped as soon as the routine whose
; address - 1 is A (low byte), Y (high) says that the hexes its caller reads are
; settled: called before each list of the search with FD_DIST = the list's cost,
; it answers carry clear to stop (a hex is settled when its cost is below
; FD_DIST); it may use A, X, Y, the flags and FP_UP, FP_HERE, FP_DOWN.
; FIELD_PARTIAL = 1 says that the search stopped.
;
; In:       ARG0, ARG1 = the target hex (passable); ARG2 = unit type (TYPE_MOBILE,
;           TYPE_NONMOBILE); ARG3 = the side whose units on the map are walls
;           (SIDE_AXIS, SIDE_ALLIED), FIELD_WALLS_LISTED for the hexes of AI_WALLS
;           (the enemy's at the start of the movement: GoodAI._blocked), or NONE
;           for none
;           (ai_field_until: A, Y = the routine that says when to stop)
; Out:      A = E_OK, FIELD = the cost from each hex (FIELD_UNREACHABLE where there is
;           no way of at most FIELD_MAX points), CALL_RESULT = the hexes settled
;           (FIELD_SWEEPS = 0) or FIELD_SWEEPS = the sweeps the pool's shortage took;
;           FIELD_PARTIAL = 0 (ai_field_until: or 1, stopped, FIELD as above);
;           FIELD_TARGET, FIELD_KIND, FIELD_WALLS = the arguments (what FIELD holds,
;           for a caller that keeps it: ai_walk.s);
;           A = E_HEX (target off the map), E_PROHIBITED (target impassable) or
;           E_RANGE (type, side), nothing written but the zero page
; Clobbers: X, Y, flags; the engine's zero page; FIELD_ABOVE .. FIELD_RAM_END
;
ai_field:
    lda #<[field_whole-1]
    ldy #>[field_whole-1]
ai_field_until:
.scope
    sta FD_STOP                     ; (the zero page: nothing else written before
    sty FD_STOP+1                   ; the arguments are checked)
    ldx #0
    jsr arg_hex
    bcc _on_map
    lda #E_HEX
    rts
_bad:
    lda #E_RANGE
    rts
_on_map:
    sta ZP_HEX_A
    sty ZP_HEX_A+1
    lda ARG2_HI
    ora ARG3_HI
    bne _bad
    lda ARG2_LO
    cmp #TYPE_NONMOBILE+1
    bcs _bad
    lda ARG3_LO
    cmp #FIELD_WALLS_LISTED         ; (and NONE, $FF)
    bcs _side_ok
    cmp #SIDE_ALLIED+1
    bcs _bad
_side_ok:
    jsr hex_terrain
    lda TERRAIN_PASSABLE,y
    bne _passable
    lda #E_PROHIBITED
    rts
_passable:
    lda ZP_HEX_A
    sta FIELD_TARGET
    lda ZP_HEX_A+1
    sta FIELD_TARGET+1
    lda ARG2_LO
    sta FIELD_KIND
    lda ARG3_LO
    sta FIELD_WALLS
    lda FD_STOP
    sta FIELD_STOP
    lda FD_STOP+1
    sta FIELD_STOP+1
    jsr field_start
    jsr field_search
    jmp field_end
.scend

;
; field_resume -- go on with a field whose search stopped (FIELD_PARTIAL = 1), till
; the routine whose address - 1 is A (low byte), Y (high) says to stop, as
; ai_field_until.
;
; In:       A, Y = the routine; FIELD and its RAM as the stopped search left them
; Out:      A = E_OK; FIELD, FIELD_PARTIAL as ai_field_until gives them
; Clobbers: X, Y, flags; the engine's zero page
;
field_resume:
.scope
    sta FIELD_STOP
    sty FIELD_STOP+1
    lda FIELD_NEXT
    sta FD_DIST
    lda FIELD_FREE
    sta FD_FREE
    jsr field_search
    ; (falls into field_end)

;
; field_end -- a field's search over: a whole one finished (field_sweep if the pool
; ran short, field_finish), a stopped one left as it is.
;
; Out:      A = E_OK
; Clobbers: X, Y, flags; the engine's zero page
;
field_end:
    lda FIELD_PARTIAL
    bne _done
    lda FIELD_SHORT
    beq _finish                     ; the pool never ran short
    jsr field_sweep
_finish:
    jsr field_finish
_done:
    lda #E_OK
    rts
.scend

;
; field_whole -- ai_field's answer to "may the search stop?": never.
;
; Out:      carry set
;
field_whole:
    sec
    rts

;
; field_start -- FIELD's first state: walls where no unit may stand, FIELD_UNREACHABLE
; elsewhere, the target 0 and queued; the unit type's entry costs in FIELD_COST.
;
; In:       FIELD_TARGET; ARG2_LO = unit type, ARG3_LO = the walls' side, FIELD_WALLS_LISTED or NONE
; Out:      FIELD, FIELD_ABOVE, FIELD_BELOW, FIELD_COST, FIELD_HEAD; the pool
;           unused but for the target's entry; FD_DIST = 0, FIELD_EMPTY = 0;
;           CALL_RESULT = 0, FIELD_SWEEPS = 0
; Clobbers: A, X, Y, flags; FP_HERE, FD_ROW_UP, FD_HEAD, FD_FREE, FIELD_FRESH,
;           FIELD_SHORT
;
field_start:
.scope
    ldx #TERRAIN_COUNT-1            ; per terrain: its entry cost for the type, and
_terrain:                           ; what its hexes begin with
    lda ARG2_LO
    bne _nonmobile
    lda TERRAIN_OP_MOBILE,x
    jmp _cost
_nonmobile:
    lda TERRAIN_OP_NONMOBILE,x
_cost:
    sta FIELD_COST,x
    lda #FIELD_WALL
    ldy TERRAIN_PASSABLE,x
    beq _wall
    lda #FIELD_UNREACHABLE
_wall:
    sta FIELD_BEGIN,x
    dex
    bpl _terrain

    ldx #FIELD_HALF                 ; the map: two halves from the end down
_fill:
    ldy MAP_TERRAIN-1,x
    lda FIELD_BEGIN,y
    sta FIELD-1,x
    ldy MAP_TERRAIN-1+FIELD_HALF,x
    lda FIELD_BEGIN,y
    sta FIELD-1+FIELD_HALF,x
    dex
    bne _fill
    ldx #MAP_COLUMNS                ; the edges (after the halves: an odd map's
    lda #FIELD_WALL                 ; second half ends a byte into FIELD_BELOW)
_edges:
    sta FIELD_ABOVE-1,x
    sta FIELD_BELOW-1,x
    dex
    bne _edges

    lda ARG3_LO                     ; the walls: every hex a unit of that side holds
    cmp #NONE
    beq _walls_done
    cmp #FIELD_WALLS_LISTED
    beq _listed
    ldx #UNIT_COUNT-1
_unit:
    jsr unit_on_map
    bne _next_unit
    lda UNIT_SIDE,x
    cmp ARG3_LO
    bne _next_unit
    ldy U_ROW,x
    jsr field_row
    ldy U_COL,x
    lda #FIELD_WALL
    sta (FP_HERE),y
_next_unit:
    dex
    bpl _unit
    bmi _walls_done                 ; always
_listed:                            ; or every hex of AI_WALLS
    ldx #0
_wall_listed:
    lda AI_WALLS,x
    bmi _walls_done                 ; $FF: the end (columns are below $80)
    ldy AI_WALLS+1,x
    jsr field_row
    ldy AI_WALLS,x
    lda #FIELD_WALL
    sta (FP_HERE),y
    inx
    inx
    bne _wall_listed                ; always (at most 127 walls)
_walls_done:

    lda #FIELD_POOL                 ; the pool: no entry used yet (entries come from
    sta FIELD_FRESH                 ; FIELD_FRESH down, then back through FD_FREE)
    ldx #FIELD_BUCKETS-1
    lda #0
    sta FD_FREE
_heads:
    sta FIELD_HEAD,x
    dex
    bpl _heads
    sta FIELD_EMPTY
    sta FD_DIST
    sta FD_HEAD
    sta CALL_RESULT_LO
    sta CALL_RESULT_HI
    sta FIELD_SWEEPS
    sta FIELD_SHORT

    ldy FIELD_TARGET+1              ; the target: cost 0 (a wall's hex too: _walls),
    sty FD_ROW_UP                   ; in list 0
    jsr field_row
    ldy FIELD_TARGET
    lda #0
    sta (FP_HERE),y
    ldx #0                          ; field_queue's row FD_ROW_UP + 0
    jsr field_queue
    lda FD_HEAD
    sta FIELD_HEAD
    rts
.scend

;
; field_search -- settle the queued hexes in the order of their costs, list by list.
;
; In:       field_start's state
; Out:      FIELD: every hex's cost, unless the pool ran short (FIELD_SHORT = 1:
;           field_sweep finishes it) or FIELD_STOP's routine stopped it
;           (FIELD_PARTIAL = 1; FIELD_NEXT, FIELD_FREE: where it goes on);
;           CALL_RESULT = the hexes settled
; Clobbers: A, X, Y, flags; the zero page of field_settle
;
field_search:
.scope
_list:
    lda FD_DIST
    and #FIELD_BUCKETS-1
    tax
    lda FIELD_HEAD,x
    bne _taken
    inc FIELD_EMPTY                 ; as many empty lists in a row as there are
    lda FIELD_EMPTY                 ; lists: nothing is queued any more (entry
    cmp #FIELD_BUCKETS              ; costs are below FIELD_BUCKETS)
    beq _done
    inc FD_DIST                     ; past FIELD_MAX only on empty lists: a wrap
    jmp _list                       ; to 0 finds them empty too
_taken:
    ldy FIELD_SHORT                 ; may the search stop here?  (not once a hex
    bne _take                       ; has gone unqueued: no cost is sure then)
    jsr field_ask
    bcc _stop
    lda FD_DIST
    and #FIELD_BUCKETS-1
    tax
    lda FIELD_HEAD,x
_take:
    sta FD_ENTRY
    sta FIELD_LIST
    lda #0                          ; the list is taken whole: what is queued meanwhile
    sta FIELD_HEAD,x                ; costs more and goes to other lists
    sta FIELD_EMPTY
_entry:
    ldx FD_ENTRY
    stx FD_TAIL
    lda POOL_NEXT,x
    sta FD_ENTRY
    lda POOL_COL,x
    sta FD_COL
    ldy POOL_ROW,x
    sty FD_ROW
    `field_row_y
    ldy FD_COL
    lda (FP_HERE),y
    cmp FD_DIST
    bne _stale                      ; lowered since: it has an entry in a cheaper list
    inc CALL_RESULT_LO
    bne +
    inc CALL_RESULT_HI
*   jsr field_settle
_stale:
    lda FD_ENTRY
    bne _entry
    ldx FD_TAIL                     ; the whole list back to the pool
    lda FD_FREE
    sta POOL_NEXT,x
    lda FIELD_LIST
    sta FD_FREE
    inc FD_DIST
    jmp _list
_stop:
    lda FD_DIST                     ; where field_resume goes on
    sta FIELD_NEXT
    lda FD_FREE
    sta FIELD_FREE
    lda #1
    bne _partial                    ; always
_done:
    lda #0
_partial:
    sta FIELD_PARTIAL
    rts
.scend

;
; field_ask -- the caller's "may the search stop?" (ai_field_until): FIELD_STOP holds
; its routine's address - 1, reached by an RTS (no JMP (), whose pointer could end a
; page wherever the RAM lies).
;
; Out:      carry clear: stop; as the routine leaves them
; Clobbers: A, X, Y, flags; FP_UP, FP_HERE, FP_DOWN
;
field_ask:
    lda FIELD_STOP+1
    pha
    lda FIELD_STOP
    pha
    rts

;
; field_settle -- offer a settled hex's cost plus the cost of entering it (the step
; from a neighbour into it) to its six neighbours; queue each one it lowers.
;
; In:       FD_COL, FD_ROW = the hex, FD_DIST = its cost, FP_HERE = its row of FIELD
; Out:      the lowered neighbours hold FD_NEXT and are queued in list FD_SLOT
; Clobbers: A, X, Y, flags; FP_UP, FP_DOWN, FD_NEXT, FD_ROW_UP, FD_HEAD, FD_SLOT
;
; The directions by column (kotd.hexgrid, checked by tools/kotd/build/opponent.py):
; the west neighbours (5 and 6) in column - 1, the north and south ones (1 and 4) in
; the column, the east ones (2 and 3) in column + 1; which row each lies in, above
; (0), level (1) or below (2), is FIELD_ROW_EVEN_n or FIELD_ROW_ODD_n (generated).
;
.macro field_relax                  ; _1 = the neighbour's row, 0 above .. 2 below
    cmp (FP_UP+[2*_1]),y            ; A = FD_NEXT: carry clear when it is lower
    bcs _kept
    sta (FP_UP+[2*_1]),y
    ldx #_1
    jsr field_queue
_kept:
.macend

field_settle:
.scope
    ldy FD_ROW                      ; the cost of entering this hex
    lda MAP_ROW_LO,y
    sta FP_UP
    lda MAP_ROW_HI,y
    sta FP_UP+1
    dey
    sty FD_ROW_UP
    ldy FD_COL
    lda (FP_UP),y
    tax
    lda FIELD_COST,x
    clc
    adc FD_DIST
    bcs _far
    cmp #FIELD_MAX+1
    bcc _near
_far:
    rts                             ; too far: nothing lowered (_field's FIELD_MAX)
_near:
    sta FD_NEXT
    and #FIELD_BUCKETS-1
    sta FD_SLOT
    tax
    lda FIELD_HEAD,x
    sta FD_HEAD
    lda FP_HERE                     ; the rows above and below (FIELD_ABOVE and
    sec                             ; FIELD_BELOW at the map's edges)
    sbc #MAP_COLUMNS
    sta FP_UP
    lda FP_HERE+1
    sbc #0
    sta FP_UP+1
    lda FP_HERE
    clc
    adc #MAP_COLUMNS
    sta FP_DOWN
    lda FP_HERE+1
    adc #0
    sta FP_DOWN+1
    lda FD_COL
    lsr                             ; carry: an odd column
    lda FD_NEXT                     ; A = the cost offered, from here on
    bcs _odd
    cpy #0
    beq _even_middle                ; the west edge
    dey
    .invoke field_relax FIELD_ROW_EVEN_5
    .invoke field_relax FIELD_ROW_EVEN_6
    iny
_even_middle:
    .invoke field_relax FIELD_ROW_EVEN_1
    .invoke field_relax FIELD_ROW_EVEN_4
    cpy #MAP_COLUMNS-1
    beq _done                       ; the east edge
    iny
    .invoke field_relax FIELD_ROW_EVEN_2
    .invoke field_relax FIELD_ROW_EVEN_3
    jmp _done
_odd:
    dey                             ; an odd column is never the west edge
    .invoke field_relax FIELD_ROW_ODD_5
    .invoke field_relax FIELD_ROW_ODD_6
    iny
    .invoke field_relax FIELD_ROW_ODD_1
    .invoke field_relax FIELD_ROW_ODD_4
    cpy #MAP_COLUMNS-1
    beq _done
    iny
    .invoke field_relax FIELD_ROW_ODD_2
    .invoke field_relax FIELD_ROW_ODD_3
_done:
    lda FD_HEAD
    ldx FD_SLOT
    sta FIELD_HEAD,x
    rts
.scend

;
; field_queue -- put a hex at the head of the list being filled (FD_HEAD).
;
; In:       Y = column, X = row - FD_ROW_UP (0, 1 or 2)
; Out:      A = FD_NEXT, Y kept; FD_HEAD = the new entry; with no entry free,
;           nothing queued and FIELD_SHORT = 1 (field_sweep follows)
; Clobbers: X, flags; FD_FREE, FIELD_FRESH
;
field_queue:
.scope
    txa
    clc
    adc FD_ROW_UP
    ldx FD_FREE                     ; an entry: a free one, else one never used
    beq _fresh
    pha
    lda POOL_NEXT,x
    sta FD_FREE
    pla
_entry:
    sta POOL_ROW,x
    tya
    sta POOL_COL,x
    lda FD_HEAD
    sta POOL_NEXT,x
    stx FD_HEAD
    lda FD_NEXT
    rts
_fresh:
    ldx FIELD_FRESH
    beq _short
    dec FIELD_FRESH                 ; entries are used from FIELD_POOL down to 1
    jmp _entry
_short:
    lda #1
    sta FIELD_SHORT
    lda FD_NEXT
    rts
.scend

;
; field_sweep -- finish a field the pool ran short of: settle every hex with a cost
; again, the map over, until a sweep lowers nothing.  Every queue fails (no entry
; free or fresh) and so says that a cost was lowered (FIELD_SHORT = 1).
;
; In:       FIELD as field_search left it (every cost that of a real path, none
;           above FIELD_MAX)
; Out:      FIELD: every hex's cost; FIELD_SWEEPS = the sweeps made
; Clobbers: A, X, Y, flags; the zero page of field_settle
;
field_sweep:
.scope
_sweep:
    inc FIELD_SWEEPS
    lda #0
    sta FD_FREE
    sta FIELD_FRESH
    sta FIELD_SHORT
    lda #MAP_ROWS-1
    sta FD_ROW
_row:
    ldy FD_ROW
    jsr field_row
    lda #MAP_COLUMNS-1
    sta FD_COL
_hex:
    ldy FD_COL
    lda (FP_HERE),y
    bne _cost
    cpy FIELD_TARGET                ; 0: a wall, or the target
    bne _next
    ldx FD_ROW
    cpx FIELD_TARGET+1
    bne _next
_cost:
    cmp #FIELD_UNREACHABLE
    beq _next
    sta FD_DIST
    jsr field_settle
_next:
    dec FD_COL
    bpl _hex
    dec FD_ROW
    bpl _row
    lda FIELD_SHORT                 ; something lowered: another sweep
    beq _done
    jmp _sweep
_done:
    rts
.scend

;
; field_finish -- walls to FIELD_UNREACHABLE, the target's 0 kept.
;
; In:       FIELD, FIELD_TARGET
; Out:      FIELD as ai_field gives it
; Clobbers: A, X, Y, flags; FP_HERE
;
field_finish:
.scope
    ldx #FIELD_HALF
_hex:
    lda FIELD-1,x
    bne +
    lda #FIELD_UNREACHABLE
    sta FIELD-1,x
*   lda FIELD-1+FIELD_HALF,x
    bne +
    lda #FIELD_UNREACHABLE
    sta FIELD-1+FIELD_HALF,x
*   dex
    bne _hex
    ldy FIELD_TARGET+1
    jsr field_row
    ldy FIELD_TARGET
    lda #0
    sta (FP_HERE),y
    rts
.scend

;
; field_row -- FP_HERE = FIELD's row Y (field_row_y).
;
; In:       Y = row
; Clobbers: A, flags
;
field_row:
    `field_row_y
    rts

;
; field_at -- FIELD's byte at a hex (a wall's FIELD_WALL while a search that stopped
; short has not been finished: ai_field_until).
;
; In:       X = column, Y = row (on the map)
; Out:      A = the byte; X kept
; Clobbers: Y, flags; FP_HERE
;
field_at:
    jsr field_row
    txa
    tay
    lda (FP_HERE),y
    rts

;
; unit_field -- FIELD's byte at unit X's hex.
;
; In:       X = unit index (on the map)
; Out:      A = the byte; X kept
; Clobbers: Y, flags; FP_HERE
;
unit_field:
    ldy U_ROW,x
    jsr field_row
    ldy U_COL,x
    lda (FP_HERE),y
    rts

;
; ai_field_forget -- FIELD no longer stands for its arguments: AI_WALLS was written
; anew (a new movement), so a field with those walls must be worked out again.
;
; In:       nothing
; Out:      FIELD_WALLS = NONE: no field with the listed walls kept
; Clobbers: A, flags
;
ai_field_forget:
    lda #NONE
    sta FIELD_WALLS
    rts
ai_field_end:

;
; The field's RAM (where kotd.build.opponent places it; docs/ai.md "The 6502 twin"),
; one area after another; the pool's entries are ai_pool.s's.
;
.data
FIELD_ABOVE:                                        ; walls: the row above the map
.text
.alias FIELD         FIELD_ABOVE+MAP_COLUMNS        ; the answer: a cost a hex, in the map's order
.alias FIELD_BELOW   FIELD+MAP_TERRAIN_COUNT        ; walls: the row below (and an odd map's last half byte)
.alias FIELD_HEAD    FIELD_BELOW+MAP_COLUMNS        ; each list's first entry (the lists' entries: ai_pool.s)
.alias FIELD_COST    FIELD_HEAD+FIELD_BUCKETS       ; the unit type's entry cost by terrain
.alias FIELD_BEGIN   FIELD_COST+TERRAIN_COUNT       ; what each terrain's hexes begin with
.alias FIELD_TARGET  FIELD_BEGIN+TERRAIN_COUNT      ; column, row
.alias FIELD_SWEEPS  FIELD_TARGET+2                 ; field_sweep's sweeps (0: none needed)
.alias FIELD_SHORT   FIELD_SWEEPS+1                 ; 1: a hex was lowered but not queued
.alias FIELD_FRESH   FIELD_SHORT+1                  ; the highest entry never used, 0: none
.alias FIELD_LIST    FIELD_FRESH+1                  ; the first entry of the list being settled
.alias FIELD_EMPTY   FIELD_LIST+1                   ; empty lists in a row
.alias FIELD_KIND    FIELD_EMPTY+1                  ; the unit type of the field in FIELD
.alias FIELD_WALLS   FIELD_KIND+1                   ; its walls argument (ai_field_forget: NONE)
.alias FIELD_STOP    FIELD_WALLS+1                  ; the routine that says when to stop, its address - 1
.alias FIELD_PARTIAL FIELD_STOP+2                   ; 1: the search stopped before the end
.alias FIELD_NEXT    FIELD_PARTIAL+1                ; then the list it goes on from (its FD_DIST)
.alias FIELD_FREE    FIELD_NEXT+1                   ; and the pool's free entries (its FD_FREE)
.alias FIELD_RAM_END FIELD_FREE+1

.data
.org FIELD_RAM_END
.text
