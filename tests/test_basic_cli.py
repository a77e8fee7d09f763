"""kotd basic tokenize / list."""

from __future__ import annotations

from click.testing import CliRunner

from kotd.basic import apple, atari
from kotd.cli import main


def run(*args):
    return CliRunner().invoke(main, ["basic", *map(str, args)])


def test_tokenize_and_list_atari_taking_the_dialect_from_the_folder(tmp_path):
    folder = tmp_path / "atari"
    folder.mkdir()
    source = folder / "menu.bas"
    source.write_text('10 PRINT "HI":A=1\n20 GOTO 10\n')
    result = run("tokenize", source)
    assert result.exit_code == 0, result.output
    data = (folder / "menu.atb").read_bytes()
    assert data == atari.tokenize(source.read_text(), direct='SAVE "D:MENU.BAS"')
    listed = run("list", folder / "menu.atb")
    assert listed.exit_code == 0 and listed.output == '10 PRINT "HI":A=1\n20 GOTO 10\n'


def test_tokenize_and_list_applesoft(tmp_path):
    source = tmp_path / "menu.txt"
    source.write_text("10 PRINT 1: REM X\n")
    result = run("tokenize", source, "--dialect", "apple", "-o", tmp_path / "m.apb")
    assert result.exit_code == 0, result.output
    start, image = apple.read_apb((tmp_path / "m.apb").read_bytes())
    assert (start, image) == (0x0801, apple.tokenize("10 PRINT 1: REM X"))
    assert run("list", tmp_path / "m.apb").output == "10  PRINT 1: REM  X\n"
    assert run("list", tmp_path / "m.apb", "--form", "source").output == "10  PRINT 1: REM X\n"


def test_errors_name_the_file_and_line_and_exit_1(tmp_path):
    source = tmp_path / "bad.bas"
    source.write_text("10 PRINT 1\n\n30 PRUNT\n")
    result = run("tokenize", source, "--dialect", "atari")
    assert result.exit_code == 1
    assert result.output.startswith(f"{source}:3: BASIC line 30: not a statement keyword")
    undecided = run("tokenize", source)
    assert undecided.exit_code == 1 and "give --dialect" in undecided.output
    (tmp_path / "x.atb").write_bytes(b"\x00" * 9)
    broken = run("list", tmp_path / "x.atb")
    assert broken.exit_code == 1 and broken.output.startswith(f"{tmp_path / 'x.atb'}: not an Atari BASIC SAVE file")
