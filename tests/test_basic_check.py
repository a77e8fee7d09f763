"""The static checker (kotd.basic.check): each check fires, names file:line, and stays quiet
on the programs it must accept."""

import pytest

from kotd.basic.check import check_path, dialect_of, is_numbered
from kotd.basic.dialects import DIALECTS
from kotd.basic.source import manifest_path
from kotd.build import stateblock
from kotd.build.targets import TARGETS


@pytest.fixture(scope="module")
def constants(model):
    return {name: stateblock.constants(model, TARGETS[name]) for name in DIALECTS}


@pytest.fixture
def check(tmp_path, constants):
    """check(text, dialect) -> the problems as strings; the text is a plain numbered program
    or, when its lines have no numbers, a source file."""
    def run(text, dialect="atari", name="prog.bas"):
        path = tmp_path / name
        path.write_text(text)
        _, problems = check_path(path, DIALECTS[dialect], constants[dialect])
        return [str(p) for p in problems]
    return run


def fired(problems, where, text):
    return any(where in p and text in p for p in problems)


@pytest.mark.parametrize("dialect", list(DIALECTS))
def test_the_example_program_is_clean(constants, dialect):
    program, problems = check_path(manifest_path("example"), DIALECTS[dialect], constants[dialect])
    assert problems == [] and program is not None


@pytest.mark.parametrize("dialect", list(DIALECTS))
def test_a_clean_program_gives_no_problem(check, dialect):
    text = ("10 DIM A(5)\n20 FOR I=1 TO 5:A(I)=I*2:NEXT I\n30 GOSUB 100\n40 PRINT T;A(5)\n"
            "50 IF T>3 THEN 70\n60 PRINT \"SMALL\"\n70 READ X:PRINT X\n80 END\n100 T=A(1)+A(2):RETURN\n"
            "110 DATA 7\n")
    assert check(text, dialect) == []


def test_a_line_too_long(check):
    long_print = 'PRINT "' + "X" * 120 + '"'
    assert fired(check(f"10 {long_print}\n", "atari"), "prog.bas:1:", "line too long: 131 characters, the screen editor takes 114")
    assert check(f"10 {long_print}\n", "apple") == []
    assert fired(check(f"10 {long_print * 2}\n", "apple"), "prog.bas:1:", "line too long: 259 characters, Applesoft takes 239")


def test_an_atari_line_too_long_when_tokenized(check):
    # 39 one-digit numbers in 108 characters: 7 bytes each tokenized, well over 255
    text = "10 ?" + ",".join(["1"] * 52) + "\n"
    assert len(text) < 114
    assert fired(check(text, "atari"), "prog.bas:1:", "bytes tokenized")


def test_an_atari_syntax_error(check):
    assert fired(check("10 PRINT (1\n"), "prog.bas:1:", "Atari BASIC refuses the line: syntax error")


def test_line_numbers_too_high_or_out_of_order(check):
    assert fired(check("40000 END\n", "atari"), "prog.bas:1:", "above 32767")
    assert check("40000 END\n", "apple") == []
    assert fired(check("20 END\n10 END\n"), "prog.bas:2:", "line numbers must rise")


def test_too_many_atari_variables(check):
    names = [f"V{i}" for i in range(129)]
    text = "".join(f"{10 * (i + 1)} {n}=1\n" for i, n in enumerate(names))
    problems = check(text, "atari")
    assert fired(problems, "prog.bas:129:", "too many variables: 129, Atari BASIC holds 128")
    assert not any("too many variables" in p for p in check(text, "apple"))


def test_atari_strings_and_arrays_need_dim(check):
    problems = check('10 A$="X":B(1)=2\n20 DIM C$(3)\n30 PRINT C$\n40 END\n')
    assert fired(problems, "prog.bas:1:", "A$ is used but never DIMensioned")
    assert fired(problems, "prog.bas:1:", "B is used but never DIMensioned")
    assert not any("C$" in p for p in problems)
    assert check('10 A$="X":B(1)=2\n20 PRINT A$;B(1)\n', "apple") == []


def test_atari_string_used_before_its_dim_on_every_path(check):
    problems = check('10 GOSUB 100\n20 DIM S$(4)\n30 END\n100 S$="AB":RETURN\n')
    assert fired(problems, "prog.bas:4:", "S$ is used before its DIM on every path")
    assert check('10 DIM S$(4)\n20 GOSUB 100\n30 END\n100 S$="AB":RETURN\n') == []


def test_a_string_constant_longer_than_its_atari_dim(check):
    problems = check('10 DIM S$(3)\n20 S$="ABCD":PRINT S$\n30 S$="ABC"\n')
    assert fired(problems, "prog.bas:2:", "S$ holds 3 characters (its DIM), the string given has 4")
    assert not any("prog.bas:3:" in p for p in problems)


def test_constant_index_beyond_dim(check):
    problems = check('10 DIM S$(5),A(3)\n20 S$="AB":PRINT S$(7):A(4)=1\n30 PRINT A(3),S$(1,5)\n')
    assert fired(problems, "prog.bas:2:", "S$: index 7 is outside 1..5")
    assert fired(problems, "prog.bas:2:", "A: index 4 is outside 0..3")
    assert not any("prog.bas:3:" in p for p in problems)
    assert fired(check("10 B(11)=1\n", "apple"), "prog.bas:1:", "B: index 11 is outside 0..10, the size of an array without DIM")
    assert check("10 B(10)=1\n", "apple") == []


@pytest.mark.parametrize("statement", ["GOTO 99", "GOSUB 99", "IF 1 THEN 99", "ON X GOTO 10,99", "TRAP 99"])
def test_jump_targets_that_are_no_line(check, statement):
    problems = check(f"10 X=1\n20 {statement}\n30 END\n")
    assert fired(problems, "prog.bas:2:", "no line 99 to go to")
    assert not fired(check(f"10 X=1\n20 {statement.replace('99', '30')}\n30 END\n"), "", "to go to")


def test_trap_off_is_not_a_target(check):
    assert check("10 TRAP 40000\n20 END\n") == []


def test_applesoft_onerr_target(check):
    assert fired(check("10 ONERR GOTO 500\n20 END\n", "apple"), "prog.bas:1:", "no line 500")


def test_applesoft_names_that_clash_or_hold_reserved_words(check):
    problems = check("10 DISK=1:DIME=2\n20 SCORE=3\n30 PRINT DISK+DIME+SCORE\n", "apple")
    assert fired(problems, "prog.bas:1:", "DIME and DISK are one variable to Applesoft")
    assert fired(problems, "prog.bas:2:", "the name SCORE holds the reserved word OR")
    assert not any("one variable" in p or "reserved" in p
                   for p in check("10 DISK=1:DIME=2\n20 SCORE=3\n30 PRINT DISK+DIME+SCORE\n", "atari"))


def test_applesoft_reads_keywords_across_blanks(check):
    problems = check("10 T=1:X=0\n20 IF T OR X THEN 10\n", "apple")
    assert fired(problems, "prog.bas:2:", "Applesoft reads the line as '20  IF  TO RX THEN 10': "
                                          "keywords IF TO THEN, not IF OR THEN as written")
    assert check("10 T=1:X=0\n20 IF X OR T THEN 10\n", "apple") == []


def test_a_statement_that_is_no_statement(check):
    assert fired(check("10 HOEM\n", "apple"), "prog.bas:1:", "HOEM: not a statement of Applesoft")


def test_read_before_any_assignment(check):
    problems = check("10 PRINT X\n20 X=1\n30 GOTO 10\n", "apple")
    assert problems == []               # line 30 jumps back: X may be set on the second pass
    problems = check("10 PRINT X\n20 END\n", "apple")
    assert fired(problems, "prog.bas:1:", "X is read before any assignment on every path to here")
    # assigned on one path only: quiet; assigned in a subroutine: quiet; in a loop: quiet
    assert check("10 IF RND(1)>0.5 THEN Y=1\n20 PRINT Y\n", "apple") == []
    assert check("10 GOSUB 100\n20 PRINT Z\n30 END\n100 Z=1:RETURN\n", "apple") == []
    assert check("10 FOR I=1 TO 2\n20 IF I=2 THEN PRINT W\n30 W=I\n40 NEXT I\n", "apple") == []
    # an unreachable line is not reported; a computed GOTO silences the check
    assert check("10 END\n20 PRINT Q\n", "apple") == []
    assert fired(check("10 K=30:GOTO 30\n20 Q=1\n30 PRINT Q\n", "apple"), "prog.bas:3:", "Q is read")
    assert check("10 K=30:GOTO K\n20 Q=1\n30 PRINT Q\n", "apple") == []


def test_string_number_mismatches(check):
    problems = check('10 A$=5\n20 N="X"\n30 IF A$=1 THEN 10\n40 X=LEN(3)+ASC("A")\n50 B$=CHR$("A")\n'
                     '60 N=1+"A"\n', "apple")
    assert fired(problems, "prog.bas:1:", "a number assigned to the string variable A$")
    assert fired(problems, "prog.bas:2:", "a string assigned to the number variable N")
    assert fired(problems, "prog.bas:3:", "a string compared with a number")
    assert fired(problems, "prog.bas:4:", "LEN wants a string as argument 1")
    assert fired(problems, "prog.bas:5:", "CHR$ wants a number as argument 1")
    assert fired(problems, "prog.bas:6:", "+ between a number and a string")
    assert check('10 A$="X"+"Y":PRINT A$\n', "apple") == []
    assert fired(check('10 DIM A$(3),B$(3)\n20 A$="X":B$=A$+A$\n'), "prog.bas:2:", "Atari BASIC has no + for strings")


def test_usr_with_an_engine_entry_and_the_wrong_count(check, constants):
    entry = constants["atari"]["ENTRY_HEX_DISTANCE"]
    assert fired(check(f"10 D=USR({entry},1,2)\n"), "prog.bas:1:",
                 f"USR({entry}) is the engine entry HEX_DISTANCE: it takes 4 argument(s), 2 given")
    assert check(f"10 D=USR({entry},1,2,3,4)\n") == []


def test_source_problems_name_the_source_file_and_line_and_the_long_name(check):
    text = "' a source file\nstart:\n    PRINT unit_count\n    unit_count = 1\n    GOTO @start\n"
    problems = check(text, "apple")
    assert problems == []
    problems = check("' a source file\n\n    PRINT unit_count\n    END\n", "apple")
    assert len(problems) == 1
    assert problems[0].endswith("/prog.bas:3: unit_count (U) is read before any assignment on every path to here (line 10)")


def test_what_a_path_is():
    assert dialect_of(manifest_path("example")) is None
    assert dialect_of("x/example.atb").name == "atari" and dialect_of("example.apb").name == "apple"
    assert dialect_of("port/basic/apple/engine.bas").name == "apple"
    assert not is_numbered("port/basic/common/example.bas")


def test_a_program_file_as_the_machine_saves_it(tmp_path, constants):
    from kotd.basic import apple, atari
    text = "10 PRINT X\n20 GOTO 99\n"
    for name, data, suffix in (("atari", atari.tokenize(text), ".bas"), ("atari", atari.tokenize(text), ".atb"),
                               ("apple", apple.file_image(apple.tokenize(text)), ".bas"),
                               ("apple", apple.apb_file(apple.tokenize(text)), ".apb")):
        path = tmp_path / f"{name}{suffix}"
        path.write_bytes(data)
        assert is_numbered(path)
        _, problems = check_path(path, DIALECTS[name], constants[name])
        messages = [str(p) for p in problems]
        assert any(m.endswith(f"{name}{suffix}:2: no line 99 to go to (line 20)") for m in messages), messages
        assert any("X is read before any assignment" in m for m in messages)
