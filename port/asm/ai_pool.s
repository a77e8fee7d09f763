;
; ai_pool.s -- the cost field's list entries (ai_field.s), 1..FIELD_POOL (0: the
; end of a list): RAM only, in a file of its own so that kotd.build.opponent places
; it apart from the field's other RAM (on the Apple no run of RAM holds both).
;
.data
POOL_COL:                           ; the hex's column
.org ^+[FIELD_POOL+1]
POOL_ROW:                           ; its row
.org ^+[FIELD_POOL+1]
POOL_NEXT:                          ; the next entry of its list
.org ^+[FIELD_POOL+1]
.text
