"""The front ends' source format (kotd.basic.source): labels, names, constants, ENGINE, manifests."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kotd.basic import apple, atari
from kotd.basic.dialects import APPLE, ATARI, DIALECTS
from kotd.basic.names import name_is_safe
from kotd.basic.source import SourceError, build_from_files, build_program, line_map, listing, manifest_path
from kotd.build import abi, stateblock
from kotd.build.targets import TARGETS


@pytest.fixture(scope="module")
def constants(model):
    return {name: stateblock.constants(model, TARGETS[name]) for name in DIALECTS}


@pytest.fixture
def build(tmp_path, constants):
    """build(text, dialect) -> Program of one source file; build(text, dialect, error=True) -> messages."""
    def make(text, dialect="atari", error=False, name="prog.bas"):
        path = tmp_path / name
        path.write_text(text)
        d = DIALECTS[dialect]
        if error:
            with pytest.raises(SourceError) as exc:
                build_from_files([path], d, constants[dialect], name="prog")
            return [str(p) for p in exc.value.problems]
        return build_from_files([path], d, constants[dialect], name="prog")
    return make


def texts(program):
    return [ln.text for ln in program.lines]


def test_the_example_program_builds_and_tokenizes_for_both_machines(constants):
    for name, d in DIALECTS.items():
        program = build_program(manifest_path("example"), d, constants[name])
        module = atari if name == "atari" else apple
        assert module.tokenize(program.text())
        call = next(ln for ln in program.lines if ln.source.startswith("distance = ENGINE(HEX_DISTANCE"))
        assert call.origin.file == "port/basic/common/example.bas"
        entry = constants[name]["ENTRY_HEX_DISTANCE"]
        assert str(entry) in call.text
        if name == "atari":
            assert f"USR({entry}," in call.text
        else:
            assert f"CALL {entry}" in call.text and "port/basic/apple/engine.bas" in program.files


def test_labels_become_line_numbers(build):
    program = build("start:\n  PRINT 1\n  GOTO @done\n\n' a comment\ndone:\n  END\n")
    assert texts(program) == ['PRINT 1', 'GOTO 30', 'END']
    assert program.labels == {"start": 10, "done": 30}
    assert [ln.origin.line for ln in program.lines] == [2, 3, 7]


def test_label_problems_name_the_file_and_line(build):
    msgs = build("a:\nPRINT 1\na:\nEND\nGOTO @dne\nGOSUB @aa\nlast:\n", error=True)
    assert any(m.endswith("prog.bas:3: label a is already defined at " + m.split(" at ")[-1]) for m in msgs)
    assert any("prog.bas:5: @dne: no such label" in m for m in msgs)
    assert any("prog.bas:6: @aa: no such label (did you mean @a?)" in m for m in msgs)
    assert any("prog.bas:7: label last has no line after it" in m for m in msgs)


def test_a_line_number_in_a_source_is_refused(build):
    assert any("prog.bas:1: a line number in a source" in m for m in build("10 PRINT 1\n", error=True))
    msgs = build("x:\nGOTO 100\nON k GOTO @x, 20\n", error=True)
    assert any("prog.bas:2: GOTO 100: sources have no line numbers" in m for m in msgs)
    assert any("prog.bas:3: GOTO 20: sources have no line numbers" in m for m in msgs)
    assert texts(build("TRAP 40000\n")) == ["TRAP 40000"]


def test_constants_come_from_the_build_symbol_table_per_target(build, constants):
    src = "POKE {CALL_ARGS+2}, {STATUS_ON_MAP}\n"
    a, b = build(src, "atari"), build(src, "apple")
    c = constants
    assert a.lines[0].text == f"POKE {c['atari']['CALL_ARGS'] + 2},{c['atari']['STATUS_ON_MAP']}"
    assert b.lines[0].text == f"POKE {c['apple']['CALL_ARGS'] + 2},{c['apple']['STATUS_ON_MAP']}"
    assert c["atari"]["CALL_ARGS"] != c["apple"]["CALL_ARGS"]
    assert "SIDE_ALLIED" in c["atari"] and "ABI_VERSION" in c["atari"]


def test_unknown_constants_are_refused_with_a_suggestion(build):
    msgs = build("POKE {CALL_STATU}, 1\nDATA {NOPE}\nPOKE {CALL_ARGS*2},1\n", error=True)
    assert any("prog.bas:1: {CALL_STATU}: no such constant" in m and "CALL_STATUS" in m for m in msgs)
    assert any("prog.bas:2: {NOPE}: no such constant" in m for m in msgs)
    assert any("prog.bas:3:" in m and "a constant is {NAME}" in m for m in msgs)


def test_constants_in_data_and_comments_out(build, constants):
    program = build("DATA {SIDE_ALLIED},2 ' the allies\nPRINT \"IT'S\" ' a comment\nREM kept\n")
    assert texts(program) == [f"DATA {constants['atari']['SIDE_ALLIED']},2", 'PRINT"IT\'S"', "REM kept"]


def test_data_takes_the_rest_of_its_line(build):
    assert any("prog.bas:1: DATA takes the rest of its line" in m for m in build("DATA 1,2 : PRINT x\n", error=True))
    assert texts(build('DATA "A:B",2\n')) == ['DATA "A:B",2']


def test_keywords_of_the_other_machine_are_refused(build):
    assert any("prog.bas:1: HOME: not a keyword of Atari BASIC" in m for m in build("HOME\n", error=True))
    assert any("prog.bas:1: GRAPHICS: not a keyword of Applesoft" in m
               for m in build("GRAPHICS 0\n", "apple", error=True))
    assert any("PRNT: not a keyword of Atari BASIC (did you mean PRINT?)" in m for m in build("PRNT 1\n", error=True))
    assert texts(build("HCOLOR= 3 : HPLOT 1,2 : PRINT TAB(3);SCRN(1,2)\n", "apple")) == \
        ["HCOLOR=3:HPLOT 1,2:PRINT TAB(3);SCRN(1,2)"]


def test_names_are_lower_case_and_atari_has_no_integers(build):
    assert any("prog.bas:1: Distance: keywords are upper case, names lower case" in m
               for m in build("Distance = 1\n", error=True))
    assert any("count%: Atari BASIC has no integer (%) variables" in m for m in build("count% = 1\n", error=True))
    assert texts(build("count% = 1\n", "apple")) == ["C%=1"]


def test_long_names_map_to_short_names_the_dialect_keeps_apart(build):
    src = "".join(f"{n} = 1\n" for n in ("distance", "direction", "total", "score", "to_col", "at_hex"))
    src += "name$ = \"A\" : name(1) = 2 : PRINT distance, name$, name(1)\n"
    for dialect in ("atari", "apple"):
        program = build(src if dialect == "apple" else src.replace("name$ = \"A\" : ", "DIM name$(4), name(2) : name$ = \"A\" : "), dialect)
        shorts = {long: short for short, long in program.names.items()}
        scalars = [shorts[n] for n in ("distance", "direction", "total", "score", "to_col", "at_hex")]
        assert len(set(s[:2] for s in scalars)) == len(scalars)
        assert all(len(s) <= 2 for s in scalars)
        if dialect == "apple":
            assert all(name_is_safe(s, APPLE) for s in scalars)
            assert shorts["name$"].endswith("$") and shorts["name("].endswith("(")
        module = atari if dialect == "atari" else apple
        listed = module.detokenize(module.tokenize(program.text()))
        assert listed.count("\n") == len(program.lines)


def test_unsafe_applesoft_names_are_never_given():
    assert not name_is_safe("T", APPLE)        # T OR reads TO R
    assert not name_is_safe("A", APPLE)        # A T... reads AT
    assert not name_is_safe("OR", APPLE)
    assert name_is_safe("T1", APPLE) and name_is_safe("D", APPLE) and name_is_safe("T", ATARI)


def test_two_hundred_names_each_get_their_own(build):
    src = "".join(f"value_{i} = {i}\n" for i in range(200))
    program = build(src, "apple")
    assert len(set(program.names)) == 200


def test_engine_expands_per_dialect(build, constants):
    src = "d = ENGINE(HEX_DISTANCE, 1, 2, c + 1, 4)\nIF d > 3 THEN ENGINE(RNG_SEED, d)\n"
    a = build(src, "atari")
    dist, seed = constants["atari"]["ENTRY_HEX_DISTANCE"], constants["atari"]["ENTRY_RNG_SEED"]
    assert a.lines[0].text == f"D=USR({dist},1,2,C+1,4)"
    assert a.lines[1].text == f"IF D>3 THEN E=USR({seed},D)"
    b = build(src + "engine_call:\nRETURN\n", "apple")
    c = constants["apple"]
    dist, seed = c["ENTRY_HEX_DISTANCE"], c["ENTRY_RNG_SEED"]
    # HEX_DISTANCE takes bytes: POKEd and CALLed, the call block's addresses named
    # (source.APPLE_CALL_NAMES); RNG_SEED a word: through @engine_call.
    n = {long: short for short, long in b.names.items()}
    a1, a2, a3, a4, ac, r, rh = (n[x] for x in ("call_arg1", "call_arg2", "call_arg3", "call_arg4", "call_argc",
                                                "call_result", "call_result_hi"))
    assert b.lines[0].text == (f"POKE {a1},1:POKE {a2},2:POKE {a3},{n['c']}+1:POKE {a4},4:POKE {ac},4:"
                               f"CALL {dist}:D=PEEK({r})+256*PEEK({rh})")
    second = b.lines[1].text
    arg = second[len("IF D>3 THEN "):].split("(", 1)[0]
    assert second.startswith(f"IF D>3 THEN {arg}(1)=D:") and second.endswith(f"={seed}:GOSUB 30")
    assert b.names[arg + "("] == "engine_arg("


def test_engine_problems(build):
    msgs = build("x = ENGINE(HEX_DISTANCE, 1, 2)\nENGINE(HEX_DISTANSE, 1)\nPRINT ENGINE(ENGINE_INFO)\n"
                 "x$ = ENGINE(ENGINE_INFO)\nx = ENGINE(RNG_SEED, ENGINE(ENGINE_INFO))\nx = ENGINE(ENGINE_INFO) + 1\n",
                 error=True)
    assert any("prog.bas:1: ENGINE(HEX_DISTANCE) takes 4 argument(s) (col1, row1, col2, row2), 2 given" in m
               for m in msgs)
    assert any("prog.bas:2: ENGINE(HEX_DISTANSE): no such engine entry (did you mean HEX_DISTANCE?)" in m for m in msgs)
    assert any("prog.bas:3: ENGINE(...) must be a statement of its own" in m for m in msgs)
    assert any("prog.bas:4: ENGINE(...) gives a number" in m for m in msgs)
    assert any("prog.bas:5: ENGINE(...) inside the arguments" in m for m in msgs)
    assert any("prog.bas:6: ENGINE(...) must end its statement" in m for m in msgs)
    assert all(len(e.args) <= stateblock.MAX_ARGS <= APPLE.undimmed_array_size for e in abi.ENTRIES)


def test_engine_on_the_apple_needs_the_call_routine(build):
    msgs = build("x = ENGINE(NEW_GAME, 1, 2, 3, 4, 5)\n", "apple", error=True)     # word arguments
    assert any("prog.bas:1: @engine_call: no such label (ENGINE on the Apple needs apple/engine.bas" in m for m in msgs)


def test_manifest_targets_and_missing_files(tmp_path, constants):
    for folder in ("common", "atari", "apple"):
        (tmp_path / folder).mkdir()
    (tmp_path / "common" / "main.bas").write_text("GOSUB @hello\nEND\n")
    (tmp_path / "atari" / "hello.bas").write_text("hello:\nPRINT \"ATARI\"\nRETURN\n")
    (tmp_path / "apple" / "hello.bas").write_text("hello:\nHOME\nRETURN\n")
    (tmp_path / "apple" / "only.bas").write_text("REM APPLE ONLY\n")
    (tmp_path / "p.prog").write_text("# a test\ncommon/main.bas\n{target}/hello.bas\napple: apple/only.bas\n")
    a = build_program(tmp_path / "p.prog", ATARI, constants["atari"])
    b = build_program(tmp_path / "p.prog", APPLE, constants["apple"])
    assert texts(a) == ["GOSUB 30", "END", 'PRINT"ATARI"', "RETURN"]
    assert texts(b) == ["GOSUB 30", "END", "HOME", "RETURN", "REM APPLE ONLY"]
    (tmp_path / "q.prog").write_text("common/main.bas\n{target}/missing.bas\nc64: x.bas\n")
    with pytest.raises(SourceError) as exc:
        build_program(tmp_path / "q.prog", ATARI, constants["atari"])
    msgs = [str(p) for p in exc.value.problems]
    assert any(m.endswith("q.prog:2: " + str(tmp_path / "atari" / "missing.bas") + ": no such source file")
               for m in msgs)
    assert any("q.prog:3: c64: not a dialect" in m for m in msgs)


def test_listing_and_line_map(constants):
    program = build_program(manifest_path("example"), ATARI, constants["atari"])
    text = listing(program, "GENERATED")
    first = program.lines[0]
    assert f"{first.number:>7}  {first.origin}" in text
    assert "abi_version" in text and "check_engine_status" in text
    data = json.loads(json.dumps(line_map(program)))
    assert data["lines"][0] == {"line": first.number, "file": first.origin.file, "source_line": first.origin.line}
    assert data["names"] == program.names


PIECES = ("to", "or", "at", "fn", "n", "t", "a", "f", "score", "total", "not", "on", "if", "end", "x", "e")


@settings(max_examples=15)
@given(st.lists(st.lists(st.sampled_from(PIECES), min_size=1, max_size=3).map("_".join),
                min_size=2, max_size=12, unique=True))
def test_any_names_come_out_as_names_the_interpreters_read_back(tmp_path_factory, constants, long_names):
    """Names built from keyword fragments, next to every operator keyword: the Applesoft
    tokenizer stores the keywords as written, and Atari BASIC's takes every line."""
    from kotd.basic.check import check_program
    lines = [f"{n} = {i}" for i, n in enumerate(long_names)]
    for a, b in zip(long_names, long_names[1:] + long_names[:1]):
        lines += [f"IF {a} OR {b} AND NOT {a} THEN PRINT {a};{b}",
                  f"FOR {a} = {b} TO {b} + 1 STEP 1 : NEXT {a}",
                  f"{a} = {b} * ATN({a}) - INT({b})"]
    path = tmp_path_factory.mktemp("names") / "names.bas"
    path.write_text("\n".join(lines) + "\n")
    for name, d in DIALECTS.items():
        program = build_from_files([path], d, constants[name], name="names")
        assert check_program(program, constants[name]) == []


def test_engine_on_the_apple_with_byte_arguments_pokes_them_and_calls(build, constants):
    """An entry whose arguments are all bytes (source.BYTE_ARGUMENTS) is called with a POKE
    of each low byte (the engine leaves the high bytes 0 on every return:
    emu_tests/test_abi_apple_args.py), the count, and CALL; its result read from CALL_RESULT."""
    b = build("distance = ENGINE(HEX_NEIGHBOUR, 3, 4, 5)\nEND\n", "apple")
    c = constants["apple"]
    n = {long: short for short, long in b.names.items()}
    assert texts(b)[0] == (f"POKE {n['call_arg1']},3:POKE {n['call_arg2']},4:POKE {n['call_arg3']},5:"
                           f"POKE {n['call_argc']},3:CALL {c['ENTRY_HEX_NEIGHBOUR']}:"
                           f"{n['distance']}=PEEK({n['call_result']})+256*PEEK({n['call_result_hi']})")


def test_the_apple_programs_set_the_call_block_names_first(constants):
    """The names of the call block's addresses (source.APPLE_CALL_NAMES) are set on the
    programs' first lines that run, to the call block's addresses."""
    from kotd.basic.source import APPLE_CALL_NAMES
    for prog, first in (("kotd", "apple/board.bas"), ("example", "apple/screen.bas")):
        program = build_program(manifest_path(prog), APPLE, constants["apple"])
        n = {long: short for short, long in program.names.items()}
        line = next(ln.text for ln in program.lines if ln.origin.file.endswith(first) and "=" in ln.text)
        for const, long in APPLE_CALL_NAMES.items():
            name, _, plus = const.strip("{}").partition("+")
            assert f"{n[long]}={constants['apple'][name] + int(plus or 0)}" in line.split(":"), (prog, long)
