;
; percent.s -- the phase routines' one piece of arithmetic: a 24-bit value
; times a byte, plus a byte, divided by a byte, floor: (v * k + a) / d.
;
; Every rounding of the phases is one of these (docs/rules.md): a receipt at a
; rating percent with its hundredths carried (a = the carry, d = 100, the
; remainder the next carry), a rated value rounded half up (a = 50), a ceiling
; (a = 99), a percent of a request or of the Axis pool (a = 0), casualties over
; CASUALTY_DIVISOR (k = 1).  kotd.engine.setup, logistics and victory state the
; same floors in Python.
;

.alias V0        ZP_MUL             ; the value and the result, low byte first
.alias V1        ZP_MUL+1
.alias V2        ZP_MUL+2
.alias V3        ZP_MUL+3
.alias SCALE_ADD ZP_TEMP+4          ; a, added to the product (math.s's B0: read first)
.alias SCALE_DIV ZP_TEMP+5          ; d, the divisor (math.s's B1: kept)

;
; scale -- V0..V3 = floor((V0..V2 * A + SCALE_ADD) / SCALE_DIV).
;
; In:       V0..V2 = v (24-bit; V3 is not read); A = k; SCALE_ADD = a;
;           SCALE_DIV = d, 1..255
; Out:      V0..V3 = the quotient; A = the remainder, 0..d-1; Y and
;           SCALE_DIV kept
; Clobbers: X, flags; SCALE_ADD; ZP_TEMP+3; SCALE_TERM
; Zero page: ZP_MUL (V0..V3), ZP_TEMP+3..+5
;
; The product is math.s's quarter-square products (mul_by_byte on v's low
; word, mul_8x8 on its top byte); a quotient below 65536 is byte_divide's, a
; larger one the long division below.
;
scale:
.scope
    tax                             ; k
    tya                             ; Y is kept for the callers
    pha
    lda SCALE_ADD                   ; mul_by_byte takes SCALE_ADD's byte (B0)
    sta SCALE_TERM+1
    lda V2
    bne _wide
    txa
    jsr mul_by_byte                 ; V0..V2 = v x k, V3 = 0
    jmp _add
_wide:
    sta SCALE_TERM+2                ; v's top byte
    txa
    jsr mul_by_byte                 ; V0..V2 = v's low word x k, V3 = 0
    lda SCALE_TERM+2
    jsr mul_8x8                     ; top byte x k (B0 = k), at V2
    tax
    clc
    lda ZP_TEMP+3
    adc V2
    sta V2
    txa
    adc #0
    sta V3
_add:
    clc
    lda V0
    adc SCALE_TERM+1
    sta V0
    bcc _fits
    inc V1
    bne _fits
    inc V2
    bne _fits
    inc V3
_fits:
    lda V3                          ; a quotient below 65536: byte_divide
    bne _divide
    lda V2
    cmp SCALE_DIV
    bcs _divide
    lda SCALE_DIV
    sta ZP_TEMP+4                   ; byte_divide's divisor, B0
    jsr byte_divide                 ; V0, V1 = quotient, V2 = remainder, V3 = 0
    ldx V2
    lda #0
    sta V2
    pla
    tay
    txa
    rts
_divide:
    ; Long division a byte at a time, top byte first: each byte of V3..V0 is
    ; replaced by its quotient byte, the remainder carried in A.
    ldx #3
    lda #0                          ; the remainder
_byte:
    cmp #0
    bne _bits
    ldy V0,x                        ; remainder 0 and a byte below d: a quotient
    cpy SCALE_DIV                   ; byte 0, and the byte is the remainder
    bcs _bits
    tya
    ldy #0
    sty V0,x
    beq _next_byte                  ; always
_bits:
    ldy #8
_dbit:
    asl V0,x
    rol
    bcs _subtract                   ; nine bits: more than any divisor
    cmp SCALE_DIV
    bcc _keep
_subtract:
    sbc SCALE_DIV                   ; carry is set
    inc V0,x                        ; the quotient bit just shifted in
_keep:
    dey
    bne _dbit
_next_byte:
    dex
    bpl _byte
_done:
    tax
    pla
    tay
    txa
    rts
.scend

;
; percent_of -- V0..V2 = floor(V0..V2 * A / 100); percent_of_word: of V0, V1.
;
; In:       V0..V2 = v (percent_of_word: V0, V1; V2 is cleared); A = the percent
; Out:      V0..V3 = the quotient; A = the remainder; Y kept
; Clobbers: X, flags; as scale
;
percent_of_word:
    ldx #0
    stx V2
percent_of:
.scope
    cmp #100                        ; 100%: v itself, no remainder
    bne _scale
    lda #0
    sta V3
    rts
_scale:
    ldx #0
    stx SCALE_ADD
    ldx #100
    stx SCALE_DIV
    jmp scale
.scend

;
; receipt -- a receipt at a rating percent with the hundredths carried
; (kotd.engine.setup.add_receipt): total = v * percent + carry; the receipt is
; total / 100, the new carry total mod 100.
;
; In:       V0, V1 = v (16-bit); A = the percent; Y = the CARRY index (CARRY_*)
; Out:      V0..V3 = the receipt; CARRY,y = the new carry
; Clobbers: A, X, flags; as scale
;
receipt:
    ldx #0
    stx V2
    ldx CARRY,y
    stx SCALE_ADD
    ldx #100
    stx SCALE_DIV
    jsr scale
    sta CARRY,y
    rts
