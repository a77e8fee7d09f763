;
; apple_boot_resident.s -- the game disk's resident code on the Apple II: our
; own disk routines (apple_rwts.s), the loader, saved games and the start of
; the Applesoft program (docs/images.md "Apple").
;
; It lives below the engine, at RESIDENT_BASE; its buffers fill its last
; three pages.  The boot stub (apple_boot.s) copies it there and jumps to
; boot_load (+12).  The first bytes are a fixed table (tools/kotd/build/disk.py
; RESIDENT_LAYOUT):
;
;   +0  DISK_SAVE  POKE DISK_SLOT,n: CALL DISK_SAVE   +3 DISK_LOAD   +6 DISK_INFO
;   +9  reset_entry (RESET: run the program again)    +12 boot_load  +15 start_basic
;   +18 DISK_SLOT, +19 DISK_STATUS, +20 DISK_INFO_SCENARIO, +21 DISK_INFO_TURN
;   +22 program_end (VARTAB), +24 program_first (the program's first two bytes)
;   +26 OPPONENT_CALL  POKE OPPONENT_ENTRY,n: POKE CALL_ARGC,... : CALL OPPONENT_CALL
;   +29 OPPONENT_READY (set by boot_load: 1 the whole opponent is in the language card, 2 part of it)
;   +30 OPPONENT_ENTRY
;
; How Applesoft gets the program: the loader puts it at $0801 and starts
; Applesoft cold (which says NEW: two zero bytes at $0801); its first read of a
; key comes to key_hook, which puts the program's first two bytes and VARTAB
; back, sets HIMEM to BASIC_HIMEM (below hi-res page 2 and the display code), and
; types RUN.
;

.include "generated/apple.inc"
.include "apple_boot_os.inc"
.include "generated/state.inc"
.include "generated/abi.inc"
.include "generated/saves_apple.inc"
.include "generated/opponent_chunks_apple.inc"

.alias ZP_PTR    ZP_BASE                ; saves.s
.alias ZP_LEFT   ZP_BASE+2
.alias RW_BUF    ZP_BASE+4              ; apple_rwts.s
.alias RW_INDEX  ZP_BASE+6
.alias RW_TEMP   ZP_BASE+7
.alias RW_SLOT   ZP_BASE+8
.alias ZP_SAVED  9

.alias WRITE_VALUES  RESIDENT_LAST-$FF          ; last page: the values to write
.alias AUX_WRITE     WRITE_VALUES               ; (in order, before they are reversed)
.alias AUX_VALUES    WRITE_VALUES-$58           ; 86 values + a 0, a spare, then the
                                                ; last value again at WRITE_VALUES-1
.alias NIBBLE_VALUE  AUX_VALUES-$6A             ; decode table for nibbles $96-$FF
.alias SECTOR_BUFFER RESIDENT_LAST-$2FF         ; the sector read or written

.org RESIDENT_BASE
    jmp call_save
    jmp call_load
    jmp call_info
    jmp reset_entry
    jmp boot_load
    jmp start_basic
DISK_SLOT:          .byte 0
DISK_STATUS:        .byte 0
DISK_INFO_SCENARIO: .byte 0
DISK_INFO_TURN:     .byte 0
program_end:        .word 0
program_first:      .word 0
    jmp opponent_call
OPPONENT_READY:     .byte 0
OPPONENT_ENTRY:     .byte 0

.include "apple_rwts_write.s"           ; first: its timed loops inside one page

;
; call_save, call_load, call_info -- the CALL entries.
;
; In:       DISK_SLOT POKEd
; Out:      DISK_STATUS (PEEK it); A = DISK_STATUS
; Clobbers: X, Y, flags
; Zero page: ZP_BASE..ZP_BASE+ZP_SAVED-1 saved and restored
;
call_save:
    ldx #0
    beq call_common                     ; always
call_load:
    ldx #1
    bne call_common                     ; always
call_info:
    ldx #2
call_common:
.scope
    stx disk_operation
    ldx #ZP_SAVED-1
_save:
    lda ZP_BASE,x
    sta zero_page_copy,x
    dex
    bpl _save
    lda rw_slot16
    bne _drive
    lda #DISK_NOT_GAME_DISK             ; not started from the game disk
    sta DISK_STATUS
    bne _restore                        ; always
_drive:
    jsr spin_up
    jsr disk_run
    ldx rw_slot16
    lda MOTOR_OFF,x
_restore:
    ldx #ZP_SAVED-1
_back:
    lda zero_page_copy,x
    sta ZP_BASE,x
    dex
    bpl _back
    lda DISK_STATUS
    rts
.scend

.include "saves.s"

;
; read_label, read_slot_sector, write_slot_sector -- one sector of the save
; area: the label on track SAVE_LABEL_TRACK, slot n on track SAVE_LABEL_TRACK + n.
;
; In:       A = sector of the slot (0 = header); DISK_SLOT (not for read_label)
; Out:      SECTOR_BUFFER read or written; carry set on a disk error, and
;           write_slot_sector sets it without writing for a start slot
;           (DISK_SLOT > SAVE_SLOTS: read-only, whoever calls)
; Clobbers: A, X, Y
;
read_label:
    ldy #SAVE_LABEL_TRACK
    lda #0
    jmp read_sector_at
read_slot_sector:
    pha
    clc
    lda DISK_SLOT
    adc #SAVE_LABEL_TRACK
    tay
    pla
read_sector_at:
    sty rw_track
    sta rw_sector
    lda #<SECTOR_BUFFER
    sta RW_BUF
    lda #>SECTOR_BUFFER
    sta RW_BUF+1
    jmp read_sector
write_slot_sector:
    ldy DISK_SLOT
    cpy #SAVE_SLOTS+1
    bcs write_refused                   ; carry set: an error, nothing written
    pha
    clc
    lda DISK_SLOT
    adc #SAVE_LABEL_TRACK
    sta rw_track
    pla
    sta rw_sector
    lda #<SECTOR_BUFFER
    sta RW_BUF
    lda #>SECTOR_BUFFER
    sta RW_BUF+1
    jmp write_sector
write_refused:
    rts

;
; read_sector, write_sector -- find sector rw_sector of track rw_track and
; read it into (RW_BUF) / write (RW_BUF) over it; a few tries.
;
; Out:      carry set if it could not be done
; Clobbers: A, X, Y
;
read_sector:
    lda #0
    beq sector_common                   ; always
write_sector:
    jsr rw_prepare_write
    lda #1
sector_common:
.scope
    sta rw_writing
    lda #48                             ; address fields to look at: 3 turns
    sta rw_fields
    ldx rw_slot16
    lda rw_track
    jsr rw_seek
_field:
    dec rw_fields
    beq _fail
    jsr rw_read_address
    bcs _fail
    lda rw_field+1
    cmp rw_track
    beq _track
    asl                                 ; the head is elsewhere: believe it, seek again
    sta rw_half
    lda rw_track
    jsr rw_seek
    jmp _field
_track:
    lda rw_field+2
    cmp rw_sector
    bne _field
    lda rw_writing
    bne _write
    jsr rw_read_data
    bcs _field
    rts
_write:
    jmp rw_write_data
_fail:
    sec
    rts
.scend

;
; spin_up -- drive 1 of the boot slot spinning, up to speed.
;
; Clobbers: A, X, Y
;
spin_up:
    ldx rw_slot16
    lda DRIVE1,x
    lda MOTOR_ON,x
    lda #0
    jsr rw_delay
    lda #0
    jsr rw_delay
    lda #0
    jmp rw_delay

.include "apple_rwts.s"

;
; boot_load -- from the boot stub: load every file of the directory, then start
; Applesoft with the program.
;
; In:       BOOT_SLOT16 (the boot PROM's), the motor on, the head on track 0
;
boot_load:
.scope
    lda BOOT_SLOT16
    sta rw_slot16
    lda #0
    sta rw_half
    jsr rw_init
    ldy #0
_file:
    sty rw_entry
    lda directory+1,y
    bne _load
    jmp _loaded
_load:
    sta rw_pages
    lda directory,y
    sta rw_track
    lda directory+2,y
    sta rw_load
    lda directory+3,y
    sta rw_load+1
_track:
    ; this track: sectors 0..min(pages,16)-1 go to rw_load + 256 * sector
    lda rw_pages
    cmp #16
    bcc _some
    lda #16
_some:
    sta rw_count
    lda #0
    sta rw_want
    sta rw_want+1
    ldy rw_count
_want:
    dey
    bmi _seek
    sec                                 ; one bit per sector wanted
    rol rw_want
    rol rw_want+1
    jmp _want
_seek:
    ldx rw_slot16
    lda rw_track
    jsr rw_seek
_sector:
    ldx rw_slot16
    lda rw_want
    ora rw_want+1
    beq _next_track
    jsr rw_read_address
    bcs _sector                         ; keep trying: nothing else to do
    lda rw_field+1
    cmp rw_track
    bne _sector
    ldy rw_field+2
    cpy #16
    bcs _sector
    jsr wanted
    beq _sector
    lda rw_load
    sta RW_BUF
    tya
    clc
    adc rw_load+1
    sta RW_BUF+1
    ldx rw_slot16
    jsr rw_read_data
    bcs _sector
    ldy rw_field+2
    jsr wanted                          ; A = the bit
    eor #$FF
    cpy #8
    bcs _high
    and rw_want
    sta rw_want
    jmp _sector
_high:
    and rw_want+1
    sta rw_want+1
    jmp _sector
_next_track:
    inc rw_track
    clc
    lda rw_load+1
    adc rw_count
    sta rw_load+1
    sec
    lda rw_pages
    sbc rw_count
    sta rw_pages
    beq _file_done
    jmp _track
_file_done:
    ldy rw_entry                        ; the opponent's file (the only one read into
    lda directory+2,y                   ; OPPONENT_BUFFER): copied into the card before
    bne _next_file                      ; the program is read over the buffer
    lda directory+3,y
    cmp #>OPPONENT_BUFFER
    bne _next_file
    jsr load_opponent
_next_file:
    lda rw_entry
    clc
    adc #4
    tay
    jmp _file
_loaded:
    ldx rw_slot16
    lda MOTOR_OFF,x
    ; the program's first two bytes: Applesoft's NEW will put zeros there
    lda $0801
    sta program_first
    lda $0802
    sta program_first+1
    lda #1
    sta restore_program
    jmp start_basic
.scend

;
; wanted -- is sector Y (0..15) still wanted?
;
; Out:      A = its bit, Z set if not wanted
; Clobbers: A
;
wanted:
.scope
    tya
    and #7
    tax
    lda bits,x
    cpy #8
    bcs _high
    and rw_want
    beq _out
    lda bits,x
    rts
_high:
    and rw_want+1
    beq _out
    lda bits,x
_out:
    rts
.scend
bits:
    .byte 1, 2, 4, 8, 16, 32, 64, 128

;
; start_basic -- RESET comes to reset_entry; Applesoft starts cold and its first
; key comes from key_hook.
;
; In:       the program at $0801, program_first and restore_program set
; Out:      does not return (Applesoft runs the program)
;
start_basic:
    jsr set_reset
    lda #0
    sta key_position
    lda #<key_hook
    sta KSW
    lda #>key_hook
    sta KSW+1
    jmp APPLESOFT_COLD

;
; reset_entry -- RESET: the program is still there; type RUN into Applesoft.
;
; Out:      does not return (Applesoft's warm start)
;
reset_entry:
    jsr set_reset
    lda #0
    sta restore_program
    sta key_position
    lda #<key_hook
    sta KSW
    lda #>key_hook
    sta KSW+1
    jmp APPLESOFT_WARM

;
; set_reset -- RESET to reset_entry: the soft entry vector and its check byte.
;
; Clobbers: A
;
set_reset:
    lda #<reset_entry
    sta SOFTEV
    lda #>reset_entry
    sta SOFTEV+1
    eor #$A5
    sta PWREDUP
    rts

;
; key_hook -- KSW while the game starts: the keys R, U, N, RETURN; before the
; first, the program put back as loaded (see the header).
;
; Out:      A = the key (high bit set)
; Clobbers: X (RDKEY's callers keep nothing in it)
;
key_hook:
.scope
    lda restore_program
    beq _type
    lda #0
    sta restore_program
    lda program_first
    sta $0801
    lda program_first+1
    sta $0802
    lda program_end
    sta VARTAB
    sta ARYTAB
    sta STREND
    lda program_end+1
    sta VARTAB+1
    sta ARYTAB+1
    sta STREND+1
    lda #<BASIC_HIMEM                   ; HIMEM: strings stay below hi-res page 2
    sta MEMSIZ_LO
    sta FRETOP
    lda #>BASIC_HIMEM
    sta MEMSIZ_LO+1
    sta FRETOP+1
    jsr set_reset
_type:
    ldx key_position
    lda run_keys,x
    inc key_position
    cmp #CR
    bne _out
    lda #<KEYIN
    sta KSW
    lda #>KEYIN
    sta KSW+1
    lda #CR
_out:
    rts
.scend
run_keys:
    .byte $D2, $D5, $CE, CR             ; R U N RETURN

.include "generated/apple_nibbles.s"    ; inside one page: checked by the build

;
; opponent_call -- CALL OPPONENT_CALL: one entry of the computer opponent
; (OPPONENT_ENTRY: OPPONENT_FIELD, ...) in the language card, with the engine's
; call block (CALL_ARGC, CALL_ARGS POKEd; docs/images.md "The opponent").  The
; card's RAM is read (and written) while it runs, with interrupts off (the
; vectors at $FFFA are the card's then); the ROM is back after.
;
; Out:      A = CALL_STATUS: E_OK or an error code (E_NO_OPPONENT when the boot
;           found no language card, nothing done; E_ARG_COUNT, E_RANGE);
;           CALL_RESULT as an engine entry leaves it
; Clobbers: X, Y, flags
; Zero page: the engine's saved and restored by the opponent
;
opponent_call:
.scope
    lda OPPONENT_READY
    bne _call
    lda #E_NO_OPPONENT
    sta CALL_STATUS
    rts
_call:
    php
    sei
    lda LC_RAM_RW
    lda LC_RAM_RW
    ldx OPPONENT_ENTRY
    jsr OPPONENT_BASE
    tax
    lda LC_ROM
    plp
    txa
    rts
.scend

;
; load_opponent -- if the language card is there (its RAM keeps two patterns:
; on a 48 KB machine the ROM answers), copy the opponent's code from
; OPPONENT_BUFFER (its file, read there) to its places in the card ($D000 in
; bank 2, one bank for all), chunk by chunk (the build's opponent_chunks: pages,
; then the address; each chunk's last page is filled out in the file, and what
; the fill writes past the chunk is the opponent's own region: tools/kotd/build/
; diskimages.py checks it), put card_vectors into the card's $FFFA-$FFFF, and
; set OPPONENT_READY.  $C083 read twice: bank 2 read,
; and written (the second read enables the writes).
;
; Out:      OPPONENT_READY = OPPONENT_LOADED if loaded, else left 0; the ROM read after
; Clobbers: A, X, Y
;
load_opponent:
.scope
    php
    sei
    lda LC_RAM_RW
    lda LC_RAM_RW
    ldx #$55
    stx OPPONENT_BASE
    cpx OPPONENT_BASE
    bne _absent
    ldx #$AA
    stx OPPONENT_BASE
    cpx OPPONENT_BASE
    bne _absent
    ldx #0
_chunk:
    lda opponent_chunk_list,x       ; its pages (0: the end)
    beq _copied
    sta opponent_pages
    lda opponent_chunk_list+1,x
    sta _to+1
    lda opponent_chunk_list+2,x
    sta _to+2
    ldy #0
_from:
    lda OPPONENT_BUFFER,y           ; page by page (the buffer: on a page)
_to:
    sta $FFFF,y
    iny
    bne _from
    inc _from+2
    inc _to+2
    dec opponent_pages
    bne _from
    inx
    inx
    inx
    bne _chunk                      ; always
_copied:
    ldx #5
_vector:
    lda card_vectors,x
    sta CPU_VECTORS,x
    dex
    bpl _vector
    lda #OPPONENT_LOADED            ; 1: the whole player
    sta OPPONENT_READY
_absent:
    lda LC_ROM
    plp
    rts
.scend
opponent_chunk_list:
    `opponent_chunks
opponent_pages:
    .byte 0

;
; card_vectors -- the 6502's vectors in the language card's RAM: a II+ with a 16K
; card reads them there while the card is read (OPPONENT_CALL; the IIe's RESET
; reads the ROM first).  NMI: $03FB, where the ROM's own points (the page 3 hook,
; in main RAM: the opponent goes on after its RTI).  RESET: card_reset.  IRQ and
; BRK: card_irq (the opponent runs with SEI: only a BRK comes here).
;
card_vectors:
    .word USER_NMI, card_reset, card_irq

;
; card_reset, card_irq -- RESET, IRQ or BRK while the card's RAM was read (a
; II+): the ROM read again, then on through the ROM's own vector, as if the card
; had not been in: RESET to the monitor's reset and SOFTEV (reset_entry: the game
; again), a BRK to the monitor.  BIT reads the switch and keeps A, X and Y.
;
; Clobbers: N, V, Z (the status as interrupted is on the stack)
;
card_reset:
    bit LC_ROM
    jmp (CPU_VECTORS+2)
card_irq:
    bit LC_ROM
    jmp (CPU_VECTORS+4)

disk_operation:  .byte 0
zero_page_copy:  .byte 0, 0, 0, 0, 0, 0, 0, 0, 0
restore_program: .byte 0
key_position:    .byte 0
rw_slot16:       .byte 0
rw_half:         .byte 0
rw_target:       .byte 0
rw_previous:     .byte 0
rw_tries:        .word 0
rw_field:        .byte 0, 0, 0, 0
rw_track:        .byte 0
rw_sector:       .byte 0
rw_writing:      .byte 0
rw_fields:       .byte 0
rw_entry:        .byte 0
rw_pages:        .byte 0
rw_count:        .byte 0
rw_want:         .word 0
rw_load:         .word 0

directory:                              ; appended by the build: track, pages, address
resident_end:
.checkpc SECTOR_BUFFER
