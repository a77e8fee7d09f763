;
; end.s -- the assembler's own checks that everything fits the target's regions.
;
; An overflow stops the build here with the file and line of the failed check.
;

engine_end:
.checkpc ENGINE_BASE+ENGINE_CEILING ; code + tables within ENGINE_CEILING (kotd bench reports ENGINE_BUDGET)
.checkpc ENGINE_LAST+1              ; and within the engine region

.data
.org SCRATCH_END
.checkpc STATE_LAST+1               ; state block + scratch within the state region
.text
