;
; atari_boot_resident.s -- the game disk's resident code on the Atari: saved
; games, the hand-over to BASIC, and RESET (docs/images.md "Atari").
;
; Loaded by the boot loader (atari_boot.s) or by DOS (dist/kotd-atari.xex) at
; RESIDENT_BASE, just above the engine's first page; RAMTOP is lowered to it so
; the screen and BASIC stay below.  The first bytes are a fixed table the build
; and the BASIC constants rely on (tools/kotd/build/disk.py RESIDENT_LAYOUT):
;
;   +0  DISK_SAVE  X=USR(DISK_SAVE, slot)     +3  DISK_LOAD  X=USR(DISK_LOAD, slot)
;   +6  DISK_INFO  X=USR(DISK_INFO, slot)     +9  reset_init (DOSINI)
;   +12 prepare (boot loader's last call)     +15 xex_run (RUNAD of kotd-atari.xex)
;   +18 DISK_SLOT, +19 DISK_STATUS, +20 DISK_INFO_SCENARIO, +21 DISK_INFO_TURN
;   +22 program_start, +24 program_length: the tokenized program (SAVE format)
;       staged in memory, filled in by the build
;   +26 OPPONENT_CALL  X=USR(OPPONENT_CALL, entry, arg1, ...)   +29 OPPONENT_READY
;   +30 OPPONENT_ENTRY (the stub keeps USR's first argument there)
; OPPONENT_READY is set by the boot loader (atari_boot.s load_opponent), never
; by the loose file.  The sector buffer is the cassette buffer (SECTOR_BUFFER).
;
; How BASIC gets the program: BASIC starts as usual (cold start, "READY"); its
; first read from the screen editor E: is answered by editor_get, which types
; RUN "Z:" (the device Z: reads the staged program); after that RESET makes
; editor_get type RUN, so the game restarts on a screen it draws itself.
;

.include "generated/atari.inc"
.include "atari_os.inc"
.include "atari_boot_os.inc"
.include "generated/state.inc"
.include "generated/abi.inc"
.include "generated/saves_atari.inc"

.alias ZP_PTR   ZP_BASE             ; the engine's zero page, idle during a USR call
.alias ZP_LEFT  ZP_BASE+2
.alias ZP_SAVED 4

.org RESIDENT_BASE
    jmp usr_save
    jmp usr_load
    jmp usr_info
    jmp reset_init
    jmp prepare
    jmp xex_run
DISK_SLOT:          .byte 0
DISK_STATUS:        .byte 0
DISK_INFO_SCENARIO: .byte 0
DISK_INFO_TURN:     .byte 0
program_start:      .word 0
program_length:     .word 0
    jmp opponent_call
OPPONENT_READY:     .byte 0
OPPONENT_ENTRY:     .byte 0

;
; usr_save, usr_load, usr_info -- the USR entries: X=USR(address, slot).
;
; In:       stack: argument count, then the slot (high byte, low byte)
; Out:      FR0 = DISK_STATUS (the value USR returns); DISK_ARGS if the call
;           had not exactly one argument
; Clobbers: A, X, Y, flags
; Zero page: FR0; ZP_PTR, ZP_LEFT saved and restored
;
usr_save:
    ldx #0
    beq usr_common                      ; always
usr_load:
    ldx #1
    bne usr_common                      ; always
usr_info:
    ldx #2
usr_common:
.scope
    stx disk_operation
    pla
    cmp #1
    bne _wrong_count
    pla                                 ; high byte: slots are below 256
    beq _low
    lda #$FF                            ; a slot no disk has
    sta DISK_SLOT
    pla
    jmp _run
_low:
    pla
    sta DISK_SLOT
_run:
    jsr run_disk_operation
usr_return:
    sta FR0
    lda #0
    sta FR0+1
    rts
_wrong_count:
    tax
    beq _no_args
_drop:
    pla
    pla
    dex
    bne _drop
_no_args:
    lda #DISK_ARGS
    sta DISK_STATUS
    bne usr_return                      ; always
.scend

;
; opponent_call -- X=USR(OPPONENT_CALL, entry, arg1, ..., argN): one entry of the
; computer opponent (OPPONENT_FIELD, ...) in the RAM under the OS, with the
; engine's call block (docs/images.md "The opponent").  The OS ROM is switched
; out and every interrupt off while it runs: no vertical blank (the clock and
; the keyboard stop); ANTIC reads the map's character set (CHARSET_BASE: the ROM's
; letters and the map glyphs), not the opponent's code in the RAM under the ROM's
; set, until the next vertical blank puts CHBAS back.
;
; In:       stack: argument count, then the arguments (high byte, low byte)
; Out:      FR0 = the status (E_OK or an error code: E_NO_OPPONENT when the boot
;           found no RAM there: the arguments pulled, nothing written but FR0;
;           E_ARG_COUNT, E_RANGE); CALL_STATUS, CALL_RESULT as an engine entry
;           leaves them
; Clobbers: A, X, Y, flags
; Zero page: FR0; the engine's saved and restored by the opponent
;
opponent_call:
.scope
    pla                                 ; argument count
    ldx OPPONENT_READY
    bne _ready
    tax                                 ; no opponent: pull the arguments, nothing else
    beq _refused
_discard:
    pla
    pla
    dex
    bne _discard
_refused:
    lda #E_NO_OPPONENT
    bne usr_return                      ; always
_ready:
    tay
    beq _no_entry
    dey
    sty CALL_ARGC
    pla                                 ; the entry: high byte
    tax
    pla
    cpx #0
    beq +
    lda #$FF                            ; no such entry
*   sta OPPONENT_ENTRY
    ldx #0
    cpy #0
    beq _pulled
_pull:
    pla                                 ; high byte first
    cpx #2*CALL_MAX_ARGS
    bcs _drop
    sta CALL_ARGS+1,x
    pla
    sta CALL_ARGS,x
    inx
    inx
_next:
    dey
    bne _pull
_pulled:
    `os_rom_out
    lda #>CHARSET_BASE
    sta CHBASE
    ldx OPPONENT_ENTRY
    jsr OPPONENT_BASE
    tax
    `os_rom_back
    txa
    jmp usr_return
_drop:
    pla                                 ; more arguments than any entry takes
    bcs _next                           ; always: carry still set by cpx
_no_entry:
    lda #E_ARG_COUNT
    jmp usr_return
.scend



;
; run_disk_operation -- disk_save, disk_load or disk_info with the zero page kept.
;
; In:       disk_operation = 0, 1, 2; DISK_SLOT
; Out:      A = DISK_STATUS
; Clobbers: X, Y, flags
;
run_disk_operation:
.scope
    ldx #ZP_SAVED-1
_save:
    lda ZP_BASE,x
    sta zero_page_copy,x
    dex
    bpl _save
    jsr disk_run
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
; area through the OS's DSKINV (drive 1).
;
; In:       A = sector of the slot (0 = header), DISK_SLOT (not for read_label)
; Out:      SECTOR_BUFFER read or written; carry set on a disk error, and
;           write_slot_sector sets it without writing for a start slot
;           (DISK_SLOT > SAVE_SLOTS: read-only, whoever calls)
; Clobbers: A, X, Y
;
read_label:
    lda #<SAVE_LABEL_SECTOR
    ldx #>SAVE_LABEL_SECTOR
    ldy #DISK_READ
    jmp disk_sector
read_slot_sector:
    ldy #DISK_READ
    bne slot_sector                     ; always
write_slot_sector:
    ldy DISK_SLOT
    cpy #SAVE_SLOTS+1
    bcs write_refused                    ; carry set: an error, nothing written
    ldy #DISK_WRITE
    bne slot_sector                     ; always
write_refused:
    rts
slot_sector:
.scope
    sty DCOMND
    ; sector = SAVE_FIRST_SLOT + (DISK_SLOT - 1) * SAVE_PER_SLOT + A
    clc
    adc #<SAVE_FIRST_SLOT
    sta DAUX1
    lda #>SAVE_FIRST_SLOT
    adc #0
    sta DAUX2
    ldx DISK_SLOT
_slot:
    dex
    beq _go
    clc
    lda DAUX1
    adc #SAVE_PER_SLOT
    sta DAUX1
    bcc _slot
    inc DAUX2
    bne _slot                           ; always
_go:
    lda DAUX1
    ldx DAUX2
    ldy DCOMND
.scend
    ; falls through
;
; disk_sector -- DSKINV on drive 1 with SECTOR_BUFFER.
;
; In:       A = sector low, X = sector high, Y = DISK_READ or DISK_WRITE
; Out:      carry set on an error (DSTATS holds it)
; Clobbers: A, X, Y
;
disk_sector:
.scope
    sta DAUX1
    stx DAUX2
    sty DCOMND
    lda #1
    sta DUNIT
    lda #<SECTOR_BUFFER
    sta DBUFLO
    lda #>SECTOR_BUFFER
    sta DBUFHI
    jsr DSKINV
    lda DSTATS
    bmi _error
    clc
    rts
_error:
    sec
    rts
.scend

;
; prepare -- make the machine ready for BASIC to start the game: check that
; BASIC is there, chain DOSINI to reset_init, move the screen below
; RESIDENT_BASE, add the Z: device and make the editor type RUN "Z:".
;
; In:       program_start, program_length set; DOSINI = 0, the OS, or a DOS's init
; Out:      carry clear; never returns without BASIC (a message, then a halt)
; Clobbers: A, X, Y, flags
;
prepare:
.scope
    jsr check_basic
    bcc _basic
    jsr say_no_basic
_halt:
    jmp _halt
_basic:
    lda DOSINI+1
    cmp #>reset_init
    bne _chain
    lda DOSINI
    cmp #<reset_init
    beq _chained                        ; already ours
_chain:
    lda DOSINI+1
    beq _nothing                        ; no init: the boot disk
    cmp #$C0
    bcs _nothing                        ; the OS itself (a cold start): not worth chaining
    lda DOSINI
    sta chained_init
    lda DOSINI+1
    sta chained_init+1
_nothing:
    lda #<reset_init
    sta DOSINI
    lda #>reset_init
    sta DOSINI+1
_chained:
    lda BOOTQ
    ora #1
    sta BOOTQ
    jsr move_screen
    jsr add_z_device
    lda #run_z_text-command_texts
    sta next_command
    jsr hook_editor
    clc
    rts
.scend

;
; xex_run -- RUNAD of kotd-atari.xex: prepare, then start BASIC.
;
xex_run:
    jsr prepare
    jmp (CARTCS)

;
; reset_init -- DOSINI: after a boot and after each RESET.  The OS has put
; RAMTOP back at the top of RAM and opened the screen there, over the engine's
; state: move it below RESIDENT_BASE again and have the editor type RUN.
;
; Out:      carry clear
; Clobbers: A, X, Y
;
reset_init:
    jsr call_chained
    jsr move_screen
    jsr hook_editor
    clc
    rts

;
; call_chained -- the DOSINI routine that was there before ours (a DOS's), or
; just_return on the boot disk.
;
; Clobbers: what that routine clobbers
;
call_chained:
    jmp (chained_init)
just_return:
    rts
chained_init:
    .word just_return

;
; check_basic -- is there a cartridge (BASIC) in the left slot?
;
; Out:      carry clear if so
; Clobbers: A
;
check_basic:
.scope
    lda TRAMSZ
    beq _none
    lda CARTFLAG
    bne _none
    lda #$FF                            ; ROM keeps its 0; RAM would take the write
    sta CARTFLAG
    lda CARTFLAG
    bne _ram
    clc
    rts
_ram:
    lda #0
    sta CARTFLAG
_none:
    sec
    rts
.scend

;
; say_no_basic -- print why the game cannot start.
;
; Clobbers: A, X, Y
;
say_no_basic:
    ldx #0
    lda #CIO_PUT_BYTES
    sta ICCOM
    lda #<no_basic_text
    sta ICBAL
    lda #>no_basic_text
    sta ICBAH
    lda #no_basic_end-no_basic_text
    sta ICBLL
    lda #0
    sta ICBLH
    jmp CIOV

no_basic_text:
    .byte ATASCII_EOL, "KNIGHTS OF THE DESERT NEEDS BASIC.", ATASCII_EOL, ATASCII_EOL
    .byte "INSERT THE ATARI BASIC CARTRIDGE", ATASCII_EOL
    .byte "(OR ALTIRRA BASIC) AND SWITCH OFF", ATASCII_EOL
    .byte "AND ON AGAIN.  ON AN XL OR XE, DO", ATASCII_EOL
    .byte "NOT HOLD OPTION WHILE IT STARTS.", ATASCII_EOL
no_basic_end:

.include "atari_move_screen.s"         ; move_screen, also in the boot loader

;
; add_z_device -- put Z: (the staged program) into the device table.
;
; Clobbers: A, X
;
add_z_device:
.scope
    ldx #0
_entry:
    lda HATABS,x
    beq _put
    cmp #'Z
    beq _put
    inx
    inx
    inx
    cpx #HATABS_END-HATABS
    bcc _entry
    rts                                 ; table full: RUN "Z:" will say so
_put:
    lda #'Z
    sta HATABS,x
    lda #<z_handler
    sta HATABS+1,x
    lda #>z_handler
    sta HATABS+2,x
    rts
.scend

;
; hook_editor -- make the screen editor's next line read come from
; command_texts at next_command instead of the keyboard.
;
; Clobbers: A, X, Y
;
hook_editor:
.scope
    lda next_command
    sta command_position
    ldx #0
_entry:
    lda HATABS,x
    cmp #'E
    beq _found
    inx
    inx
    inx
    cpx #HATABS_END-HATABS
    bcc _entry
    rts
_found:
    lda HATABS+2,x
    cmp #>editor_table
    bne _copy
    lda HATABS+1,x
    cmp #<editor_table
    beq _done                           ; already hooked
_copy:
    stx editor_entry
    lda HATABS+1,x
    sta editor_original
    sta _from+1
    lda HATABS+2,x
    sta editor_original+1
    sta _from+2
    ldy #15
_from:
    lda $FFFF,y                         ; the OS's table, address filled in above
    sta editor_table,y
    dey
    bpl _from
    lda #<[editor_get-1]
    sta editor_table+4
    lda #>[editor_get-1]
    sta editor_table+5
    lda #<editor_table
    sta HATABS+1,x
    lda #>editor_table
    sta HATABS+2,x
_done:
    rts
.scend

;
; editor_get -- E: "get byte" while hooked: the next character of the command;
; after its EOL the OS's editor is back and later RESETs type RUN.
;
; Out:      A = the character, Y = CIO_OK
; Clobbers: X
;
editor_get:
.scope
    ldy command_position
    lda command_texts,y
    inc command_position
    cmp #ATASCII_EOL
    bne _out
    ldx editor_entry
    lda editor_original
    sta HATABS+1,x
    lda editor_original+1
    sta HATABS+2,x
    lda #run_text-command_texts
    sta next_command
    lda #ATASCII_EOL
_out:
    ldy #CIO_OK
    rts
.scend

command_texts:
run_z_text:
    .byte "RUN ", 34, "Z:", 34, ATASCII_EOL
run_text:
    .byte "RUN", ATASCII_EOL

;
; z_handler -- the Z: device: reads the staged program, then end of file.
;
z_handler:
    .word z_open-1, z_ok-1, z_get-1, z_refuse-1, z_ok-1, z_refuse-1
    jmp z_ok
    .byte 0

z_open:
.scope
    ; BASIC writes the program from LOMEM + 256 up while it reads it from here
    ; (14 bytes of header ahead): the staged copy must start above that.
    sec
    lda program_start
    sbc LOMEM
    tax
    lda program_start+1
    sbc LOMEM+1
    bcc _too_low
    bne _room
    cpx #256-14
    bcs _room
_too_low:
    ldy #CIO_NO_ROOM
    rts
_room:
.scend
    lda program_start
    sta z_fetch+1
    lda program_start+1
    sta z_fetch+2
    lda program_length
    sta z_left
    lda program_length+1
    sta z_left+1
z_ok:
    ldy #CIO_OK
    rts
z_refuse:
    ldy #CIO_NOT_DONE
    rts
z_get:
.scope
    lda z_left
    ora z_left+1
    bne _more
    ldy #CIO_EOF
    rts
_more:
    lda z_left
    bne _low
    dec z_left+1
_low:
    dec z_left
.scend
z_fetch:
    lda $FFFF                           ; address filled in by z_open, stepped here
    inc z_fetch+1
    bne +
    inc z_fetch+2
*   ldy #CIO_OK
    rts

disk_operation:   .byte 0
zero_page_copy:   .byte 0, 0, 0, 0
next_command:     .byte 0
command_position: .byte 0
editor_entry:     .byte 0
editor_original:  .word 0
editor_table:     .byte 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
z_left:           .word 0

resident_end:
.checkpc RESIDENT_LAST+1
