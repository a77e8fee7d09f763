;
; ai_driver.s -- the computer player's driver (docs/ai.md "The driver"): the entry
; OPPONENT_PLAY(sides), which looks at the engine's PHASE_INFO and plays for the side
; that must act when the computer runs it, one engine action a call.  The twin of
; what kotd.engine.game.Game asks of a kotd.engine.ai_good.GoodAI: the logistics
; orders (GoodAI.logistics), the initiative (move_first), the defence of a declared
; battle (defend), the limited reaction (react and Game._after_action's
; END_REACTION), the operations phase (operations) and the depot phase
; (depot_movement, ai_depot.s's ai_depots).
;
; The coroutine.  A phase's play is a program with loops and calls (the operations:
; attacks, the walk over the units ...) that must give the machine back to BASIC
; after every engine action (the front end redraws) and whenever the engine waits
; for a side the computer does not run (a human defends or reacts).  It suspends by
; copying its own part of the 6502 stack -- from the stack pointer up to where it was
; when OPPONENT_PLAY was entered -- into DRV_STACK and returning to BASIC; the next
; OPPONENT_PLAY copies it back under that call's stack pointer (BASIC's frames below
; differ from call to call: the copy is relocated, which is safe because nothing on
; it is an address in the stack) and returns into the suspended code.  Nothing of
; the code lives in the zero page across a suspension (BASIC's again in between).  A
; stamp (turn, phase, side, context) kept with the copy throws a stale one away, and
; with it a guard of the state (drv_guard) when no human was to act in between.
;
; The contexts.  Phase work (logistics, initiative, operations, depots) for the
; phase's acting side; a limited reaction opened for a computer side by a human's
; action (the whole reaction: ACCESS, the battle, FINISH_UNIT, END_REACTION); a
; defence (one DEFEND, no suspension, the saved place untouched).  Inside phase work,
; every engine action goes through drv_act, which settles in place what the action
; leaves to a computer side (its defence, its limited reaction: GoodAI's nested
; defend and react calls, in Game's order) and suspends for a human's.
;
; A new game.  OPPONENT_PLAY(0) (no side) forgets what the player keeps between calls
; (a kept place, the en-route marks, the field ai_field holds): the front ends call it
; once a game is set up or loaded, as kotd.engine.game.Game starts with new GoodAI
; players; the RAM's contents before it (a machine's RAM at power-on, the game before)
; do not count.  It answers 0.
;
; Results: CALL_RESULT = 0 the phase's work done (the caller calls PHASE_NEXT),
; 1 one action done (call again), 2 an action done and the engine waits for a side
; the computer does not run (the place kept), 3 the side that must act is not one
; of `sides` (nothing done).  Errors: E_RANGE (sides over 3, or a suspension
; deeper than DRV_STACK: the place is dropped).
;

.alias DRV_STACK_SIZE 24            ; DRV_STACK's bytes (the most measured: 11, docs/ai.md)
.alias DRV_NONE       0             ; DRV_STATE: no place kept
.alias DRV_SUSPENDED  1             ;   a place kept for DRV_STAMP
.alias DRV_DONE       2             ;   DRV_STAMP's phase work is done
.alias KIND_WORK      0             ; the stamp's context: phase work
.alias KIND_REACT     1             ;   a limited reaction

; The engine actions drv_act performs (its index into drv_actions).
.alias ACT_LOGISTICS    0
.alias ACT_CHOOSE_FIRST 1
.alias ACT_MOVE         2
.alias ACT_FORTIFY      3
.alias ACT_SEA_MOVE     4
.alias ACT_ATTACK       5
.alias ACT_ACCESS       6
.alias ACT_FINISH_UNIT  7

.data
.space DRV_SIDES 1    ; OPPONENT_PLAY's argument: bit 0 Axis, bit 1 Allied
.space DRV_BASE 1    ; the stack pointer at this call's entry
.space DRV_STATE 1    ; DRV_NONE, DRV_SUSPENDED, DRV_DONE
.space DRV_STAMP 8    ; turn, phase, side, context of the place kept; its guard
.space DRV_NOW 8    ; the same of this call
.space DRV_GUARDED 1    ; 1: the stamp's guard counts (drv_guard)
.space DRV_LEN 1    ; bytes of the stack kept
DRV_STACK:                          ; DRV_STACK_SIZE bytes
.org DRV_STACK+DRV_STACK_SIZE
.space DRV_NEST 1    ; nested decisions under way (no suspension for them)
.space DRV_WAITED 1    ; 1: the action's aftermath waited for a human
.space DRV_STATUS 1    ; drv_act's engine status
.space DRV_UNIT 1    ; the logistics loop's unit index
.space DRV_NEAR 1    ; the nearest enemy's distance
.space DRV_CODE 1    ; drv_suspend's result for BASIC
.space DRV_TMP 1
.space DRV_ORDER_AT 1    ; the walk's place in AI_ORDER
.space DRV_WALKER 1    ; the unit walking
.space DRV_STEPS 1    ; its steps left (_walk's bound)
.space DRV_TOWN 1    ; ai_town_step's next town
DRV_EN_ROUTE:                       ; by unit number: 0, or en route (GoodAI._en_route) keeping
                                    ; this - 1 operation points (_road; 255: all), ai_attack.s's AI_SKIP
.org DRV_EN_ROUTE+UNIT_COUNT+1
.text

;
; ai_play -- entry OPPONENT_PLAY(sides): play for the side that must act.
;
; In:       ARG0 = the sides the computer runs (bit 0 Axis, bit 1 Allied; 0: a new game)
; Out:      A = E_OK, CALL_RESULT = 0, 1, 2 or 3 (above); E_RANGE for sides over 3
; Clobbers: X, Y, flags; the engine's zero page (opponent_entry restores it)
;
ai_play:
.scope
    tsx
    stx DRV_BASE
    lda ARG0_HI
    bne _range
    lda ARG0_LO
    cmp #4
    bcc _sides
_range:
    lda #E_RANGE
    rts
_sides:
    sta DRV_SIDES
    tax
    bne _play
    sta DRV_STATE                   ; a new game (A = 0 = DRV_NONE): no place kept,
    ldx #UNIT_COUNT                 ; no unit en route, no field held
_forget:
    sta DRV_EN_ROUTE,x
    dex
    bpl _forget
    jsr ai_field_forget
    jmp drv_exit_0
_play:
    lda #<DRV_EN_ROUTE              ; units en route do not stop to fight (ai_attack.s)
    sta AI_SKIP
    lda #>DRV_EN_ROUTE
    sta AI_SKIP+1
    jsr e_phase_info
    lda FLOW_ACTOR
    jsr drv_runs
    bcs _ours
    lda #3
    jmp drv_exit
_ours:
    sta AI_SIDE
    lda DEFEND_PENDING
    beq _context
    jsr drv_defend                  ; a defence: one action, the place untouched
    jmp drv_exit_1
_context:
    lda TURN
    sta DRV_NOW
    lda PHASE
    sta DRV_NOW+1
    lda AI_SIDE
    sta DRV_NOW+2
    ldx #KIND_WORK
    cmp REACT_SIDE
    bne +
    ldx #KIND_REACT
*   stx DRV_NOW+3
    jsr drv_guard
    ldx #3
    lda DRV_GUARDED
    beq _compare
    ldx #7
_compare:
    lda DRV_NOW,x
    cmp DRV_STAMP,x
    bne _fresh
    dex
    bpl _compare
    lda DRV_STATE
    cmp #DRV_SUSPENDED
    bne +
    jmp drv_resume
*   cmp #DRV_DONE
    beq drv_exit_0
_fresh:
    ldx #7
*   lda DRV_NOW,x
    sta DRV_STAMP,x
    dex
    bpl -
    lda #DRV_NONE
    sta DRV_STATE
    sta DRV_NEST
    lda DRV_NOW+3
    beq _work
    jsr drv_react                   ; the whole reaction, END_REACTION last
    jmp drv_stop
_work:
    jsr drv_phase_work
    jsr drv_guard_kept
    lda #DRV_DONE
    sta DRV_STATE
    bne drv_exit_0                  ; always
.scend

;
; drv_exit -- return to BASIC from any depth: CALL_RESULT = A, the stack pointer
; back where OPPONENT_PLAY found it.  drv_stop: no place kept (DRV_NONE), result 1;
; drv_exit_1, drv_exit_0: result 1, 0.
;
; In:       A = the result (0-3)
; Out:      A = E_OK, to opponent_entry
;
drv_stop:
    lda #DRV_NONE
    sta DRV_STATE
drv_exit_1:
    lda #1
    .byte $2C                       ; BIT abs: skips the LDA #0 (2 bytes saved a use)
drv_exit_0:
    lda #0
drv_exit:
    sta CALL_RESULT_LO
    lda #0
    sta CALL_RESULT_HI
    ldx DRV_BASE
    txs
    lda #E_OK
    rts

;
; drv_suspend -- keep the place and return to BASIC; "returns" to its caller's
; caller when a later OPPONENT_PLAY resumes it (drv_resume).  Jumped to (JMP) from
; drv_settle and drv_wait, so the top of the stack is where the code goes on.
;
; In:       A = the result for BASIC (1 or 2)
; Out:      (on resumption) nothing: the caller looks at the state again
; Clobbers: A, X, Y, flags
;
drv_suspend:
.scope
    sta DRV_CODE
    lda #0                          ; a human may act before the next call (2): no guard
    sta DRV_GUARDED
    lda DRV_CODE
    cmp #1
    bne +
    jsr drv_guard_kept              ; else the state must be the same then
*   tsx                             ; the code's frames: $0101+SP .. $0100+DRV_BASE
    stx DRV_TMP
    lda DRV_BASE
    sec
    sbc DRV_TMP
    sta DRV_LEN
    cmp #DRV_STACK_SIZE+1
    bcc _fits
    lda #DRV_NONE                   ; deeper than DRV_STACK: never in the measured games
    sta DRV_STATE
    lda #E_RANGE
    jmp drv_exit
_fits:
    ldy #0
_copy:
    lda $0101,x
    sta DRV_STACK,y
    inx
    iny
    cpy DRV_LEN
    bne _copy
    lda #DRV_SUSPENDED
    sta DRV_STATE
    lda DRV_CODE
    jmp drv_exit
.scend

;
; drv_guard -- DRV_NOW's guard, a few bytes that every action and every phase's
; progress changes: the RNG, LOGISTICS_LAST, a byte sum of the units' OP, columns and
; rows.  A place kept after an action with nothing to come from a human in between
; (result 1), or a phase's work done, is taken up again only with the guard the same:
; a game loaded or begun anew at the same turn, phase and side starts afresh.
;
; Out:      DRV_NOW+4..+7
; Clobbers: A, X, flags
;
drv_guard:
.scope
    lda RNG_LO
    sta DRV_NOW+4
    lda RNG_HI
    sta DRV_NOW+5
    lda LOGISTICS_LAST
    sta DRV_NOW+6
    lda #0
    ldx #UNIT_COUNT-1
_unit:
    clc
    adc U_OP,x
    adc U_COL,x
    adc U_ROW,x
    dex
    bpl _unit
    sta DRV_NOW+7
    rts
.scend

;
; drv_guard_kept -- the state's guard into the stamp, which then counts.
;
; Clobbers: A, X, flags
;
drv_guard_kept:
.scope
    jsr drv_guard
    ldx #3
*   lda DRV_NOW+4,x
    sta DRV_STAMP+4,x
    dex
    bpl -
    lda #1
    sta DRV_GUARDED
    rts
.scend

;
; drv_resume -- put the kept frames back under this call's stack pointer (BASIC's
; frames may be deeper or shallower than last time) and return into the
; suspended code.
;
; In:       DRV_BASE (this call's), DRV_LEN, DRV_STACK
;
drv_resume:
.scope
    lda DRV_BASE
    sec
    sbc DRV_LEN
    sta DRV_TMP                     ; the stack pointer the code had, relocated
    tax
    ldy #0
_copy:
    lda DRV_STACK,y
    sta $0101,x
    inx
    iny
    cpy DRV_LEN
    bne _copy
    ldx DRV_TMP
    txs
    lda #DRV_NONE
    sta DRV_STATE
    rts
.scend

;
; drv_runs -- does the computer run side A?  DRV_SIDES's bit A (bit 0 the Axis's,
; bit 1 the Allies') shifted into the carry; for $FF the 0 shifted in first.
;
; In:       A = a side (0, 1) or $FF (none)
; Out:      carry set if DRV_SIDES has it; A kept
; Clobbers: X, flags
;
drv_runs:
.scope
    pha
    tax
    inx                             ; X: 1 + the side (0: none)
    lda DRV_SIDES
    asl
_shift:
    lsr
    dex
    bpl _shift
    pla
    rts
.scend

;
; drv_phase_work -- the phase's work for AI_SIDE, by phase (Game.play_turn).
;
; In:       AI_SIDE = the phase's acting side (a computer's)
; Out:      when the work is done (every action in between suspended)
;
drv_phase_work:
.scope
    lda PHASE
    cmp #PHASE_LOGISTICS
    bne +
    jmp drv_logistics
*   cmp #PHASE_INITIATIVE
    bne +
    lda #1                          ; GoodAI.move_first: always
    ldx #ACT_CHOOSE_FIRST
    jmp drv_act_with
*   ldx #3                          ; the depot phases, else operations or enemy reaction
_depot_phase:
    cmp drv_depot_phases,x
    beq _depots
    dex
    bpl _depot_phase
    jmp drv_operations
_depots:
    lda AI_SIDE                     ; the depot phase whole: no reaction opens in it
    sta ARG0_LO
    lda #0
    sta ARG0_HI
    jmp ai_depots
.scend
drv_depot_phases:
    .byte PHASE_B3_DEPOT_MOVEMENT, PHASE_B7_DEPOT_MOVEMENT, PHASE_C3_DEPOT_MOVEMENT, PHASE_C7_DEPOT_MOVEMENT

;
; drv_operations -- GoodAI.operations for AI_SIDE: the posture; the attacks (an
; opening drive's mobile units en route: they do not stop to fight, but in the last
; turn keep the points of their road to the drive's nearest hex: `_road`); the Axis
; into an empty Tobruk the enemy holds; the movement
; (ai_goals.s's plan, then each unit of AI_ORDER walked a step at a time by ai_walk.s,
; marked en route when it ends more than a hex from its goal); the attacks again;
; the empty towns entered; the sealift; the fortifications.  The game's end leaves
; at once (drv_settle).
;
drv_operations:
.scope
    jsr ai_posture
    jsr drv_clear_en_route
    jsr ai_opening_targets
    beq _attacks
    ldx #UNIT_COUNT-1               ; the drive goes first
_drive:
    lda AI_SIDE
    jsr ai_side_combatant
    bne _next
    lda UNIT_TYPE,x
    cmp #TYPE_MOBILE
    bne _next
    lda #EN_ROUTE_ALL
    sta DRV_EN_ROUTE+1,x
_next:
    dex
    bpl _drive
    lda TURN                        ; the last turn: the drive keeps its roads
    cmp LAST_TURN
    bcc _attacks
    jsr ai_roads
_attacks:
    jsr drv_attacks
    jsr drv_clear_en_route
    lda AI_SIDE                     ; the Axis: an empty Tobruk the enemy holds,
    cmp #SIDE_AXIS                  ; the root of its depot chain, is entered
    bne _plan                       ; before anything moves (_take_empty_towns,
    ldx #WALK_TOBRUK_BY_ID          ; only=Tobruk)
    jsr ai_town_step
    cmp #0                          ; (its flags are not its answer's)
    beq _plan
    cpy #WALK_TOBRUK_BY_ID          ; a town after it: not Tobruk's answer
    bne _plan
    jsr drv_move_to
_plan:
    lda AI_SIDE                     ; the movement plan
    ldy AI_OFFENSIVE
    jsr ai_args
    jsr ai_plan_moves
    lda #0
    sta DRV_ORDER_AT
_walker:
    ldx DRV_ORDER_AT
    lda AI_ORDER,x
    beq _walked
    sta DRV_WALKER
    tax
    lda U_OP-1,x                    ; _walk's bound: op + 1 steps
    sta DRV_STEPS
    inc DRV_STEPS
    lda #0                          ; no hex to step back into yet
    sta WALK_BACK
_step:
    lda DRV_WALKER
    jsr ai_walk_step
    cmp #0                          ; (its flags are not its answer's)
    beq _arrived
    tay
    adc #HEX_DIRECTIONS/2-1         ; + the carry (the cmp's): d + 3, the direction
    cmp #HEX_DIRECTIONS+1           ; back (hexgrid's numbering), for the step after
    bcc +
    sbc #HEX_DIRECTIONS
*   sta WALK_BACK
    lda DRV_WALKER
    jsr drv_move
    bne _arrived                    ; never refused: ai_walk_step checked it
    dec DRV_STEPS
    bne _step
_arrived:
    ldx DRV_WALKER                  ; more than a hex from its goal: en route
    lda U_STATUS-1,x
    cmp #STATUS_ON_MAP
    bne _walk_next
    lda U_COL-1,x
    sta ZP_HEX_A
    lda U_ROW-1,x
    sta ZP_HEX_A+1
    lda AI_GOAL_COL,x
    sta ZP_HEX_B
    lda AI_GOAL_ROW,x
    sta ZP_HEX_B+1
    jsr hex_distance
    cmp #2
    bcc _walk_next
    ldx DRV_WALKER
    lda #EN_ROUTE_ALL
    sta DRV_EN_ROUTE,x
_walk_next:
    inc DRV_ORDER_AT
    bne _walker                     ; always: AI_ORDER ends within 255
_walked:
    jsr drv_attacks
    lda #0                          ; _take_empty_towns
    sta DRV_TOWN
_town:
    ldx DRV_TOWN
    lda AI_SIDE
    jsr ai_town_step
    cmp #0                          ; (its flags are not its answer's)
    beq _sealift
    iny
    sty DRV_TOWN
    jsr drv_move_to
    jmp _town
_sealift:
    lda AI_SIDE
    jsr ai_sealift_unit
    cmp #0                          ; (its flags are not its answer's)
    beq _fortify
    ldx #ACT_SEA_MOVE
    jsr drv_act_with                     ; a refusal: no sealift (Python's except RuleError)
_fortify:
    lda AI_SIDE
    jsr ai_fortify_next
    cmp #0                          ; (its flags are not its answer's)
    beq _done
    ldx #ACT_FORTIFY
    jsr drv_act_with
    beq _fortify
_done:
    rts
.scend

;
; drv_attacks -- GoodAI._attacks: ai_attack.s's loop, each battle it fills launched.
;
drv_attacks:
.scope
    jsr ai_attacks_begin
_next:
    jsr ai_next_attack
    beq _done
    ldx #ACT_ATTACK
    jsr drv_act
    jmp _next
_done:
    rts
.scend

;
; drv_clear_en_route -- AI_SIDE's units no longer en route (the other side's marks
; stay: its reactions still leave them out).
;
drv_clear_en_route:
.scope
    ldx #UNIT_COUNT-1
_unit:
    jsr own_side
    bne _next
    lda #0
    sta DRV_EN_ROUTE+1,x
_next:
    dex
    bpl _unit
    rts
.scend

;
; drv_logistics -- GoodAI.logistics for each unit of AI_SIDE on the map, in unit
; order: its note in the state first (CUT_OFF's bit: not U_SUPPLIED, which the
; movement plan reads); replacements the top digit; supply and priority by the nearest
; enemy unit on the map (none: AI_NO_ENEMY_DISTANCE hexes): the digits of the first band
; within whose radius it is (AI_LOGISTICS_RADIUS_0, _1), else the far band's.
;
drv_logistics:
.scope
    lda #0
    sta DRV_UNIT
_unit:
    ldx DRV_UNIT
    cpx #UNIT_COUNT
    bcc +
    rts
*   jsr own_on_map
    bne _next
    jsr drv_note                    ; the note first, as GoodAI.logistics
    lda U_COL,x
    sta ZP_HEX_A
    lda U_ROW,x
    sta ZP_HEX_A+1
    lda #AI_NO_ENEMY_DISTANCE
    sta DRV_NEAR
    ldy #UNIT_COUNT-1
_foe:
    lda U_STATUS,y
    cmp #STATUS_ON_MAP
    bne _foe_next
    lda UNIT_SIDE,y
    cmp AI_SIDE
    beq _foe_next
    lda U_COL,y
    sta ZP_HEX_B
    lda U_ROW,y
    sta ZP_HEX_B+1
    jsr hex_distance                ; clobbers the flags and ZP_TEMP only
    cmp DRV_NEAR
    bcs _foe_next
    sta DRV_NEAR
_foe_next:
    dey
    bpl _foe
    ldy #AI_LOGISTICS_BANDS         ; the bands, nearest first (two: opponent.py checks)
    lda DRV_NEAR
    cmp #AI_LOGISTICS_RADIUS_0+1
    bcc _band
    dey
    cmp #AI_LOGISTICS_RADIUS_1+1
    bcc _band
    dey
_band:
    lda drv_supply_band,y
    sta ARG2_LO
    lda drv_priority_band,y
    sta ARG3_LO
    ldx DRV_UNIT
    inx
    txa
    ldy #DIGIT_PERCENT_COUNT-1      ; replacements: the top digit (TOP_DIGIT)
    ldx #ACT_LOGISTICS
    jsr drv_act_with
_next:
    inc DRV_UNIT
    jmp _unit
.scend
;
; drv_note -- unit X's note in CUT_OFF: its bit set when it is not supplied
; (U_SUPPLIED 0), cleared when it is (GoodAI.logistics: unit.cut_off).
;
; In:       X = unit index
; Clobbers: A, Y, flags (X kept)
;
drv_note:
.scope
    jsr ai_unit_bit
    sta DRV_TMP
    lda U_SUPPLIED,x
    php                             ; Z: not supplied
    lda DRV_TMP
    ora CUT_OFF,y
    plp
    beq _store
    eor DRV_TMP                     ; supplied: the bit cleared
_store:
    sta CUT_OFF,y
    rts
.scend
drv_supply_band:                    ; by band: the far one, then the bands nearest last
`drv_supply_bands
drv_priority_band:
`drv_priority_bands

;
; drv_move_to -- ACT_MOVE of unit A in direction X (ai_town_step's answer); drv_move:
; in direction Y.
;
drv_move_to:
    pha
    txa
    tay
    pla
drv_move:
    ldx #ACT_MOVE                   ; then drv_act_with

;
; drv_act_with -- drv_act with ARG0 = A, ARG1 = Y (ai_args).
;
drv_act_with:
    jsr ai_args                    ; then drv_act

;
; drv_act -- one engine action for the side now playing, and its aftermath
; (Game.move, Game.attack, their _after_action): a defence or a limited reaction of
; a computer side settled in place, a human's waited for; then, outside nested
; decisions, a suspension (result 1) unless the aftermath already waited.
;
; In:       X = ACT_*; CALL_ARGS (ATTACK: the battle block) set
; Out:      A = E_OK (Z set), or the engine's refusal (nothing done)
; Clobbers: X, Y, flags; the engine's zero page
;
drv_act:
.scope
    lda REACT_SIDE                  ; Game's in_reaction: before the action
    pha
    jsr _go
    sta DRV_STATUS
    cmp #E_OK
    beq _done
    pla
    lda DRV_STATUS
    rts
_go:
    lda drv_actions_hi,x
    pha
    lda drv_actions_lo,x
    pha
    rts
_done:
    pla
    jsr drv_settle
    lda #E_OK
    rts
.scend
drv_actions_lo:
    .byte <[e_logistics-1], <[e_choose_first-1], <[e_move-1], <[e_fortify-1], <[e_sea_move-1]
    .byte <[e_attack-1], <[e_access-1], <[e_finish_unit-1]
drv_actions_hi:
    .byte >[e_logistics-1], >[e_choose_first-1], >[e_move-1], >[e_fortify-1], >[e_sea_move-1]
    .byte >[e_attack-1], >[e_access-1], >[e_finish_unit-1]

;
; drv_settle -- the aftermath of an action (Game.attack's defend call, then
; _after_action): the declared battle's defence, the game's end, a limited reaction
; the action opened (only outside one), then the suspension.
;
; In:       A = REACT_SIDE before the action ($FF: none)
; Clobbers: A, X, Y, flags
;
drv_settle:
.scope
    pha
    lda DRV_NEST
    bne _defence
    sta DRV_WAITED
_defence:
    lda DEFEND_PENDING
    beq _over
    jsr e_phase_info                ; FLOW_ACTOR: the defender
    lda FLOW_ACTOR
    jsr drv_runs
    bcc _wait_defence
    lda AI_SIDE
    pha
    lda FLOW_ACTOR
    sta AI_SIDE
    jsr drv_defend
    pla
    sta AI_SIDE
    jmp _over
_wait_defence:
    jsr drv_wait
    jmp _defence
_over:
    lda PHASE
    cmp #PHASE_GAME_OVER
    bne _reaction
    jmp drv_stop                    ; a home base taken: the game is over
_reaction:
    pla
    cmp #$FF
    bne _suspend                    ; an action inside a reaction opens none
    lda REACT_SIDE
    cmp #$FF
    beq _suspend
    jsr drv_runs
    bcs _nested
    jsr drv_wait                    ; a human reacts (and ends it)
    jmp _suspend
_nested:
    inc DRV_NEST
    lda AI_SIDE
    pha
    lda REACT_SIDE
    sta AI_SIDE
    jsr drv_react
    pla
    sta AI_SIDE
    dec DRV_NEST
_suspend:
    lda DRV_NEST
    ora DRV_WAITED
    bne _done
    lda #1
    jmp drv_suspend                 ; returns (to our caller) on resumption
_done:
    rts
.scend

;
; drv_wait -- suspend until the side the engine waits for (a human's) is done.
;
drv_wait:
    lda #1
    sta DRV_WAITED
    lda #2
    jmp drv_suspend

;
; drv_defend -- GoodAI.defend for AI_SIDE (ai_attack.s ai_defend's risk and air),
; then DEFEND.
;
; In:       AI_SIDE = the defender; the battle block and DEFEND_PENDING
; Out:      A = DEFEND's status
; Clobbers: X, Y, flags; the engine's zero page
;
drv_defend:
    jsr ai_defend
    jmp e_defend

;
; drv_react -- GoodAI.react for AI_SIDE (ai_attack.s ai_react's unit, ai_launch's
; battle): ACCESS, the battle, FINISH_UNIT while a unit is accessed; then
; END_REACTION if the reaction is still there (Game._after_action's finally; not
; through drv_act: it opens nothing, and the reaction's end is no place to stop).
;
; In:       AI_SIDE = the reacting side
; Clobbers: A, X, Y, flags; the engine's zero page
;
drv_react:
.scope
    jsr ai_react
    cmp #0                          ; (its flags are not its answer's)
    beq _end
    ldx #ACT_ACCESS
    jsr drv_act_with
    bne _end
    jsr ai_launch                   ; the battle within the access's budget, or none
    beq _finish
    ldx #ACT_ATTACK
    jsr drv_act
_finish:
    lda REACT_SIDE
    cmp #$FF
    beq _done
    lda REACT_UNIT
    beq _end
    ldx #ACT_FINISH_UNIT
    jsr drv_act
_end:
    lda REACT_SIDE
    cmp #$FF
    beq _done
    jmp e_end_reaction
_done:
    rts
.scend
