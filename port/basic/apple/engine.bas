' Calling the engine from Applesoft (docs/engine.md "Calling from Applesoft"): CALL takes
' no arguments, so they go through the call block. ENGINE(...) in a source becomes
' engine_arg1 = ... : engine_argc = n : engine_entry = {ENTRY_...} : GOSUB @engine_call,
' then the result is in engine_result.

engine_call:
    POKE {CALL_ARGC}, engine_argc
    IF engine_argc = 0 THEN @engine_call_now
    engine_word = engine_arg1 : engine_place = {CALL_ARGS} : GOSUB @engine_poke_word
    IF engine_argc = 1 THEN @engine_call_now
    engine_word = engine_arg2 : engine_place = {CALL_ARGS+2} : GOSUB @engine_poke_word
    IF engine_argc = 2 THEN @engine_call_now
    engine_word = engine_arg3 : engine_place = {CALL_ARGS+4} : GOSUB @engine_poke_word
    IF engine_argc = 3 THEN @engine_call_now
    engine_word = engine_arg4 : engine_place = {CALL_ARGS+6} : GOSUB @engine_poke_word
engine_call_now:
    CALL engine_entry
    engine_result = PEEK({CALL_RESULT}) + 256 * PEEK({CALL_RESULT+1})
    RETURN

' One argument, 0-65535, low byte then high byte.
engine_poke_word:
    POKE engine_place, engine_word - 256 * INT(engine_word / 256)
    POKE engine_place + 1, INT(engine_word / 256)
    RETURN
