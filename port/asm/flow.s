;
; flow.s -- the sequence of play as entries: which phase it is, who acts and what
; it may do (PHASE_INFO), the step to the next phase (PHASE_NEXT), and every
; action checked against the phase, the acting side and the limited reaction
; before the rule routine does it (manual III.1; docs/engine.md "Sequence of
; play").  kotd.engine.flow.Flow is the reference, line for line: info, step,
; enter, allocate, choose_first, move, fortify, sea_move, declare_attack, defend,
; access, finish_unit, end_reaction.  kotd.replay ties the two by replaying
; whole games.
;
; The machine's state is in the state block: PHASE, FLOW_SIDE (the phase's acting
; side), REACT_SIDE/OPEN/BATTLE/UNIT/BUDGET (the limited reaction),
; DEFEND_PENDING (a declared battle waits for the defender), LOGISTICS_LAST.
; The declared battle's order waits in the battle block.  The rules themselves are
; the routines of movement.s, logistics.s, combat.s and the phase routines.
;
; An action refused by the flow answers E_PHASE (not in this phase, or not now),
; E_REACTION (a limit of the limited reaction), E_UNIT, E_HEX, E_SIDE (not a unit
; of the side that must act), E_DEPOT, E_ONCE, E_RANGE, or the rule routine's code;
; nothing changes, the PRNG included.
;

.alias KIND_UNITS   1               ; flow_phase_kind: operations or enemy reaction
.alias KIND_DEPOTS  2               ; flow_phase_kind: depot movement

;
; e_phase_info -- entry PHASE_INFO(): what the side that must act may do now.
;
; In:       no arguments
; Out:      A = E_OK; CALL_RESULT = FLOW_MAY (MAY_* bits); FLOW_ACTOR = the side
;           that must act, $FF when only PHASE_NEXT (or nothing) is possible
; Clobbers: X, Y, flags
;
e_phase_info:
.scope
    jsr compute_may
    lda FLOW_MAY_LO
    sta CALL_RESULT_LO
    lda FLOW_MAY_HI
    sta CALL_RESULT_HI
    lda #E_OK
    rts
.scend

;
; compute_may -- Flow.info: FLOW_MAY and FLOW_ACTOR for the state.
;
; In:       the state block
; Out:      FLOW_MAY, FLOW_ACTOR
; Clobbers: A, X, Y, flags
;
compute_may:
.scope
    lda #0
    sta FLOW_MAY_LO
    sta FLOW_MAY_HI
    lda #$FF
    sta FLOW_ACTOR
    ldx PHASE
    cpx #PHASE_GAME_OVER
    bcc _on
    rts                             ; game over (or no phase): nothing
_on:
    lda DEFEND_PENDING
    beq _no_battle
    jsr actor_side                  ; the defender: the other side of who acts
    eor #1
    sta FLOW_ACTOR
    lda #<MAY_DEFEND
    ldy #>MAY_DEFEND
    jmp may_or
_no_battle:
    lda REACT_SIDE
    cmp #$FF
    beq _no_reaction
    sta FLOW_ACTOR
    lda #<MAY_END_REACTION
    ldy #>MAY_END_REACTION
    jsr may_or
    lda REACT_UNIT
    bne _accessed
    lda REACT_OPEN
    beq _done
    lda #<MAY_ACCESS
    ldy #>MAY_ACCESS
    jmp may_or
_accessed:
    lda #<MAY_FINISH_UNIT
    ldy #>MAY_FINISH_UNIT
    jsr may_or
    lda REACT_OPEN
    beq _done
    lda #<[MAY_MOVE+MAY_FORTIFY]
    ldy #>[MAY_MOVE+MAY_FORTIFY]
    jsr may_or
    lda REACT_BATTLE
    bne _done
    lda #<MAY_ATTACK
    ldy #>MAY_ATTACK
    jmp may_or
_no_reaction:
    cpx #PHASE_LOGISTICS
    bne _not_logistics
    lda FLOW_SIDE
    sta FLOW_ACTOR
    lda #<[MAY_LOGISTICS+MAY_STEP]
    ldy #>[MAY_LOGISTICS+MAY_STEP]
    jmp may_or
_not_logistics:
    cpx #PHASE_INITIATIVE
    bne _not_initiative
    lda INITIATIVE
    sta FLOW_ACTOR
    lda #<[MAY_CHOOSE_FIRST+MAY_STEP]
    ldy #>[MAY_CHOOSE_FIRST+MAY_STEP]
    jmp may_or
_not_initiative:
    lda flow_phase_kind,x
    beq _step_only
    ldy FLOW_SIDE
    sty FLOW_ACTOR
    cmp #KIND_DEPOTS
    beq _depots
    lda #<[MAY_MOVE+MAY_FORTIFY+MAY_SEA_MOVE+MAY_ATTACK+MAY_STEP]
    ldy #>[MAY_MOVE+MAY_FORTIFY+MAY_SEA_MOVE+MAY_ATTACK+MAY_STEP]
    jmp may_or
_depots:
    lda #<[MAY_MOVE+MAY_STEP]
    ldy #>[MAY_MOVE+MAY_STEP]
    jmp may_or
_step_only:
    lda #<MAY_STEP
    ldy #>MAY_STEP
    jmp may_or
_done:
    rts
.scend

;
; may_or -- FLOW_MAY |= A + 256 * Y.
;
; In:       A = low bits, Y = high bits
; Out:      FLOW_MAY
; Clobbers: A, flags
;
may_or:
.scope
    ora FLOW_MAY_LO
    sta FLOW_MAY_LO
    tya
    ora FLOW_MAY_HI
    sta FLOW_MAY_HI
    rts
.scend

;
; actor_side -- Flow._actor: the reacting side in a limited reaction, else the
; phase's acting side.
;
; In:       REACT_SIDE, FLOW_SIDE
; Out:      A = the side
; Clobbers: flags
;
actor_side:
.scope
    lda REACT_SIDE
    cmp #$FF
    bne _done
    lda FLOW_SIDE
_done:
    rts
.scend

;
; flow_allowed -- Flow._allowed: may the side that must act do this now?
;
; In:       A = the action's MAY_ bits, low byte; Y = high byte
; Out:      A = E_OK (Z set) and FLOW_ACTOR, FLOW_MAY current; else A = E_REACTION
;           in an open limited reaction (no battle waiting, the game on), else
;           E_PHASE (Z clear)
; Clobbers: X, Y, flags; ZP_TEMP, ZP_TEMP+1
;
flow_allowed:
.scope
    sta ZP_TEMP
    sty ZP_TEMP+1
    jsr compute_may
    lda FLOW_MAY_LO
    and ZP_TEMP
    bne _ok
    lda FLOW_MAY_HI
    and ZP_TEMP+1
    bne _ok
    lda REACT_SIDE
    cmp #$FF
    beq _phase
    lda DEFEND_PENDING
    bne _phase
    lda PHASE
    cmp #PHASE_GAME_OVER
    bcs _phase
    lda #E_REACTION
    rts
_phase:
    lda #E_PHASE
    rts
_ok:
    lda #E_OK
    rts
.scend

;
; own_unit -- Flow._own_unit on an argument: a unit of the map of the side that
; must act (FLOW_ACTOR, as flow_allowed left it).
;
; In:       X = offset of the argument in CALL_ARGS
; Out:      carry clear: X = unit index; carry set: A = E_UNIT, E_HEX or E_SIDE
; Clobbers: A, flags (Y kept)
;
own_unit:
.scope
    jsr arg_unit
    bcc own_index
    lda #E_UNIT
    rts                             ; carry set
.scend

;
; own_index -- as own_unit, for a unit index already in range.
;
; In:       X = unit index
; Out:      carry clear (X kept), or carry set with A = E_HEX or E_SIDE
; Clobbers: A, flags (X, Y kept)
;
own_index:
.scope
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _off
    lda UNIT_SIDE,x
    cmp FLOW_ACTOR
    bne _side
    clc
    rts
_off:
    lda #E_HEX
    sec
    rts
_side:
    lda #E_SIDE
    sec
    rts
.scend

;
; reaction_limit -- Flow._reaction_limit: the most OP the unit may spend.
;
; In:       X = unit index
; Out:      carry clear: A = low, Y = high byte of the limit (REACT_BUDGET in a
;           limited reaction, $FFFF outside one); carry set: A = E_REACTION
;           (in a limited reaction, not the accessed unit)
; Clobbers: flags (X kept)
;
reaction_limit:
.scope
    lda REACT_SIDE
    cmp #$FF
    bne _in_reaction
    lda #$FF
    tay
    clc
    rts
_in_reaction:
    txa
    clc
    adc #1
    cmp REACT_UNIT
    bne _not_accessed
    lda REACT_BUDGET
    ldy #0
    clc
    rts
_not_accessed:
    lda #E_REACTION
    sec
    rts
.scend

;
; open_reaction, close_reaction -- Flow._open_reaction / _close_reaction.
;
; In:       A = the reacting side (open_reaction)
; Out:      REACT_* set: open for the side, nothing accessed; or all closed
; Clobbers: A, flags
;
open_reaction:
.scope
    sta REACT_SIDE
    lda #1
    sta REACT_OPEN
    lda #0
    beq reaction_zero               ; always
.scend

close_reaction:
.scope
    lda #$FF
    sta REACT_SIDE
    lda #0
    sta REACT_OPEN
.scend
reaction_zero:
    sta REACT_BATTLE
    sta REACT_UNIT
    sta REACT_BUDGET
    rts

;
; result_hex -- CALL_RESULT = column + 256 * row of unit FLOW_UNIT.
;
; In:       FLOW_UNIT = unit index
; Out:      CALL_RESULT
; Clobbers: A, X, flags
;
result_hex:
.scope
    ldx FLOW_UNIT
    lda U_COL,x
    sta CALL_RESULT_LO
    lda U_ROW,x
    sta CALL_RESULT_HI
    rts
.scend

;
; e_phase_next -- entry PHASE_NEXT(): Flow.step.  Leaving the Axis logistics
; hands them to the Allies; leaving the Allied logistics pays maintenance
; (logistics_end); then the next phase (REINFORCEMENT after SETUP and VICTORY),
; its acting side (acting_in), the air and display reset of an operations or
; enemy reaction phase (phase_entry_reset) and its opening work (flow_phase_work).
;
; In:       no arguments
; Out:      A = E_OK, CALL_RESULT = the phase entered (PHASE); or E_PHASE /
;           E_REACTION when a step is not allowed now (a battle waits, a limited
;           reaction is open, the game is over).  A phase routine's E_RANGE (a TURN
;           off the Turn Chart, only in a damaged state) comes back as it is.
; Clobbers: X, Y, flags; the phase routines' scratch and zero page
;
e_phase_next:
.scope
    lda #<MAY_STEP
    ldy #>MAY_STEP
    jsr flow_allowed
    bne _done
    lda PHASE
    cmp #PHASE_LOGISTICS
    bne _leave
    lda FLOW_SIDE
    cmp #SIDE_AXIS
    bne _maintenance
    lda #SIDE_ALLIED                ; the Allied units' logistics next
    sta FLOW_SIDE
    lda #0
    sta LOGISTICS_LAST
    beq _result                     ; always
_maintenance:
    jsr logistics_end
    cmp #E_OK
    bne _done
_leave:
    ldx PHASE
    inx
    cpx #PHASE_GAME_OVER
    bne _enter
    ldx #PHASE_REINFORCEMENT        ; after VICTORY, the next turn
_enter:
    stx PHASE
    jsr acting_in
    sta FLOW_SIDE
    ldx PHASE
    lda flow_phase_kind,x
    cmp #KIND_UNITS
    bne _work
    jsr phase_entry_reset
    cmp #E_OK
    bne _done
_work:
    jsr opening_work
    cmp #E_OK
    bne _done
_result:
    lda PHASE
    sta CALL_RESULT_LO
    lda #0
    sta CALL_RESULT_HI
    lda #E_OK
_done:
    rts
.scend

;
; acting_in -- Flow._acting_in: the acting side of the phase in PHASE.
;
; In:       PHASE, INITIATIVE, FIRST_PLAYER
; Out:      A = the side, $FF for nobody
; Clobbers: X, Y, flags; ZP_TEMP
;
acting_in:
.scope
    ldx PHASE
    cpx #PHASE_LOGISTICS
    bne _not_logistics
    lda #SIDE_AXIS
    rts
_not_logistics:
    cpx #PHASE_INITIATIVE
    bne _not_initiative
    lda INITIATIVE
    rts
_not_initiative:
    lda #$FF
    ldy flow_phase_kind,x
    beq _done                       ; nobody acts in this phase
    lda flow_phase_role,x
    and #1                          ; the segment: its phasing player
    eor FIRST_PLAYER
    sta ZP_TEMP
    lda flow_phase_role,x
    lsr                             ; 1 when the other side acts (enemy reaction)
    eor ZP_TEMP
_done:
    rts
.scend

;
; phasing_side -- flow.phasing_side: the First Player in B, the Second in C.
;
; In:       PHASE (a phase with a segment), FIRST_PLAYER
; Out:      A = the side
; Clobbers: X, flags
;
phasing_side:
.scope
    ldx PHASE
    lda flow_phase_role,x
    and #1
    eor FIRST_PLAYER
    rts
.scend

;
; opening_work -- Flow.enter's work by flow_phase_work[PHASE].
;
; In:       PHASE
; Out:      A = E_OK or the phase routine's error code
; Clobbers: X, Y, flags; ARG0; the phase routines' scratch and zero page
;
opening_work:
.scope
    lda #0
    sta ARG0_HI
    ldx PHASE
    lda flow_phase_work,x
    cmp #WORK_REINFORCEMENT
    bne _not_reinforcement
    jmp reinforcement_phase
_not_reinforcement:
    cmp #WORK_SUPPLY
    bne _not_supply
    lda #2                          ; both sides
    sta ARG0_LO
    jmp e_supply_phase
_not_supply:
    cmp #WORK_LOGISTICS
    bne _not_logistics
    lda #0
    sta LOGISTICS_LAST
    jmp logistics_start
_not_logistics:
    cmp #WORK_INITIATIVE
    bne _not_initiative
    jsr initiative_draw
    cmp #E_OK
    bne _done
    lda INITIATIVE
    sta FIRST_PLAYER
    sta FLOW_SIDE
    lda #E_OK
    rts
_not_initiative:
    cmp #WORK_ALLOT_BOTH
    bne _not_both
    lda #2
    sta ARG0_LO
    jmp allot
_not_both:
    cmp #WORK_ALLOT_PHASING
    bne _not_phasing
    jsr phasing_side
    sta ARG0_LO
    jmp allot
_not_phasing:
    cmp #WORK_RESUPPLY
    bne _not_resupply
    jsr phasing_side
    sta ARG0_LO
    jmp resupply
_not_resupply:
    cmp #WORK_VICTORY
    bne _none
    jmp victory_phase
_none:
    lda #E_OK
_done:
    rts
.scend

;
; e_logistics -- entry LOGISTICS(unit, replacements, supply, priority):
; Flow.allocate.  The acting side's units, each once, in unit-number order
; (LOGISTICS_LAST), then allocate_rule.
;
; In:       ARG0 = unit; ARG1..ARG3 = the digits 0-9
; Out:      A = E_OK, CALL_RESULT = the strength added (allocate_rule's outputs);
;           refused: E_PHASE, E_UNIT, E_HEX, E_SIDE, E_ONCE, allocate_rule's codes
; Clobbers: X, Y, flags; allocate_rule's scratch and zero page
;
e_logistics:
.scope
    lda #<MAY_LOGISTICS
    ldy #>MAY_LOGISTICS
    jsr flow_allowed
    bne _done
    ldx #0
    jsr own_unit
    bcs _done
    inx                             ; the unit number
    cpx LOGISTICS_LAST
    beq _once
    bcc _once
    stx FLOW_UNIT
    jsr allocate_rule
    cmp #E_OK
    bne _done
    lda FLOW_UNIT
    sta LOGISTICS_LAST
    lda #E_OK
_done:
    rts
_once:
    lda #E_ONCE
    rts
.scend

;
; e_choose_first -- entry CHOOSE_FIRST(move_first): Flow.choose_first.
;
; In:       ARG0 = 1: the initiative holder moves first; 0: the other side does
; Out:      A = E_OK, FIRST_PLAYER set; refused: E_PHASE, E_RANGE (not 0 or 1)
; Clobbers: X, Y, flags
;
e_choose_first:
.scope
    lda #<MAY_CHOOSE_FIRST
    ldy #>MAY_CHOOSE_FIRST
    jsr flow_allowed
    bne _done
    lda ARG0_HI
    bne _range
    lda ARG0_LO
    cmp #2
    bcs _range
    eor #1                          ; 1 -> the holder, 0 -> the other side
    eor INITIATIVE
    sta FIRST_PLAYER
    lda #E_OK
_done:
    rts
_range:
    lda #E_RANGE
    rts
.scend

;
; depot_phase_check -- depots move only in their depot movement phase, other
; units never in it (Flow.move).
;
; In:       X = unit index
; Out:      A = E_OK (Z set) or E_DEPOT
; Clobbers: Y, flags (X kept)
;
depot_phase_check:
.scope
    ldy PHASE
    lda flow_phase_kind,y
    cmp #KIND_DEPOTS
    beq _depot_phase
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _wrong
    lda #E_OK
    rts
_depot_phase:
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    bne _wrong
    lda #E_OK
    rts
_wrong:
    lda #E_DEPOT
    rts
.scend

;
; e_move -- entry MOVE(unit, direction): Flow.move.  The flow's checks, then
; move_rule with the limited reaction's budget as its limit; a home base taken
; ends the game (home_base_taken); in a limited reaction the OP spent come off
; the budget and a move next to the enemy ends it; outside one, in operations
; and enemy reaction, a move next to the enemy opens one for the enemy on a
; draw below REACTION_MOVE_PERCENT (solitaire Allied movers:
; SOLO_MOVE_TRIGGER_PERCENT).
;
; In:       ARG0 = unit; ARG1 = direction 1-6
; Out:      A = E_OK, CALL_RESULT = column + 256 * row entered; refused:
;           E_PHASE, E_REACTION, E_UNIT, E_HEX, E_SIDE, E_DEPOT, move_rule's codes
; Clobbers: X, Y, flags; move_rule's scratch and zero page; FLOW_UNIT, FLOW_SPENT
;
e_move:
.scope
    lda #<MAY_MOVE
    ldy #>MAY_MOVE
    jsr flow_allowed
    bne _done
    ldx #0
    jsr own_unit
    bcs _done
    stx FLOW_UNIT
    jsr depot_phase_check
    bne _done
    jsr reaction_limit
    bcs _done
    sta ARG2_LO
    sty ARG2_HI
    jsr move_rule
    cmp #E_OK
    bne _done
    jmp after_move
_done:
    rts
.scend

;
; after_move -- the rest of e_move once move_rule has moved the unit.
;
; In:       FLOW_UNIT = unit index; CALL_RESULT = OP spent; MOVE_TAKES_BASE,
;           MOVE_NEXT_TO_ENEMY
; Out:      A = E_OK, CALL_RESULT = column + 256 * row entered
; Clobbers: X, Y, flags; FLOW_SPENT
;
after_move:
.scope
    lda CALL_RESULT_LO
    sta FLOW_SPENT
    lda MOVE_TAKES_BASE
    beq _on
    ldx FLOW_UNIT                   ; the game is over
    lda UNIT_SIDE,x
    sta ARG0_LO
    lda #0
    sta ARG0_HI
    jsr home_base_taken
    lda #$FF
    sta FLOW_SIDE
    jsr close_reaction
    jmp _ok
_on:
    lda REACT_SIDE
    cmp #$FF
    beq _trigger
    lda REACT_BUDGET
    sec
    sbc FLOW_SPENT
    sta REACT_BUDGET
    lda MOVE_NEXT_TO_ENEMY
    beq _ok
    lda #0
    sta REACT_OPEN
    beq _ok                         ; always
_trigger:
    lda MOVE_NEXT_TO_ENEMY
    beq _ok
    ldx PHASE
    lda flow_phase_kind,x
    cmp #KIND_UNITS
    bne _ok
    ldx FLOW_UNIT
    ldy #REACTION_MOVE_PERCENT
    lda UNIT_SIDE,x
    cmp #SIDE_ALLIED
    bne _percent
    lda OPT_COMPUTER_ALLIED
    beq _percent
    ldy #SOLO_MOVE_TRIGGER_PERCENT
_percent:
    sty FLOW_SPENT
    lda #100
    jsr rng_draw
    cmp FLOW_SPENT
    bcs _ok
    ldx FLOW_UNIT
    lda UNIT_SIDE,x
    eor #1
    jsr open_reaction
_ok:
    jsr result_hex
    lda #E_OK
    rts
.scend

;
; e_fortify -- entry FORTIFY(unit): Flow.fortify.  In a limited reaction the OP
; spent come off the budget.
;
; In:       ARG0 = unit
; Out:      A = E_OK, CALL_RESULT = 0; refused: E_PHASE, E_REACTION, E_UNIT,
;           E_HEX, E_SIDE, fortify_rule's codes
; Clobbers: X, Y, flags; fortify_rule's scratch
;
e_fortify:
.scope
    lda #<MAY_FORTIFY
    ldy #>MAY_FORTIFY
    jsr flow_allowed
    bne _done
    ldx #0
    jsr own_unit
    bcs _done
    jsr reaction_limit
    bcs _done
    sta ARG1_LO
    sty ARG1_HI
    jsr fortify_rule
    cmp #E_OK
    bne _done
    lda REACT_SIDE
    cmp #$FF
    beq _ok
    lda REACT_BUDGET
    sec
    sbc CALL_RESULT_LO
    sta REACT_BUDGET
_ok:
    lda #0
    sta CALL_RESULT_LO
    sta CALL_RESULT_HI
    lda #E_OK
_done:
    rts
.scend

;
; e_sea_move -- entry SEA_MOVE(unit): Flow.sea_move (never in a limited reaction).
;
; In:       ARG0 = unit
; Out:      A = E_OK, CALL_RESULT = column + 256 * row entered; refused: E_PHASE,
;           E_REACTION, E_UNIT, E_HEX, E_SIDE, sea_move_rule's codes
; Clobbers: X, Y, flags; sea_move_rule's scratch
;
e_sea_move:
.scope
    lda #<MAY_SEA_MOVE
    ldy #>MAY_SEA_MOVE
    jsr flow_allowed
    bne _done
    ldx #0
    jsr own_unit
    bcs _done
    jmp sea_move_rule
_done:
    rts
.scend

;
; battle_reaction_flag -- BATTLE_REACTION = 1 in a limited reaction, else 0.
;
; Clobbers: A, flags
;
battle_reaction_flag:
.scope
    lda #0
    ldy REACT_SIDE
    cpy #$FF
    beq _store
    lda #1
_store:
    sta BATTLE_REACTION
    rts
.scend

;
; reaction_battle_cost -- the OP the declared battle costs the accessed unit;
; attacker_op_cost -- the OP a battle at BATTLE_INTENSITY costs an attacker
; (combat.op_cost, attacker row): COMBAT_OP_COST[side * INTENSITY_MAX +
; BATTLE_INTENSITY - 1] (role 0, the attacker).
;
; In:       REACT_UNIT (1..) / attacker_op_cost: X = the unit's number (1..);
;           BATTLE_INTENSITY (1..INTENSITY_MAX, checked)
; Out:      A = the cost
; Clobbers: X, flags
;
reaction_battle_cost:
    ldx REACT_UNIT
attacker_op_cost:
.scope
    lda UNIT_SIDE-1,x
    beq _axis
    lda #INTENSITY_MAX
_axis:
    clc
    adc BATTLE_INTENSITY
    tax
    lda COMBAT_OP_COST-1,x
    rts
.scend

;
; e_attack -- entry ATTACK(): Flow.declare_attack on the battle block's
; attacker part (BATTLE_HEXES, BATTLE_COUNT, BATTLE_UNITS, BATTLE_INTENSITY,
; BATTLE_RISK, BATTLE_AIR: the attacker's).  Each attacker must be a unit on the
; map of the side that must act; in a limited reaction the accessed unit must be
; one of them; the order is checked as RESOLVE_BATTLE checks it (with the
; defender's risk 1 and air 0 for now); in a limited reaction the battle's OP
; cost for the accessed unit must fit its budget (IV.C.3.k).  Then
; DEFEND_PENDING: the defender chooses (DEFEND).
;
; In:       the battle block's attacker part
; Out:      A = E_OK, CALL_RESULT = 0, DEFEND_PENDING = 1; refused: E_PHASE,
;           E_REACTION, E_RANGE (more attackers than a hex holds), E_UNIT, E_HEX,
;           E_SIDE, RESOLVE_BATTLE's codes
; Clobbers: X, Y, flags; the battle block's work fields
;
e_attack:
.scope
    lda #<MAY_ATTACK
    ldy #>MAY_ATTACK
    jsr flow_allowed
    bne _done
    lda BATTLE_COUNT
    cmp #STACKING_HEX+1
    bcs _range
    ldy #0
_each:
    cpy BATTLE_COUNT
    bcs _units_ok
    lda BATTLE_UNITS,y
    beq _no_unit
    cmp #UNIT_COUNT+1
    bcs _no_unit
    tax
    dex
    jsr own_index
    bcs _done
    iny
    bne _each                       ; always
_units_ok:
    lda REACT_SIDE
    cmp #$FF
    beq _check
    ldy #0
_find:
    cpy BATTLE_COUNT
    bcs _not_accessed
    lda BATTLE_UNITS,y
    cmp REACT_UNIT
    beq _check
    iny
    bne _find                       ; always
_check:
    lda #1
    sta BATTLE_RISK+1
    lda #0
    sta BATTLE_AIR+1
    jsr battle_reaction_flag
    jsr check_battle
    cmp #E_OK
    bne _done
    lda REACT_SIDE
    cmp #$FF
    beq _declared
    jsr reaction_battle_cost
    cmp REACT_BUDGET
    beq _declared
    bcs _not_accessed               ; it costs more than the access has left
_declared:
    lda #1
    sta DEFEND_PENDING
    lda #0
    sta CALL_RESULT_LO
    sta CALL_RESULT_HI
    lda #E_OK
_done:
    rts
_range:
    lda #E_RANGE
    rts
_no_unit:
    lda #E_UNIT
    rts
_not_accessed:
    lda #E_REACTION
    rts
.scend

;
; e_defend -- entry DEFEND(risk, air): Flow.defend.  The declared battle with the
; defender's risk and air is fought (RESOLVE_BATTLE's work, its checks again); in
; a limited reaction its OP cost comes off the budget and the reaction can go
; no further; outside one the defender gets a limited reaction on a draw below
; REACTION_BATTLE_PERCENT.
;
; In:       ARG0 = the defender's risk 1-9; ARG1 = its air; the battle block
; Out:      A = E_OK, CALL_RESULT = the odds in hundredths, the battle block's
;           outputs; refused: E_PHASE, E_RANGE (risk, air), RESOLVE_BATTLE's codes
; Clobbers: X, Y, flags; the battle block; FLOW_SPENT
;
e_defend:
.scope
    lda #<MAY_DEFEND
    ldy #>MAY_DEFEND
    jsr flow_allowed
    bne _done
    lda ARG0_HI
    ora ARG1_HI
    bne _range
    lda ARG0_LO
    sta BATTLE_RISK+1
    lda ARG1_LO
    sta BATTLE_AIR+1
    jsr battle_reaction_flag
    lda REACT_SIDE
    cmp #$FF
    beq _fight
    jsr reaction_battle_cost
    sta FLOW_SPENT
_fight:
    jsr e_resolve_battle
    cmp #E_OK
    bne _done
    lda #0
    sta DEFEND_PENDING
    lda REACT_SIDE
    cmp #$FF
    beq _trigger
    lda REACT_BUDGET
    sec
    sbc FLOW_SPENT
    bcs _budget
    lda #0
_budget:
    sta REACT_BUDGET
    lda #1
    sta REACT_BATTLE
    lda #0
    sta REACT_OPEN
    beq _ok                         ; always
_trigger:
    lda #100
    jsr rng_draw
    cmp #REACTION_BATTLE_PERCENT
    bcs _ok
    lda BATTLE_SIDE
    eor #1
    jsr open_reaction
_ok:
    lda #E_OK
_done:
    rts
_range:
    lda #E_RANGE
    rts
.scend

;
; e_access -- entry ACCESS(unit): Flow.access.  A non-depot unit of the reacting
; side; it may spend min(its allowance / REACTION_ALLOWANCE_DIVISOR, its OP).
;
; In:       ARG0 = unit
; Out:      A = E_OK, CALL_RESULT = REACT_BUDGET, REACT_UNIT set; refused:
;           E_PHASE, E_REACTION (no reaction open, a unit accessed, a depot),
;           E_UNIT, E_HEX, E_SIDE
; Clobbers: X, Y, flags
;
e_access:
.scope
    lda #<MAY_ACCESS
    ldy #>MAY_ACCESS
    jsr flow_allowed
    bne _done
    ldx #0
    jsr own_unit
    bcs _done
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _depot
    ldy UNIT_TYPE,x
    lda UNIT_SIDE,x
    bne _allied
    lda OP_ALLOWANCE_AXIS,y
    jmp _divide
_allied:
    lda OP_ALLOWANCE_ALLIED,y
_divide:
    ldy #0                          ; the quotient, by repeated subtraction
_subtract:
    cmp #REACTION_ALLOWANCE_DIVISOR
    bcc _quotient
    sbc #REACTION_ALLOWANCE_DIVISOR ; carry is set
    iny
    bne _subtract                   ; always
_quotient:
    tya
    cmp U_OP,x
    bcc _budget
    lda U_OP,x
_budget:
    sta REACT_BUDGET
    sta CALL_RESULT_LO
    inx
    stx REACT_UNIT
    lda #E_OK
_done:
    rts
_depot:
    lda #E_REACTION
    rts
.scend

;
; e_finish_unit -- entry FINISH_UNIT(): Flow.finish_unit.  Done with the
; accessed unit; while the reaction is open, a draw below
; REACTION_CONTINUE_PERCENT keeps it open for another unit.
;
; In:       no arguments
; Out:      A = E_OK, CALL_RESULT = REACT_OPEN; refused: E_PHASE, E_REACTION
; Clobbers: X, Y, flags
;
e_finish_unit:
.scope
    lda #<MAY_FINISH_UNIT
    ldy #>MAY_FINISH_UNIT
    jsr flow_allowed
    bne _done
    lda #0
    sta REACT_UNIT
    sta REACT_BUDGET
    lda REACT_OPEN
    beq _answer
    lda #100
    jsr rng_draw
    ldy #0
    cmp #REACTION_CONTINUE_PERCENT
    bcs _store
    iny
_store:
    sty REACT_OPEN
_answer:
    lda REACT_OPEN
    sta CALL_RESULT_LO
    lda #E_OK
_done:
    rts
.scend

;
; e_end_reaction -- entry END_REACTION(): Flow.end_reaction.
;
; In:       no arguments
; Out:      A = E_OK, the reaction closed; refused: E_PHASE
; Clobbers: X, Y, flags
;
e_end_reaction:
.scope
    lda #<MAY_END_REACTION
    ldy #>MAY_END_REACTION
    jsr flow_allowed
    bne _done
    jsr close_reaction
    lda #E_OK
_done:
    rts
.scend
