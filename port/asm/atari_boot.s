;
; atari_boot.s -- the game disk's boot sectors and loader on the Atari (no DOS).
;
; The OS reads sector 1, finds the header below, reads the rest of the boot
; sectors to BOOT_BASE and calls boot_continue.  The loader moves the screen
; below RESIDENT_BASE, reads every file of the directory the build appends after
; the code (tools/kotd/build/disk.py atari_image), calls the resident code's
; prepare and returns; the OS then calls DOSINI (reset_init) and starts the
; BASIC cartridge, whose first line of input is RUN "Z:" (atari_boot_resident.s).
;
; The opponent (docs/ai.md "The 6502 twin") is a file read into OPPONENT_BUFFER
; (the program's staging area: the program, read after it, goes over it) only
; when find_opponent_ram found the RAM under the OS, and copied there by
; copy_opponent as soon as it is read (an 800 reads no sector of it).
;
; Directory entry, 6 bytes: first sector, sector count, load address (words);
; a count of 0 ends it.  Sectors are read whole: a file's last sector may fill
; up to 127 bytes past its end (the build checks that room is there).
;
; In:       nothing (the OS's disk boot); zero page $80-$87 free (BASIC not started)
; Out:      carry clear (boot done), carry set after a disk error (the OS says
;           BOOT ERROR and tries again)
;

.include "generated/atari.inc"
.include "atari_os.inc"
.include "atari_boot_os.inc"
.include "generated/saves_atari.inc"
.include "generated/opponent_chunks_atari.inc"

.alias entry_offset $80                 ; which directory entry
.alias sector       $81                 ; word: the next sector to read
.alias sectors_left $83                 ; word
.alias load_address $85                 ; word

.org BOOT_BASE
boot_header:
    .byte 0                             ; flags
boot_sector_count:
    .byte 0                             ; boot sectors: filled in by the build
    .word boot_header                   ; where the OS puts them
    .word 0                             ; DOSINI: none until prepare
boot_continue:
.scope
    jsr move_screen
    jsr find_opponent_ram
    lda #0
    sta entry_offset
_file:
    ldx entry_offset
    cpx opponent_entry                  ; the opponent's file: not read without
    bne +                               ; the RAM to copy it to
    lda opponent_ram
    beq _next_file
*
    lda directory,x
    sta sector
    lda directory+1,x
    sta sector+1
    lda directory+2,x
    sta sectors_left
    lda directory+3,x
    sta sectors_left+1
    lda directory+4,x
    sta load_address
    lda directory+5,x
    sta load_address+1
    lda sectors_left
    ora sectors_left+1
    beq _done
_sector:
    lda #1
    sta DUNIT
    lda #DISK_READ
    sta DCOMND
    lda load_address
    sta DBUFLO
    lda load_address+1
    sta DBUFHI
    lda sector
    sta DAUX1
    lda sector+1
    sta DAUX2
    jsr DSKINV
    lda DSTATS
    bmi _error
    clc
    lda load_address
    adc #128
    sta load_address
    bcc +
    inc load_address+1
*   inc sector
    bne +
    inc sector+1
*   lda sectors_left
    bne +
    dec sectors_left+1
*   dec sectors_left
    lda sectors_left
    ora sectors_left+1
    bne _sector
    lda entry_offset
    cmp opponent_entry                  ; the opponent read: copied before the
    bne _next_file                      ; program is read over its buffer
    jsr copy_opponent
_next_file:
    lda entry_offset
    clc
    adc #6
    sta entry_offset
    jmp _file
_done:
    jsr RESIDENT_PREPARE
    clc
    rts
_error:
    sec
    rts
.scend

;
; find_opponent_ram, copy_opponent -- the opponent under the OS.  Both switch
; the OS ROM out (PORTB bit 0; bit 7 stays 1: no self-test ROM over $5000) with
; every interrupt off (the OS's vectors are not there) and put PORTB, NMIEN and
; the I flag back.  find_opponent_ram: is the RAM there?  It must keep two
; patterns written at OPPONENT_BASE (an 800 has nothing there, whatever PORTB
; does).  copy_opponent: the opponent's code from OPPONENT_BUFFER (its file, just
; read there) to its places, chunk by chunk (the build's opponent_chunks: pages,
; then the address; each chunk's last page is filled out in the file, and what
; the fill writes past the chunk is the opponent's own region: tools/kotd/build/
; diskimages.py checks it); the resident code's OPPONENT_READY set.
;
; Out:      find_opponent_ram: opponent_ram = 1 if the RAM is there (else 0);
;           copy_opponent: RESIDENT_OPPONENT_READY = OPPONENT_LOADED
; Clobbers: A, X, Y
;
find_opponent_ram:
    ldx #0
    beq opponent_under_os               ; always
copy_opponent:
    ldx #1
opponent_under_os:
.scope
    `os_rom_out
    txa
    bne _copy
    ldx #$55
    stx OPPONENT_BASE
    cpx OPPONENT_BASE
    bne _out
    ldx #$AA
    stx OPPONENT_BASE
    cpx OPPONENT_BASE
    bne _out
    inc opponent_ram
    bne _out                            ; always
_copy:
    ldx #0
_chunk:
    lda chunks,x                        ; its pages (0: the end)
    beq _copied
    sta opponent_pages
    lda chunks+1,x
    sta _to+1
    lda chunks+2,x
    sta _to+2
    ldy #0
_from:
    lda OPPONENT_BUFFER,y               ; page by page (the buffer: on a page)
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
    bne _chunk                          ; always
_copied:
    lda #OPPONENT_LOADED                ; 1: the whole player
    sta RESIDENT_OPPONENT_READY
_out:
    `os_rom_back
    rts
.scend
chunks:
    `opponent_chunks
opponent_pages:
    .byte 0
opponent_ram:
    .byte 0                             ; 1: the RAM under the OS is there
opponent_entry:
    .byte $FF                           ; the opponent's directory entry (6 x index): the build

.include "atari_move_screen.s"         ; move_screen, also in the resident code

directory:                              ; appended by the build
