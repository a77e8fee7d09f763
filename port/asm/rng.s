;
; rng.s -- the game's one random number generator (docs/rules.md "Random numbers").
;
; A 16-bit xorshift with shifts 7, 9, 8 (John Metcalf's 6502 routine), its state
; in RNG_LO/RNG_HI of the state block, never 0.  kotd.engine.rng is the same
; generator in Python; emu_tests/test_rng.py ties the two.
;

;
; rng_step -- one step: s ^= s << 7; s ^= s >> 9; s ^= s << 8 (16 bits).
;
; In:       RNG_LO, RNG_HI
; Out:      RNG_LO, RNG_HI stepped; A = RNG_HI
; Clobbers: flags
;
rng_step:
    lda RNG_HI
    lsr                             ; carry = bit 8 of s
    lda RNG_LO
    ror                             ; A = bits 8..1 of s = high byte of s << 7
    eor RNG_HI
    sta RNG_HI                      ; high ^= (s << 7) >> 8
    ror                             ; A = (s >> 9) | (bit 0 of s) << 7
    eor RNG_LO
    sta RNG_LO                      ; low ^= low byte of s << 7, and of s >> 9
    eor RNG_HI
    sta RNG_HI                      ; high ^= low (s << 8)
    rts

;
; rng_draw -- a whole number below n: step, then (s * n) >> 16.
;
; In:       A = n, 1..255, or 0 for 256
; Out:      A = the draw, 0..n-1; RNG stepped
; Clobbers: X, Y, flags
; Zero page: ZP_MUL (n, shifted out), ZP_MUL+1 (middle byte of the product)
;
rng_draw:
.scope
    sta ZP_MUL
    jsr rng_step
    lda ZP_MUL
    bne _multiply
    lda RNG_HI                      ; n = 256: (s * 256) >> 16 is the high byte
    rts
_multiply:
    ; Shift-and-add, low bit of n first: A:ZP_MUL+1 accumulates the product's
    ; top 16 bits while its low byte shifts out; A ends as (s * n) >> 16.
    lda #0
    sta ZP_MUL+1
    ldx #8
_bit:
    lsr ZP_MUL
    bcc _shift
    tay
    lda ZP_MUL+1
    clc
    adc RNG_LO
    sta ZP_MUL+1
    tya
    adc RNG_HI                      ; carry = bit 17 of the partial sum
_shift:
    ror
    ror ZP_MUL+1
    dex
    bne _bit
    rts
.scend

;
; e_rng_seed -- entry RNG_SEED(seed): s = seed XOR RNG_SEED_MIX, or RNG_SEED_MIX if that is 0.
;
; In:       ARG0 = seed, 0..65535
; Out:      A = E_OK; RNG_LO/RNG_HI set; CALL_RESULT 0
; Clobbers: X, flags
;
e_rng_seed:
.scope
    lda ARG0_LO
    eor #<RNG_SEED_MIX
    tax
    lda ARG0_HI
    eor #>RNG_SEED_MIX
    bne _store
    cpx #0
    bne _store
    ldx #<RNG_SEED_MIX              ; 0 is not a state: use the mix itself
    lda #>RNG_SEED_MIX
_store:
    stx RNG_LO
    sta RNG_HI
    lda #E_OK
    rts
.scend

;
; e_rng_step -- entry RNG_STEP(): one step of the generator.
;
; In:       no arguments
; Out:      A = E_OK; RNG stepped; CALL_RESULT 0
; Clobbers: flags
;
e_rng_step:
    jsr rng_step
    lda #E_OK
    rts

;
; e_rng_draw -- entry RNG_DRAW(n): a whole number below n, 1 <= n <= 256.
;
; In:       ARG0 = n
; Out:      A = E_OK, CALL_RESULT = the draw; or A = E_RANGE and RNG unchanged
; Clobbers: X, Y, flags; ZP_MUL..ZP_MUL+1
;
e_rng_draw:
.scope
    lda ARG0_HI
    beq _below_256
    cmp #1
    bne _bad
    lda ARG0_LO                     ; only 256 = $0100 has a high byte
    bne _bad
    beq _draw                       ; A = 0 stands for 256
_below_256:
    lda ARG0_LO
    beq _bad                        ; no draw below 0
_draw:
    jsr rng_draw
    sta CALL_RESULT_LO
    lda #E_OK
    rts
_bad:
    lda #E_RANGE
    rts
.scend
