' After an engine call: a refusal is shown on the message row with the engine's code
' (docs/engine.md "Results and error codes"); the game state is unchanged.

check_engine_status:
    engine_status = PEEK({CALL_STATUS})
    IF engine_status = {E_OK} THEN RETURN
    GOSUB @clear_message
    PRINT "NOT ALLOWED (ENGINE CODE ";engine_status;")";
    RETURN
