;
; ai_walk.s -- the good player's walk (docs/ai.md "The 6502 twin"): the twin of
; GoodAI._sources, _gap, of one step of _walk (with _legal_steps, _exposed and
; _step_into_supply) and of the choices of _take_empty_towns, _fortify and _sealift
; (kotd.engine.ai_good).  Decisions only: the driver (ai_driver.s) runs the loops
; and the engine actions.  emu_tests/test_ai_walk.py ties this file to the Python
; player.
;
; How it works.  The sources are supply.s's: find_sources lists a side's places
; (its roots, then its depots on the map in unit order) and marks a depot linked
; to no root with q $80; the linked ones, in that order, are Python's
; supply.sources (the roots, then the valid depots by number).  find_sources also
; sets the depots' U_SUPPLIED, which the good player's sources leave alone: the
; flags are kept in WORK_UNIT around the call.  The gap of a hex is the least
; hex_distance to a source, the list walked whole.
;
; A step of the walk is a decision on the state as it stands, so the driver may
; move the unit (and a reaction may strike it) between two steps: the field of the
; goal (ai_field with the walls of AI_WALLS), kept while its target, unit type and
; walls stay (FIELD_TARGET, FIELD_KIND, FIELD_WALLS: ai_field_forget when AI_WALLS
; is written anew); a step legal when movement.s's move_rule, with an OP limit of
; 0, refuses it only for the limit (E_LIMIT: every other check passed, and every
; move costs at least 1 point, opponent.check_costs), which changes nothing.
; The directions are tried in order, the cheap tests first (the field, the
; tether), a legal move and the exposure last; the first strictly best wins, as
; Python's (dist, direction) minimum.
;
; How the callers use it (GoodAI's loops, which the driver runs):
;   movement's start (goals, ai_goals.s): lda side / jsr ai_sources; AI_WALLS
;     written, then jsr ai_field_forget (plan_walls does both); the GOAL tables.
;     AI_SOURCE_LIST must then stay as it is until the walk is over (_walk's `sources`).
;   the walk: for each unit of AI_ORDER, WALK_BACK = 0, then lda unit / jsr
;     ai_walk_step until it answers 0, MOVE(unit, A) after each answer (and the
;     game's end checked), WALK_BACK = the direction opposite A.
;   _take_empty_towns: X = 0; lda side / jsr ai_town_step; A = 0: done, else
;     MOVE(A, X) and again from X = Y + 1.
;   _fortify: lda side / jsr ai_fortify_next until 0, FORTIFY(A) after each.
;   _sealift: lda side / jsr ai_sealift_unit; not 0: SEA_MOVE(A), a refusal ignored.
;

; mul_by_byte's product (math.s M0..M2)
.alias WALK_M0  ZP_MUL
.alias WALK_M1  ZP_MUL+1
.alias WALK_M2  ZP_MUL+2

.alias AI_FLAG_RETURNING 1          ; AI_FLAGS bits (docs/ai.md, the GOAL tables)
.alias AI_FLAG_BOLD      2
.alias AI_FLAG_EN_ROUTE  4

;
; ai_sources -- the supply sources of a side, as supply.sources lists them.
;
; In:       A = side (SIDE_AXIS, SIDE_ALLIED)
; Out:      AI_SOURCE_LIST = the sources' column,row pairs, $FF after the last: the
;           home base, Tobruk if the side controls it, then each depot of the side
;           on the map linked to them (by unit number); the game state unchanged
; Clobbers: A, X, Y, flags; SUPPLY_* scratch, WORK_UNIT
; Zero page: find_sources's: ZP_TEMP..ZP_TEMP+5, ZP_HEX_A, ZP_HEX_B, ZP_MUL..+2
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
    lda SUPPLY_SRC_Q,x              ; q + DEPOT_CHAIN: the column; $80 a depot
    bmi _next                       ; cut from the chain, no source (else below $80)
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
    bmi _done                       ; $FF: the end (columns are below $80)
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
; ai_walk_step -- one step of GoodAI._walk as a decision: the direction the unit
; steps in toward its goal, or 0 to stop.
;
; In:       A = unit number (1..UNIT_COUNT); AI_GOAL_COL/ROW, AI_TETHER, AI_FLAGS
;           (returning, bold) of the unit; AI_WALLS; AI_SOURCE_LIST (the sources
;           at the start of the movement: ai_sources); WALK_BACK (the direction
;           back to the hex its last step left, 0 at a walk's first step)
; Out:      A = direction 1-6, or 0: the unit is not on the map, has no goal ($FF),
;           stands on it, or has no step that lowers its cost to the goal within
;           its tether (AI_TETHER; 255: none) without standing exposed (unless
;           bold), and, if returning, none that brings it nearer a source other
;           than back (_step_into_supply), nor, if it was cut off at its
;           Logistics phase (CUT_OFF) and is beyond its supply range, an exposed
;           one that lowers its cost; the game state unchanged
; Clobbers: X, Y, flags; CALL_ARGS, CALL_RESULT; FIELD and its RAM (kept for the
;           next step: a new field only for another goal, unit type or walls,
;           ai_field_forget); WORK, ACTION_* (move_rule's checks); WALK_*
; Zero page: all the engine's 16 bytes (ai_field, move_rule, display_strength)
;
ai_walk_step:
.scope
    tax                             ; X: the number (the GOAL tables), Y: the index
    tay
    dey
    sty WALK_UNIT
    lda UNIT_SIDE,y
    sta WALK_SIDE
    lda #0
    sta WALK_BEST_DIR
    sta WALK_BARE_DIR
    lda U_STATUS,y
    cmp #STATUS_ON_MAP
    bne _stop
    lda U_COL,y
    sta WALK_COL
    lda U_ROW,y
    sta WALK_ROW
    lda AI_GOAL_COL,x
    bmi _stop                       ; $FF: no goal
    cmp WALK_COL
    bne _away
    lda AI_GOAL_ROW,x
    cmp WALK_ROW
    beq _stop                       ; the goal reached
_away:
    jsr walk_goal_field
    beq _kept
_stop:                              ; (a goal off the map or impassable: none)
    lda #0
    rts
_kept:
    ldx WALK_COL
    ldy WALK_ROW
    jsr walk_field_at
    sta WALK_HERE
    ldx WALK_COL
    ldy WALK_ROW
    jsr ai_gap
    sta WALK_GAP
    lda #FIELD_UNREACHABLE          ; the best cost so far: none (every candidate
    sta WALK_BEST                   ; lies below WALK_HERE)
    sta WALK_BARE
    lda #1
    sta WALK_DIR
_try:
    jsr walk_next
    bcs _skip                       ; off the map
    jsr walk_field_at
    jsr walk_town_cost              ; 0 for a town to take in the last turn
    cmp WALK_HERE
    bcs _skip                       ; no nearer the goal
    cmp WALK_BEST
    bcs _skip                       ; no better than an earlier direction
    sta WALK_DIST
    jsr walk_gap_of_next
    ldx WALK_UNIT
    lda AI_TETHER+1,x
    cmp WALK_NEXT_GAP
    bcs _tethered                   ; gap <= tether
    lda WALK_NEXT_GAP
    cmp WALK_GAP
    bcs _skip                       ; beyond the tether and no nearer a source
_tethered:
    jsr walk_legal
    bne _skip
    ldx WALK_UNIT
    lda AI_FLAGS+1,x
    and #AI_FLAG_BOLD
    bne _take
    jsr walk_exposed
    bcs _take
    lda WALK_DIST                   ; exposed: the best such step is kept for a
    cmp WALK_BARE                   ; unit that would otherwise starve (below)
    bcs _skip
    sta WALK_BARE
    lda WALK_DIR
    sta WALK_BARE_DIR
    bcc _skip                       ; always: carry clear from the cmp
_take:
    lda WALK_DIST
    sta WALK_BEST
    lda WALK_DIR
    sta WALK_BEST_DIR
_skip:
    inc WALK_DIR
    lda WALK_DIR
    cmp #HEX_DIRECTIONS+1
    bcc _try
    lda WALK_BEST_DIR
    bne _done
    ldx WALK_UNIT
    lda AI_FLAGS+1,x
    and #AI_FLAG_RETURNING
    beq _done
    jsr walk_into_supply
    lda WALK_BEST_DIR
    bne _done
    ldx WALK_UNIT                   ; none: cut off at its Logistics phase and
    jsr ai_unit_bit                 ; still beyond its range, it takes the best
    and CUT_OFF,y                   ; exposed step rather than starve
    beq _done
    lda WALK_RANGE                  ; (walk_into_supply's)
    cmp WALK_GAP
    bcs _done                       ; gap <= range
    lda WALK_BARE_DIR
    rts
_done:
    lda WALK_BEST_DIR
    rts
.scend

;
; walk_goal_field -- FIELD for the walk of unit X (number), Y (index): the field of
; its goal, unless FIELD holds it; its search as far as the unit's hex (a step reads
; only costs below that hex's), or on from where it stopped if it stopped short.
;
; In:       X, Y = the unit; WALK_COL/ROW its hex
; Out:      A = E_OK (Z set), or ai_field's error (a goal off the map or impassable)
; Clobbers: X, Y, flags; as ai_field
;
walk_goal_field:
.scope
    lda AI_GOAL_COL,x
    cmp FIELD_TARGET
    bne _field
    lda AI_GOAL_ROW,x
    cmp FIELD_TARGET+1
    bne _field
    lda UNIT_TYPE,y
    cmp FIELD_KIND
    bne _field
    lda FIELD_WALLS
    cmp #FIELD_WALLS_LISTED
    bne _field
    lda FIELD_PARTIAL               ; kept: is the unit's hex settled yet?
    beq _done
    lda FIELD_NEXT                  ; (the list the search goes on from)
    sta FD_DIST
    jsr walk_reached
    lda #E_OK
    bcc _done
    lda #<[walk_reached-1]          ; no: the search goes on till it is
    ldy #>[walk_reached-1]
    jmp field_resume
_field:
    lda UNIT_TYPE,y
    sta ARG2_LO
    lda AI_GOAL_COL,x
    ldy AI_GOAL_ROW,x
    jsr ai_args
    lda #FIELD_WALLS_LISTED
    sta ARG3_LO
    lda #<[walk_reached-1]
    ldy #>[walk_reached-1]
    jmp ai_field_until
_done:
    rts
.scend

;
; walk_into_supply -- _step_into_supply: a returning unit whose way is blocked
; takes the legal step that brings it nearest a source, in its supply range first
; (the key: beyond the range, the gap, the direction), but not the step back into
; the hex it has just left (WALK_BACK).
;
; In:       WALK_UNIT, WALK_COL/ROW, WALK_GAP, WALK_BACK
; Out:      WALK_BEST_DIR = the direction, or kept 0
; Clobbers: A, X, Y, flags; WALK_DIR, WALK_BEST, WALK_RANGE; as ai_walk_step
;
walk_into_supply:
.scope
    ldy WALK_UNIT                   ; supply.supply_range of a combat unit (the
    ldx UNIT_SIDE,y                 ; walk moves no depot)
    jsr side_supply_range
    sta WALK_RANGE
    lda #$FF
    sta WALK_BEST
    lda #1
    sta WALK_DIR
_try:
    lda WALK_DIR
    cmp WALK_BACK
    beq _skip                       ; not back into the hex it has just left
    jsr walk_next
    bcs _skip
    jsr walk_gap_of_next
    cmp WALK_GAP
    bcs _skip                       ; no nearer a source
    ldx WALK_RANGE                  ; the key: the gap, + $80 beyond the range
    cpx WALK_NEXT_GAP               ; (gaps are below $80)
    bcs +
    ora #$80
*   cmp WALK_BEST
    bcs _skip
    sta WALK_DIST
    jsr walk_legal
    bne _skip
    lda WALK_DIST
    sta WALK_BEST
    lda WALK_DIR
    sta WALK_BEST_DIR
_skip:
    inc WALK_DIR
    lda WALK_DIR
    cmp #HEX_DIRECTIONS+1
    bcc _try
    rts
.scend

;
; walk_next -- the neighbour of WALK_COL/ROW in direction WALK_DIR.
;
; In:       WALK_COL/ROW, WALK_DIR
; Out:      carry clear: X, Y and WALK_NEXT_COL/ROW = the neighbour; carry set: off
;           the map
; Clobbers: A; ZP_TEMP, ZP_TEMP+1
;
walk_next:
    ldx WALK_COL
    ldy WALK_ROW
    lda WALK_DIR
    jsr hex_step
    stx WALK_NEXT_COL
    sty WALK_NEXT_ROW
    rts

;
; walk_gap_of_next -- the gap of the neighbour (ai_gap).
;
; In:       WALK_NEXT_COL/ROW
; Out:      A = WALK_NEXT_GAP = its gap
; Clobbers: X, Y, flags; ai_gap's zero page
;
walk_gap_of_next:
    ldx WALK_NEXT_COL
    ldy WALK_NEXT_ROW
    jsr ai_gap
    sta WALK_NEXT_GAP
    rts

;
; walk_reached -- ai_field_until's question for the walk: is the unit's hex settled
; (its cost below FD_DIST)?  A step reads only the costs of its hex and of the
; neighbours below it: those are settled then, and a neighbour not yet settled holds
; a cost above the hex's, as its own would be.
;
; In:       WALK_COL/ROW; FD_DIST
; Out:      carry clear: yes, stop
; Clobbers: A, X, Y; FP_HERE
;
walk_reached:
    ldx WALK_COL
    ldy WALK_ROW
    jsr walk_field_at
    cmp FD_DIST
    rts

;
; walk_field_at -- a hex's cost in FIELD, a wall's FIELD_UNREACHABLE also while the
; field's search has stopped short of field_finish (ai_field_until).
;
; In:       X = column, Y = row (on the map)
; Out:      A = the cost (FIELD_UNREACHABLE: none)
; Clobbers: Y, flags; FP_HERE (ZP_HEX_A)
;
walk_field_at:
.scope
    sty WALK_AT_ROW
    jsr field_at
    bne _done                       ; (FIELD_WALL is 0)
    cpx FIELD_TARGET                ; 0: the target, or a wall
    bne _wall
    ldy WALK_AT_ROW
    cpy FIELD_TARGET+1
    beq _done
_wall:
    lda #FIELD_UNREACHABLE
_done:
    rts
.scend

;
; walk_args_clear -- CALL_ARGS 0..3 all 0 (their high bytes for the engine).
;
; Clobbers: A, Y, flags
;
walk_args_clear:
    lda #0
    ldy #7
*   sta CALL_ARGS,y
    dey
    bpl -
    rts

;
; walk_legal -- may unit WALK_UNIT step in WALK_DIR now (movement.check_move)?
; move_rule with an OP limit of 0: E_LIMIT comes only when every other check
; passed, and nothing is changed.
;
; In:       WALK_UNIT, WALK_DIR
; Out:      Z set: legal
; Clobbers: A, X, Y, flags; CALL_ARGS, ACTION_UNIT, ACTION_COST, WORK+0..8;
;           move_rule's zero page
;
walk_legal:
    jsr walk_args_clear
    ldx WALK_UNIT
    inx
    stx ARG0_LO
    lda WALK_DIR
    sta ARG1_LO
    jsr move_rule
    cmp #E_LIMIT
    rts

;
; walk_stack -- what stands in a hex (GoodAI's occupancy): the units of a side and
; their strength as WALK_SIDE sees it, depots left out.
;
; In:       X = column, Y = row; A = side
; Out:      WALK_ALL = the units there, WALK_COUNT = those of the side, WALK_SUM =
;           the strength of the side's non-depots
; Clobbers: A, X, Y, flags; ai_est_strength's
;
walk_stack:
.scope
    sta WALK_STACK_SIDE
    stx WALK_STACK_COL
    sty WALK_STACK_ROW
    lda #0
    sta WALK_SUM
    sta WALK_SUM+1
    sta WALK_COUNT
    sta WALK_ALL
    ldx #UNIT_COUNT
_column:
    lda WALK_STACK_COL              ; the scan: most units are in another column
_scan:
    dex
    bmi _done
    cmp U_COL,x
    bne _scan
    lda U_ROW,x
    cmp WALK_STACK_ROW
    bne _column
    jsr unit_on_map
    bne _column
    inc WALK_ALL
    lda UNIT_SIDE,x
    cmp WALK_STACK_SIDE
    bne _column
    inc WALK_COUNT
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _column
    jsr ai_est_strength             ; as WALK_SIDE (AI_SIDE) sees it
    clc
    adc WALK_SUM
    sta WALK_SUM
    tya
    adc WALK_SUM+1
    sta WALK_SUM+1
    jmp _column
_done:
    rts
.scend

;
; walk_around -- walk_stack for each neighbour of a hex on the map.
;
; In:       X = column, Y = row; A = side
; Out:      WALK_MOST = the largest WALK_SUM; WALK_ANY = 0 if no unit of the side
;           stands next to the hex
; Clobbers: A, X, Y, flags; WALK_K, walk_stack's
;
walk_around:
.scope
    sta WALK_AROUND_SIDE
    stx WALK_AROUND_COL
    sty WALK_AROUND_ROW
    lda #0
    sta WALK_MOST
    sta WALK_MOST+1
    sta WALK_ANY
    lda #HEX_DIRECTIONS
    sta WALK_K
_dir:
    ldx WALK_AROUND_COL
    ldy WALK_AROUND_ROW
    lda WALK_K
    jsr hex_step
    bcs _next
    lda WALK_AROUND_SIDE
    jsr walk_stack
    lda WALK_COUNT
    ora WALK_ANY
    sta WALK_ANY
    lda WALK_SUM
    cmp WALK_MOST
    lda WALK_SUM+1
    sbc WALK_MOST+1
    bcc _next
    lda WALK_SUM
    sta WALK_MOST
    lda WALK_SUM+1
    sta WALK_MOST+1
_next:
    dec WALK_K
    bne _dir
    rts
.scend

;
; walk_exposed -- _exposed: would the unit, with the friends already in the
; neighbour, stand next to an enemy stack (depots left out) whose strength as the
; side sees it, times 10, is above EXPOSED_RATIO x their strength x the terrain's
; defence tenths?
;
; In:       WALK_UNIT, WALK_SIDE, WALK_NEXT_COL/ROW (a hex the unit may enter)
; Out:      carry clear: exposed; carry set: not
; Clobbers: A, X, Y, flags; EXPOSED_FOE, walk_around's; ZP_MUL, ZP_HEX_A, ZP_PTR
;
walk_exposed:
.scope
    lda WALK_SIDE                   ; the strongest enemy stack around
    eor #1
    ldx WALK_NEXT_COL
    ldy WALK_NEXT_ROW
    jsr walk_around
    lda WALK_MOST
    ora WALK_MOST+1
    bne _near
    sec                             ; none: not exposed
    rts
_near:
    lda WALK_SIDE                   ; the friends in the hex
    ldx WALK_NEXT_COL
    ldy WALK_NEXT_ROW
    jsr walk_stack
    lda WALK_MOST                   ; the enemy's, in tenths: 10 x strength
    sta WALK_M0
    lda WALK_MOST+1
    sta WALK_M1
    lda #10
    jsr mul_by_byte
    ldx #2
*   lda WALK_M0,x
    sta EXPOSED_FOE,x
    dex
    bpl -
    ldx WALK_UNIT                   ; ours: the unit and the friends
    lda U_STR_LO,x
    clc
    adc WALK_SUM
    sta WALK_M0
    lda U_STR_HI,x
    adc WALK_SUM+1
    sta WALK_M1
    lda WALK_NEXT_COL
    sta ZP_HEX_A
    lda WALK_NEXT_ROW
    sta ZP_HEX_A+1
    jsr hex_terrain
    lda walk_exposed_tenths,y       ; EXPOSED_RATIO x the defence tenths
    jsr mul_by_byte
    lda WALK_M0                     ; ours - foe: carry clear when the foe's is
    cmp EXPOSED_FOE                 ; more (exposed)
    lda WALK_M1
    sbc EXPOSED_FOE+1
    lda WALK_M2
    sbc EXPOSED_FOE+2
    rts
.scend

;
; ai_town_step -- _take_empty_towns's next move: the first town (in the order of
; the towns' ids) from a given one that the enemy controls and nobody holds, and
; the weakest of the side's combat units next to it (ties: the lowest number) that
; may step in.
;
; In:       A = side; X = the first town to look at, in that order (0 to begin,
;           then the last answer's Y + 1)
; Out:      A = unit number, X = its direction, Y = the town (in that order);
;           A = 0: no town left to take
; Clobbers: flags; WALK_*, CALL_ARGS, CALL_RESULT, WORK, ACTION_*
; Zero page: all the engine's 16 bytes (move_rule, display_strength)
;
ai_town_step:
.scope
    sta WALK_SIDE
    dex                             ; (X + 1 below)
    stx WALK_TOWN
_next_town:
    inc WALK_TOWN
    ldx WALK_TOWN
    cpx #TOWN_COUNT
    bcc _town
    lda #0                          ; none left
    rts
_town:
    ldy walk_towns_by_id,x
    lda CONTROL,y
    cmp WALK_SIDE
    beq _next_town
    lda TOWN_COL,y
    sta WALK_TOWN_COL
    tax
    lda TOWN_ROW,y
    sta WALK_TOWN_ROW
    tay
    jsr walk_stack                  ; (any side: WALK_ALL)
    lda WALK_ALL
    bne _next_town                  ; held: not empty
    sta WALK_BEST_DIR
    ldx #0                          ; the side's combat units by number
_unit:
    stx WALK_UNIT
    lda AI_SIDE                     ; a combat unit of the walk's side on the map
    jsr ai_side_combatant
    bne _next_unit
    lda WALK_BEST_DIR               ; weaker than the best so far (strictly: the
    beq _first                      ; lower number wins a tie)
    lda U_STR_LO,x
    cmp WALK_STR
    lda U_STR_HI,x
    sbc WALK_STR+1
    bcs _next_unit
_first:
    lda U_COL,x
    sta WALK_COL
    lda U_ROW,x
    sta WALK_ROW
    lda #1                          ; next to the town?  Its direction
    sta WALK_DIR
_dir:
    jsr walk_next
    bcs _not_there
    cpx WALK_TOWN_COL
    bne _not_there
    cpy WALK_TOWN_ROW
    beq _there
_not_there:
    inc WALK_DIR
    lda WALK_DIR
    cmp #HEX_DIRECTIONS+1
    bcc _dir
    bcs _next_unit                  ; always
_there:
    jsr walk_legal
    bne _next_unit
    ldx WALK_UNIT
    stx WALK_BEST_UNIT
    lda U_STR_LO,x
    sta WALK_STR
    lda U_STR_HI,x
    sta WALK_STR+1
    lda WALK_DIR
    sta WALK_BEST_DIR
_next_unit:
    ldx WALK_UNIT
    inx
    cpx #UNIT_COUNT
    bcc _unit
    lda WALK_BEST_DIR
    bne _found
    jmp _next_town
_found:
    ldx WALK_BEST_UNIT
    inx
    txa
    ldx WALK_BEST_DIR
    ldy WALK_TOWN
    rts
.scend

;
; ai_fortify_next -- _fortify's next level: the first unit of the side (by number,
; no depot) in a named place or next to an enemy unit, below the levels its terrain
; still gains from (the multiplier's cap), with FORT_MIN_SUPPLY supply or more, that
; may fortify now (fortify_rule with an OP limit of 0: E_LIMIT).
;
; In:       A = side
; Out:      A = unit number, or 0: none; the game state unchanged
; Clobbers: X, Y, flags; WALK_*, CALL_ARGS, CALL_RESULT
; Zero page: all the engine's 16 bytes (hex_terrain, display_strength, hex_step)
;
ai_fortify_next:
.scope
    sta WALK_SIDE
    ldx #0
    beq _unit                       ; always
_next:
    ldx WALK_UNIT
    inx
    cpx #UNIT_COUNT
    bcs walk_zero
_unit:
    stx WALK_UNIT
    jsr own_on_map                  ; (WALK_SIDE is AI_SIDE)
    bne _next
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _next
    lda U_SUPPLY_LO,x
    cmp #<FORT_MIN_SUPPLY
    lda U_SUPPLY_HI,x
    sbc #>FORT_MIN_SUPPLY
    bcc _next
    lda U_COL,x
    sta ZP_HEX_A
    lda U_ROW,x
    sta ZP_HEX_A+1
    jsr hex_terrain
    lda U_FORT,x
    cmp walk_fort_useful,y
    bcs _next
    ldy #WALK_PLACE_COUNT-1         ; a named place?
_place:
    lda walk_place_cols,y
    cmp ZP_HEX_A
    bne +
    lda walk_place_rows,y
    cmp ZP_HEX_A+1
    beq _worth
*   dey
    bpl _place
    lda WALK_SIDE                   ; an enemy unit next to it?
    eor #1
    ldy ZP_HEX_A+1
    ldx ZP_HEX_A
    jsr walk_around
    lda WALK_ANY
    beq _next
_worth:
    jsr walk_args_clear             ; fortify_rule with an OP limit of 0: E_LIMIT
    ldx WALK_UNIT                   ; when it may
    inx
    stx ARG0_LO
    jsr fortify_rule
    cmp #E_LIMIT
    bne _next
    ldx WALK_UNIT
    inx
    txa
    rts
.scend
walk_zero:                          ; (ai_fortify_next's and ai_sealift_unit's answer: none)
    lda #0
    rts

;
; walk_town_cost -- the cost a step of the walk reads: in the last turn a town the
; enemy controls (CONTROL not the side's; NONE too) counts as the goal itself, 0.
;
; In:       A = the neighbour's cost in the field; WALK_NEXT_COL/ROW, WALK_SIDE;
;           TURN, LAST_TURN
; Out:      A = the cost, or 0
; Clobbers: X, Y, flags
;
walk_town_cost:
.scope
    ldy TURN
    cpy LAST_TURN
    bcc _done                       ; not the last turn
    ldx #TOWN_COUNT-1
_town:
    ldy TOWN_COL,x
    cpy WALK_NEXT_COL
    bne _next
    ldy TOWN_ROW,x
    cpy WALK_NEXT_ROW
    bne _next
    ldy CONTROL,x
    cpy WALK_SIDE
    bne walk_zero                   ; the enemy's (one place a hex)
_next:
    dex
    bpl _town
_done:
    rts
.scend

;
; ai_sealift_unit -- _sealift's choice: the Allies, with a sealift left and no
; limited reaction open, holding Tobruk with an enemy unit within
; SEALIFT_THREAT_RADIUS hexes of it, ship the strongest combat unit (ties: the
; lowest number) in Alexandria with an operation point left.  The driver
; tries the sea move (SEA_MOVE) and takes a refusal as Python does: no sealift.
;
; In:       A = side
; Out:      A = unit number, or 0: none (also for the Axis)
; Clobbers: X, Y, flags; WALK_*
; Zero page: ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2 (hex_distance)
;
ai_sealift_unit:
.scope
    sta WALK_SIDE
    cmp #SIDE_ALLIED
    bne walk_zero
    lda SEALIFT_LEFT
    beq walk_zero
    lda REACT_SIDE
    cmp #NONE
    bne walk_zero
    lda CONTROL+TOBRUK_TOWN
    cmp #SIDE_ALLIED
    bne walk_zero
    lda #TOBRUK_COL
    sta ZP_HEX_A
    lda #TOBRUK_ROW
    sta ZP_HEX_A+1
    ldx #UNIT_COUNT-1
_enemy:
    jsr unit_on_map
    bne _far
    lda UNIT_SIDE,x
    cmp #SIDE_ALLIED
    beq _far
    lda U_COL,x
    sta ZP_HEX_B
    lda U_ROW,x
    sta ZP_HEX_B+1
    jsr hex_distance
    cmp #SEALIFT_THREAT_RADIUS+1
    bcc _threat
_far:
    dex
    bpl _enemy
    bmi walk_zero                   ; always: no enemy near
_threat:
    lda #0
    sta WALK_BEST_UNIT
    ldx #0
_unit:
    lda AI_SIDE                     ; a combat unit of the walk's side on the map
    jsr ai_side_combatant
    bne _next
    lda U_COL,x
    cmp HOME_COL+SIDE_ALLIED
    bne _next
    lda U_ROW,x
    cmp HOME_ROW+SIDE_ALLIED
    bne _next
    lda U_OP,x
    beq _next
    ldy WALK_BEST_UNIT              ; stronger than the best so far (strictly)
    beq _take
    lda WALK_STR
    cmp U_STR_LO,x
    lda WALK_STR+1
    sbc U_STR_HI,x
    bcs _next
_take:
    txa
    tay
    iny
    sty WALK_BEST_UNIT
    lda U_STR_LO,x
    sta WALK_STR
    lda U_STR_HI,x
    sta WALK_STR+1
_next:
    inx
    cpx #UNIT_COUNT
    bcc _unit
    lda WALK_BEST_UNIT
    rts
.scend

; ai_walk.s's tables (tools/kotd/build/opponent.py from ai_good and the model)
walk_exposed_tenths:
`walk_exposed_tenths
walk_fort_useful:
`walk_fort_useful
walk_towns_by_id:
`walk_towns_by_id
walk_place_cols:
`walk_place_cols
walk_place_rows:
`walk_place_rows

;
; The walk's RAM (where kotd.build.opponent places it).  The GOAL tables it reads
; (AI_GOAL_COL, AI_GOAL_ROW, AI_TETHER, AI_FLAGS, AI_WALLS) are ai_goals.s's.
;
.alias WALK_SIDE AI_SIDE      ; the side deciding: the judge's (ai_est_strength reads it)
.data
AI_SOURCE_LIST:                             ; col,row pairs, $FF-terminated
.org ^+[2*SUPPLY_PLACES_MAX+1]
.space WALK_UNIT 1           ; the unit in hand (index)
.space WALK_COL 1            ; the unit's hex
.space WALK_ROW 1
.space WALK_NEXT_COL 1       ; the neighbour in hand
.space WALK_NEXT_ROW 1
.space WALK_NEXT_GAP 1       ; its gap
.space WALK_DIR 1            ; the direction in hand
.space WALK_DIST 1           ; its cost (or key)
.space WALK_HERE 1           ; the unit's hex's cost to the goal
.space WALK_AT_ROW 1         ; walk_field_at's row
.space WALK_GAP 1            ; and its gap
.space WALK_BEST 1           ; the best cost (key) so far
.space WALK_BEST_DIR 1       ; its direction, 0: none
.space WALK_BEST_UNIT 1      ; towns: the unit's index; sealift: its number
.space WALK_RANGE 1          ; the unit's supply range (walk_into_supply)
.space WALK_BACK 1           ; ai_walk_step's: the direction back to the hex the unit
                             ; left at its last step of this walk, 0: none (the driver's)
.space WALK_STR 2            ; the best unit's strength (towns, sealift)
.alias WALK_BARE WALK_STR     ; ai_walk_step: the best exposed step's cost
.alias WALK_BARE_DIR WALK_STR+1 ; and its direction, 0: none
.space WALK_TOWN 1           ; the town in hand (the ids' order)
.space WALK_TOWN_COL 1
.space WALK_TOWN_ROW 1
.space WALK_STACK_SIDE 1     ; walk_stack's arguments
.space WALK_STACK_COL 1
.space WALK_STACK_ROW 1
.space WALK_SUM 2            ; and answers
.space WALK_COUNT 1
.space WALK_ALL 1
.space WALK_AROUND_SIDE 1    ; walk_around's arguments
.space WALK_AROUND_COL 1
.space WALK_AROUND_ROW 1
.space WALK_K 1
.space WALK_MOST 2           ; and answers
.space WALK_ANY 1
.space EXPOSED_FOE 3         ; 10 x the strongest enemy stack
.text
