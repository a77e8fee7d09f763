;
; apple_rwts_write.s -- the timed part of our Disk II code: writing a data field
; (apple_rwts.s has the rest and the format).  The resident code includes it first
; so that its loops stay inside one page: a branch across a page takes a cycle
; more and would stretch a nibble (tools/kotd/build/diskimages.py checks
; write_timed_start..write_timed_end).
;

;
; rw_write_data -- write a data field right after the address field just read.
;
; Every nibble is stored 32 cycles after the one before (40 for the sync
; bytes), as the drive shifts one bit out each 4 cycles: the counts in the
; comments are the cycles from one store to the next.
;
; In:       X = slot * 16; rw_prepare_write done
; Out:      carry clear, or carry set if the disk is write-protected
; Clobbers: A, Y
;
rw_write_data:
.scope
    stx RW_SLOT
    lda Q6H,x
    lda Q7L,x
    bpl _writable
    jmp _protected
_writable:
    lda #$FF
    sta Q7H,x                           ; write mode: the first sync byte
    ora Q6L,x
    ldy #4
    bit $00                             ; 5+4+2+3
write_timed_start:
_sync:
    jsr _wait12
    jsr _wait12
    nop                                 ; +26 = 40
    sta Q6H,x
    ora Q6L,x
    dey
    bne _sync                           ; 5+4+2+3 (+26 = 40)
    lda #$D5                            ; 5+4+2+2+2
    jsr _wait12
    bit $00
    nop
    nop
    nop
    nop
    nop                                 ; +25 = 40
    sta Q6H,x
    ora Q6L,x
    lda #$AA
    jsr _wait12
    bit $00
    nop
    nop
    nop                                 ; 5+4+2+21 = 32
    sta Q6H,x
    ora Q6L,x
    lda #$AD
    jsr _wait12
    bit $00
    nop
    nop
    nop
    sta Q6H,x
    ora Q6L,x
    ldy #85
    bit $00                             ; 5+4+2+3, then 4+4+2+4+4 below = 32
_aux:
    lda AUX_VALUES,y
    eor AUX_VALUES+1,y
    tax
    lda disk_nibbles,x
    ldx rw_slot16                       ; absolute: 4 cycles, for the count
    sta Q6H,x
    ora Q6L,x
    dey
    bpl _aux                            ; 5+4+2+3+4+4+2+4+4 = 32
    ldy #0                              ; last one: 5+4+2+2+2, +4+4+2+4+3 = 32
_main:
    lda WRITE_VALUES,y
    eor WRITE_VALUES-1,y                ; crosses a page from y = 1: 5 cycles
    tax
    lda disk_nibbles,x
    ldx RW_SLOT
    sta Q6H,x
    ora Q6L,x
    iny
    bne _main                           ; 5+4+2+3+4+5+2+4+3 = 32
write_timed_end:
    lda WRITE_VALUES+255                ; the checksum: the last value
    tax
    lda disk_nibbles,x
    ldx RW_SLOT
    nop
    nop
    nop                                 ; 5+4+2+2+4+2+4+3+6 = 32
    sta Q6H,x
    ora Q6L,x
    lda #$DE
    jsr _wait12
    bit $00
    nop
    nop
    nop
    sta Q6H,x
    ora Q6L,x
    lda #$AA
    jsr _wait12
    bit $00
    nop
    nop
    nop
    sta Q6H,x
    ora Q6L,x
    lda #$EB
    jsr _wait12
    bit $00
    nop
    nop
    nop
    sta Q6H,x
    ora Q6L,x
    lda #$FF
    jsr _wait12
    bit $00
    nop
    nop
    nop
    sta Q6H,x
    ora Q6L,x
    lda Q7L,x                           ; back to reading
    lda Q6L,x
    clc
    rts
_protected:
    lda Q6L,x
    sec
_wait12:
    rts
.scend
