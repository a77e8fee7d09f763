;
; ai_attack.s -- the computer player's battles: the twin of kotd.engine.ai_good's
; GoodAI._attackers, _odds, _target_value, _best_attack, _launch's choices, the
; decision loop of _attacks, and the choices of defend and react.  Decisions only:
; the driver (ai_driver.s) performs ACCESS, ATTACK, DEFEND and FINISH_UNIT.
; emu_tests/test_ai_attack.py ties each routine to its Python method.
;
; How the driver uses it, for AI_SIDE (ai_judge.s):
;   operations phase: ai_posture once at its start; then for each attack loop
;   (before and after the movement), ai_attacks_begin, then ai_next_attack until it
;   answers 0 (or the game is over): each 1 leaves the engine's battle block filled
;   for ATTACK, as GoodAI._launch hands game.attack its arguments.
;   a computer defender: ai_defend (AI_SIDE the defender's side) gives DEFEND's
;   arguments.  a computer's limited reaction: ai_react (AI_SIDE the reacting side)
;   names the unit or 0 (nothing: END_REACTION); the driver ACCESSes it, then
;   ai_launch fills the battle block (1) or answers 0 (the battle does not fit the
;   access's budget), then, if a unit is still accessed, FINISH_UNIT.
; Units "en route" (GoodAI._en_route: they do not stop to fight) are the driver's:
; the byte at AI_SKIP + n is 0 for a unit numbered n that is not, else 1 + the
; operation points it keeps for its road (GoodAI._road: the last turn's drive),
; EN_ROUTE_ALL for one that keeps them all (never fights).
;
; The odds of a battle are the engine's own (combat.s: check_battle, measure_attack,
; measure_defence, measure_odds) on the battle block, the block used as scratch; the
; defenders' strengths are the estimated ones (ai_est_strength), put in U_STR for the
; measure and the true ones put back at once.
;

.alias EN_ROUTE_ALL     $FF        ; AI_SKIP's mark of a unit that never stops to fight

;
; aa_first_at -- the lowest-numbered unit on the map in a hex (occupancy's first).
;
; In:       A = column, Y = row
; Out:      carry clear: X = its index; carry set: the hex is empty
; Clobbers: A
;
aa_first_at:
.scope
    sta AA_COL
    sty AA_ROW
    ldx #$FF
_column:
    lda AA_COL                      ; the scan: most units are in another column
_scan:
    inx
    cpx #UNIT_COUNT
    bcs _done                       ; carry set: none
    cmp U_COL,x
    bne _scan
    jsr aa_at_hex
    bne _column
    clc
_done:
    rts
.scend

;
; aa_at_hex -- is unit X on the map in the hex AA_COL, AA_ROW?
;
; In:       X = unit index; AA_COL, AA_ROW
; Out:      Z set: yes
; Clobbers: A, the carry
;
aa_at_hex:
.scope
    lda U_COL,x                     ; the column first: the test most units fail
    cmp AA_COL
    bne _no
    lda U_ROW,x
    cmp AA_ROW
    bne _no
    jsr unit_on_map
_no:
    rts
.scend

;
; aa_enemy_at -- does the neighbour of AA_HX in direction A hold the enemy's units?
;
; In:       A = direction 1-6; AA_HX; AI_SIDE
; Out:      carry clear: yes, AA_N = the hex; carry set: no (off the map, empty, ours)
; Clobbers: A, X, Y, flags; ZP_TEMP, ZP_TEMP+1
;
aa_enemy_at:
.scope
    ldx AA_HX
    ldy AA_HX+1
    jsr hex_step
    bcs _no                         ; off the map
    stx AA_N
    sty AA_N+1
    txa
    jsr aa_first_at
    bcs _no                         ; empty
    jsr own_side
    beq _ours
    clc
    rts
_ours:
    sec
_no:
    rts
.scend

;
; aa_can_attack -- the attack minimums of supply and operation points
; (combat.can_attack).
;
; In:       X = unit index
; Out:      carry set: it can attack
; Clobbers: A, Y
;
aa_can_attack:
.scope
    ldy UNIT_SIDE,x
    lda U_SUPPLY_LO,x
    cmp ATTACK_MIN_SUPPLY_LO,y
    lda U_SUPPLY_HI,x
    sbc ATTACK_MIN_SUPPLY_HI,y
    bcc _done
    lda U_OP,x
    cmp ATTACK_MIN_OP,y
_done:
    rts
.scend

;
; aa_attackers -- GoodAI._attackers: AI_SIDE's units in the hex AA_HX that can
; attack, not depots, not en route unless an attack at intensity 1 leaves them their
; road (aa_keeps_road), in unit-number order, and the sum of their strengths; with a
; lead (_best_attack's), the lead alone if it is one.
;
; In:       AA_HX; AA_LEAD (0: none); AI_SKIP
; Out:      AA_ATT = their numbers, AA_NATT = how many; AA_STRENGTH = the sum
; Clobbers: A, X, Y, flags; ZP_PTR; BATTLE_INTENSITY; AA_ROAD, AA_TEMP
;
aa_attackers:
.scope
    lda #0
    sta AA_NATT
    sta AA_STRENGTH
    sta AA_STRENGTH+1
    lda AA_HX
    sta AA_COL
    lda AA_HX+1
    sta AA_ROW
    ldx #0
_unit:
    jsr aa_at_hex
    bne _next
    jsr own_side
    bne _next
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _next
    jsr aa_can_attack
    bcc _next
    lda #1
    sta BATTLE_INTENSITY
    jsr aa_keeps_road
    bcc _next                       ; en route
    txa
    tay
    iny                             ; the unit's number
    lda AA_LEAD
    beq _take
    cpy AA_LEAD
    bne _next                       ; only the lead attacks
_take:
    tya
    ldy AA_NATT
    sta AA_ATT,y
    inc AA_NATT
    jsr aa_add_strength
_next:
    inx
    cpx #UNIT_COUNT
    bcc _unit
    rts
.scend

;
; aa_keeps_road -- GoodAI._keeps_road: does an attack at BATTLE_INTENSITY leave unit
; X, en route, the operation points of its road (its byte at AI_SKIP - 1) and the
; supply they spend (SUPPLY_PER_OP a point)?  A unit not en route: yes; one keeping
; them all (EN_ROUTE_ALL): never (no unit has the points).
;
; In:       X = unit index; BATTLE_INTENSITY; AI_SKIP
; Out:      carry set: yes; X kept
; Clobbers: A, Y, flags; ZP_PTR; AA_ROAD, AA_TEMP
;
aa_keeps_road:
.scope
    jsr aa_mark
    sec
    beq _done                       ; not en route
    sta AA_ROAD
    txa
    pha
    tya
    tax
    jsr attacker_op_cost
    sta AA_TEMP
    pla
    tax
    lda U_OP,x                      ; op - cost + 1 >= the byte: the road's points kept
    sec
    sbc AA_TEMP
    bcc _done
    adc #0
    cmp AA_ROAD
    bcc _done
    jsr aa_supply_cost              ; supply >= cost + road x SUPPLY_PER_OP
    sta AA_TEMP
    lda #0
    sta AA_TEMP+1
    dec AA_ROAD
    ldy #SUPPLY_PER_OP
_per_op:
    lda AA_TEMP
    clc
    adc AA_ROAD
    sta AA_TEMP
    bcc +
    inc AA_TEMP+1
*   dey
    bne _per_op
    lda U_SUPPLY_LO,x
    cmp AA_TEMP
    lda U_SUPPLY_HI,x
    sbc AA_TEMP+1
_done:
    rts
.scend

;
; ai_roads -- GoodAI.operations's _road, for the last turn's drive: the mark of each
; AI_SIDE unit en route (AI_SKIP) lowered to 1 + the operation points from its hex
; to the nearest hex of AI_OPENING_HEXES (ai_field: a mobile unit's, no walls; a hex
; it cannot reach leaves the mark as it is).
;
; In:       AI_SIDE; AI_OPENING_COUNT, AI_OPENING_HEXES; AI_SKIP's marks
; Out:      the marks
; Clobbers: A, X, Y, flags; the engine's zero page; FIELD; AA_SLOT, AA_ROAD
;
ai_roads:
.scope
    ldy AI_OPENING_COUNT
_hex:
    dey
    bmi _done
    sty AA_SLOT
    tya
    asl
    tax
    lda AI_OPENING_HEXES,x
    ldy AI_OPENING_HEXES+1,x
    jsr ai_args
    lda #TYPE_MOBILE
    sta ARG2_LO
    lda #NONE
    sta ARG3_LO
    jsr ai_field
    ldx #UNIT_COUNT-1
_unit:
    jsr own_side
    bne _next
    jsr aa_mark
    beq _next                       ; not en route
    sta AA_ROAD
    jsr unit_field                  ; (FP_HERE is not ZP_PTR)
    cmp #FIELD_UNREACHABLE
    bcs _next
    adc #1                          ; the carry is clear
    cmp AA_ROAD
    bcs _next
    pha                             ; the new mark
    jsr aa_mark
    pla
    sta (ZP_PTR),y
_next:
    dex
    bpl _unit
    ldy AA_SLOT
    bpl _hex                        ; always
_done:
    rts
.scend

;
; aa_mark -- unit X's en-route mark (ZP_PTR = AI_SKIP, Y = the unit's number).
;
; In:       X = unit index; AI_SKIP
; Out:      A = the mark (Z set: 0, not en route); X kept
; Clobbers: Y, flags; ZP_PTR
;
aa_mark:
    lda AI_SKIP
    sta ZP_PTR_LO
    lda AI_SKIP+1
    sta ZP_PTR_HI
    txa
    tay
    iny
    lda (ZP_PTR),y
    rts

;
; aa_supply_cost -- combat.supply_cost: an attacker's supply at BATTLE_INTENSITY (the
; chart's column: the computer's Allies pay the Axis's).
;
; In:       X = unit index; BATTLE_INTENSITY
; Out:      A = the cost; X kept
; Clobbers: Y, flags; AA_TEMP
;
aa_supply_cost:
    lda #SIDE_AXIS
    ldy OPT_COMPUTER_ALLIED
    bne +
    lda UNIT_SIDE,x
*   asl                             ; (column x 2 + type) x INTENSITY_MAX + intensity - 1
    ora UNIT_TYPE,x
    sta AA_TEMP
    asl
    asl
    asl
    adc AA_TEMP                     ; x 9: INTENSITY_MAX (checked below)
    adc BATTLE_INTENSITY
    tay
    lda COMBAT_SUPPLY_COST-1,y      ; attacker rows first
    rts

; AA_STRENGTH += unit X's U_STR.  Clobbers A, the carry.
aa_add_strength:
    clc
    lda AA_STRENGTH
    adc U_STR_LO,x
    sta AA_STRENGTH
    lda AA_STRENGTH+1
    adc U_STR_HI,x
    sta AA_STRENGTH+1
    rts

;
; aa_defenders -- combat.selectable_defenders of the hex AA_N: its units but the
; depots, or its depots when it holds nothing else (in unit-number order).
;
; In:       AA_N
; Out:      AA_DEF = their numbers, AA_NDEF = how many
; Clobbers: A, X, flags
;
aa_defenders:
.scope
    lda AA_N
    sta AA_COL
    lda AA_N+1
    sta AA_ROW
    lda #ROLE_DEPOT                 ; first every unit but the depots
_pass:
    sta AA_EXCLUDE
    lda #0
    sta AA_NDEF
    ldx #0
_unit:
    jsr aa_at_hex
    bne _next
    lda UNIT_ROLE,x
    cmp AA_EXCLUDE
    beq _next
    txa
    ldy AA_NDEF
    clc
    adc #1
    sta AA_DEF,y
    inc AA_NDEF
_next:
    inx
    cpx #UNIT_COUNT
    bcc _unit
    lda AA_NDEF
    bne _done
    lda AA_EXCLUDE
    cmp #NONE
    beq _done
    lda #NONE                       ; then every unit: depots alone
    bne _pass                       ; always
_done:
    rts
.scend

;
; aa_air -- the air a side commits to a battle of AA_STRENGTH attacking strength:
; u = min(AIR_USABLE of the side, AIR_MAX); all of u from AI_ATTACK_AIR_BIG up, else
; at most the small figure (_best_attack: AI_ATTACK_AIR_SMALL; _odds and defend, the
; defender's: AI_DEFENCE_AIR).
;
; In:       A = side; Y = the small figure; AA_STRENGTH
; Out:      A = the air
; Clobbers: X, Y, flags
;
aa_air:
.scope
    sty AA_SMALL
    tax
    lda AIR_USABLE,x
    cmp #AIR_MAX+1
    bcc _usable
    lda #AIR_MAX
_usable:
    tax
    lda AA_STRENGTH
    cmp #<AI_ATTACK_AIR_BIG
    lda AA_STRENGTH+1
    sbc #>AI_ATTACK_AIR_BIG
    txa
    bcs _done                       ; a big attack: all of it
    cmp AA_SMALL
    bcc _done
    lda AA_SMALL
_done:
    rts
.scend

;
; aa_fill_block -- the battle block's hexes and units: AA_HX and AA_N, AA_ATT and AA_DEF.
;
; Clobbers: A, X, flags
;
aa_fill_block:
.scope
    ldx #1
_hexes:
    lda AA_HX,x
    sta BATTLE_HEXES,x
    lda AA_N,x
    sta BATTLE_HEXES+2,x
    lda AA_NATT,x                   ; AA_NATT, AA_NDEF: the counts
    sta BATTLE_COUNT,x
    dex
    bpl _hexes
    ldx #STACKING_HEX-1
_units:
    lda AA_ATT,x
    sta BATTLE_UNITS,x
    lda AA_DEF,x
    sta BATTLE_UNITS+STACKING_HEX,x
    dex
    bpl _units
    rts
.scend

;
; ai_odds -- GoodAI._odds: the estimated odds in hundredths of AA_ATT (with air
; AA_ATT_AIR) from AA_HX against AA_DEF in AA_N: the engine's modified strengths with the
; neighbour counts, the defenders' strengths as AI_SIDE sees them, and the air the
; defender is assumed to commit (aa_air: the enemy's, AI_DEFENCE_AIR).
;
; In:       AA_HX, AA_N; AA_ATT, AA_NATT, AA_STRENGTH, AA_ATT_AIR; AA_DEF, AA_NDEF (a
;           battle the engine accepts: _best_attack's always is)
; Out:      AA_ODDS (16 bits, saturated at $FFFF); the battle block's inputs hold
;           this battle (intensity and risks 1), its outputs the measure
; Clobbers: A, X, Y, flags; the engine's zero page; ARG0, CALL_RESULT
;
ai_odds:
.scope
    jsr aa_fill_block
    lda #1                          ; the odds do not depend on them
    sta BATTLE_INTENSITY
    sta BATTLE_RISK
    sta BATTLE_RISK+1
    lda #0
    sta BATTLE_REACTION
    lda AA_ATT_AIR
    sta BATTLE_AIR
    lda AI_SIDE
    eor #SIDE_AXIS^SIDE_ALLIED
    ldy #AI_DEFENCE_AIR
    jsr aa_air
    sta BATTLE_AIR+1
    jsr check_battle                ; BATTLE_IDX, the survey of the neighbours
    ldy #0                          ; the estimates in U_STR, the truth kept
_estimate:
    ldx BATTLE_IDX+STACKING_HEX,y
    lda U_STR_LO,x
    sta AA_SAVED_LO,y
    lda U_STR_HI,x
    sta AA_SAVED_HI,y
    sty AA_SLOT
    jsr ai_est_strength
    sta U_STR_LO,x
    tya
    sta U_STR_HI,x
    ldy AA_SLOT
    iny
    cpy AA_NDEF
    bcc _estimate
    jsr measure_attack
    jsr measure_defence
    ldy AA_NDEF
_restore:
    dey
    ldx BATTLE_IDX+STACKING_HEX,y
    lda AA_SAVED_LO,y
    sta U_STR_LO,x
    lda AA_SAVED_HI,y
    sta U_STR_HI,x
    tya
    bne _restore
    jsr measure_odds
    lda BATTLE_ODDS_LO
    sta AA_ODDS
    lda BATTLE_ODDS_HI
    sta AA_ODDS+1
    rts
.scend

;
; ai_target_value -- GoodAI._target_value: what the hex AA_N is worth to AI_SIDE: a
; town's VP, AI_TARGET_HOME_VALUE for the enemy's home base, AI_TARGET_RING_VALUE
; for the Axis on a hex next to Tobruk.
;
; In:       AA_N
; Out:      AA_VALUE (16 bits); Z set when 0
; Clobbers: A, X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2
;
ai_target_value:
.scope
    lda #0
    sta AA_VALUE
    sta AA_VALUE+1
    ldx #TOWN_COUNT-1
_town:
    lda TOWN_COL,x
    cmp AA_N
    bne _next
    lda TOWN_ROW,x
    cmp AA_N+1
    bne _next
    lda TOWN_VP,x
    jsr aa_add_value
_next:
    dex
    bpl _town
    lda AI_SIDE
    eor #SIDE_AXIS^SIDE_ALLIED
    tax
    lda HOME_COL,x
    cmp AA_N
    bne _ring
    lda HOME_ROW,x
    cmp AA_N+1
    bne _ring
    lda #AI_TARGET_HOME_VALUE
    jsr aa_add_value
_ring:
    lda AI_SIDE
    cmp #SIDE_AXIS
    bne _done
    lda AA_N
    sta ZP_HEX_A
    lda AA_N+1
    sta ZP_HEX_A+1
    lda #TOBRUK_COL
    sta ZP_HEX_B
    lda #TOBRUK_ROW
    sta ZP_HEX_B+1
    jsr hex_distance
    cmp #1
    bne _done
    lda #AI_TARGET_RING_VALUE
    jsr aa_add_value
_done:
    lda AA_VALUE
    ora AA_VALUE+1
    rts
.scend

; AA_VALUE += A.  Clobbers A, the carry.
aa_add_value:
    clc
    adc AA_VALUE
    sta AA_VALUE
    bcc +
    inc AA_VALUE+1
*   rts

;
; ai_best_attack -- GoodAI._best_attack: the best battle from the hex AA_HX: each
; enemy hex next to it (by direction; Tobruk left alone while the opening plan rings
; it and it is not surrounded yet) whose estimated odds reach max(AA_MIN less
; AI_ATTACK_ODDS_TOWN_CUT against a hex worth something, AI_FLOOR); the best by
; odds + value, then by hex (column, row), the larger.
;
; In:       AA_HX; AA_MIN = the odds needed; AA_LEAD = 0, or the unit number that
;           must attack alone (it must be one of the hex's attackers); AI_FLOOR
; Out:      A = AA_BEST: not 0 found (Z clear), 0 none; AA_BEST_HEX, AA_BEST_ODDS
;           = the battle's target and odds; AA_ATT, AA_NATT, AA_STRENGTH, AA_ATT_AIR
;           = the attackers (the lead alone), their strength and air
; Clobbers: X, Y, flags; the engine's zero page; the battle block; ARG0, CALL_RESULT
;
ai_best_attack:
.scope
    lda #0
    sta AA_BEST
    jsr aa_attackers
    lda AA_NATT
    beq _none                       ; none, or the lead is not one of them
    lda AI_SIDE
    ldy #AI_ATTACK_AIR_SMALL
    jsr aa_air
    sta AA_ATT_AIR
    lda #1
    sta AA_DIR
_direction:
    jsr aa_look
    inc AA_DIR
    lda AA_DIR
    cmp #HEX_DIRECTIONS+1
    bcc _direction
_none:
    lda AA_BEST
    rts
.scend

;
; aa_look -- ai_best_attack's look at the neighbour of AA_HX in direction AA_DIR:
; AA_BEST_* replaced when it is an enemy hex to attack with a better key.
;
; In, Out, Clobbers: as ai_best_attack's loop
;
aa_look:
.scope
    lda AA_DIR
    jsr aa_enemy_at
    bcs _out
    lda AA_N
    cmp #TOBRUK_COL
    bne _fight
    lda AA_N+1
    cmp #TOBRUK_ROW
    bne _fight
    jsr ai_opening_targets
    beq _fight                      ; no opening plan on
    jsr e_tobruk_surrounded
    lda CALL_RESULT_LO
    bne _fight                      ; surrounded: it may be stormed
_out:                               ; the opening rings Tobruk, it does not storm it
    rts
_fight:
    jsr aa_defenders
    jsr ai_odds
    jsr ai_target_value
    lda AA_MIN
    ldx AA_VALUE
    bne _cut
    ldx AA_VALUE+1
    beq _floor
_cut:
    sec
    sbc #AI_ATTACK_ODDS_TOWN_CUT    ; the build keeps every AA_MIN above the cut
_floor:
    cmp AI_FLOOR
    bcs _need
    lda AI_FLOOR
_need:
    ldx AA_ODDS+1
    bne _good
    cmp AA_ODDS
    beq _good
    bcs _next                       ; odds below the need
_good:
    clc                             ; the key: odds + value (17 bits), then AA_N
    lda AA_ODDS
    adc AA_VALUE
    sta AA_KEY+2
    lda AA_ODDS+1
    adc AA_VALUE+1
    sta AA_KEY+1
    lda #0
    rol
    sta AA_KEY
    lda AA_BEST
    beq _take
    ldx #0
_compare:
    lda AA_KEY,x
    cmp AA_BEST_KEY,x
    bne _decided
    inx
    cpx #5
    bcc _compare
    bcs _next                       ; equal: not better
_decided:
    bcc _next
_take:
    ldx #6                          ; key, hex and odds
_copy:
    lda AA_KEY,x
    sta AA_BEST_KEY,x
    dex
    bpl _copy
    inc AA_BEST
_next:
    rts
.scend

;
; ai_launch -- GoodAI._launch's choices for the best battle found (ai_best_attack
; from AA_HX): intensity and risk by the odds (ATTACK_STYLE), the intensity lowered
; while an attacker would keep less than the supply it needs after paying
; (AI_ATTACK_SUPPLY_KEEP, AI_OPENING_SUPPLY_KEEP with an opening still ahead this
; turn, none in the last turn) or, en route, not its road (aa_keeps_road), and in a
; limited reaction while the battle's OP cost
; for the first attacker passes REACT_BUDGET.  The battle block then holds what
; game.attack is handed (ATTACK's inputs).
;
; In:       AA_HX, AA_ATT, AA_NATT, AA_ATT_AIR, AA_BEST_HEX, AA_BEST_ODDS; the state
; Out:      A = 1: BATTLE_HEXES, BATTLE_COUNT, BATTLE_UNITS, BATTLE_INTENSITY,
;           BATTLE_RISK, BATTLE_AIR (the attacker's) filled; A = 0 (Z set): no
;           battle, the reaction's budget does not pay even intensity 1 (then only
;           BATTLE_INTENSITY and BATTLE_RISK were written)
; Clobbers: X, Y, flags; the engine's zero page
;
ai_launch:
.scope
    ldx #0
_style:
    lda AA_BEST_ODDS
    cmp AI_ATTACK_STYLE,x
    lda AA_BEST_ODDS+1
    sbc AI_ATTACK_STYLE+1,x
    bcs _styled                     ; the last row's lowest odds: 0
    inx
    inx
    inx
    inx
    bne _style                      ; always
_styled:
    lda AI_ATTACK_STYLE+2,x
    sta BATTLE_INTENSITY
    lda AI_ATTACK_STYLE+3,x
    sta BATTLE_RISK
    ldx #0                          ; the supply kept: none in the last turn (no upkeep
    lda TURN                        ; after it), else AI_ATTACK_SUPPLY_KEEP, with an
    cmp LAST_TURN                   ; opening ahead at least AI_OPENING_SUPPLY_KEEP
    bcs _keep
    jsr ai_opening_ahead            ; A = 1 or 0
    asl
    adc #2                          ; the carry is clear
    tax
_keep:
    lda _keeps,x
    sta AA_KEEP
    lda _keeps+1,x
    sta AA_KEEP+1
_lower:
    lda BATTLE_INTENSITY
    cmp #2
    bcc _reaction
    ldy AA_NATT
_attacker:
    dey
    bmi _reaction                   ; every attacker keeps enough
    sty AA_SLOT
    ldx AA_ATT,y
    dex
    jsr aa_supply_cost
    clc                             ; supply < keep + cost: it would keep too little
    adc AA_KEEP
    sta AA_TEMP
    lda AA_KEEP+1
    adc #0
    sta AA_TEMP+1
    lda U_SUPPLY_LO,x
    cmp AA_TEMP
    lda U_SUPPLY_HI,x
    sbc AA_TEMP+1
    bcc _down
    jsr aa_keeps_road               ; and en route, its road kept (_launch's short():
    ldy AA_SLOT                     ; the intensity lowered as far as either asks)
    bcs _attacker
_down:
    dec BATTLE_INTENSITY
    jmp _lower
_reaction:
    lda REACT_SIDE
    cmp #NONE
    beq _fill
_budget:
    ldx AA_ATT                      ; the first attacker's OP cost at the intensity
    jsr attacker_op_cost
    clc                             ; carry clear: cost - budget - 1 borrowed,
    sbc REACT_BUDGET                ; the cost within the budget
    bcc _fill
    dec BATTLE_INTENSITY
    bne _budget
    lda #0                          ; not even intensity 1
    rts
_fill:
    lda AA_BEST_HEX
    sta AA_N
    lda AA_BEST_HEX+1
    sta AA_N+1
    jsr aa_defenders
    jsr aa_fill_block
    lda AA_ATT_AIR
    sta BATTLE_AIR
    lda #1
    rts
_keeps:
    .word 0, AI_ATTACK_SUPPLY_KEEP, AI_OPENING_KEEP
.scend

;
; ai_attacks_begin -- the start of one of _attacks's loops: the odds needed by the
; posture (in defence AI_ATTACK_ODDS_DEFENCE, the Axis with Tobruk its own
; AI_ATTACK_ODDS_DEFENCE_TOBRUK; in offence AI_ATTACK_ODDS_OFFENCE, or
; AI_ATTACK_ODDS_PLANNED in a planned offensive, where with AI_RATIO at least the
; side's ai_ratio_crushing the need and the floor are AI_ATTACK_ODDS_CRUSHING, as they are in
; the last turn), the floor (AI_ATTACK_ODDS_FLOOR), no battle counted on any hex yet,
; and as many passes as AI_SIDE has units on the map.
;
; In:       AI_SIDE; AI_OFFENSIVE, AI_PLANNED, AI_RATIO (ai_posture at the phase's start);
;           TURN, LAST_TURN; Tobruk's CONTROL
; Out:      AI_MIN_ODDS, AI_FLOOR, AI_PASSES; the battles counted per hex cleared
; Clobbers: A, X, flags
;
ai_attacks_begin:
.scope
    lda #AI_ATTACK_ODDS_FLOOR
    sta AI_FLOOR
    lda TURN
    cmp LAST_TURN
    bcs _crushing                   ; the last turn: nothing after it
    ldx #AI_ATTACK_ODDS_DEFENCE
    lda AI_SIDE
    cmp #SIDE_AXIS
    bne _posture
    lda CONTROL+TOBRUK_TOWN
    cmp #SIDE_AXIS
    bne _posture
    ldx #AI_ATTACK_ODDS_DEFENCE_TOBRUK  ; the root of its depot chain held: the pool husbanded
_posture:
    lda AI_OFFENSIVE
    beq _need
    ldx #AI_ATTACK_ODDS_OFFENCE
    lda AI_PLANNED
    beq _need
    ldx AI_SIDE
    lda AI_RATIO
    cmp ai_ratio_crushing,x
    lda AI_RATIO+1
    sbc #0                          ; (a byte: opponent.judge_lines)
    ldx #AI_ATTACK_ODDS_PLANNED
    bcc _need
_crushing:
    ldx #AI_ATTACK_ODDS_CRUSHING    ; the line will not hold (VI.12)
    stx AI_FLOOR
_need:
    stx AI_MIN_ODDS
    lda #0
    sta AI_DONE_COUNT
    sta AI_PASSES
    ldx #UNIT_COUNT-1
_unit:
    jsr own_on_map                  ; (ai_goals.s)
    bne _next
    inc AI_PASSES
_next:
    dex
    bpl _unit
    rts
.scend

;
; aa_next_hex -- the next hex of _attacks's sorted list: the hexes of AI_SIDE's
; combatants and its home base, in (column, row) order: the least one not below
; AA_LOW, which then moves past it.
;
; In:       AA_LOW (column, row: 0, 0 for the first)
; Out:      carry clear: AA_HX = the hex; carry set: no more
; Clobbers: A, X, Y, flags
;
aa_next_hex:
.scope
    lda #NONE
    sta AA_NEXT
    sta AA_NEXT+1
    ldx AI_SIDE
    lda HOME_COL,x
    ldy HOME_ROW,x
    jsr _consider
    ldx #UNIT_COUNT-1
_unit:
    lda AI_SIDE
    jsr ai_side_combatant
    bne _next
    lda U_COL,x
    ldy U_ROW,x
    jsr _consider
_next:
    dex
    bpl _unit
    lda AA_NEXT
    cmp #NONE
    beq _done                       ; carry set: none (no column is NONE)
    sta AA_HX
    sta AA_LOW
    ldy AA_NEXT+1
    sty AA_HX+1
    iny                             ; past it (rows stay below 255)
    sty AA_LOW+1
    clc
_done:
    rts
; (A, Y) replaces AA_NEXT when AA_LOW <= (A, Y) < AA_NEXT.  X kept.
_consider:
    sta AA_COL
    cpy AA_LOW+1
    sbc AA_LOW
    bcc _not
    cpy AA_NEXT+1
    lda AA_COL
    sbc AA_NEXT
    bcs _not
    lda AA_COL
    sta AA_NEXT
    sty AA_NEXT+1
_not:
    rts
.scend

;
; ai_next_attack -- one pass of _attacks's loop: the first hex of the sorted list
; (aa_next_hex) that holds AI_SIDE's units and has a best battle (ai_best_attack,
; needing AI_ATTACK_ODDS_HOME from the home base, else AI_MIN_ODDS) on a hex not yet
; attacked AI_ATTACKS_PER_TARGET times in this loop; that battle is counted and
; launched (ai_launch).
;
; In:       AI_SIDE; ai_attacks_begin's AI_MIN_ODDS, AI_FLOOR, AI_PASSES, the
;           counts; AI_SKIP; the state
; Out:      A = 1: the battle block filled for ATTACK (as ai_launch); A = 0 (Z set):
;           no battle (the loop is over: the passes used up, or nothing found)
; Clobbers: X, Y, flags; the engine's zero page; the battle block; ARG0, CALL_RESULT
;
ai_next_attack:
.scope
    lda AI_PASSES
    bne _pass
_none:
    lda #0
    rts
_pass:
    dec AI_PASSES
    lda #0
    sta AA_LOW
    sta AA_LOW+1
    sta AA_LEAD
_hex:
    jsr aa_next_hex
    bcs _none
    lda AA_HX
    ldy AA_HX+1
    jsr aa_first_at
    bcs _hex                        ; the home base, empty
    jsr own_side
    bne _hex
    lda AI_MIN_ODDS
    ldx AI_SIDE
    ldy HOME_COL,x
    cpy AA_HX
    bne _min
    ldy HOME_ROW,x
    cpy AA_HX+1
    bne _min
    lda #AI_ATTACK_ODDS_HOME
_min:
    sta AA_MIN
    jsr ai_best_attack
    beq _hex
    ldx AI_DONE_COUNT               ; the battles on its target so far
_count:
    dex
    bmi _new
    lda AI_DONE_COL,x
    cmp AA_BEST_HEX
    bne _count
    lda AI_DONE_ROW,x
    cmp AA_BEST_HEX+1
    bne _count
    beq _done                       ; always
_new:
    ldx AI_DONE_COUNT
    inc AI_DONE_COUNT
    lda AA_BEST_HEX
    sta AI_DONE_COL,x
    lda AA_BEST_HEX+1
    sta AI_DONE_ROW,x
    lda #0
    sta AI_DONE_N,x
_done:
    lda AI_DONE_N,x
    cmp #AI_ATTACKS_PER_TARGET
    bcs _hex                        ; enough on that hex
    inc AI_DONE_N,x
    jmp ai_launch                   ; never refused outside a reaction
.scend

;
; ai_defend -- GoodAI.defend: AI_SIDE defends the declared battle with risk
; AI_DEFENCE_RISK and air aa_air (AI_DEFENCE_AIR) for the attackers' strength.
;
; In:       AI_SIDE; the battle block's attackers (BATTLE_COUNT, BATTLE_UNITS)
; Out:      ARG0 = the risk, ARG1 = the air (DEFEND's arguments), CALL_ARGC = 2;
;           A = the risk, Y = the air
; Clobbers: X, flags
;
ai_defend:
.scope
    lda #0
    sta AA_STRENGTH
    sta AA_STRENGTH+1
    ldy BATTLE_COUNT
_attacker:
    dey
    bmi _air
    ldx BATTLE_UNITS,y
    dex
    jsr aa_add_strength
    jmp _attacker
_air:
    lda AI_SIDE
    ldy #AI_DEFENCE_AIR
    jsr aa_air
    sta ARG1_LO
    tay
    lda #0
    sta ARG0_HI
    sta ARG1_HI
    lda #2
    sta CALL_ARGC
    lda #AI_DEFENCE_RISK
    sta ARG0_LO
    rts
.scend

;
; ai_react -- GoodAI.react's choice: the first of AI_SIDE's combatants (by number)
; with OP left that can attack and stands next to an enemy unit decides: its best
; battle alone at AI_REACTION_ODDS (ai_best_attack with it as the lead), or nothing.
;
; In:       AI_SIDE; the state (a limited reaction open for AI_SIDE)
; Out:      A = AI_REACT_UNIT = the unit number (then ai_launch, after ACCESS,
;           fills the battle), or 0: no battle
; Clobbers: X, Y, flags; the engine's zero page; the battle block; ARG0, CALL_RESULT
;
ai_react:
.scope
    lda #0
    sta AI_REACT_UNIT
    ldx #0
_unit:
    lda AI_SIDE
    jsr ai_side_combatant
    bne _next
    lda U_OP,x
    beq _next
    jsr aa_can_attack
    bcc _next
    lda U_COL,x
    sta AA_HX
    lda U_ROW,x
    sta AA_HX+1
    stx AA_SLOT
    lda #1
    sta AA_DIR
_direction:                         ; an enemy next to it?
    lda AA_DIR
    jsr aa_enemy_at
    bcc _decide
    inc AA_DIR
    lda AA_DIR
    cmp #HEX_DIRECTIONS+1
    bcc _direction
    ldx AA_SLOT
_next:
    inx
    cpx #UNIT_COUNT
    bcc _unit
    bcs _done                       ; always
_decide:                            ; this unit decides, with a battle or without
    ldx AA_SLOT
    inx
    stx AA_LEAD
    lda #AI_REACTION_ODDS
    sta AA_MIN
    jsr ai_best_attack
    beq _done
    lda AA_LEAD
    sta AI_REACT_UNIT
_done:
    lda AI_REACT_UNIT
    rts
.scend

AI_ATTACK_STYLE:                    ; ATTACK_STYLE: lowest odds (word), intensity, risk
    `ai_attack_style

.data
.space AI_SKIP          2           ; the driver's: the en-route marks' table (by unit number)
.space AA_ROAD          1           ; aa_keeps_road: a unit's mark, then its road's points
.space AI_MIN_ODDS      1           ; ai_attacks_begin: the odds needed
.space AI_FLOOR         1           ; ... never below these (GoodAI._floor)
.space AI_PASSES        1           ; ... passes left
.space AI_DONE_COUNT    1           ; ... hexes attacked in this loop
.space AI_REACT_UNIT    1           ; ai_react's unit, 0 none
.space AA_HX            2           ; the attacking hex
.space AA_LOW           2           ; aa_next_hex: the lower bound
.space AA_NEXT          2           ; ... the least hex found
.space AA_COL           1           ; a hex searched for units
.space AA_ROW           1
.space AA_NATT          1           ; the attackers
.space AA_NDEF          1           ; the defenders
.space AA_EXCLUDE       1           ; aa_defenders: the role left out
.space AA_STRENGTH      2           ; the attackers' strength
.space AA_ATT_AIR           1           ; the attacker's air
.space AA_SMALL         1           ; aa_air's small figure
.space AA_VALUE         2           ; ai_target_value
.space AA_MIN           1           ; ai_best_attack: the odds needed
.space AA_LEAD          1           ; ... the lead, 0 none
.space AA_DIR           1           ; ... the direction looked at
.space AA_KEY           3           ; ... a battle's key: odds + value (high byte first), then
.space AA_N             2           ; a target hex, and (ai_odds) ...
.space AA_ODDS          2           ; ... the odds against it
.space AA_BEST          1           ; ... not 0: a battle found
.space AA_BEST_KEY      3           ; ... its key, hex and odds, as AA_KEY, AA_N, AA_ODDS
.space AA_BEST_HEX      2
.space AA_BEST_ODDS     2
.space AA_SLOT          1           ; a slot or unit kept across a call
.space AA_KEEP          2           ; ai_launch
.space AA_TEMP          2
.space AA_ATT           1           ; the attackers' numbers (STACKING_HEX)
.org AA_ATT+STACKING_HEX
.space AA_DEF           1           ; the defenders' numbers (STACKING_HEX)
.org AA_DEF+STACKING_HEX
.space AA_SAVED_LO      1           ; ai_odds: the defenders' true strengths
.org AA_SAVED_LO+STACKING_HEX
.space AA_SAVED_HI      1
.org AA_SAVED_HI+STACKING_HEX
.space AI_DONE_COL      1           ; the hexes attacked in this loop (AI_DONE_MAX)
.org AI_DONE_COL+AI_DONE_MAX
.space AI_DONE_ROW      1
.org AI_DONE_ROW+AI_DONE_MAX
.space AI_DONE_N        1           ; ... and the battles on each
.org AI_DONE_N+AI_DONE_MAX
.text
