"""Programs that use every statement, function and operator of Atari BASIC and of Applesoft:
the round-trip tests (tests/test_basic_tokens.py) and the checks on the real interpreters
(tests/test_basic_emulators.py) share them.  Lines stay within what the keyboard takes."""

ATARI_PROGRAMS = [
"""10 REM ALL STATEMENTS
20 DATA 1,2,HELLO,"A:B"
30 DIM A$(20),B(3),C(2,4):COM D(5)
40 INPUT A:INPUT #1,A$,X:INPUT #2;Y
50 COLOR 1:LIST :LIST 10:LIST 10,20:LIST "P:":LIST "D:X",10,20
60 ENTER "D:X":LOAD "D:Y":SAVE "D:Z":RUN "D:W":RUN
70 LET X=1:IF X THEN 10
80 IF X=1 AND Y<>2 OR NOT Z THEN PRINT "YES":GOTO 10
90 FOR I=1 TO 10 STEP 2:NEXT I:FOR J=0 TO 5:NEXT J
100 GOTO 10:GO TO 20:GOSUB 30:TRAP 40:RETURN
110 BYE :CONT :CLOSE #1:CLR :DEG :RAD :END :NEW
120 STOP :POP :DOS :CSAVE :CLOAD
130 OPEN #1,4,0,"K:":GET #1,A:PUT #1,65:STATUS #1,S:NOTE #1,S,B1:POINT #1,S,B1
140 XIO 18,#6,0,0,"S:":ON X GOTO 10,20,30:ON Y GOSUB 40,50
150 GRAPHICS 3+16:PLOT 0,0:DRAWTO 10,10:POSITION 5,5:SETCOLOR 0,1,2
160 LOCATE 1,1,Z:SOUND 0,100,10,8:POKE 752,1:READ A,A$:RESTORE :RESTORE 20
170 PRINT :PRINT A;B,C:? "X";:PRINT #6;"Y":LPRINT "Z";A:PRINT ,;A
""",
"""10 A$=STR$(X):B$=CHR$(65):X=USR(1536,1,2)+ASC(A$)+VAL(A$)+LEN(A$)+ADR(A$)
20 X=ATN(1)+COS(1)+PEEK(1)+SIN(1)+RND(0)+FRE(0)
30 X=EXP(1)+LOG(1)+CLOG(1)+SQR(4)+SGN(1)+ABS(1)+INT(1.5)
40 X=PADDLE(0)+STICK(0)+PTRIG(0)+STRIG(0)
50 X=(1+2)*3/4^2-1:X=+Y:X=-Y:X=NOT Y:X=-(Y):X=2*-Y
60 IF X<=1 OR X>=2 OR X<>3 OR X<4 OR X>5 OR X=6 THEN 10
70 IF A$<=B$ OR A$>=B$ OR A$<>B$ OR A$<B$ OR A$>B$ OR A$="X" THEN 10
80 A$(2,3)="AB":A$(4)="C":PRINT A$(1,2);A$(3):B(1)=C(1,2)
90 X=0.01:X=0.5:X=12345.678:X=1234567890:X=1E+11:X=1.5E-03:X=1.0E-03
100 X=123456789000:X=.5:X=1E-98:X=0:X=1E-99:X=9.99999999E+97:X=1.0E+10
110 TOTAL=1:ORB=2:COST=3:SIN=4:ANDY=TOTAL+ORB*COST:LONGNAME123=5
120 IF A$="X" THEN A=1:B$="Y"
130 PR.A:G.10:GR.0:SE.0,1,2:. COMMENT
140 X=STR$(1)<CHR$(65):Y=A$="X" AND B$<>"Y"
""",
]

APPLE_PROGRAMS = [
"""10 REM ALL STATEMENTS  AND SPACES
20 DATA 1, 2 ,HELLO WORLD,"A:B": PRINT "AFTER DATA"
30 DIM A$(20),B(3),C%(2,4): INPUT "NAME";N$: INPUT A
40 DEL 1,2: READ A,B$: GR : TEXT : PR# 0: IN# 0
50 CALL 768: PLOT 1,2: HLIN 1,2 AT 3: VLIN 1,2 AT 3
60 HGR2 : HGR : HCOLOR= 3: HPLOT 0,0 TO 279,191: HPLOT TO 1,1
70 DRAW 1 AT 10,10: XDRAW 1 AT 10,10: HTAB 5: HOME : ROT= 0: SCALE= 1
80 SHLOAD : TRACE : NOTRACE : NORMAL : INVERSE : FLASH : COLOR= 2: POP
90 VTAB 5: HIMEM: 32767: LOMEM: 2048: ONERR GOTO 100: RESUME
100 RECALL A: STORE A: SPEED= 255: LET X = 1: GOTO 10: RUN 10: RUN
110 IF X THEN 10: IF X = 1 THEN PRINT "YES": RESTORE : & : GOSUB 10: RETURN
120 STOP : ON X GOTO 10,20: ON Y GOSUB 30,40: WAIT 49152,128: WAIT 1,2,3
130 LOAD : SAVE : DEF FN F(X) = X * 2: POKE 768,0: PRINT : CONT : LIST 10,20
140 CLEAR : GET A$: NEW : END : FOR I = 1 TO 10 STEP 2: NEXT I: NEXT
""",
"""10 PRINT TAB( 5);SPC( 2);FN F(1): IF NOT X AND Y OR Z THEN 10
20 X = + 1 - 2 * 3 / 4 ^ 5: IF X > 1 OR X = 2 OR X < 3 OR X >= 4 OR X <= 5 OR X <> 6 THEN 10
30 X = SGN (1) + INT (1) + ABS (1) + USR (1) + FRE (0) + SCRN( 1,2) + PDL (0) + POS (0)
40 X = SQR (4) + RND (1) + LOG (1) + EXP (1) + COS (1) + SIN (1) + TAN (1) + ATN (1)
50 X = PEEK (1) + LEN (A$) + VAL (A$) + ASC (A$): A$ = STR$ (1) + CHR$ (65)
60 A$ = LEFT$ (A$,1) + RIGHT$ (A$,1) + MID$ (A$,1,2) + MID$ (A$,1)
70 SCORE = 5: HEAT = 3: X = A TO B: FOR I = A TO B: X = ATN (1): ? "Q"
80 G O T O 10
90 PRINT "UNCLOSED
100 REM  TRAILING   
110 DATA  SPACES  , KEPT : X = 1
120 X = 1.5E3 + .5 - 1E-3: Y% = 3: Z$ = "A" + "B"
130 X=1:Y=2:PRINT X;Y,"Z"
""",
]


import re  # noqa: E402

# --- random well-formed lines -----------------------------------------------------------
# Driven by a random.Random, so that hypothesis (st.randoms()) and the seeded emulator runs
# share them.

ATARI_RESERVED = ("GOTO", "GOSUB", "TO", "STEP", "THEN", "NOT", "OR", "AND", "STR$", "CHR$",
                  "USR", "ASC", "VAL", "LEN", "ADR", "ATN", "COS", "PEEK", "SIN", "RND", "FRE",
                  "EXP", "LOG", "CLOG", "SQR", "SGN", "ABS", "INT", "PADDLE", "STICK", "PTRIG",
                  "STRIG",
                  # and Altirra BASIC's own functions
                  "BUMP", "HEX$", "DPEEK", "VSTICK", "HSTICK", "PMADR", "ERR")
ATARI_STATEMENT_NAMES = ("REM", "DATA", "INPUT", "COLOR", "LIST", "ENTER", "LET", "IF", "FOR",
                         "NEXT", "GOTO", "GO TO", "GOSUB", "TRAP", "BYE", "CONT", "COM",
                         "CLOSE", "CLR", "DEG", "DIM", "END", "NEW", "OPEN", "LOAD", "SAVE",
                         "STATUS", "NOTE", "POINT", "XIO", "ON", "POKE", "PRINT", "RAD", "READ",
                         "RESTORE", "RETURN", "RUN", "STOP", "POP", "GET", "PUT", "GRAPHICS",
                         "PLOT", "POSITION", "DOS", "DRAWTO", "SETCOLOR", "LOCATE", "SOUND",
                         "LPRINT", "CSAVE", "CLOAD",
                         # Altirra BASIC's own statements: a name starting with one of them
                         # at a statement's start reads as that statement when typed there
                         "ELSE", "ENDIF", "DPOKE", "LOMEM", "BPUT", "BGET", "CP", "ERASE",
                         "PROTECT", "UNPROTECT", "DIR", "RENAME", "MOVE", "MISSILE", "PMCLR",
                         "PMCOLOR", "PMGRAPHICS", "PMMOVE")


def atari_name(rng) -> str:
    while True:
        name = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + "".join(
            rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(rng.randrange(3)))
        if not any(name.startswith(word[:len(name)] if len(word) > len(name) else word)
                   for word in ATARI_RESERVED + ATARI_STATEMENT_NAMES):
            return name


def atari_number(rng) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return str(rng.randrange(100))
    if kind == 1:
        return str(rng.randrange(10 ** rng.randrange(1, 10)))
    if kind == 2:
        digits = str(rng.randrange(1, 10 ** rng.randrange(1, 10)))
        point = rng.randrange(len(digits) + 1)
        return (digits[:point] or "0") + "." + digits[point:] if point < len(digits) else digits
    return f"{rng.randrange(1, 10)}E{rng.choice('+-')}{rng.randrange(1, 60):02d}"


ATARI_NUMERIC_FUNCTIONS = ("ATN", "COS", "PEEK", "SIN", "RND", "FRE", "EXP", "LOG", "CLOG", "SQR",
                           "SGN", "ABS", "INT", "PADDLE", "STICK", "PTRIG", "STRIG")


def atari_string(rng, depth: int = 0, subscript: bool = False) -> str:
    kind = rng.randrange(4 if depth < 2 else 2)
    if kind == 0:
        return '"' + "".join(rng.choice("AB C,:;1") for _ in range(rng.randrange(6))) + '"'
    if kind == 1:
        return atari_name(rng) + "$"
    if kind == 2:
        return f"{rng.choice(('STR$', 'CHR$'))}({atari_expression(rng, depth + 1, subscript)})"
    first, last = (atari_expression(rng, depth + 1, subscript) for _ in range(2))
    return f"{atari_name(rng)}$({first},{last})"


def atari_expression(rng, depth: int = 0, subscript: bool = False) -> str:
    """``subscript``: inside a numeric array's ( ), where no string comparison may be."""
    kind = rng.randrange(9 if depth < 3 else 2)
    if subscript and kind == 7:
        kind = 0
    if kind == 0:
        return atari_number(rng)
    if kind == 1:
        return atari_name(rng)
    if kind == 2:
        return f"({atari_expression(rng, depth + 1, subscript)})"
    if kind == 3:
        return f"{rng.choice(('-', '+', 'NOT '))}{atari_expression(rng, depth + 1, subscript)}"
    if kind == 4:
        operator = rng.choice(("+", "-", "*", "/", "^", "<", ">", "=", "<=", ">=", "<>", " AND ", " OR "))
        return f"{atari_expression(rng, depth + 1, subscript)}{operator}{atari_expression(rng, depth + 1, subscript)}"
    if kind == 5:
        return f"{rng.choice(ATARI_NUMERIC_FUNCTIONS)}({atari_expression(rng, depth + 1, subscript)})"
    if kind == 6:
        return f"{rng.choice(('ASC', 'VAL', 'LEN', 'ADR'))}({atari_string(rng, depth + 1, subscript)})"
    if kind == 7:
        operator = rng.choice(("<", ">", "=", "<=", ">=", "<>"))
        return f"{atari_string(rng, depth + 1, subscript)}{operator}{atari_string(rng, depth + 1, subscript)}"
    return f"{atari_name(rng)}({atari_expression(rng, depth + 1, True)})"


def atari_statement(rng) -> str:
    e = lambda: atari_expression(rng)          # noqa: E731
    kind = rng.randrange(12)
    if kind == 0:
        return f"{atari_name(rng)}={e()}"
    if kind == 1:
        return f"LET {atari_name(rng)}$={atari_string(rng)}"
    if kind == 2:
        items = [rng.choice((e, lambda: atari_string(rng)))() for _ in range(rng.randrange(4))]
        text = "".join(item + rng.choice((";", ",")) for item in items)
        return ("PRINT " if rng.randrange(2) else "? ") + (text if rng.randrange(2) else text[:-1])
    if kind == 3:
        return f"IF {e()} THEN {rng.randrange(32768)}"
    if kind == 4:
        return f"FOR {atari_name(rng)}={e()} TO {e()}" + (f" STEP {e()}" if rng.randrange(2) else "")
    if kind == 5:
        return f"{rng.choice(('GOTO', 'GOSUB', 'TRAP', 'GRAPHICS', 'COLOR'))} {e()}"
    if kind == 6:
        return f"{rng.choice(('POKE', 'PLOT', 'DRAWTO', 'POSITION'))} {e()},{e()}"
    if kind == 7:
        return f"DIM {atari_name(rng)}({e()}),{atari_name(rng)}$({e()})"
    if kind == 8:
        return f"ON {e()} {rng.choice(('GOTO', 'GOSUB'))} " + ",".join(e() for _ in range(rng.randrange(1, 4)))
    if kind == 9:
        return f"SOUND {e()},{e()},{e()},{e()}"
    if kind == 10:
        return f"NEXT {atari_name(rng)}"
    return f"SETCOLOR {e()},{e()},{e()}"


def atari_line(rng, number: int, limit: int = 100) -> str:
    """A random well-formed line of at most ``limit`` characters."""
    while True:
        statements = [atari_statement(rng) for _ in range(rng.randrange(1, 4))]
        if rng.randrange(4) == 0:
            statements.append(rng.choice(("REM", "DATA")) + " " +
                              "".join(rng.choice("AB C,:;1\"") for _ in range(rng.randrange(10))).rstrip())
        line = f"{number} " + ":".join(statements)
        if len(line) <= limit:
            return line


APPLE_WORDS = ("PRINT", "GOTO", "FOR", "TO", "STEP", "NEXT", "IF", "THEN", "AT", "ATN", "HLIN",
               "DATA", "REM", "SCORE", "HEAT", "A", "X1", "=", "+", "-", "*", "/", "^", "<", ">",
               "(", ")", ",", ";", ":", '"', "?", "$", "%", "&", "#", " ", "  ", "1", "23", ".5",
               "HCOLOR=", "TAB(", "SPC(", "MID$", "G O T O", "ONERR", "ON", "LEFT$", "FN", "DEF",
               "AND", "OR", "NOT", "STORE", "TOTAL", "ATO", "AT N")


def apple_line(rng, number: int, limit: int = 239) -> str:
    """A random line of Applesoft text (PARSE takes anything; this mixes keywords in)."""
    while True:
        body = "".join(rng.choice(APPLE_WORDS) for _ in range(rng.randrange(1, 25)))
        body = body.lstrip(" 0123456789.").rstrip() or "END"
        line = f"{number} {body}"
        if len(line) <= limit:
            return line


UNARY_SIGN_BEFORE_CONSTANT = re.compile(r'(^|[^A-Z0-9$)".])\s*[-+]\s*[0-9.]')


def altirra_stores_alike(text: str) -> bool:
    """False where Altirra BASIC folds a unary sign into a constant (``-5``): it stores
    one negative constant where Atari BASIC (and we) store unary minus then 5."""
    body = "\n".join(line.split(" ", 1)[1] for line in text.splitlines() if " " in line)
    return not any(UNARY_SIGN_BEFORE_CONSTANT.search(part) for part in body.split('"')[::2])


def random_program(line, rng, lines: int) -> str:
    numbers = sorted(rng.sample(range(1, 32768), lines))
    return "".join(line(rng, number) + "\n" for number in numbers)
