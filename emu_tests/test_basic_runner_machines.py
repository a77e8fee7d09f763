"""The runner against the real interpreters: the same small programs typed into
Altirra BASIC (atari800, AltirraOS) and Applesoft (AppleWin, Apple //e enhanced) give
the same screen text.

Skipped unless the emulator libraries are there (``A8_LIB``, ``A2_CORE``) with the
drivers (``$KOTD_EMULATORS`` or ``<repo>/../shared/emulators``).  Each machine runs in
its own process (emu_tests/basic_machines.py).  Error lines are compared without
regard to case (Altirra BASIC prints ``Error-   9 at line 20`` where Atari BASIC,
which the runner follows, prints ``ERROR-   9 AT LINE 20``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from kotd.basic.runner import keyscript, run_text
from kotd.basic.runner.screens import hgr_row_address
from basic_machines import emulators_dir

HERE = Path(__file__).resolve().parent

ATARI = [
    {"lines": ["10 PRINT 1,2,3", '20 PRINT "AB",1', '30 PRINT "ABCDEFGHIJ",1', "40 PRINT 7/4,-3"]},
    {"lines": ['10 PRINT 1/3;" ";2/3;" ";1/3*3', '20 PRINT 0.001;" ";0.01;" ";1E10;" ";123456789012',
               '30 PRINT 1E-5;" ";1.5E-7;" ";0.0123;" ";-1234.5678', '40 PRINT 0.1+0.2;" ";1-1E-10;" ";100000*100000',
               '50 PRINT INT(-1.5);" ";INT(2.5);" ";ABS(-7);" ";SGN(-2);" ";NOT 0+1;" ";3*(1/3)']},
    {"lines": ["10 DIM A$(5)", '20 A$="HELLOWORLD":PRINT A$', '30 A$(2,3)="XY":PRINT A$',
               '40 A$(3)="Q":PRINT A$;LEN(A$)', "50 PRINT A$(2)", "60 PRINT A$(7)"]},
    {"lines": ["10 FOR I=1 TO 10 STEP 3:PRINT I;:NEXT I:PRINT", "20 FOR I=5 TO 1 STEP -2:PRINT I;",
               '30 NEXT I:PRINT "/";I', "40 GOSUB 100:ON 2 GOSUB 100,110:END", '100 PRINT "A";:RETURN',
               '110 PRINT "B":RETURN']},
    {"lines": ["10 READ A,B,C$", "20 DIM C$(9)", '30 PRINT A+B;C$', "40 RESTORE 60:READ D:PRINT D",
               "50 DATA 5,6,HI", "60 DATA 7"]},
    {"lines": ["10 INPUT A,B", "20 PRINT A+B", "30 DIM A$(10):INPUT A$", "40 PRINT A$;LEN(A$)"],
     "keys": "3,4\nHELLO\n"},
    {"lines": ["10 TRAP 100:DIM A$(10000)", "20 D=D+1:GOSUB 20", '100 PRINT PEEK(195)']},
    {"lines": ["10 GOSUB 100", "20 RETURN", "100 TRAP 200:X=1/0", '200 PRINT PEEK(195);" ";PEEK(186)+256*PEEK(187)',
               "210 POP:RETURN"]},
    {"lines": ['10 PRINT CHR$(65);ASC("B");STR$(12.5);VAL("3.5E2");LEN("ABC")', '20 IF "ABC"<"ABD" THEN PRINT "LT"',
               '30 X=5:IF X>3 AND X<9 OR 0 THEN PRINT "IN"', "40 PRINT 10-2*3+(4-1)/3;-2*-3"]},
    {"lines": ["10 X=1", "20 NEXT X"]},
    {"lines": ["10 DIM A(3)", "20 A(2)=7:PRINT A(2)", "30 A(4)=1"]},
    {"lines": ["10 PRINT 1", "20 STOP"]},
    {"lines": ["10 GRAPHICS 0", "20 POSITION 10,5:PRINT \"B\"", '30 POSITION 2,7:PRINT "ROW7"'], "full": True},
    {"lines": ['10 PRINT "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789AB"', '20 PRINT "X"',
               '30 PRINT "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEF";', '40 PRINT "Y"']},
    {"lines": ['10 OPEN #1,4,0,"K:":GET #1,A:GET #1,B', '20 PRINT A;" ";B', "30 INPUT C:PRINT C*2",
               "40 DIM A$(5):INPUT A$:PRINT A$"], "keys": "Zq12\nab\n"},
    {"lines": ['10 PRINT 99999*99999;" ";123456*1000;" ";10/3*3', '20 PRINT INT(-0.5);" ";INT(-7/2);" ";7-7/3*3',
               '30 PRINT 0.1*3=0.3;" ";1/3+1/3+1/3;" ";2/3-1/3', '40 PRINT 1E9+1;" ";1E10+1;" ";-1E-20*1E-80',
               '50 PRINT 123.456*1000;" ";1/7;" ";22/7*7', '60 A=1/3:B=A*3:PRINT B=1;" ";INT(B)',
               '70 PRINT 0.5*0.5;" ";1-0.999999999;" ";100/0.01']},
    # scrolling by logical lines: a 60-character line takes two rows and leaves together
    {"lines": ["10 GRAPHICS 0:FOR I=1 TO 26", '20 IF I=3 OR I=9 THEN PRINT I;"-ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOP":GOTO 40',
               "30 PRINT I", "40 NEXT I", "50 GOTO 50"], "running": True, "frames": 300},
    # lines of at most 38 characters: longer ones typed into a split screen lose keys
    {"lines": ["10 GRAPHICS 7:COLOR 1:PLOT 0,0", "15 DRAWTO 10,5:COLOR 3:PLOT 20,2",
               "17 DRAWTO 14,9", "20 FOR X=0 TO 10:Y=INT(X/2)", "22 LOCATE X,Y,V:PRINT V;",
               "24 LOCATE X,Y+1,V:PRINT V;:NEXT X", "26 PRINT", "30 FOR Y=2 TO 9:FOR X=14 TO 20",
               "32 LOCATE X,Y,V:PRINT V;:NEXT X:NEXT Y", "40 GOTO 40"],
     "window": True, "frames": 600},
    {"lines": ["10 GRAPHICS 2", '12 PRINT #6;"HELLO":POSITION 3,4', '14 PRINT #6;"AT"',
               "20 LOCATE 4,4,V:PRINT V;", '30 LOCATE 0,0,V:PRINT " ";V', "32 POSITION 19,9:PUT #6,65",
               "34 LOCATE 19,9,V:PRINT V", "40 GOTO 40"],
     "window": True, "frames": 600},
]

APPLE = [
    {"lines": ["10 PRINT 1,2,3", '20 PRINT "AB",1', '30 PRINT "ABCDEFGHIJKLMNOPQRSTUVWXYZ",1']},
    {"lines": ['10 PRINT 1/3;" ";2/3;" ";1/3*3', '20 PRINT .001;" ";.01;" ";1E9;" ";123456789012',
               '30 PRINT -2^2;" ";NOT 0+1;" ";INT(-1.5)', "40 A%=-1.5:PRINT A%",
               '50 PRINT 0.1+0.2;" ";1-1E-10;" ";123456789.6', '60 PRINT STR$(1.5);"|";-0.5;" ";100000*100000',
               '70 PRINT 1;2;-3:X=5:PRINT X"A"X']},
    {"lines": ['10 A$="HELLO":PRINT LEFT$(A$,2);MID$(A$,2,3);RIGHT$(A$,2);LEN(A$)',
               '20 PRINT CHR$(65);ASC("B");STR$(12.5);VAL("3.5E2")', '30 IF "ABC"<"ABD" THEN PRINT "LT"',
               '40 B$=A$+"!":PRINT B$', "50 PRINT 10-2*3+(4-1)/3;-2*-3;7/2;INT(7/2)"]},
    {"lines": ["10 FOR I=1 TO 10 STEP 3:PRINT I;:NEXT:PRINT", "20 FOR I=5 TO 1 STEP -2:PRINT I;",
               '30 NEXT I:PRINT "/";I', "40 GOSUB 100:ON 2 GOSUB 100,110:END", '100 PRINT "A";:RETURN',
               '110 PRINT "B":RETURN']},
    {"lines": ["10 READ A,B,C$", '20 PRINT A+B;C$', "30 RESTORE:READ D:PRINT D", '40 DATA 5,6,"HI THERE"']},
    {"lines": ['10 INPUT "N? ";N$', "20 INPUT A,B", "30 PRINT N$;A+B"], "keys": "KNIGHT\n3,4\n"},
    {"lines": ["10 ONERR GOTO 100", "20 X=1/0", "30 END", '100 PRINT PEEK(222);" ";PEEK(218)+256*PEEK(219)']},
    {"lines": ["10 DIM A(3)", "20 A(2)=7:PRINT A(2);A(0)", "30 A(4)=1"]},
    {"lines": ["10 X=1", "20 NEXT X"]},
    {"lines": ["10 GOTO 50"]},
    {"lines": ["10 PRINT 1", "20 STOP"]},
    {"lines": ["10 HOME:VTAB 5:HTAB 10:PRINT \"B\"", '20 INVERSE:PRINT "INV";:NORMAL:PRINT "N"',
               "30 PRINT TAB(5);\"T\";SPC(3);\"S\"", "40 PRINT POS(0)"], "full": True},
    {"lines": ['10 PRINT "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCD"', '20 PRINT "X"']},
    {"lines": ['10 GET A$:GET B$:PRINT ASC(A$);" ";B$', "20 INPUT C:PRINT C*2"], "keys": "Zq12\n"},
    {"lines": ["10 HOME:FOR I=1 TO 26", '20 IF I=3 OR I=9 THEN PRINT I;"-ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOP":GOTO 40',
               "30 PRINT I", "40 NEXT I", "50 GOTO 50"], "running": True, "frames": 300},
    # the 6502 stack fills: ?OUT OF MEMORY at the same depth
    {"lines": ["20 D=D+1:POKE 768,D:GOSUB 20"], "peek": [[768, 1]]},
    {"lines": ["5 FOR Z=1 TO 2:FOR Y=1 TO 2", "6 D=D+1:POKE 768,D:GOSUB 6"], "peek": [[768, 1]]},
    {"lines": ["5 GOSUB 6", "6 GOSUB 10"] + ["%d FOR %s=1 TO 2:POKE 768,%d" % (10 + k, "ABCDEFGHIJKL"[k], k + 1)
                                          for k in range(12)], "peek": [[768, 1]]},
    {"lines": ['10 PRINT 99999*99999;" ";123456*1000;" ";10/3*3', '20 PRINT INT(-0.5);" ";INT(-7/2);" ";7-7/3*3',
               '30 PRINT 0.1*3=0.3;" ";1/3+1/3+1/3;" ";2/3-1/3', '40 PRINT 1E9+1;" ";2^31;" ";65536*65536',
               '50 PRINT 123.456*1000;" ";1/7;" ";22/7*7', '60 A=1/3:B=A*3:PRINT B=1;" ";INT(B)',
               '70 PRINT 0.5*0.5;" ";1-0.999999999;" ";100/0.01', "80 A%=32767:B%=-32767:PRINT A%;B%;A%/2"]},
    {"lines": ["10 HOME:HGR:HCOLOR=3:HPLOT 0,0 TO 20,7:HCOLOR=1:HPLOT 30,0 TO 40,12 TO 2,12",
               "20 HCOLOR=6:HPLOT 3,20 TO 60,25:HCOLOR=5:HPLOT 70,3 TO 70,9:HPLOT TO 64,0",
               "30 VTAB 21:PRINT PEEK(8192)"],
     "peek": [[hgr_row_address(y), 12] for y in range(27)], "full": True},
]


def _random_number(rng, places=(0, 0, 1, 2, 3), top=99999) -> str:
    k = rng.choice(places)
    v = rng.randint(1, top)
    return str(v) if k == 0 else f"{v / 10 ** k:.{k}f}".rstrip("0").rstrip(".")


def _arithmetic_programs(dialect: str) -> list[dict]:
    """Seeded random arithmetic: 60 `PRINT a op b`, and (Applesoft, whose lines may be
    long) 45 lines of four-operand expressions, stores, comparisons, INT and STR$."""
    rng = random.Random(7)
    simple = [f"{10 + i} PRINT {_random_number(rng)}{rng.choice('+-*/')}{_random_number(rng)}" for i in range(60)]
    programs = [{"lines": simple[i:i + 20]} for i in range(0, 60, 20)]
    if dialect == "apple":
        rng = random.Random(11)
        lines = []

        def n():
            return _random_number(rng, (0, 1, 2, 3, 4, 6), 999999)
        for i in range(45):
            ops = [rng.choice("+-*/") for _ in range(3)]
            e = f"{n()}{ops[0]}{n()}{ops[1]}{n()}{ops[2]}{n()}"
            if i % 3 == 0:
                lines.append(f'{10 + i} A={n()}/{n()}:B=A*{n()}-{n()}:PRINT B;" ";A*A;" ";INT(A*1000)')
            elif i % 3 == 1:
                lines.append(f"{10 + i} PRINT {e}")
            else:
                lines.append(f'{10 + i} X={e}:PRINT X;" ";X=({e});" ";STR$(X/7)')
        programs += [{"lines": lines[i:i + 15]} for i in range(0, 45, 15)]
    return programs


def _machine_screens(dialect: str, programs: list[dict]) -> list[list[str]]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE)
    proc = subprocess.run([sys.executable, str(HERE / "basic_machines.py"), dialect], input=json.dumps(programs),
                          capture_output=True, text=True, env=env, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def _runner_result(dialect: str, prog: dict) -> dict:
    keys = keyscript.parse(prog.get("keys", ""))
    report = run_text("\n".join(prog["lines"]) + "\n", dialect, keys=keys, max_statements=20_000)
    rt = report.runtime
    if prog.get("window"):
        rows = rt.screen.text_window_lines()
    elif dialect == "apple" and rt.screen.hgr:
        rt.screen.hgr = False                       # the text page as the machine reads it
        rows = rt.screen.lines()
    else:
        rows = list(report.screen)
    while rows and not rows[-1].strip():
        rows.pop()
    return {"rows": rows, "peek": [list(rt.ram[a:a + n]) for a, n in prog.get("peek", [])]}


def _available(dialect: str) -> bool:
    if dialect == "atari":
        lib, driver = os.environ.get("A8_LIB"), emulators_dir() / "atari" / "a8.py"
    else:
        lib, driver = os.environ.get("A2_CORE"), emulators_dir() / "apple" / "a2.py"
    return bool(lib) and Path(lib).exists() and driver.exists()


@pytest.mark.parametrize("dialect,programs", [("atari", ATARI + _arithmetic_programs("atari")),
                                              ("apple", APPLE + _arithmetic_programs("apple"))])
def test_runner_screens_match_the_machine(dialect, programs):
    if not _available(dialect):
        pytest.skip(f"no {dialect} emulator (A8_LIB / A2_CORE and the drivers)")
    real = _machine_screens(dialect, programs)
    problems = []
    for prog, machine in zip(programs, real):
        ours = _runner_result(dialect, prog)
        if [r.upper() for r in ours["rows"]] != [r.upper() for r in machine["rows"]]:
            problems.append("\n".join(prog["lines"]) + "\n-- machine:\n" + "\n".join(machine["rows"]) +
                            "\n-- runner:\n" + "\n".join(ours["rows"]))
        for (address, length), want, got in zip(prog.get("peek", []), machine["peek"], ours["peek"]):
            if want != got:
                problems.append("\n".join(prog["lines"]) + f"\n-- memory at {address} ({length} bytes):"
                                f"\n   machine {want}\n   runner  {got}")
    assert not problems, f"{len(problems)} of {len(programs)} differ:\n\n" + "\n\n".join(problems)
