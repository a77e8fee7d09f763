' After an engine call: a refusal is shown on the message row with the engine's code
' (docs/engine.md "Results and error codes"); the game state is unchanged.  E_OK is 0:
' the flow tests "IF engine_status" for a refusal, "IF NOT engine_status" for success
' (a constant costs Atari BASIC 7 bytes a use).

check_engine_status:
    engine_status = PEEK({CALL_STATUS})
    IF NOT engine_status THEN RETURN
    GOSUB @clear_message
    PRINT "NOT ALLOWED (ENGINE CODE ";engine_status;")";
    RETURN
