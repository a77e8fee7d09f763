;
; apple_boot.s -- track 0, sector 0 of the Apple game disk.
;
; The Disk II boot PROM reads physical sectors 0 to N-1 of track 0 to $0800 up
; (N = the first byte) and jumps to $0801 with X = slot * 16.  Sectors 1 to N-1
; hold the resident code (apple_boot_resident.s): copy it to RESIDENT_BASE and
; go on there with our own disk routines.
;

.include "generated/apple.inc"
.include "generated/saves_apple.inc"

.org $0800
    .byte 0                             ; N: filled in by the build
boot_entry:
.scope
    ldy #0
_copy:
    lda $0900,y
    sta RESIDENT_BASE,y
    iny
    bne _copy
    inc _copy+2
    inc _copy+5
    dec resident_pages
    bne _copy
    jmp RESIDENT_PREPARE
.scend
resident_pages:
    .byte 0                             ; filled in by the build
