;
; atari_start_states.s -- unpacks a scenario's start state into the state block
; (part of atari_frontend.s; docs/play.md).
;
; The packed states are generated (tools/kotd/build/startstates.py, the byte-run
; code described there, generated/start_states.inc); BASIC calls it before NEW_GAME:
;
;   X=USR(START_STATE, scenario)   ; 0 done, 1 wrong argument count, 2 no such scenario
;

.alias SOURCE   ZP_BASE             ; the packed bytes; the engine's zero page, idle
.alias DEST     ZP_BASE+2           ; during a USR call: where the next byte goes
.alias COUNT    ZP_BASE+4           ; bytes left in the current run

;
; start_state -- USR entry: unpack scenario n's start state into the state block.
;   In:  the USR stack: argument count, then the scenario index (high, low)
;   Out: FR0 = 0 done, 1 not one argument (all pulled), 2 index not a scenario;
;        on 1 and 2 the state block is unchanged
;   Clobbers: A, X, Y
;   Zero page: SOURCE, DEST, COUNT (ZP_BASE..+4)
;
start_state:
    pla                             ; the argument count
    cmp #1
    beq _one
    tax                             ; pull whatever BASIC pushed: two bytes each
    beq _count_wrong
_drop:
    pla
    pla
    dex
    bne _drop
_count_wrong:
    lda #1
    bne _answer
_one:
    pla                             ; high byte: must be 0
    tax
    pla
    cpx #0
    bne _no_scenario
    cmp #START_STATE_COUNT
    bcs _no_scenario
    tax
    lda start_state_lo,x
    sta SOURCE
    lda start_state_hi,x
    sta SOURCE+1
    lda #<STATE_BASE
    sta DEST
    lda #>STATE_BASE
    sta DEST+1
    jsr unpack_state
    lda #0
    beq _answer
_no_scenario:
    lda #2
_answer:
    sta FR0
    lda #0
    sta FR0+1
    rts

;
; unpack_state -- the byte-run code at SOURCE into DEST until STATE_SIZE bytes
;   are out (tools/kotd/build/startstates.py pack/unpack are its twins).
;   In:  SOURCE, DEST
;   Out: SOURCE, DEST past what was read and written
;   Clobbers: A, Y
;   Zero page: SOURCE, DEST, COUNT
;
unpack_state:
    ldy #0
_code:
    lda DEST+1                      ; done when DEST reaches STATE_BASE+STATE_SIZE
    cmp #>[STATE_BASE+STATE_SIZE]
    bne _more
    lda DEST
    cmp #<[STATE_BASE+STATE_SIZE]
    beq _done
_more:
    lda (SOURCE),y
    jsr next_source
    bmi _run
    sta COUNT                       ; 1-127 bytes copied as they are
_literal:
    lda (SOURCE),y
    sta (DEST),y
    jsr next_source
    jsr next_dest
    dec COUNT
    bne _literal
    beq _code
_run:
    sec                             ; 128-255: the next byte c - 126 times
    sbc #126
    sta COUNT
    lda (SOURCE),y
    jsr next_source
_repeat:
    sta (DEST),y
    jsr next_dest
    dec COUNT
    bne _repeat
    beq _code
_done:
    rts

; next_source / next_dest -- step a pointer by one.  Keep A and the flags of A.
next_source:
    inc SOURCE
    bne +
    inc SOURCE+1
*   ora #0
    rts
next_dest:
    inc DEST
    bne +
    inc DEST+1
*   rts
