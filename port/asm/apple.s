;
; apple.s -- the engine for the Apple II 48K with Applesoft and DOS 3.3.
;
; Top file for `kotd build --target apple`: this machine's memory map and ABI
; glue around the shared engine.  docs/engine.md "Apple" explains the numbers.
;

.include "generated/apple.inc"      ; memory map (tools/kotd/build/targets.py)
.include "apple_os.inc"             ; ROM, Applesoft and DOS locations by name
.include "equates.s"                ; constants, zero page, state block, ABI codes

.org ENGINE_BASE
.include "generated/jumptable.s"    ; must stay first: entry n at ENGINE_BASE + 3n
.include "generated/tables.s"       ; the data as tables: filling its page, QUARTER_SQUARE on the next
.include "abi_apple.s"              ; CALL glue
.include "modules.s"                ; the engine itself
.include "end.s"                    ; region checks
