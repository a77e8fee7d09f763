"""The runner with the 6502 engine: USR (Atari) and CALL (Applesoft) reach the engine in
py65, POKE/PEEK its state block; a stray write is a fault naming the BASIC line; a
tokenized program runs through the detokenizer; ``kotd basic run``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kotd.basic import apple as apple_tokens
from kotd.basic import atari as atari_tokens
from kotd.basic.runner import RunnerFault, keyscript, run_program, run_text
from kotd.cli import main
from kotd.emu import EngineMachine


@pytest.fixture
def atari(model, dist):
    return EngineMachine.from_dist(model, dist, "atari")


@pytest.fixture
def apple(model, dist):
    return EngineMachine.from_dist(model, dist, "apple")


def test_atari_usr_calls_the_engine(atari):
    info, dist = atari.entry_address("ENGINE_INFO"), atari.entry_address("HEX_DISTANCE")
    expected = atari.call("HEX_DISTANCE", 2, 3, 7, 9).value
    report = run_text(f"10 PRINT USR({info})\n20 PRINT USR({dist},2,3,7,9);\" \";USR({dist},2.4,3,7,8.6)\n"
                      f"30 R=USR({dist},2,3)\n40 PRINT R-65280;\" \";PEEK({atari.address('CALL_STATUS')})\n",
                      "atari", machine=atari)
    assert report.ok, report.error
    assert report.screen[:3] == ["  1", f"  {expected} {expected}", "  1 1"]      # E_ARG_COUNT


def test_apple_call_runs_the_engine(apple):
    a = apple.address
    expected = apple.call("HEX_DISTANCE", 2, 3, 7, 9).value
    program = (f"10 CALL {apple.entry_address('ENGINE_INFO')}:PRINT PEEK({a('CALL_RESULT')})\n"
               f"20 POKE {a('CALL_ARGC')},4:FOR I=0 TO 7:POKE {a('CALL_ARGS')}+I,0:NEXT\n"
               f"30 POKE {a('CALL_ARGS')},2:POKE {a('CALL_ARGS')}+2,3:POKE {a('CALL_ARGS')}+4,7:"
               f"POKE {a('CALL_ARGS')}+6,9\n"
               f"40 CALL {apple.entry_address('HEX_DISTANCE') - 65536}:PRINT PEEK({a('CALL_RESULT')});\" \";"
               f"PEEK({a('CALL_STATUS')})\n")
    report = run_text(program, "apple", machine=apple)
    assert report.ok, report.error
    assert report.screen[:2] == ["1", f"{expected} 0"]


def test_state_block_is_the_engines(atari):
    turn = atari.address("TURN")
    report = run_text(f"10 POKE {turn},7\n", "atari", machine=atari)
    assert report.ok and atari.peek("TURN") == 7


def test_a_stray_write_names_the_basic_line(apple, atari):
    # LDA #1 : STA $0300 : RTS, put at the top of the engine region where no code is
    spot = apple.target.engine.end - 15
    poke = ":".join(f"POKE {spot + i},{b}" for i, b in enumerate((0xA9, 1, 0x8D, 0, 3, 0x60)))
    with pytest.raises(RunnerFault, match=r"CALL .* at line 20.*StrayWrite|write of \$01 to \$0300"):
        run_text(f"10 {poke}\n20 CALL {spot}\n", "apple", machine=apple)
    spot = atari.target.engine.end - 15
    poke = ":".join(f"POKE {spot + i},{b}" for i, b in enumerate((0x68, 0xA9, 1, 0x8D, 0, 6, 0x60)))
    with pytest.raises(RunnerFault, match=r"USR.* at line 20"):
        run_text(f"10 {poke}\n20 X=USR({spot})\n", "atari", machine=atari)


def test_tokenized_programs_run():
    listing = '10 DIM A$(5):A$="HI":PRINT A$;1/4\n20 GOTO 40\n30 PRINT "NO"\n40 PRINT "END"\n'
    report = run_program(atari_tokens.tokenize(listing), "atari")
    assert report.screen[:2] == ["  HI0.25", "  END"]
    listing = '10 A$="HI":PRINT A$;1/4\n20 GOTO 40\n30 PRINT "NO"\n40 PRINT "END"\n'
    report = run_program(apple_tokens.tokenize(listing), "apple")
    assert report.screen[:2] == ["HI.25", "END"]


def test_kotd_basic_run(tmp_path, dist):
    prog = tmp_path / "game.lst"
    prog.write_text("10 DIM N$(10):INPUT N$\n20 PRINT \"HELLO \";N$\n30 GOTO 99\n")
    keys = tmp_path / "keys.txt"
    keys.write_text("ROMMEL\n")
    (tmp_path / "game.lst.map.json").write_text(
        '{"lines": [{"line": 30, "file": "common/intro.bas", "source_line": 4}]}')
    result = CliRunner().invoke(main, ["basic", "run", str(prog), "--dialect", "atari", "--keys", str(keys),
                                       "--trace", "--target-engine", str(dist)])
    assert result.exit_code == 1
    assert "  HELLO ROMMEL" in result.output
    assert "trace: 10 20 30" in result.output
    assert "ERROR-   12 AT LINE 30 (line not found) (common/intro.bas:4)" in result.output


def test_kotd_basic_run_tokenized_apple(tmp_path):
    prog = tmp_path / "menu.apb"
    prog.write_bytes(apple_tokens.apb_file(apple_tokens.tokenize('10 GET K$:PRINT "KEY ";K$\n20 GOTO 10\n')))
    keys = tmp_path / "keys.txt"
    keys.write_text("AB")
    result = CliRunner().invoke(main, ["basic", "run", str(prog), "--keys", str(keys), "--no-engine"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:2] == ["KEY A", "KEY B"]
    assert "key script ended: waiting for a key (GET at line 10)" in result.output


@pytest.mark.parametrize("target", ["atari", "apple"])
def test_every_built_front_end_runs(model, dist, target):
    """Each BASIC program `kotd build` wrote (dist/<target>/<name>.bas with its line map)
    runs under the runner with the engine to its END, or to the end of its key script
    (port/basic/<name>.<target>.keys or <name>.keys), without a BASIC error."""
    from kotd.basic.runner import load_program_file, read_line_map
    from kotd.build.paths import REPO_ROOT
    programs = sorted(p for p in (dist / target).glob("*.bas") if p.with_suffix(".map.json").exists())
    if not programs:
        pytest.skip("no BASIC program in the build yet")
    for path in programs:
        keys = []
        for candidate in (REPO_ROOT / "port" / "basic" / f"{path.stem}.{target}.keys",
                          REPO_ROOT / "port" / "basic" / f"{path.stem}.keys"):
            if candidate.exists():
                keys = keyscript.load(candidate)
                break
        machine = EngineMachine.from_dist(model, dist, target)
        if target == "apple" and path.stem == "kotd":      # the game: its display code too
            from test_apple_frontend import apple_machine
            machine = apple_machine(model, dist)
        report = run_text(load_program_file(path, target), target, keys=keys, machine=machine,
                          line_map=read_line_map(path.with_suffix(".map.json")), max_statements=2_000_000)
        assert report.ok, f"{path.name}: {report.error}\n" + "\n".join(report.screen)
        assert report.ended in ("END", "end of program") or report.ended.startswith("key script ended"), \
            f"{path.name}: {report.ended}"


def test_program_files_as_the_machines_save_them(tmp_path):
    from kotd.basic.runner import load_program_file
    listing = '10 PRINT "SAVED";2*3\n'
    atari_file = tmp_path / "prog.bas"
    atari_file.write_bytes(atari_tokens.tokenize(listing, direct='SAVE "D:PROG.BAS"'))
    assert run_text(load_program_file(atari_file, "atari"), "atari").screen[0] == "  SAVED6"
    apple_file = tmp_path / "prog.a"
    apple_file.write_bytes(apple_tokens.file_image(apple_tokens.tokenize(listing)))
    assert run_text(load_program_file(apple_file, "apple"), "apple").screen[0] == "SAVED6"
    apb = tmp_path / "prog.apb"
    apb.write_bytes(apple_tokens.apb_file(apple_tokens.tokenize(listing)))
    assert run_text(load_program_file(apb, "apple"), "apple").screen[0] == "SAVED6"
    atb = tmp_path / "prog.atb"
    atb.write_bytes(atari_tokens.tokenize(listing))
    assert run_text(load_program_file(atb, "atari"), "atari").screen[0] == "  SAVED6"
    text_file = tmp_path / "prog.txt"
    text_file.write_text(listing)
    assert load_program_file(text_file, "apple") == listing
