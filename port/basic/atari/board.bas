' The Atari's screen and keys: GRAPHICS 0, the whole theatre (MAP_COLS x MAP_ROWS hexes,
' one character each) on rows 1-14 and the cursor hex's units on row 15, drawn by machine
' code (port/asm/atari_display.s, USR DRAW_MAP); the phase on row 0, the selected unit on
' rows 17-18, the keys on row 19, the status display and messages on rows 20-23.

screen_init:
    GRAPHICS 0 : POKE 82, 0 : POKE 752, 1
    OPEN #1, 4, 0, "K:"
    DIM prompt$(40), keys$(40), victory_name$(108), list_unit(6), terrain_name$(48)
    victory_name$ = "ALLIED STRATEGIC  ALLIED TACTICAL   ALLIED MARGINAL   "
    victory_name$(55) = "AXIS MARGINAL     AXIS TACTICAL     AXIS STRATEGIC    "
    ' The terrains a unit can stand on, by their codes 1-6 (data/terrain.yaml), 8 characters
    ' each: the unit display reads its hex's code in MAP_TERRAIN (a byte a hex, row by row).
    terrain_name$ = "CLEAR   ROUGH   FORTRESSTOWN    MOUNTAINCOAST   "
    GOSUB @clear_screen
    RETURN

' The OS puts back the character it saved under its (hidden) cursor at the next PRINT:
' that place is left at the end of row 19 (the keys' row never reaches it), not on row
' 0 where DRAW_PHASE writes; the cursor itself goes home.
clear_screen:
    PRINT CHR$(125); : POSITION 38, 19 : PRINT " "; : POSITION 0, 0
    RETURN

' The map in its own characters (port/glyphs/atari_map.txt) with the units (a hex of two
' or more as a stack) and the cursor (its hex inverted); its column and row at the right.
draw_map:
move_cursor_mark:
    drawn = USR({DRAW_MAP}, cursor_col, cursor_row)
    POSITION 36, 1 : PRINT cursor_col;" ";
    POSITION 36, 2 : PRINT cursor_row;" ";
    RETURN

' The selected unit (manual IV.A.1, IV.A.7, the unit display): its name (row 16, machine
' code: the names are packed in the front end's text section), the terrain of its hex,
' NO SUPPLY when the engine's last trace left it so; its number, side and type, its
' strength as the engine shows it (solitaire noise on computer-run units) over its
' ceiling, morale; operation points, supply, fortification level.
show_unit:
    cleared = USR({CLEAR_ROWS}, 16, 3)
    IF selected = 0 THEN POSITION 0, 17 : RETURN
    drawn = USR({DRAW_UNIT_NAME}, selected)
    terrain = 8 * PEEK({MAP_TERRAIN} + PEEK({U_COL-1} + selected) + {MAP_COLS} * PEEK({U_ROW-1} + selected))
    POSITION 22, 16 : PRINT terrain_name$(terrain - 7, terrain);
    IF PEEK({U_SUPPLIED-1} + selected) = 0 THEN POSITION 31, 16 : PRINT "NO SUPPLY";
    POSITION 0, 17
    strength = ENGINE(DISPLAY_STRENGTH, selected)
    PRINT "UNIT ";selected;
    IF PEEK({UNIT_SIDE-1} + selected) = {SIDE_AXIS} THEN PRINT " AXIS";
    IF PEEK({UNIT_SIDE-1} + selected) = {SIDE_ALLIED} THEN PRINT " ALLIED";
    IF PEEK({UNIT_TYPE-1} + selected) = {TYPE_MOBILE} THEN PRINT " MOBILE";
    IF PEEK({UNIT_TYPE-1} + selected) = {TYPE_NONMOBILE} THEN PRINT " NON-MOBILE";
    PRINT " STR ";strength;"/";PEEK({U_CEIL_LO-1} + selected) + 256 * PEEK({U_CEIL_HI-1} + selected);
    POSITION 0, 18 : PRINT "MORALE ";PEEK({UNIT_MORALE-1} + selected);" OP ";PEEK({U_OP-1} + selected);
    PRINT " SUPPLY ";PEEK({U_SUPPLY_LO-1} + selected) + 256 * PEEK({U_SUPPLY_HI-1} + selected);" FORT ";PEEK({U_FORT-1} + selected);
    RETURN

' Row 0: the turn's date as the manual writes it (month-year, "3-1941"), the phase and
' the side to act, written by machine code (port/asm/atari_phase.s) from TURN, PHASE and
' FLOW_ACTOR: the first thing a step to another phase or side shows.  After a step into
' a reinforcement or a resupply phase it also reports on row 22 which units arrived
' ("UNITS 18 19") or what the resupply gave ("RESUPPLY: 12 UNITS +340 SUPPLY")
' (port/asm/atari_report.s; answer 2), until the next key.
show_phase:
    drawn = USR({DRAW_PHASE})
    IF drawn = 2 THEN messages_shown = 1
    RETURN

' Row 19: the keys that work now (keys$).  In operations' cursor and unit modes START
' works too (free_cursor): the flow shows the keys just before it reads one.
show_keys:
    cleared = USR({CLEAR_ROWS}, 19, 1) : POSITION 0, 19 : PRINT keys$;
    start_works = (phase >= {PHASE_B1_OPERATIONS}) * (mode <> 1)
    RETURN

' A key (its ATASCII code); START, where it works, is the free cursor meanwhile.
read_key:
    IF start_works = 0 OR PEEK(764) <> 255 THEN GET #1, key : start_works = 0 : RETURN
    IF PEEK(53279) <> 6 THEN @read_key
    GOSUB @free_cursor
    GOTO @read_key

' START (manual IV.C.5: "scroll freely around the map ... START again returns you to
' the current phase or mode").  The whole theatre is on the screen, so nothing scrolls:
' START frees the cursor instead.  1-6, T and 0 move it (the hex's units listed on row
' 15); nothing is picked or moved; START again puts it back where it was, and the phase
' or mode goes on where it was.
free_cursor:
    free_col = cursor_col : free_row = cursor_row : GOSUB @start_release
    cleared = USR({CLEAR_ROWS}, 19, 1) : POSITION 0, 19 : PRINT "FREE CURSOR: 1-6 T 0  START: BACK";
free_wait:
    IF PEEK(53279) = 6 THEN cursor_col = free_col : cursor_row = free_row : GOSUB @draw_map : GOSUB @show_keys : GOTO @start_release
    IF PEEK(764) = 255 THEN @free_wait
    GET #1, key : result = {HEX_NONE}
    IF key >= 49 AND key <= 54 THEN result = ENGINE(HEX_NEIGHBOUR, cursor_col, cursor_row, key - 48)
    IF key = 84 THEN result = {TOBRUK_COL} + 256 * {TOBRUK_ROW}
    IF key = 48 THEN result = INT({MAP_COLS} / 2) + 256 * INT({MAP_ROWS} / 2)
    IF result <> {HEX_NONE} THEN cursor_row = INT(result / 256) : cursor_col = result - 256 * cursor_row : GOSUB @draw_map
    GOTO @free_wait

' START is held for some frames: wait until it is let go.
start_release:
    IF PEEK(53279) = 6 THEN @start_release
    RETURN

' Rows 20-23 cleared for a message, the cursor at row 21; messages_shown says that
' they hold something, so that a key only clears them then (wipe_messages).
clear_message:
    cleared = USR({CLEAR_ROWS}, 20, 4)
    POSITION 0, 21 : messages_shown = 1
    RETURN

' R (manual VIII): the units off the map until another key, which only brings them back.
hide_units:
    drawn = USR({DRAW_TERRAIN}) : GOSUB @read_key : GOSUB @draw_map : RETURN

' Row 23 alone cleared for a second message (one at row 21 stays); one line, as every
' line before the set-up slows its GOSUBs.
clear_last_row:
    cleared = USR({CLEAR_ROWS}, 23, 1) : POSITION 0, 23 : messages_shown = 1 : RETURN

' One digit key from digit_low to 9 into digit, after prompt$ on row 22 (the key:
' common/first.bas ask_digit_key).
ask_digit:
    cleared = USR({CLEAR_ROWS}, 22, 1) : POSITION 0, 22 : PRINT prompt$;" "; : messages_shown = 1 : GOTO @ask_digit_key

' Rows 15-23 cleared for a battle's result; the cursor at row 15.
clear_result:
    cleared = USR({CLEAR_ROWS}, 15, 9)
    POSITION 0, 15
    RETURN

' A number typed on row 22 (RETURN ends it).
ask_number:
    cleared = USR({CLEAR_ROWS}, 22, 1) : POSITION 0, 22 : messages_shown = 1
    PRINT prompt$;
    INPUT answer
    RETURN

'The set-up screen's input: 1-7 an option, 8 load a saved game (L), 9 begin (START or RETURN), 10/11 the stick
' up/down, FIRE the marked option; 0 nothing.
poll_setup_input:
    setup_input = 0
    IF PEEK(53279) = 6 THEN setup_input = 9 : RETURN
    IF STRIG(0) = 0 THEN setup_input = option : GOTO @wait_release
    stick = STICK(0)
    IF stick = 14 THEN setup_input = 10 : GOTO @wait_release
    IF stick = 13 THEN setup_input = 11 : GOTO @wait_release
    IF PEEK(764) = 255 THEN RETURN
    GET #1, key
    IF key = 155 THEN setup_input = 9 : RETURN
    IF key >= 49 AND key <= 55 THEN setup_input = key - 48
    IF key = 76 THEN setup_input = 8
    RETURN

' The chosen scenario's start state into the state block: its read-only slot on the game
' disk, loaded (the CRC checked first) by the resident disk code like a saved game;
' start_status DISK_OK when done, else the disk status.
load_start_state:
    start_status = USR({DISK_LOAD}, {START_SLOT_FIRST} + scenario)
    RETURN

' The set-up screen: option_line's row (option 1 on row 4), its marker, its messages.
setup_row:
    POSITION 0, 3 + option_line
    RETURN

' One move of the stick or one press of FIRE is one step: wait until both are let go.
wait_release:
    IF STRIG(0) = 0 OR STICK(0) <> 15 THEN @wait_release
    RETURN

mark_option:
    POSITION 0, 3 + old_option : PRINT " ";
    POSITION 0, 3 + option : PRINT ">";
    RETURN

setup_message:
    cleared = USR({CLEAR_ROWS}, 15, 1) : POSITION 0, 15
    RETURN

' D: the status display (manual VII) on rows 20-23: turn and score; each side's air
' (usable/allotted), supply (Axis), replacements, sealift (Allies), victory points.
status_display:
    score = ENGINE(SCORE) : messages_shown = 1
    cleared = USR({CLEAR_ROWS}, 20, 1) : POSITION 0, 20
    PRINT "TURN ";PEEK({TURN});" SCORE ";score - 32768;" SEALIFT ";PEEK({SEALIFT_LEFT});
    cleared = USR({CLEAR_ROWS}, 21, 1) : POSITION 0, 21
    PRINT "ALLIED AIR ";PEEK({AIR_USABLE+1});"/";PEEK({AIR+1});" REPL ";PEEK({REPL_LO+2}) + 256 * PEEK({REPL_HI+2});
    PRINT " VP ";PEEK({VP_LO+1}) + 256 * PEEK({VP_HI+1});
    cleared = USR({CLEAR_ROWS}, 22, 1) : POSITION 0, 22 : PRINT "AXIS AIR ";PEEK({AIR_USABLE});"/";PEEK({AIR});
    PRINT " SP ";PEEK({AXIS_SUPPLY_LO}) + 256 * PEEK({AXIS_SUPPLY_MID}) + 65536 * PEEK({AXIS_SUPPLY_HI});
    PRINT " VP ";PEEK({VP_LO}) + 256 * PEEK({VP_HI});
    cleared = USR({CLEAR_ROWS}, 23, 1) : POSITION 0, 23
    PRINT "GER REPL ";PEEK({REPL_LO}) + 256 * PEEK({REPL_HI});" IT REPL ";PEEK({REPL_LO+1}) + 256 * PEEK({REPL_HI+1});
    RETURN

' The game disk's resident code (docs/images.md): the state block saved in slot digit,
' or loaded from it; disk_status its answer (common/saves.bas shows it).
disk_save:
    disk_status = USR({DISK_SAVE}, digit) : RETURN

disk_load:
    disk_status = USR({DISK_LOAD}, digit) : RETURN

' OPPONENT_PLAY through the resident code's stub (docs/images.md "The opponent") for the
' sides in computer_sides: opponent_result its answer 0-3 (common/computer.bas), 3 or
' more after a refusal (3 x the status + the result); key_ready: a key is waiting.
opponent_play:
    opponent_result = 3 * USR({OPPONENT_CALL}, {OPPONENT_PLAY}, computer_sides) + PEEK({CALL_RESULT})
    key_ready = PEEK(764) <> 255 : RETURN

' The demonstration's pause at a game's end (common/play.bas game_over): a count, about
' 10 s (606 frames in atari800 from the end to the next game's NEW_GAME).
end_pause:
    FOR result = 1 TO 12000 : NEXT result : RETURN

' The names of the set-up screen and the end (common/ prints them through these: an Atari
' BASIC substring is no Applesoft's).
dim_setup_names:
    DIM level_name$(60), scenario_name$(72) : RETURN

print_scenario_name:
    PRINT scenario_name$(scenario * 12 + 1, scenario * 12 + 12); : RETURN

print_level_name:
    PRINT level_name$(level * 12 + 1, level * 12 + 12); : RETURN

print_setup_keys:
    PRINT "STICK/FIRE OR 1-7 CHANGE; START BEGINS" : RETURN

print_victory_name:
    PRINT victory_name$(level * 18 + 1, level * 18 + 18); : RETURN
