' The program's first lines.  Atari BASIC finds the line of every GOTO and GOSUB by
' searching from the program's start, so what runs most often comes first: this jump,
' the MAY_ bit test, then the machine's screen and key routines, the play; the set-up
' (run once) last.

    GOTO @start

' bit_set = 1 if the MAY_ bit "bit" is in "may" (BASIC has no bitwise AND).
test_bit:
    bit_set = INT(may / bit) - 2 * INT(may / (2 * bit))
    RETURN
