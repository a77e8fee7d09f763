' After an engine call: the status it left in the call block (docs/engine.md).

check_engine_status:
    engine_status = PEEK({CALL_STATUS})
    IF engine_status = {E_OK} THEN RETURN
    PRINT "ENGINE ERROR ";engine_status;
    IF engine_status = {E_DIRECTION} THEN PRINT " (NO SUCH DIRECTION)";
    PRINT
    RETURN
