;
; math.s -- whole-number arithmetic: multiply and divide, exact.
;
; Every rule of docs/rules.md is a floor of exact products and quotients; these
; routines give them exactly.  The 32-bit accumulator is ZP_MUL (M0..M3, low
; byte first); the 16-bit operand is ZP_TEMP+4, +5 (B0, B1), out of the way of
; hex.s; a byte product's low byte is left in ZP_TEMP+3 (P).
;
; How it works.  A byte times a byte is a difference of two quarter squares,
; a * b = floor((a + b)^2 / 4) - floor((a - b)^2 / 4), read from the 256-entry
; table QUARTER_SQUARE (tables.py); for a + b = s' + 256 >= 256, floor((s' +
; 256)^2 / 4) = QUARTER_SQUARE(s') + 128 s' + $4000, worked out in line (a few
; byte products a battle take that way).  Wider products are sums of byte products.
; A division by a byte keeps its remainder in A and shifts one byte a round; a
; division by a word shifts the dividend through a 16-bit remainder.
; emu_tests/test_math.py ties each routine to Python's integers.
;

; The byte product's large case (a + b = s' + 256, X = s', Y = |a - b|): the quarter
; square of s' + 256 worked out in line, then QUARTER_SQUARE(|a - b|)'s low byte taken
; off.  Out: A = the product's low byte, X = the high byte before QUARTER_SQUARE_HI,y is
; taken off (with the borrow in the carry: the caller's TXA, SBC).  Clobbers P.
; mul_8x8 and the two products mul_by_byte writes out in line.
.macro large_square_less_low
    txa                             ; s' = a + b - 256: QUARTER_SQUARE(s' + 256)
    lsr                             ; = QUARTER_SQUARE(s') + 128 s' + $4000
    sta P                           ; s' / 2 (P is written last)
    lda #0
    ror                             ; 128 x (s' & 1), carry clear
    adc QUARTER_SQUARE_LO,x
    pha                             ; the low byte; carry into the high one
    lda QUARTER_SQUARE_HI,x
    adc P
    adc #$40                        ; carry clear: at most 63 + 127 + 1
    tax                             ; the high byte
    pla
    sec
    sbc QUARTER_SQUARE_LO,y
.macend

.alias M0 ZP_MUL
.alias M1 ZP_MUL+1
.alias M2 ZP_MUL+2
.alias M3 ZP_MUL+3
.alias P  ZP_TEMP+3
.alias B0 ZP_TEMP+4
.alias B1 ZP_TEMP+5
.alias DM0 ZP_TEMP                  ; div_32x16: the divisor - 1
.alias DM1 ZP_TEMP+1

;
; mul_8x8 -- a byte times a byte.
;
; In:       A = a; B0 = b
; Out:      A = the product's high byte, P = its low byte; B0 kept
; Clobbers: X, Y, flags
;
mul_8x8:
.scope
    sta P
    clc
    adc B0
    tax                             ; X = a + b, carry = its bit 8
    lda P
    bcs _large
    sec
    sbc B0
    bcs _small_diff
    eor #$FF                        ; |a - b|; carry is clear: + 1
    adc #1
_small_diff:
    tay
    sec
    lda QUARTER_SQUARE_LO,x
    sbc QUARTER_SQUARE_LO,y
    sta P
    lda QUARTER_SQUARE_HI,x
    sbc QUARTER_SQUARE_HI,y
    rts
_large:
    sec
    sbc B0
    bcs _large_diff
    eor #$FF
    adc #1
_large_diff:
    tay
    `large_square_less_low
    sta P
    txa
    sbc QUARTER_SQUARE_HI,y
    rts
.scend

;
; mul_by_byte -- M0..M3 = (M1:M0) * A (a 16-bit number times a byte; M3 = 0).
;
; In:       M0, M1 = a; A = b
; Out:      M0..M2 = a * b, M3 = 0; B0 = b
; Clobbers: A, X, Y, flags; P
;
; Two byte products, mul_8x8's written out in line.
;
mul_by_byte:
.scope
    sta B0
    lda #0
    sta M2
    sta M3
    lda M0                          ; M0 x B0 by quarter squares
    clc
    adc B0
    tax                             ; X = a + b, carry = its bit 8
    lda M0
    bcs _large_0
    sec
    sbc B0
    bcs +
    eor #$FF                        ; |a - b|; carry is clear: + 1
    adc #1
*   tay
    sec
    lda QUARTER_SQUARE_LO,x
    sbc QUARTER_SQUARE_LO,y
    sta M0
    lda QUARTER_SQUARE_HI,x
    sbc QUARTER_SQUARE_HI,y
    jmp _product_0
_large_0:
    sec
    sbc B0
    bcs +
    eor #$FF
    adc #1
*   tay
    `large_square_less_low
    sta M0
    txa
    sbc QUARTER_SQUARE_HI,y
_product_0:
    ldy M1
    bne _high
    sta M1                          ; a byte times a byte: one product
    rts
_high:
    sta M2                          ; the first product's high byte, for now
    lda M1                          ; M1 x B0 by quarter squares
    clc
    adc B0
    tax                             ; X = a + b, carry = its bit 8
    lda M1
    bcs _large_1
    sec
    sbc B0
    bcs +
    eor #$FF                        ; |a - b|; carry is clear: + 1
    adc #1
*   tay
    sec
    lda QUARTER_SQUARE_LO,x
    sbc QUARTER_SQUARE_LO,y
    sta P
    lda QUARTER_SQUARE_HI,x
    sbc QUARTER_SQUARE_HI,y
    jmp _product_1
_large_1:
    sec
    sbc B0
    bcs +
    eor #$FF
    adc #1
*   tay
    `large_square_less_low
    sta P
    txa
    sbc QUARTER_SQUARE_HI,y
_product_1:
    tax
    lda P
    clc
    adc M2
    sta M1
    txa
    adc #0
    sta M2
    rts
.scend

;
; mul_16x16 -- M0..M3 = (M1:M0) * (B1:B0).
;
; In:       M0, M1 = a; B0, B1 = b
; Out:      M0..M3 = a * b
; Clobbers: A, X, Y, flags; B0, B1, P; MATH_TERM..MATH_TERM+2
;
mul_16x16:
.scope
    lda B1                          ; a byte multiplier: one 16 x 8
    bne _wide
    lda B0
    jmp mul_by_byte
_wide:
    lda M1                          ; a byte multiplicand: the same, turned round
    bne _full
    lda B0
    sta M1
    lda M0
    ldx B1
    stx M1
    ldx B0
    stx M0
    jmp mul_by_byte
_full:
    lda B1
    sta MATH_TERM+2                 ; b's high byte
    lda M0
    sta MATH_TERM
    lda M1
    sta MATH_TERM+1
    lda B0
    jsr mul_by_byte                 ; a * b low
    lda M0
    pha
    lda M1
    pha
    lda M2
    pha
    lda MATH_TERM
    sta M0
    lda MATH_TERM+1
    sta M1
    lda MATH_TERM+2
    jsr mul_by_byte                 ; a * b high, to be added a byte up
    lda M2
    sta M3
    lda M1
    sta M2
    lda M0
    sta M1
    pla                             ; + (a * b low)
    clc
    adc M2
    sta M2
    bcc _top
    inc M3
_top:
    pla
    clc
    adc M1
    sta M1
    bcc _bottom
    inc M2
    bne _bottom
    inc M3
_bottom:
    pla
    sta M0
    rts
.scend

;
; mul_32x16 -- M0..M3 = (M3:M2:M1:M0) * (B1:B0), the low 32 bits.
;
; In:       M0..M3 = a; B0, B1 = b (a * b must fit 32 bits)
; Out:      M0..M3 = a * b
; Clobbers: A, X, Y, flags; B0, B1, P; MATH_TERM
;
; A byte multiplier takes two 16 x 8 products; a word one the general loop.
;
mul_32x16:
.scope
    lda B1
    bne _general
    lda B0
    sta MATH_TERM                   ; b
    lda M2
    sta MATH_TERM+1                 ; a's high word
    lda M3
    sta MATH_TERM+2
    lda B0
    jsr mul_by_byte                 ; M0..M2 = a low word * b
    lda M2
    sta MATH_TERM+3
    lda M0                          ; keep the low product's M0, M1 on the stack
    pha
    lda M1
    pha
    lda MATH_TERM+1
    sta M0
    lda MATH_TERM+2
    sta M1
    lda MATH_TERM
    jsr mul_by_byte                 ; M0, M1 = the high word * b, low 16 bits
    clc
    lda M0
    adc MATH_TERM+3
    sta M2
    lda M1
    adc #0
    sta M3
    pla
    sta M1
    pla
    sta M0
    rts
_general:
    ldx #3
_copy:
    lda M0,x
    sta MATH_TERM,x
    lda #0
    sta M0,x
    dex
    bpl _copy
    ldx #16
_bit:
    lsr B1                          ; the multiplier's bits, low first
    ror B0
    bcc _next
    clc
    lda M0
    adc MATH_TERM
    sta M0
    lda M1
    adc MATH_TERM+1
    sta M1
    lda M2
    adc MATH_TERM+2
    sta M2
    lda M3
    adc MATH_TERM+3
    sta M3
_next:
    lda B0                          ; no multiplier bits left: done
    ora B1
    beq _done
    asl MATH_TERM
    rol MATH_TERM+1
    rol MATH_TERM+2
    rol MATH_TERM+3
    dex
    bne _bit
_done:
    rts
.scend

;
; div_32x16 -- (M1:M0) = (M3:M2:M1:M0) / (B1:B0), floor; (M3:M2) = remainder.
;
; In:       M0..M3 = dividend; B0, B1 = divisor, not 0
; Out:      carry clear: M0, M1 = quotient, M2, M3 = remainder
;           carry set: the quotient does not fit 16 bits; M0, M1 = $FFFF
; Clobbers: A, X, Y, flags; ZP_TEMP, ZP_TEMP+1 (DM0, DM1)
;
; A byte divisor goes to div_by_byte's loop; a quotient below 256 needs eight
; rounds after a shift by a byte, unrolled.
;
div_32x16:
.scope
    lda M2                          ; the quotient fits iff (M3:M2) < divisor
    cmp B0
    lda M3
    sbc B1
    bcs _overflow
    lda B1
    bne _word
    lda B0                          ; a byte divisor: M3 = 0 and M2 < B0
    jmp byte_divide
_overflow:
    lda #$FF
    sta M0
    sta M1
    rts
_word:
    lda M3                          ; a quotient below 256, (M3:M2:M1) < divisor:
    bne _long                       ; eight rounds through a remainder (M2:M1)
    lda M1
    cmp B0
    lda M2
    sbc B1
    bcs _long
    jmp _short
_long:
    ldx #16
_bit:
    asl M0
    rol M1
    rol M2
    rol M3
    bcs _subtract                   ; 17 bits: larger than any divisor
    lda M2
    sec
    sbc B0
    tay
    lda M3
    sbc B1
    bcc _next
    sta M3
    sty M2
    inc M0
    dex
    bne _bit
    clc
    rts
_subtract:
    lda M2
    sbc B0                          ; carry is set
    sta M2
    lda M3
    sbc B1
    sta M3
    inc M0
_next:
    dex
    bne _bit
    clc
    rts
_short:
    lda B1                          ; a divisor below 2^15: eight rounds unrolled
    bpl _unrolled
    jmp _short_looped
_unrolled:
    lda B0
    sec
    sbc #1
    sta DM0
    lda B1
    sbc #0
    sta DM1
    jmp div_short
_short_looped:
    ldx #8
_short_bit:
    asl M0
    rol M1
    rol M2
    bcs _short_subtract
    lda M1
    sec
    sbc B0
    tay
    lda M2
    sbc B1
    bcc _short_next
    sta M2
    sty M1
    inc M0
    dex
    bne _short_bit
    beq _short_done                 ; always
_short_subtract:
    lda M1
    sbc B0                          ; carry is set
    sta M1
    lda M2
    sbc B1
    sta M2
    inc M0
_short_next:
    dex
    bne _short_bit
_short_done:
    lda M2                          ; the remainder to (M3:M2), the quotient's high byte 0
    sta M3
    lda M1
    sta M2
    lda #0
    sta M1
    clc
    rts
.scend

;
; div_short -- (M0) = (M2:M1:M0) / divisor, a quotient below 256: eight rounds,
; unrolled, through a remainder (M2:M1).  Each round's quotient bit is the carry
; of its subtraction, shifted into M0 by the next round's rol (and the last by a
; rol of its own) as M0's dividend bits leave it.
;
; In:       M0..M2 with (M2:M1) < divisor < 2^15; DM0, DM1 = divisor - 1
; Out:      M0 = quotient, M1 = 0, M2, M3 = remainder; carry clear
; Clobbers: A, Y, flags
;
div_short:
.scope
    asl M0
    rol M1
    rol M2                          ; carry clear: the remainder is below 2^15
    lda M1
    sbc DM0                         ; - (divisor - 1) - 1
    tay
    lda M2
    sbc DM1
    bcc +
    sta M2
    sty M1
*
    rol M0
    rol M1
    rol M2                          ; carry clear: the remainder is below 2^15
    lda M1
    sbc DM0                         ; - (divisor - 1) - 1
    tay
    lda M2
    sbc DM1
    bcc +
    sta M2
    sty M1
*
    rol M0
    rol M1
    rol M2                          ; carry clear: the remainder is below 2^15
    lda M1
    sbc DM0                         ; - (divisor - 1) - 1
    tay
    lda M2
    sbc DM1
    bcc +
    sta M2
    sty M1
*
    rol M0
    rol M1
    rol M2                          ; carry clear: the remainder is below 2^15
    lda M1
    sbc DM0                         ; - (divisor - 1) - 1
    tay
    lda M2
    sbc DM1
    bcc +
    sta M2
    sty M1
*
    rol M0
    rol M1
    rol M2                          ; carry clear: the remainder is below 2^15
    lda M1
    sbc DM0                         ; - (divisor - 1) - 1
    tay
    lda M2
    sbc DM1
    bcc +
    sta M2
    sty M1
*
    rol M0
    rol M1
    rol M2                          ; carry clear: the remainder is below 2^15
    lda M1
    sbc DM0                         ; - (divisor - 1) - 1
    tay
    lda M2
    sbc DM1
    bcc +
    sta M2
    sty M1
*
    rol M0
    rol M1
    rol M2                          ; carry clear: the remainder is below 2^15
    lda M1
    sbc DM0                         ; - (divisor - 1) - 1
    tay
    lda M2
    sbc DM1
    bcc +
    sta M2
    sty M1
*
    rol M0
    rol M1
    rol M2                          ; carry clear: the remainder is below 2^15
    lda M1
    sbc DM0                         ; - (divisor - 1) - 1
    tay
    lda M2
    sbc DM1
    bcc +
    sta M2
    sty M1
*
    rol M0                          ; the last quotient bit, from the carry
    lda M2                          ; the remainder to (M3:M2)
    sta M3
    lda M1
    sta M2
    lda #0
    sta M1
    clc
    rts
.scend

;
; div_by_byte -- (M1:M0) = (M3:M2:M1:M0) / A, floor; M2 = remainder, M3 = 0.
;
; In:       M0..M3 = dividend; A = divisor, 1..255
; Out:      carry clear: M0, M1 = quotient, M2 = remainder, M3 = 0
;           carry set: the quotient does not fit 16 bits; M0, M1 = $FFFF
; Clobbers: A, X, flags; B0 = the divisor, B1 = 0
;
div_by_byte:
.scope
    sta B0
    ldx #0
    stx B1
    ldx M3
    bne _overflow
    cmp M2
    beq _overflow
    bcs byte_divide
_overflow:
    lda #$FF
    sta M0
    sta M1
    sec
    rts
.scend
;
; byte_divide -- div_by_byte once the quotient is known to fit: M3 = 0, M2 < B0.
; A divisor below 128 takes sixteen unrolled rounds, or eight for a quotient
; below 256, each quotient bit the carry of its comparison, shifted in by the next
; round's rol (as div_short); a larger one the looped rounds, which watch the
; remainder's ninth bit.
;
; In:       M0..M2 = dividend, M2 < B0; B0 = divisor
; Out:      as div_by_byte, carry clear
; Clobbers: A, X, flags
;
byte_divide:
.scope
    lda B0                          ; a divisor below 128 keeps the remainder
    bpl _small                      ; below 128: no ninth bit to watch
    jmp _large
_small:
    lda M2                          ; a quotient below 256, (M2:M1) < B0: only
    bne _small_high                 ; M0's rounds
    lda M1
    cmp B0
    bcs _small_high
    ldx #0
    stx M1
    jmp _small_low
_small_high:
    lda M2                          ; the remainder so far
    asl M1
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M1
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M1
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M1
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M1
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M1
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M1
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M1
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M1                          ; the last quotient bit, from the carry
_small_low:
    asl M0
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M0
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M0
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M0
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M0
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M0
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M0
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M0
    rol
    cmp B0
    bcc +
    sbc B0
*
    rol M0                          ; the last quotient bit, from the carry
    sta M2
    lda #0
    sta M3
    clc
    rts
_large:
    lda M2
    bne _high
    lda M1
    cmp B0
    bcs _high
    sta M2
    lda #0
    sta M1
    lda M2
    bcc _low                        ; always
_high:
    lda M2                          ; the remainder so far
    ldx #8
_high_bit:
    asl M1
    rol
    bcs _high_subtract              ; 9 bits: larger than the divisor
    cmp B0
    bcc _high_next
_high_subtract:
    sbc B0                          ; carry is set
    inc M1
_high_next:
    dex
    bne _high_bit
_low:
    ldx #8
_low_bit:
    asl M0
    rol
    bcs _low_subtract
    cmp B0
    bcc _low_next
_low_subtract:
    sbc B0
    inc M0
_low_next:
    dex
    bne _low_bit
    sta M2
    lda #0
    sta M3
    clc
    rts
.scend

;
; shift_right -- M0..M3 = (M3:M2:M1:M0) >> X, floor.
;
; In:       M0..M3; X = places, 0 or more
; Out:      M0..M3 shifted
; Clobbers: X, flags
;
shift_right:
.scope
    cpx #0
    beq _done
_place:
    lsr M3
    ror M2
    ror M1
    ror M0
    dex
    bne _place
_done:
    rts
.scend

;
; div_by_1000 -- (M1:M0) = (M3:M2:M1:M0) / 1000, floor: / 8, then / 125, since
; floor(floor(x / 8) / 125) = floor(x / 1000).
;
; In:       M0..M3 = dividend
; Out:      as div_by_byte (carry set and $FFFF when the quotient passes 16 bits)
; Clobbers: A, X, flags; B0, B1
;
div_by_1000:
    ldx #3
    jsr shift_right
    lda #125
    jmp div_by_byte

;
; times_100 -- M0..M2 = (M1:M0) * 100, M3 = 0.
;
; In:       M0, M1 = a
; Out:      M0..M2 = 100 a, M3 = 0
; Clobbers: A, X, Y, flags; B0, B1, P
;
times_100:
    lda #100
    jmp mul_by_byte

;
; div_by_word -- (M1:M0) = (M3:M2:M1:M0) / (Y:A), as div_32x16.
;
; In:       M0..M3 = dividend; A = divisor low, Y = divisor high
; Out:      as div_32x16
; Clobbers: A, X, Y, flags; B0, B1; ZP_TEMP, ZP_TEMP+1
;
div_by_word:
    sta B0
    sty B1
    jmp div_32x16

;
; load_word -- M0..M3 = a 16-bit number.
;
; In:       A = low, Y = high
; Out:      M0 = A, M1 = Y, M2 = M3 = 0
; Clobbers: A
;
load_word:
    sta M0
    sty M1
    lda #0
    sta M2
    sta M3
    rts

; --- small arithmetic: sums of a few terms, bit counts ------------------------------

;
; add_times -- (M1:M0) += count * value (16 bits, two's complement), by adding:
; for the few units and hexes of a neighbour bonus.
;
; In:       M0, M1; A = count; X = value low, Y = value high
; Out:      M0, M1
; Clobbers: A, flags; B0, B1, P (the count)
;
add_times:
.scope
    sta P
    stx B0
    sty B1
_once:
    lda P
    beq _done
    clc
    lda M0
    adc B0
    sta M0
    lda M1
    adc B1
    sta M1
    dec P
    jmp _once
_done:
    rts
.scend

;
; count_bits -- how many bits are set in A.
;
; Out:      Y = the count
; Clobbers: A, flags
;
count_bits:
.scope
    ldy #0
    ora #0
    beq _done
_bit:
    lsr
    bcc _zero
    iny
_zero:
    ora #0
    bne _bit
_done:
    rts
.scend
