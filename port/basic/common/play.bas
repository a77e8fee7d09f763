' The game's flow, the same on both machines: a loop over the engine's PHASE_INFO.
' The engine says which phase it is, which side must act and what it may do (MAY_*
' bits, docs/engine.md "Sequence of play"); this loop asks that side and makes the
' call.  It never decides the order of play and states no rule.  The screen, the map
' and the keyboard are each machine's ({target}/board.bas).

start:
    GOSUB @screen_init
    GOSUB @setup_screen
    GOSUB @clear_screen
    cursor_col = 0 : cursor_row = 0 : selected = 0 : dirty = 1

main_loop:
    may = ENGINE(PHASE_INFO)
    phase = PEEK({PHASE}) : actor = PEEK({FLOW_ACTOR})
    GOSUB @show_phase
    IF phase = {PHASE_GAME_OVER} THEN @game_over
    IF actor = {NONE} THEN @automatic_step
    bit = {MAY_DEFEND} : GOSUB @test_bit
    IF bit_set THEN GOSUB @defend_dialogue : GOTO @main_loop
    GOTO @player_turn

' A phase nobody acts in (reinforcement, supply, resupply, victory): show it, step on.
automatic_step:
    IF phase = {PHASE_VICTORY} THEN GOSUB @victory_report
    result = ENGINE(PHASE_NEXT)
    GOSUB @check_engine_status
    dirty = 1 : selected = 0
    GOTO @main_loop

' bit_set = 1 if the MAY_ bit "bit" is in "may" (BASIC has no bitwise AND).
test_bit:
    bit_set = INT(may / bit) - 2 * INT(may / (2 * bit))
    RETURN

' The side that must act: one key at a time (docs/play.md "Keys").
player_turn:
    IF dirty THEN GOSUB @draw_map : dirty = 0
    GOSUB @show_keys
    GOSUB @read_key
    GOSUB @clear_message
    IF key >= 49 AND key <= 54 THEN @key_direction
    IF key = 85 THEN @key_unit
    IF key = 66 THEN @key_fortify
    IF key = 83 THEN @key_sea_move
    IF key = 70 THEN @key_finish
    IF key = 65 THEN @key_attack
    IF key = 76 THEN @key_logistics
    IF key = 89 OR key = 78 THEN @key_choose_first
    IF key = 35 THEN @key_end_phase
    IF key = 68 THEN GOSUB @status_display : dirty = 1
    IF key = 48 THEN GOSUB @centre_cursor
    GOTO @player_turn

' 1-6: with a unit selected, move it; else move the cursor.
key_direction:
    direction = key - 48
    bit = {MAY_MOVE} : GOSUB @test_bit
    IF selected = 0 OR bit_set = 0 THEN @move_cursor
    result = ENGINE(MOVE, selected, direction)
    GOSUB @check_engine_status
    IF engine_status = {E_OK} THEN GOSUB @unit_to_cursor : dirty = 1 : GOSUB @show_unit
    GOTO @main_loop

move_cursor:
    result = ENGINE(HEX_NEIGHBOUR, cursor_col, cursor_row, direction)
    IF result = {HEX_NONE} THEN @player_turn
    old_col = cursor_col : old_row = cursor_row
    cursor_row = INT(result / 256) : cursor_col = result - 256 * cursor_row
    GOSUB @move_cursor_mark
    GOSUB @show_hex_units
    GOTO @player_turn

' U: choose a unit by number (in a limited reaction: access it).
key_unit:
    prompt$ = "UNIT NUMBER" : GOSUB @ask_number
    IF answer < 1 OR answer > {UNIT_COUNT} THEN @player_turn
    bit = {MAY_ACCESS} : GOSUB @test_bit
    IF bit_set THEN result = ENGINE(ACCESS, answer) : GOSUB @check_engine_status : IF engine_status <> {E_OK} THEN @main_loop
    selected = answer
    IF PEEK({U_STATUS} + selected - 1) = {STATUS_ON_MAP} THEN GOSUB @unit_to_cursor : dirty = 1
    GOSUB @show_unit
    GOTO @main_loop

unit_to_cursor:
    cursor_col = PEEK({U_COL} + selected - 1) : cursor_row = PEEK({U_ROW} + selected - 1)
    RETURN

key_fortify:
    IF selected = 0 THEN @player_turn
    result = ENGINE(FORTIFY, selected)
    GOSUB @check_engine_status : GOSUB @show_unit
    GOTO @main_loop

key_sea_move:
    IF selected = 0 THEN @player_turn
    result = ENGINE(SEA_MOVE, selected)
    GOSUB @check_engine_status
    IF engine_status = {E_OK} THEN GOSUB @unit_to_cursor : dirty = 1 : GOSUB @show_unit
    GOTO @main_loop

' F: finish with the unit (in a limited reaction the engine may let another go).
key_finish:
    bit = {MAY_FINISH_UNIT} : GOSUB @test_bit
    IF bit_set THEN result = ENGINE(FINISH_UNIT) : GOSUB @check_engine_status
    selected = 0
    GOTO @main_loop

key_choose_first:
    bit = {MAY_CHOOSE_FIRST} : GOSUB @test_bit
    IF bit_set = 0 THEN @player_turn
    result = ENGINE(CHOOSE_FIRST, key = 89)
    GOSUB @check_engine_status
    GOTO @main_loop

' # (shift-3): end the phase, or the limited reaction.
key_end_phase:
    selected = 0
    bit = {MAY_END_REACTION} : GOSUB @test_bit
    IF bit_set THEN result = ENGINE(END_REACTION) : GOSUB @check_engine_status : GOTO @main_loop
    bit = {MAY_STEP} : GOSUB @test_bit
    IF bit_set = 0 THEN @player_turn
    result = ENGINE(PHASE_NEXT)
    GOSUB @check_engine_status
    dirty = 1
    GOTO @main_loop

' L: a unit's logistics: its maxima first, then the three digits.
key_logistics:
    bit = {MAY_LOGISTICS} : GOSUB @test_bit
    IF bit_set = 0 THEN @player_turn
    prompt$ = "LOGISTICS FOR UNIT" : GOSUB @ask_number
    unit = answer
    result = ENGINE(LOGISTICS_MAX, unit)
    GOSUB @check_engine_status
    IF engine_status <> {E_OK} THEN @main_loop
    GOSUB @clear_message
    PRINT "MAX REPL ";PEEK({LOGISTICS_MAX_LO}) + 256 * PEEK({LOGISTICS_MAX_HI});" SUPPLY ";PEEK({LOGISTICS_MAX_LO+1}) + 256 * PEEK({LOGISTICS_MAX_HI+1});
    prompt$ = "REPLACEMENTS 0-9" : GOSUB @ask_number : digit_r = answer
    prompt$ = "SUPPLY 0-9" : GOSUB @ask_number : digit_s = answer
    prompt$ = "PRIORITY 0-9" : GOSUB @ask_number : digit_p = answer
    result = ENGINE(LOGISTICS, unit, digit_r, digit_s, digit_p)
    GOSUB @check_engine_status
    IF engine_status = {E_OK} THEN GOSUB @clear_message : PRINT "UNIT ";unit;" +";result;" STRENGTH";
    GOTO @main_loop

' The victory phase: the score so far (the engine counted the points on entering it).
victory_report:
    score = ENGINE(SCORE)
    GOSUB @clear_message
    PRINT "VICTORY PHASE: SCORE ";score - 32768;
    RETURN

game_over:
    GOSUB @draw_map
    GOSUB @clear_message
    level = PEEK({LEVEL}) : winner = PEEK({WINNER})
    PRINT "GAME OVER: ";
    IF winner = {SIDE_AXIS} THEN PRINT "AXIS ";
    IF winner = {SIDE_ALLIED} THEN PRINT "ALLIED ";
    IF level <> {NONE} THEN PRINT "VICTORY LEVEL ";level;
    END
