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
; Zero page: ZP_MUL (n), ZP_MUL+1 (a carry byte), ZP_TEMP+3, +4 (math.s's
;           mul_8x8: P and B0)
;
; (s * n) >> 16 = (high(s) * n + high(low(s) * n)) >> 8: two byte products.
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
    sta ZP_TEMP+4                   ; mul_8x8's b
    lda RNG_LO
    jsr mul_8x8
    sta ZP_MUL+1                    ; high(low(s) * n)
    lda RNG_HI
    jsr mul_8x8                     ; A = high, ZP_TEMP+3 = low of high(s) * n
    tax
    lda ZP_TEMP+3
    clc
    adc ZP_MUL+1
    txa
    adc #0
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
; Clobbers: X, Y, flags; ZP_MUL..ZP_MUL+1, ZP_TEMP+3..ZP_TEMP+4
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
