' The game's flow, the same on both machines: a loop over the engine's PHASE_INFO.
' The engine says which phase it is, which side must act and what it may do (MAY_*
' bits, docs/engine.md "Sequence of play"); this loop asks that side with the keys of
' manual VIII and makes the call.  It never decides the order of play and states no
' rule: a refused call is shown with the engine's code.  The screen, the map and the
' keyboard are each machine's ({target}/board.bas).  A side the computer runs is
' played by the opponent's code (common/computer.bas).
'
' Operations have three modes (manual VIII): 0 cursor (1-6 T B G 0 # D), 1 the unit
' list of the cursor's hex (1-6 pick, F back), 2 a unit (1-6 move or attack, B S F).

start:
    GOSUB @screen_init
    GOSUB @setup_screen
begin_game:
    GOSUB @clear_screen
    ' The sides the computer plays, as the game's state says (a saved game keeps them);
    ' without the opponent's code (a 48 KB machine) the humans play them.  OPPONENT_PLAY
    ' with no side first: a new game, the player forgets the last (docs/ai.md).
    computer_sides = 0 : GOSUB @opponent_play
    computer_sides = (PEEK({OPT_COMPUTER_AXIS}) + 2 * PEEK({OPT_COMPUTER_ALLIED})) * (PEEK({OPPONENT_READY}) = 1)
    cursor_col = {HOME_AXIS_COL} : cursor_row = {HOME_AXIS_ROW}
    selected = 0 : mode = 0 : dirty = 1 : last_phase = -1 : last_actor = -1

main_loop:
    may = ENGINE(PHASE_INFO)
    phase = PEEK({PHASE}) : actor = PEEK({FLOW_ACTOR})
    GOSUB @show_phase
    IF phase <> last_phase OR actor <> last_actor THEN GOSUB @new_turn_of_play
    IF phase = {PHASE_GAME_OVER} THEN @game_over
    IF actor = {NONE} THEN @automatic_step
    IF computer_sides = 3 OR computer_sides = actor + 1 THEN @computer_turn
    bit = {MAY_DEFEND} : GOSUB @test_bit
    IF bit_set THEN GOSUB @defend_dialogue : GOTO @main_loop
    IF dirty THEN GOSUB @draw_map : dirty = 0
    bit = {MAY_LOGISTICS} : GOSUB @test_bit
    IF bit_set THEN @logistics_turn
    bit = {MAY_CHOOSE_FIRST} : GOSUB @test_bit
    IF bit_set THEN @initiative_turn
    GOTO @operations_turn

' Another phase or another side to act: back to cursor mode.
new_turn_of_play:
    last_phase = phase : last_actor = actor
    mode = 0 : selected = 0 : dirty = 1 : logistics_unit = -1
    GOSUB @show_unit
    RETURN

' A phase nobody acts in (reinforcement, supply, resupply, victory): step on.  After
' the victory phase the turn is over: the save offer.
automatic_step:
    IF phase = {PHASE_VICTORY} THEN GOSUB @victory_report
    IF phase = {PHASE_VICTORY} OR phase = {PHASE_SETUP} THEN GOSUB @count_on_map : before_step = on_map
    result = ENGINE(PHASE_NEXT)
    GOSUB @check_engine_status
    IF phase = {PHASE_VICTORY} AND PEEK({PHASE}) <> {PHASE_GAME_OVER} THEN GOSUB @save_offer
    IF PEEK({PHASE}) = {PHASE_REINFORCEMENT} THEN GOSUB @reinforcement_report
    ' The Desert Rats (the engine checked them on entering logistics: DESERT_RATS_LOST is 0,
    ' or 1 + the Axis depots eliminated), on the last row, below a reinforcement report.
    ' One line: every line here slows each GOTO and GOSUB to the lines after it.
    IF PEEK({PHASE}) = {PHASE_LOGISTICS} AND PEEK({DESERT_RATS_LOST}) THEN GOSUB @clear_last_row : PRINT "DESERT RATS STRIKE: ";PEEK({DESERT_RATS_LOST}) - 1;" DEPOTS LOST";
    GOTO @main_loop

' The reinforcement phase's arrivals (the engine placed them on entering it): the units
' on the map now that were not before the step.
reinforcement_report:
    GOSUB @count_on_map
    IF on_map <= before_step THEN RETURN
    GOSUB @clear_message
    PRINT "REINFORCEMENTS: ";on_map - before_step;" UNITS ARRIVED";
    RETURN

count_on_map:
    on_map = 0
    FOR unit = 1 TO {UNIT_COUNT}
        on_map = on_map + (PEEK({U_STATUS-1} + unit) = {STATUS_ON_MAP})
    NEXT unit
    RETURN

' --- logistics (manual VIII): the side's units in unit order; R allocates, F skips ---

logistics_turn:
    IF logistics_unit < 0 THEN from_unit = 0 : GOSUB @find_logistics_unit
    selected = logistics_unit : GOSUB @show_unit
    keys$ = "R READY F NEXT UNIT # END PHASE D" : GOSUB @show_keys
    GOSUB @read_key
    GOSUB @wipe_messages
    IF key = 68 THEN GOSUB @status_display : GOTO @logistics_turn
    IF key = 35 THEN @end_phase
    IF logistics_unit = 0 THEN @logistics_turn
    from_unit = logistics_unit
    IF key = 70 THEN GOSUB @find_logistics_unit : GOTO @logistics_turn
    IF key <> 82 THEN @logistics_turn
    result = ENGINE(LOGISTICS_MAX, logistics_unit)
    GOSUB @check_engine_status
    IF engine_status THEN @main_loop
    PRINT "MAX REPL ";PEEK({LOGISTICS_MAX_LO}) + 256 * PEEK({LOGISTICS_MAX_HI});" SUPPLY ";PEEK({LOGISTICS_MAX_LO+1}) + 256 * PEEK({LOGISTICS_MAX_HI+1});
    prompt$ = "REPLACEMENTS 0-9" : digit_low = 0 : GOSUB @ask_digit : digit_r = digit
    prompt$ = "SUPPLY 0-9" : GOSUB @ask_digit : digit_s = digit
    prompt$ = "RESUPPLY 0-9" : GOSUB @ask_digit : digit_p = digit
    result = ENGINE(LOGISTICS, logistics_unit, digit_r, digit_s, digit_p)
    GOSUB @check_engine_status
    IF engine_status THEN @main_loop
    GOSUB @clear_message : PRINT "UNIT ";logistics_unit;" +";result;" STRENGTH";
    GOSUB @find_logistics_unit
    dirty = 1
    GOTO @main_loop

' The acting side's next unit on the map after from_unit (and after the last one given
' logistics), round again from the first; logistics_unit = 0 when none is left.
find_logistics_unit:
    after = PEEK({LOGISTICS_LAST})
    IF from_unit > after THEN after = from_unit
    logistics_unit = ENGINE(FIND_UNIT, after, actor, {ANY_COL}, 0)
    IF logistics_unit = 0 THEN logistics_unit = ENGINE(FIND_UNIT, PEEK({LOGISTICS_LAST}), actor, {ANY_COL}, 0)
    RETURN

' --- initiative ---

initiative_turn:
    keys$ = "MOVE FIRST? Y/N  # END PHASE  D" : GOSUB @show_keys
    GOSUB @read_key
    IF key = 68 THEN GOSUB @status_display : GOTO @initiative_turn
    IF key = 35 THEN @end_phase
    IF key <> 89 AND key <> 78 THEN @initiative_turn
    result = ENGINE(CHOOSE_FIRST, key = 89)
    GOSUB @check_engine_status
    GOTO @main_loop

' --- operations, depot movement, enemy reaction, limited reaction ---

operations_turn:
    IF mode = 0 THEN keys$ = "1-6 T B G 0 MOVE CURSOR  # END  D R" : GOSUB @show_keys
    IF mode = 1 THEN keys$ = "1-6 PICK A UNIT  F BACK" : GOSUB @show_keys
    IF mode = 2 THEN keys$ = "1-6 MOVE/ATTACK B FORT S SEA F DONE" : GOSUB @show_keys
    GOSUB @read_key
    GOSUB @wipe_messages
    IF key = 68 THEN GOSUB @status_display : GOTO @operations_turn
    IF key = 35 THEN @end_phase
    IF key = 82 THEN GOSUB @hide_units : GOTO @operations_turn
    IF key = 70 AND mode = 0 THEN @finish_unit
    IF mode = 1 THEN @pick_unit
    IF mode = 2 THEN @unit_key
    IF key >= 49 AND key <= 54 THEN direction = key - 48 : GOTO @move_cursor
    IF key = 84 THEN new_col = {TOBRUK_COL} : new_row = {TOBRUK_ROW} : GOTO @jump_cursor
    IF key = 66 AND actor = {SIDE_AXIS} THEN new_col = {HOME_AXIS_COL} : new_row = {HOME_AXIS_ROW} : GOTO @jump_cursor
    IF key = 66 THEN new_col = {HOME_ALLIED_COL} : new_row = {HOME_ALLIED_ROW} : GOTO @jump_cursor
    IF key = 48 THEN new_col = INT({MAP_COLS} / 2) : new_row = INT({MAP_ROWS} / 2) : GOTO @jump_cursor
    IF key = 71 THEN @get_units
    GOTO @operations_turn

move_cursor:
    result = ENGINE(HEX_NEIGHBOUR, cursor_col, cursor_row, direction)
    IF result = {HEX_NONE} THEN @operations_turn
    new_row = INT(result / 256) : new_col = result - 256 * new_row
jump_cursor:
    cursor_col = new_col : cursor_row = new_row
    GOSUB @move_cursor_mark
    GOTO @operations_turn

' G: the acting side's units in the cursor's hex, numbered 1-6 for the pick.  The keys
' first: the search walks every unit (on the Atari up to half a second).
get_units:
    keys$ = "1-6 PICK A UNIT  F BACK" : GOSUB @show_keys
    GOSUB @list_own_units
    IF list_count = 0 THEN GOSUB @clear_message : PRINT "NO UNITS OF YOURS HERE"; : GOTO @operations_turn
    mode = 1
    GOTO @operations_turn

list_own_units:
    list_count = 0 : unit = 0
    GOSUB @clear_message
next_listed_unit:
    unit = ENGINE(FIND_UNIT, unit, actor, cursor_col, cursor_row)
    IF unit = 0 OR list_count = 6 THEN RETURN
    list_count = list_count + 1 : list_unit(list_count) = unit : PRINT list_count;":UNIT ";unit;"  ";
    GOTO @next_listed_unit

' Mode 1: pick the unit (in a limited reaction this accesses it).
pick_unit:
    IF key = 70 THEN mode = 0 : GOTO @operations_turn
    IF key < 49 OR key > 48 + list_count THEN @operations_turn
    unit = list_unit(key - 48)
    bit = {MAY_ACCESS} : GOSUB @test_bit
    IF bit_set THEN result = ENGINE(ACCESS, unit) : GOSUB @check_engine_status : IF engine_status THEN mode = 0 : GOTO @main_loop
    selected = unit : mode = 2
    GOSUB @show_unit
    GOTO @main_loop

' Mode 2: the selected unit.
unit_key:
    IF key = 70 THEN @finish_unit
    IF key = 66 THEN result = ENGINE(FORTIFY, selected) : GOSUB @check_engine_status : GOSUB @show_unit : GOTO @main_loop
    IF key = 83 THEN @sea_move
    IF key < 49 OR key > 54 THEN @operations_turn
    direction = key - 48
    from_col = PEEK({U_COL-1} + selected) : from_row = PEEK({U_ROW-1} + selected)
    result = ENGINE(HEX_NEIGHBOUR, from_col, from_row, direction)
    IF result = {HEX_NONE} THEN GOSUB @clear_message : PRINT "OFF THE MAP"; : GOTO @operations_turn
    target_row = INT(result / 256) : target_col = result - 256 * target_row
    ' The move first: the engine refuses it with E_ENEMY where enemy units hold the hex,
    ' and the move is an attack (manual VIII).  Three refusals come before E_ENEMY and
    ' say nothing of the hex: a garrison never moves, a depot moves only in its phase, in
    ' limited reaction only the accessed unit acts; each may still attack (a depot with
    ' the units of its hex), so for them the hex is searched for an enemy unit.
    result = ENGINE(MOVE, selected, direction)
    engine_status = PEEK({CALL_STATUS})
    IF engine_status = {E_ENEMY} THEN @attack_dialogue
    IF engine_status <> {E_GARRISON} AND engine_status <> {E_DEPOT} AND engine_status <> {E_REACTION} THEN @moved
    enemy = ENGINE(FIND_UNIT, 0, 1 - actor, target_col, target_row)
    IF enemy THEN @attack_dialogue
moved:
    GOSUB @check_engine_status
    IF NOT engine_status THEN GOSUB @follow_unit
    GOSUB @show_unit
    GOTO @main_loop

sea_move:
    result = ENGINE(SEA_MOVE, selected)
    GOSUB @check_engine_status
    IF NOT engine_status THEN GOSUB @follow_unit
    GOSUB @show_unit
    GOTO @main_loop

' The cursor goes with the unit; the map is redrawn.
follow_unit:
    cursor_col = PEEK({U_COL-1} + selected) : cursor_row = PEEK({U_ROW-1} + selected)
    dirty = 1
    RETURN

' F: done with the unit (in a limited reaction the engine may let another go).
finish_unit:
    bit = {MAY_FINISH_UNIT} : GOSUB @test_bit
    IF bit_set THEN result = ENGINE(FINISH_UNIT) : GOSUB @check_engine_status
    selected = 0 : mode = 0
    GOSUB @show_unit
    GOTO @main_loop

' # (shift-3): end the limited reaction, or the phase.
end_phase:
    bit = {MAY_END_REACTION} : GOSUB @test_bit
    IF bit_set THEN result = ENGINE(END_REACTION) : GOSUB @check_engine_status : GOTO @main_loop
    bit = {MAY_STEP} : GOSUB @test_bit
    IF bit_set = 0 THEN @main_loop
    result = ENGINE(PHASE_NEXT)
    GOSUB @check_engine_status
    GOTO @main_loop

' --- the turn's end and the game's ---

' The victory phase: the score so far (the engine counted the points on entering it).
victory_report:
    score = ENGINE(SCORE)
    GOSUB @clear_message
    PRINT "END OF TURN: SCORE ";score - 32768;
    RETURN

game_over:
    GOSUB @draw_map
    keys$ = "" : GOSUB @show_keys
    GOSUB @clear_message
    level = PEEK({LEVEL}) : winner = PEEK({WINNER})
    score = ENGINE(SCORE)
    PRINT "GAME OVER  SCORE ";score - 32768
    IF level <> {NONE} THEN PRINT "VICTORY: "; : GOSUB @print_victory_name
    ' The demonstration goes on by itself, as at a show: the result stays on the screen a
    ' while ({target}/board.bas end_pause), then the next game number (65535's next is
    ' 0) of the scenario that ended, set up as the set-up screen last showed.  A game of
    ' humans ends here.
    IF computer_sides = 3 THEN GOSUB @end_pause : scenario = PEEK({SCENARIO}) : game_number = (game_number + 1) * (game_number < 65535) : GOSUB @setup_done : GOTO @begin_game
    END
