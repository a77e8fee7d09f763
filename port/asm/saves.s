;
; saves.s -- saved games: the slots of the game disk, the same on both machines
; (docs/images.md "Saved games").
;
; A slot is one header sector and SAVE_STATE_SECTORS sectors holding the state
; block (the game part, STATE_SIZE bytes, not scratch).  The header:
;
;   0-3  "KOTD"          4  SAVE_FORMAT       5  slot number
;   6    SCENARIO        7  TURN              8-9  STATE_SIZE
;   10-11 CRC-16/CCITT (poly $1021, start $FFFF) of header bytes 0-9 and then
;        the state block; kotd.build.disk.crc16 is the same sum in Python
;
; The machine file gives: SECTOR_BUFFER (SAVE_SECTOR_SIZE bytes), the sector
; routines read_label, read_slot_sector, write_slot_sector (In: A = sector of
; the slot, 0 = header; DISK_SLOT; Out: carry set on a disk error), ZP_PTR,
; ZP_LEFT (two zero page words it lets this file use) and disk_operation (the
; byte its entries set for disk_run).
;
;
; START_SLOTS read-only slots follow the save slots (slots SAVE_SLOTS+1 ..
; SAVE_SLOTS+START_SLOTS, one scenario's start state each, written by the build):
; disk_load and disk_info take them, disk_save refuses them with DISK_BAD_SLOT
; (and the machine's write_slot_sector refuses them once more).
;
; Nothing is ever written before the disk's save-area label has been read and
; found right, and only the chosen slot's sectors are written.  A load checks
; the whole slot (magic, format, size, CRC) before it copies anything into the
; state block.
;

.alias HEADER_CRC_AT 10                 ; offset of the CRC in the header
.alias HEADER_SUMMED 10                 ; header bytes the CRC covers

;
; disk_run -- the operation the machine's entry chose: disk_save, disk_load or
; disk_info.
;
; In:       disk_operation = 0 (save), 1 (load), 2 (info); DISK_SLOT
; Out:      A = DISK_STATUS (that routine's)
; Clobbers: X, Y, flags
; Zero page: ZP_PTR, ZP_LEFT
;
disk_run:
.scope
    lda disk_operation
    bne _not_save
    jmp disk_save
_not_save:
    cmp #1
    bne _info
    jmp disk_load
_info:
    jmp disk_info
.scend

;
; disk_save -- write the state block into slot DISK_SLOT.
;
; In:       DISK_SLOT = 1..SAVE_SLOTS (a start slot is DISK_BAD_SLOT)
; Out:      A = DISK_STATUS = DISK_OK, DISK_BAD_SLOT, DISK_NOT_GAME_DISK or DISK_IO
; Clobbers: X, Y, flags
; Zero page: ZP_PTR, ZP_LEFT
;
disk_save:
.scope
    lda DISK_SLOT                       ; the start slots are read-only
    cmp #SAVE_SLOTS+1
    lda #DISK_BAD_SLOT
    bcs _done
    jsr check_slot_and_label
    bcs _done
    jsr make_header
    jsr sum_header
    jsr start_state                     ; the state, sector by sector, from STATE_BASE
_sector:
    jsr clear_buffer
    ldy #0
_copy:
    lda (ZP_PTR),y
    sta SECTOR_BUFFER,y
    iny
    cpy state_chunk
    bne _copy
    jsr crc_buffer_chunk
    lda state_index
    jsr write_slot_sector
    bcs _io
    jsr next_state_sector
    bcc _sector
    jsr make_header                     ; last: the header, so a broken save is a damaged slot
    lda crc_lo
    sta SECTOR_BUFFER+HEADER_CRC_AT
    lda crc_hi
    sta SECTOR_BUFFER+HEADER_CRC_AT+1
    lda #0
    jsr write_slot_sector
    bcs _io
    lda #DISK_OK
    bcc _done                           ; always
_io:
    lda #DISK_IO
_done:
    sta DISK_STATUS
    rts
.scend

;
; disk_load -- check slot DISK_SLOT whole, then copy it into the state block.
;
; In:       DISK_SLOT = 1..SAVE_SLOTS+START_SLOTS
; Out:      A = DISK_STATUS: DISK_OK (state block replaced), or DISK_BAD_SLOT,
;           DISK_NOT_GAME_DISK, DISK_EMPTY, DISK_DAMAGED, DISK_IO (state block
;           untouched)
; Clobbers: X, Y, flags
; Zero page: ZP_PTR, ZP_LEFT
;
disk_load:
.scope
    jsr read_header
    bcs _done
    lda SECTOR_BUFFER+HEADER_CRC_AT        ; the sum the slot claims
    sta want_lo
    lda SECTOR_BUFFER+HEADER_CRC_AT+1
    sta want_hi
    jsr sum_header
    ; pass 1: sum the state sectors as read, copy nothing
    jsr start_state
_check:
    lda state_index
    jsr read_slot_sector
    bcs _io
    jsr crc_buffer_chunk
    jsr next_state_sector
    bcc _check
    lda crc_lo
    cmp want_lo
    bne _damaged
    lda crc_hi
    cmp want_hi
    bne _damaged
    ; pass 2: the slot is sound; read it again into the state block
    jsr start_state
_copy_sector:
    lda state_index
    jsr read_slot_sector
    bcs _io
    ldy #0
_copy:
    lda SECTOR_BUFFER,y
    sta (ZP_PTR),y
    iny
    cpy state_chunk
    bne _copy
    jsr next_state_sector
    bcc _copy_sector
    lda #DISK_OK
    bcs _done                           ; always: carry set at the last sector
_damaged:
    lda #DISK_DAMAGED
    bne _done                           ; always
_io:
    lda #DISK_IO
_done:
    sta DISK_STATUS
    rts
.scend

;
; disk_info -- what slot DISK_SLOT holds, from its header (the CRC is checked
; only when the slot is loaded).
;
; In:       DISK_SLOT = 1..SAVE_SLOTS+START_SLOTS
; Out:      A = DISK_STATUS: DISK_OK with DISK_INFO_SCENARIO, DISK_INFO_TURN set,
;           or DISK_BAD_SLOT, DISK_NOT_GAME_DISK, DISK_EMPTY, DISK_DAMAGED, DISK_IO
; Clobbers: X, Y, flags
; Zero page: ZP_PTR, ZP_LEFT
;
disk_info:
.scope
    lda #0
    sta DISK_INFO_SCENARIO
    sta DISK_INFO_TURN
    jsr read_header
    bcs _done
    lda SECTOR_BUFFER+6
    sta DISK_INFO_SCENARIO
    lda SECTOR_BUFFER+7
    sta DISK_INFO_TURN
    lda #DISK_OK
_done:
    sta DISK_STATUS
    rts
.scend

;
; read_header -- check the slot number and the label, read the slot's header
; and check its magic, format, slot number and size.
;
; In:       DISK_SLOT
; Out:      carry clear: SECTOR_BUFFER = the header; carry set: A = the status
; Clobbers: X, Y
;
read_header:
.scope
    jsr check_slot_and_label
    bcs _out
    lda #0
    jsr read_slot_sector
    bcs _io
    ldx #3
_magic:
    lda SECTOR_BUFFER,x
    cmp header_magic,x
    bne _empty
    dex
    bpl _magic
    lda SECTOR_BUFFER+4
    cmp #SAVE_FORMAT
    bne _damaged
    lda SECTOR_BUFFER+5
    cmp DISK_SLOT
    bne _damaged
    lda SECTOR_BUFFER+8
    cmp #<STATE_SIZE
    bne _damaged
    lda SECTOR_BUFFER+9
    cmp #>STATE_SIZE
    bne _damaged
    clc
    rts
_empty:
    lda #DISK_EMPTY
    sec
    rts
_damaged:
    lda #DISK_DAMAGED
    sec
    rts
_io:
    lda #DISK_IO
    sec
_out:
    rts
.scend

;
; check_slot_and_label -- DISK_SLOT in 1..SAVE_SLOTS+START_SLOTS, and the disk in the drive
; carries the save-area label (it is our game disk, not some other disk).
;
; Out:      carry clear, or carry set and A = DISK_BAD_SLOT, DISK_IO, DISK_NOT_GAME_DISK
; Clobbers: X, Y
;
check_slot_and_label:
.scope
    lda DISK_SLOT
    beq _bad_slot
    cmp #SAVE_SLOTS+START_SLOTS+1
    bcs _bad_slot
    jsr read_label
    bcs _io
    ldx #7
_magic:
    lda SECTOR_BUFFER,x
    cmp label_magic,x
    bne _not_ours
    dex
    bpl _magic
    lda SECTOR_BUFFER+8
    cmp #SAVE_FORMAT
    bne _not_ours
    clc
    rts
_bad_slot:
    lda #DISK_BAD_SLOT
    sec
    rts
_not_ours:
    lda #DISK_NOT_GAME_DISK
    sec
    rts
_io:
    lda #DISK_IO
    sec
    rts
.scend

;
; make_header -- the header of DISK_SLOT for the state block, CRC not yet in.
;
; Out:      SECTOR_BUFFER = header bytes 0-9, the rest 0
; Clobbers: A, X, Y
;
make_header:
.scope
    jsr clear_buffer
    ldx #3
_magic:
    lda header_magic,x
    sta SECTOR_BUFFER,x
    dex
    bpl _magic
    lda #SAVE_FORMAT
    sta SECTOR_BUFFER+4
    lda DISK_SLOT
    sta SECTOR_BUFFER+5
    lda SCENARIO
    sta SECTOR_BUFFER+6
    lda TURN
    sta SECTOR_BUFFER+7
    lda #<STATE_SIZE
    sta SECTOR_BUFFER+8
    lda #>STATE_SIZE
    sta SECTOR_BUFFER+9
    rts
.scend

;
; sum_header -- start the CRC and sum header bytes 0-9 of SECTOR_BUFFER.
;
; Out:      crc_lo, crc_hi
; Clobbers: A, X, Y
;
sum_header:
.scope
    lda #$FF
    sta crc_lo
    sta crc_hi
    ldy #0
_byte:
    lda SECTOR_BUFFER,y
    jsr crc16_byte
    iny
    cpy #HEADER_SUMMED
    bne _byte
    rts
.scend

;
; crc_buffer_chunk -- add the first state_chunk bytes of SECTOR_BUFFER to the CRC.
;
; Clobbers: A, X, Y
;
crc_buffer_chunk:
.scope
    ldy #0
_byte:
    lda SECTOR_BUFFER,y
    jsr crc16_byte
    iny
    cpy state_chunk
    bne _byte
    rts
.scend

;
; start_state / next_state_sector -- walk the state block a sector at a time.
;
; Out:      ZP_PTR = where this sector's bytes go in the state block;
;           state_index = its sector in the slot (1..); state_chunk = its bytes
;           (0 = 256); ZP_LEFT = bytes after it; next_state_sector: carry set
;           when there is none left
; Clobbers: A
;
start_state:
    lda #<STATE_BASE
    sta ZP_PTR
    lda #>STATE_BASE
    sta ZP_PTR+1
    lda #<STATE_SIZE
    sta ZP_LEFT
    lda #>STATE_SIZE
    sta ZP_LEFT+1
    lda #1
    sta state_index
    jmp take_chunk

next_state_sector:
.scope
    lda ZP_LEFT
    ora ZP_LEFT+1
    bne _more
    sec
    rts
_more:
    inc state_index
    clc
    lda ZP_PTR
    adc #<SAVE_SECTOR_SIZE
    sta ZP_PTR
    lda ZP_PTR+1
    adc #>SAVE_SECTOR_SIZE
    sta ZP_PTR+1
.scend
    ; falls through
take_chunk:
.scope
    ; chunk = min(left, sector size); left -= chunk
    lda ZP_LEFT+1
    cmp #>SAVE_SECTOR_SIZE
    bcc _short
    bne _whole
    lda ZP_LEFT
    cmp #<SAVE_SECTOR_SIZE
    bcc _short
_whole:
    lda #<SAVE_SECTOR_SIZE              ; 0 for 256: the loops run 256 times
    sta state_chunk
    sec
    lda ZP_LEFT
    sbc #<SAVE_SECTOR_SIZE
    sta ZP_LEFT
    lda ZP_LEFT+1
    sbc #>SAVE_SECTOR_SIZE
    sta ZP_LEFT+1
    clc
    rts
_short:
    lda ZP_LEFT
    sta state_chunk
    lda #0
    sta ZP_LEFT
    sta ZP_LEFT+1
    clc
    rts
.scend

;
; clear_buffer -- SECTOR_BUFFER all 0.
;
; Clobbers: A, Y
;
clear_buffer:
.scope
    lda #0
    ldy #0
_byte:
    sta SECTOR_BUFFER,y
    iny
    cpy #<SAVE_SECTOR_SIZE
    bne _byte
    rts
.scend

;
; crc16_byte -- CRC-16/CCITT, one byte, most significant bit first.
;
; In:       A = the byte; crc_lo, crc_hi
; Out:      crc_lo, crc_hi updated
; Clobbers: A, X
;
crc16_byte:
.scope
    eor crc_hi
    sta crc_hi
    ldx #8
_bit:
    asl crc_lo
    rol crc_hi
    bcc _next
    lda crc_hi
    eor #$10
    sta crc_hi
    lda crc_lo
    eor #$21
    sta crc_lo
_next:
    dex
    bne _bit
    rts
.scend

header_magic:
    .byte "KOTD"
label_magic:
    .byte "KOTDSAVE"

crc_lo:      .byte 0
crc_hi:      .byte 0
want_lo:     .byte 0
want_hi:     .byte 0
state_index: .byte 0
state_chunk: .byte 0
