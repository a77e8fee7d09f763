;
; atari_loader.s -- the first segment of engine.xex: make room for the engine.
;
; The OS opens the screen just below RAMTOP, at first right where the engine
; goes.  DOS calls this segment through INITAD before the engine's segment loads:
; it lowers RAMTOP to the engine's first page and reopens the screen editor
; below it, as GRAPHICS 0 would.  BASIC then takes MEMTOP below the new screen.
; After RESET the OS restores RAMTOP: load engine.xex again.
;
; In:       nothing (called by DOS during the binary load)
; Out:      RAMTOP = >ENGINE_BASE; IOCB 0 open on "E:" below it; carry clear
;           (a loader that boots the file, like atari800's -run, takes carry
;           set for a failed load)
; Clobbers: A, X, Y, flags
;

.include "generated/atari.inc"
.include "atari_os.inc"

.org LOADER_BASE
lower_ramtop:
    ldx #0                          ; IOCB 0: the screen editor
    lda #CIO_CLOSE
    sta ICCOM,x
    jsr CIOV
    lda #>ENGINE_BASE
    sta RAMTOP
    ldx #0
    lda #CIO_OPEN
    sta ICCOM,x
    lda #<editor
    sta ICBAL,x
    lda #>editor
    sta ICBAH,x
    lda #OPEN_READ_WRITE
    sta ICAX1,x
    lda #0
    sta ICAX2,x
    jsr CIOV
    clc
    rts
editor:
    .byte "E:", ATASCII_EOL
loader_end:
.checkpc LOADER_LAST+1
