' The program's first lines.  Atari BASIC finds the line of every GOTO and GOSUB by
' searching from the program's start, so what runs most often comes first: this jump,
' the MAY_ bit test, then the machine's screen and key routines, the play; the set-up
' (run once) last.

    GOTO @start

' bit_set = 1 if the MAY_ bit "bit" is in "may" (BASIC has no bitwise AND): may modulo
' 2 * bit is bit or more.  One division: on the Atari each takes about half a frame.
test_bit:
    bit2 = bit + bit : bit_set = may - INT(may / bit2) * bit2 >= bit
    RETURN

' A key: the message rows (each machine's clear_message) cleared if they hold something.
wipe_messages:
    IF messages_shown THEN GOSUB @clear_message : messages_shown = 0
    RETURN

' ask_digit's key (each machine's board.bas writes the prompt on row 22 first): one of
' digit_low..9 into digit, shown after the prompt; any other key waits for the next.
ask_digit_key:
    GOSUB @read_key
    IF key < 48 + digit_low OR key > 57 THEN @ask_digit_key
    digit = key - 48
    PRINT digit;
    RETURN
