' Calling the engine from Applesoft (docs/engine.md "Calling from Applesoft"): CALL passes
' no arguments, so they go through the call block. The toolchain turns
'     distance = ENGINE(HEX_DISTANCE, c1, r1, c2, r2)
' into
'     engine_arg(1) = c1 : ... : engine_argc = 4 : engine_entry = {ENTRY_HEX_DISTANCE}
'     GOSUB @engine_call : distance = engine_result
' (docs/basic.md). engine_arg( holds up to 10 arguments without a DIM; an entry takes at
' most 8 (MAX_ARGS of tools/kotd/build/stateblock.py).

engine_call:
    POKE {CALL_ARGC}, engine_argc
    IF engine_argc = 0 THEN @engine_call_now
    FOR engine_i = 1 TO engine_argc : GOSUB @engine_poke_argument : NEXT engine_i
engine_call_now:
    CALL engine_entry
    engine_result = PEEK({CALL_RESULT}) + 256 * PEEK({CALL_RESULT+1})
    RETURN

' Argument engine_i, 0-65535, low byte then high byte.
engine_poke_argument:
    engine_word = engine_arg(engine_i)
    engine_high = INT(engine_word / 256)
    POKE {CALL_ARGS} + 2 * engine_i - 2, engine_word - 256 * engine_high
    POKE {CALL_ARGS} + 2 * engine_i - 1, engine_high
    RETURN
