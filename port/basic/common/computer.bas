' The computer opponent (docs/play.md "The computer opponent"): the opponent's code
' (docs/images.md "The opponent") plays the sides in computer_sides (1 the Axis, 2 the
' Allies, 3 both), one engine action a call of OPPONENT_PLAY ({target}/board.bas
' opponent_play).  Its answer: 0 nothing more to do in the phase (the phase ends as
' after #), 1 an action done (the map drawn again; its defence against a human's attack
' shown as a human's), 2 a human must answer (a defence, a reaction: the main loop
' asks), 3 not its turn (the main loop's test rules it out).  A key between two calls
' pauses it until the next key.  A refusal or an answer 3 stops it (the engine's code
' shown): the humans play on.

computer_turn:
    keys$ = "COMPUTER PLAYS: A KEY PAUSES" : GOSUB @show_keys : defend_was = PEEK({DEFEND_PENDING})
    GOSUB @opponent_play
    IF opponent_result > 2 THEN computer_sides = 0 : GOSUB @check_engine_status : GOTO @main_loop
    IF key_ready THEN GOSUB @read_key : keys$ = "PAUSED" : GOSUB @show_keys : GOSUB @read_key
    IF opponent_result = 0 THEN @end_phase
    IF opponent_result = 1 THEN GOSUB @draw_map : IF defend_was THEN odds = PEEK({BATTLE_ODDS_LO}) + 256 * PEEK({BATTLE_ODDS_HI}) : GOSUB @battle_result
    GOTO @main_loop
