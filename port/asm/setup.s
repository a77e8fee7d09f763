;
; setup.s -- a new game (manual II; rulings 16.10, 16.29, 16.40, 16.41).
;
; The front end loads a scenario's start state into the state block (the build
; writes each as dist/<target>/start_<scenario>.bin: the set-up at the
; historical values, the optional Axis depots in, no option set), then calls
; new_game with the options, which does what kotd.engine.setup.apply_options
; does, draw for draw.
;

;
; new_game -- the options applied to the start state in the state block.
;
; In:       ARG0 = seed 0..65535 (the generator as RNG_SEED sets it)
;           ARG1 = flags: bit 0 the computer runs the Allies (solitaire),
;                  bit 1 random initiative, bit 2 the optional Axis depots,
;                  bit 3 the computer runs the Axis (kept for the front end
;                  and saved with the game: no rule reads it)
;           ARG2 = Axis ratings, ARG3 = Allied ratings, each either four
;                  digits 0-9 in hex nibbles, combat + 16 x replacements +
;                  256 x supply + 4096 x air, or $FF00 + a difficulty level
;                  (data/ratings.yaml difficulty order: DIFFICULTY), which sets
;                  the four to the level's value and reinforcements to
;                  REINFORCEMENTS_RATING (Options.at_levels)
;           ARG4 = reinforcement ratings 0-9: Axis + 16 x Allied (a side given
;                  by level takes REINFORCEMENTS_RATING instead)
;           the state block: a start state (new_game scales it in place: load
;           it again before another game)
; Out:      A = E_OK, the game ready for its first turn (PHASE unchanged);
;           A = E_RANGE for a bad argument or a SCENARIO that is not a scenario
;           (nothing changed)
; Clobbers: X, Y, flags; ZP_MUL, ZP_TEMP+3..+5; PHASE_SIDE, PHASE_UNIT, SCALE_TERM,
;           WORK+0..56
;
new_game:
.scope
    lda ARG1_HI                     ; the checks
    bne _bad
    lda ARG1_LO
    cmp #16
    bcs _bad
    lda ARG4_HI
    bne _bad
    lda ARG4_LO
    jsr digit_pair
    bcs _bad
    ldx #ARG2_LO-CALL_ARGS
    jsr check_ratings
    bcs _bad
    ldx #ARG3_LO-CALL_ARGS
    jsr check_ratings
    bcs _bad
    lda SCENARIO
    cmp #SCENARIO_FIRST_TURN_COUNT
    bcc _good
_bad:
    lda #E_RANGE
    rts
_good:
    jsr e_rng_seed                  ; RNG from ARG0
    lda ARG1_LO
    ldx #0
    lsr
    bcc +
    inx
*   stx OPT_COMPUTER_ALLIED
    ldx #0
    lsr
    bcc +
    inx
*   stx OPT_RANDOM_INITIATIVE
    ldx #0
    lsr
    bcc +
    inx
*   stx OPT_DEPOTS
    ldx #0
    lsr
    bcc +
    inx
*   stx OPT_COMPUTER_AXIS
    ldx #SIDE_AXIS
    ldy #ARG2_LO-CALL_ARGS
    jsr store_ratings
    ldx #SIDE_ALLIED
    ldy #ARG3_LO-CALL_ARGS
    jsr store_ratings
    jsr scale_units
    jsr shift_arrivals
    ldy #SIDE_AXIS                  ; the air pools at the Air rating
    jsr start_air
    ldy #SIDE_ALLIED
    jsr start_air
    lda #0
    jmp answer
.scend

;
; digit_pair -- are both nibbles of A digits 0-9?
;
; In:       A
; Out:      carry clear: yes
; Clobbers: A, flags
;
digit_pair:
.scope
    pha
    and #$0F
    cmp #10
    pla
    bcs _done
    cmp #$A0
_done:
    rts
.scend

;
; check_ratings -- a ratings argument of new_game: four digits, or $FF00 + a level.
;
; In:       X = offset of the argument in CALL_ARGS
; Out:      carry clear: good
; Clobbers: A, flags
;
check_ratings:
.scope
    lda CALL_ARGS+1,x
    cmp #$FF
    beq _level
    jsr digit_pair
    bcs _done
    lda CALL_ARGS,x
    jmp digit_pair
_level:
    lda CALL_ARGS,x
    cmp #DIFFICULTY_COUNT
_done:
    rts
.scend

;
; store_ratings -- one side's five ratings from new_game's arguments.
;
; In:       X = the side; Y = offset of its ratings argument in CALL_ARGS
; Out:      RATING_COMBAT, _REPLACEMENTS, _SUPPLY, _AIR, _REINFORCEMENTS of the side
; Clobbers: A, Y, flags
;
store_ratings:
.scope
    lda CALL_ARGS+1,y
    cmp #$FF
    beq _level
    lda CALL_ARGS,y
    and #$0F
    sta RATING_COMBAT,x
    lda CALL_ARGS,y
    lsr
    lsr
    lsr
    lsr
    sta RATING_REPLACEMENTS,x
    lda CALL_ARGS+1,y
    and #$0F
    sta RATING_SUPPLY,x
    lda CALL_ARGS+1,y
    lsr
    lsr
    lsr
    lsr
    sta RATING_AIR,x
    lda ARG4_LO                     ; Axis: the low nibble, Allied: the high one
    cpx #SIDE_AXIS
    beq +
    lsr
    lsr
    lsr
    lsr
*   and #$0F
    sta RATING_REINFORCEMENTS,x
    rts
_level:
    lda CALL_ARGS,y
    tay
    lda DIFFICULTY,y
    sta RATING_COMBAT,x
    sta RATING_REPLACEMENTS,x
    sta RATING_SUPPLY,x
    sta RATING_AIR,x
    lda #REINFORCEMENTS_RATING
    sta RATING_REINFORCEMENTS,x
    rts
.scend

;
; scale_units -- each unit in the game, in unit order: an optional depot without
; the option leaves the game (every field as a unit never in it: ABSENT, off the
; map, NOISE_DEFAULT); any other is scaled by its side's Combat Points rating p
; (setup.scaled_strength, R16.40d): ceiling' = floor((ceiling x p + 50) / 100),
; strength' = max(floor((strength x p + 50) / 100),
;                 floor((ELIMINATION_PERCENT x ceiling' + 99) / 100)).
;
; In:       the start state; OPT_DEPOTS; RATING_COMBAT
; Out:      U_* of every unit
; Clobbers: A, X, Y, flags; ZP_MUL, ZP_TEMP+3..+5; PHASE_UNIT, PHASE_SIDE;
;           SCALE_TERM; WORK+0..56 (MEMO)
;
; Few ceilings recur: ceiling' and the floor of a ceiling at a percent are kept
; (MEMO; all zero at first: a ceiling of 0 at 0% is 0, floor 0) and serve again.
;
.alias MEMO_SLOTS    8              ; scale_units' memo: 8 slots by a ceiling's
.alias MEMO_CEIL_LO  WORK           ; bits 2-4 (the ceilings of the data, 100 to
.alias MEMO_CEIL_HI  WORK+8         ; 900, fall in 8 slots), each the ceiling and
.alias MEMO_PERCENT  WORK+16        ; percent last scaled there with their
.alias MEMO_RATED_LO WORK+24        ; ceiling' and floor
.alias MEMO_RATED_HI WORK+32
.alias MEMO_FLOOR_LO WORK+40
.alias MEMO_FLOOR_HI WORK+48
.alias MEMO_SIZE     56
.alias MEMO_SLOT     WORK+56        ; the slot of the unit being scaled
.alias MEMO          WORK

scale_units:
.scope
    lda #0                          ; the memo: a ceiling of 0 at 0% is 0, floor 0
    ldx #MEMO_SIZE-1
_clear:
    sta MEMO,x
    dex
    bpl _clear
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x
    cmp #STATUS_ABSENT
    bne _in_game
    jmp _next
_in_game:
    cpx #OPTIONAL_FIRST             ; the optional units are the last (tables.py checks)
    bcc _scale
    lda OPT_DEPOTS
    bne _scale
    lda #STATUS_ABSENT              ; out of the game
    sta U_STATUS,x
    lda #OFF_MAP
    sta U_COL,x
    sta U_ROW,x
    lda #NOISE_DEFAULT
    sta U_NOISE,x
    lda #0
    sta U_STR_LO,x
    sta U_STR_HI,x
    sta U_CEIL_LO,x
    sta U_CEIL_HI,x
    sta U_SUPPLY_LO,x
    sta U_SUPPLY_HI,x
    sta U_OP,x
    sta U_FORT,x
    sta U_SUPPLIED,x
    sta U_ARRIVAL,x
    sta U_PRIORITY,x
    jmp _next
_scale:
    stx PHASE_UNIT
    ldy UNIT_SIDE,x
    lda RATING_COMBAT,y
    tay
    lda RATING_PERCENT_COMBAT,y
    sta PHASE_SIDE                  ; the percent
    lda U_CEIL_LO,x                 ; the ceiling's memo slot
    lsr
    lsr
    and #MEMO_SLOTS-1
    tay
    sty MEMO_SLOT
    lda U_CEIL_LO,x                 ; the same ceiling and percent as before:
    cmp MEMO_CEIL_LO,y              ; ceiling' and the floor as they were
    bne _new
    lda U_CEIL_HI,x
    cmp MEMO_CEIL_HI,y
    bne _new
    lda PHASE_SIDE
    cmp MEMO_PERCENT,y
    beq _known
_new:
    lda PHASE_SIDE
    sta MEMO_PERCENT,y
    lda U_CEIL_LO,x
    sta MEMO_CEIL_LO,y
    lda U_CEIL_HI,x
    sta MEMO_CEIL_HI,y
    tay
    lda U_CEIL_LO,x
    jsr rated
    ldy MEMO_SLOT
    lda V0
    sta MEMO_RATED_LO,y
    lda V1
    sta MEMO_RATED_HI,y
    lda #0                          ; the floor: ceil(ELIMINATION_PERCENT% of ceiling')
    sta V2
    lda #99
    sta SCALE_ADD
    lda #ELIMINATION_PERCENT
    jsr scale                       ; SCALE_DIV is still 100; Y kept
    lda V0
    sta MEMO_FLOOR_LO,y
    lda V1
    sta MEMO_FLOOR_HI,y
_known:
    ldx PHASE_UNIT
    lda U_STR_LO,x                  ; at full strength, strength' = ceiling':
    cmp U_CEIL_LO,x                 ; rated alike, and the floor is at most
    bne _below                      ; ceiling' (ELIMINATION_PERCENT < 100)
    lda U_STR_HI,x
    cmp U_CEIL_HI,x
    bne _below
    lda MEMO_RATED_LO,y
    sta U_STR_LO,x
    sta U_CEIL_LO,x
    lda MEMO_RATED_HI,y
    sta U_STR_HI,x
    sta U_CEIL_HI,x
    jmp _next
_below:
    lda MEMO_RATED_LO,y
    sta U_CEIL_LO,x
    lda MEMO_RATED_HI,y
    sta U_CEIL_HI,x
    lda U_STR_LO,x
    ldy U_STR_HI,x
    jsr rated
    ldy MEMO_SLOT
    lda V0                          ; strength' = the larger
    cmp MEMO_FLOOR_LO,y
    lda V1
    sbc MEMO_FLOOR_HI,y
    bcs _store
    lda MEMO_FLOOR_LO,y
    sta V0
    lda MEMO_FLOOR_HI,y
    sta V1
_store:
    ldx PHASE_UNIT
    lda V0
    sta U_STR_LO,x
    lda V1
    sta U_STR_HI,x
_next:
    dex
    bmi _done
    jmp _unit
_done:
    rts
.scend

;
; rated -- a value at a rating percent, rounded half up (setup.rated):
; floor((v x p + 50) / 100).
;
; In:       A = v low, Y = v high; PHASE_SIDE = p
; Out:      V0..V3 = the value
; Clobbers: A, X, flags; ZP_TEMP+3..+5
;
rated:
.scope
    sta V0
    sty V1
    lda #0
    sta V2
    sta V3
    lda #50
    sta SCALE_ADD
    lda #100
    sta SCALE_DIV
    lda PHASE_SIDE
    cmp #100                        ; at 100%: v itself, (100v + 50) / 100 = v
    bne _scale
    rts
_scale:
    jmp scale
.scend

;
; shift_arrivals -- the Reinforcements rating (R16.40c): each waiting unit, in
; unit order, whose side's REINFORCEMENT_SHIFT s is not 0 moves by a draw below
; |s| + 1 turns, later for s > 0, earlier for s < 0, never before the
; scenario's first turn.
;
; In:       RATING_REINFORCEMENTS, SCENARIO
; Out:      U_ARRIVAL; RNG
; Clobbers: A, X, Y, flags; ZP_MUL, ZP_MUL+1; PHASE_UNIT, PHASE_SIDE
;
shift_arrivals:
.scope
    ldx #0
_unit:
    lda U_STATUS,x
    cmp #STATUS_WAITING
    bne _next
    ldy UNIT_SIDE,x
    lda RATING_REINFORCEMENTS,y
    tay
    lda REINFORCEMENT_SHIFT,y
    beq _next
    sta PHASE_SIDE                  ; the shift, signed
    stx PHASE_UNIT
    bpl _later
    eor #$FF                        ; |s| + 1 = -s + 1 = ~s + 2
    clc
    adc #2
    jsr rng_draw
    ldx PHASE_UNIT
    sta ZP_TEMP+3
    lda U_ARRIVAL,x
    sec
    sbc ZP_TEMP+3
    bcc _first                      ; below turn 0: before the first turn
    bcs _at_least_first             ; always
_later:
    clc
    adc #1
    jsr rng_draw
    ldx PHASE_UNIT
    clc
    adc U_ARRIVAL,x
_at_least_first:
    ldy SCENARIO
    cmp SCENARIO_FIRST_TURN,y
    bcs _store
_first:
    ldy SCENARIO
    lda SCENARIO_FIRST_TURN,y
_store:
    sta U_ARRIVAL,x
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    rts
.scend

;
; start_air -- a side's starting air pool at its Air rating, the hundredths
; carried (setup.add_receipt on the set-up's air): the pool is emptied and
; receives itself as a receipt.
;
; In:       Y = the side
; Out:      AIR,y; CARRY_AIR_AXIS + side
; Clobbers: A, X, Y, flags; as air_receipt
;
start_air:
    lda AIR,y
    pha
    lda #0
    sta AIR,y
    pla
    jmp air_receipt
