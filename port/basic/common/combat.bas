' The combat dialogue (manual IV.D): the attacker names its units and the defenders,
' the intensity, its risk and its air; the defender then answers with its own risk and
' air, and the engine fights the battle.  The battle block is docs/engine.md "Combat".

key_attack:
    bit = {MAY_ATTACK} : GOSUB @test_bit
    IF bit_set = 0 THEN @player_turn
    stack_size = ({BATTLE_INTENSITY} - {BATTLE_UNITS}) / 2
    attackers = 0
attack_more:
    prompt$ = "ATTACKER UNIT (0 ENDS)" : GOSUB @ask_number
    IF answer > 0 AND attackers < stack_size THEN POKE {BATTLE_UNITS} + attackers, answer : attackers = attackers + 1 : GOTO @attack_more
    defenders = 0
defend_more:
    prompt$ = "DEFENDER UNIT (0 ENDS)" : GOSUB @ask_number
    IF answer > 0 AND defenders < stack_size THEN POKE {BATTLE_UNITS} + stack_size + defenders, answer : defenders = defenders + 1 : GOTO @defend_more
    IF attackers = 0 OR defenders = 0 THEN @main_loop
    first = PEEK({BATTLE_UNITS}) : first_defender = PEEK({BATTLE_UNITS} + stack_size)
    IF first > {UNIT_COUNT} OR first_defender > {UNIT_COUNT} THEN @main_loop
    POKE {BATTLE_HEXES}, PEEK({U_COL} + first - 1) : POKE {BATTLE_HEXES+1}, PEEK({U_ROW} + first - 1)
    POKE {BATTLE_HEXES+2}, PEEK({U_COL} + first_defender - 1) : POKE {BATTLE_HEXES+3}, PEEK({U_ROW} + first_defender - 1)
    POKE {BATTLE_COUNT}, attackers : POKE {BATTLE_COUNT+1}, defenders
    prompt$ = "INTENSITY" : GOSUB @ask_number : POKE {BATTLE_INTENSITY}, answer
    prompt$ = "RISK 1-9" : GOSUB @ask_number : POKE {BATTLE_RISK}, answer
    prompt$ = "AIR" : GOSUB @ask_number : POKE {BATTLE_AIR}, answer
    result = ENGINE(ATTACK)
    GOSUB @check_engine_status
    GOTO @main_loop

' The defender's answer, then the result.
defend_dialogue:
    GOSUB @draw_map
    GOSUB @clear_message
    PRINT "ATTACK! DEFENDER'S ANSWER";
    prompt$ = "DEFENDER RISK 1-9" : GOSUB @ask_number : risk = answer
    prompt$ = "DEFENDER AIR" : GOSUB @ask_number : air = answer
    odds = ENGINE(DEFEND, risk, air)
    GOSUB @check_engine_status
    IF engine_status <> {E_OK} THEN RETURN
    GOSUB @battle_result
    dirty = 1
    RETURN

' The casualties and fates of each unit in the battle.
battle_result:
    GOSUB @clear_message
    PRINT "ODDS ";odds / 100;" CASUALTIES ";PEEK({BATTLE_CASUALTIES_LO}) + 256 * PEEK({BATTLE_CASUALTIES_HI});
    RETURN
