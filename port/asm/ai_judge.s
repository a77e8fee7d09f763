;
; ai_judge.s -- the computer player's judging of the board, shared by its phases: the
; twin of kotd.engine.ai_good's est_strength, GoodAI._combatants, _strength,
; offensive (with _ratio), _phase_in_turn, _opening_targets and _opening_ahead.
; Part of the opponent's code (docs/ai.md "The 6502 twin"); emu_tests/test_ai_judge.py
; ties each routine to its Python method on the same states.
;
; The player's side is AI_SIDE (SIDE_AXIS, SIDE_ALLIED), which the driver sets before
; any of these runs: every judgement is that side's, as GoodAI.side is.  The
; posture's constants (AI_RATIO_OFFENCE, ...), the planned offensives by Turn Chart row
; (OFFENSIVE_DATES: ai_planned_turns), the opening plans (OPENINGS:
; ai_opening_plans, their hexes worked out from the map) and RATIO_CRUSHING by side
; (ai_ratio_crushing, which ai_attack.s reads) come from
; tools/kotd/build/opponent.py judge_lines.
;
; No zero page is kept between calls; every routine here may call the engine, which
; clobbers the engine's 16 bytes.
;

; math.s's names for the engine's zero page (the opponent assembles without math.s)
.alias AJ_M0    ZP_MUL
.alias AJ_M1    ZP_MUL+1
.alias AJ_B0    ZP_TEMP+4
.alias AJ_B1    ZP_TEMP+5

;
; ai_est_strength -- a unit's strength as AI_SIDE sees it (ai_good.est_strength): the
; Axis reads the computer-run Allies of solitaire through their display noise,
; (U_STR x U_NOISE + 50) // 100 (the engine's display_strength); otherwise U_STR.
;
; In:       X = unit index (number - 1), 0..UNIT_COUNT-1
; Out:      A = the strength's low byte, Y = its high byte; X kept
; Clobbers: flags; for an Axis viewer ARG0 (CALL_ARGS+0,+1) and CALL_RESULT
; Zero page: an Axis viewer's: ZP_MUL, ZP_TEMP+4, ZP_TEMP+5 (display_strength)
;
ai_est_strength:
.scope
    lda AI_SIDE
    cmp #SIDE_AXIS
    bne _true                       ; the Allies see every strength as it is
    stx AJ_UNIT
    inx
    stx ARG0_LO
    lda #0
    sta ARG0_HI
    jsr display_strength            ; noise only on the computer's Allies; never refused here
    ldx AJ_UNIT
    lda CALL_RESULT_LO
    ldy CALL_RESULT_HI
    rts
_true:
    lda U_STR_LO,x
    ldy U_STR_HI,x
    rts
.scend

;
; ai_args -- an engine call's (or ai_field's) arguments: ARG0 = A, ARG1 = Y, the
; high bytes of ARG0..ARG3 0.
;
; Clobbers: A, flags
;
ai_args:
    sta ARG0_LO
    sty ARG1_LO
    lda #0
    sta ARG0_HI
    sta ARG1_HI
    sta ARG2_HI
    sta ARG3_HI
    rts

;
; ai_unit_bit -- where a unit's bit is in a field of a bit a unit (CUT_OFF: unit
; index i is bit i % 8 of byte i / 8; stateblock.py _unit_bits).
;
; In:       X = unit index
; Out:      A = the bit's mask; Y = its byte; X kept
; Clobbers: flags
;
ai_unit_bit:
.scope
    txa
    and #7
    tay
    lda ai_bit_masks,y
    pha
    txa
    lsr
    lsr
    lsr
    tay
    pla
    rts
.scend
ai_bit_masks: .byte 1, 2, 4, 8, 16, 32, 64, 128

;
; ai_is_combatant -- is a unit a fighting unit: neither depot nor garrison
; (GoodAI._combatants' test)?
;
; In:       X = unit index
; Out:      Z set: a combatant; A = its UNIT_ROLE
; Clobbers: the carry
;
ai_is_combatant:
    lda UNIT_ROLE,x
    cmp #ROLE_COMBAT
    rts

;
; unit_on_map -- is unit X on the map?
;
; In:       X = unit index
; Out:      Z set: yes (the flags and A of lda U_STATUS,x / cmp #STATUS_ON_MAP)
;
unit_on_map:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    rts

;
; ai_side_combatant -- is a unit one of GoodAI._combatants(side): on the map, of the
; side, a combatant?
;
; In:       X = unit index; A = side (SIDE_AXIS, SIDE_ALLIED)
; Out:      Z set: yes
; Clobbers: A, the carry
;
ai_side_combatant:
.scope
    cmp UNIT_SIDE,x
    bne _no
    jsr unit_on_map
    bne _no
    lda UNIT_ROLE,x
    cmp #ROLE_COMBAT
_no:
    rts
.scend

;
; ai_side_strength -- a side's strength as AI_SIDE sees it (GoodAI._strength): the sum
; of ai_est_strength over the side's combatants on the map.  The build checks that
; the sum of the ceilings, noise included, fits 16 bits.
;
; In:       A = side (SIDE_AXIS, SIDE_ALLIED)
; Out:      AI_STRENGTH (16 bits) = the sum; A = its low byte, Y = its high byte
; Clobbers: X, flags; as ai_est_strength
; Zero page: as ai_est_strength
;
ai_side_strength:
.scope
    sta AJ_SIDE
    lda #0
    sta AI_STRENGTH
    sta AI_STRENGTH+1
    ldx #UNIT_COUNT-1
_unit:
    lda AJ_SIDE
    jsr ai_side_combatant
    bne _next
    jsr ai_est_strength             ; X kept
    clc
    adc AI_STRENGTH
    sta AI_STRENGTH
    tya
    adc AI_STRENGTH+1
    sta AI_STRENGTH+1
_next:
    dex
    bpl _unit
    lda AI_STRENGTH
    ldy AI_STRENGTH+1
    rts
.scend

;
; ai_posture -- the posture of the phase (GoodAI.offensive): the strength ratio
; AI_RATIO = 100 x own // max(foe, 1) (GoodAI._ratio); offensive when AI_RATIO >=
; AI_RATIO_OFFENCE, or in a planned offensive (AI_PLANNED: this Turn Chart row is one
; of OFFENSIVE_DATES[AI_SIDE]) when AI_RATIO >= AI_RATIO_DATED_OFFENCE.  (For whole
; numbers, 100 own >= K max(foe, 1) if and only if 100 own // max(foe, 1) >= K.)
;
; In:       AI_SIDE; the state (TURN, the units)
; Out:      A = AI_OFFENSIVE = 1 offensive, 0 defensive (Z set); AI_OWN, AI_FOE = the
;           sides' strengths; AI_RATIO (16 bits, $FFFF for any ratio above it);
;           AI_PLANNED = 1 in a planned offensive, else 0
; Clobbers: X, Y, flags; ARG0, CALL_RESULT
; Zero page: ZP_MUL, ZP_TEMP..ZP_TEMP+5
;
ai_posture:
.scope
    lda AI_SIDE
    jsr ai_side_strength
    sta AI_OWN
    sty AI_OWN+1
    lda AI_SIDE
    eor #SIDE_AXIS^SIDE_ALLIED      ; the enemy
    jsr ai_side_strength
    sta AI_FOE
    sty AI_FOE+1
    lda AI_OWN
    sta AJ_M0
    lda AI_OWN+1
    sta AJ_M1
    lda #100
    jsr mul_by_byte                 ; M0..M2 = 100 x own, M3 = 0
    lda AI_FOE
    sta AJ_B0
    ldy AI_FOE+1
    sty AJ_B1
    ora AJ_B1
    bne _divide
    inc AJ_B0                       ; max(foe, 1)
_divide:
    jsr div_32x16                   ; a quotient past 16 bits: $FFFF
    lda AJ_M0
    sta AI_RATIO
    lda AJ_M1
    sta AI_RATIO+1
    ldx TURN
    lda AI_PLANNED_TURNS,x          ; bit SIDE: that side's planned offensive
    ldy AI_SIDE
    beq _bit
    lsr                             ; SIDE_ALLIED: bit 1
_bit:
    and #1
    sta AI_PLANNED
    ldx #1
    lda AI_RATIO
    cmp #<AI_RATIO_OFFENCE
    lda AI_RATIO+1
    sbc #>AI_RATIO_OFFENCE
    bcs _answer
    lda AI_PLANNED
    beq _defence
    lda AI_RATIO
    cmp #<AI_RATIO_DATED_OFFENCE
    lda AI_RATIO+1
    sbc #>AI_RATIO_DATED_OFFENCE
    bcs _answer
_defence:
    dex
_answer:
    stx AI_OFFENSIVE
    txa
    rts
.scend

;
; ai_phase_in_turn -- AI_SIDE's operations phases begun so far this turn, the current
; one included (GoodAI._phase_in_turn): the first player's are B1, B5 and C4, the
; second's B4, C1 and C5; counted from PHASE and FIRST_PLAYER.
;
; In:       AI_SIDE; PHASE, FIRST_PLAYER
; Out:      A = 0..3 (Z set for 0)
; Clobbers: X, Y, flags
;
ai_phase_in_turn:
.scope
    ldx #0
    lda FIRST_PLAYER
    cmp AI_SIDE
    beq _count
    ldx #3                          ; the second player's phases
_count:
    ldy #0
    lda PHASE
_phase:
    cmp _order,x                    ; in the order of play: the first not begun ends the count
    bcc _done
    inx
    iny
    cpy #3
    bne _phase
_done:
    tya
    rts
_order:
    .byte PHASE_B1_OPERATIONS, PHASE_B5_OPERATIONS, PHASE_C4_ENEMY_REACTION
    .byte PHASE_B4_ENEMY_REACTION, PHASE_C1_OPERATIONS, PHASE_C5_OPERATIONS
.scend

;
; ai_opening_plan -- this turn's opening plan for AI_SIDE (OPENINGS[(side, date)]).
;
; In:       AI_SIDE; TURN
; Out:      carry clear: X = the offset in AI_OPENING_PLANS of the plan's phase byte
;           (its hexes follow); carry set: no plan this turn
; Clobbers: A, flags
;
ai_opening_plan:
.scope
    ldx #0
_plan:
    lda AI_OPENING_PLANS,x
    cmp #OPENING_END
    beq _none                       ; carry set
    cmp AI_SIDE
    bne _skip
    lda AI_OPENING_PLANS+1,x
    cmp TURN
    beq _found
_skip:
    inx                             ; past side, row and phase
    inx
    inx
_hex:
    lda AI_OPENING_PLANS,x
    inx
    cmp #OPENING_END
    beq _plan
    inx                             ; past column and row
    inx
    bne _hex                        ; always: the table is shorter than 256 bytes
_found:
    inx
    inx
    clc
_none:
    rts
.scend

;
; ai_opening_ahead -- is an opening plan still to come in a later operations phase of
; this turn (GoodAI._opening_ahead): a plan this turn and 1 <= the phase in turn <
; its phase?
;
; In:       AI_SIDE; the state
; Out:      A = 1 yes, 0 no (Z set)
; Clobbers: X, Y, flags
;
ai_opening_ahead:
.scope
    jsr ai_phase_in_turn
    sta AJ_PHASE
    beq _no
    jsr ai_opening_plan
    bcs _no
    lda AJ_PHASE
    cmp AI_OPENING_PLANS,x
    bcs _no
    lda #1
    rts
_no:
    lda #0
    rts
.scend

;
; ai_opening_targets -- the hexes of this turn's opening plan still to take
; (GoodAI._opening_targets): none before the plan's phase of the turn; else, in the
; plan's order, each town not held by AI_SIDE, and the land hexes around Tobruk while
; Tobruk is not AI_SIDE's and not surrounded.
;
; In:       AI_SIDE; the state
; Out:      A = AI_OPENING_COUNT = the hexes (Z set: none, the plan is not on);
;           AI_OPENING_HEXES = their column, row pairs
; Clobbers: X, Y, flags; CALL_RESULT
; Zero page: ZP_PTR, ZP_TEMP..ZP_TEMP+2 (e_tobruk_surrounded)
;
ai_opening_targets:
.scope
    lda #0
    sta AI_OPENING_COUNT
    jsr ai_phase_in_turn
    sta AJ_PHASE
    jsr ai_opening_plan
    bcs _done
    lda AJ_PHASE
    cmp AI_OPENING_PLANS,x
    bcc _done                       ; before the plan's phase
    stx AJ_PLAN
    lda #0
    sta AJ_RING
    lda CONTROL+TOBRUK_TOWN
    cmp AI_SIDE
    beq _hexes                      ; Tobruk is ours: no ring
    jsr e_tobruk_surrounded         ; CALL_RESULT = 1 when ringed already
    lda CALL_RESULT_LO
    eor #1
    sta AJ_RING
_hexes:
    ldx AJ_PLAN
_hex:
    inx
    lda AI_OPENING_PLANS,x          ; a town's CONTROL index, OPENING_RING or OPENING_END
    cmp #OPENING_END
    beq _done
    cmp #OPENING_RING
    bne _town
    lda AJ_RING
    beq _skip
    bne _take                       ; always
_town:
    tay
    lda CONTROL,y
    cmp AI_SIDE
    beq _skip
_take:
    lda AI_OPENING_COUNT
    asl
    tay
    lda AI_OPENING_PLANS+1,x
    sta AI_OPENING_HEXES,y
    lda AI_OPENING_PLANS+2,x
    sta AI_OPENING_HEXES+1,y
    inc AI_OPENING_COUNT
_skip:
    inx
    inx
    bne _hex                        ; always
_done:
    lda AI_OPENING_COUNT
    rts
.scend

; The tables of tools/kotd/build/opponent.py judge_lines.
AI_PLANNED_TURNS:                   ; by Turn Chart row: bit SIDE set in a planned offensive
    `ai_planned_turns
AI_OPENING_PLANS:
    `ai_opening_plans
ai_ratio_crushing:                  ; RATIO_CRUSHING by side (ai_attack.s's ai_attacks_begin)
    `ai_ratio_crushing_bytes

.data
.space AI_SIDE             1        ; the side the player plays (the driver sets it)
.space AI_STRENGTH         2        ; ai_side_strength's sum
.space AI_OWN              2        ; ai_posture: AI_SIDE's strength
.space AI_FOE              2        ; ... the enemy's
.space AI_RATIO            2        ; ... 100 x own // max(foe, 1), $FFFF at most
.space AI_OFFENSIVE        1        ; ... 1: offensive
.space AI_PLANNED          1        ; ... 1: a planned offensive this turn
.space AI_OPENING_COUNT    1        ; ai_opening_targets: the hexes
.space AJ_UNIT             1        ; ai_est_strength: X kept
.space AJ_SIDE             1        ; ai_side_strength: the side summed
.space AJ_PHASE            1        ; the phase in turn
.space AJ_PLAN             1        ; the plan's offset
.space AJ_RING             1        ; 1: the Tobruk ring is to be taken
.space AI_OPENING_HEXES    1        ; ai_opening_targets: column, row pairs
.org AI_OPENING_HEXES+OPENING_HEX_BYTES
.text
