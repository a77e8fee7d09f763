;
; combat.s -- one battle (docs/rules.md "Combat", manual IV.D and the charts of X).
;
; The battle block of the state (BATTLE_*, tools/kotd/build/stateblock.py) holds
; the order: the two hexes, the units by slot (attackers in slots 0.., defenders
; from STACKING_HEX), intensity, risk, air and whether it is a limited reaction.
; RESOLVE_BATTLE checks the order as kotd.engine.combat.check_order does, then
; works the battle as kotd.engine.combat.resolve does, step for step and draw for
; draw, writing the game state and the battle block's outputs.
; emu_tests/test_combat.py ties this file to the reference engine.
;
; Every product and quotient is a floor, worked by math.s in 16 or 32 bits.  The
; state's invariants bound the numbers (strength <= ceiling; one side per hex;
; supply <= its cap); tables.py refuses data whose bounds would not fit.
;
; Zero page: "math.s's" in a Clobbers line means M0..M3 (ZP_MUL), P, B0, B1
; (ZP_TEMP+3..+5), DM0, DM1 (ZP_TEMP, +1) and MATH_TERM; survey and check_battle
; also use ZP_TEMP..ZP_TEMP+3, closed_in ZP_TEMP..ZP_TEMP+3 and ZP_PTR.
;

.alias W_GROUP      BATTLE_WORK         ; 0 the attackers, 1 the defenders
.alias W_END        BATTLE_WORK+1       ; the group's last slot + 1
.alias W_SLOT       BATTLE_WORK+2       ; the slot in hand
.alias W_COUNT      BATTLE_WORK+3       ; a counter
.alias W_BYTE       BATTLE_WORK+4       ; a byte in hand
.alias W_VALUE      BATTLE_WORK+5       ; a 16-bit value (+6)
.alias W_SUM        BATTLE_WORK+7       ; a 24-bit sum (+8, +9)
.alias W_TENTHS     BATTLE_WORK+10      ; the defending hex's terrain multiplier, tenths
.alias W_UNIT       BATTLE_WORK+11      ; a unit index kept across a call

.alias BATTLE_SLOTS 2*STACKING_HEX

;
; e_resolve_battle -- entry RESOLVE_BATTLE(): the battle in the battle block.
;
; In:       the battle block's inputs (BATTLE_HEXES .. BATTLE_REACTION)
; Out:      A = E_OK, CALL_RESULT = the odds in hundredths; the game state
;           changed as the battle decides and the block's outputs written;
;           or A = E_RANGE, E_HEX, E_UNIT or E_ORDER and the game state unchanged
; Clobbers: X, Y, flags; the engine's zero page; the battle block's work bytes
;
e_resolve_battle:
.scope
    jsr check_battle
    bne _done                       ; an error code
    jsr clear_outputs
    jsr measure_attack
    jsr measure_defence
    jsr measure_odds
    jsr draw_losses
    jsr apply_losses
    jsr pay_supply
    jsr find_eliminated
    beq _none_eliminated            ; then no cadre, capture or removal
    jsr draw_cadres
    jsr capture_supply
    jsr pay_operations
    jsr remove_eliminated
    jmp _air
_none_eliminated:
    jsr pay_operations
_air:
    jsr air_losses
    jsr add_casualties
    lda BATTLE_ODDS_LO
    sta CALL_RESULT_LO
    lda BATTLE_ODDS_HI
    sta CALL_RESULT_HI
    lda #E_OK
_done:
    rts
.scend

battle_group_first:
    .byte 0, STACKING_HEX

;
; group_bounds -- the slots of group W_GROUP.
;
; In:       W_GROUP
; Out:      Y = its first slot; W_END = its first slot + its count
; Clobbers: A, X, flags
;
group_bounds:
    ldx W_GROUP
    lda battle_group_first,x
    tay
    clc
    adc BATTLE_COUNT,x
    sta W_END
    rts

; --- checking the order ------------------------------------------------------------

;
; check_battle -- the order checked as kotd.engine.combat.check_order does, in
; its order, so that the first broken rule gives the same error.
;
; In:       the battle block's inputs
; Out:      A = E_OK (Z set) or the error code; on E_OK: BATTLE_IDX, BATTLE_SIDE,
;           BATTLE_HERE, BATTLE_MASK and BATTLE_NB_SELF set
; Clobbers: X, Y, flags; ZP_TEMP..ZP_TEMP+3, ZP_PTR
;
check_battle:
.scope
    lda BATTLE_REACTION             ; the block's shape first: no rule of the
    cmp #2                          ; reference engine can name these
    bcs _range
    lda BATTLE_COUNT
    cmp #STACKING_HEX+1
    bcs _range
    lda BATTLE_COUNT+1
    cmp #STACKING_HEX+1
    bcs _range
    ldx #2                          ; both hexes on the map
_hex:
    lda BATTLE_HEXES,x
    cmp #MAP_COLUMNS
    bcs _off_map
    lda BATTLE_HEXES+1,x
    cmp #MAP_ROWS
    bcs _off_map
    dex
    dex
    bpl _hex
    lda BATTLE_HEXES                ; next to each other: the attacking hex's
    ldy BATTLE_HEXES+1              ; bit among the defending hex's neighbours
    ldx #2
    jsr battle_neighbour
    beq _order                      ; not a neighbour
    bmi _order                      ; the same hex
    sta BATTLE_NB_SELF
    lda BATTLE_COUNT                ; at least one unit a side
    beq _order
    lda BATTLE_COUNT+1
    beq _order
    jsr slot_indices                ; unit numbers that exist ...
    bcs _no_unit
    jsr check_twice                 ; ... and none listed twice
    bcs _order
    jsr check_units                 ; the units may fight this battle
    bcs _order
    jsr check_values                ; intensity, risk, air
    bcs _range
    lda #E_OK
    rts
_range:
    lda #E_RANGE
    rts
_off_map:
    lda #E_HEX
    rts
_order:
    lda #E_ORDER
    rts
_no_unit:
    jsr compare_twice               ; a unit listed twice is named first
    bcs _order
    lda #E_UNIT
    rts
.scend

;
; check_twice -- is a unit listed twice among the attackers, or among the
; defenders?  By marks in WORK_UNIT, which slot_indices cleared for the units
; listed: bit 0 for an attacker, bit 7 for a defender.
;
; In:       BATTLE_IDX of the slots in use, every one a unit index
; Out:      carry set if so
; Clobbers: A, X, Y, flags; WORK_UNIT of the units listed
;
check_twice:
.scope
    ldy BATTLE_COUNT                ; the attackers: slots count - 1 .. 0
    dey
_attacker:
    ldx BATTLE_IDX,y
    lda WORK_UNIT,x
    bne _twice
    lda #1
    sta WORK_UNIT,x
    dey
    bpl _attacker
    lda BATTLE_COUNT+1              ; the defenders: from STACKING_HEX
    clc
    adc #STACKING_HEX-1
    tay
_defender:
    ldx BATTLE_IDX,y
    lda WORK_UNIT,x
    bmi _twice
    ora #$80
    sta WORK_UNIT,x
    dey
    cpy #STACKING_HEX
    bcs _defender
    clc
    rts
_twice:
    sec
    rts
.scend

;
; compare_twice -- check_twice by comparing unit numbers, for an order with a
; number outside 1..UNIT_COUNT (no mark to set): is a number listed twice among
; the attackers, or among the defenders?
;
; Out:      carry set if so
; Clobbers: A, X, Y, flags; W_GROUP, W_SLOT, W_BYTE
;
compare_twice:
.scope
    lda #0
    sta W_GROUP
_group:
    jsr group_bounds
    sty W_SLOT
    tya
    tax
_outer:
    inx
    cpx W_END
    bcs _next_group
    stx W_BYTE
    lda BATTLE_UNITS,x
    ldy W_SLOT
_inner:
    cmp BATTLE_UNITS,y
    beq _twice
    iny
    cpy W_BYTE
    bcc _inner
    bcs _outer                      ; always
_next_group:
    inc W_GROUP
    lda W_GROUP
    cmp #2
    bcc _group
    clc
    rts
_twice:
    sec
    rts
.scend

;
; slot_indices -- BATTLE_IDX: the unit index of each slot in use, $FF for the
; rest; each listed unit's WORK_UNIT cleared for check_twice's marks.
;
; Out:      carry set if a unit number is outside 1..UNIT_COUNT (then BATTLE_IDX
;           and WORK_UNIT are partly written)
; Clobbers: A, X, Y, flags; WORK_UNIT of the units listed
;
slot_indices:
.scope
    lda #$FF                        ; every slot empty, then the groups' slots
    ldy #BATTLE_SLOTS-1
_empty:
    sta BATTLE_IDX,y
    dey
    bpl _empty
    ldy BATTLE_COUNT                ; the attackers: slots count - 1 .. 0
    dey
_attacker:
    lda BATTLE_UNITS,y
    beq _bad
    cmp #UNIT_COUNT+1
    bcs _bad
    sbc #0                          ; carry is clear: number - 1
    sta BATTLE_IDX,y
    tax
    lda #0
    sta WORK_UNIT,x
    dey
    bpl _attacker
    lda BATTLE_COUNT+1              ; the defenders: from STACKING_HEX
    clc
    adc #STACKING_HEX-1
    tay
_defender:
    lda BATTLE_UNITS,y
    beq _bad
    cmp #UNIT_COUNT+1
    bcs _bad
    sbc #0
    sta BATTLE_IDX,y
    tax
    lda #0
    sta WORK_UNIT,x
    dey
    cpy #STACKING_HEX
    bcs _defender
    clc
    rts
_bad:
    sec
    rts
.scend

;
; check_units -- every attacker on the map in the attacking hex and every
; defender in the defending hex; the attackers of one side, the defenders of the
; other; each attacker with its attack minimums (and no depot in a limited
; reaction); not depots alone; a depot defends only when its hex holds nothing
; but depots.  Every broken rule is E_ORDER, so one pass a group checks them all.
; Surveys the two hexes' neighbourhood on the way (survey).
;
; Out:      carry set if a rule is broken; BATTLE_SIDE = the attacking side
; Clobbers: A, X, Y, flags; W_BYTE, W_VALUE, W_COUNT; as survey
;
check_units:
.scope
    ldx BATTLE_IDX                  ; slot 0 is an attacker: its side attacks
    lda UNIT_SIDE,x
    sta BATTLE_SIDE
    tax                             ; the side's attack minimums
    lda ATTACK_MIN_OP,x
    sta W_BYTE
    lda ATTACK_MIN_SUPPLY_LO,x
    sta W_VALUE
    lda ATTACK_MIN_SUPPLY_HI,x
    sta W_VALUE+1
    lda #0
    sta W_COUNT                     ; attackers that are not depots
    ldy BATTLE_COUNT
    dey
_attacker:
    ldx BATTLE_IDX,y
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _broken
    lda U_COL,x
    cmp BATTLE_HEXES
    bne _broken
    lda U_ROW,x
    cmp BATTLE_HEXES+1
    bne _broken
    lda UNIT_SIDE,x
    cmp BATTLE_SIDE
    bne _broken
    lda U_SUPPLY_LO,x
    cmp W_VALUE
    lda U_SUPPLY_HI,x
    sbc W_VALUE+1
    bcc _broken
    lda U_OP,x
    cmp W_BYTE
    bcc _broken
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    bne _fighter
    lda BATTLE_REACTION             ; no depot in a limited reaction
    bne _broken
    beq _next_attacker              ; always
_fighter:
    inc W_COUNT
_next_attacker:
    dey
    bpl _attacker
    lda W_COUNT
    bne _defenders                  ; depots do not start a battle
_broken:
    sec
    rts
_defenders:
    jsr survey
    lda BATTLE_COUNT+1
    clc
    adc #STACKING_HEX-1
    tay
_defender:
    ldx BATTLE_IDX,y
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _broken
    lda U_COL,x
    cmp BATTLE_HEXES+2
    bne _broken
    lda U_ROW,x
    cmp BATTLE_HEXES+3
    bne _broken
    lda UNIT_SIDE,x
    cmp BATTLE_SIDE
    beq _broken
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    bne _next_defender
    lda BATTLE_HERE+2               ; non-depots in the defending hex
    bne _broken
_next_defender:
    dey
    cpy #STACKING_HEX
    bcs _defender
    clc
    rts
.scend

;
; check_values -- intensity 1..INTENSITY_MAX, both risks 1..RISK_LEVEL_MAX, each
; side's air 0..min(AIR_MAX, its AIR_USABLE).
;
; Out:      carry set if a value is out of range
; Clobbers: A, X, Y, flags
;
check_values:
.scope
    lda BATTLE_INTENSITY
    beq _bad
    cmp #INTENSITY_MAX+1
    bcs _bad
    ldy #1
_risk:
    lda BATTLE_RISK,y
    beq _bad
    cmp #RISK_LEVEL_MAX+1
    bcs _bad
    dey
    bpl _risk
    ldy #0                          ; Y = 0 attacker, 1 defender
    ldx BATTLE_SIDE
_air:
    lda BATTLE_AIR,y
    cmp #AIR_MAX+1
    bcs _bad
    cmp AIR_USABLE,x
    beq _air_ok
    bcs _bad
_air_ok:
    txa
    eor #1
    tax
    iny
    cpy #2
    bcc _air
    clc
    rts
_bad:
    sec
    rts
.scend

;
; survey -- the neighbourhood of the battle in one pass over the units: how many
; units stand in each of the two hexes (and non-depots in the defending one),
; which neighbours of each hex hold Axis or Allied units, and which neighbours
; are off the map or impassable (kotd.engine.combat.neighbour_counts, surrounded).
;
; Where a unit stands next to a hex is a lookup: its column and row offsets from
; the hex, each -1..1, and the hex's column parity index NEIGHBOUR_BIT, which
; gives the neighbour's bit, NEIGHBOUR_SELF for the hex itself, or 0.  The
; neighbours off the map or impassable are closed_in's, asked only when needed.
;
; In:       BATTLE_HEXES (next to each other), BATTLE_NB_SELF; the units
; Out:      BATTLE_HERE, BATTLE_MASK
; Clobbers: A, X, Y, flags; ZP_TEMP..ZP_TEMP+3, ZP_PTR
;
.alias SV_DEFENDING ZP_TEMP             ; the defending hex's column parity x 16
.alias SV_ATTACKING ZP_TEMP+1           ; the attacking hex's
.alias SV_COLUMN    ZP_TEMP+2           ; a unit's (column offset + 1) x 4, with the parity
.alias SV_DEFENDING_BIT ZP_TEMP+3       ; the defending hex's bit next to the attacking hex

survey:
.scope
    lda #0
    ldx #3
_clear:
    sta BATTLE_MASK,x
    dex
    bpl _clear
    sta BATTLE_HERE
    sta BATTLE_HERE+1
    sta BATTLE_HERE+2
    lda BATTLE_HEXES+2
    jsr parity_16
    sta SV_DEFENDING
    lda BATTLE_HEXES
    jsr parity_16
    sta SV_ATTACKING
    lda BATTLE_HEXES+2              ; the defending hex's bit among the attacking
    ldy BATTLE_HEXES+3              ; hex's neighbours
    ldx #0
    jsr battle_neighbour
    sta SV_DEFENDING_BIT
    ldx #UNIT_COUNT
_next:
    dex
    bpl _unit
    rts
_unit:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne _next
    lda U_COL,x                     ; the units of the two hexes first, no lookup
    cmp BATTLE_HEXES+2
    bne _not_defending
    lda U_ROW,x
    cmp BATTLE_HEXES+3
    bne _lookups
    inc BATTLE_HERE+1               ; in the defending hex: next to the attacking
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq +
    inc BATTLE_HERE+2
*   ldy UNIT_SIDE,x
    lda SV_DEFENDING_BIT
    ora BATTLE_MASK+2,y
    sta BATTLE_MASK+2,y
    jmp _next
_not_defending:
    cmp BATTLE_HEXES
    bne _lookups
    lda U_ROW,x
    cmp BATTLE_HEXES+1
    bne _lookups
    inc BATTLE_HERE                 ; in the attacking hex: next to the defending
    ldy UNIT_SIDE,x
    lda BATTLE_NB_SELF
    ora BATTLE_MASK,y
    sta BATTLE_MASK,y
    jmp _next
_lookups:
    lda U_COL,x                     ; next to the defending hex, or in it?
    sec
    sbc BATTLE_HEXES+2
    clc
    adc #1
    cmp #3
    bcs _attacking
    asl
    asl
    ora SV_DEFENDING
    sta SV_COLUMN
    lda U_ROW,x
    sec
    sbc BATTLE_HEXES+3
    clc
    adc #1
    cmp #3
    bcs _attacking
    ora SV_COLUMN
    tay
    lda NEIGHBOUR_BIT,y
    beq _attacking
    bpl _near_defending
    inc BATTLE_HERE+1               ; in the defending hex
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _attacking
    inc BATTLE_HERE+2
    bne _attacking                  ; always
_near_defending:
    ldy UNIT_SIDE,x
    ora BATTLE_MASK,y
    sta BATTLE_MASK,y
_attacking:
    lda U_COL,x                     ; next to the attacking hex, or in it?
    sec
    sbc BATTLE_HEXES
    clc
    adc #1
    cmp #3
    bcs _far
    asl
    asl
    ora SV_ATTACKING
    sta SV_COLUMN
    lda U_ROW,x
    sec
    sbc BATTLE_HEXES+1
    clc
    adc #1
    cmp #3
    bcs _far
    ora SV_COLUMN
    tay
    lda NEIGHBOUR_BIT,y
    beq _far
    bpl _near_attacking
    inc BATTLE_HERE                 ; in the attacking hex
    bne _far                        ; always
_near_attacking:
    ldy UNIT_SIDE,x
    ora BATTLE_MASK+2,y
    sta BATTLE_MASK+2,y
_far:
    jmp _next
.scend

;
; battle_neighbour -- where a hex stands next to one of the battle's hexes:
; NEIGHBOUR_BIT's byte for it.
;
; In:       A = column, Y = row; X = 0 (next to the attacking hex) or 2 (the defending)
; Out:      A = the neighbour's bit, NEIGHBOUR_SELF for the hex itself, or 0; N, Z by A
; Clobbers: Y, flags; ZP_TEMP+2
;
battle_neighbour:
.scope
    sec
    sbc BATTLE_HEXES,x
    clc
    adc #1
    cmp #3
    bcs _none
    asl
    asl
    sta ZP_TEMP+2                   ; (column offset + 1) x 4
    lda BATTLE_HEXES,x
    lsr
    bcc _even
    lda #16                         ; odd columns: NEIGHBOUR_BIT's second half
    ora ZP_TEMP+2
    sta ZP_TEMP+2
_even:
    tya
    sec
    sbc BATTLE_HEXES+1,x
    clc
    adc #1
    cmp #3
    bcs _none
    ora ZP_TEMP+2
    tay
    lda NEIGHBOUR_BIT,y
    rts
_none:
    lda #0
    rts
.scend

;
; parity_16 -- a column's parity times 16: NEIGHBOUR_BIT's half for the column.
;
; In:       A = column
; Out:      A = 0 (even) or 16 (odd)
; Clobbers: flags
;
parity_16:
    and #1
    asl
    asl
    asl
    asl
    rts

; --- the two strengths and the odds --------------------------------------------------

;
; clear_outputs -- zero the battle block's per-slot and per-side outputs and the
; pending marks.
;
; Clobbers: A, X, flags
;
clear_outputs:
.scope
    lda #0
    ldx #BATTLE_SLOTS-1
_slot:
    sta BATTLE_UNIT_LOSS_LO,x
    sta BATTLE_UNIT_LOSS_HI,x
    sta BATTLE_FATE,x
    sta BATTLE_CAPTURED_LO,x
    sta BATTLE_CAPTURED_HI,x
    sta BATTLE_PENDING,x
    dex
    bpl _slot
    ldx #1
_side:
    sta BATTLE_AIR_LOST,x
    sta BATTLE_CASUALTIES_LO,x
    sta BATTLE_CASUALTIES_HI,x
    dex
    bpl _side
    rts
.scend

;
; group_strength -- the unmodified strength of group W_GROUP into
; BATTLE_STRENGTH and ten times it into BATTLE_TOTAL10.
;
; In:       W_GROUP
; Out:      BATTLE_STRENGTH_LO/HI,g; BATTLE_TOTAL10_LO/HI,g; M0, M1 = the strength
; Clobbers: A, X, Y, flags; B0, B1
;
group_strength:
.scope
    lda #0
    sta M0
    sta M1
    jsr group_bounds
_slot:
    ldx BATTLE_IDX,y
    clc
    lda M0
    adc U_STR_LO,x
    sta M0
    lda M1
    adc U_STR_HI,x
    sta M1
    iny
    cpy W_END
    bcc _slot
    ldx W_GROUP
    lda M0
    sta BATTLE_STRENGTH_LO,x
    lda M1
    sta BATTLE_STRENGTH_HI,x
    asl M0                          ; ten times it, 2S + 8S: the loss shares
    rol M1                          ; divide by it (tables.py: it fits 16 bits)
    lda M0
    sta B0
    lda M1
    sta B1
    asl M0
    rol M1
    asl M0
    rol M1
    clc
    lda M0
    adc B0
    sta BATTLE_TOTAL10_LO,x
    lda M1
    adc B1
    sta BATTLE_TOTAL10_HI,x
    ldx W_GROUP                     ; M0, M1 = the strength again
    lda BATTLE_STRENGTH_LO,x
    ldy BATTLE_STRENGTH_HI,x
    jmp load_word
.scend

;
; strength_times -- group W_GROUP's strength times num.
;
; In:       A = num, Y = den; W_GROUP
; Out:      M0..M2 = the strength x num, M3 = 0; W_BYTE = den
; Clobbers: A, X, Y, flags; B0, B1
;
strength_times:
    sty W_BYTE
    pha
    ldx W_GROUP
    lda BATTLE_STRENGTH_LO,x
    ldy BATTLE_STRENGTH_HI,x
    jsr load_word
    pla
    jmp mul_by_byte

;
; strength_fraction -- floor(S * num / den) of group W_GROUP's strength.
;
; In:       A = num, Y = den; W_GROUP
; Out:      M0, M1 = the fraction
; Clobbers: A, X, Y, flags; W_BYTE; B0, B1, M2, M3
;
strength_fraction:
    jsr strength_times
    lda W_BYTE
    jmp div_by_byte

;
; scale_both -- both sides of a comparison with floor(S x num / den): S x num and
; W_VALUE x den, without dividing.
;
; In:       A = num, Y = den; W_GROUP; W_VALUE (0..65535)
; Out:      W_SUM..W_SUM+2 = the group's strength x num; M0..M2 = W_VALUE x den
; Clobbers: A, X, Y, flags; W_BYTE; B0, B1, M3
;
scale_both:
    jsr strength_times
    lda M0
    sta W_SUM
    lda M1
    sta W_SUM+1
    lda M2
    sta W_SUM+2
    lda W_VALUE
    ldy W_VALUE+1
    jsr load_word
    lda W_BYTE
    jmp mul_by_byte

;
; measure_attack -- the attackers' strength S and modified strength A:
; floor(S (100 + AIR_ATTACKER_PERCENT x air) / 100), plus the neighbour
; bonuses, then clamped to floor(S x min) .. floor(S x max) (manual IV.D.4.e-g).
;
; Out:      BATTLE_STRENGTH, BATTLE_TOTAL10, BATTLE_NEAR, BATTLE_MODIFIED (A),
;           and the defenders' strength and BATTLE_TOTAL10 too
; Clobbers: A, X, Y, flags; math.s's
;
measure_attack:
.scope
    lda #1
    sta W_GROUP
    jsr group_strength
    lda #0
    sta W_GROUP
    jsr group_strength
    lda BATTLE_AIR                  ; S (100 + percent x air) / 100 =
    sta B0                          ; S + floor(S x (percent x air) / 100), and
    lda #AIR_ATTACKER_PERCENT       ; percent x air is a byte (tables.py)
    jsr mul_8x8
    lda P
    jsr mul_by_byte                 ; M0, M1 are still S
    lda #100
    jsr div_by_byte
    clc
    lda M0
    adc BATTLE_STRENGTH_LO
    sta W_VALUE
    lda M1
    adc BATTLE_STRENGTH_HI
    sta W_VALUE+1
    ; the neighbours: units beside the battle, hexes next to the defender
    lda BATTLE_HERE
    sec
    sbc BATTLE_COUNT
    sta BATTLE_NEAR                 ; friendly units in the attacking hex
    lda BATTLE_HERE+1
    sec
    sbc BATTLE_COUNT+1
    sta BATTLE_NEAR+2               ; enemy units in the defending hex
    lda BATTLE_NB_SELF
    eor #$FF
    sta W_BYTE                      ; every neighbour but the attacking hex
    ldx BATTLE_SIDE
    lda BATTLE_MASK,x
    and W_BYTE
    jsr count_bits
    sty BATTLE_NEAR+1               ; friendly hexes next to the defender
    lda BATTLE_SIDE
    eor #1
    tax
    lda BATTLE_MASK,x
    and W_BYTE
    jsr count_bits
    sty BATTLE_NEAR+3               ; enemy hexes next to the defender
    lda W_VALUE                     ; the bonuses, summed in M0, M1
    sta M0
    lda W_VALUE+1
    sta M1
    lda BATTLE_NEAR
    ldx #<BONUS_FRIENDLY_UNIT
    ldy #>BONUS_FRIENDLY_UNIT
    jsr add_times
    lda BATTLE_NEAR+1
    ldx #<BONUS_FRIENDLY_HEX
    ldy #>BONUS_FRIENDLY_HEX
    jsr add_times
    lda BATTLE_NEAR+2
    ldx #<BONUS_ENEMY_UNIT
    ldy #>BONUS_ENEMY_UNIT
    jsr add_times
    lda BATTLE_NEAR+3
    ldx #<BONUS_ENEMY_HEX
    ldy #>BONUS_ENEMY_HEX
    jsr add_times
    lda M0
    sta W_VALUE
    lda M1
    sta W_VALUE+1
    ; the clamp: first at most the high bound, then at least the low one.  A
    ; bound floor(S x num / den) is compared without dividing: A > it when
    ; S x num < A x den, A < it when A x den + den <= S x num.
    lda W_VALUE+1
    bmi _low                        ; below zero: below any bound
    lda W_VALUE                     ; S <= A <= 2 S lies within the bounds, whose
    cmp BATTLE_STRENGTH_LO          ; low one is at most S and high one at least
    lda W_VALUE+1                   ; 2 S (tables.py checks): nothing to clamp
    sbc BATTLE_STRENGTH_HI
    bcc _exact
    lda BATTLE_STRENGTH_LO
    asl
    tax
    lda BATTLE_STRENGTH_HI
    rol
    bcs _store                      ; 2 S beyond 16 bits
    tay
    cpx W_VALUE
    tya
    sbc W_VALUE+1
    bcs _store
_exact:
    lda #ATTACKER_MAX_NUM
    ldy #ATTACKER_MAX_DEN
    jsr scale_both
    lda W_SUM
    cmp M0
    lda W_SUM+1
    sbc M1
    lda W_SUM+2
    sbc M2
    bcs _not_high
    lda #ATTACKER_MAX_NUM
    ldy #ATTACKER_MAX_DEN
    jsr strength_fraction
    lda M0
    sta W_VALUE
    lda M1
    sta W_VALUE+1
_not_high:
    lda #ATTACKER_MIN_NUM
    ldy #ATTACKER_MIN_DEN
    jsr scale_both
    clc
    lda M0
    adc #ATTACKER_MIN_DEN
    sta M0
    bcc _compare_low
    inc M1
    bne _compare_low
    inc M2
_compare_low:
    lda W_SUM
    cmp M0
    lda W_SUM+1
    sbc M1
    lda W_SUM+2
    sbc M2
    bcc _store                      ; S x num < (A + 1) x den: A is at least the bound
_low:
    lda #ATTACKER_MIN_NUM
    ldy #ATTACKER_MIN_DEN
    jsr strength_fraction
    lda M0
    sta W_VALUE
    lda M1
    sta W_VALUE+1
_store:
    lda W_VALUE
    sta BATTLE_MODIFIED_LO
    lda W_VALUE+1
    sta BATTLE_MODIFIED_HI
    rts
.scend

;
; low_supply_cut -- a defender's strength as the battle counts it: times
; LOW_SUPPLY_PERCENT / 100, floor, below LOW_SUPPLY_THRESHOLD supply (manual
; IV.D.4.a).  The computer opponent counts it so too (ai_goals.s stack_objective).
;
; In:       X = the unit's index; M0, M1 = its strength
; Out:      M0, M1 = the strength counted
; Clobbers: A, flags; when cut, also X, Y and math.s's
;
low_supply_cut:
.scope
    lda U_SUPPLY_LO,x
    cmp #<LOW_SUPPLY_THRESHOLD
    lda U_SUPPLY_HI,x
    sbc #>LOW_SUPPLY_THRESHOLD
    bcs _supplied
    lda #LOW_SUPPLY_PERCENT
    jsr mul_by_byte
    lda #100
    jmp div_by_byte
_supplied:
    rts
.scend

;
; measure_defence -- the defenders' modified strength D: each strength (halved
; below LOW_SUPPLY_THRESHOLD) times min(terrain + FORT_STEP_TENTHS x fort,
; FORT_CAP_TENTHS) tenths, summed; times (100 + AIR_DEFENDER_PERCENT x air) /
; 1000; at most floor(Sd x cap); at least 1 (manual IV.D.4.a-d).
;
; Out:      BATTLE_MODIFIED+1 (D)
; Clobbers: A, X, Y, flags; math.s's; ZP_PTR
;
measure_defence:
.scope
    ldy BATTLE_HEXES+3              ; the defending hex's terrain
    lda MAP_ROW_LO,y
    sta ZP_PTR_LO
    lda MAP_ROW_HI,y
    sta ZP_PTR_HI
    ldy BATTLE_HEXES+2
    lda (ZP_PTR),y
    tax
    lda TERRAIN_DEFENCE_TENTHS,x
    sta W_TENTHS
    lda #0                          ; the sum so far; a run of defenders with the
    sta W_SUM                       ; same multiplier sums its strengths first
    sta W_SUM+1                     ; (W_VALUE, the multiplier in W_BYTE) and
    sta W_SUM+2                     ; multiplies once
    sta W_VALUE
    sta W_VALUE+1
    sta W_BYTE
    lda #1
    sta W_GROUP
    jsr group_bounds
_slot:
    sty W_SLOT
    ldx BATTLE_IDX,y
    stx W_UNIT
    lda W_TENTHS                    ; the multiplier, capped
    ldy U_FORT,x
    beq _capped
_level:
    clc
    adc #FORT_STEP_TENTHS
    bcs _cap
    cmp #FORT_CAP_TENTHS
    bcs _cap
    dey
    bne _level
_capped:
    cmp #FORT_CAP_TENTHS
    bcc _multiplier
_cap:
    lda #FORT_CAP_TENTHS
_multiplier:
    cmp W_BYTE
    beq _same
    pha                             ; another multiplier: the run so far goes in
    jsr _flush
    pla
    sta W_BYTE
    ldx W_UNIT
_same:
    lda U_STR_LO,x
    sta M0
    lda U_STR_HI,x
    sta M1
    jsr low_supply_cut
    clc                             ; a hex's strengths sum within 16 bits
    lda W_VALUE                     ; (tables.py: ten times them do)
    adc M0
    sta W_VALUE
    lda W_VALUE+1
    adc M1
    sta W_VALUE+1
    ldy W_SLOT
    iny
    cpy W_END
    bcc _slot
    jsr _flush
    lda BATTLE_AIR+1                ; the air: 100 + percent x air
    sta B0
    lda #AIR_DEFENDER_PERCENT
    jsr mul_8x8
    tax
    lda P
    clc
    adc #100
    sta W_VALUE
    txa
    adc #0
    sta W_VALUE+1
    lda W_SUM
    sta M0
    lda W_SUM+1
    sta M1
    lda W_SUM+2
    sta M2
    lda #0
    sta M3
    lda W_VALUE
    sta B0
    lda W_VALUE+1
    sta B1
    jsr mul_32x16
    jsr div_by_1000                 ; an overflow saturates, below the cap anyway
    lda M0
    sta W_VALUE
    lda M1
    sta W_VALUE+1
    lda BATTLE_STRENGTH_LO+1        ; D < 4 Sd lies below the cap, at least 4 Sd
    sta M0                          ; (tables.py checks): nothing to cap
    lda BATTLE_STRENGTH_HI+1
    sta M1
    lda #0
    sta M2
    asl M0
    rol M1
    rol M2
    asl M0
    rol M1
    rol M2
    lda W_VALUE
    cmp M0
    lda W_VALUE+1
    sbc M1
    lda #0
    sbc M2
    bcc _at_least_one
    lda #DEFENDER_CAP_NUM           ; at most the cap: D > it when Sd x num < D x den
    ldy #DEFENDER_CAP_DEN
    jsr scale_both                  ; W_GROUP is 1: the defenders
    lda W_SUM
    cmp M0
    lda W_SUM+1
    sbc M1
    lda W_SUM+2
    sbc M2
    bcs _at_least_one
    lda #DEFENDER_CAP_NUM
    ldy #DEFENDER_CAP_DEN
    jsr strength_fraction
    lda M0
    sta W_VALUE
    lda M1
    sta W_VALUE+1
_at_least_one:
    lda W_VALUE
    ora W_VALUE+1
    bne _store
    inc W_VALUE
_store:
    lda W_VALUE
    sta BATTLE_MODIFIED_LO+1
    lda W_VALUE+1
    sta BATTLE_MODIFIED_HI+1
    rts
_flush:                             ; W_SUM += W_VALUE x W_BYTE; W_VALUE = 0
    lda W_VALUE
    sta M0
    ora W_VALUE+1
    beq _flushed                    ; an empty run
    lda W_VALUE+1
    sta M1
    lda W_BYTE
    jsr mul_by_byte
    clc
    lda W_SUM
    adc M0
    sta W_SUM
    lda W_SUM+1
    adc M1
    sta W_SUM+1
    lda W_SUM+2
    adc M2
    sta W_SUM+2
    lda #0
    sta W_VALUE
    sta W_VALUE+1
_flushed:
    rts
.scend

;
; measure_odds -- odds = min(floor(100 A / D), 65535); base loss =
; BASE_LOSS_CONSTANT + floor(BASE_LOSS_PER_MILLE x intensity x S / 1000).
;
; Out:      BATTLE_ODDS, BATTLE_BASE
; Clobbers: A, X, Y, flags; math.s's
;
measure_odds:
    lda BATTLE_MODIFIED_LO
    ldy BATTLE_MODIFIED_HI
    jsr load_word
    jsr times_100
    lda BATTLE_MODIFIED_LO+1
    ldy BATTLE_MODIFIED_HI+1
    jsr div_by_word                 ; an overflow gives $FFFF: the saturation
    lda M0
    sta BATTLE_ODDS_LO
    lda M1
    sta BATTLE_ODDS_HI
    lda BATTLE_STRENGTH_LO
    ldy BATTLE_STRENGTH_HI
    jsr load_word
    lda BATTLE_INTENSITY            ; per mille x intensity: a byte (tables.py)
    sta B0
    lda #BASE_LOSS_PER_MILLE
    jsr mul_8x8
    lda P
    jsr mul_by_byte
    jsr div_by_1000
    clc
    lda M0
    adc #BASE_LOSS_CONSTANT
    sta BATTLE_BASE_LO
    lda M1
    adc #0
    sta BATTLE_BASE_HI
    rts

; --- the losses ------------------------------------------------------------------------

;
; draw_losses -- the two risk draws (attacker first) on the risk table's range
; for the sum of the risk levels; the solitaire luck on the computer's Allies;
; each side's overall loss: floor(base x r / 100) + AIR_LOSS_PER_POINT x enemy
; air, and for the defender floor(base x clamp(odds) x ODDS_MODIFIER_PERCENT /
; 10000) more (manual IV.D.5.b-d).
;
; Out:      BATTLE_FACTOR, BATTLE_RISK_PART, BATTLE_LOSS; RNG stepped twice
; Clobbers: A, X, Y, flags; math.s's
;
draw_losses:
.scope
    lda BATTLE_RISK
    clc
    adc BATTLE_RISK+1
    sec
    sbc #RISK_LO_FIRST
    tay
    lda RISK_LO,y
    sta W_BYTE
    lda RISK_HI,y
    sec
    sbc W_BYTE
    clc
    adc #1                          ; 256 values wrap to 0, rng_draw's 256
    sta W_COUNT
    ldx #0
_draw:
    stx W_SLOT
    lda W_COUNT
    jsr rng_draw
    clc
    adc W_BYTE
    ldx W_SLOT
    sta BATTLE_FACTOR,x
    inx
    cpx #2
    bcc _draw
    lda OPT_COMPUTER_ALLIED         ; the solitaire luck: on the Allies' factor
    beq _losses
    ldx #0
    lda BATTLE_SIDE
    cmp #SIDE_ALLIED
    beq _luck
    inx
_luck:
    stx W_SLOT
    lda BATTLE_FACTOR,x
    ldy #0
    jsr load_word
    lda #SOLO_LUCK_PERCENT
    jsr mul_by_byte
    lda #100
    jsr div_by_byte
    ldx W_SLOT
    lda M0
    sta BATTLE_FACTOR,x
_losses:
    ldx #0
_side:
    stx W_SLOT
    lda BATTLE_BASE_LO
    ldy BATTLE_BASE_HI
    jsr load_word
    ldx W_SLOT
    lda BATTLE_FACTOR,x
    jsr mul_by_byte
    lda #100
    jsr div_by_byte
    ldx W_SLOT
    lda M0
    sta BATTLE_RISK_PART_LO,x
    lda M1
    sta BATTLE_RISK_PART_HI,x
    txa                             ; the enemy's air
    eor #1
    tay
    lda BATTLE_AIR,y
    sta B0
    lda #AIR_LOSS_PER_POINT
    jsr mul_8x8                     ; A = high, P = low
    ldx W_SLOT
    tay
    lda P
    clc
    adc BATTLE_RISK_PART_LO,x
    sta BATTLE_LOSS_LO,x
    tya
    adc BATTLE_RISK_PART_HI,x
    sta BATTLE_LOSS_HI,x
    inx
    cpx #2
    bcc _side
    ; the defender's odds part, the odds clamped to ODDS_MIN..ODDS_MAX
    lda BATTLE_ODDS_LO
    sta B0
    lda BATTLE_ODDS_HI
    sta B1
    lda B0
    cmp #<ODDS_MIN
    lda B1
    sbc #>ODDS_MIN
    bcs _not_low
    lda #<ODDS_MIN
    sta B0
    lda #>ODDS_MIN
    sta B1
_not_low:
    lda #<ODDS_MAX
    cmp B0
    lda #>ODDS_MAX
    sbc B1
    bcs _not_high
    lda #<ODDS_MAX
    sta B0
    lda #>ODDS_MAX
    sta B1
_not_high:
    lda BATTLE_BASE_LO
    ldy BATTLE_BASE_HI
    jsr load_word
    jsr mul_16x16                   ; x percent / 10000, as tables.py reduces it:
    lda #ODDS_PART_MULTIPLIER       ; x MULTIPLIER >> SHIFT / DIVISOR
    cmp #1
    beq _shift
    sta B0
    lda #0
    sta B1
    jsr mul_32x16
_shift:
    ldx #ODDS_PART_SHIFT
    jsr shift_right
    lda #ODDS_PART_DIVISOR
    jsr div_by_byte
    clc
    lda BATTLE_LOSS_LO+1
    adc M0
    sta BATTLE_LOSS_LO+1
    lda BATTLE_LOSS_HI+1
    adc M1
    sta BATTLE_LOSS_HI+1
    rts
.scend

;
; apply_losses -- each unit's share of its side's loss: floor(L x s x morale
; tenths / (10 x S)), at most s; taken from its strength; a group's shares are
; casualties inflicted by the other side (manual IV.D.5.d).  A unit alone in its
; group has S = s: its share is floor(L x tenths / 10), one product and a byte
; division.
;
; Out:      U_STR; BATTLE_UNIT_LOSS; BATTLE_CASUALTIES
; Clobbers: A, X, Y, flags; W_GROUP, W_END, W_SLOT, W_UNIT, W_COUNT, W_BYTE, W_VALUE,
;           W_SUM; math.s's
;           (DM0, DM1 among them)
;
apply_losses:
.scope
    lda #1
    sta W_GROUP
_group:
    jsr group_bounds
    lda #0                          ; the group's losses so far
    sta W_SUM
    sta W_SUM+1
    lda BATTLE_COUNT,x
    cmp #1
    bne _setup
    jmp _alone
_setup:
    lda BATTLE_TOTAL10_LO,x         ; 10 S - 1 for div_short; W_COUNT = 0 if it
    sec                             ; may serve (10 S below 2^15)
    sbc #1
    sta DM0
    lda BATTLE_TOTAL10_HI,x
    sta W_COUNT
    sbc #0
    sta DM1
    lda W_COUNT
    and #$80
    sta W_COUNT
    bne _word_loss                  ; W_BYTE: 0, L a word (or 10 S past 2^15);
    lda BATTLE_LOSS_HI,x            ; 1, L a byte; 2, L at most
    bne _word_loss                  ; SHARE_BYTE_LOSS_MAX (tables.py): every
    lda BATTLE_LOSS_LO,x            ; share is below 256, div_short serves
    sta W_VALUE                     ; without a test.  L in W_VALUE
    cmp #SHARE_BYTE_LOSS_MAX+1
    lda #1
    adc #0                          ; + 1 when above: 2 - that
    eor #3
    bne _loss_kind                  ; always
_word_loss:
    lda #0
_loss_kind:
    sta W_BYTE
_slot:
    sty W_SLOT
    ldx BATTLE_IDX,y
    lda U_STR_LO,x
    sta M0
    ora U_STR_HI,x
    bne _some
    jmp _next                       ; strength 0 loses nothing
_some:
    lda U_STR_HI,x
    sta M1
    stx W_UNIT
    ldy UNIT_MORALE,x
    lda MORALE_LOSS_TENTHS-MORALE_LOSS_TENTHS_FIRST,y
    jsr mul_by_byte                 ; s x tenths: 16 bits (tables.py checks)
    lda W_BYTE
    beq _any_loss
    lda W_VALUE                     ; x L, a byte
    jsr mul_by_byte
    lda W_BYTE
    cmp #2
    beq _byte_share
    ldx W_GROUP                     ; a quotient below 256?
    lda M1
    cmp BATTLE_TOTAL10_LO,x
    lda M2
    sbc BATTLE_TOTAL10_HI,x
    bcs _long
_byte_share:
    jsr div_short
    jmp _shared
_any_loss:
    ldx W_GROUP
    lda BATTLE_LOSS_LO,x
    sta B0
    lda BATTLE_LOSS_HI,x
    sta B1
    jsr mul_16x16                   ; x L
    ldx W_GROUP
    lda M3                          ; / (10 x S): a quotient below 256 by eight
    bne _long                       ; rounds straight away (DM0, DM1 = 10 S - 1,
    lda M1                          ; below 2^15: W_COUNT is 0)
    cmp BATTLE_TOTAL10_LO,x
    lda M2
    sbc BATTLE_TOTAL10_HI,x
    bcs _long
    lda W_COUNT
    bne _long
    jsr div_short
    jmp _shared
_long:
    lda BATTLE_TOTAL10_LO,x
    ldy BATTLE_TOTAL10_HI,x
    jsr div_by_word
    jmp _shared
_alone:
    sty W_SLOT
    ldx BATTLE_IDX,y
    stx W_UNIT
    lda U_STR_LO,x
    ora U_STR_HI,x
    beq _next                       ; strength 0 loses nothing
    ldy UNIT_MORALE,x
    lda MORALE_LOSS_TENTHS-MORALE_LOSS_TENTHS_FIRST,y
    ldx W_GROUP                     ; alone, S = s: L x s x tenths / (10 s) is
    ldy BATTLE_LOSS_LO,x            ; exactly L x tenths / 10
    sty M0
    ldy BATTLE_LOSS_HI,x
    sty M1
    jsr mul_by_byte
    lda #10
    jsr div_by_byte                 ; above 16 bits: $FFFF, capped at s below
_shared:
    ldx W_UNIT                      ; at most the strength
    lda U_STR_LO,x
    cmp M0
    lda U_STR_HI,x
    sbc M1
    bcs _share
    lda U_STR_LO,x
    sta M0
    lda U_STR_HI,x
    sta M1
_share:
    ldy W_SLOT
    lda M0
    sta BATTLE_UNIT_LOSS_LO,y
    lda M1
    sta BATTLE_UNIT_LOSS_HI,y
    sec
    lda U_STR_LO,x
    sbc M0
    sta U_STR_LO,x
    lda U_STR_HI,x
    sbc M1
    sta U_STR_HI,x
    clc
    lda W_SUM
    adc M0
    sta W_SUM
    lda W_SUM+1
    adc M1
    sta W_SUM+1
_next:
    ldy W_SLOT
    iny
    cpy W_END
    bcs _casualties
    jmp _slot
_casualties:
    jsr group_side                  ; of the other side's making
    eor #1
    tax
    clc
    lda BATTLE_CASUALTIES_LO,x
    adc W_SUM
    sta BATTLE_CASUALTIES_LO,x
    lda BATTLE_CASUALTIES_HI,x
    adc W_SUM+1
    sta BATTLE_CASUALTIES_HI,x
    dec W_GROUP
    bmi _done
    jmp _group
_done:
    rts
.scend

;
; group_chart -- the index, plus one, of group W_GROUP's entry in a combat chart
; at the intensity: row (role x 2 + side) of the operation chart, or row
; ((role x 2 + side) x 2) of the supply chart (its mobile row; the non-mobile row
; follows).  Rows are INTENSITY_MAX long; the charts are read at NAME-1,Y.
;
; In:       A = the side whose column is read, C set for the supply chart; W_GROUP
; Out:      Y = the index + 1
; Clobbers: A, X, flags
;
group_chart:
.scope
    ldx W_GROUP                     ; role: 0 attacker, 1 defender
    beq _attacker
    ora #2
_attacker:
    bcc _row
    asl
_row:
    tax
    lda chart_rows,x
    clc
    adc BATTLE_INTENSITY
    tay
    rts
.scend

chart_rows:                         ; row k of a chart starts at k x INTENSITY_MAX
    .byte 0, INTENSITY_MAX, 2*INTENSITY_MAX, 3*INTENSITY_MAX
    .byte 4*INTENSITY_MAX, 5*INTENSITY_MAX, 6*INTENSITY_MAX, 7*INTENSITY_MAX

;
; group_side -- the side of group W_GROUP.
;
; Out:      A = BATTLE_SIDE for the attackers, the other side for the defenders
; Clobbers: flags
;
group_side:
.scope
    lda W_GROUP
    eor BATTLE_SIDE
    rts
.scend

;
; pay_supply -- each unit pays the Combat Supply Chart for its role and type at
; the intensity, floored at 0; the computer's Allies pay the Axis column.
; Records which slots may return as a cadre first: supply at least
; CADRE_MIN_SUPPLY before paying, and the group not surrounded.
;
; Out:      U_SUPPLY; BATTLE_CADRE_OK
; Clobbers: A, X, Y, flags; W_GROUP, W_END, W_COUNT, W_BYTE, W_VALUE, W_SUM
;
pay_supply:
.scope
    jsr surrounded_groups           ; W_COUNT bit 0: attackers, bit 1: defenders
    lda #0
    sta W_GROUP
_group:
    lda #SIDE_AXIS                  ; the column
    ldx OPT_COMPUTER_ALLIED
    bne _column
    jsr group_side
_column:
    sec
    jsr group_chart
    lda COMBAT_SUPPLY_COST-1,y      ; the group's two costs: mobile, non-mobile
    sta W_VALUE                     ; (bytes: tables.py refuses a cost above 255)
    lda COMBAT_SUPPLY_COST-1+INTENSITY_MAX,y
    sta W_SUM
    lsr W_COUNT                     ; carry: this group is surrounded
    lda #0
    rol
    eor #1
    sta W_BYTE                      ; 1: may return as a cadre
    jsr group_bounds
_slot:
    ldx BATTLE_IDX,y
    lda #0
    sta BATTLE_CADRE_OK,y
    lda U_SUPPLY_LO,x
    cmp #<CADRE_MIN_SUPPLY
    lda U_SUPPLY_HI,x
    sbc #>CADRE_MIN_SUPPLY
    bcc _cost
    lda W_BYTE
    sta BATTLE_CADRE_OK,y
_cost:
    lda UNIT_TYPE,x
    bne _nonmobile
    sec
    lda U_SUPPLY_LO,x
    sbc W_VALUE
    jmp _paid
_nonmobile:
    sec
    lda U_SUPPLY_LO,x
    sbc W_SUM
_paid:
    sta W_SUM+2
    lda U_SUPPLY_HI,x
    sbc #0
    bcs _store
    lda #0                          ; floored at 0
    sta W_SUM+2
_store:
    sta U_SUPPLY_HI,x
    lda W_SUM+2
    sta U_SUPPLY_LO,x
    iny
    cpy W_END
    bcc _slot
    inc W_GROUP
    lda W_GROUP
    cmp #2
    bcs _done
    jmp _group
_done:
    rts
.scend

;
; surrounded_groups -- is each group's hex surrounded: every neighbour off the
; map, impassable or holding enemy units (kotd.engine.combat.surrounded)?
;
; Out:      W_COUNT: bit 0 the attackers, bit 1 the defenders
; Clobbers: A, X, Y, flags; closed_in's zero page
;
surrounded_groups:
.scope
    lda #0
    sta W_COUNT
    lda BATTLE_SIDE                 ; the attacking hex: the defenders' side holds
    eor #1                          ; its neighbours
    tax
    lda BATTLE_MASK+2,x
    ldx BATTLE_HEXES
    ldy BATTLE_HEXES+1
    jsr closed_in
    rol W_COUNT                     ; bit 0: the attackers
    ldx BATTLE_SIDE
    lda BATTLE_MASK,x
    ldx BATTLE_HEXES+2
    ldy BATTLE_HEXES+3
    jsr closed_in
    bcc _done
    lda W_COUNT
    ora #2
    sta W_COUNT
_done:
    rts
.scend

;
; closed_in -- is each neighbour of a hex that a mask leaves open off the map
; or impassable?  Tested one direction at a time, stopping at the first open
; one: a battle's hex is seldom closed in, so most calls test one or two.
;
; In:       A = the neighbours already closed (bit d - 1 for direction d: held
;           by the enemy); X = column, Y = row of the hex (on the map)
; Out:      carry set: every other neighbour is off the map or impassable
; Clobbers: A, X, Y, flags
; Zero page: ZP_TEMP, ZP_TEMP+1 (hex_step: the hex), ZP_TEMP+2, ZP_TEMP+3, ZP_PTR
;
.alias CI_OPEN      ZP_TEMP+2           ; directions left to test, bit d - 1
.alias CI_DIRECTION ZP_TEMP+3           ; the direction in hand

closed_in:
.scope
    eor #$3F
    sta CI_OPEN
    lda #0
    sta CI_DIRECTION
_next:
    lda CI_OPEN
    beq _closed                     ; none left open
    inc CI_DIRECTION
    lsr CI_OPEN
    bcc _next                       ; closed already
    lda CI_DIRECTION
    jsr hex_step                    ; keeps the hex in ZP_TEMP, ZP_TEMP+1
    bcs _next                       ; off the map: X, Y still the hex
    lda MAP_ROW_LO,y
    sta ZP_PTR_LO
    lda MAP_ROW_HI,y
    sta ZP_PTR_HI
    txa
    tay
    lda (ZP_PTR),y
    tay
    lda TERRAIN_PASSABLE,y
    bne _open
    ldx ZP_TEMP                     ; impassable: back to the hex
    ldy ZP_TEMP+1
    jmp _next
_closed:
    sec
    rts
_open:
    clc
    rts
.scend

;
; find_eliminated -- BATTLE_FATE FATE_ELIMINATED for each unit now below
; ELIMINATION_PERCENT of its ceiling: 100 x s < ELIMINATION_PERCENT x ceiling
; (manual IV.A.2.a).  A unit with at least half its ceiling is passed without
; multiplying (tables.py checks that the percent is at most 50), and one with a
; quarter of it when the percent is at most 25 (ELIMINATION_QUARTER).
;
; Out:      A = how many (Z set: none); BATTLE_FATE, BATTLE_PENDING (1 for each
;           eliminated slot)
; Clobbers: A, X, Y, flags; W_COUNT, W_SLOT, W_VALUE, W_SUM; math.s's
;
find_eliminated:
.scope
    lda #0
    sta W_COUNT
    ldy #BATTLE_SLOTS-1
_slot:
    ldx BATTLE_IDX,y
    bmi _next
    lda U_STR_LO,x                  ; at least half the ceiling: stays
    asl
    sta W_VALUE
    lda U_STR_HI,x
    rol
    bcs _next
    sta W_VALUE+1
    lda W_VALUE
    cmp U_CEIL_LO,x
    lda W_VALUE+1
    sbc U_CEIL_HI,x
    bcc _quarter
_next:
    dey
    bpl _slot
    lda W_COUNT
    rts
_quarter:                           ; a quarter of the ceiling: stays too, when
    lda #ELIMINATION_QUARTER        ; the percent is at most 25 (tables.py)
    beq _exact
    asl W_VALUE
    rol W_VALUE+1
    bcs _next
    lda W_VALUE
    cmp U_CEIL_LO,x
    lda W_VALUE+1
    sbc U_CEIL_HI,x
    bcs _next
_exact:
    sty W_SLOT
    stx W_UNIT
    lda U_CEIL_LO,x
    ldy U_CEIL_HI,x
    jsr load_word
    lda #ELIMINATION_PERCENT
    jsr mul_by_byte
    lda M0
    sta W_SUM
    lda M1
    sta W_SUM+1
    lda M2
    sta W_SUM+2
    ldx W_UNIT
    lda U_STR_LO,x
    ldy U_STR_HI,x
    jsr load_word
    jsr times_100
    ldy W_SLOT
    lda M0                          ; 100 s < percent x ceiling?
    cmp W_SUM
    lda M1
    sbc W_SUM+1
    lda M2
    sbc W_SUM+2
    bcs _next
    lda #FATE_ELIMINATED
    sta BATTLE_FATE,y
    lda #1
    sta BATTLE_PENDING,y
    inc W_COUNT
    bne _next                       ; always
.scend

;
; next_pending -- the pending slot with the lowest unit number.
;
; Out:      carry clear: Y = the slot, its BATTLE_PENDING cleared; carry set: none
; Clobbers: A, X, flags
;
next_pending:
.scope
    ldx #$FF                        ; the best slot so far: none
    ldy #BATTLE_SLOTS-1
_slot:
    lda BATTLE_PENDING,y
    beq _next
    cpx #$FF
    beq _take
    lda BATTLE_IDX,y
    cmp BATTLE_IDX,x
    bcs _next
_take:
    tya
    tax
_next:
    dey
    bpl _slot
    cpx #$FF
    beq _none
    lda #0
    sta BATTLE_PENDING,x
    txa
    tay
    clc
    rts
_none:
    sec
    rts
.scend

;
; draw_cadres -- in unit-number order, each eliminated unit that may return as a
; cadre draws its chance: CADRE_PERCENT by morale, for the computer's Allies
; 100 - (100 - p) / SOLO_NO_CADRE_DIVISOR.  A cadre's fate is FATE_CADRE.
;
; Out:      BATTLE_FATE; BATTLE_PENDING set again for every eliminated slot
; Clobbers: A, X, Y, flags; ZP_MUL, ZP_MUL+1
;
draw_cadres:
.scope
_unit:
    jsr next_pending
    bcs _done
    lda BATTLE_CADRE_OK,y
    beq _unit
    sty W_SLOT
    ldx BATTLE_IDX,y
    ldy UNIT_MORALE,x
    lda CADRE_PERCENT-CADRE_PERCENT_FIRST,y
    ldy OPT_COMPUTER_ALLIED
    beq _chance
    ldy UNIT_SIDE,x
    cpy #SIDE_ALLIED
    bne _chance
    sta W_BYTE                      ; 100 - (100 - p) / divisor
    lda #100
    sec
    sbc W_BYTE
    ldy #0
_divide:
    cmp #SOLO_NO_CADRE_DIVISOR
    bcc _divided
    sbc #SOLO_NO_CADRE_DIVISOR
    iny
    bne _divide                     ; always
_divided:
    sty W_BYTE
    lda #100
    sec
    sbc W_BYTE
_chance:
    sta W_BYTE
    lda #100
    jsr rng_draw
    cmp W_BYTE
    bcs _unit
    ldy W_SLOT
    lda #FATE_CADRE
    sta BATTLE_FATE,y
    jmp _unit
_done:
    ldy #BATTLE_SLOTS-1             ; pending again, for capture_supply
_again:
    lda BATTLE_FATE,y
    beq _stays
    lda #1
_stays:
    sta BATTLE_PENDING,y
    dey
    bpl _again
    rts
.scend

;
; capture_supply -- in unit-number order, each eliminated unit's supply is split
; evenly among the surviving units of the other group, each share floored and
; capped by the taker's room below its SUPPLY_CAP; what is left is lost.
;
; Out:      U_SUPPLY; BATTLE_CAPTURED
; Clobbers: A, X, Y, flags; math.s's
;
capture_supply:
.scope
_loser:
    jsr next_pending
    bcc _found
    rts
_found:
    sty W_SLOT
    ldx #0                          ; the takers: the other group
    cpy #STACKING_HEX
    bcs _other
    inx
_other:
    stx W_GROUP
    jsr group_bounds
    lda #0
    sta W_COUNT
_count:
    lda BATTLE_FATE,y
    bne _not_taker
    inc W_COUNT
_not_taker:
    iny
    cpy W_END
    bcc _count
    lda W_COUNT
    bne _split
    jmp _lost                       ; nobody left to take it
_split:
    ldy W_SLOT
    ldx BATTLE_IDX,y
    lda U_SUPPLY_LO,x
    ldy U_SUPPLY_HI,x
    jsr load_word
    lda W_COUNT
    jsr div_by_byte
    lda M0
    sta W_VALUE                     ; the share
    lda M1
    sta W_VALUE+1
    jsr group_bounds
_taker:
    lda BATTLE_FATE,y
    bne _next_taker
    ldx BATTLE_IDX,y
    stx W_UNIT
    lda UNIT_TYPE,x                 ; room = cap - supply, none if over
    tax
    lda SUPPLY_CAP_LO,x
    sta W_SUM
    lda SUPPLY_CAP_HI,x
    sta W_SUM+1
    ldx W_UNIT
    sec
    lda W_SUM
    sbc U_SUPPLY_LO,x
    sta W_SUM
    lda W_SUM+1
    sbc U_SUPPLY_HI,x
    sta W_SUM+1
    bcs _room
    lda #0
    sta W_SUM
    sta W_SUM+1
_room:
    lda W_VALUE                     ; got = min(share, room)
    cmp W_SUM
    lda W_VALUE+1
    sbc W_SUM+1
    bcs _got
    lda W_VALUE
    sta W_SUM
    lda W_VALUE+1
    sta W_SUM+1
_got:
    clc
    lda U_SUPPLY_LO,x
    adc W_SUM
    sta U_SUPPLY_LO,x
    lda U_SUPPLY_HI,x
    adc W_SUM+1
    sta U_SUPPLY_HI,x
    clc
    lda BATTLE_CAPTURED_LO,y
    adc W_SUM
    sta BATTLE_CAPTURED_LO,y
    lda BATTLE_CAPTURED_HI,y
    adc W_SUM+1
    sta BATTLE_CAPTURED_HI,y
_next_taker:
    iny
    cpy W_END
    bcs _lost
    jmp _taker
_lost:
    ldy W_SLOT
    ldx BATTLE_IDX,y
    lda #0
    sta U_SUPPLY_LO,x
    sta U_SUPPLY_HI,x
    jmp _loser
.scend

;
; pay_operations -- each unit pays the Combat Operation Chart for its role and
; side at the intensity, floored at 0.
;
; Out:      U_OP
; Clobbers: A, X, Y, flags; W_GROUP, W_END, W_BYTE
;
pay_operations:
.scope
    lda #0
    sta W_GROUP
_group:
    jsr group_side
    clc
    jsr group_chart
    lda COMBAT_OP_COST-1,y
    sta W_BYTE
    jsr group_bounds
_slot:
    ldx BATTLE_IDX,y
    lda U_OP,x
    sec
    sbc W_BYTE
    bcs _store
    lda #0
_store:
    sta U_OP,x
    iny
    cpy W_END
    bcc _slot
    inc W_GROUP
    lda W_GROUP
    cmp #2
    bcc _group
    rts
.scend

;
; remove_eliminated -- each eliminated unit leaves the map with nothing; a cadre
; waits for next turn at ceil(percent x ceiling / 100) (CADRE_STRENGTH_PERCENT,
; SOLO_CADRE_STRENGTH_PERCENT for the computer's Allies), the rest are gone.
;
; Out:      the eliminated units' fields
; Clobbers: A, X, Y, flags; math.s's
;
remove_eliminated:
.scope
    ldy #BATTLE_SLOTS-1
_slot:
    sty W_SLOT
    lda BATTLE_FATE,y
    beq _next
    ldx BATTLE_IDX,y
    jsr remove_for_good             ; keeps Y
    lda BATTLE_FATE,y
    cmp #FATE_CADRE
    bne _next
    lda #STATUS_CADRE
    sta U_STATUS,x
    ldy TURN
    iny
    tya
    sta U_ARRIVAL,x
    stx W_UNIT
    lda #CADRE_STRENGTH_PERCENT
    ldy OPT_COMPUTER_ALLIED
    beq _percent
    ldy UNIT_SIDE,x
    cpy #SIDE_ALLIED
    bne _percent
    lda #SOLO_CADRE_STRENGTH_PERCENT
_percent:
    pha
    lda U_CEIL_LO,x
    ldy U_CEIL_HI,x
    jsr load_word
    pla
    jsr mul_by_byte
    clc                             ; rounded up: + 99 before the floor
    lda M0
    adc #99
    sta M0
    bcc _divide
    inc M1
    bne _divide
    inc M2
_divide:
    lda #100
    jsr div_by_byte
    ldx W_UNIT
    lda M0
    sta U_STR_LO,x
    lda M1
    sta U_STR_HI,x
_next:
    ldy W_SLOT
    dey
    bmi _done
    jmp _slot
_done:
    rts
.scend

;
; remove_for_good -- a unit leaves the map for good, no cadre
; (kotd.engine.combat.remove_unit with cadre=False): a battle's
; eliminated units (remove_eliminated), the Desert Rats and maintenance
; (logistics_phase.s).
;
; In:       X = unit index
; Out:      U_STATUS = STATUS_ELIMINATED; col and row OFF_MAP; strength, supply,
;           OP, fortification and the supplied flag 0
; Clobbers: A, flags
;
remove_for_good:
    lda #OFF_MAP
    sta U_COL,x
    sta U_ROW,x
    lda #0
    sta U_OP,x
    sta U_FORT,x
    sta U_SUPPLY_LO,x
    sta U_SUPPLY_HI,x
    sta U_SUPPLIED,x
    sta U_STR_LO,x
    sta U_STR_HI,x
    lda #STATUS_ELIMINATED
    sta U_STATUS,x
    rts

;
; air_losses -- the committed air points are used up; then the attacking side's
; roll on AIR_LOSS_PERCENT for its own points, then the defending side's, each
; made only if the enemy committed a point, may destroy one enemy point (R16.7).
;
; Out:      AIR, AIR_USABLE, BATTLE_AIR_LOST; RNG stepped 0-2 times
; Clobbers: A, X, Y, flags; ZP_MUL, ZP_MUL+1
;
air_losses:
.scope
    ldy #0                          ; Y = 0 attacker, 1 defender
    ldx BATTLE_SIDE
_use:
    lda AIR_USABLE,x
    sec
    sbc BATTLE_AIR,y
    sta AIR_USABLE,x
    txa
    eor #1
    tax
    iny
    cpy #2
    bcc _use
    ldy #0
_roll:
    sty W_SLOT
    tya
    eor #1
    tax
    lda BATTLE_AIR,x                ; the enemy's points
    beq _next
    ldx BATTLE_AIR,y
    lda AIR_LOSS_PERCENT-AIR_LOSS_PERCENT_FIRST,x
    sta W_BYTE
    lda #100
    jsr rng_draw
    cmp W_BYTE
    bcs _next
    lda BATTLE_SIDE                 ; the enemy of role Y
    ldy W_SLOT
    beq _enemy
    eor #1
_enemy:
    eor #1
    tax
    dec AIR,x
    inc BATTLE_AIR_LOST,x
    lda AIR,x
    cmp AIR_USABLE,x
    bcs _next
    sta AIR_USABLE,x
_next:
    ldy W_SLOT
    iny
    cpy #2
    bcc _roll
    rts
.scend

;
; add_casualties -- the battle's casualties into the 24-bit CASUALTIES of the side
; that inflicted them.
;
; Out:      CASUALTIES
; Clobbers: A, X, flags
;
add_casualties:
.scope
    ldx #1
_side:
    clc
    lda CASUALTIES_LO,x
    adc BATTLE_CASUALTIES_LO,x
    sta CASUALTIES_LO,x
    lda CASUALTIES_MID,x
    adc BATTLE_CASUALTIES_HI,x
    sta CASUALTIES_MID,x
    lda CASUALTIES_HI,x
    adc #0
    sta CASUALTIES_HI,x
    dex
    bpl _side
    rts
.scend
