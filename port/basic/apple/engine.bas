' Calling the engine from Applesoft (docs/engine.md "Calling from Applesoft"): CALL passes
' no arguments, so they go through the call block. The toolchain turns
'     distance = ENGINE(HEX_DISTANCE, c1, r1, c2, r2)
' into
'     engine_arg(1) = c1 : ... : engine_argc = 4 : engine_entry = {ENTRY_HEX_DISTANCE}
'     GOSUB @engine_call : distance = engine_result
' (docs/basic.md). engine_arg( holds up to 10 arguments without a DIM; an entry takes at
' most 8 (MAX_ARGS of tools/kotd/build/stateblock.py).

' Entries whose arguments are all bytes are called without this: a POKE of each byte
' and a 0, then CALL (tools/kotd/basic/source.py BYTE_ARGUMENTS; docs/basic.md).

engine_call:
    POKE {CALL_ARGC}, engine_argc : engine_i = 0
' Argument engine_i, 0-65535, low byte then high byte; one under 256 without the
' division (Applesoft's FDIV and FMULT are its slowest: most arguments are small).
engine_next_argument:
    IF engine_i = engine_argc THEN CALL engine_entry : engine_result = PEEK({CALL_RESULT}) + 256 * PEEK({CALL_RESULT+1}) : RETURN
    engine_i = engine_i + 1 : engine_word = engine_arg(engine_i) : engine_at = {CALL_ARGS} + engine_i + engine_i - 2
    IF engine_word < 256 THEN POKE engine_at, engine_word : POKE engine_at + 1, 0 : GOTO @engine_next_argument
    engine_high = INT(engine_word / 256) : POKE engine_at, engine_word - 256 * engine_high : POKE engine_at + 1, engine_high : GOTO @engine_next_argument
