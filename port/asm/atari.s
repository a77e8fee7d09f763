;
; atari.s -- the engine for the Atari 800/XL 48K with the Atari BASIC cartridge.
;
; Top file for `kotd build --target atari`: this machine's memory map and ABI
; glue around the shared engine.  docs/engine.md "Atari" explains the numbers.
;

.include "generated/atari.inc"      ; memory map (tools/kotd/build/targets.py)
.include "atari_os.inc"             ; OS locations by name
.include "equates.s"                ; constants, zero page, state block, ABI codes

.org ENGINE_BASE
.include "generated/jumptable.s"    ; must stay first: entry n at ENGINE_BASE + 3n
.include "generated/tables.s"       ; the data as tables: filling its page, QUARTER_SQUARE on the next
.include "abi_atari.s"              ; USR glue
.include "modules.s"                ; the engine itself
.include "end.s"                    ; region checks
