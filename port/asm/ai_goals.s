;
; ai_goals.s -- the computer player's movement plan (docs/ai.md "The 6502 twin"): the twin
; of kotd.engine.ai_good.GoodAI._plan, everything _movement decides before its walk loop.
; Part of the opponent's code (tools/kotd/build/opponent.py SOURCES).
;
; What it decides, for the side moving, from the board as movement begins: which units go
; back into supply (cut off, starving; in defence, outnumbered), which hold (Tobruk's
; garrison, a town's last unit near the enemy, the Tobruk ring), where each other unit
; goes (the opening plan, the objectives handed out best pair first in offence or for
; the side that presses on in defence, else the line), and how far from a source it may
; go (its tether).  Out: the GOAL tables below, which the walk (ai_walk.s) and the driver
; read: AI_GOAL_COL/ROW, AI_TETHER, AI_FLAGS by unit number, AI_ORDER (the walk order:
; strength down, then number; the units with a goal), AI_WALLS (the enemy's hexes now:
; the walls of every field of the phase, as GoodAI._blocked).
;
; How.  The units in hand are a side's combat units on the map (at most
; AI_COMBATANTS_MAX), sorted once by strength into AI_ORDER; the tests that Python writes
; over dictionaries of hexes are loops over the units (58) and their distances.  The
; pairs of _assign are never listed: one byte per (free unit, objective) keeps the
; phases the unit needs to get there as an index into the objective's scores (or $FF),
; and each round takes the best pair still open by a scan, units by number, objectives by
; rank, a strictly better score replacing the best: Python's sort by (-score, number,
; objective) taken in order, since a pair that is passed over (its unit placed, its
; objective served) stays so.  Cost fields come from ai_field.s, the enemy's units as
; walls (the same hexes as AI_WALLS while nothing has moved).
; emu_tests/test_ai_goals.py ties this file to GoodAI._plan.
;

.alias FLAG_RETURNING    1              ; AI_FLAGS: going back into supply
.alias FLAG_BOLD         2              ; on an opening drive: no exposure check
.alias FLAG_EN_ROUTE     4              ; (the driver's, after the walk)
.alias FLAG_FREE         $80            ; work: free for the objectives or the line
.alias FLAG_ORDERED      $40            ; work: in AI_ORDER already (plan_order)
.alias NO_GOAL           $FF
.alias NO_PAIR           $FF
.alias NO_TETHER         255            ; ai_good.UNREACHABLE as a tether
.alias PHASE_SLOTS       AI_MAX_PHASES_AWAY+1   ; scores by phases 0..AI_MAX_PHASES_AWAY

; The zero page: the engine's, clobbered by every call; only short-lived values.
.alias GZ_PTR            ZP_PTR
.alias GM0               ZP_MUL                 ; math.s's accumulator M0..M3
.alias GM1               ZP_MUL+1
.alias GM2               ZP_MUL+2
.alias GM3               ZP_MUL+3
.alias GB0               ZP_TEMP+4              ; math.s's operand B0, B1
.alias GB1               ZP_TEMP+5

;
; ai_plan_moves -- the movement plan of a side (GoodAI._plan).
;
; In:       ARG0 = side (SIDE_AXIS, SIDE_ALLIED), ARG1 = 1 in offence, 0 in defence
;           (GoodAI.offensive); the board as movement begins
; Out:      A = E_OK, the GOAL tables; A = E_RANGE for another side or flag, nothing
;           written
; Clobbers: X, Y, flags; the engine's zero page; ai_field.s's RAM; this file's RAM
;
ai_plan_moves:
.scope
    lda ARG0_HI
    ora ARG1_HI
    bne _bad
    lda ARG1_LO
    cmp #2
    bcs _bad
    sta GL_OFFENCE
    lda ARG0_LO
    cmp #SIDE_ALLIED+1
    bcc _side
_bad:
    lda #E_RANGE
    rts
_side:
    sta AI_SIDE                     ; the judging's side too (ai_judge.s)
    eor #1
    sta GL_ENEMY
    jsr plan_clear
    jsr plan_walls
    lda AI_SIDE
    jsr ai_sources
    jsr plan_order
    jsr plan_board
    jsr plan_units
    ldx AI_SIDE
    lda goals_presses,x
    ora GL_OFFENCE
    bne _assign
    jsr plan_line
    jmp _order
_assign:
    jsr plan_assign
_order:
    jsr plan_walk_order
    lda #E_OK
    rts
.scend

goals_presses:                          ; ai_good.DEFENCE_PRESSES by side
    .byte AI_PRESSES_AXIS, AI_PRESSES_ALLIED

;
; plan_clear -- no goal, no tether, no flag for any unit.
;
; Clobbers: A, X, flags
;
plan_clear:
.scope
    ldx #UNIT_COUNT-1
_unit:
    lda #NO_GOAL
    sta AI_GOAL_COL+1,x
    sta AI_GOAL_ROW+1,x
    sta AI_TETHER+1,x
    lda #0
    sta AI_FLAGS+1,x
    dex
    bpl _unit
    rts
.scend

;
; plan_walls -- AI_WALLS: the hex of each enemy unit on the map (a hex once a unit: at
; most AI_SIDE_UNITS_MAX), $FF after; a field kept with the walls of the AI_WALLS before
; is forgotten (ai_field_forget: the walk would take it for this movement's).
;
; Clobbers: A, X, Y, flags
;
plan_walls:
.scope
    ldy #0
    ldx #UNIT_COUNT-1
_unit:
    jsr enemy_on_map
    bne _next
    lda U_COL,x
    sta AI_WALLS,y
    iny
    lda U_ROW,x
    sta AI_WALLS,y
    iny
_next:
    dex
    bpl _unit
    lda #$FF
    sta AI_WALLS,y
    jmp ai_field_forget
.scend
;
; enemy_on_map, own_on_map -- is unit X on the map and the enemy's (the moving side's)?
; own_side -- is unit X the moving side's (AI_SIDE)?
;
; In:       X = unit index
; Out:      Z set: yes (the flags and A of the last lda / cmp)
; Clobbers: A
;
enemy_on_map:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne +
    lda UNIT_SIDE,x
    cmp GL_ENEMY
*   rts
own_on_map:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne +
own_side:
    lda UNIT_SIDE,x
    cmp AI_SIDE
*   rts

;
; own_combatant -- is unit X one of the moving side's combat units on the map (not a
; depot, not a garrison: GoodAI._combatants)?
;
; In:       X = unit index
; Out:      Z set: yes
; Clobbers: A
;
own_combatant:
    jsr own_on_map
    bne +
    lda UNIT_ROLE,x
    cmp #ROLE_COMBAT
*   rts

;
; at_hex -- does unit X stand on the map at GL_HEX?
;
; In:       X = unit index
; Out:      Z set: yes
; Clobbers: A
;
at_hex:
    lda U_STATUS,x
    cmp #STATUS_ON_MAP
    bne +
    lda U_COL,x
    cmp GL_HEX
    bne +
    lda U_ROW,x
    cmp GL_HEX+1
*   rts

;
; plan_order -- AI_ORDER: the side's combat units on the map by strength down, then by
; number (GoodAI._plan's walk order), 0 after: each place takes the least key (minus
; strength, number) not yet placed (FLAG_ORDERED).
;
; Clobbers: A, X, Y, flags
;
plan_order:
.scope
    ldy #0
_place:
    jsr key_reset
    lda #0
    sta GL_KEY+3
    ldx #UNIT_COUNT-1
_unit:
    jsr own_combatant
    bne _next
    lda AI_FLAGS+1,x
    and #FLAG_ORDERED
    bne _next
    jsr key_strongest
_next:
    dex
    bpl _unit
    ldx GL_LEAST+2
    inx
    beq _end                        ; none left ($FF)
    txa
    sta AI_ORDER,y
    lda #FLAG_ORDERED               ; (the flags are 0 before plan_units)
    sta AI_FLAGS,x                  ; (X: its number)
    iny
    bne _place                      ; always
_end:
    lda #0
    sta AI_ORDER,y
    rts
.scend
;
; plan_board -- what the whole plan looks at: the last turn (no upkeep: no supply
; tether), Tobruk ringed, the ring held (Axis, an Allied Tobruk ringed:
; GoodAI._ring_holders), the opening drive on (GoodAI._opening_targets), the side's
; combat units' supply range (supply.supply_range), the phases an objective may be away.
;
; Out:      GL_LAST, GL_RINGED, GL_RING_ON, GL_DRIVING, GL_RANGE, GL_FAR
; Clobbers: A, X, Y, flags; the zero page of e_tobruk_surrounded, ai_opening_targets
;
plan_board:
.scope
    ldx #0
    lda TURN
    cmp LAST_TURN
    bcc +
    inx
*   stx GL_LAST
    lda #AI_MAX_PHASES_AWAY         ; AI_LAST_TURN_PHASES_AWAY in the last turn (_assign's far)
    cpx #0
    beq +
    lda #AI_LAST_TURN_PHASES_AWAY
*   sta GL_FAR
    jsr e_tobruk_surrounded
    lda CALL_RESULT_LO
    sta GL_RINGED
    ldx #0
    lda AI_SIDE
    cmp #SIDE_AXIS
    bne _ring
    lda CONTROL+TOBRUK_TOWN
    cmp #SIDE_AXIS
    beq _ring
    ldx GL_RINGED
_ring:
    stx GL_RING_ON
    ldx AI_SIDE                     ; supply.supply_range of a combat unit
    jsr side_supply_range
    sta GL_RANGE
    jsr ai_opening_targets
    sta GL_DRIVING
    rts
.scend

;
; plan_units -- each combat unit's part (GoodAI._plan's loop): a ring holder stays; a
; unit cut off (beyond its range + AI_CUT_OFF_SLACK, or beyond it short of supply or
; cut off at its Logistics phase: CUT_OFF) goes to the nearest source, unless it is the last
; turn or it drives in the opening (a mobile unit); a holder stays; in defence a unit
; outnumbered AI_RATIO_WITHDRAW to 100 within AI_LOCAL_RADIUS hexes falls back
; (_fallback); the others are free (FLAG_FREE).
;
; Clobbers: A, X, Y, flags; the zero page; GL_ work bytes
;
plan_units:
.scope
    ldy #0
_entry:
    sty GL_ENTRY
    ldx AI_ORDER,y
    bne +
    rts
*   dex
    stx GL_UNIT
    jsr unit_hex
    lda GL_RING_ON
    beq _not_ring
    jsr ring_holder
    bne +
    jmp _next
*
_not_ring:
    lda GL_LAST
    bne _supplied
    lda GL_DRIVING
    beq _cut_off
    ldx GL_UNIT
    lda UNIT_TYPE,x
    cmp #TYPE_MOBILE
    beq _supplied
_cut_off:
    jsr hex_gap
    sta GL_GAP
    lda GL_RANGE
    clc
    adc #AI_CUT_OFF_SLACK
    cmp GL_GAP
    bcc _return                     ; range + slack < gap
    lda GL_RANGE
    cmp GL_GAP
    bcs _supplied                   ; gap <= range
    ldx GL_UNIT
    jsr ai_unit_bit                 ; it began the turn cut off (CUT_OFF: the
    and CUT_OFF,y                   ; note of its Logistics phase)
    bne _return
    lda U_SUPPLY_LO,x
    cmp #<AI_SUPPLY_RESERVE
    lda U_SUPPLY_HI,x
    sbc #>AI_SUPPLY_RESERVE
    bcc _return
_supplied:
    jsr holder
    bcs _next
    lda GL_OFFENCE
    bne _free
    jsr outnumbered
    bcc _free
    jsr home_hex                    ; _fallback: the nearest source nearer the home
    jsr distance_unit               ; base than the unit, else the home base
    sta GL_BEHIND
    jsr nearest_source
    lda GL_LEAST+1
    cmp #$FF
    bne _back
    jsr home_hex
    lda ZP_HEX_B
    sta GL_LEAST+1
    lda ZP_HEX_B+1
    sta GL_LEAST+2
    jmp _back
_return:
    lda #$FF                        ; any source
    sta GL_BEHIND
    jsr nearest_source
_back:
    ldx GL_UNIT
    lda GL_LEAST+1
    sta AI_GOAL_COL+1,x
    lda GL_LEAST+2
    sta AI_GOAL_ROW+1,x
    lda #NO_TETHER
    sta AI_TETHER+1,x
    lda #FLAG_RETURNING
    bne _flag                       ; always
_free:
    ldx GL_UNIT
    lda #FLAG_FREE
_flag:
    ora AI_FLAGS+1,x
    sta AI_FLAGS+1,x
_next:
    ldy GL_ENTRY
    iny
    jmp _entry
.scend

;
; unit_hex -- GL_HEX = unit X's hex.
;
unit_hex:
    lda U_COL,x
    sta GL_HEX
    lda U_ROW,x
    sta GL_HEX+1
    rts

;
; home_hex -- ZP_HEX_B = the side's home base.
;
; Clobbers: A, X
;
home_hex:
    ldx AI_SIDE
    lda HOME_COL,x
    sta ZP_HEX_B
    lda HOME_ROW,x
    sta ZP_HEX_B+1
    rts

;
; unit_distance -- the distance from GL_HEX to unit X's hex; distance_unit -- from
; GL_HEX to ZP_HEX_B.
;
; Out:      A = the distance; X, Y kept
; Clobbers: flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2
;
unit_distance:
    lda U_COL,x
    sta ZP_HEX_B
    lda U_ROW,x
    sta ZP_HEX_B+1
distance_unit:
    lda GL_HEX
    sta ZP_HEX_A
    lda GL_HEX+1
    sta ZP_HEX_A+1
    jmp hex_distance

;
; enemy_nearest -- the least distance from GL_HEX to an enemy unit on the map.
;
; Out:      A = the distance ($FF: no enemy), Z set when one stands on GL_HEX; Y kept
; Clobbers: X, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2; GL_DIST
;
enemy_nearest:
.scope
    lda #$FF
    sta GL_DIST
    ldx #UNIT_COUNT-1
_unit:
    jsr enemy_on_map
    bne _next
    jsr unit_distance
    cmp GL_DIST
    bcs _next
    sta GL_DIST
_next:
    dex
    bpl _unit
    lda GL_DIST
    rts
.scend

;
; key_reset, key_strongest, key_min -- the least of 4-byte keys compared byte by byte
; (Python's tuples): key_reset makes GL_LEAST $FF $FF $FF $FF (above every key here);
; key_min takes GL_KEY if it is below GL_LEAST (an equal one not: the first wins);
; key_strongest first makes GL_KEY..+2 unit X's strength inverted (the strongest the
; least) and X, GL_KEY+3 as the caller set it.
;
; Out:      key_strongest, key_min: carry set: taken
; Clobbers: A, flags; key_reset X; key_strongest and key_min keep X and Y
;
key_reset:
    lda #$FF
    ldx #3
*   sta GL_LEAST,x
    dex
    bpl -
    rts
key_strongest:
    lda U_STR_HI,x
    eor #$FF
    sta GL_KEY
    lda U_STR_LO,x
    eor #$FF
    sta GL_KEY+1
    stx GL_KEY+2
key_min:
.scope
    stx GL_KEEP_X
    ldx #0
_byte:
    lda GL_KEY,x
    cmp GL_LEAST,x
    bcc _take
    bne _keep
    inx
    cpx #4
    bne _byte
_keep:
    ldx GL_KEEP_X
    clc
    rts
_take:
    ldx #3
_copy:
    lda GL_KEY,x
    sta GL_LEAST,x
    dex
    bpl _copy
    ldx GL_KEEP_X
    sec
    rts
.scend
;
; hex_gap -- GoodAI._gap of GL_HEX: hexes to the nearest source.
;
; Out:      A = the gap
; Clobbers: X, Y, flags; the zero page of ai_gap
;
hex_gap:
    ldx GL_HEX
    ldy GL_HEX+1
    jmp ai_gap

;
; nearest_source -- the source nearest GL_HEX, ties to the lower column, then row
; (min by (distance, hex)); if GL_BEHIND is not $FF, only among the sources nearer
; the home base than GL_BEHIND (GoodAI._fallback).
;
; In:       GL_HEX; GL_BEHIND; the sources of ai_sources
; Out:      GL_LEAST+1, +2 = the source, $FF: none
; Clobbers: A, X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2
;
nearest_source:
.scope
    jsr key_reset
    ldy #$FE
_source:
    iny
    iny
    lda AI_SOURCE_LIST,y
    cmp #$FF
    beq _done
    sta ZP_HEX_A
    sta GL_KEY+1
    lda AI_SOURCE_LIST+1,y
    sta ZP_HEX_A+1
    sta GL_KEY+2
    ldx GL_BEHIND
    inx
    beq _any
    jsr home_distance
    cmp GL_BEHIND
    bcs _source
_any:
    lda GL_KEY+1
    sta ZP_HEX_B
    lda GL_KEY+2
    sta ZP_HEX_B+1
    jsr distance_unit
    sta GL_KEY
    jsr key_min
    jmp _source
_done:
    rts
.scend
;
; home_distance -- the distance from ZP_HEX_A to the side's home base.
;
; Out:      A = the distance; ZP_HEX_B = the home base
; Clobbers: X, flags; ZP_TEMP..ZP_TEMP+2
;
home_distance:
    jsr home_hex
    jmp hex_distance

;
; ring_holder -- GoodAI._ring_holders for unit GL_UNIT at GL_HEX (the ring held): on a
; hex next to Tobruk, the strongest of the side's units there that are not depots, were
; not cut off at their Logistics phase (CUT_OFF) and have AI_RING_HOLD_SUPPLY (any of
; them in the last turn), the lower number first.
;
; Out:      Z set: it holds
; Clobbers: A, X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2
;
ring_holder:
.scope
    jsr tobruk_distance
    cmp #1
    bne _done
    jsr key_reset                   ; the least (minus strength, number)
    lda #0
    sta GL_KEY+3
    tax
_unit:
    jsr own_on_map
    bne _next
    jsr at_hex
    bne _next
    lda UNIT_ROLE,x                 ; no depot; not cut off and AI_RING_HOLD_SUPPLY, or
    cmp #ROLE_DEPOT                 ; the last turn
    beq _next
    lda GL_LAST
    bne _fit
    jsr ai_unit_bit
    and CUT_OFF,y
    bne _next
    lda U_SUPPLY_LO,x
    cmp #<AI_RING_HOLD_SUPPLY
    lda U_SUPPLY_HI,x
    sbc #>AI_RING_HOLD_SUPPLY
    bcc _next
_fit:
    jsr key_strongest
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    lda GL_LEAST+2
    cmp GL_UNIT
_done:
    rts
.scend

;
; holder -- GoodAI._holders for unit GL_UNIT (entry GL_ENTRY of AI_ORDER) at GL_HEX:
; the first AI_TOBRUK_HOLDERS combat units of an Allied Tobruk (by strength); in a
; town (or the side's home base) with an enemy unit within AI_HOLD_THREAT_RADIUS hexes, or
; in an Axis Tobruk, and no garrison, the weakest combat unit there (the last in AI_ORDER).
;
; Out:      carry set: it holds
; Clobbers: A, X, Y, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2; GL_COUNT
;
holder:
.scope
    lda AI_SIDE
    cmp #SIDE_ALLIED
    bne _town
    jsr at_tobruk
    bne _town
    lda #0                          ; Tobruk's: the combat units before it there
    sta GL_COUNT
    ldy #0
_before:
    cpy GL_ENTRY
    beq _counted
    ldx AI_ORDER,y
    dex
    jsr at_hex
    bne +
    inc GL_COUNT
*   iny
    bne _before                     ; always
_counted:
    lda GL_COUNT
    cmp #AI_TOBRUK_HOLDERS
    bcc _yes                        ; one of the first
    clc
    rts
_town:
    ldx AI_SIDE                     ; valued: the home base or a town
    lda GL_HEX
    cmp HOME_COL,x
    bne _towns
    lda GL_HEX+1
    cmp HOME_ROW,x
    beq _valued
_towns:
    jsr town_at_hex
    bpl _valued
_no:
    clc
    rts
_valued:
    ldx #UNIT_COUNT-1               ; no garrison here
_garrison:
    jsr at_hex
    bne +
    lda UNIT_ROLE,x
    cmp #ROLE_GARRISON
    beq _no
*   dex
    bpl _garrison
    ldy GL_ENTRY                    ; the last combat unit here
_after:
    iny
    ldx AI_ORDER,y
    beq _threat
    dex
    jsr at_hex
    beq _no
    jmp _after
_threat:
    jsr at_tobruk                   ; the Axis's (the Allies' went above): held whatever the distance
    beq _yes
    jsr enemy_nearest               ; an enemy within the radius: carry clear
    cmp #AI_HOLD_THREAT_RADIUS+1
    rol
    eor #1
    lsr
    rts
_yes:
    sec
    rts
.scend

;
; outnumbered -- GoodAI._local both ways around GL_HEX (AI_LOCAL_RADIUS): is the enemy's
; strength there, times 100, at least AI_RATIO_WITHDRAW times the side's (at least 1)?
;
; Out:      carry set: yes
; Clobbers: A, X, Y, flags; the zero page; GL_SUM, GL_HERE
;
outnumbered:
.scope
    lda AI_SIDE
    jsr local_strength
    lda GL_SUM                      ; max(here, 1)
    ora GL_SUM+1
    ora GL_SUM+2
    bne +
    inc GL_SUM
*   lda #<AI_RATIO_WITHDRAW
    ldy #>AI_RATIO_WITHDRAW
    jsr sum_times
    ldx #3
*   lda GM0,x
    sta GL_HERE,x
    dex
    bpl -
    lda GL_ENEMY
    jsr local_strength
    lda #100
    ldy #0
    jsr sum_times
    lda GM0                         ; there x 100 - here x ratio: no borrow, yes
    cmp GL_HERE
    lda GM1
    sbc GL_HERE+1
    lda GM2
    sbc GL_HERE+2
    lda GM3
    sbc GL_HERE+3
    rts
.scend

;
; sum_times -- M0..M3 = GL_SUM (24 bits) x (Y:A).
;
; Clobbers: A, X, Y, flags; math.s's
;
sum_times:
    sta GB0
    sty GB1
    lda GL_SUM
    sta GM0
    lda GL_SUM+1
    sta GM1
    lda GL_SUM+2
    sta GM2
    lda #0
    sta GM3
    jmp mul_32x16

;
; local_strength -- GL_SUM = the strength of a side's units on the map, depots left
; out, within AI_LOCAL_RADIUS hexes of GL_HEX, as the moving side sees it (GoodAI._local).
;
; In:       A = the side
; Clobbers: A, X, Y, flags; the zero page; GL_LOCAL_SIDE
;
local_strength:
.scope
    sta GL_LOCAL_SIDE
    lda #0
    sta GL_SUM
    sta GL_SUM+1
    sta GL_SUM+2
    ldx #UNIT_COUNT-1
_unit:
    lda U_STATUS,x                  ; (inline: the plan's busiest loop)
    cmp #STATUS_ON_MAP
    bne _next
    lda UNIT_SIDE,x
    cmp GL_LOCAL_SIDE
    bne _next
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq _next
    lda U_COL,x
    sta ZP_HEX_B
    lda U_ROW,x
    sta ZP_HEX_B+1
    jsr distance_unit
    cmp #AI_LOCAL_RADIUS+1
    bcs _next
    jsr add_estimate
_next:
    dex
    bpl _unit
    rts
.scend

;
; add_estimate -- GL_SUM += unit X's strength as the moving side sees it.
;
; In:       X = unit index
; Out:      X kept; GL_EST = the estimate
; Clobbers: A, Y, flags; the zero page of ai_est_strength
;
add_estimate:
    jsr ai_est_strength
    sta GL_EST
    sty GL_EST+1
    clc
    adc GL_SUM
    sta GL_SUM
    lda GL_SUM+1
    adc GL_EST+1
    sta GL_SUM+1
    bcc +
    inc GL_SUM+2
*   rts

;
; plan_line -- GoodAI._line (defence, a side that holds a line): each free unit not
; next to the enemy goes to the anchor nearest the enemy (then nearest it, then the
; lower hex): a town of the side, or a hex of the side's units next to the enemy, with
; room (fewer than STACKING_HEX units) and at most AI_LINE_GAP from a source; its
; tether its supply range.  The anchors (distance to the enemy, column, row) are kept
; in GL_PAIRS.
;
; Clobbers: A, X, Y, flags; the zero page; GL_ work bytes
;
plan_line:
.scope
    lda AI_WALLS                    ; no enemy on the map: no line
    cmp #$FF
    bne +
    rts
*   lda #0
    sta GL_COUNT                    ; bytes of anchors
    ldx #TOWN_COUNT-1
_town:
    lda CONTROL,x
    cmp AI_SIDE
    bne _next_town
    lda TOWN_COL,x
    sta GL_HEX
    lda TOWN_ROW,x
    sta GL_HEX+1
    stx GL_NEW
    jsr add_anchor
    ldx GL_NEW
_next_town:
    dex
    bpl _town
    ldx #UNIT_COUNT-1
_unit:
    jsr own_on_map
    bne _next_unit
    stx GL_NEW
    jsr unit_hex
    jsr enemy_adjacent
    bcs +
    jsr add_anchor
*   ldx GL_NEW
_next_unit:
    dex
    bpl _unit
    lda GL_COUNT
    bne _units
    rts
_units:
    ldx #UNIT_COUNT-1
_free:
    lda AI_FLAGS+1,x
    bpl _next_free                  ; FLAG_FREE
    stx GL_UNIT
    jsr unit_hex
    jsr enemy_adjacent
    bcc _next_free_x
    jsr key_reset                   ; the best anchor: (enemy distance, distance, hex)
    ldy #0
_anchor:
    lda GL_PAIRS,y
    sta GL_KEY
    lda GL_PAIRS+1,y
    sta GL_KEY+2
    sta ZP_HEX_B
    lda GL_PAIRS+2,y
    sta GL_KEY+3
    sta ZP_HEX_B+1
    jsr distance_unit
    sta GL_KEY+1
    jsr key_min
    iny
    iny
    iny
    cpy GL_COUNT
    bne _anchor
    ldx GL_UNIT
    lda GL_LEAST+1
    beq _next_free_x                ; its own hex
    lda GL_LEAST+2
    sta AI_GOAL_COL+1,x
    lda GL_LEAST+3
    sta AI_GOAL_ROW+1,x
    lda GL_RANGE
    sta AI_TETHER+1,x
_next_free_x:
    ldx GL_UNIT
_next_free:
    dex
    bpl _free
    rts
.scend
;
; add_anchor -- GL_HEX to the anchors (GL_PAIRS, GL_COUNT bytes) if it has room and is
; at most AI_LINE_GAP from a source, with its distance to the nearest enemy unit.
;
; Clobbers: A, X, Y, flags; the zero page
;
add_anchor:
.scope
    jsr count_at_hex
    cmp #STACKING_HEX
    bcs _done
    jsr hex_gap
    cmp #AI_LINE_GAP+1
    bcs _done
    ldy GL_COUNT
    lda GL_HEX
    sta GL_PAIRS+1,y
    lda GL_HEX+1
    sta GL_PAIRS+2,y
    jsr enemy_nearest
    sta GL_PAIRS,y
    iny
    iny
    iny
    sty GL_COUNT
_done:
    rts
.scend
;
; count_at_hex -- the units on the map at GL_HEX (any side).
;
; Out:      A = the count
; Clobbers: X, flags; GL_TALLY
;
count_at_hex:
.scope
    lda #0
    sta GL_TALLY
    ldx #UNIT_COUNT-1
_unit:
    jsr at_hex
    bne +
    inc GL_TALLY
*   dex
    bpl _unit
    lda GL_TALLY
    rts
.scend

;
; enemy_adjacent -- is an enemy unit next to GL_HEX (GoodAI._enemy_adjacent; GL_HEX
; holds no enemy)?
;
; Out:      carry clear: yes
; Clobbers: A, X, flags; as enemy_nearest
;
enemy_adjacent:
    jsr enemy_nearest
    cmp #2
    rts
;
; plan_assign -- GoodAI._assign: the opening plan first, then the objectives
; (plan_objectives), each free unit's phases to each (a cost field per objective and
; unit type), and the pairs taken best first while their objective still wants
; strength; each unit taken gets the objective and its tether.
;
; Clobbers: A, X, Y, flags; the zero page; ai_field.s's RAM; GL_ work bytes
;
plan_assign:
.scope
    jsr plan_opening
    lda #0                          ; the free units left, by number; their strength
    sta GL_NFREE
    sta GL_FORCE
    sta GL_FORCE+1
    tax
_unit:
    lda AI_FLAGS+1,x
    bpl _next
    lda AI_GOAL_ROW+1,x
    cmp #NO_GOAL
    bne _next
    txa
    ldy GL_NFREE
    sta GL_FREE,y
    inc GL_NFREE
    clc
    lda GL_FORCE
    adc U_STR_LO,x
    sta GL_FORCE
    lda GL_FORCE+1
    adc U_STR_HI,x
    sta GL_FORCE+1
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    lda GL_NFREE
    bne +
    rts
*   jsr plan_objectives
    jsr plan_scores
    jsr plan_phases
_round:
    jsr key_reset                   ; the best pair open: the least key (minus its
    lda #0                          ; score, its place in GL_PAIRS: units by number,
    sta GL_KEY+3                    ; objectives by rank)
    tax
    tay
_slot:
    cpy GL_NFREE
    beq _take
    sty GL_SLOT
    lda GL_FREE,y
    tay
    lda AI_GOAL_ROW+1,y
    cmp #NO_GOAL
    bne _placed
    lda #AI_MAX_OBJECTIVES
    sta GL_COUNT
_pair:
    ldy GL_PAIRS,x
    cpy #NO_PAIR
    beq _pass
    lda GL_SCORE_HI,y
    bmi _pass                       ; its objective wants no more
    eor #$FF
    sta GL_KEY
    lda GL_SCORE_LO,y
    eor #$FF
    sta GL_KEY+1
    stx GL_KEY+2
    jsr key_min
_pass:
    inx
    dec GL_COUNT
    bne _pair
    beq _next_slot                  ; always
_placed:
    txa
    clc
    adc #AI_MAX_OBJECTIVES
    tax
_next_slot:
    ldy GL_SLOT
    iny
    bne _slot                       ; always
_take:
    lda GL_LEAST+3
    beq +
    rts                             ; none open
*   lda GL_LEAST+2                  ; the slot: the place / AI_MAX_OBJECTIVES
    ldx #$FF
    sec
*   inx
    sbc #AI_MAX_OBJECTIVES
    bcs -
    lda GL_FREE,x
    sta GL_UNIT
    ldx GL_LEAST+2                  ; the objective: the pair's score slot mod
    lda GL_PAIRS,x                  ; AI_MAX_OBJECTIVES
    sec
*   sbc #AI_MAX_OBJECTIVES
    bcs -
    adc #AI_MAX_OBJECTIVES
    tay
    ldx GL_UNIT
    lda GL_OBJ_COL,y
    sta AI_GOAL_COL+1,x
    lda GL_OBJ_ROW,y
    sta AI_GOAL_ROW+1,x
    lda GL_OBJ_WANT_LO,y            ; what it still wants, less the unit's strength:
    sec                             ; served at 0 or below
    sbc U_STR_LO,x
    sta GL_OBJ_WANT_LO,y
    lda GL_OBJ_WANT_HI,y
    sbc U_STR_HI,x
    sta GL_OBJ_WANT_HI,y
    bcc _served_now
    ora GL_OBJ_WANT_LO,y
    bne _tether
_served_now:
    tya                             ; every score of the objective off
    tax
    ldy #PHASE_SLOTS
*   lda #$FF
    sta GL_SCORE_HI,x
    txa
    clc
    adc #AI_MAX_OBJECTIVES
    tax
    dey
    bne -
_tether:
    ldx GL_UNIT
    jsr tether
    jmp _round
.scend

;
; tether -- AI_TETHER of unit X sent to an objective (_assign): its supply range plus
; a lead by its supply (AI_TETHER_LEAD_FULL, AI_TETHER_LEAD, AI_TETHER_LEAD_LOW), in
; defence AI_DEFENCE_LEAD, cut off at its Logistics phase (CUT_OFF) none; in the last turn no tether.
;
; In:       X = unit index
; Clobbers: A, flags
;
tether:
.scope
    lda GL_LAST
    beq +
    lda #NO_TETHER
    bne _set                        ; always
*   jsr ai_unit_bit
    and CUT_OFF,y
    beq +
    lda #0                          ; it began the turn cut off: no lead
    beq _lead                       ; always
*   lda #AI_DEFENCE_LEAD
    ldy GL_OFFENCE
    beq _lead
    lda U_SUPPLY_LO,x
    cmp #<AI_TETHER_FULL_SUPPLY
    lda U_SUPPLY_HI,x
    sbc #>AI_TETHER_FULL_SUPPLY
    lda #AI_TETHER_LEAD_FULL
    bcs _lead
    lda U_SUPPLY_LO,x
    cmp #<AI_SUPPLY_RESERVE
    lda U_SUPPLY_HI,x
    sbc #>AI_SUPPLY_RESERVE
    lda #AI_TETHER_LEAD
    bcs _lead
    lda #AI_TETHER_LEAD_LOW
_lead:
    clc
    adc GL_RANGE
_set:
    sta AI_TETHER+1,x
    rts
.scend

;
; plan_scores -- each objective's pair score by the phases a unit needs, 0 ..
; AI_MAX_PHASES_AWAY: value x AI_WORTH_SCALE / (phases + 1), the value cut to value x
; force / wanted beyond AI_FAR_PHASES when the objective wants more than the free units
; have (GoodAI._assign).  GL_SCORE_LO/HI[phases x AI_MAX_OBJECTIVES + objective].
;
; Clobbers: A, X, Y, flags; the zero page; GL_OBJ, GL_PHASES, GL_PAIR
;
plan_scores:
.scope
    lda #0
    sta GL_PHASES
    sta GL_PAIR                     ; the slot of (phases, objective 0)
_phase:
    ldx #0
_objective:
    cpx GL_NOBJ
    beq _next_phase
    stx GL_OBJ
    lda GL_OBJ_VALUE_LO,x
    ldy GL_OBJ_VALUE_HI,x
    jsr m_word
    lda GL_PHASES
    cmp #AI_FAR_PHASES+1
    bcc _worth
    lda GL_FORCE                    ; wanted > force: the share
    cmp GL_OBJ_WANT_LO,x
    lda GL_FORCE+1
    sbc GL_OBJ_WANT_HI,x
    bcs _worth
    lda GL_FORCE
    sta GB0
    lda GL_FORCE+1
    sta GB1
    jsr mul_16x16
    ldx GL_OBJ
    lda GL_OBJ_WANT_LO,x
    ldy GL_OBJ_WANT_HI,x
    jsr div_by_word
_worth:
    lda #0                          ; x AI_WORTH_SCALE: below 2^15 (stack_objective)
    sta GM2
    sta GM3
    ldx #AI_WORTH_SHIFT
*   asl GM0
    rol GM1
    dex
    bne -
    ldx GL_PHASES
    inx
    txa
    jsr div_by_byte
    lda GL_PAIR
    clc
    adc GL_OBJ
    tax
    lda GM0
    sta GL_SCORE_LO,x
    lda GM1
    sta GL_SCORE_HI,x
    ldx GL_OBJ
    inx
    bne _objective                  ; always
_next_phase:
    lda GL_PAIR
    clc
    adc #AI_MAX_OBJECTIVES
    sta GL_PAIR
    inc GL_PHASES
    lda GL_PHASES
    cmp #PHASE_SLOTS
    beq +
    jmp _phase
*   rts
.scend
;
; plan_phases -- GL_PAIRS[slot x AI_MAX_OBJECTIVES + objective]: the score slot of each
; free unit for each objective (phases x AI_MAX_OBJECTIVES + objective: the operations
; phases it needs, its cost field's points over its allowance, rounded up), or NO_PAIR
; when it cannot get there or needs more than GL_FAR phases.  A field per objective and
; unit type among the free units.
;
; Clobbers: A, X, Y, flags; the zero page; ai_field.s's RAM; GL_ work bytes
;
plan_phases:
.scope
    ldx #0                          ; every pair: none yet
    lda #NO_PAIR
*   sta GL_PAIRS,x
    inx
    cpx #AI_MAX_OBJECTIVES*AI_COMBATANTS_MAX
    bne -
    lda #0
    sta GL_OBJ
_objective:
    lda #TYPE_MOBILE
    sta GL_TYPE
_type:
    ldx GL_OBJ
    lda GL_OBJ_COL,x
    sta GL_HEX
    lda GL_OBJ_ROW,x
    sta GL_HEX+1
    jsr type_field
    bcs _next_type
    lda #0
    sta GL_SLOT
    lda GL_OBJ
    sta GL_PAIR
_slot:
    ldy GL_SLOT
    ldx GL_FREE,y
    lda UNIT_TYPE,x
    cmp GL_TYPE
    bne _next_slot
    jsr unit_field
    cmp #FIELD_UNREACHABLE
    beq _next_slot
    ldx #0                          ; phases: the allowance taken off till none left
    tay
    beq _phases
*   inx
    sec
    sbc GL_ALLOW
    beq _phases
    bcs -
_phases:
    cpx GL_FAR
    beq +
    bcs _next_slot
*   lda GL_OBJ
    jsr score_slot
    ldx GL_PAIR
    sta GL_PAIRS,x
_next_slot:
    lda GL_PAIR
    clc
    adc #AI_MAX_OBJECTIVES
    sta GL_PAIR
    inc GL_SLOT
    lda GL_SLOT
    cmp GL_NFREE
    bne _slot
_next_type:
    inc GL_TYPE
    lda GL_TYPE
    cmp #TYPE_NONMOBILE+1
    bne _type
    inc GL_OBJ
    lda GL_OBJ
    cmp GL_NOBJ
    beq +
    jmp _objective
*
    rts
.scend

;
; type_field -- the cost field to GL_HEX for type GL_TYPE with the enemy's units as
; walls, if one of the free units (GL_FREE) is of that type; GL_ALLOW = the type's
; operation points a phase for the side (board.op_allowance).  The field's search
; stops once every free unit of the type stands on a settled hex (free_reached):
; the pairs read FIELD there only.
;
; Out:      carry clear: FIELD made; carry set: no free unit of the type, or no field
; Clobbers: A, X, Y, flags; the zero page; ai_field.s's RAM
;
type_field:
.scope
    ldy GL_NFREE
_unit:
    dey
    bmi _none
    ldx GL_FREE,y
    lda UNIT_TYPE,x
    cmp GL_TYPE
    bne _unit
    ldx GL_TYPE
    lda OP_ALLOWANCE_AXIS,x
    ldy AI_SIDE
    beq +
    lda OP_ALLOWANCE_ALLIED,x
*   sta GL_ALLOW
    lda #0
    sta GL_REACHED
    jsr field_args
    lda #<[free_reached-1]
    ldy #>[free_reached-1]
    jsr ai_field_until
    cmp #E_OK+1                     ; carry set: an error
    rts
_none:
    sec
    rts
.scend

;
; free_reached -- ai_field_until's question for type_field: does every free unit of
; type GL_TYPE stand on a settled hex (its cost below FD_DIST)?  The units before
; GL_REACHED are known to.
;
; Out:      carry clear: yes, stop
; Clobbers: A, X, Y; FP_HERE; GL_REACHED
;
free_reached:
.scope
    ldy GL_REACHED
_unit:
    cpy GL_NFREE
    beq _all
    ldx GL_FREE,y
    lda UNIT_TYPE,x
    cmp GL_TYPE
    bne _next
    jsr unit_field
    cmp FD_DIST
    bcs _done                       ; not yet
_next:
    inc GL_REACHED
    ldy GL_REACHED
    bne _unit                       ; always
_all:
    clc
_done:
    rts
.scend

;
; score_slot -- phases x AI_MAX_OBJECTIVES + objective.
;
; In:       A = objective, X = phases
; Out:      A = the slot
; Clobbers: X, flags
;
score_slot:
.scope
    cpx #0
    beq _done
_phase:
    clc
    adc #AI_MAX_OBJECTIVES
    dex
    bne _phase
_done:
    rts
.scend

;
; make_field -- ai_field to GL_HEX for type GL_TYPE, the enemy's units as walls.
;
; Out:      carry clear: FIELD made; carry set: refused
; Clobbers: A, X, Y, flags; the zero page; ai_field.s's RAM; CALL_ARGS
;
make_field:
    jsr field_args
    jsr ai_field
    cmp #E_OK+1                     ; carry set: an error
    rts

;
; field_args -- ai_field's arguments: GL_HEX, GL_TYPE, the enemy's units as walls.
;
; Clobbers: A, flags; CALL_ARGS
;
field_args:
    lda GL_HEX
    ldy GL_HEX+1
    jsr ai_args
    lda GL_TYPE
    sta ARG2_LO
    lda GL_ENEMY
    sta ARG3_LO
    rts

;
; plan_walk_order -- AI_ORDER down to the units with a goal (the walk loop skips the
; others); the work flags cleared.
;
; Clobbers: A, X, Y, flags
;
plan_walk_order:
.scope
    ldx #0
    ldy #0
_entry:
    lda AI_ORDER,x
    beq _end
    stx GL_POS
    tax
    lda AI_GOAL_ROW,x
    cmp #NO_GOAL
    beq +
    txa
    sta AI_ORDER,y
    iny
*   ldx GL_POS
    inx
    bne _entry                      ; always
_end:
    sta AI_ORDER,y
    ldx #UNIT_COUNT-1
*   lda AI_FLAGS+1,x
    and #$FF-FLAG_FREE-FLAG_ORDERED
    sta AI_FLAGS+1,x
    dex
    bpl -
    rts
.scend

;
; plan_objectives -- GoodAI._objectives, the first AI_MAX_OBJECTIVES by value down,
; then hex (a stable sort: an entry goes after those of its value and hex): each enemy
; stack not all depots (Tobruk only once ringed), worth its strength / CASUALTY_DIVISOR,
; twice its town's VP (TOWN_VALUE_FACTOR), AI_STACK_VALUE and AI_REAR_THREAT_VALUE within
; AI_REAR_THREAT_RADIUS of a source, wanting its defence (air 0) x AI_STACK_WANTED_NUM /
; AI_STACK_WANTED_DEN; each empty town not the side's (twice its VP, AI_PLACE_WANTED);
; for the Axis, each empty land hex around an Allied Tobruk not yet ringed (AI_RING_VALUE,
; AI_PLACE_WANTED); the enemy home base (AI_HOME_BASE_VALUE, AI_HOME_BASE_WANTED).  In
; that order, as Python lists them.
;
; Out:      GL_NOBJ objectives in GL_OBJ_COL .. GL_OBJ_WANT_HI
; Clobbers: A, X, Y, flags; the zero page; GL_ work bytes
;
plan_objectives:
.scope
    lda #0
    sta GL_NOBJ
    tax
_unit:
    stx GL_NEW
    jsr enemy_on_map
    bne _next
    jsr unit_hex
    ldx #0                          ; the first unit of its hex: its stack
_earlier:
    cpx GL_NEW
    beq _first
    jsr at_hex
    beq _next_x
    inx
    bne _earlier                    ; always
_first:
    jsr stack_objective
_next_x:
    ldx GL_NEW
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    ldx #TOWN_COUNT-1               ; the empty towns
_town:
    lda CONTROL,x
    cmp AI_SIDE
    beq _next_town
    stx GL_NEW
    lda TOWN_COL,x
    sta GL_HEX
    lda TOWN_ROW,x
    sta GL_HEX+1
    jsr count_at_hex
    bne _next_town_x
    ldx GL_NEW
    lda TOWN_VP,x                   ; x TOWN_VALUE_FACTOR (2: opponent.py checks)
    asl
    sta GL_VALUE
    lda #0
    rol
    sta GL_VALUE+1
    jsr place_wanted
    jsr insert_objective
_next_town_x:
    ldx GL_NEW
_next_town:
    dex
    bpl _town
    lda AI_SIDE                     ; the Tobruk ring
    cmp #SIDE_AXIS
    bne _home
    lda CONTROL+TOBRUK_TOWN
    cmp #SIDE_AXIS
    beq _home
    lda GL_RINGED
    bne _home
    lda #1
    sta GL_NEW
_ring:
    lda GL_NEW
    jsr ring_hex
    bcs _next_ring
    jsr count_at_hex
    bne _next_ring
    lda #<AI_RING_VALUE
    sta GL_VALUE
    lda #>AI_RING_VALUE
    sta GL_VALUE+1
    jsr place_wanted
    jsr insert_objective
_next_ring:
    inc GL_NEW
    lda GL_NEW
    cmp #HEX_DIRECTIONS+1
    bne _ring
_home:
    ldx GL_ENEMY                    ; the enemy home base
    lda HOME_COL,x
    sta GL_HEX
    lda HOME_ROW,x
    sta GL_HEX+1
    lda #<AI_HOME_BASE_VALUE
    sta GL_VALUE
    lda #>AI_HOME_BASE_VALUE
    sta GL_VALUE+1
    lda #<AI_HOME_BASE_WANTED
    sta GL_WANT
    lda #>AI_HOME_BASE_WANTED
    sta GL_WANT+1
    jmp insert_objective
.scend

place_wanted:
    lda #<AI_PLACE_WANTED
    sta GL_WANT
    lda #>AI_PLACE_WANTED
    sta GL_WANT+1
    rts

;
; ring_hex -- GL_HEX = Tobruk's neighbour in a direction, if on the map and passable.
;
; In:       A = direction 1-6
; Out:      carry clear: GL_HEX set; carry set: off the map or impassable
; Clobbers: A, X, Y, flags; ZP_TEMP, ZP_TEMP+1, GZ_PTR
;
ring_hex:
.scope
    ldx #TOBRUK_COL
    ldy #TOBRUK_ROW
    jsr hex_step
    bcs _done
    stx GL_HEX
    sty GL_HEX+1
    jsr hex_terrain_here
    tax
    lda TERRAIN_PASSABLE,x
    beq _impassable
    clc
    rts
_impassable:
    sec
_done:
    rts
.scend

;
; town_at_hex -- the town at GL_HEX (TOWN_COL/ROW, CONTROL's index).
;
; Out:      X = the town, N clear; N set: none
; Clobbers: A, flags
;
town_at_hex:
.scope
    ldx #TOWN_COUNT-1
_town:
    lda GL_HEX
    cmp TOWN_COL,x
    bne _next
    lda GL_HEX+1
    cmp TOWN_ROW,x
    beq _done
_next:
    dex
    bpl _town
_done:
    txa
    rts
.scend

;
; at_tobruk -- is GL_HEX Tobruk?
;
; Out:      Z set: yes
; Clobbers: A
;
at_tobruk:
    lda GL_HEX
    cmp #TOBRUK_COL
    bne +
    lda GL_HEX+1
    cmp #TOBRUK_ROW
*   rts

;
; hex_terrain_here -- the terrain of GL_HEX.
;
; Out:      A = the terrain code
; Clobbers: Y, flags; GZ_PTR
;
hex_terrain_here:
    ldy GL_HEX+1
    lda MAP_ROW_LO,y
    sta GZ_PTR
    lda MAP_ROW_HI,y
    sta GZ_PTR+1
    ldy GL_HEX
    lda (GZ_PTR),y
    rts

;
; stack_objective -- the enemy stack at GL_HEX as an objective (plan_objectives): its
; strength s as the side sees it, its defence D = floor(sum of (strength, halved below
; LOW_SUPPLY_THRESHOLD) x min(terrain + FORT_STEP_TENTHS x fort, FORT_CAP_TENTHS) / 10)
; (combat.defender_modified with no air: x 100 / 1000), at most s x DEFENDER_CAP_NUM /
; DEFENDER_CAP_DEN, at least 1.  The value fits 12 bits and so x AI_WORTH_SCALE (at most
; 8: opponent.py checks) a score's 15: s x 10 fits 16 bits (tables.py), the noise adds at
; most a fifth.
;
; Clobbers: A, X, Y, flags; the zero page; GL_ work bytes
;
stack_objective:
.scope
    ldx #6                          ; GL_SUM, GL_TOTAL, GL_TALLY
    lda #0
*   sta GL_SUM,x
    dex
    bpl -
    jsr hex_terrain_here
    tax
    lda TERRAIN_DEFENCE_TENTHS,x
    sta GL_TENTHS
    ldx #UNIT_COUNT-1
_unit:
    jsr at_hex
    bne _next
    lda UNIT_ROLE,x
    cmp #ROLE_DEPOT
    beq +
    inc GL_TALLY
*   jsr add_estimate                ; s
    stx GL_KEEP_X
    lda GL_EST
    ldy GL_EST+1
    jsr m_word
    ldx GL_KEEP_X
    jsr low_supply_cut              ; combat.s's (halved short of supply)
    ldx GL_KEEP_X
    lda GL_TENTHS                   ; the multiplier, capped
    ldy U_FORT,x
    beq _capped
_level:
    clc
    adc #FORT_STEP_TENTHS
    dey
    bne _level
_capped:
    cmp #FORT_CAP_TENTHS
    bcc +
    lda #FORT_CAP_TENTHS
*   jsr mul_by_byte
    ldx #0
    clc
*   lda GL_TOTAL,x
    adc GM0,x
    sta GL_TOTAL,x
    inx
    txa
    eor #3
    bne -
    ldx GL_KEEP_X
_next:
    dex
    bpl _unit
    lda GL_TALLY
    bne +
_none:
    rts                             ; depots only
*   jsr at_tobruk                   ; Tobruk: only once ringed
    bne _defence
    lda GL_RINGED
    beq _none
_defence:
    ldx #GL_TOTAL-GL_SUM            ; D = total / 10
    lda #10
    jsr m_divide
    sta GL_WANT
    sty GL_WANT+1
    ldx #0                          ; the cap: s x num / den
    lda #DEFENDER_CAP_NUM
    jsr m_times
    lda #DEFENDER_CAP_DEN
    jsr div_by_byte
    lda GM0                         ; D above the cap: the cap
    cmp GL_WANT
    lda GM1
    sbc GL_WANT+1
    bcs +
    lda GM0
    sta GL_WANT
    lda GM1
    sta GL_WANT+1
*   lda GL_WANT                     ; at least 1
    ora GL_WANT+1
    bne +
    inc GL_WANT
*   lda GL_WANT                     ; wanted: D x num / den
    ldy GL_WANT+1
    jsr m_word
    lda #AI_STACK_WANTED_NUM
    jsr mul_by_byte
    lda #AI_STACK_WANTED_DEN
    jsr div_by_byte
    lda GM0
    sta GL_WANT
    lda GM1
    sta GL_WANT+1
    ldx #0                          ; the value: s / CASUALTY_DIVISOR + AI_STACK_VALUE ...
    lda #CASUALTY_DIVISOR
    jsr m_divide
    clc
    adc #AI_STACK_VALUE
    sta GL_VALUE
    tya
    adc #0
    sta GL_VALUE+1
    jsr town_at_hex                 ; ... + twice its town's VP, not the side's town (TOWN_VALUE_FACTOR, 2:
                                    ; opponent.py checks) ...
    bmi _no_town
    lda CONTROL,x
    cmp AI_SIDE
    beq _no_town
    lda TOWN_VP,x
    jsr add_value
    lda TOWN_VP,x
    jsr add_value
_no_town:
    jsr hex_gap                     ; ... + the rear threat
    cmp #AI_REAR_THREAT_RADIUS+1
    bcs +
    lda #AI_REAR_THREAT_VALUE       ; (below 256: opponent.py checks)
    jsr add_value
*   jmp insert_objective
.scend

;
; add_value -- GL_VALUE += A.
;
; Clobbers: A, flags
;
add_value:
    clc
    adc GL_VALUE
    sta GL_VALUE
    bcc +
    inc GL_VALUE+1
*   rts

;
; m_word -- M0..M3 = (Y:A).  m_times -- M0..M3 = the 24-bit GL_SUM + X, times A.
; m_divide -- M0..M3 = the 24-bit GL_SUM + X, over A: the quotient in (Y:A) and M0, M1.
;
; Clobbers: A, X, Y, flags; math.s's
;
m_word:
    sta GM0
    sty GM1
    lda #0
    sta GM2
    sta GM3
    rts
m_times:
    pha
    jsr m_load
    pla
    jmp mul_by_byte
m_divide:
    pha
    jsr m_load
    pla
    jsr div_by_byte
    lda GM0
    ldy GM1
    rts
m_load:
    lda GL_SUM,x
    sta GM0
    lda GL_SUM+1,x
    sta GM1
    lda GL_SUM+2,x
    sta GM2
    lda #0
    sta GM3
    rts

;
; insert_objective -- the new objective (GL_HEX, GL_VALUE, GL_WANT: GL_NEW_OBJ's six
; bytes) into the objectives, after every one of a higher value, or of the same value
; and a lower or the same hex; the last one out if there were AI_MAX_OBJECTIVES.  The
; objectives' six arrays follow each other (GL_OBJ_COL + k x AI_MAX_OBJECTIVES).
;
; Clobbers: A, X, Y, flags; GL_POS, GL_COUNT
;
insert_objective:
.scope
    ldy #0
_find:
    cpy GL_NOBJ
    beq _at
    lda GL_VALUE+1
    cmp GL_OBJ_VALUE_HI,y
    bcc _after
    bne _at
    lda GL_VALUE
    cmp GL_OBJ_VALUE_LO,y
    bcc _after
    bne _at
    lda GL_HEX
    cmp GL_OBJ_COL,y
    bcc _at
    bne _after
    lda GL_HEX+1
    cmp GL_OBJ_ROW,y
    bcc _at
_after:
    iny
    bne _find                       ; always
_at:
    cpy #AI_MAX_OBJECTIVES
    bcs _done                       ; not among the first
    sty GL_POS
    ldx GL_NOBJ
    cpx #AI_MAX_OBJECTIVES
    bcs _shift
    inc GL_NOBJ
    inx
_shift:
    dex                             ; the last entry kept, down to GL_POS + 1
    cpx GL_POS
    beq _put
    stx GL_COUNT
    ldy #6
    txa
_field:
    tax                             ; entry - 1 -> entry, in each array
    lda GL_OBJ_COL-1,x
    sta GL_OBJ_COL,x
    txa
    clc
    adc #AI_MAX_OBJECTIVES
    dey
    bne _field
    ldx GL_COUNT
    jmp _shift
_put:
    lda GL_POS
    ldx #0
_new:
    tay
    lda GL_NEW_OBJ,x
    sta GL_OBJ_COL,y
    tya
    clc
    adc #AI_MAX_OBJECTIVES
    inx
    cpx #6
    bne _new
_done:
    rts
.scend
;
; plan_opening -- GoodAI._opening: with this turn's opening plan on (ai_opening_plan,
; from its phase of the turn), a free mobile unit already on a target stays there
; (no tether); each other target, by the key (not enemy-held, not next to Tobruk, the
; terrain's defence, the hex), gets the free mobile unit that gets there this phase
; and is the strongest, else the nearest (then the lower number): no tether, bold.
; Then the Tobruk ring (ring_reinforce).
;
; Clobbers: A, X, Y, flags; the zero page; ai_field.s's RAM; GL_ work bytes
;
plan_opening:
.scope
    jsr ai_opening_plan
    bcc +
    rts
*   stx GL_PLAN
    jsr ai_phase_in_turn
    ldx GL_PLAN
    cmp AI_OPENING_PLANS,x
    bcs +
    rts
*   jsr ai_opening_targets
    ldy #0                          ; each target: a free mobile unit on it stays
_target:
    cpy AI_OPENING_COUNT
    beq _left
    sty GL_TARGET
    jsr target_hex
    lda #0
    sta GL_DONE,y
    ldy #0
_here:
    ldx AI_ORDER,y                  ; the strongest first
    beq _next_target
    dex
    jsr opening_mobile
    bne +
    jsr at_hex
    beq _stays
*   iny
    bne _here                       ; always
_stays:
    jsr goal_here
    ldy GL_TARGET
    sta GL_DONE,y                   ; (A = NO_TETHER: not 0)
_next_target:
    ldy GL_TARGET
    iny
    bne _target                     ; always
_left:
    jsr key_reset                   ; the target left with the least key
    ldy #0
_key:
    cpy AI_OPENING_COUNT
    beq _picked
    lda GL_DONE,y
    bne _next_key
    sty GL_TARGET
    jsr target_hex
    sta GL_KEY+2
    lda GL_HEX+1
    sta GL_KEY+3
    jsr hex_terrain_here
    tax
    lda TERRAIN_DEFENCE_TENTHS,x
    sta GL_KEY+1
    jsr tobruk_distance
    ldx #0                          ; next to Tobruk: 0
    cmp #1
    beq +
    inx
*   stx GL_KEY
    jsr enemy_nearest               ; not enemy-held: + 2
    beq +
    lda #2
    ora GL_KEY
    sta GL_KEY
*   jsr key_min
    bcc _next_key_y
    lda GL_TARGET
    sta GL_PICK
_next_key_y:
    ldy GL_TARGET
_next_key:
    iny
    bne _key                        ; always
_picked:
    lda GL_LEAST
    cmp #$FF
    beq _ring
    ldy GL_PICK
    lda #1
    sta GL_DONE,y
    jsr target_hex
    jsr opening_drive
    jmp _left
_ring:
    jmp ring_reinforce
.scend

;
; target_hex -- GL_HEX = the opening's target Y.
;
; Out:      A = its column; Y kept
; Clobbers: flags
;
target_hex:
    tya
    asl
    tax
    lda AI_OPENING_HEXES+1,x
    sta GL_HEX+1
    lda AI_OPENING_HEXES,x
    sta GL_HEX
    rts

;
; tobruk_distance -- the distance from GL_HEX to Tobruk.
;
; Out:      A = the distance; X, Y kept
; Clobbers: flags; as distance_unit
;
tobruk_distance:
    lda #TOBRUK_COL
    sta ZP_HEX_B
    lda #TOBRUK_ROW
    sta ZP_HEX_B+1
    jmp distance_unit
;
; opening_mobile -- is unit X free (FLAG_FREE, no goal yet) and mobile?
;
; Out:      Z set: yes
; Clobbers: A
;
opening_mobile:
    jsr free_unit
    bne +
    lda UNIT_TYPE,x
    cmp #TYPE_MOBILE
*   rts

;
; free_unit -- is unit X free (FLAG_FREE) with no goal yet?
;
; Out:      Z set: yes
; Clobbers: A
;
free_unit:
    lda AI_FLAGS+1,x
    bpl +                           ; FLAG_FREE is bit 7
    lda AI_GOAL_ROW+1,x
    cmp #NO_GOAL
    rts
*   lda #1
    rts

;
; goal_here -- unit X's goal GL_HEX, with no tether (an opening's).
;
; Clobbers: A
;
goal_here:
    lda GL_HEX
    sta AI_GOAL_COL+1,x
    lda GL_HEX+1
    sta AI_GOAL_ROW+1,x
    lda #NO_TETHER
    sta AI_TETHER+1,x
    rts

;
; opening_drive -- the free mobile unit for the opening's target GL_HEX: by the key
; (cost above its operation points, then minus its strength if it gets there this phase
; or else the cost, then its number), the least; bold, no tether.
;
; Clobbers: A, X, Y, flags; the zero page; ai_field.s's RAM; GL_ work bytes
;
opening_drive:
.scope
    lda #TYPE_MOBILE
    sta GL_TYPE
    jsr make_field
    bcs _done
    jsr key_reset
    ldx #0
_unit:
    stx GL_KEY+3
    jsr opening_mobile
    bne _next
    jsr unit_field
    cmp #FIELD_UNREACHABLE
    beq _next
    sta GL_KEY+2
    lda #0
    sta GL_KEY+1
    lda U_OP,x
    cmp GL_KEY+2
    lda #1
    bcc _far                        ; beyond its points: (1, 0, cost)
    lda U_STR_LO,x                  ; else (0, -strength)
    eor #$FF
    sta GL_KEY+2
    lda U_STR_HI,x
    eor #$FF
    sta GL_KEY+1
    lda #0
_far:
    sta GL_KEY
    jsr key_min
_next:
    inx
    cpx #UNIT_COUNT
    bne _unit
    ldx GL_LEAST+3
    cpx #$FF
    beq _done
    jsr goal_here
    jmp bold
_done:
    rts
.scend

;
; bold -- unit X on an opening drive (FLAG_BOLD).
;
; Clobbers: A
;
bold:
    lda AI_FLAGS+1,x
    ora #FLAG_BOLD
    sta AI_FLAGS+1,x
    rts
;
; ring_reinforce -- the second part of plan_opening: with the Tobruk ring in the plan and
; Tobruk not the side's, the free units without a goal not next to Tobruk, the
; strongest first, each join the ring hex (passable, no enemy in it) with less than
; AI_RING_STRENGTH planned (the side's units there with no goal, the free units sent
; there) that it reaches most cheaply (then the lower hex), if it gets there this
; phase: no tether, bold.
;
; Clobbers: A, X, Y, flags; the zero page; ai_field.s's RAM; GL_ work bytes
;
ring_reinforce:
.scope
    ldx GL_PLAN                     ; the ring in the plan?
_scan:
    inx
    lda AI_OPENING_PLANS,x
    cmp #OPENING_END
    bne +
    rts
*   cmp #OPENING_RING
    beq _in_plan
    inx
    inx
    bne _scan                       ; always
_in_plan:
    lda CONTROL+TOBRUK_TOWN
    cmp AI_SIDE
    bne +
    rts
*   lda #0                          ; the ring hexes and their planned strength
    sta GL_NRING
    lda #1
    sta GL_NEW
_direction:
    lda GL_NEW
    jsr ring_hex
    bcs _next_direction
    jsr enemy_nearest
    beq _next_direction             ; enemy-held
    ldy GL_NRING
    lda GL_HEX
    sta GL_RING_COL,y
    lda GL_HEX+1
    sta GL_RING_ROW,y
    lda #0
    sta GL_PLANNED_LO,y
    sta GL_PLANNED_HI,y
    ldx #UNIT_COUNT-1
_unit:
    jsr own_on_map
    bne _next_unit
    lda AI_GOAL_ROW+1,x
    cmp #NO_GOAL
    bne _sent
    jsr at_hex
    beq _count
    bne _next_unit                  ; always
_sent:
    lda AI_FLAGS+1,x
    bpl _next_unit                  ; FLAG_FREE
    lda AI_GOAL_COL+1,x
    cmp GL_HEX
    bne _next_unit
    lda AI_GOAL_ROW+1,x
    cmp GL_HEX+1
    bne _next_unit
_count:
    jsr add_planned
_next_unit:
    dex
    bpl _unit
    inc GL_NRING
_next_direction:
    inc GL_NEW
    lda GL_NEW
    cmp #HEX_DIRECTIONS+1
    bne _direction
    ldy #0                          ; the candidates, strongest first
_join:
    sty GL_ENTRY
    ldx AI_ORDER,y
    bne +
    rts
*   dex
    stx GL_UNIT
    jsr ring_candidate
    bne _next_join
    lda UNIT_TYPE,x
    sta GL_TYPE
    jsr key_reset                   ; the thin hex of least (cost, hex)
    ldy #0
_ring_hex:
    sty GL_KEY+3
    jsr thin
    bcs _next_ring_hex
    lda GL_RING_COL,y
    sta GL_HEX
    sta GL_KEY+1
    lda GL_RING_ROW,y
    sta GL_HEX+1
    sta GL_KEY+2
    jsr make_field
    lda #FIELD_UNREACHABLE
    bcs +
    ldx GL_UNIT
    jsr unit_field
*   sta GL_KEY
    jsr key_min
_next_ring_hex:
    ldy GL_KEY+3
    iny
    cpy GL_NRING
    bne _ring_hex
    ldy GL_LEAST+3
    cpy #$FF
    bne +
    rts                             ; no thin hex left
*   ldx GL_UNIT
    lda U_OP,x
    cmp GL_LEAST
    bcc _next_join                  ; not this phase
    lda GL_LEAST+1
    sta GL_HEX
    lda GL_LEAST+2
    sta GL_HEX+1
    jsr goal_here
    jsr bold
    jsr add_planned
_next_join:
    ldy GL_ENTRY
    iny
    jmp _join
.scend
;
; thin -- has ring hex Y less than AI_RING_STRENGTH planned?
;
; Out:      carry clear: yes
; Clobbers: A
;
thin:
    lda GL_PLANNED_LO,y
    cmp #<AI_RING_STRENGTH
    lda GL_PLANNED_HI,y
    sbc #>AI_RING_STRENGTH
    rts

;
; add_planned -- ring hex Y's planned strength += unit X's.
;
; Clobbers: A, flags
;
add_planned:
    clc
    lda GL_PLANNED_LO,y
    adc U_STR_LO,x
    sta GL_PLANNED_LO,y
    lda GL_PLANNED_HI,y
    adc U_STR_HI,x
    sta GL_PLANNED_HI,y
    rts

;
; ring_candidate -- is unit X free with no goal, and not next to Tobruk?
;
; Out:      Z set: yes
; Clobbers: A, flags; ZP_HEX_A, ZP_HEX_B, ZP_TEMP..ZP_TEMP+2
;
ring_candidate:
    jsr free_unit
    bne +
    jsr unit_hex
    jsr tobruk_distance
    cmp #2
    lda #0
    rol
    eor #1                          ; 0 (Z) when 2 or more
*   rts


;
; The plan's RAM, after the files before it (opponent.SOURCES's order).  The GOAL
; tables by unit number are areas by unit index: AI_GOAL_COL + number is the area's
; byte number - 1 (no byte 0 kept).
;
.data
GL_GOAL_COLS:
.org ^+[UNIT_COUNT]
GL_GOAL_ROWS:
.org ^+[UNIT_COUNT]
GL_TETHERS:
.org ^+[UNIT_COUNT]
GL_FLAGS:
.org ^+[UNIT_COUNT]
.alias AI_GOAL_COL      GL_GOAL_COLS-1      ; by unit number: the goal's column ...
.alias AI_GOAL_ROW      GL_GOAL_ROWS-1      ; ... and row, NO_GOAL ($FF): none
.alias AI_TETHER        GL_TETHERS-1        ; hexes from a source, NO_TETHER: none
.alias AI_FLAGS         GL_FLAGS-1          ; FLAG_RETURNING, FLAG_BOLD, FLAG_EN_ROUTE
AI_ORDER:
.org ^+[AI_COMBATANTS_MAX+1]   ; the walk order: unit numbers, 0 after
AI_WALLS:
.org ^+[2*AI_SIDE_UNITS_MAX+1]   ; the enemy's hexes: column, row, $FF after
GL_PAIRS:
.org ^+[AI_MAX_OBJECTIVES*AI_COMBATANTS_MAX]   ; pairs; the line's anchors; the ring's costs
GL_FREE:
.org ^+[AI_COMBATANTS_MAX]   ; the free units by number (indices)
GL_OBJ_COL:
.org ^+[AI_MAX_OBJECTIVES]   ; the objectives, by rank
GL_OBJ_ROW:
.org ^+[AI_MAX_OBJECTIVES]
GL_OBJ_VALUE_LO:
.org ^+[AI_MAX_OBJECTIVES]
GL_OBJ_VALUE_HI:
.org ^+[AI_MAX_OBJECTIVES]
GL_OBJ_WANT_LO:
.org ^+[AI_MAX_OBJECTIVES]   ; the strength still wanted (0: served)
GL_OBJ_WANT_HI:
.org ^+[AI_MAX_OBJECTIVES]
GL_SCORE_LO:
.org ^+[PHASE_SLOTS*AI_MAX_OBJECTIVES]   ; by phases x AI_MAX_OBJECTIVES + rank;
GL_SCORE_HI:
.org ^+[PHASE_SLOTS*AI_MAX_OBJECTIVES]   ; bit 15: served
GL_DONE:
.org ^+[OPENING_MAX_HEXES]   ; the opening's targets given a unit
GL_RING_COL:
.org ^+[HEX_DIRECTIONS]   ; the Tobruk ring's hexes for the opening
GL_RING_ROW:
.org ^+[HEX_DIRECTIONS]
GL_PLANNED_LO:
.org ^+[HEX_DIRECTIONS]   ; ... and the strength planned on each
GL_PLANNED_HI:
.org ^+[HEX_DIRECTIONS]
.space GL_ENEMY         1                   ; the other side
.space GL_OFFENCE       1                   ; 1: offence
.space GL_LAST          1                   ; 1: the last turn
.space GL_FAR           1                   ; the most phases an objective may be away
.space GL_RINGED        1                   ; 1: Tobruk surrounded
.space GL_RING_ON       1                   ; 1: the ring holds (_ring_holders)
.space GL_DRIVING       1                   ; the opening's targets (0: no drive)
.space GL_RANGE         1                   ; the side's combat units' supply range
.space GL_HEX           2                   ; the hex in hand (GL_NEW_OBJ: with
.space GL_VALUE         2                   ; GL_VALUE and GL_WANT, a new objective)
.space GL_WANT          2
.alias GL_NEW_OBJ       GL_HEX
.space GL_KEY           4                   ; key_min's candidate ...
.space GL_LEAST         4                   ; ... and the least so far
.space GL_UNIT          1                   ; the unit in hand (index)
.space GL_ENTRY         1                   ; its entry in AI_ORDER
.space GL_GAP           1
.space GL_DIST          1
.space GL_BEHIND        1
.space GL_COUNT         1
.space GL_POS           1
.space GL_NEW           1
.space GL_KEEP_X        1
.space GL_EST           2
.space GL_SUM           3
.space GL_TOTAL         3
.space GL_TALLY         1                   ; (after GL_SUM, GL_TOTAL: stack_objective)
.space GL_HERE          4
.space GL_LOCAL_SIDE    1
.space GL_TENTHS        1
.space GL_NOBJ          1
.space GL_NFREE         1
.space GL_FORCE         2
.space GL_OBJ           1
.space GL_PHASES        1
.space GL_TYPE          1
.space GL_ALLOW         1
.space GL_SLOT          1
.alias GL_REACHED       GL_SLOT             ; (free_reached's, while the field is made)
.space GL_PAIR          1
.space GL_TRY           1
.space GL_BEST_D        1
.space GL_BEST_SCORE    2
.space GL_BEST_PAIR     1
.space GL_BEST_SLOT     1
.space GL_BEST_UNIT     1
.space GL_BEST_G        1
.space GL_BEST_COST     1
.space GL_PLAN          1
.space GL_TARGET        1
.space GL_NLEFT         1
.space GL_NRING         1
.space GL_RING          1
.space GL_PICK          1
.text
