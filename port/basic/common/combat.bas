' The combat dialogue (manual IV.D, VIII): a unit's move into an enemy hex.  The
' defenders, then the attackers in the attacking unit's hex, each Y (in), N (out) or
' F (no more); then the attacker's intensity, risk and air.  The defender answers with
' its risk and air (defend_dialogue), and the engine fights the battle.  The battle
' block is docs/engine.md "Combat"; slots 0.. attackers, stack_size.. defenders.

attack_dialogue:
    bit = {MAY_ATTACK} : GOSUB @test_bit
    IF bit_set = 0 THEN GOSUB @clear_message : PRINT "NO ATTACK NOW"; : GOTO @operations_turn
    ' The defenders (the enemy's units in the target hex), then the attackers (the acting
    ' side's in the attacking unit's hex), one FIND_UNIT a unit.
    stack_size = ({BATTLE_INTENSITY} - {BATTLE_UNITS}) / 2
    defenders = 0 : answer_key = 0 : unit = 0
next_defender:
    unit = ENGINE(FIND_UNIT, unit, 1 - actor, target_col, target_row)
    IF unit = 0 OR answer_key = 70 OR defenders = stack_size THEN @ask_attackers
    shown = ENGINE(DISPLAY_STRENGTH, unit)
    GOSUB @clear_message : PRINT "DEFENDER ";unit;" STR ";shown;": ATTACK IT? Y/N/F";
    GOSUB @ask_yes_no
    IF answer_key = 89 THEN POKE {BATTLE_UNITS} + stack_size + defenders, unit : defenders = defenders + 1
    GOTO @next_defender
ask_attackers:
    attackers = 0 : answer_key = 0 : unit = 0
next_attacker:
    unit = ENGINE(FIND_UNIT, unit, actor, from_col, from_row)
    IF unit = 0 OR answer_key = 70 OR attackers = stack_size THEN @attackers_asked
    GOSUB @clear_message : PRINT "ATTACK WITH UNIT ";unit;" STR ";PEEK({U_STR_LO-1} + unit) + 256 * PEEK({U_STR_HI-1} + unit);"? Y/N/F";
    GOSUB @ask_yes_no
    IF answer_key = 89 THEN POKE {BATTLE_UNITS} + attackers, unit : attackers = attackers + 1
    GOTO @next_attacker
attackers_asked:
    IF attackers = 0 OR defenders = 0 THEN GOSUB @clear_message : PRINT "NO BATTLE"; : GOTO @operations_turn
    POKE {BATTLE_HEXES}, from_col : POKE {BATTLE_HEXES+1}, from_row
    POKE {BATTLE_HEXES+2}, target_col : POKE {BATTLE_HEXES+3}, target_row
    POKE {BATTLE_COUNT}, attackers : POKE {BATTLE_COUNT+1}, defenders
    GOSUB @clear_message
    prompt$ = "INTENSITY 1-9" : digit_low = 1 : GOSUB @ask_digit : POKE {BATTLE_INTENSITY}, digit
    prompt$ = "RISK 1-9" : GOSUB @ask_digit : POKE {BATTLE_RISK}, digit
    prompt$ = "AIR 0-9" : digit_low = 0 : GOSUB @ask_digit : POKE {BATTLE_AIR}, digit
    result = ENGINE(ATTACK)
    GOSUB @check_engine_status
    mode = 0 : selected = 0
    GOTO @main_loop

' Y, N or F into answer_key.
ask_yes_no:
    GOSUB @read_key
    IF key <> 89 AND key <> 78 AND key <> 70 THEN @ask_yes_no
    answer_key = key
    RETURN

' The defender's answer, then the result.
defend_dialogue:
    GOSUB @draw_map
    GOSUB @clear_message
    PRINT "ATTACK ON ";PEEK({BATTLE_HEXES+2});",";PEEK({BATTLE_HEXES+3});"! DEFENDER ANSWERS";
    prompt$ = "DEFENDER RISK 1-9" : digit_low = 1 : GOSUB @ask_digit : risk = digit
    prompt$ = "DEFENDER AIR 0-9" : digit_low = 0 : GOSUB @ask_digit : air = digit
    odds = ENGINE(DEFEND, risk, air)
    GOSUB @check_engine_status
    IF engine_status THEN RETURN
    GOSUB @battle_result
    dirty = 1
    RETURN

' Each unit's strength lost and fate, one line a unit (under 40 characters, so that no
' line runs into the next row) on the message rows; a key goes on (in a demonstration,
' the computer running both sides, the result stays up while it plays on).
battle_result:
    stack_size = ({BATTLE_INTENSITY} - {BATTLE_UNITS}) / 2
    GOSUB @clear_result
    PRINT "ODDS ";odds / 100;":1"
    FOR slot = 0 TO 2 * stack_size - 1
        IF slot < stack_size AND slot >= PEEK({BATTLE_COUNT}) THEN @next_result
        IF slot >= stack_size AND slot - stack_size >= PEEK({BATTLE_COUNT+1}) THEN @next_result
        PRINT "UNIT ";PEEK({BATTLE_UNITS} + slot);": -";PEEK({BATTLE_UNIT_LOSS_LO} + slot) + 256 * PEEK({BATTLE_UNIT_LOSS_HI} + slot);
        IF PEEK({BATTLE_FATE} + slot) = {FATE_ELIMINATED} THEN PRINT " ELIMINATED";
        IF PEEK({BATTLE_FATE} + slot) = {FATE_CADRE} THEN PRINT " ELIMINATED-CADRE FORMED";
        PRINT
next_result:
    NEXT slot
    IF computer_sides = 3 THEN RETURN
    PRINT "PRESS A KEY";
    GOSUB @read_key
    GOSUB @clear_result
    RETURN
