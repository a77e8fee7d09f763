;
; apple_rwts.s -- our own Disk II access: seek, read and write one sector in
; the 6-and-2 format of 16-sector disks (docs/images.md "Apple disk").
;
; A sector on the track: address field D5 AA 96, volume, track, sector,
; checksum (each "4 and 4": two nibbles, odd bits then even bits), DE AA EB;
; a gap; data field D5 AA AD, 86 nibbles holding the low two bits of the 256
; bytes, 256 nibbles holding their high six bits, one checksum nibble, DE AA EB.
; Every data nibble is the 6-bit value XOR the one before, translated by
; disk_nibbles (generated: the 64 valid disk bytes).  Byte i's low two bits sit,
; swapped, in bits 2*(i / 86) of auxiliary value i mod 86.
;
; The caller keeps X = slot * 16 (rw_slot16) and the motor on.  Sectors are
; physical (as the address field numbers them); tools/kotd/build/dsk.py maps
; them to the DOS 3.3 order of a .dsk file.
;
; Zero page: RW_BUF (word: the sector's 256 bytes), RW_INDEX, RW_TEMP, RW_SLOT
; (a copy of rw_slot16 for the write loop's timing).  Buffers: AUX_VALUES (86
; bytes, stored last first) and NIBBLE_VALUE (decode table) in the resident
; area; WRITE_VALUES (256, page aligned) with the two bytes below it.
;

;
; rw_init -- build the decode table from disk_nibbles.
;
; Clobbers: A, X, Y
;
rw_init:
.scope
    ldy #63
_value:
    lda disk_nibbles,y
    tax
    tya
    sta NIBBLE_VALUE-$96,x
    dey
    bpl _value
    ldx rw_slot16
    rts
.scend

;
; rw_seek -- move the head to a track.
;
; In:       A = track 0..34; X = slot * 16; rw_half = where the head is (half tracks)
; Out:      rw_half = 2 * track
; Clobbers: A, Y
;
rw_seek:
.scope
    asl
    sta rw_target
_step:
    lda rw_half
    cmp rw_target
    beq _settle
    sta rw_previous
    bcc _in
    dec rw_half
    bcs _move                           ; always
_in:
    inc rw_half
_move:
    lda rw_half
    jsr phase_on
    lda #3                              ; about 4 ms for a half track
    jsr rw_delay
    lda rw_previous
    jsr phase_off
    jmp _step
_settle:
    lda #20                             ; about 25 ms for the head to settle
    jsr rw_delay
    lda rw_half
    jmp phase_off
.scend

;
; phase_on, phase_off -- switch the stepper phase of a half track on or off.
;
; In:       A = half track (its phase is A mod 4); rw_slot16
; Out:      X = rw_slot16
; Clobbers: A
;
phase_on:
    and #3
    asl
    ora rw_slot16
    tax
    lda PHASE0_ON,x
    ldx rw_slot16
    rts

phase_off:
    and #3
    asl
    ora rw_slot16
    tax
    lda PHASE0_OFF,x
    ldx rw_slot16
    rts

;
; rw_delay -- wait A * 1,280 cycles or so (A = 0: 256 times).
;
; Clobbers: A, Y
;
rw_delay:
.scope
    sta RW_TEMP
_outer:
    ldy #0
_inner:
    dey
    bne _inner
    dec RW_TEMP
    bne _outer
    rts
.scend

;
; rw_read_address -- the next address field that passes its checksum.
;
; In:       X = slot * 16, motor on
; Out:      carry clear: rw_field = volume, track, sector, checksum;
;           carry set: none within about 12,000 nibbles (no disk, not ours)
; Clobbers: A, Y
;
rw_read_address:
.scope
    lda #0
    sta rw_tries
    lda #48
    sta rw_tries+1
_next:
    dec rw_tries
    bne _wait
    dec rw_tries+1
    beq _fail
_wait:
    lda Q6L,x
    bpl _wait
_is_d5:
    cmp #$D5
    bne _next
_wait_aa:
    lda Q6L,x
    bpl _wait_aa
    cmp #$AA
    bne _is_d5
_wait_96:
    lda Q6L,x
    bpl _wait_96
    cmp #$96
    bne _is_d5
    ldy #0
_field:
    lda Q6L,x
    bpl _field
    sec
    rol                                 ; odd bits into place, 1s between
    sta RW_TEMP
_even:
    lda Q6L,x
    bpl _even
    and RW_TEMP
    sta rw_field,y
    iny
    cpy #4
    bne _field
    lda rw_field
    eor rw_field+1
    eor rw_field+2
    eor rw_field+3
    bne _next
    clc
    rts
_fail:
    sec
    rts
.scend

;
; rw_read_data -- the data field right after an address field, into (RW_BUF).
;
; In:       X = slot * 16; RW_BUF
; Out:      carry clear: 256 bytes at (RW_BUF); carry set: no data field or a
;           bad checksum (the bytes at RW_BUF are then garbage)
; Clobbers: A, Y
;
rw_read_data:
.scope
    ldy #32
_next:
    dey
    beq _fail
_wait:
    lda Q6L,x
    bpl _wait
_is_d5:
    cmp #$D5
    bne _next
_wait_aa:
    lda Q6L,x
    bpl _wait_aa
    cmp #$AA
    bne _is_d5
_wait_ad:
    lda Q6L,x
    bpl _wait_ad
    cmp #$AD
    bne _is_d5
    ldy #86                             ; the 86 auxiliary values, stored last first
    lda #0
_aux:
    dey
    sty RW_INDEX
_wait_aux:
    ldy Q6L,x
    bpl _wait_aux
    eor NIBBLE_VALUE-$96,y
    ldy RW_INDEX
    sta AUX_VALUES,y
    bne _aux
_main:
    sty RW_INDEX
_wait_main:
    ldy Q6L,x
    bpl _wait_main
    eor NIBBLE_VALUE-$96,y
    ldy RW_INDEX
    sta (RW_BUF),y
    iny
    bne _main
_wait_sum:
    ldy Q6L,x
    bpl _wait_sum
    eor NIBBLE_VALUE-$96,y
    bne _fail
    ; put each byte's low two bits back from the auxiliary values
    ldy #0
_restart:
    ldx #86
_byte:
    dex
    bmi _restart
    lda (RW_BUF),y
    lsr AUX_VALUES,x
    rol
    lsr AUX_VALUES,x
    rol
    sta (RW_BUF),y
    iny
    bne _byte
    ldx rw_slot16
    clc
    rts
_fail:
    sec
    rts
.scend

;
; rw_prepare_write -- split the 256 bytes at (RW_BUF) into the values to write.
;
; Out:      AUX_VALUES (last first), WRITE_VALUES, the two bytes below it
; Clobbers: A, X, Y
;
rw_prepare_write:
.scope
    ldx #0
_aux:
    lda #0
    sta AUX_WRITE,x
    txa
    clc
    adc #172
    bcs _middle                         ; bytes 256 and 257 do not exist: 0s
    tay
    lda (RW_BUF),y
    lsr
    rol AUX_WRITE,x
    lsr
    rol AUX_WRITE,x
_middle:
    txa
    clc
    adc #86
    tay
    lda (RW_BUF),y
    lsr
    rol AUX_WRITE,x
    lsr
    rol AUX_WRITE,x
    txa
    tay
    lda (RW_BUF),y
    lsr
    rol AUX_WRITE,x
    lsr
    rol AUX_WRITE,x
    inx
    cpx #86
    bne _aux
    ; AUX_WRITE holds them first first; the write loop wants them last first
    ldx #85
    ldy #0
_reverse:
    lda AUX_WRITE,y
    sta AUX_VALUES,x
    iny
    dex
    bpl _reverse
    lda #0
    sta AUX_VALUES+86                   ; the value before the first: 0
    lda AUX_VALUES
    sta WRITE_VALUES-1                  ; before the first main value: the last auxiliary one
    ldy #0
_main:
    lda (RW_BUF),y
    lsr
    lsr
    sta WRITE_VALUES,y
    iny
    bne _main
    ldx rw_slot16
    rts
.scend
