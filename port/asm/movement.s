;
; movement.s -- the unit actions of movement: one hex of movement, one level of
; fortification, Allied sea movement (docs/rules.md "Movement"; manual IV.C,
; IV.A.1.j, III.2.E.9; rulings 16.36-38).
;
; Each routine is the part of kotd.engine.movement that checks one action and
; applies it: move_rule is check_move + apply_move, fortify_rule check_fortify +
; apply_fortify, sea_move_rule sea_destination + apply_sea_move.  Who may act in
; which phase (the acting side, depots only in depot movement, the limited
; reaction's budget) is the caller's part, as kotd.engine.game.Game.move,
; fortify and sea_move do it; the OP limit comes in as an argument.
;
; They follow the entry contract (docs/engine.md "Writing an entry"): arguments
; in the call block, every check before any change, A = E_OK with CALL_RESULT
; set, or A = the error code of the first check that fails, in the order of the
; reference, and nothing changed.  They draw no random number.
; emu_tests/test_actions.py ties this file to kotd.engine.movement.
;

; hex_census's and survey_target's answers, in the zero page (hex_step keeps
; off ZP_TEMP+2..).
.alias CENSUS_UNITS      ZP_TEMP+2  ; units on the map in the hex
.alias CENSUS_FIRST_SIDE ZP_TEMP+3  ; side of the lowest-numbered of them, NONE if empty
.alias CENSUS_ALLIED     ZP_TEMP+4  ; how many of them are Allied (hex_census)

; The neighbourhood of the hex entered, in WORK (survey_target): the side of the
; lowest-numbered unit in each hex of the 3 x 3 box around it, NONE if empty;
; slot 3 * (dcol + 1) + (drow + 1), the hex itself in the centre.
.alias NEAR_SIDE         WORK
.alias BOX_COL           ZP_TEMP    ; survey_target: the box's first column, row - 1
.alias BOX_ROW           ZP_TEMP+1
.alias BOX_CENTRE        3 * 1 + 1

;
; move_rule -- move a unit one hex (movement.check_move, then apply_move).
;
; In:       ARG0 = unit number; ARG1 = direction 1-6; ARG2 = the most OP the
;           move may cost (a limited reaction's budget), $FFFF for no limit
; Out:      A = E_OK: CALL_RESULT = the OP spent; U_OP and U_SUPPLY paid, the
;           unit in the new hex with fortification 0, a VP place entered held by
;           somebody now the mover's (CONTROL); MOVE_NEXT_TO_ENEMY = 1 if the hex
;           was empty before and an enemy unit stands next to it (the limited
;           reaction trigger of Game.move); MOVE_TAKES_BASE = 1 if the hex is the
;           enemy home base (movement.captures_home_base: the game is over)
;           Refused, nothing changed: A = E_UNIT, E_HEX (unit not on the map),
;           E_DIRECTION, E_GARRISON, E_HEX (the move would leave the map),
;           E_PROHIBITED (ocean, impassable), E_ENEMY, E_STACKING, E_OP,
;           E_SUPPLY, E_LIMIT (cost above ARG2), checked in that order
; Clobbers: X, Y, flags; ACTION_UNIT, ACTION_COST, WORK+0..8
; Zero page: ZP_PTR, ZP_HEX_A, ZP_TEMP..ZP_TEMP+3
;
move_rule:
.scope
    ldx #0
    jsr arg_unit_on_map
    bcs _refused
    stx ACTION_UNIT
    lda ARG1_HI
    bne _bad_direction
    lda ARG1_LO
    beq _bad_direction
    cmp #HEX_DIRECTIONS+1
    bcs _bad_direction
    lda UNIT_ROLE,x
    cmp #ROLE_GARRISON
    beq _garrison
    ldy U_ROW,x
    lda U_COL,x
    tax
    lda ARG1_LO
    jsr hex_step
    bcc _on_map
    lda #E_HEX                      ; the move would leave the map
    rts
_bad_direction:
    lda #E_DIRECTION
    rts
_garrison:
    lda #E_GARRISON
_refused:
    rts
_on_map:
    stx ZP_HEX_A
    sty ZP_HEX_A+1
    jsr hex_terrain
    lda TERRAIN_PASSABLE,y
    beq _prohibited
    ldx ACTION_UNIT
    lda UNIT_TYPE,x                 ; the Terrain Effects Chart's costs
    cmp #TYPE_MOBILE
    bne _nonmobile
    lda TERRAIN_OP_MOBILE,y
    sta ACTION_COST
    lda TERRAIN_SUPPLY_MOBILE,y
    sta ACTION_COST+1
    jmp _who
_nonmobile:
    lda TERRAIN_OP_NONMOBILE,y
    sta ACTION_COST
    lda TERRAIN_SUPPLY_NONMOBILE,y
    sta ACTION_COST+1
_who:
    jsr survey_target
    lda CENSUS_UNITS
    beq _stacking
    lda CENSUS_FIRST_SIDE           ; the reference asks the lowest-numbered unit
    cmp UNIT_SIDE,x
    bne _enemy
_stacking:
    jsr hex_full
    bcs _full
    lda U_OP,x
    cmp ACTION_COST
    bcc _no_op
    lda U_SUPPLY_LO,x
    cmp ACTION_COST+1
    lda U_SUPPLY_HI,x
    sbc #0
    bcc _no_supply
    lda ARG2_HI                     ; a limit of 256 or more never binds
    bne _pay
    lda ARG2_LO
    cmp ACTION_COST
    bcs _pay
    lda #E_LIMIT
    rts
_prohibited:
    lda #E_PROHIBITED
    rts
_enemy:
    lda #E_ENEMY
    rts
_full:
    lda #E_STACKING
    rts
_no_op:
    lda #E_OP
    rts
_no_supply:
    lda #E_SUPPLY
    rts

    ; Every check passed: from here on the state changes.
_pay:
    lda U_OP,x
    sec
    sbc ACTION_COST
    sta U_OP,x
    lda U_SUPPLY_LO,x
    sec
    sbc ACTION_COST+1
    sta U_SUPPLY_LO,x
    lda U_SUPPLY_HI,x
    sbc #0
    sta U_SUPPLY_HI,x
    jsr occupy                      ; keeps the zero page and WORK
    lda ACTION_COST
    sta CALL_RESULT_LO
    lda #0
    sta MOVE_NEXT_TO_ENEMY
    sta MOVE_TAKES_BASE
    lda CENSUS_UNITS
    bne _base                       ; friends there already: no trigger
    lda UNIT_SIDE,x
    jsr enemy_next_to
    rol MOVE_NEXT_TO_ENEMY          ; the carry
    ldx ACTION_UNIT
_base:
    lda UNIT_SIDE,x                 ; the other side's home base (sides are 0, 1)
    eor #1
    tay
    lda U_COL,x
    cmp HOME_COL,y
    bne _done
    lda U_ROW,x
    cmp HOME_ROW,y
    bne _done
    inc MOVE_TAKES_BASE
_done:
    lda #E_OK
    rts
.scend

;
; fortify_rule -- build one fortification level (movement.check_fortify, then
; apply_fortify).
;
; In:       ARG0 = unit number; ARG1 = the most OP it may cost, $FFFF for no limit
; Out:      A = E_OK: CALL_RESULT = the OP spent; U_OP and U_SUPPLY paid
;           (FORT_OP_COST, FORT_SUPPLY_COST by unit type), U_FORT + 1
;           Refused, nothing changed: A = E_UNIT, E_HEX (not on the map),
;           E_FORT_LEVEL (already FORT_MAX_LEVEL), E_OP, E_SUPPLY, E_LIMIT
; Clobbers: X, Y, flags
;
fortify_rule:
.scope
    ldx #0
    jsr arg_unit_on_map
    bcs _refused
    ldy UNIT_TYPE,x
    lda U_FORT,x
    cmp #FORT_MAX_LEVEL
    bcs _top
    lda U_OP,x
    cmp FORT_OP_COST,y
    bcc _no_op
    lda U_SUPPLY_LO,x
    cmp FORT_SUPPLY_COST,y
    lda U_SUPPLY_HI,x
    sbc #0
    bcc _no_supply
    lda ARG1_HI                     ; a limit of 256 or more never binds
    bne _pay
    lda ARG1_LO
    cmp FORT_OP_COST,y
    bcc _limit
_pay:
    lda U_OP,x
    sec
    sbc FORT_OP_COST,y
    sta U_OP,x
    lda U_SUPPLY_LO,x
    sec
    sbc FORT_SUPPLY_COST,y
    sta U_SUPPLY_LO,x
    lda U_SUPPLY_HI,x
    sbc #0
    sta U_SUPPLY_HI,x
    inc U_FORT,x
    lda FORT_OP_COST,y
    sta CALL_RESULT_LO
    lda #E_OK
    rts
_top:
    lda #E_FORT_LEVEL
    rts
_no_op:
    lda #E_OP
    rts
_no_supply:
    lda #E_SUPPLY
    rts
_limit:
    lda #E_LIMIT
_refused:
    rts
.scend

;
; sea_move_rule -- Allied sea movement between Tobruk and Alexandria
; (movement.sea_destination, then apply_sea_move).
;
; In:       ARG0 = unit number
; Out:      A = E_OK: CALL_RESULT = column + 256 * row of the destination; the
;           unit there with 0 OP and fortification 0, SEALIFT_LEFT - 1, a VP
;           place entered held by somebody now Allied
;           Refused, nothing changed: A = E_UNIT, E_HEX (not on the map),
;           E_NOT_ALLIED, E_GARRISON, E_DEPOT, E_PORT (neither in Tobruk nor in
;           Alexandria), E_SEALIFT (none left), E_SEALIFT_BLOCKED (Tobruk took
;           replacements), E_TOBRUK (not Allied-controlled, or an Axis unit
;           there), E_STACKING (the destination is full), E_OP (no OP left)
; Clobbers: X, Y, flags; ACTION_UNIT
; Zero page: ZP_HEX_A, ZP_HEX_B, ZP_TEMP+2..ZP_TEMP+4
;
sea_move_rule:
.scope
    ldx #0
    jsr arg_unit_on_map
    bcs _refused
    stx ACTION_UNIT
    lda UNIT_SIDE,x
    cmp #SIDE_ALLIED
    bne _not_allied
    lda UNIT_ROLE,x
    cmp #ROLE_GARRISON
    beq _garrison
    cmp #ROLE_DEPOT
    beq _depot
    lda U_COL,x                     ; from Tobruk to Alexandria...
    cmp #TOBRUK_COL
    bne _from_alexandria
    lda U_ROW,x
    cmp #TOBRUK_ROW
    bne _from_alexandria
    lda HOME_COL+SIDE_ALLIED
    sta ZP_HEX_B
    lda HOME_ROW+SIDE_ALLIED
    sta ZP_HEX_B+1
    jmp _sealift
_not_allied:
    lda #E_NOT_ALLIED
    rts
_garrison:
    lda #E_GARRISON
    rts
_depot:
    lda #E_DEPOT
    rts
_no_port:
    lda #E_PORT
    rts
_used:
    lda #E_SEALIFT
    rts
_blocked:
    lda #E_SEALIFT_BLOCKED
    rts
_not_held:
    lda #E_TOBRUK
    rts
_full:
    lda #E_STACKING
    rts
_no_op:
    lda #E_OP
_refused:
    rts
_from_alexandria:                   ; ...or back
    lda U_COL,x
    cmp HOME_COL+SIDE_ALLIED
    bne _no_port
    lda U_ROW,x
    cmp HOME_ROW+SIDE_ALLIED
    bne _no_port
    lda #TOBRUK_COL
    sta ZP_HEX_B
    lda #TOBRUK_ROW
    sta ZP_HEX_B+1
_sealift:
    lda SEALIFT_LEFT
    beq _used
    lda SEALIFT_BLOCKED
    bne _blocked
    lda CONTROL+TOBRUK_TOWN
    cmp #SIDE_ALLIED
    bne _not_held
    lda #TOBRUK_COL
    sta ZP_HEX_A
    lda #TOBRUK_ROW
    sta ZP_HEX_A+1
    jsr hex_census
    lda CENSUS_ALLIED
    cmp CENSUS_UNITS
    bne _not_held                   ; an Axis unit in Tobruk
    lda ZP_HEX_B
    sta ZP_HEX_A
    lda ZP_HEX_B+1
    sta ZP_HEX_A+1
    jsr hex_census
    jsr hex_full
    bcs _full
    lda U_OP,x
    beq _no_op
    lda #0                          ; the move costs every OP left
    sta U_OP,x
    dec SEALIFT_LEFT
    jsr occupy
    lda ZP_HEX_A
    sta CALL_RESULT_LO
    lda ZP_HEX_A+1
    sta CALL_RESULT_HI
    lda #E_OK
    rts
.scend

;
; hex_terrain -- the terrain code of a hex.
;
; In:       ZP_HEX_A = column, row (on the map)
; Out:      Y = terrain code (TERRAIN_*)
; Clobbers: A, flags
; Zero page: ZP_PTR
;
hex_terrain:
    ldy ZP_HEX_A+1
    lda MAP_ROW_LO,y
    sta ZP_PTR_LO
    lda MAP_ROW_HI,y
    sta ZP_PTR_HI
    ldy ZP_HEX_A
    lda (ZP_PTR),y
    tay
    rts

;
; hex_census -- who stands in a hex (board.units_at).
;
; In:       ZP_HEX_A = column, row
; Out:      CENSUS_UNITS = units on the map there; CENSUS_FIRST_SIDE = the side
;           of the lowest-numbered of them, NONE if none; CENSUS_ALLIED = how
;           many of them are Allied
; Clobbers: A, flags
;
hex_census:
.scope
    txa
    pha
    lda #0
    sta CENSUS_UNITS
    sta CENSUS_ALLIED
    lda #NONE
    sta CENSUS_FIRST_SIDE
    ldx #UNIT_COUNT-1               ; downwards: the lowest number writes last
_unit:
    lda U_COL,x                     ; most units: another column, no branch taken
    cmp ZP_HEX_A
    beq _column
_next:
    dex
    bpl _unit
    pla
    tax
    rts
_column:
    lda U_ROW,x
    cmp ZP_HEX_A+1
    bne _next
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    inc CENSUS_UNITS
    lda UNIT_SIDE,x
    sta CENSUS_FIRST_SIDE
    cmp #SIDE_ALLIED
    bne _next
    inc CENSUS_ALLIED
    jmp _next
.scend

;
; hex_full -- is a hex at its stacking limit (board.stacking_limit:
; STACKING_TOBRUK in Tobruk, STACKING_HEX elsewhere)?
;
; In:       ZP_HEX_A = the hex; CENSUS_UNITS = the units in it (hex_census)
; Out:      carry set: full; carry clear: room for one more
; Clobbers: A
;
hex_full:
.scope
    lda ZP_HEX_A
    cmp #TOBRUK_COL
    bne _anywhere
    lda ZP_HEX_A+1
    cmp #TOBRUK_ROW
    bne _anywhere
    lda CENSUS_UNITS
    cmp #STACKING_TOBRUK
    rts
_anywhere:
    lda CENSUS_UNITS
    cmp #STACKING_HEX
    rts
.scend

;
; occupy -- put a unit in a hex (movement.occupy): fortification lost, and a VP
; place there that somebody holds (CONTROL not NONE, a key of the reference's
; state.control) passes to the unit's side.
;
; In:       X = unit index; ZP_HEX_A = the hex
; Out:      U_COL, U_ROW, U_FORT, CONTROL
; Clobbers: A, Y, flags
;
occupy:
.scope
    lda ZP_HEX_A
    sta U_COL,x
    lda ZP_HEX_A+1
    sta U_ROW,x
    lda #0
    sta U_FORT,x
    ldy #TOWN_COUNT-1
_town:
    lda TOWN_COL,y
    cmp ZP_HEX_A
    bne _next
    lda TOWN_ROW,y
    cmp ZP_HEX_A+1
    bne _next
    lda CONTROL,y
    cmp #NONE
    beq _done
    lda UNIT_SIDE,x
    sta CONTROL,y
    rts                             ; one place a hex (kotd check)
_next:
    dey
    bpl _town
_done:
    rts
.scend

;
; survey_target -- who stands in and around the hex a unit moves into, as the
; board stands once it has moved: one pass over the units, the mover left out.
;
; In:       ZP_HEX_A = the hex (on the map); ACTION_UNIT = the mover, which
;           stands next to it
; Out:      NEAR_SIDE = the side of the lowest-numbered unit in each hex of the
;           3 x 3 box of columns and rows around the hex, NONE if empty;
;           CENSUS_UNITS = the units in the hex itself (the box's centre),
;           CENSUS_FIRST_SIDE = its NEAR_SIDE
; Clobbers: A, Y, flags; WORK+0..8 (NEAR_SIDE)
; Zero page: ZP_TEMP, ZP_TEMP+1 (BOX_COL, BOX_ROW)
;
; Every hex next to (col, row) lies in the box col-1..col+1, row-1..row+1, so
; each unit on the map in it writes its side into the box's slot
; 3 * (dcol + 1) + (drow + 1); the units go downwards, so the lowest-numbered
; writes last, as board.occupancy lists them.  Leaving the mover out gives its
; old hex as it will be after the move; the hex entered does not hold it.
;
survey_target:
.scope
    txa
    pha
    lda #NONE
    ldy #8
_clear:
    sta NEAR_SIDE,y
    dey
    bpl _clear
    lda #0
    sta CENSUS_UNITS
    ldx ZP_HEX_A                    ; the box's first column and row
    dex
    stx BOX_COL
    ldx ZP_HEX_A+1
    dex
    dex
    stx BOX_ROW                     ; one less: _column subtracts with the carry clear
    ldx #UNIT_COUNT-1
    sec                             ; set on every way into _unit
_unit:
    lda U_COL,x                     ; dcol + 1, 0..2 in the box (mod 256)
    sbc BOX_COL
    cmp #3
    bcc _column
    dex
    bpl _unit
    bmi _done                       ; always
_column:
    tay                             ; dcol + 1
    lda U_ROW,x                     ; drow + 1 = row - (BOX_ROW + 1): carry clear
    sbc BOX_ROW
    cmp #3
    bcs _next
    adc BOX_THIRDS,y                ; carry clear: 3 * (dcol + 1) + drow + 1
    tay
    cpx ACTION_UNIT
    beq _next
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _skip
    lda U_COL,x                     ; a hex off the map (an edge's wrap) is nobody's neighbour
    cmp #MAP_COLUMNS
    bcs _next
    lda U_ROW,x
    cmp #MAP_ROWS
    bcs _next
    lda UNIT_SIDE,x
    sta NEAR_SIDE,y
    cpy #BOX_CENTRE
    bne _skip
    inc CENSUS_UNITS
_skip:
    sec
_next:
    dex
    bpl _unit
_done:
    lda NEAR_SIDE+BOX_CENTRE
    sta CENSUS_FIRST_SIDE
    pla
    tax
    rts
.scend
BOX_THIRDS:
    .byte 0, 3, 6                   ; 3 * (dcol + 1): the box's slots by column

;
; enemy_next_to -- does an enemy unit stand next to the hex surveyed
; (board.adjacent_to_enemy: a neighbour whose lowest-numbered unit on the map is
; of the other side)?
;
; In:       ZP_HEX_A = the hex; NEAR_SIDE from survey_target; A = the friendly side
; Out:      carry set: yes; carry clear: no
; Clobbers: A, X, Y
; Zero page: ZP_TEMP..ZP_TEMP+2
;
; The six directions' slots come from the hex geometry (HEX_DCOL_*, HEX_DROW_*).
;
enemy_next_to:
.scope
    eor #1                          ; the enemy (sides are 0, 1)
    sta ZP_TEMP+2
    ldy #HEX_DIRECTIONS-1
_direction:
    lda ZP_HEX_A
    lsr
    bcs _odd
    lda HEX_DCOL_EVEN,y
    sta ZP_TEMP
    lda HEX_DROW_EVEN,y
    jmp _slot
_odd:
    lda HEX_DCOL_ODD,y
    sta ZP_TEMP
    lda HEX_DROW_ODD,y
_slot:
    sta ZP_TEMP+1                   ; drow, signed
    inc ZP_TEMP                     ; dcol + 1
    lda ZP_TEMP
    asl
    adc ZP_TEMP                     ; carry clear: 3 * (dcol + 1)
    sec
    adc ZP_TEMP+1                   ; + drow + 1 (a -1 wraps to the right slot)
    tax
    lda NEAR_SIDE,x
    cmp ZP_TEMP+2
    beq _yes
    dey
    bpl _direction
    clc
    rts
_yes:
    sec
    rts
.scend
