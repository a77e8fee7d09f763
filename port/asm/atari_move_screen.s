;
; atari_move_screen.s -- move_screen, the one statement of "the screen below
; RESIDENT_BASE" for the two Atari binaries that need it: the boot loader
; (atari_boot.s, before any file lands in the top of memory) and the resident
; code (atari_boot_resident.s, at every start of BASIC).  Each binary holds its
; own copy: the boot loader runs before the resident code is loaded.
;

;
; move_screen -- RAMTOP = RESIDENT_BASE's page, and the screen editor opened
; again below it (what GRAPHICS 0 does); BASIC takes MEMTOP from that.
;
; Clobbers: A, X, Y
;
move_screen:
    ldx #0
    lda #CIO_CLOSE
    sta ICCOM
    jsr CIOV
    lda #>RESIDENT_BASE
    sta RAMTOP
    ldx #0
    lda #CIO_OPEN
    sta ICCOM
    lda #<editor_name
    sta ICBAL
    lda #>editor_name
    sta ICBAH
    lda #OPEN_READ_WRITE
    sta ICAX1
    lda #0
    sta ICAX2
    jmp CIOV
editor_name:
    .byte "E:", ATASCII_EOL
