;
; ai_depot.s -- the computer player's depot movement phase (docs/ai.md "The 6502
; twin"): the twin of kotd.engine.ai_good.GoodAI.depot_movement and _place_depot,
; bit-exact: the same MOVEs in the same order from the same state.
;
; How it works.  The lead is the side's combat unit with the fewest operation
; points to the enemy home base (ai_field's nonmobile field of that base, with no
; walls: "ahead"; ties to the lower number).  The side's depots on the map are put
; in the order of their own ahead cost (then number), and the ahead field is kept
; in DEPOT_AHEAD_MAP for the forward-only rule, as FIELD holds one field: the
; field to the lead ("to_lead") for the rest of the phase.  Then each depot in
; turn:
;   - DEPOT_MAP, a byte a hex, is its search: cost x 8 + the direction the hex was
;     entered by (0 for the depot's own hex), DEPOT_UNREACHED while no path is
;     known (DEPOT_COUNTED for a hex whose units depot_walls counted), DEPOT_WALL
;     where it may not go (impassable, a hex holding the stacking limit, the
;     enemy's hexes and their neighbours).  A wall holds cost
;     0, direction 7: "is the offer lower than the hex's cost" turns it down with
;     no test of its own.
;   - The supply spent on a path is SUPPLY_PER_OP x its cost (every terrain's
;     nonmobile supply cost is that multiple of its operation cost: the build
;     checks it), so _place_depot's two limits are one: a cost of at most
;     DS_OP = min(operation points, supply / SUPPLY_PER_OP, DEPOT_OP_MOST).
;     (DEPOT_OP_MOST, 30, keeps cost x 8 in a byte; a depot's allowance is 18,
;     the build checks it is within, and a depot never has more.)
;   - depot_search settles the hexes by cost, and within a cost column by column,
;     row by row: the order _place_depot pops its frontier in, sorted by (cost,
;     hex), so each hex keeps the same first parent.  Entry costs are at least 1:
;     every hex of cost c is known when cost c's turn comes, and a scan of the
;     columns where hexes were given cost c finds them.
;   - depot_score scores every hex reached (the forward-only rule unless the
;     depot is stranded or threatened) as a key to sort by, lowest first:
;     DEPOT_HOST_BONUS - score, never below 0 (every term added), then column,
;     row; the DEPOT_TRIES lowest are kept in DEPOT_TOP, 4 bytes each.
;   - depot_try places the depot on each of those in turn and runs the engine's
;     trace_side: at the first where every depot valid before stays valid and
;     every unit the last resupply phase left supplied is still supplied
;     (depot_fed), the depot walks there by e_move along its path (walk_to: the
;     directions it was entered by, taken back to the depot's hex by recursion).
; trace_side writes the side's U_SUPPLIED flags: ai_depots keeps them as the
; phase began (DEPOT_SAVED, what depot_fed reads) and puts them back.
; emu_tests/test_ai_depot.py ties this file to GoodAI.depot_movement.
;

.alias DEPOT_WALL        7                     ; cost 0, direction 7
.alias DEPOT_UNREACHED   $FF
.alias DEPOT_COUNTED     $F8                   ; unreached, its units counted: not full
.alias DEPOT_HALF        [MAP_TERRAIN_COUNT+1]/2
.alias DMAP_FROM_MAP     DEPOT_MAP-MAP_TERRAIN  ; MAP_ROW_LO/HI + this: DEPOT_MAP's rows

; Zero page: the engine's, none of it kept across the engine's routines but what
; hex_step leaves alone (all but ZP_TEMP..+1).
.alias DP_MAP      ZP_PTR          ; DEPOT_MAP's row of the hex in hand (hex_rows)
.alias DP_FIELD    ZP_MUL          ; FIELD's or DEPOT_AHEAD_MAP's row (map_plus)
.alias DP_TERRAIN  ZP_HEX_B        ; MAP_TERRAIN's row
.alias DP_ROW      ZP_MUL+2        ; a row or a count, for a moment
.alias DP_SCAN     ZP_HEX_A        ; depot_search: the hex scanned in DEPOT_MAP

;
; ai_depots -- the whole depot movement phase of a side (GoodAI.depot_movement):
; the lead, the depots in order, each one's best hex and its moves (e_move).  No
; limited reaction opens in a depot phase, so the moves need no answer.
;
; In:       ARG0 = side (SIDE_AXIS, SIDE_ALLIED); the engine in that side's depot
;           movement phase
; Out:      A = E_OK, CALL_RESULT = the moves made; A = E_RANGE for another side
;           (nothing done); A = e_move's error should a move be refused (a bug:
;           the reference would raise)
; Clobbers: X, Y, flags; the engine's zero page; the call block's arguments;
;           FIELD and ai_field's RAM, this file's RAM
;
ai_depots:
.scope
    lda ARG0_HI
    bne _bad
    lda ARG0_LO
    cmp #SIDE_ALLIED+1
    bcc _side
_bad:
    lda #E_RANGE
    rts
_side:
    sta DS_SIDE
    tax
    lda SIDE_UNITS_START+1,x        ; the side's depots
    sec
    sbc SIDE_DEPOTS_START,x
    sta DS_DEPOTS
    lda SIDE_UNITS_START+1,x        ; all the side's units: their U_SUPPLIED,
    sec                             ; which trace_side writes (depot_valid)
    sbc SIDE_UNITS_START,x
    sta DS_ALL
    tax
_keep:
    dex
    bmi _kept
    jsr side_unit
    lda U_SUPPLIED,y
    sta DEPOT_SAVED,x
    bpl _keep                       ; always (0 or 1)
_kept:
    lda #0
    sta DS_MOVES
    sta DS_K
    sta DS_STATUS
    jsr depots_lead
    bcs _done                       ; no combat unit: the depots stay
    ldx DS_LEAD                     ; FIELD: the costs to the lead from now on
    lda U_COL,x
    ldy U_ROW,x
    jsr depot_field
_depot:
    lda DS_K
    cmp DS_COUNT
    bcs _done
    jsr place_depot
    bmi _done                       ; the game is over
    bne _out                        ; a move refused
    inc DS_K
    bne _depot                      ; always
_done:
    ldx DS_ALL
_put:
    dex
    bmi _back
    jsr side_unit
    lda DEPOT_SAVED,x
    sta U_SUPPLIED,y
    bpl _put                        ; always
_back:
    lda DS_MOVES
    sta CALL_RESULT_LO
    lda #0
    sta CALL_RESULT_HI              ; E_OK
_out:
    rts
.scend

;
; depot_index -- the unit index of the side's depot j (SIDE_UNITS from
; SIDE_DEPOTS_START: in unit order).
; side_unit -- the unit index of the side's unit k (SIDE_UNITS from
; SIDE_UNITS_START: its combat units, then its depots).
;
; In:       X = j (depot_index) or k (side_unit); DS_SIDE
; Out:      Y = the unit index; X kept
; Clobbers: A, flags
;
depot_index:
    txa
    ldy DS_SIDE
    clc
    adc SIDE_DEPOTS_START,y
    bcc side_listed                 ; always (SIDE_UNITS is under 256 long)
side_unit:
    txa
    ldy DS_SIDE
    clc
    adc SIDE_UNITS_START,y
side_listed:
    tay
    lda SIDE_UNITS,y
    tay
    rts

;
; depot_field -- ai_field's nonmobile field of a hex, with no walls, into FIELD.
;
; In:       A = column, Y = row
; Out:      FIELD
; Clobbers: A, X, Y, flags; the engine's zero page; the call block's arguments
;
depot_field:
    jsr ai_args
    lda #TYPE_NONMOBILE
    sta ARG2_LO
    lda #NONE
    sta ARG3_LO
    jmp ai_field

;
; hex_rows -- the rows of DEPOT_MAP and MAP_TERRAIN a hex lies in.
;
; In:       Y = row
; Out:      DP_MAP, DP_TERRAIN; X, Y kept
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
    rts

;
; map_plus -- DP_FIELD = DP_MAP + an offset: the same row of FIELD
; (FIELD_OFFSET) or DEPOT_AHEAD_MAP (AHEAD_OFFSET).
;
; In:       A = the offset's low byte, X = its high byte; DP_MAP
; Out:      DP_FIELD; Y kept
; Clobbers: A, flags
;
.alias FIELD_OFFSET      FIELD-DEPOT_MAP
.alias AHEAD_OFFSET      DEPOT_AHEAD_MAP-DEPOT_MAP
map_plus:
    clc
    adc DP_MAP
    sta DP_FIELD
    txa
    adc DP_MAP+1
    sta DP_FIELD+1
    rts

;
; map_byte -- a hex's byte of DEPOT_MAP, and its rows.
;
; In:       X = column, Y = row
; Out:      A = the byte (the flags not set by it); DP_MAP, DP_TERRAIN; X, Y kept
; Clobbers: flags; DP_ROW
;
map_byte:
    jsr hex_rows
    sty DP_ROW
    txa
    tay
    lda (DP_MAP),y
    ldy DP_ROW
    rts

;
; depots_lead -- FIELD = the costs to the enemy home base; the lead: the side's
; combat unit on the map with the lowest, then the lowest number; the side's
; depots on the map by the same cost, then number: DEPOT_LIST (their j),
; DEPOT_AHEAD (those costs); FIELD kept as DEPOT_AHEAD_MAP.
;
; In:       DS_SIDE
; Out:      carry clear: DS_LEAD = the lead's index; carry set: no combat unit
;           on the map; DS_COUNT depots in DEPOT_LIST, DEPOT_AHEAD;
;           DEPOT_AHEAD_MAP
; Clobbers: A, X, Y, flags; the engine's zero page; DS_J, DS_END, DS_BEST, DS_BYTE
;
depots_lead:
.scope
    lda DS_SIDE
    eor #1
    tax
    lda HOME_COL,x
    ldy HOME_ROW,x
    jsr depot_field
    ldx DS_SIDE
    lda SIDE_UNITS_START+1,x        ; the side's units: combat units, garrisons,
    sta DS_END                      ; then depots (SIDE_UNITS)
    lda SIDE_UNITS_START,x
    sta DS_J
    lda #$FF
    sta DS_LEAD
    lda #0
    sta DS_COUNT
_unit:
    ldx DS_J
    cpx DS_END
    bcs _done
    inc DS_J
    lda SIDE_UNITS,x
    tax
    jsr unit_on_map
    bne _unit
    jsr unit_field
    sta DS_BYTE
    ldy UNIT_ROLE,x
    cpy #ROLE_DEPOT
    beq _depot
    cpy #ROLE_COMBAT                ; garrisons are no lead
    bne _unit
    ldy DS_LEAD
    iny
    beq _take                       ; the first
    cmp DS_BEST
    bcs _unit                       ; no lower: the lower number stays
_take:
    sta DS_BEST
    stx DS_LEAD
    jmp _unit
_depot:
    ldx DS_COUNT                    ; insertion: after every lower or equal cost
_shift:                             ; (those have lower numbers)
    lda DEPOT_AHEAD-1,x
    cpx #0
    beq _put
    cmp DS_BYTE
    bcc _put
    beq _put
    sta DEPOT_AHEAD,x
    lda DEPOT_LIST-1,x
    sta DEPOT_LIST,x
    dex
    bpl _shift                      ; always
_put:
    lda DS_BYTE
    sta DEPOT_AHEAD,x
    ldy DS_SIDE                     ; j: its place after SIDE_DEPOTS_START
    lda DS_J
    clc                             ; (DS_J is one past it)
    sbc SIDE_DEPOTS_START,y
    sta DEPOT_LIST,x
    inc DS_COUNT
    jmp _unit
_done:
    ldx #DEPOT_HALF                 ; every hex's cost, for the forward-only rule
_copy:
    lda FIELD-1,x
    sta DEPOT_AHEAD_MAP-1,x
    lda FIELD-1+DEPOT_HALF,x
    sta DEPOT_AHEAD_MAP-1+DEPOT_HALF,x
    dex
    bne _copy
    lda DS_LEAD
    cmp #$FF                        ; carry set: none
    rts
.scend

;
; place_depot -- one depot's turn (GoodAI._place_depot): the home chain's hold
; (ai_home.s, before any search), its search, its hexes scored, the chain check,
; its moves.
;
; In:       DS_K = its place in DEPOT_LIST; FIELD = the costs to the lead
; Out:      A = E_OK (Z set), or e_move's error; DS_MOVES counted
; Clobbers: A, X, Y, flags; the engine's zero page
;
place_depot:
.scope
    ldx DS_K
    lda DEPOT_LIST,x
    tax
    jsr depot_index
    sty DS_UNIT
    lda #0                          ; its bit among the side's depots
    sec
_bit:
    rol
    dex
    bpl _bit
    sta DS_BIT
    lda U_COL,y
    sta DS_COL
    lda U_ROW,y
    sta DS_ROW
    lda U_SUPPLY_LO,y               ; the most cost it may reach: within its
    sta DS_SUM                      ; points, its supply, DEPOT_OP_MOST
    lda U_SUPPLY_HI,y
    sta DS_SUM+1
    lda U_OP,y
    cmp #DEPOT_OP_MOST
    bcc +
    lda #DEPOT_OP_MOST
*   sta DS_OP
    ldx #0
_limit:
    cpx DS_OP
    bcs _limited
    lda DS_SUM
    sbc #SUPPLY_PER_OP-1            ; carry is clear (cpx): - SUPPLY_PER_OP
    sta DS_SUM
    lda DS_SUM+1
    sbc #0
    sta DS_SUM+1
    bcc _limited                    ; no supply for another point
    inx
    bne _limit                      ; always
_limited:
    stx DS_OP
    jsr depot_valid
    sta DS_VALID
    and DS_BIT
    sta DS_LINKED
    beq _search
    jsr depot_held                  ; it holds the home chain: it stays, no search
    beq _search
    jmp depot_stay
_search:
    jsr depot_walls
    jsr depot_rats
    jsr depot_search
    lda DS_LINKED
    bne _score
    inc DS_FREE                     ; stranded: back to the chain, no forward rule
_score:
    jsr depot_score
    jmp depot_try
.scend

;
; depot_walls -- DEPOT_MAP's first state for the depot in hand: walls where it may
; not go (impassable, a hex at the stacking limit, the enemy's hexes and their
; neighbours), DEPOT_UNREACHED elsewhere, the depot's own hex 0; and whether it
; is threatened (no combat unit or garrison with it, an enemy unit within
; DEPOT_THREAT_RADIUS): then it may go back.
;
; In:       DS_SIDE, DS_COL, DS_ROW
; Out:      DEPOT_MAP; DS_FREE = 1 threatened, else 0
; Clobbers: A, X, Y, flags; the engine's zero page; DS_J, DS_DIR
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
    stx DS_FREE                     ; bit 0: an enemy near, bit 1: not alone
    ldx #UNIT_COUNT-1
_unit:
    jsr unit_on_map
    bne _next
    lda U_COL,x
    sta ZP_HEX_A
    lda U_ROW,x
    sta ZP_HEX_A+1
    lda UNIT_SIDE,x
    cmp DS_SIDE
    bne _foe
    ldy ZP_HEX_A+1                  ; a hex counted already (a wall, or
    jsr hex_rows                    ; DEPOT_COUNTED): once is enough
    ldy ZP_HEX_A
    lda (DP_MAP),y
    cmp #DEPOT_UNREACHED
    bne _host
    jsr hex_census                  ; full: a wall
    jsr hex_full
    lda #DEPOT_COUNTED
    bcc +
    lda #DEPOT_WALL
*   sta (DP_MAP),y
_host:
    lda UNIT_ROLE,x                 ; a combat unit or garrison with the depot?
    cmp #ROLE_DEPOT
    beq _next
    lda ZP_HEX_A
    cmp DS_COL
    bne _next
    lda ZP_HEX_A+1
    cmp DS_ROW
    bne _next
    lda #2
    ora DS_FREE
    sta DS_FREE
_next:
    dex
    bpl _unit
    lda DS_FREE                     ; threatened: an enemy near, alone (1)
    cmp #1
    beq +
    lda #0
*   sta DS_FREE
    ldy DS_ROW                      ; the depot's own hex: cost 0
    jsr hex_rows
    ldy DS_COL
    lda #0
    sta (DP_MAP),y
    rts

_foe:                               ; near enough to threaten the depot?
    lda DS_COL
    sta ZP_HEX_B
    lda DS_ROW
    sta ZP_HEX_B+1
    jsr hex_distance
    cmp #DEPOT_THREAT_RADIUS+1
    bcs +
    lda #1
    ora DS_FREE
    sta DS_FREE
*   jsr _wall                       ; its hex and the six around: walls
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
    stx ZP_HEX_A
    sty ZP_HEX_A+1
    jsr _wall
*   dec DS_DIR
    bne _around
    ldx DS_J
    jmp _next

_wall:                              ; ZP_HEX_A: a wall (X kept)
    ldy ZP_HEX_A+1
    jsr hex_rows
    ldy ZP_HEX_A
    lda #DEPOT_WALL
    sta (DP_MAP),y
    rts
.scend

;
; depot_search -- settle the hexes the depot reaches (DEPOT_MAP's costs and
; directions), in _place_depot's order: by cost, then column, then row.  Each
; cost's hexes lie in the columns DEPOT_WEST..DEPOT_EAST of that cost (the
; columns of every hex ever given it): the scan of a cost covers those.
;
; In:       depot_walls's DEPOT_MAP; DS_COL, DS_ROW, DS_OP
; Out:      DEPOT_MAP; DS_WEST, DS_EAST: the columns reached
; Clobbers: A, X, Y, flags; the engine's zero page
;
depot_search:
.scope
    ldx #DEPOT_OP_MOST
_clear:
    lda #$FF
    sta DEPOT_WEST,x
    lda #0
    sta DEPOT_EAST,x
    dex
    bpl _clear
    sta DS_LEVEL
    lda DS_COL
    sta DS_WEST
    sta DS_EAST
    sta DS_HCOL
    lda DS_ROW
    sta DS_HROW
    jsr depot_expand
_level:
    inc DS_LEVEL
    ldx DS_LEVEL
    cpx DS_OP
    beq +
    bcs _done
*   txa
    asl
    asl
    asl
    sta DS_LEVEL8
    lda DEPOT_WEST,x
    sta DS_HCOL
_column:
    ldx DS_LEVEL
    lda DEPOT_EAST,x
    cmp DS_HCOL
    bcc _level                      ; past the cost's columns (none: $FF)
    lda DS_HCOL                     ; DP_SCAN: the column's first hex; Y the
    clc                             ; row's offset (a carry moves DP_SCAN on)
    adc #<DEPOT_MAP
    sta DP_SCAN
    lda #>DEPOT_MAP
    adc #0
    sta DP_SCAN+1
    ldx #0
    ldy #0
_hex:
    lda (DP_SCAN),y
    and #$F8
    cmp DS_LEVEL8
    bne _next
    stx DS_HROW
    sty DS_SCANY
    jsr depot_expand
    ldx DS_HROW
    ldy DS_SCANY
_next:
    inx
    cpx #MAP_ROWS
    beq _column_done
    tya
    clc
    adc #MAP_COLUMNS
    tay
    bcc _hex
    inc DP_SCAN+1
    bcs _hex                        ; always
_column_done:
    inc DS_HCOL
    bne _column                     ; always
_done:
    rts
.scend

;
; depot_expand -- a hex settled: each neighbour's cost lowered where the depot
; may go (its cost within DS_OP, below the neighbour's).
;
; In:       DS_HCOL, DS_HROW = the hex, DS_LEVEL its cost; DS_OP
; Out:      DEPOT_MAP; DEPOT_WEST, DEPOT_EAST, DS_WEST, DS_EAST widened
; Clobbers: A, X, Y, flags; DP_MAP, DP_FIELD, DP_TERRAIN, DP_ROW, ZP_TEMP..+1
;           (DP_SCAN kept)
;
depot_expand:
.scope
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
    tax
    lda TERRAIN_OP_NONMOBILE,x
    clc
    adc DS_LEVEL
    cmp DS_OP
    beq +
    bcs _next                       ; beyond the depot's points or supply
*   asl                             ; lower than the hex's cost?  offer x 8 + 7
    asl                             ; below its byte (a wall's is 7)
    asl
    tax
    ora #7
    cmp DS_BYTE
    bcs _next
    txa
    ora DS_DIR
    sta (DP_MAP),y
    txa                             ; the cost's columns, and all costs'
    lsr
    lsr
    lsr
    tax
    tya
    cmp DEPOT_WEST,x
    bcs +
    sta DEPOT_WEST,x
*   cmp DEPOT_EAST,x
    bcc +
    sta DEPOT_EAST,x
*   cmp DS_WEST
    bcs +
    sta DS_WEST
*   cmp DS_EAST
    bcc _next
    sta DS_EAST
_next:
    inc DS_DIR
    lda DS_DIR
    cmp #HEX_DIRECTIONS+1
    bne _neighbour
    rts
.scend

;
; depot_rats -- the Desert Rats (GoodAI._rats_zone): DS_RATS = 1 if the side is the
; Axis and they would strike now (the engine's rats_strike), else 0; then a depot
; alone within their reach of Tobruk is threatened (DS_FREE = 1: it may go back).
;
; In:       DS_SIDE, DS_UNIT, DS_COL, DS_ROW
; Out:      DS_RATS, DS_FREE
; Clobbers: A, X, Y, flags; the engine's zero page; PHASE_ROOM
;
depot_rats:
.scope
    lda #0
    sta DS_RATS
    lda DS_SIDE
    cmp #SIDE_AXIS
    bne _alone
    jsr rats_strike                 ; A = 0: they would strike
    bne _alone
    inc DS_RATS
_alone:
    ldx DS_COL
    ldy DS_ROW
    jsr rats_alone
    bcc +
    lda #1
    sta DS_FREE
*   rts
.scend

;
; rats_alone -- C set if the Desert Rats would take a depot alone at hex (X, Y):
; DS_RATS set, the hex within DESERT_RATS_RADIUS of Tobruk, and no unit there but the
; depot in hand (DS_UNIT); else C clear.
;
; Clobbers: A, X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+2
;
rats_alone:
.scope
    lda DS_RATS
    beq _no
    stx ZP_HEX_A
    sty ZP_HEX_A+1
    lda #TOBRUK_COL
    sta ZP_HEX_B
    lda #TOBRUK_ROW
    sta ZP_HEX_B+1
    jsr hex_distance
    cmp #DESERT_RATS_RADIUS+1
    bcs _no
    ldx #UNIT_COUNT-1
_unit:
    cpx DS_UNIT
    beq _next
    jsr at_hex_a
    beq _no                         ; another unit there
_next:
    dex
    bpl _unit
    sec
    rts
_no:
    clc
    rts
.scend

;
; depot_valid -- the side's valid depots, as the engine's find_sources finds them
; (supply.valid_depots), by the engine's trace_side, which also marks each unit
; of the side on the map supplied or not (for depot_fed); its list of sources
; (supply.sources) stays for depot_link.
;
; In:       DS_SIDE, DS_DEPOTS; the units where they stand (a depot tried in a hex)
; Out:      A = bit j set for the side's depot j (depot_index) on the map and valid
; Clobbers: X, Y, flags; trace_side's zero page and scratch; the side's units'
;           U_SUPPLIED (ai_depots puts them back); DS_MASK
;
depot_valid:
.scope
    lda DS_SIDE
    jsr trace_side
    lda #0
    sta DS_MASK
    ldx DS_DEPOTS
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
    rol DS_MASK
    bcc _read                       ; always: the mask's top bit is 0 (8 depots at most)
_done:
    lda DS_MASK
    rts
.scend

;
; depot_score -- score every hex the depot reaches (_place_depot's `scored`) and
; keep the DEPOT_TRIES best.
;
; In:       DEPOT_MAP searched, DS_WEST..DS_EAST; FIELD = the costs to the lead;
;           DS_FREE (no forward-only rule), DS_LINKED, DS_K, DS_UNIT
; Out:      DS_TOPN hexes in DEPOT_TOP, best first
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
    inc DS_HROW
    lda DS_HROW
    cmp #MAP_ROWS
    bne _hex
    lda DS_HCOL
    cmp DS_EAST
    bcs _done
    inc DS_HCOL
    bcc _column                     ; always
_done:
    rts
.scend

;
; score_hex -- one hex of depot_score: left out (alone where the Desert Rats strike:
; rats_alone; not reached, or behind the depot under the forward-only rule), or its
; key among the best (top_insert).  The key
; is DEPOT_HOST_BONUS - score: DEPOT_HOST_BONUS unless a combat unit or garrison
; of the side is there, DEPOT_CROWD_PENALTY for each other depot, the cost to the
; lead (AI_UNREACHABLE for none), and for a stranded depot DEPOT_MEND_WEIGHT for
; each hex beyond DEPOT_CHAIN to the nearest source.
;
; In:       DS_HCOL, DS_HROW (DS_KEY's last two bytes); as depot_score
; Out:      DEPOT_TOP, DS_TOPN
; Clobbers: A, X, Y, flags; the engine's zero page
;
score_hex:
.scope
    ldx DS_HCOL
    ldy DS_HROW
    jsr rats_alone                  ; alone where the Desert Rats strike
    bcs _skip
    ldx DS_HCOL
    ldy DS_HROW
    jsr map_byte
    cmp #DEPOT_COUNTED              ; unreached (DEPOT_COUNTED or more)
    bcs _skip
    cmp #DEPOT_WALL
    beq _skip
    ldy DS_HCOL
    lda DS_FREE
    bne _free
    lda #<AHEAD_OFFSET              ; the hex's cost to the enemy home base: not
    ldx #>AHEAD_OFFSET              ; above the depot's own
    jsr map_plus
    lda (DP_FIELD),y
    ldx DS_K
    cmp DEPOT_AHEAD,x
    beq _free
    bcc _free
_skip:
    rts                             ; further back than the depot: forward only
_free:
    lda #<FIELD_OFFSET
    ldx #>FIELD_OFFSET
    jsr map_plus
    lda (DP_FIELD),y                ; the cost to the lead
    ldx #0
    cmp #FIELD_UNREACHABLE
    bne +
    lda #<AI_UNREACHABLE
    ldx #>AI_UNREACHABLE
*   sta DS_KEY+1
    stx DS_KEY
    lda DS_TOPN                     ; the rest only adds: a key that cannot
    cmp #DEPOT_TRIES                ; beat the last of the best already stops
    bcc _units
    ldx #4*DEPOT_TRIES
    jsr key_less
    bcs _skip
_units:
    lda #DEPOT_HOST_BONUS           ; until a host is found
    sta DS_HOSTS
    ldx DS_SIDE                     ; the side's units there but the depot (no
    lda SIDE_UNITS_START+1,x        ; enemy stands in a hex reached)
    sta DS_END
    lda SIDE_UNITS_START,x
    tax
_unit:
    cpx DS_END
    bcs _counted
    ldy SIDE_UNITS,x
    inx
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
    lda #0
    sta DS_HOSTS
    beq _unit                       ; always
_counted:
    lda DS_HOSTS
    jsr key_add
    lda DS_LINKED
    bne _insert
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
; key_add -- DS_KEY's first two bytes (high, low) + A.
;
; In:       A
; Out:      DS_KEY; X, Y kept
; Clobbers: A, flags
;
key_add:
    clc
    adc DS_KEY+1
    sta DS_KEY+1
    bcc +
    inc DS_KEY
*   rts

;
; depot_link -- the hexes from DS_HCOL, DS_HROW to the nearest of the side's
; sources (the roots and the valid depots: the anchors of a stranded depot), from
; the list find_sources left (supply.s: q + DEPOT_CHAIN, r + DEPOT_CHAIN + 1).
;
; In:       DS_HCOL, DS_HROW; find_sources's SUPPLY_SOURCE_LIST, SUPPLY_SRC_Q/R
; Out:      A = the distance; X kept
; Clobbers: Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..+2; DS_LINK
;
depot_link:
.scope
    txa
    pha
    lda DS_HCOL
    sta ZP_HEX_A
    lda DS_HROW
    sta ZP_HEX_A+1
    lda #$FF
    sta DS_LINK
    ldx SUPPLY_SOURCES
_source:
    dex
    bmi _done
    ldy SUPPLY_SOURCE_LIST,x
    lda SUPPLY_SRC_Q,y
    sec
    sbc #DEPOT_CHAIN
    sta ZP_HEX_B                    ; the column
    lsr                             ; row = r + column / 2
    clc
    adc SUPPLY_SRC_R,y
    sec
    sbc #DEPOT_CHAIN+1
    sta ZP_HEX_B+1
    jsr hex_distance
    cmp DS_LINK
    bcs _source
    sta DS_LINK
    bcc _source                     ; always
_done:
    pla
    tax
    lda DS_LINK
    rts
.scend

;
; top_insert -- DS_KEY (high, low, column, row) among the DEPOT_TRIES best, in
; order (no two keys are equal: their hexes differ).
;
; In:       DS_KEY; DS_TOPN
; Out:      DEPOT_TOP, DS_TOPN
; Clobbers: A, X, Y, flags; DS_AT
;
top_insert:
.scope
    lda DS_TOPN
    asl
    asl
    tax                             ; X = 4 x the slot to fill
    cmp #4*DEPOT_TRIES
    bcc _up
    jsr key_less                    ; full: below the last?
    bcs _done
    ldx #4*[DEPOT_TRIES-1]          ; the last goes
_up:
    txa
    beq _put
    jsr key_less                    ; below the one before: that one moves up
    bcs _put
    ldy #4
_move:
    lda DEPOT_TOP-1,x
    sta DEPOT_TOP+3,x
    dex
    dey
    bne _move
    beq _up                         ; always
_put:
    ldy #0
_byte:
    lda DS_KEY,y
    sta DEPOT_TOP,x
    inx
    iny
    cpy #4
    bne _byte
    lda DS_TOPN
    cmp #DEPOT_TRIES
    bcs _done
    inc DS_TOPN
_done:
    rts
.scend

;
; key_less -- is DS_KEY below the 4 bytes before DEPOT_TOP + X?
;
; In:       X
; Out:      carry clear: below; X kept, Y = 0
; Clobbers: A, flags; DS_AT
;
key_less:
.scope
    stx DS_AT
    ldy #0
_byte:
    lda DS_KEY,y
    cmp DEPOT_TOP-4,x
    bne _out
    inx
    iny
    cpy #4
    bne _byte
_out:
    ldx DS_AT
    ldy #0
    rts
.scend

;
; depot_try -- the chain check of the best hexes in order (every depot valid
; before stays valid with the depot there), then the moves to the first that
; passes (walk_to); none passes: the depot stays.
;
; In:       DEPOT_TOP, DS_TOPN; DS_VALID, DS_UNIT, DS_COL, DS_ROW
; Out:      A = 0 (Z set), or DS_STATUS (Z clear) as walk_to leaves it
; Clobbers: A, X, Y, flags; the engine's zero page; the call block's arguments;
;           DS_TRY
;
depot_try:
.scope
    ldx #0
_try:
    stx DS_TRY
    txa
    lsr
    lsr
    cmp DS_TOPN
    bcs depot_stay
    ldy DS_UNIT                     ; try it: the depot there for a moment
    lda DEPOT_TOP+2,x
    sta U_COL,y
    lda DEPOT_TOP+3,x
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
    bne _next
    jsr depot_fed                   ; and every unit it fed still fed
    bcc _go
_next:
    lda DS_TRY
    clc
    adc #4
    tax
    bne _try                        ; always
_go:
    ldx DS_TRY
    ldy DEPOT_TOP+3,x
    lda DEPOT_TOP+2,x
    tax
    jsr walk_to
depot_stay:                         ; (place_depot's too)
    lda DS_STATUS
    rts
.scend

;
; depot_fed -- is every unit of the side that the last resupply phase left
; supplied (its U_SUPPLIED as the phase began, in DEPOT_SAVED) still within reach
; of a source, as depot_valid's trace_side has just found (GoodAI._place_depot's
; _all_within_reach of the phase's fed units)?  Units off the map keep their flag:
; they pass.
;
; In:       DEPOT_SAVED; U_SUPPLIED as trace_side left it; DS_SIDE, DS_ALL, DS_DEPOTS
; Out:      carry clear: every one is
; Clobbers: A, X, Y, flags
;
depot_fed:
.scope
    lda DS_ALL
    sec
    sbc DS_DEPOTS
    tax                             ; the side's combat units (its units, less its depots)
_unit:
    dex
    bmi _fed
    lda DEPOT_SAVED,x
    beq _unit                       ; not fed before
    jsr side_unit
    lda U_SUPPLIED,y
    bne _unit
    sec                             ; fed before, not now
    rts
_fed:
    clc
    rts
.scend

;
; walk_to -- the depot walks to a hex it reached: first to the hex before it on
; its path (the direction it was entered by, taken back), then one e_move.  The
; path is at most DEPOT_OP_MOST hexes: 3 bytes of stack each.
;
; In:       X = column, Y = row; DS_UNIT; DS_STATUS = 0
; Out:      DS_STATUS: 0, e_move's error, or $80 for the game over (then no
;           more moves); DS_MOVES counted
; Clobbers: A, X, Y, flags; the engine's zero page; the call block's arguments
;
walk_to:
.scope
    jsr map_byte
    cmp #0
    beq _done                       ; the depot's hex
    and #7
    pha
    cmp #4                          ; back the other way: 1-3 <-> 4-6
    bcs _down
    adc #3
    bne _step                       ; always
_down:
    sbc #3
_step:
    jsr hex_step
    jsr walk_to
    pla
    ldx DS_STATUS
    bne _done
    sta ARG1_LO
    stx ARG0_HI
    stx ARG1_HI
    ldx DS_UNIT
    inx
    stx ARG0_LO
    jsr e_move
    sta DS_STATUS
    inc DS_MOVES
    lda PHASE
    cmp #PHASE_GAME_OVER
    bne _done
    lda #$80
    sta DS_STATUS
_done:
    rts
.scend
ai_depot_end:

;
; This file's RAM, where the files before left the RAM segment (Ophis's .space takes
; no expression: the areas are aliases from DEPOT_MAP).
;
.data
DEPOT_MAP:                                          ; the search: cost x 8 + direction a hex
.text
.alias DEPOT_AHEAD_MAP DEPOT_MAP+2*DEPOT_HALF       ; each hex's cost to the enemy home base
.alias DEPOT_LIST      DEPOT_AHEAD_MAP+2*DEPOT_HALF ; the depots in order: their j
.alias DEPOT_AHEAD     DEPOT_LIST+DEPOT_SLOTS       ; their costs to the enemy home base
.alias DEPOT_SAVED     DEPOT_AHEAD+DEPOT_SLOTS      ; U_SUPPLIED of the side's units (side_unit)
.alias DEPOT_TOP       DEPOT_SAVED+AI_SIDE_UNITS_MAX ; the best: key high, low, column, row
.alias DEPOT_WEST      DEPOT_TOP+4*DEPOT_TRIES      ; each cost's columns: the first
.alias DEPOT_EAST      DEPOT_WEST+DEPOT_OP_MOST+1   ; and the last
.alias DS_KEY          DEPOT_EAST+DEPOT_OP_MOST+1   ; a hex's key: high, low, column, row
.alias DS_HCOL         DS_KEY+2                     ; the hex in hand
.alias DS_HROW         DS_KEY+3
.alias DS_SIDE         DS_KEY+4                     ; the side
.alias DS_DEPOTS       DS_SIDE+1                    ; its depots (on the map or not)
.alias DS_ALL          DS_DEPOTS+1                  ; its units (on the map or not)
.alias DS_LEAD         DS_ALL+1                     ; the lead's unit index
.alias DS_BEST         DS_LEAD+1                    ; the lowest cost so far
.alias DS_COUNT        DS_BEST+1                    ; the side's depots on the map
.alias DS_K            DS_COUNT+1                   ; the depot in hand: its place in DEPOT_LIST
.alias DS_BIT          DS_K+1                       ; 1 << its j
.alias DS_UNIT         DS_BIT+1                     ; its unit index
.alias DS_COL          DS_UNIT+1                    ; its hex
.alias DS_ROW          DS_COL+1
.alias DS_OP           DS_ROW+1                     ; the most cost it may reach
.alias DS_SUM          DS_OP+1                      ; its supply, spent point by point (2)
.alias DS_VALID        DS_SUM+2                     ; the valid depots before it moves
.alias DS_FREE         DS_VALID+1                   ; nonzero: no forward-only rule
.alias DS_LINKED       DS_FREE+1                    ; 0: stranded (not valid itself)
.alias DS_LEVEL        DS_LINKED+1                  ; the cost being settled
.alias DS_LEVEL8       DS_LEVEL+1                   ; x 8
.alias DS_WEST         DS_LEVEL8+1                  ; the columns reached
.alias DS_EAST         DS_WEST+1
.alias DS_SCANY        DS_EAST+1                    ; depot_search's Y
.alias DS_BYTE         DS_SCANY+1                   ; a neighbour's byte
.alias DS_DIR          DS_BYTE+1                    ; a direction
.alias DS_HOSTS        DS_DIR+1                     ; DEPOT_HOST_BONUS, 0 once a host is found
.alias DS_LINK         DS_HOSTS+1                   ; the distance to the chain
.alias DS_TOPN         DS_LINK+1                    ; the best hexes kept
.alias DS_AT           DS_TOPN+1                    ; key_less's X
.alias DS_TRY          DS_AT+1                      ; 4 x the best hex tried
.alias DS_MOVES        DS_TRY+1                     ; the moves made
.alias DS_STATUS       DS_MOVES+1                   ; walk_to: 0, e_move's error, $80 game over
.alias DS_MASK         DS_STATUS+1                   ; a set of depots
.alias DS_J            DS_MASK+1                    ; a place in a list
.alias DS_END          DS_J+1                       ; its end
.alias DS_RATS         DS_END+1                     ; 1: the Desert Rats would strike now (Axis)
.alias DEPOT_RAM_END   DS_RATS+1

.data
.org DEPOT_RAM_END
.text
