"""The runner's parts: the two floating-point formats, the key script, the lexers."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from kotd.basic.runner import RunnerFault, keyscript, run_text
from kotd.basic.runner import numbers as N


# --- Atari BASIC: 6-byte BCD, truncated ----------------------------------------------------
@pytest.mark.parametrize("value,text", [
    (N.atari_div(1, 3), "0.3333333333"), (N.atari_div(2, 3), "0.6666666666"),
    (N.atari_mul(N.atari_div(1, 3), 3), "0.9999999999"), (10 ** 10, "1E+10"),
    (N.atari_from_text("0.001"), "1.0E-03"), (N.atari_from_text("0.01"), "0.01"),
    (N.atari_from_text("1.5E20"), "1.5E+20"), (N.atari_from_text("123456789012"), "1.23456789E+11"),
    (N.atari_div(-1, 8), "-0.125"), (N.atari_div(7, 2), "3.5"), (N.atari_from_text("7005.32144587931"), "7005.32144"),
])
def test_atari_format(value, text):
    assert N.atari_format(value) == text


def test_atari_arithmetic_truncates():
    assert N.atari_add(1, N.atari_from_text("1E-10")) == 1              # dropped off the five bytes
    assert N.atari_sub(N.atari_from_text("0.3"), N.atari_from_text("0.1")) == Decimal("0.2")
    assert N.atari_add(N.atari_from_text("0.1"), N.atari_from_text("0.2")) == Decimal("0.3")
    assert N.atari_mul(99999, 99999) == 9999800001                      # integers stay exact
    assert N.atari_div(10, 4) == Decimal("2.5")
    with pytest.raises(N.NumberOverflow):
        N.atari_mul(N.atari_from_text("1E97"), 10)
    assert N.atari_mul(N.atari_from_text("1E-90"), N.atari_from_text("1E-10")) == 0


def test_atari_integer_conversions():
    assert [N.atari_round(N.atari_from_text(t)) for t in ("2.5", "2.49", "-2.5", "0.5")] == [3, 2, -3, 1]
    assert [N.atari_int(N.atari_from_text(t)) for t in ("2.5", "-0.5", "-2")] == [2, -1, -2]


def test_atari_bytes():
    assert N.atari_bytes(N.atari_div(1, 3)).hex() == "3f3333333333"
    assert N.atari_bytes(-1).hex() == "c00100000000"
    assert N.atari_bytes(0) == bytes(6)


# --- Applesoft: 5-byte binary, rounded ----------------------------------------------------------
@pytest.mark.parametrize("value,text", [
    (N.apple_div(1, 3), ".333333333"), (N.apple_div(2, 3), ".666666667"), (N.apple_mul(N.apple_div(1, 3), 3), "1"),
    (10 ** 9, "1E+09"), (N.apple_from_text(".001"), "1E-03"), (N.apple_from_text(".01"), ".01"),
    (N.apple_div(-1, 2), "-.5"), (N.apple_from_text("123456789.6"), "123456790"),
    (N.apple_from_text("999999999.6"), "1E+09"), (N.apple_mul(100000, 100000), "1E+10"), (-3, "-3"),
])
def test_apple_format(value, text):
    assert N.apple_format(value) == text


def test_apple_bytes_and_rounding():
    assert N.apple_bytes(1).hex() == "8100000000"
    assert N.apple_bytes(N.apple_div(1, 3)).hex() == "7f2aaaaaab"            # rounded up in the last bit
    assert N.apple_bytes(-10).hex() == "84a0000000"
    assert N.apple_format(N.apple_add(N.apple_from_text("0.1"), N.apple_from_text("0.2"))) == ".3"
    assert N.apple_int(-1.5) == -2 and N.apple_int(2.75) == 2
    with pytest.raises(N.NumberOverflow):
        N.apple_mul(N.apple_from_text("1E38"), 10)


# --- the key script -----------------------------------------------------------------------------
def test_key_script_parse():
    events = keyscript.parse("AB\n# comment\n{ESC}{START 2}{STICK UPLEFT 3}{FIRE}{WAIT 5}\\\nX")
    kinds = [(e.kind, e.value, e.reads) for e in events]
    assert kinds == [("key", 65, 1), ("key", 66, 1), ("key", 13, 1), ("key", 27, 1), ("console", 1, 2),
                     ("stick", 10, 3), ("fire", 0, 1), ("wait", 0, 5), ("key", ord("X"), 1)]


@pytest.mark.parametrize("bad", ["{STICK SIDEWAYS}", "{NOPE}", "{WAIT}x{", "{START X}"])
def test_key_script_errors(bad):
    with pytest.raises(RunnerFault):
        keyscript.parse(bad, "k.txt")


def test_polling_with_nothing_left_ends_the_run():
    report = run_text("10 IF PEEK(53279)=7 THEN 10\n", "atari")
    assert report.ended.startswith("key script ended: polling the console keys")
    report = run_text("10 IF PEEK(-16384)<128 THEN 10\n", "apple")
    assert "polling the keyboard" in report.ended


def test_the_keyboard_register_holds_a_shifted_symbols_key():
    """CH (764) of a key typed with SHIFT on a digit (#: SHIFT 3) is the digit's code +
    $40, not "no key": a program polling 764 before GET sees it."""
    prog = '10 OPEN #1,4,0,"K:"\n20 C=PEEK(764):IF C=255 THEN 20\n30 GET #1,K:PRINT C;" ";K\n40 GOTO 20\n'
    report = run_text(prog, "atari", keys=keyscript.parse("{KEY 35}3"))
    assert [row.strip() for row in report.screen[:2]] == ["90 35", "26 51"]  # $1A + $40 "#", then "3"


def test_tight_loop_stops_at_the_statement_limit():
    report = run_text("10 GOTO 10\n", "atari", max_statements=1000)
    assert report.ended == "stopped after 1000 statements at line 10"


# --- lexing and the statement loop ----------------------------------------------------------
def test_applesoft_crunches_keywords_inside_names():
    # "SCORE" holds OR: Applesoft reads SC OR E, as the ROM's cruncher does
    report = run_text("10 SC=0:E=1:PRINT SCORE\n", "apple")
    assert report.screen[0] == "1"
    report = run_text("10 FORI=1TO3:PRINTI;:NEXT\n", "apple")
    assert report.screen[0] == "123"


def test_atari_long_names_and_go_to():
    report = run_text("10 TOTAL=3:GO TO 30\n20 PRINT \"NO\"\n30 PRINT TOTAL*2\n", "atari")
    assert report.screen[0] == "  6"


def test_trace_lists_the_lines_run():
    report = run_text("10 GOSUB 30\n20 END\n30 RETURN\n", "atari", trace=True)
    assert report.trace == [10, 30, 20]


def test_syntax_error_reported_when_reached():
    report = run_text("10 PRINT 1\n20 PRINT (\n", "apple")
    assert report.error == "?SYNTAX ERROR IN 20" and report.screen[0] == "1"
    report = run_text("10 A$=1\n", "apple")
    assert report.error == "?TYPE MISMATCH ERROR IN 10"
    report = run_text("10 PRINT 1\n20 PRINT (\n", "atari")
    assert report.error.startswith("ERROR-   17 AT LINE 20")


def test_error_names_the_source_line_through_the_map():
    report = run_text("10 GOTO 99\n", "atari", line_map={10: "common/menu.bas:12"})
    assert report.error == "ERROR-   12 AT LINE 10 (line not found) (common/menu.bas:12)"


def test_uninitialised_atari_array_is_a_runner_fault():
    with pytest.raises(RunnerFault, match=r"A\(1\) read before anything was assigned"):
        run_text("10 DIM A(3)\n20 PRINT A(1)\n", "atari")


@pytest.mark.parametrize("dialect,line,what", [
    ("atari", '10 OPEN #1,4,0,"D:GAME.DAT"', "only K:, S: and E: are modelled"),
    ("atari", '10 DIM A$(3):X=ADR(A$)', "strings have no address"),
    ("atari", "10 XIO 18,#6,0,0,\"S:\"", "only XIO 12"),
    ("atari", "10 X=USR(1536)", "no engine loaded"),
    ("apple", "10 GR", "GR at line 10: not modelled"),
    ("apple", "10 CALL 768", "CALL 768 ($0300) at line 10: not modelled"),
])
def test_what_is_not_modelled_is_a_runner_fault(dialect, line, what):
    with pytest.raises(RunnerFault, match=re.escape(what)):
        run_text(line + "\n", dialect)


# --- Applesoft's FAC with its rounding byte (the values the ROM printed in emulation) -----
@pytest.mark.parametrize("expression,printed", [
    ("1-0.999999999", "8.14907253E-10"), ("70869/74831", ".947054028"), ("8948.6/302.46", "29.5860609"),
    ("1125.8/13394", ".0840525608"), ("526.11/95001", "5.53794171E-03"), ("1/3*3", "1"), ("22/7*7", "22"),
    ("123456789.6", "123456790"), ("999999999.6", "1E+09"), ("123456789012", "1.23456789E+11"),
    ("2^31", "2.14748365E+09"), ("65536*65536", "4.2949673E+09"), (".001", "1E-03"), ("-.5", "-.5"),
])
def test_applesoft_fac(expression, printed):
    assert run_text(f"10 PRINT {expression}\n", "apple").screen[0] == printed


def test_applesoft_fac_parts():
    from kotd.basic.runner import applesoft_fp as FP
    x = FP.fin("0.999999999")
    assert FP.round32(x) != x                       # the constant keeps its rounding byte
    # 1 - x printed 8.14907253E-10 = 896 / 2^40 on the machine: x is $FFFFFC80 / 2^40,
    # stored rounded up as 80 7F FF FF FD
    assert N.apple_bytes(FP.round32(x)).hex() == "807ffffffd"
    assert (FP.compare(2, 3), FP.compare(3, 3), FP.compare(-1, -2)) == (-1, 0, 1)
    assert FP.add(2, 3) == 5 and FP.div(7, 2) == 3.5 and FP.mul(-3, 0.5) == -1.5
    with pytest.raises(N.DivisionByZero):
        FP.div(1, 0)
    with pytest.raises(N.NumberOverflow):
        FP.mul(FP.fin("1E38"), 10)
