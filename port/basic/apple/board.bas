' The Apple's screen and keys.  Hi-res page 2 is the whole screen: the display code
' (port/asm/apple_frontend.s, DISPLAY_INIT) draws every character PRINT writes there as a
' cell of a 40 x 24 grid, and the map (DRAW_MAP) on rows 1-14 with the cursor hex's units
' on row 15, as on the Atari: the phase on row 0, the selected unit on rows 17-18, the
' keys on row 19, the status display and messages on rows 20-23.  VTAB and HTAB count
' from 1: row r is VTAB r + 1.  Keys: GET, lower case folded to upper case (a IIe with
' caps lock off types as a II+).

' Applesoft finds a variable by searching its table from the first one made: the ones
' used most in play (measured in the runner over a recorded game) are made first.
screen_init:
    ' The call block's addresses the byte-argument engine calls use (docs/basic.md "ENGINE").
    call_arg1 = {CALL_ARGS} : call_arg2 = {CALL_ARGS+2} : call_argc = {CALL_ARGC} : call_result = {CALL_RESULT} : call_result_hi = {CALL_RESULT+1} : call_arg3 = {CALL_ARGS+4} : call_arg4 = {CALL_ARGS+6}
    unit = 0 : engine_i = 0 : engine_argc = 0 : engine_word = 0 : engine_at = 0 : engine_entry = 0 : engine_result = 0 : bit_set = 0 : bit = 0 : may = 0 : actor = 0 : key = 0 : enemy = 0
    target_col = 0 : target_row = 0 : mode = 0 : selected = 0 : cursor_col = 0 : cursor_row = 0 : phase = 0 : result = 0 : messages_shown = 0 : digit = 0 : digit_low = 0 : turn_index = 0 : key$ = "" : keys$ = ""
    ENGINE(DISPLAY_INIT)
    ' One engine call first: its return leaves the arguments' high bytes 0, which every
    ' later call of byte arguments relies on (it POKEs only the low bytes; docs/basic.md).
    ENGINE(ENGINE_INFO)
    DIM list_unit(6)
    victory_name$ = "ALLIED STRATEGIC  ALLIED TACTICAL   ALLIED MARGINAL   AXIS MARGINAL     AXIS TACTICAL     AXIS STRATEGIC    "
    ' The terrains a unit can stand on, by their codes 1-6 (data/terrain.yaml), 8 characters
    ' each: the unit display reads its hex's code in MAP_TERRAIN (a byte a hex, row by row).
    terrain_name$ = "CLEAR   ROUGH   FORTRESSTOWN    MOUNTAINCOAST   "
    phase_name$ = "SET-UP    REINFORCE SUPPLY    LOGISTICS INITIATIVEB1 OPS    B2 RESUPPLB3 DEPOTS B4 REACT  B5 OPS    B6 RESUPPLB7 DEPOTS C1 OPS    C2 RESUPPLC3 DEPOTS C4 REACT  C5 OPS    C6 RESUPPLC7 DEPOTS VICTORY   GAME OVER "
    GOSUB @clear_screen : RETURN

' HOME would clear the text page, which is not shown: the display code clears the rows.
clear_screen:
    ENGINE(CLEAR_ROWS, 0, 24) : VTAB 1 : HTAB 1 : RETURN

' The map with the units (a stack marked), the cursor's hex marked; the cursor's column
' and row at the right.
draw_map:
move_cursor_mark:
    ENGINE(DRAW_MAP, cursor_col, cursor_row)
    VTAB 2 : HTAB 37 : PRINT cursor_col;" ";
    VTAB 3 : HTAB 37 : PRINT cursor_row;" "; : RETURN

' The selected unit (manual IV.A.1, the unit display): its name (row 16, drawn by the
' display code, which leaves the cursor after it), the terrain of its hex from column 22
' and, from column 30, NO SUPPLY when the engine's last trace left it so (the Atari's column
' 31 would fill the row, and PRINT would go on to the next); its number, side and type,
' its strength as the engine shows it (solitaire noise on computer-run units) over its
' ceiling, morale; operation points, supply, fortification level.
show_unit:
    ENGINE(CLEAR_ROWS, 16, 3)
    IF selected = 0 THEN VTAB 18 : HTAB 1 : RETURN
    ENGINE(DRAW_UNIT_NAME, selected) : HTAB 23 : PRINT MID$(terrain_name$, 8 * PEEK({MAP_TERRAIN} + PEEK({U_COL-1} + selected) + {MAP_COLS} * PEEK({U_ROW-1} + selected)) - 7, 8); : IF PEEK({U_SUPPLIED-1} + selected) = 0 THEN HTAB 31 : PRINT "NO SUPPLY";
    strength = ENGINE(DISPLAY_STRENGTH, selected)
    PRINT : PRINT "UNIT ";selected;
    IF PEEK({UNIT_SIDE-1} + selected) = {SIDE_AXIS} THEN PRINT " AXIS";
    IF PEEK({UNIT_SIDE-1} + selected) = {SIDE_ALLIED} THEN PRINT " ALLIED";
    IF PEEK({UNIT_TYPE-1} + selected) = {TYPE_MOBILE} THEN PRINT " MOBILE";
    IF PEEK({UNIT_TYPE-1} + selected) = {TYPE_NONMOBILE} THEN PRINT " NON-MOBILE";
    PRINT " STR ";strength;"/";PEEK({U_CEIL_LO-1} + selected) + 256 * PEEK({U_CEIL_HI-1} + selected);
    VTAB 19 : HTAB 1 : PRINT "MORALE ";PEEK({UNIT_MORALE-1} + selected);" OP ";PEEK({U_OP-1} + selected);
    PRINT " SUPPLY ";PEEK({U_SUPPLY_LO-1} + selected) + 256 * PEEK({U_SUPPLY_HI-1} + selected);" FORT ";PEEK({U_FORT-1} + selected); : RETURN

' Row 0: the turn's date as the manual writes it (month-year, "3-1941": the engine's
' TURN_MONTH and TURN_YEAR tables, from the Turn Chart), the phase and the side to act.
show_phase:
    ENGINE(CLEAR_ROWS, 0, 1) : VTAB 1 : HTAB 1 : turn_index = PEEK({TURN}) - 1
    PRINT PEEK({TURN_MONTH} + turn_index);"-";PEEK({TURN_YEAR_LO} + turn_index) + 256 * PEEK({TURN_YEAR_HI} + turn_index);" ";MID$(phase_name$, phase * 10 + 1, 10);
    IF actor = {SIDE_AXIS} THEN PRINT " AXIS";
    IF actor = {SIDE_ALLIED} THEN PRINT " ALLIED";
    RETURN

' Row 19: the keys that work now (keys$).
show_keys:
    ENGINE(CLEAR_ROWS, 19, 1) : VTAB 20 : HTAB 1 : PRINT keys$; : RETURN

read_key:
    GET key$ : key = ASC(key$) : IF key > 96 AND key < 123 THEN key = key - 32
    RETURN

' Rows 20-23 cleared for a message, the cursor at row 21; messages_shown says that
' they hold something, so that a key only clears them then (wipe_messages).
clear_message:
    ENGINE(CLEAR_ROWS, 20, 4) : VTAB 22 : HTAB 1 : messages_shown = 1 : RETURN

' R (manual VIII): the units off the map until another key, which only brings them back.
hide_units:
    ENGINE(DRAW_TERRAIN) : GOSUB @read_key : GOSUB @draw_map : RETURN

' Row 23 alone cleared for a second message (one at row 21 stays).
clear_last_row:
    ENGINE(CLEAR_ROWS, 23, 1) : VTAB 24 : HTAB 1 : messages_shown = 1 : RETURN

' One digit key from digit_low to 9 into digit, after prompt$ on row 22 (the key:
' common/first.bas ask_digit_key).
ask_digit:
    ENGINE(CLEAR_ROWS, 22, 1) : VTAB 23 : HTAB 1 : PRINT prompt$;" "; : messages_shown = 1 : GOTO @ask_digit_key

' Rows 15-23 cleared for a battle's result; the cursor at row 15.
clear_result:
    ENGINE(CLEAR_ROWS, 15, 9) : VTAB 16 : HTAB 1 : RETURN

' A number typed on row 22 (RETURN ends it).
ask_number:
    ENGINE(CLEAR_ROWS, 22, 1) : VTAB 23 : HTAB 1 : messages_shown = 1
    PRINT prompt$;
    INPUT answer
    RETURN

' The set-up screen's input (manual II, the Apple): 1-7 an option, 8 load a saved game
' (L), 9 begin (the space bar, or RETURN).  The marked option is shown in inverse until
' the next key.
poll_setup_input:
    GOSUB @read_key : setup_input = 0 : NORMAL
    IF key = 32 OR key = 13 THEN setup_input = 9
    IF key >= 49 AND key <= 55 THEN setup_input = key - 48
    IF key = 76 THEN setup_input = 8
    RETURN

' The chosen scenario's start state into the state block: its read-only slot on the game
' disk, loaded (the CRC checked first) by the resident disk code like a saved game;
' start_status DISK_OK when done, else the disk status.
load_start_state:
    POKE {DISK_SLOT}, {START_SLOT_FIRST} + scenario : CALL {DISK_LOAD} : start_status = PEEK({DISK_STATUS}) : RETURN

' The set-up screen: option_line's row (option 1 on row 4); the marked option's line in
' inverse.
setup_row:
    VTAB 4 + option_line : HTAB 1 : NORMAL : IF option_line = option THEN INVERSE
    RETURN

' The old option's line again in normal, the new one's in inverse.
mark_option:
    option_line = old_option : GOSUB @draw_option : option_line = option : GOSUB @draw_option : NORMAL : RETURN

setup_message:
    NORMAL : ENGINE(CLEAR_ROWS, 15, 1) : VTAB 16 : HTAB 1 : RETURN

' D: the status display (manual VII) on rows 20-23: turn and score; each side's air
' (usable/allotted), supply (Axis), replacements, sealift (Allies), victory points.
status_display:
    score = ENGINE(SCORE) : messages_shown = 1
    ENGINE(CLEAR_ROWS, 20, 4) : VTAB 21 : HTAB 1
    PRINT "TURN ";PEEK({TURN});" SCORE ";score - 32768;" SEALIFT ";PEEK({SEALIFT_LEFT})
    PRINT "ALLIED AIR ";PEEK({AIR_USABLE+1});"/";PEEK({AIR+1});" REPL ";PEEK({REPL_LO+2}) + 256 * PEEK({REPL_HI+2});
    PRINT " VP ";PEEK({VP_LO+1}) + 256 * PEEK({VP_HI+1})
    PRINT "AXIS AIR ";PEEK({AIR_USABLE});"/";PEEK({AIR});
    PRINT " SP ";PEEK({AXIS_SUPPLY_LO}) + 256 * PEEK({AXIS_SUPPLY_MID}) + 65536 * PEEK({AXIS_SUPPLY_HI});
    PRINT " VP ";PEEK({VP_LO}) + 256 * PEEK({VP_HI})
    PRINT "GER REPL ";PEEK({REPL_LO}) + 256 * PEEK({REPL_HI});" IT REPL ";PEEK({REPL_LO+1}) + 256 * PEEK({REPL_HI+1}); : RETURN

' The game disk's resident code (docs/images.md): the state block saved in slot digit,
' or loaded from it; disk_status its answer (common/saves.bas shows it).
disk_save:
    POKE {DISK_SLOT}, digit : CALL {DISK_SAVE} : disk_status = PEEK({DISK_STATUS}) : RETURN

disk_load:
    POKE {DISK_SLOT}, digit : CALL {DISK_LOAD} : disk_status = PEEK({DISK_STATUS}) : RETURN

' OPPONENT_PLAY through the resident code's stub (docs/images.md "The opponent") for the
' sides in computer_sides: opponent_result its answer 0-3 (common/computer.bas), 3 or
' more after a refusal (3 x the status + the result); key_ready: a key is waiting.
' The opponent's own engine calls may leave arguments' high bytes set, which the
' byte-argument calls rely on being 0 (docs/basic.md "ENGINE"): the first two cleared
' for the display calls before the main loop's next PHASE_INFO (abi_apple.s clears all).
opponent_play:
    POKE {OPPONENT_ENTRY}, {OPPONENT_PLAY} : POKE call_argc, 1 : POKE call_arg1, computer_sides : CALL {OPPONENT_CALL}
    opponent_result = 3 * PEEK({CALL_STATUS}) + PEEK(call_result) : key_ready = PEEK(49152) > 127 : POKE {CALL_ARGS+1}, 0 : POKE {CALL_ARGS+3}, 0 : RETURN

' The demonstration's pause at a game's end (common/play.bas game_over): a count, about
' 10 s (573 frames in AppleWin from the end to the next game's NEW_GAME).
end_pause:
    FOR result = 1 TO 4000 : NEXT result : RETURN

' The names of the set-up screen and the end (common/ prints them through these).
dim_setup_names:
    RETURN

print_scenario_name:
    PRINT MID$(scenario_name$, scenario * 12 + 1, 12); : RETURN

print_level_name:
    PRINT MID$(level_name$, level * 12 + 1, 12); : RETURN

print_setup_keys:
    PRINT "1-7 CHANGE AN OPTION; SPACE BEGINS" : RETURN

print_victory_name:
    PRINT MID$(victory_name$, level * 18 + 1, 18); : RETURN
