;
; math.s -- whole-number arithmetic for combat: multiply and divide.
;
; Every rule of docs/rules.md is a floor of exact products and quotients; these
; routines give them exactly.  The 32-bit accumulator is ZP_MUL (M0..M3, low
; byte first); the 16-bit operand is ZP_TEMP+4, +5 (B0, B1), out of the way of hex.s.
;

.alias M0 ZP_MUL
.alias M1 ZP_MUL+1
.alias M2 ZP_MUL+2
.alias M3 ZP_MUL+3
.alias B0 ZP_TEMP+4
.alias B1 ZP_TEMP+5

;
; mul_16x16 -- M0..M3 = (M1:M0) * (B1:B0).
;
; In:       M0, M1 = a; B0, B1 = b
; Out:      M0..M3 = a * b
; Clobbers: A, X, Y, flags; B0, B1 when b < 256 (mul_by_byte does it)
;
mul_16x16:
.scope
    lda B1                          ; a byte multiplier: eight rounds do
    bne _full
    lda B0
    jmp mul_by_byte
_full:
    lda #0
    sta M2
    ldx #16
    lsr M1
    ror M0
_bit:
    bcc _shift
    tay
    clc
    lda M2
    adc B0
    sta M2
    tya
    adc B1
_shift:
    ror
    ror M2
    ror M1
    ror M0
    dex
    bne _bit
    sta M3
    rts
.scend

;
; mul_32x16 -- M0..M3 = (M3:M2:M1:M0) * (B1:B0), the low 32 bits.
;
; In:       M0..M3 = a; B0, B1 = b (a * b must fit 32 bits)
; Out:      M0..M3 = a * b
; Clobbers: A, X, flags; B0, B1; MATH_TERM
;
mul_32x16:
.scope
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
; Clobbers: A, X, flags
;
div_32x16:
.scope
    lda M2                          ; the quotient fits iff (M3:M2) < divisor
    cmp B0
    lda M3
    sbc B1
    bcs _overflow
    ldx #16
    lda M3                          ; a quotient below 256, (M3:M2:M1) < divisor,
    bne _bit                        ; needs eight rounds after a shift by a byte
    lda M1
    cmp B0
    lda M2
    sbc B1
    bcs _bit
    lda M2
    sta M3
    lda M1
    sta M2
    lda M0
    sta M1
    lda #0
    sta M0
    ldx #8
_bit:
    asl M0
    rol M1
    rol M2
    rol M3
    bcs _subtract                   ; 17 bits: larger than any divisor
    lda M2
    cmp B0
    lda M3
    sbc B1
    bcc _next
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
_overflow:
    lda #$FF
    sta M0
    sta M1
    rts
.scend

;
; mul_by_byte -- M0..M3 = (M1:M0) * A (a 16-bit number times a byte; M3 = 0).
;
; In:       M0, M1 = a; A = b
; Out:      M0..M2 = a * b, M3 = 0
; Clobbers: A, X, Y, flags; B0, B1
;
; Eight rounds: the multiplier shifts out of M0 as the product shifts in.
;
mul_by_byte:
.scope
    ldx M0
    stx B0
    ldx M1
    stx B1
    sta M0
    lda #0
    sta M1
    sta M3
    ldx #8
    lsr M0
_bit:
    bcc _shift
    tay
    clc
    lda M1
    adc B0
    sta M1
    tya
    adc B1
_shift:
    ror
    ror M1
    ror M0
    dex
    bne _bit
    sta M2
    rts
.scend

;
; times_100 -- M0..M2 = (M1:M0) * 100, by shifts: 4a * (16 + 8 + 1).
;
; In:       M0, M1 = a
; Out:      M0..M2 = 100 a, M3 = 0
; Clobbers: A, flags; B0, B1, MATH_TERM
;
times_100:
    lda #0
    sta M2
    sta M3
    asl M0                          ; 4a
    rol M1
    rol M2
    asl M0
    rol M1
    rol M2
    lda M0                          ; keep 4a
    sta B0
    lda M1
    sta B1
    lda M2
    sta MATH_TERM
    asl M0                          ; 32a
    rol M1
    rol M2
    asl M0
    rol M1
    rol M2
    asl M0
    rol M1
    rol M2
    lda M0                          ; 32a + 4a
    clc
    adc B0
    sta B0
    lda M1
    adc B1
    sta B1
    lda M2
    adc MATH_TERM
    sta MATH_TERM
    asl M0                          ; 64a + 36a
    rol M1
    rol M2
    lda M0
    clc
    adc B0
    sta M0
    lda M1
    adc B1
    sta M1
    lda M2
    adc MATH_TERM
    sta M2
    rts

;
; div_by_word -- (M1:M0) = (M3:M2:M1:M0) / (Y:A), as div_32x16.
;
; In:       M0..M3 = dividend; A = divisor low, Y = divisor high
; Out:      as div_32x16
; Clobbers: A, X, flags; B0, B1
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
