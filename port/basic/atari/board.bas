' The Atari's screen and keys: GRAPHICS 0, the whole theatre (MAP_COLS x MAP_ROWS hexes,
' one character each) on rows 1-14, the phase on row 0, the unit and messages on rows
' 16-23.  The map is kept as a string of terrain characters (built once from the
' engine's MAP_TERRAIN); each redraw copies it, puts the units in and prints 14 rows.

screen_init:
    GRAPHICS 0 : POKE 82, 0 : POKE 752, 1
    OPEN #1, 4, 0, "K:"
    DIM prompt$(40), terrain_char$(8), map$({MAP_COLS} * {MAP_ROWS}), draw$({MAP_COLS} * {MAP_ROWS})
    DIM phase_name$(210), unit_char$(4), blank$(39)
    ' Terrain in TERRAIN_ order: ocean, clear, rough, fortress, town, mountain, coast, impassable.
    terrain_char$ = "= :#*^.X"
    ' Axis mobile, Axis non-mobile, Allied mobile, Allied non-mobile.
    unit_char$ = "GgBb"
    blank$ = "                                       "
    phase_name$ = "SET-UP    REINFORCE SUPPLY    LOGISTICS INITIATIVEB1 OPS    B2 RESUPPLB3 DEPOTS B4 REACT  B5 OPS    "
    phase_name$(101) = "B6 RESUPPLB7 DEPOTS C1 OPS    C2 RESUPPLC3 DEPOTS C4 REACT  "
    phase_name$(161) = "C5 OPS    C6 RESUPPLC7 DEPOTS VICTORY   GAME OVER "
    GOSUB @clear_screen
    PRINT "KNIGHTS OF THE DESERT: READING THE MAP"
    FOR hex = 0 TO {MAP_COLS} * {MAP_ROWS} - 1
        map$(hex + 1, hex + 1) = terrain_char$(PEEK({MAP_TERRAIN} + hex) + 1, PEEK({MAP_TERRAIN} + hex) + 1)
    NEXT hex
    RETURN

clear_screen:
    PRINT CHR$(125);
    RETURN

' The map with the units; a hex of two or more units in inverse video; the cursor.
draw_map:
    draw$ = map$
    FOR unit = 1 TO {UNIT_COUNT}
        IF PEEK({U_STATUS} + unit - 1) <> {STATUS_ON_MAP} THEN @draw_next_unit
        hex = PEEK({U_ROW} + unit - 1) * {MAP_COLS} + PEEK({U_COL} + unit - 1) + 1
        mark = 1 + 2 * PEEK({UNIT_SIDE} + unit - 1) + PEEK({UNIT_TYPE} + unit - 1)
        mark = ASC(unit_char$(mark, mark))
        IF ASC(draw$(hex, hex)) > 64 THEN mark = ASC(draw$(hex, hex)) - 128 * (ASC(draw$(hex, hex)) > 127) + 128
        draw$(hex, hex) = CHR$(mark)
draw_next_unit:
    NEXT unit
    FOR row = 0 TO {MAP_ROWS} - 1
        POSITION 0, row + 1 : PRINT draw$(row * {MAP_COLS} + 1, row * {MAP_COLS} + {MAP_COLS});
    NEXT row
    old_col = cursor_col : old_row = cursor_row
    GOSUB @move_cursor_mark
    RETURN

' The cursor is the hex's character in inverse video (a stack shows normal under it).
move_cursor_mark:
    hex = old_row * {MAP_COLS} + old_col + 1
    POSITION old_col, old_row + 1 : PRINT draw$(hex, hex);
    hex = cursor_row * {MAP_COLS} + cursor_col + 1
    mark = ASC(draw$(hex, hex))
    mark = mark + 128 - 256 * (mark > 127)
    POSITION cursor_col, cursor_row + 1 : PRINT CHR$(mark);
    POSITION 36, 1 : PRINT cursor_col;" ";
    POSITION 36, 2 : PRINT cursor_row;" ";
    RETURN

centre_cursor:
    old_col = cursor_col : old_row = cursor_row
    cursor_col = INT({MAP_COLS} / 2) : cursor_row = INT({MAP_ROWS} / 2)
    GOSUB @move_cursor_mark
    RETURN

' The units in the cursor's hex, by number.
show_hex_units:
    POSITION 0, 16 : PRINT blank$; : POSITION 0, 16 : PRINT "HEX:";
    FOR unit = 1 TO {UNIT_COUNT}
        IF PEEK({U_COL} + unit - 1) <> cursor_col OR PEEK({U_ROW} + unit - 1) <> cursor_row THEN @next_hex_unit
        IF PEEK({U_STATUS} + unit - 1) = {STATUS_ON_MAP} THEN PRINT " ";unit;
next_hex_unit:
    NEXT unit
    RETURN

' The selected unit (manual V, the unit display): its number, side, strength as the
' engine shows it, operation points, supply, fortification.
show_unit:
    POSITION 0, 17 : PRINT blank$; : POSITION 0, 17
    IF selected = 0 THEN RETURN
    strength = ENGINE(DISPLAY_STRENGTH, selected)
    PRINT "UNIT ";selected;" STR ";strength;" OP ";PEEK({U_OP} + selected - 1);
    PRINT " SUP ";PEEK({U_SUPPLY_LO} + selected - 1) + 256 * PEEK({U_SUPPLY_HI} + selected - 1);" FORT ";PEEK({U_FORT} + selected - 1);
    RETURN

' Row 0: the turn, the phase and the side to act.
show_phase:
    POSITION 0, 0 : PRINT blank$; : POSITION 0, 0
    PRINT "TURN ";PEEK({TURN});" ";phase_name$(phase * 10 + 1, phase * 10 + 10);
    IF actor = {SIDE_AXIS} THEN PRINT " AXIS";
    IF actor = {SIDE_ALLIED} THEN PRINT " ALLIED";
    RETURN

' Row 19: what the side may do now.
show_keys:
    POSITION 0, 19 : PRINT blank$; : POSITION 0, 19
    bit = {MAY_LOGISTICS} : GOSUB @test_bit
    IF bit_set THEN PRINT "L LOGISTICS  # END  D STATUS"; : RETURN
    bit = {MAY_CHOOSE_FIRST} : GOSUB @test_bit
    IF bit_set THEN PRINT "MOVE FIRST? Y/N"; : RETURN
    bit = {MAY_ACCESS} : GOSUB @test_bit
    IF bit_set THEN PRINT "REACTION: U UNIT  # END"; : RETURN
    PRINT "1-6 U B S F A # D";
    RETURN

read_key:
    GET #1, key
    RETURN

clear_message:
    POSITION 0, 21 : PRINT blank$; : POSITION 0, 22 : PRINT blank$; : POSITION 0, 21
    RETURN

' A number typed on row 22 (RETURN ends it); answer = -1 if none.
ask_number:
    POSITION 0, 22 : PRINT blank$; : POSITION 0, 22
    PRINT prompt$;
    INPUT answer
    RETURN

' The set-up screen's input: 1-6 an option, 9 begin (START or RETURN), 10/11 the stick
' up/down, FIRE the marked option; 0 nothing.
poll_setup_input:
    setup_input = 0
    IF PEEK(53279) = 6 THEN setup_input = 9 : RETURN
    IF STRIG(0) = 0 THEN setup_input = option : RETURN
    IF STICK(0) = 14 THEN setup_input = 10 : RETURN
    IF STICK(0) = 13 THEN setup_input = 11 : RETURN
    IF PEEK(764) = 255 THEN RETURN
    GET #1, key
    IF key = 155 THEN setup_input = 9 : RETURN
    IF key >= 49 AND key <= 55 THEN setup_input = key - 48
    RETURN

' The chosen scenario's start state into the state block (port/asm/atari_start_states.s,
' loaded from the game disk with the engine); start_status 0 when done.
load_start_state:
    start_status = USR({START_STATE}, scenario)
    RETURN

mark_option:
    POSITION 0, 3 + option : PRINT ">";
    POSITION 0, 14
    RETURN

' D: the status display (manual VII): turn, score, air, replacements, supply.
status_display:
    GOSUB @clear_message
    score = ENGINE(SCORE)
    PRINT "SCORE ";score - 32768;" AIR ";PEEK({AIR});"/";PEEK({AIR+1});" AXIS SUPPLY ";PEEK({AXIS_SUPPLY_LO}) + 256 * PEEK({AXIS_SUPPLY_MID});
    RETURN
