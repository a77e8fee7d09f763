' The set-up screen (manual I): the opponent (two players, or the computer playing the
' Axis, the Allies or both: computer_sides, OPPONENT_PLAY's sides, common/computer.bas),
' difficulty level of each side, random initiative, optional Axis depots, the game
' number (the seed).  The joystick moves to
' an option and FIRE changes it, or the option's number key; START or RETURN begins.
' The scenario's start state is loaded into the state block ({target}/board.bas
' load_start_state) before NEW_GAME.

setup_screen:
    DIM rating_digit(10) : GOSUB @dim_setup_names
    level_name$ = "EXPERT      HISTORICAL  INTERMEDIATENOVICE      RATINGS     "
    scenario_name$ = "TOBRUK '41  TOBRUK '42  EL ALAMEIN  CAMPAIGN '41CAMPAIGN '42CAMPAIGN    "
    scenario = {SCENARIO_TOBRUK41}
    option = 1 : old_option = 1 : axis_level = 1 : allied_level = 1
    random_initiative = 0 : axis_depots = 0 : game_number = 1
    FOR digit = 1 TO 10 : rating_digit(digit) = 0 : NEXT digit
    GOSUB @draw_setup

setup_loop:
    GOSUB @poll_setup_input
    IF setup_input = 0 THEN @setup_loop
    IF setup_input = 9 THEN @setup_done
    IF setup_input = 8 THEN GOSUB @load_game : IF loaded THEN RETURN
    old_option = option
    IF setup_input = 10 THEN option = option - 1 + 7 * (option = 1) : GOSUB @mark_option : GOTO @setup_loop
    IF setup_input = 11 THEN option = option + 1 - 7 * (option = 7) : GOSUB @mark_option : GOTO @setup_loop
    IF setup_input <= 7 THEN option = setup_input : IF option <> old_option THEN GOSUB @mark_option
    ' The opponent: two players, the computer playing the Axis, the Allies, both; two
    ' players without it (OPPONENT_READY 1: the boot loaded it on 64 KB; 0: no RAM for it).
    IF option = 1 THEN computer_sides = (computer_sides + 1 - 4 * (computer_sides = 3)) * (PEEK({OPPONENT_READY}) = 1)
    IF option = 1 AND PEEK({OPPONENT_READY}) = 0 THEN GOSUB @setup_message : PRINT "THE COMPUTER NEEDS 64 KB";
    IF option = 2 THEN scenario = scenario + 1 - ({SCENARIO_CAMPAIGN} + 1) * (scenario = {SCENARIO_CAMPAIGN})
    IF option = 3 THEN axis_level = axis_level + 1 - 5 * (axis_level = 4) : side = 0
    IF option = 4 THEN allied_level = allied_level + 1 - 5 * (allied_level = 4) : side = 1
    IF option = 3 AND axis_level = 4 THEN GOSUB @ask_ratings
    IF option = 4 AND allied_level = 4 THEN GOSUB @ask_ratings
    IF option = 5 THEN random_initiative = 1 - random_initiative
    IF option = 6 THEN axis_depots = 1 - axis_depots
    IF option = 7 THEN GOSUB @setup_message : prompt$ = "GAME NUMBER 0-65535" : GOSUB @ask_number : game_number = answer
    option_line = option : GOSUB @draw_option
    GOTO @setup_loop

' A side's own ratings (manual II): combat, replacements, supply, air and
' reinforcements, each a digit 0-9, into rating_digit(5 * side + 1..5).
ask_ratings:
    GOSUB @setup_message
    PRINT "COMBAT REPL SUPPLY AIR REINFORCEMENTS:";
    FOR rating = 1 TO 5
        prompt$ = "RATING 0-9" : digit_low = 0 : GOSUB @ask_digit
        rating_digit(5 * side + rating) = digit
    NEXT rating
    GOSUB @setup_message
    RETURN

setup_done:
    GOSUB @setup_message : PRINT "STARTING THE GAME...";
    GOSUB @load_start_state
    IF start_status <> 0 THEN GOSUB @setup_message : PRINT "START STATE NOT LOADED (DISK STATUS ";start_status;")"; : END
    flags = (computer_sides > 1) + 2 * random_initiative + 4 * axis_depots + 8 * (computer_sides = 1 OR computer_sides = 3)
    ' Each side: its level ($FF00 + the level), or its four ratings as hex digits.
    side = 0 : level = axis_level : GOSUB @rating_argument : axis_ratings = rating_argument
    side = 1 : level = allied_level : GOSUB @rating_argument : allied_ratings = rating_argument
    reinforcements = rating_digit(5) + 16 * rating_digit(10)
    result = ENGINE(NEW_GAME, game_number, flags, axis_ratings, allied_ratings, reinforcements)
    GOSUB @check_engine_status
    IF NOT engine_status THEN RETURN
    GOSUB @setup_message : PRINT "NEW GAME REFUSED (ENGINE CODE ";engine_status;")";
    END


rating_argument:
    rating_argument = 65280 + level
    IF level < 4 THEN RETURN
    base = 5 * side
    rating_argument = rating_digit(base + 1) + 16 * rating_digit(base + 2) + 256 * rating_digit(base + 3) + 4096 * rating_digit(base + 4)
    RETURN

draw_setup:
    GOSUB @clear_screen
    PRINT "KNIGHTS OF THE DESERT"
    FOR option_line = 1 TO 7
        GOSUB @draw_option
    NEXT option_line
    GOSUB @setup_row : PRINT : PRINT
    GOSUB @print_setup_keys
    PRINT "L LOADS A SAVED GAME"
    GOSUB @mark_option
    RETURN

' One option's line (option_line), written over the old one.
draw_option:
    GOSUB @setup_row
    IF option_line = 1 THEN PRINT "  1 OPPONENT        "; : GOSUB @print_opponent
    IF option_line = 2 THEN PRINT "  2 SCENARIO        "; : GOSUB @print_scenario_name : PRINT
    IF option_line = 3 THEN level = axis_level : side = 0 : PRINT "  3 AXIS LEVEL      "; : GOSUB @print_level
    IF option_line = 4 THEN level = allied_level : side = 1 : PRINT "  4 ALLIED LEVEL    "; : GOSUB @print_level
    IF option_line = 5 THEN PRINT "  5 RANDOM INITIATIVE ";
    IF option_line = 5 AND random_initiative THEN PRINT "YES"
    IF option_line = 5 AND random_initiative = 0 THEN PRINT "NO "
    IF option_line = 6 THEN PRINT "  6 AXIS DEPOTS     ";
    IF option_line = 6 AND axis_depots THEN PRINT "YES"
    IF option_line = 6 AND axis_depots = 0 THEN PRINT "NO "
    IF option_line = 7 THEN PRINT "  7 GAME NUMBER     ";game_number;"     "
    RETURN

' What the computer plays (computer_sides: 1 the Axis, 2 the Allies, 3 both).
print_opponent:
    IF computer_sides = 0 THEN PRINT "TWO PLAYERS    " : RETURN
    PRINT "COMPUTER ";
    IF computer_sides = 1 THEN PRINT "AXIS  " : RETURN
    IF computer_sides = 2 THEN PRINT "ALLIES" : RETURN
    PRINT "BOTH  " : RETURN

print_level:
    GOSUB @print_level_name
    IF level < 4 THEN PRINT "     " : RETURN
    FOR rating = 1 TO 5
        PRINT rating_digit(5 * side + rating);
    NEXT rating
    PRINT
    RETURN
