;
; ai_depot.s -- the computer player's depot movement phase (docs/ai.md "The 6502
; twin"): the twin of kotd.engine.ai_good.GoodAI.depot_movement and _place_depot,
; bit-exact: the same MOVEs in the same order from the same state.
;
; How it works.  The lead is the side's combat unit with the fewest operation
; points to the enemy home base (ai_field's nonmobile field of that base, with no
; walls: "ahead"; ties to the lower number).  The side's depots on the map are put
; in the order of their own ahead cost (then number); as FIELD holds only one
; field, each hex keeps of "ahead" only its rank in DEPOT_RANK (a nibble: how
; many depots in that order stand at a lower cost than the hex), which is all the
; forward-only rule asks: depot k may go to a hex whose ahead cost is not above
; its own, that is whose rank is at most k.  Then FIELD becomes the field to the
; lead ("to_lead") for the rest of the phase, and each depot in turn:
;   - DEPOT_MAP, a byte a hex, is its search: cost x 8 + the direction it was
;     entered by (0 for the depot's own hex), DEPOT_UNREACHED where no path is
;     known yet, DEPOT_WALL where it may not go (impassable, a hex with the
;     stacking limit's units, an enemy hex and its neighbours).  A wall holds
;     cost 0, direction 7: "is the offer lower than the hex's cost" turns it down
;     with no test of its own.
;   - depot_search settles the hexes by cost, and within a cost column by
;     column, row by row: the order _place_depot pops its frontier in, sorted by
;     (cost, hex).  Entry costs are at least 1, so every hex of cost c is known
;     when cost c's turn comes; a scan of the columns reached finds them.  The
;     supply spent on the way to a hex is summed along its path (the directions
;     back to the depot) when it is settled: _place_depot's `spent`.
;   - depot_score scores every hex reached (the forward-only rule unless the
;     depot is stranded or threatened) as a key to sort by, lowest first:
;     DEPOT_HOST_BONUS - score, which is never below 0, then column, row; the
;     DEPOT_TRIES lowest are kept (DEPOT_TOP_*).
;   - depot_try places the depot on each of those in turn and runs the engine's
;     find_sources: the first where every depot valid before stays valid is
;     taken, and the depot walks there by e_move along its path.
; find_sources writes the depots' U_SUPPLIED flags: depot_valid puts them back.
; emu_tests/test_ai_depot.py ties this file to GoodAI.depot_movement.
;

.alias DEPOT_WALL        7                     ; cost 0, direction 7
.alias DEPOT_UNREACHED   $FF
.alias DEPOT_HALF        [MAP_TERRAIN_COUNT+1]/2
.alias DMAP_FROM_MAP     DEPOT_MAP-MAP_TERRAIN  ; MAP_ROW_LO/HI + this: DEPOT_MAP's rows
.alias RANK_ROW_BYTES    [MAP_COLUMNS+1]/2      ; DEPOT_RANK: two hexes a byte, row by row

; Zero page: the engine's, none of it kept across a call of the engine's routines
; (hex_step keeps off ZP_HEX_A/B, ZP_MUL and ZP_PTR: those live across it).
.alias DP_MAP      ZP_PTR          ; DEPOT_MAP's row of the hex in hand (hex_rows)
.alias DP_FIELD    ZP_MUL          ; FIELD's row
.alias DP_TERRAIN  ZP_HEX_B        ; MAP_TERRAIN's row
.alias DP_ROW      ZP_MUL+2        ; map_byte: the row, for a moment
.alias DP_SCAN     ZP_HEX_A        ; depot_search: the hex scanned in DEPOT_MAP

;
; ai_depots -- the whole depot movement phase of a side (GoodAI.depot_movement):
; the lead, the depots in order, each one's best hex and its moves (e_move).  No
; limited reaction opens in a depot phase, so the moves need no answer.
;
; In:       ARG0 = side (SIDE_AXIS, SIDE_ALLIED); the engine in that side's depot
;           movement phase
; Out:      A = E_OK, CALL_RESULT = the moves made; A = E_RANGE for another side
;           or a depot of the side with more than DEPOT_OP_MOST operation points
;           (nothing done); A = e_move's error should a move be refused (a bug:
;           the reference would raise)
; Clobbers: X, Y, flags; the engine's zero page; FIELD and ai_field's RAM, this
;           file's RAM
;
ai_depots:
.scope
    lda ARG0_HI
    bne _bad
    lda ARG0_LO
    cmp #SIDE_ALLIED+1
    bcs _bad
    sta DS_SIDE
    tax
    lda SIDE_DEPOTS_START,x         ; every depot's points within the search's byte
    sta DS_J
    lda SIDE_UNITS_START+1,x
    sta DS_END
_check:
    ldx DS_J
    cpx DS_END
    bcs _checked
    inc DS_J
    ldy SIDE_UNITS,x
    lda U_STATUS,y
    cmp #STATUS_ON_MAP
    bne _check
    lda U_OP,y
    cmp #DEPOT_OP_MOST+1
    bcc _check
_bad:
    lda #E_RANGE
    rts
_checked:
    lda #0
    sta DS_MOVES
    jsr depots_lead
    bcs _done                       ; no combat unit: the depots stay
    jsr depots_order
    ldx DS_LEAD                     ; FIELD: the costs to the lead from now on
    lda U_COL,x
    ldy U_ROW,x
    jsr depot_field
    lda #0
    sta DS_K
_depot:
    lda DS_K
    cmp DS_COUNT
    bcs _done
    lda PHASE
    cmp #PHASE_GAME_OVER
    beq _done
    jsr place_depot
    bne _error
    inc DS_K
    jmp _depot
_done:
    lda DS_MOVES
    sta CALL_RESULT_LO
    lda #0
    sta CALL_RESULT_HI
    lda #E_OK
_error:
    rts
.scend

;
; depot_field -- ai_field's nonmobile field of a hex, with no walls, into FIELD.
;
; In:       A = column, Y = row
; Out:      FIELD
; Clobbers: A, X, Y, flags; the engine's zero page; the call block's arguments
;
depot_field:
    sta ARG0_LO
    sty ARG1_LO
    lda #0
    sta ARG0_HI
    sta ARG1_HI
    sta ARG2_HI
    sta ARG3_HI
    lda #TYPE_NONMOBILE
    sta ARG2_LO
    lda #NONE
    sta ARG3_LO
    jmp ai_field

;
; hex_rows -- the rows of DEPOT_MAP, FIELD and MAP_TERRAIN a hex lies in.
;
; In:       Y = row
; Out:      DP_MAP, DP_FIELD, DP_TERRAIN; X, Y kept
; Clobbers: A, flags
;
hex_rows:
    lda MAP_ROW_LO,y
    sta DP_TERRAIN
    clc
    adc #<DMAP_FROM_MAP
    sta DP_MAP
    lda MAP_ROW_HI,y
    sta DP_TERRAIN+1
    adc #>DMAP_FROM_MAP
    sta DP_MAP+1
    lda DP_TERRAIN
    clc
    adc #<FIELD_FROM_MAP
    sta DP_FIELD
    lda DP_TERRAIN+1
    adc #>FIELD_FROM_MAP
    sta DP_FIELD+1
    rts

;
; map_byte -- a hex's byte of DEPOT_MAP, and its rows.
;
; In:       X = column, Y = row
; Out:      A = the byte (flags set by it); DP_MAP, DP_FIELD, DP_TERRAIN; X, Y kept
; Clobbers: DP_ROW
;
map_byte:
    jsr hex_rows
    sty DP_ROW
    txa
    tay
    lda (DP_MAP),y
    ldy DP_ROW
    cmp #0
    rts

;
; unit_hex -- a unit's hex: its rows (hex_rows) and Y = its column.
;
; In:       X = unit index
; Out:      Y = column; DP_MAP, DP_FIELD, DP_TERRAIN; X kept
; Clobbers: A, flags
;
unit_hex:
    ldy U_ROW,x
    jsr hex_rows
    ldy U_COL,x
    rts

;
; depots_lead -- FIELD = the costs to the enemy home base; the lead: the side's
; combat unit on the map with the lowest, then the lowest number.
;
; In:       DS_SIDE
; Out:      carry clear: DS_LEAD = its index; carry set: no combat unit on the map
; Clobbers: A, X, Y, flags; the engine's zero page
;
depots_lead:
.scope
    lda DS_SIDE
    eor #1
    tax
    lda HOME_COL,x
    ldy HOME_ROW,x
    jsr depot_field
    lda #$FF
    sta DS_LEAD
    ldx DS_SIDE
    lda SIDE_DEPOTS_START,x
    sta DS_END
    lda SIDE_UNITS_START,x
    sta DS_J
_unit:
    ldx DS_J
    cpx DS_END
    bcs _done
    inc DS_J
    lda SIDE_UNITS,x
    tax
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _unit
    lda UNIT_ROLE,x
    cmp #ROLE_COMBAT                ; garrisons are no lead
    bne _unit
    jsr unit_hex
    lda (DP_FIELD),y
    ldy DS_LEAD
    cpy #$FF
    beq _take                       ; the first
    cmp DS_BEST
    bcs _unit                       ; no lower: the lower number stays
_take:
    sta DS_BEST
    stx DS_LEAD
    jmp _unit
_done:
    lda DS_LEAD
    cmp #$FF                        ; carry set: none
    rts
.scend

;
; depots_order -- the side's depots on the map by their cost to the enemy home
; base (FIELD), then number: DEPOT_LIST (their places in the side's depot list),
; DEPOT_AHEAD (those costs); DEPOT_RANK of every hex.
;
; In:       FIELD = the costs to the enemy home base; DS_SIDE
; Out:      DS_COUNT depots in DEPOT_LIST, DEPOT_AHEAD; DEPOT_RANK
; Clobbers: A, X, Y, flags; DP_MAP, DP_FIELD, DP_TERRAIN, DS_J, DS_END, DS_BEST
;
depots_order:
.scope
    lda #0
    sta DS_COUNT
    sta DS_J                        ; the place in the side's depot list
_depot:
    ldx DS_SIDE
    lda SIDE_DEPOTS_START,x
    clc
    adc DS_J
    cmp SIDE_UNITS_START+1,x
    bcs _ranks
    tax
    lda SIDE_UNITS,x
    tax
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    jsr unit_hex
    lda (DP_FIELD),y
    sta DS_BEST
    ldx DS_COUNT                    ; insertion: after every lower or equal cost
_shift:                             ; (those have lower numbers)
    cpx #0
    beq _put
    lda DEPOT_AHEAD-1,x
    cmp DS_BEST
    bcc _put
    beq _put
    sta DEPOT_AHEAD,x
    lda DEPOT_LIST-1,x
    sta DEPOT_LIST,x
    dex
    jmp _shift
_put:
    lda DS_BEST
    sta DEPOT_AHEAD,x
    lda DS_J
    sta DEPOT_LIST,x
    inc DS_COUNT
_next:
    inc DS_J
    jmp _depot

_ranks:                             ; each hex's rank: the depots (in order) at a
    ldx #0                          ; lower cost; two hexes a byte, the even
    stx DS_J                        ; column in the low nibble
    stx DS_ROW                      ; DS_ROW: the row; DS_J: the byte
_row:
    ldy DS_ROW
    jsr hex_rows
    ldy #0
_hex:
    lda (DP_FIELD),y
    ldx #0
_count:
    cpx DS_COUNT
    bcs _counted
    cmp DEPOT_AHEAD,x
    bcc _counted
    beq _counted
    inx
    bne _count                      ; always
_counted:
    txa
    ldx DS_J
    sta DEPOT_RANK,x
    iny
    cpy #MAP_COLUMNS
    beq _row_done
    lda (DP_FIELD),y
    ldx #0
_count_odd:
    cpx DS_COUNT
    bcs _counted_odd
    cmp DEPOT_AHEAD,x
    bcc _counted_odd
    beq _counted_odd
    inx
    bne _count_odd                  ; always
_counted_odd:
    txa
    asl
    asl
    asl
    asl
    ldx DS_J
    ora DEPOT_RANK,x
    sta DEPOT_RANK,x
    inc DS_J
    iny
    cpy #MAP_COLUMNS
    bne _hex
    dec DS_J                        ; (an even row length: the next row's byte)
_row_done:
    inc DS_J
    inc DS_ROW
    lda DS_ROW
    cmp #MAP_ROWS
    bne _row
    rts
.scend

;
; rank_at -- a hex's rank (depots_order).
;
; In:       X = column, Y = row
; Out:      A = the rank; X, Y kept
; Clobbers: flags; DP_ROW, DP_ROW+1
;
rank_at:
.scope
    sty DP_ROW
    lda #0
    cpy #0
    beq _row
_rows:
    clc
    adc #RANK_ROW_BYTES             ; MAP_ROWS x RANK_ROW_BYTES <= 256 (opponent.py)
    dey
    bne _rows
_row:
    sta DP_ROW+1
    txa
    lsr                             ; carry: an odd column, the high nibble
    php
    clc
    adc DP_ROW+1
    tay
    lda DEPOT_RANK,y
    plp
    bcc _even
    lsr
    lsr
    lsr
    lsr
_even:
    and #$0F
    ldy DP_ROW
    rts
.scend

;
; place_depot -- one depot's turn (GoodAI._place_depot): its search, its hexes
; scored, the chain check, its moves.
;
; In:       DS_K = its place in DEPOT_LIST; FIELD = the costs to the lead
; Out:      A = E_OK (Z set), or e_move's error; DS_MOVES counted
; Clobbers: A, X, Y, flags; the engine's zero page
;
place_depot:
.scope
    ldx DS_K
    lda DEPOT_LIST,x
    sta DS_PLACE
    tay
    lda #0                          ; its bit among the side's depots
    sec
_bit:
    rol
    dey
    bpl _bit
    sta DS_BIT
    ldx DS_SIDE
    lda SIDE_DEPOTS_START,x
    clc
    adc DS_PLACE
    tax
    lda SIDE_UNITS,x
    sta DS_UNIT
    tax
    lda U_COL,x
    sta DS_COL
    lda U_ROW,x
    sta DS_ROW
    lda U_OP,x
    sta DS_OP
    lda U_SUPPLY_LO,x
    sta DS_SUPPLY
    lda U_SUPPLY_HI,x
    sta DS_SUPPLY+1
    jsr depot_walls
    jsr depot_search
    jsr depot_threat
    jsr depot_valid
    sta DS_VALID
    and DS_BIT
    bne _linked
    lda #1                          ; stranded: no forward-only rule, and the
    sta DS_FREE                     ; hexes back to the chain first
    sta DS_STRANDED
    bne _score                      ; always
_linked:
    lda #0
    sta DS_STRANDED
_score:
    jsr depot_score
    jmp depot_try
.scend

;
; depot_walls -- DEPOT_MAP's first state for the depot in hand: walls where it may
; not go (impassable, a hex holding the stacking limit, the enemy's hexes and
; their neighbours), DEPOT_UNREACHED elsewhere, the depot's own hex 0.
;
; In:       DS_SIDE, DS_COL, DS_ROW
; Out:      DEPOT_MAP
; Clobbers: A, X, Y, flags; DP_MAP, DP_FIELD, DP_TERRAIN, DP_ROW
;
depot_walls:
.scope
    ldx #DEPOT_HALF
_fill:
    ldy MAP_TERRAIN-1,x             ; impassable: 0 | 7, the wall; passable:
    lda TERRAIN_PASSABLE,y          ; $F8 | 7, unreached
    beq +
    lda #DEPOT_UNREACHED-DEPOT_WALL
*   ora #DEPOT_WALL
    sta DEPOT_MAP-1,x
    ldy MAP_TERRAIN-1+DEPOT_HALF,x
    lda TERRAIN_PASSABLE,y
    beq +
    lda #DEPOT_UNREACHED-DEPOT_WALL
*   ora #DEPOT_WALL
    sta DEPOT_MAP-1+DEPOT_HALF,x
    dex
    bne _fill

    ldx #UNIT_COUNT-1               ; count the units of each hex down from
_count:                             ; DEPOT_UNREACHED
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne +
    jsr unit_hex
    lda (DP_MAP),y
    sec
    sbc #1
    sta (DP_MAP),y
*   dex
    bpl _count
    ldx #UNIT_COUNT-1               ; full hexes become walls (a wall's count
_full:                              ; reads as more than any limit)
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _full_next
    jsr unit_hex
    lda (DP_MAP),y
    eor #$FF                        ; the units there
    sta DP_ROW
    lda U_COL,x
    cmp #TOBRUK_COL
    bne _hex_limit
    lda U_ROW,x
    cmp #TOBRUK_ROW
    bne _hex_limit
    lda #STACKING_TOBRUK
    bne _limit                      ; always
_hex_limit:
    lda #STACKING_HEX
_limit:
    cmp DP_ROW
    beq _wall
    bcs _full_next
_wall:
    lda #DEPOT_WALL
    sta (DP_MAP),y
_full_next:
    dex
    bpl _full
    ldx #UNIT_COUNT-1               ; the others back to unreached; the enemy's
_enemy:                             ; hexes and their neighbours walls
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _enemy_next
    jsr unit_hex
    lda UNIT_SIDE,x
    cmp DS_SIDE
    bne _foe
    lda (DP_MAP),y
    cmp #DEPOT_WALL
    beq _enemy_next
    lda #DEPOT_UNREACHED
    sta (DP_MAP),y
    jmp _enemy_next
_foe:
    lda #DEPOT_WALL
    sta (DP_MAP),y
    stx DS_J
    lda #HEX_DIRECTIONS
    sta DS_DIR
_around:
    ldx DS_J
    ldy U_ROW,x
    lda U_COL,x
    tax
    lda DS_DIR
    jsr hex_step
    bcs +
    jsr hex_rows
    txa
    tay
    lda #DEPOT_WALL
    sta (DP_MAP),y
*   dec DS_DIR
    bne _around
    ldx DS_J
_enemy_next:
    dex
    bpl _enemy
    ldy DS_ROW                      ; the depot's own hex: cost 0, no direction
    jsr hex_rows
    ldy DS_COL
    lda #0
    sta (DP_MAP),y
    rts
.scend

;
; depot_search -- settle the hexes the depot reaches (DEPOT_MAP's costs and
; directions), in _place_depot's order: by cost, then column, then row.
;
; In:       depot_walls's DEPOT_MAP; DS_COL, DS_ROW, DS_OP, DS_SUPPLY
; Out:      DEPOT_MAP; DS_WEST, DS_EAST: the columns reached
; Clobbers: A, X, Y, flags; the engine's zero page
;
depot_search:
.scope
    lda DS_COL
    sta DS_WEST
    sta DS_EAST
    sta DS_HCOL
    lda DS_ROW
    sta DS_HROW
    lda #0
    sta DS_LEVEL
    jsr depot_expand
_level:
    inc DS_LEVEL
    lda DS_LEVEL
    cmp DS_OP
    beq +
    bcs _done
*   asl
    asl
    asl
    sta DS_LEVEL8
    lda DS_WEST
    sta DS_HCOL
_column:
    lda DS_HCOL                     ; DP_SCAN: the column's first hex
    clc
    adc #<DEPOT_MAP
    sta DP_SCAN
    lda #>DEPOT_MAP
    adc #0
    sta DP_SCAN+1
    lda #0
    sta DS_HROW
_hex:
    ldy #0
    lda (DP_SCAN),y
    and #$F8
    cmp DS_LEVEL8
    bne _next
    jsr depot_expand
_next:
    lda DP_SCAN
    clc
    adc #MAP_COLUMNS
    sta DP_SCAN
    bcc +
    inc DP_SCAN+1
*   inc DS_HROW
    lda DS_HROW
    cmp #MAP_ROWS
    bne _hex
    lda DS_HCOL
    cmp DS_EAST
    bcs _level
    inc DS_HCOL
    jmp _column
_done:
    rts
.scend

;
; depot_expand -- a hex settled: the supply spent on its path, then the cost of
; each neighbour lowered where it may go within the depot's points and supply.
;
; In:       DS_HCOL, DS_HROW = the hex, DS_LEVEL its cost; DS_OP, DS_SUPPLY
; Out:      DEPOT_MAP; DS_WEST, DS_EAST widened
; Clobbers: A, X, Y, flags; DP_MAP, DP_FIELD, DP_TERRAIN, DP_ROW, ZP_TEMP..+1
;           (DP_SCAN kept)
;
depot_expand:
.scope
    lda #0
    sta DS_SPENT
    sta DS_SPENT+1
    ldx DS_HCOL
    ldy DS_HROW
_back:
    jsr map_byte
    beq _spent                      ; the depot's own hex
    and #7
    sta DS_DIR
    sty DP_ROW
    txa
    tay
    lda (DP_TERRAIN),y
    tay
    lda TERRAIN_SUPPLY_NONMOBILE,y
    clc
    adc DS_SPENT
    sta DS_SPENT
    bcc +
    inc DS_SPENT+1
*   ldy DP_ROW
    lda DS_DIR                      ; back the other way: 1-3 <-> 4-6
    cmp #4
    bcs _down
    adc #3
    bne _step                       ; always
_down:
    sbc #3
_step:
    jsr hex_step
    jmp _back
_spent:
    lda #1
    sta DS_DIR
_neighbour:
    ldx DS_HCOL
    ldy DS_HROW
    lda DS_DIR
    jsr hex_step
    bcs _next
    jsr map_byte
    sta DS_BYTE
    txa
    tay
    lda (DP_TERRAIN),y
    tax                             ; X = terrain
    lda TERRAIN_OP_NONMOBILE,x
    clc
    adc DS_LEVEL
    cmp DS_OP
    beq +
    bcs _next                       ; beyond the depot's points
*   sta DS_OFFER
    lda TERRAIN_SUPPLY_NONMOBILE,x
    clc
    adc DS_SPENT
    sta DS_SUM
    lda DS_SPENT+1
    adc #0
    cmp DS_SUPPLY+1                 ; the supply spent on the way, at most the
    bcc _cost                       ; depot's
    bne _next
    lda DS_SUPPLY
    cmp DS_SUM
    bcc _next
_cost:
    lda DS_OFFER                    ; lower than the hex's cost?  offer x 8 + 7
    asl                             ; below its byte (a wall's is 7)
    asl
    asl
    sta DS_OFFER
    ora #7
    cmp DS_BYTE
    bcs _next
    lda DS_OFFER
    ora DS_DIR
    sta (DP_MAP),y
    cpy DS_WEST
    bcs +
    sty DS_WEST
*   cpy DS_EAST
    bcc _next
    sty DS_EAST
_next:
    inc DS_DIR
    lda DS_DIR
    cmp #HEX_DIRECTIONS+1
    bne _neighbour
    rts
.scend

;
; depot_threat -- DS_FREE = 1 when the depot stands with no combat unit or
; garrison in its hex and an enemy unit within DEPOT_THREAT_RADIUS: it may go
; back; else 0.
;
; In:       DS_UNIT, DS_COL, DS_ROW, DS_SIDE
; Out:      DS_FREE
; Clobbers: A, X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+2
;
depot_threat:
.scope
    lda #0
    sta DS_FREE
    ldx #UNIT_COUNT-1
_host:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _host_next
    lda U_COL,x
    cmp DS_COL
    bne _host_next
    lda U_ROW,x
    cmp DS_ROW
    bne _host_next
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _host_next
    rts                             ; not alone
_host_next:
    dex
    bpl _host
    lda DS_COL
    sta ZP_HEX_A
    lda DS_ROW
    sta ZP_HEX_A+1
    ldx #UNIT_COUNT-1
_foe:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _foe_next
    lda UNIT_SIDE,x
    cmp DS_SIDE
    beq _foe_next
    lda U_COL,x
    sta ZP_HEX_B
    lda U_ROW,x
    sta ZP_HEX_B+1
    jsr hex_distance
    cmp #DEPOT_THREAT_RADIUS+1
    bcs _foe_next
    inc DS_FREE
    rts
_foe_next:
    dex
    bpl _foe
    rts
.scend

;
; depot_valid -- the side's valid depots as the engine's find_sources finds them
; (supply.valid_depots), their U_SUPPLIED flags put back as they were.
;
; In:       DS_SIDE; the units where they stand (a depot tried in a hex too)
; Out:      A = bit j set for the side's depot j (depot_index) on the map and valid
; Clobbers: X, Y, flags; find_sources's zero page and scratch; DEPOT_SAVED,
;           DS_J, DS_MASK
;
depot_valid:
.scope
    ldx DS_SIDE
    stx SUPPLY_SIDE
    lda SIDE_UNITS_START+1,x
    sec
    sbc SIDE_DEPOTS_START,x
    sta DS_J                        ; the side's depots
    tax
_save:
    dex
    bmi _saved
    jsr depot_index
    lda U_SUPPLIED,y
    sta DEPOT_SAVED,x
    jmp _save
_saved:
    jsr find_sources
    lda #0
    sta DS_MASK
    ldx DS_J
_read:
    dex
    bmi _done
    jsr depot_index
    lda U_STATUS,y
    cmp #STATUS_ON_MAP
    clc
    bne _bit                        ; off the map: no source
    lda U_SUPPLIED,y                ; carry: find_sources left it supplied
    cmp #1
_bit:
    lda DEPOT_SAVED,x
    sta U_SUPPLIED,y
    rol DS_MASK
    jmp _read
_done:
    lda DS_MASK
    rts
.scend

;
; depot_index -- the unit index of the side's depot j (SIDE_UNITS from
; SIDE_DEPOTS_START: in unit order).
;
; In:       X = j; DS_SIDE
; Out:      Y = the unit index; X kept
; Clobbers: A, flags
;
depot_index:
    txa
    ldy DS_SIDE
    clc
    adc SIDE_DEPOTS_START,y
    tay
    lda SIDE_UNITS,y
    tay
    rts

;
; depot_score -- score every hex the depot reaches (_place_depot's `scored`) and
; keep the DEPOT_TRIES best: the key DEPOT_HOST_BONUS - score (the score's
; terms all added: no host, each other depot, the cost to the lead, the
; stranded depot's distance to the chain beyond DEPOT_CHAIN), then column, row,
; lowest first, as the reference sorts (-score, hex).
;
; In:       DEPOT_MAP searched, DS_WEST..DS_EAST; FIELD = the costs to the lead;
;           DS_FREE (no forward-only rule), DS_STRANDED, DS_VALID, DS_K, DS_UNIT
; Out:      DS_TOPN hexes in DEPOT_TOP_HI/LO/COL/ROW, best first
; Clobbers: A, X, Y, flags; the engine's zero page
;
depot_score:
.scope
    lda #0
    sta DS_TOPN
    lda DS_WEST
    sta DS_HCOL
_column:
    lda #0
    sta DS_HROW
_hex:
    jsr score_hex
_next:
    inc DS_HROW
    lda DS_HROW
    cmp #MAP_ROWS
    bne _hex
    lda DS_HCOL
    cmp DS_EAST
    bcs _done
    inc DS_HCOL
    jmp _column
_done:
    rts
.scend

;
; score_hex -- one hex of depot_score: left out (not reached, or behind the
; depot under the forward-only rule) or its key into the best (top_insert).
;
; In:       DS_HCOL, DS_HROW; as depot_score
; Out:      DEPOT_TOP_*, DS_TOPN
; Clobbers: A, X, Y, flags; the engine's zero page
;
score_hex:
.scope
    ldx DS_HCOL
    ldy DS_HROW
    jsr map_byte
    cmp #DEPOT_UNREACHED
    beq _skip
    cmp #DEPOT_WALL
    beq _skip
    lda DS_FREE
    bne _free
    jsr rank_at
    cmp DS_K
    beq _free
    bcc _free
_skip:
    rts                             ; further back than the depot: forward only
_free:
    ldy DS_HCOL
    lda (DP_FIELD),y                ; the cost to the lead
    ldx #0
    cmp #FIELD_UNREACHABLE
    bne +
    lda #<AI_UNREACHABLE
    ldx #>AI_UNREACHABLE
*   sta DS_KEY
    stx DS_KEY+1
    lda #0
    sta DS_HOSTS
    ldx DS_SIDE                     ; the side's units there but the depot (no
    lda SIDE_UNITS_START,x          ; enemy stands in a hex reached)
    sta DS_J
    lda SIDE_UNITS_START+1,x
    sta DS_END
_unit:
    ldx DS_J
    cpx DS_END
    bcs _counted
    inc DS_J
    ldy SIDE_UNITS,x
    cpy DS_UNIT
    beq _unit
    lda U_STATUS,y
    cmp #STATUS_ON_MAP
    bne _unit
    lda U_COL,y
    cmp DS_HCOL
    bne _unit
    lda U_ROW,y
    cmp DS_HROW
    bne _unit
    lda UNIT_ROLE,y
    cmp #ROLE_DEPOT
    bne _host
    lda #DEPOT_CROWD_PENALTY
    jsr key_add
    jmp _unit
_host:
    inc DS_HOSTS
    jmp _unit
_counted:
    lda DS_HOSTS
    bne +
    lda #DEPOT_HOST_BONUS
    jsr key_add
*   lda DS_STRANDED
    beq _insert
    jsr depot_link
    sec
    sbc #DEPOT_CHAIN
    bcc _insert
    beq _insert
    tax
_mend:
    lda #DEPOT_MEND_WEIGHT
    jsr key_add
    dex
    bne _mend
_insert:
    jmp top_insert
.scend

;
; key_add -- DS_KEY + A.
;
; In:       A
; Out:      DS_KEY; X, Y kept
; Clobbers: A, flags
;
key_add:
    clc
    adc DS_KEY
    sta DS_KEY
    bcc +
    inc DS_KEY+1
*   rts

;
; depot_link -- the hexes from DS_HCOL, DS_HROW to the nearest of the chain's
; anchors: the home base, Tobruk when the side holds it, the valid depots.
;
; In:       DS_HCOL, DS_HROW, DS_SIDE, DS_VALID
; Out:      A = the distance; X kept
; Clobbers: Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+2, DS_LINK, DS_MASK
;
depot_link:
.scope
    txa
    pha
    lda DS_HCOL
    sta ZP_HEX_A
    lda DS_HROW
    sta ZP_HEX_A+1
    ldx DS_SIDE
    lda HOME_COL,x
    sta ZP_HEX_B
    lda HOME_ROW,x
    sta ZP_HEX_B+1
    jsr hex_distance
    sta DS_LINK
    lda CONTROL+TOBRUK_TOWN
    cmp DS_SIDE
    bne _depots
    lda #TOBRUK_COL
    sta ZP_HEX_B
    lda #TOBRUK_ROW
    sta ZP_HEX_B+1
    jsr _nearer
_depots:
    lda DS_VALID
    sta DS_MASK
    ldx #0
_depot:
    lsr DS_MASK
    bcc _skip
    jsr depot_index
    lda U_COL,y
    sta ZP_HEX_B
    lda U_ROW,y
    sta ZP_HEX_B+1
    jsr _nearer
_skip:
    inx
    lda DS_MASK
    bne _depot
    pla
    tax
    lda DS_LINK
    rts
_nearer:
    jsr hex_distance
    cmp DS_LINK
    bcs +
    sta DS_LINK
*   rts
.scend

;
; top_insert -- DS_KEY, DS_HCOL, DS_HROW into the DEPOT_TRIES best, in order
; (keys with their hexes are never equal).
;
; In:       DS_KEY, DS_HCOL, DS_HROW; DS_TOPN
; Out:      DEPOT_TOP_*, DS_TOPN
; Clobbers: A, X, flags; DS_AT
;
top_insert:
.scope
    ldx #0
_find:
    cpx DS_TOPN
    bcs _at
    lda DS_KEY+1
    cmp DEPOT_TOP_HI,x
    bcc _at
    bne _later
    lda DS_KEY
    cmp DEPOT_TOP_LO,x
    bcc _at
    bne _later
    lda DS_HCOL
    cmp DEPOT_TOP_COL,x
    bcc _at
    bne _later
    lda DS_HROW
    cmp DEPOT_TOP_ROW,x
    bcc _at
_later:
    inx
    bne _find                       ; always
_at:
    cpx #DEPOT_TRIES
    bcs _done                       ; not among the best
    stx DS_AT
    ldx DS_TOPN
    cpx #DEPOT_TRIES
    bcc _shift
    dex                             ; full: the last one goes
_shift:
    cpx DS_AT
    beq _put
    lda DEPOT_TOP_HI-1,x
    sta DEPOT_TOP_HI,x
    lda DEPOT_TOP_LO-1,x
    sta DEPOT_TOP_LO,x
    lda DEPOT_TOP_COL-1,x
    sta DEPOT_TOP_COL,x
    lda DEPOT_TOP_ROW-1,x
    sta DEPOT_TOP_ROW,x
    dex
    jmp _shift
_put:
    lda DS_KEY+1
    sta DEPOT_TOP_HI,x
    lda DS_KEY
    sta DEPOT_TOP_LO,x
    lda DS_HCOL
    sta DEPOT_TOP_COL,x
    lda DS_HROW
    sta DEPOT_TOP_ROW,x
    lda DS_TOPN
    cmp #DEPOT_TRIES
    bcs _done
    inc DS_TOPN
_done:
    rts
.scend

;
; depot_try -- the chain check of the best hexes in order (every depot valid
; before stays valid with the depot there), then the moves to the first that
; passes, along its path (e_move); none passes: the depot stays.
;
; In:       DS_TOPN best hexes; DS_VALID, DS_UNIT, DS_COL, DS_ROW
; Out:      A = E_OK (Z set) or e_move's error; DS_MOVES counted
; Clobbers: A, X, Y, flags; the engine's zero page; DS_AT, DS_STEPS, DEPOT_PATH
;
depot_try:
.scope
    lda #0
    sta DS_AT
_try:
    ldx DS_AT
    cpx DS_TOPN
    bcs _stay
    ldy DS_UNIT                     ; try it: the depot there for a moment
    lda DEPOT_TOP_COL,x
    sta U_COL,y
    lda DEPOT_TOP_ROW,x
    sta U_ROW,y
    jsr depot_valid
    ldy DS_UNIT
    pha
    lda DS_COL
    sta U_COL,y
    lda DS_ROW
    sta U_ROW,y
    pla
    eor #$FF                        ; valid before and not after: none
    and DS_VALID
    beq _go
    inc DS_AT
    jmp _try
_stay:
    lda #E_OK
    rts
_go:
    ldx DS_AT                       ; the path back to the depot's hex: its
    ldy DEPOT_TOP_ROW,x             ; directions, last first
    lda DEPOT_TOP_COL,x
    tax
    lda #0
    sta DS_STEPS
_back:
    jsr map_byte
    beq _walk                       ; the depot's hex
    and #7
    sta DS_DIR
    stx DS_HCOL
    ldx DS_STEPS
    sta DEPOT_PATH,x
    inc DS_STEPS
    ldx DS_HCOL
    lda DS_DIR
    cmp #4
    bcs _down
    adc #3
    bne _step                       ; always
_down:
    sbc #3
_step:
    jsr hex_step
    jmp _back
_walk:
    ldx DS_STEPS
    beq _stay
    dex
    stx DS_STEPS
    lda DEPOT_PATH,x
    sta ARG1_LO
    ldx DS_UNIT
    inx
    stx ARG0_LO
    lda #0
    sta ARG0_HI
    sta ARG1_HI
    lda #2
    sta CALL_ARGC
    jsr e_move
    cmp #E_OK
    bne _refused
    inc DS_MOVES
    lda PHASE
    cmp #PHASE_GAME_OVER
    bne _walk
    lda #E_OK
_refused:
    rts
.scend
ai_depot_end:

;
; This file's RAM, after ai_field's (Ophis's .space takes no expression).
;
.alias DEPOT_MAP       FIELD_RAM_END                        ; the search: cost x 8 + direction a hex
.alias DEPOT_RANK      DEPOT_MAP+2*DEPOT_HALF               ; each hex's rank, two a byte
.alias DEPOT_LIST      DEPOT_RANK+MAP_ROWS*RANK_ROW_BYTES   ; the depots in order: their places j
.alias DEPOT_AHEAD     DEPOT_LIST+DEPOT_SLOTS               ; their costs to the enemy home base
.alias DEPOT_SAVED     DEPOT_AHEAD+DEPOT_SLOTS              ; depot_valid: U_SUPPLIED as it was
.alias DEPOT_PATH      DEPOT_SAVED+DEPOT_SLOTS              ; the directions back, last first
.alias DEPOT_TOP_HI    DEPOT_PATH+DEPOT_OP_MOST             ; the best hexes: key, column, row
.alias DEPOT_TOP_LO    DEPOT_TOP_HI+DEPOT_TRIES
.alias DEPOT_TOP_COL   DEPOT_TOP_LO+DEPOT_TRIES
.alias DEPOT_TOP_ROW   DEPOT_TOP_COL+DEPOT_TRIES
.alias DS_SIDE         DEPOT_TOP_ROW+DEPOT_TRIES            ; the side
.alias DS_LEAD         DS_SIDE+1                            ; the lead's unit index
.alias DS_BEST         DS_LEAD+1                            ; the lowest cost so far
.alias DS_COUNT        DS_BEST+1                            ; the side's depots on the map
.alias DS_K            DS_COUNT+1                           ; the depot in hand: its place in DEPOT_LIST
.alias DS_PLACE        DS_K+1                               ; its j
.alias DS_BIT          DS_PLACE+1                           ; 1 << j
.alias DS_UNIT         DS_BIT+1                             ; its unit index
.alias DS_COL          DS_UNIT+1                            ; its hex
.alias DS_ROW          DS_COL+1
.alias DS_OP           DS_ROW+1                             ; its operation points
.alias DS_SUPPLY       DS_OP+1                              ; its supply
.alias DS_VALID        DS_SUPPLY+2                          ; the valid depots (depot_valid) before it moves
.alias DS_FREE         DS_VALID+1                           ; 1: no forward-only rule (stranded, threatened)
.alias DS_STRANDED     DS_FREE+1                            ; 1: not valid itself
.alias DS_HCOL         DS_STRANDED+1                        ; the hex in hand
.alias DS_HROW         DS_HCOL+1
.alias DS_LEVEL        DS_HROW+1                            ; the cost being settled
.alias DS_LEVEL8       DS_LEVEL+1                           ; x 8
.alias DS_WEST         DS_LEVEL8+1                          ; the columns reached
.alias DS_EAST         DS_WEST+1
.alias DS_SPENT        DS_EAST+1                            ; the supply spent on the way to the hex in hand
.alias DS_SUM          DS_SPENT+2                           ; with a neighbour's (low byte)
.alias DS_OFFER        DS_SUM+1                             ; the cost offered to a neighbour
.alias DS_BYTE         DS_OFFER+1                           ; the neighbour's byte
.alias DS_DIR          DS_BYTE+1                            ; a direction
.alias DS_KEY          DS_DIR+1                             ; a hex's key
.alias DS_HOSTS        DS_KEY+2                             ; combat units and garrisons there
.alias DS_LINK         DS_HOSTS+1                           ; the distance to the chain
.alias DS_TOPN         DS_LINK+1                            ; the best hexes kept
.alias DS_AT           DS_TOPN+1                            ; a place among them
.alias DS_STEPS        DS_AT+1                              ; the path's length
.alias DS_MOVES        DS_STEPS+1                           ; the moves made
.alias DS_MASK         DS_MOVES+1                           ; a set of depots
.alias DS_J            DS_MASK+1                            ; a place in a list
.alias DS_END          DS_J+1                               ; its end
.alias DEPOT_RAM_END   DS_END+1

.data
.org DEPOT_RAM_END
.checkpc OPPONENT_RAM_LAST+1
.text
