' The set-up screen (manual I): opponent, difficulty level of each side, random
' initiative, optional Axis depots, the game number (the seed).  The joystick moves to
' an option and FIRE changes it, or the option's number key; START or RETURN begins.
' The scenario's start state is unpacked into the state block ({target}/board.bas
' load_start_state) before NEW_GAME.

setup_screen:
    DIM level_name$(48), scenario_name$(72)
    level_name$ = "EXPERT      HISTORICAL  INTERMEDIATENOVICE      "
    scenario_name$ = "TOBRUK '41  TOBRUK '42  EL ALAMEIN  CAMPAIGN '41CAMPAIGN '42CAMPAIGN    "
    scenario = {SCENARIO_TOBRUK41}
    option = 1 : two_players = 1 : axis_level = 1 : allied_level = 1
    random_initiative = 0 : axis_depots = 0 : game_number = 1
    GOSUB @draw_setup

setup_loop:
    GOSUB @poll_setup_input
    IF setup_input = 0 THEN @setup_loop
    IF setup_input = 9 THEN @setup_done
    IF setup_input = 8 THEN GOSUB @load_game : IF loaded THEN RETURN
    IF setup_input = 10 THEN option = option - 1 + 7 * (option = 1) : GOSUB @draw_setup : GOTO @setup_loop
    IF setup_input = 11 THEN option = option + 1 - 7 * (option = 7) : GOSUB @draw_setup : GOTO @setup_loop
    IF setup_input <= 7 THEN option = setup_input
    IF option = 1 THEN two_players = 1 : GOSUB @draw_setup : PRINT "COMPUTER OPPONENT NOT AVAILABLE YET";
    IF option = 2 THEN scenario = scenario + 1 - ({SCENARIO_CAMPAIGN} + 1) * (scenario = {SCENARIO_CAMPAIGN})
    IF option = 3 THEN axis_level = axis_level + 1 - 4 * (axis_level = 3)
    IF option = 4 THEN allied_level = allied_level + 1 - 4 * (allied_level = 3)
    IF option = 5 THEN random_initiative = 1 - random_initiative
    IF option = 6 THEN axis_depots = 1 - axis_depots
    IF option = 7 THEN GOSUB @draw_setup : prompt$ = "GAME NUMBER 0-65535" : GOSUB @ask_number : game_number = answer
    IF option > 1 THEN GOSUB @draw_setup
    GOTO @setup_loop

setup_done:
    GOSUB @load_start_state
    IF start_status <> 0 THEN PRINT : PRINT "NO START STATE FOR SCENARIO ";scenario; : END
    flags = 2 * random_initiative + 4 * axis_depots
    result = ENGINE(NEW_GAME, game_number, flags, 65280 + axis_level, 65280 + allied_level, 0)
    GOSUB @check_engine_status
    IF engine_status = {E_OK} THEN RETURN
    PRINT : PRINT "NO START STATE IN MEMORY";
    END

draw_setup:
    GOSUB @clear_screen
    PRINT "KNIGHTS OF THE DESERT"
    PRINT
    PRINT
    PRINT
    PRINT "  1 OPPONENT        TWO PLAYERS"
    PRINT "  2 SCENARIO        ";scenario_name$(scenario * 12 + 1, scenario * 12 + 12)
    PRINT "  3 AXIS LEVEL      ";level_name$(axis_level * 12 + 1, axis_level * 12 + 12)
    PRINT "  4 ALLIED LEVEL    ";level_name$(allied_level * 12 + 1, allied_level * 12 + 12)
    PRINT "  5 RANDOM INITIATIVE ";
    IF random_initiative THEN PRINT "YES"
    IF random_initiative = 0 THEN PRINT "NO"
    PRINT "  6 AXIS DEPOTS     ";
    IF axis_depots THEN PRINT "YES"
    IF axis_depots = 0 THEN PRINT "NO"
    PRINT "  7 GAME NUMBER     ";game_number
    PRINT
    PRINT "STICK/FIRE OR 1-7 CHANGE; START BEGINS"
    PRINT "L LOADS A SAVED GAME"
    GOSUB @mark_option
    RETURN
