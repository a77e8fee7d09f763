' Saved games (manual I, VII): the offer at a turn's end and the set-up screen's L, a
' slot 1-8 on the game disk.  The disk itself is each machine's resident code, reached by
' its board.bas (disk_save, disk_load: disk_status its answer, DISK_OK or a code).

' The end of a turn: Y saves the game in a slot 1-8 (9: not saved).  Not in a
' demonstration (the computer runs both sides): it plays on without a key.
save_offer:
    IF computer_sides = 3 THEN RETURN
    GOSUB @clear_message
    PRINT "SAVE THE GAME? Y/N";
    GOSUB @read_key
    IF key <> 89 THEN GOSUB @clear_message : RETURN
    prompt$ = "SAVE IN SLOT 1-8" : digit_low = 1 : GOSUB @ask_digit
    IF digit > {SAVE_SLOTS} THEN RETURN
    GOSUB @disk_save
    GOSUB @clear_message
    IF disk_status = {DISK_OK} THEN PRINT "SAVED IN SLOT ";digit; : RETURN
    PRINT "NOT SAVED (DISK STATUS ";disk_status;")";
    RETURN

' The set-up screen's L: a saved game from slot 1-8 instead of a new one; loaded = 1
' when the state block holds it (a damaged slot is refused by the resident code).
load_game:
    loaded = 0
    prompt$ = "LOAD SLOT 1-8" : digit_low = 1 : GOSUB @ask_digit
    IF digit > {SAVE_SLOTS} THEN RETURN
    GOSUB @disk_load
    IF disk_status = {DISK_OK} THEN loaded = 1 : RETURN
    GOSUB @clear_last_row : PRINT "NOT LOADED (DISK STATUS ";disk_status;")";
    RETURN
