"""Numbers in variables (kotd.basic.pool): Atari BASIC's numbers used often, each in a
variable set before the program's first line; the program does what it did."""

import pytest

from kotd.basic import atari
from kotd.basic.build import build_one, program_file
from kotd.basic.dialects import ATARI, DIALECTS
from kotd.basic.pool import POOL_RESERVE, pool_numbers
from kotd.basic.runner import run_text
from kotd.basic.source import FIRST_LINE, Origin, build_from_files, build_program, manifest_path
from kotd.build import stateblock
from kotd.build.targets import TARGETS

HERE = Origin("test", 0)

#: 7 (five uses: pooled), 3 (three: not worth its assignment), a line number after THEN,
#: numbers in a string, DATA and REM; a number next to a keyword (``7TO``).
PROGRAM = """\
start:
    DIM a$(20) : a$ = "7 7 7 7"
    total = 0 : FOR i = 1 TO 7 : total = total + 7 : NEXT i
    IF total = 49 THEN @seven
    PRINT "WRONG"
seven:
    PRINT total; " "; 7 * 7; " "; a$; " "; 3 + 3 + 3
    READ x : PRINT x : REM 7 7 7 7 7
    IF x > 7 THEN @done
    PRINT "SMALL"
done:
    END
    DATA 7
"""


@pytest.fixture(scope="module")
def constants(model):
    return {name: stateblock.constants(model, TARGETS[name]) for name in DIALECTS}


def build(tmp_path, constants, text, dialect="atari"):
    path = tmp_path / "prog.bas"
    path.write_text(text)
    return build_from_files([path], DIALECTS[dialect], constants[dialect], name="prog")


def test_a_number_used_often_is_a_variable_set_first_and_the_program_prints_the_same(tmp_path, constants):
    program = build(tmp_path, constants, PROGRAM)
    pooled, pool = pool_numbers(program, HERE)
    name, uses = pool.names["7"]
    assert list(pool.names) == ["7"] and uses == 5            # FOR's, the sum's, the product's two, IF x >'s
    assert pooled.lines[0].number < FIRST_LINE and pooled.lines[0].text == f"{name}=7"
    assert pooled.names[name] == "the number 7"
    body = "\n".join(ln.text for ln in pooled.lines[1:])
    assert f"THEN {program.labels['seven']}" in body and f"THEN {program.labels['done']}" in body
    assert "3+3+3" in body.replace(" ", "")                  # used three times: not worth a variable
    assert '"7 7 7 7"' in body and "DATA 7" in body and "REM 7 7 7 7 7" in body
    assert f"TO {name}:" in body.replace(" :", ":")
    plain = run_text(program.text(), "atari")
    again = run_text(pooled.text(), "atari")
    assert plain.ok and again.ok and again.screen == plain.screen
    assert "49 49 7 7 7 7 9" in "\n".join(again.screen) and "SMALL" in "\n".join(again.screen)
    assert pool.saved == len(atari.tokenize(program.text())) - len(atari.tokenize(pooled.text())) > 0


def test_the_variables_left_free_for_the_prompt(tmp_path, constants):
    """A program of 128 - POOL_RESERVE variables already gets no pool; one fewer, one number."""
    def with_names(count):
        lines = [f"v{i} = 5 + 6 + 7 + 8 : PRINT v{i}" for i in range(count)]
        return build(tmp_path, constants, "\n".join(lines) + "\n")
    full = with_names(ATARI.max_variables - POOL_RESERVE)
    assert pool_numbers(full, HERE)[1].names == {}
    one = pool_numbers(with_names(ATARI.max_variables - POOL_RESERVE - 1), HERE)
    assert len(one[1].names) == 1 and len(one[0].names) == ATARI.max_variables - POOL_RESERVE


def test_applesoft_keeps_its_numbers(tmp_path, constants):
    program = build(tmp_path, constants, PROGRAM, "apple")
    pooled, pool = pool_numbers(program, HERE)
    assert pooled is program and pool.names == {} and pool.saved == 0


def test_the_game_on_the_atari_is_two_kilobytes_smaller(constants):
    """The front end as built: the most used numbers (0, 1, 256, the subroutines called
    most) are variables, the file at least 2,000 bytes smaller than with its numbers."""
    built = build_one(manifest_path("kotd"), "atari", constants["atari"])
    unpooled = program_file(build_program(manifest_path("kotd"), ATARI, constants["atari"]))[1]
    assert {"0", "1", "256"} <= set(built.pool.names)
    assert len(unpooled) - len(built.files[built.program_file]) == built.pool.saved >= 2000
    assert len(built.program.names) <= ATARI.max_variables - POOL_RESERVE
